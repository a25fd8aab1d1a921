import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { throughLayers, wallAreaRemoved } from './armour.ts';

const layer = fc.record({
  dc: fc.integer({ min: 0, max: 400 }),
  resilience: fc.integer({ min: 0, max: 40 }),
});

describe('armour layers (§9.1)', () => {
  it('worked example: 20 against a sword (R 5, DC 150) → DC 135, nothing through', () => {
    const r = throughLayers(20, [{ dc: 150, resilience: 5 }]);
    expect(r.steps[0]).toMatchObject({ outcome: 'dented', dcAfter: 135 });
    expect(r.passed).toBe(0);
  });
  it('worked example: 20 against crisps (R 1, DC 5) → destroyed, 14 through', () => {
    const r = throughLayers(20, [{ dc: 5, resilience: 1 }]);
    expect(r.steps[0]).toMatchObject({ outcome: 'destroyed', dcAfter: 0 });
    expect(r.passed).toBe(14);
  });
  it('a blow under Resilience bounces and leaves the layer as it was', () => {
    expect(
      throughLayers(4, [
        { dc: 10, resilience: 5 },
        { dc: 1, resilience: 0 },
      ]).steps.map((s) => s.outcome),
    ).toEqual(['bounced', 'skipped']);
  });
  it('walls: a 100-point bomb on a 10 DC/m² wall removes 10 m²', () => {
    expect(wallAreaRemoved(100, 0, 10)).toBe(10);
  });

  it('property: what is absorbed plus what passes never exceeds the blow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.array(layer, { maxLength: 5 }), (damage, layers) => {
        const r = throughLayers(damage, layers);
        const absorbed = r.steps.reduce((sum, s) => sum + (s.dcBefore - s.dcAfter), 0);
        expect(absorbed + r.passed).toBeLessThanOrEqual(damage);
        expect(r.passed).toBeGreaterThanOrEqual(0);
      }),
    );
  });
  it('property: a layer left with DC stops the whole blow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2000 }), fc.array(layer, { maxLength: 5 }), (damage, layers) => {
        const r = throughLayers(damage, layers);
        const stopper = r.steps.findIndex((s) => s.outcome === 'bounced' || s.outcome === 'dented');
        if (stopper >= 0) {
          expect(r.passed).toBe(0);
          expect(r.steps[stopper]?.dcAfter).toBeGreaterThan(0);
          for (const s of r.steps.slice(stopper + 1)) expect(s.dcAfter).toBe(s.dcBefore);
        }
      }),
    );
  });
  it('property: destroyed layers stay destroyed under further blows', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 500 }), { maxLength: 6 }),
        fc.array(layer, { maxLength: 4 }),
        (blows, start) => {
          let layers = start;
          const dead = new Set<number>();
          for (const blow of blows) {
            const r = throughLayers(blow, layers);
            layers = layers.map((l, i) => ({ ...l, dc: r.steps[i]?.dcAfter ?? l.dc }));
            layers.forEach((l, i) => {
              if (dead.has(i)) expect(l.dc).toBe(0);
              if (l.dc === 0) dead.add(i);
              expect(l.dc).toBeLessThanOrEqual(start[i]?.dc ?? 0);
            });
          }
        },
      ),
    );
  });
});
