import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../../engine/dice/source.ts';
import { activateThreat } from './activate.ts';
import type { ThreatDecision } from './decision.ts';
import { beginPack, planThreatPhase } from './order.ts';
import { FakeWorld } from './test-world.ts';
import type { Facing } from './world.ts';

/**
 * Random small worlds (two tiles side by side joined by a door, a few FULL squares, up to 3
 * Teamers and 4 Threats of the default species): the AI is a pure function of world and dice.
 */
const facing = fc.integer({ min: 0, max: 7 }) as fc.Arbitrary<Facing>;
const worldArb = fc.record({
  squares: fc.uniqueArray(fc.integer({ min: 0, max: 49 }), { minLength: 2, maxLength: 12 }),
  teamers: fc.array(fc.record({ facing, you: fc.boolean(), heavy: fc.boolean() }), {
    minLength: 0,
    maxLength: 3,
  }),
  threats: fc.array(
    fc.record({
      facing,
      species: fc.constantFrom('harpy', 'skitter', 'scavenger'),
      wounded: fc.boolean(),
      waiting: fc.boolean(),
      carrying: fc.boolean(),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  doorRow: fc.integer({ min: 0, max: 4 }),
  doorOpen: fc.boolean(),
  damage: fc.integer({ min: 0, max: 19 }),
  shortCut: fc.boolean(),
  source: fc.option(fc.integer({ min: 0, max: 1 }), { nil: null }),
  switches: fc.record({
    batterRent3d6: fc.boolean(),
    batterTogether: fc.boolean(),
    weakSpots: fc.boolean(),
    everyShortCutFinds: fc.boolean(),
    ductsOnFourPlus: fc.boolean(),
    intellectControlled: fc.boolean(),
  }),
});

type WorldSpec = typeof worldArb extends fc.Arbitrary<infer T> ? T : never;

function build(spec: WorldSpec): FakeWorld {
  const w = new FakeWorld(10, 5);
  w.wallColumn(5, 0, 4);
  const door = w.door('d', 4, spec.doorRow, 5, spec.doorRow, { open: spec.doorOpen, damage: spec.damage });
  if (spec.shortCut) door.shortCuts = [0];
  w.sourceTile = spec.source;
  w.switches = spec.switches;
  // Squares 0..49 of the 10×5 grid: the first ones hold Teamers, then Threats, the rest are FULL.
  const at = spec.squares.map((s) => w.xy(s));
  let k = 0;
  spec.teamers.forEach((t, i) => {
    const sq = at[k++];
    if (sq) w.addTeamer(`T${i}`, sq[0], sq[1], t.facing, { you: t.you, heavyWeapon: t.heavy });
  });
  spec.threats.forEach((t, i) => {
    const sq = at[k++];
    if (sq)
      w.addThreat(`X${i}`, sq[0], sq[1], t.facing, {
        species: t.species,
        wounded: t.wounded,
        waiting: t.waiting,
        carrying: t.carrying && t.species === 'harpy' ? 'T9' : null,
      });
  });
  for (; k < at.length; k++) {
    const sq = at[k];
    if (sq) w.full.add(w.sq(sq[0], sq[1]));
  }
  return w;
}

const snapshot = (w: FakeWorld) => JSON.stringify([w.threats, w.teamers, w.doors, [...w.full]]);

function checkInvariants(w: FakeWorld, d: ThreatDecision): void {
  const me = w.threats.find((t) => t.id === d.threat);
  if (!me) throw new Error('no threat');
  let at = me.square;
  for (const a of d.actions) {
    if (a.kind === 'move' || a.kind === 'drag') {
      for (const sq of a.path) expect(w.full.has(sq)).toBe(false);
      at = a.path.at(-1) ?? at;
      expect(w.threats.some((t) => t.id !== me.id && t.square === at)).toBe(false);
    }
    if (a.kind === 'findShortCut' || a.kind === 'crossShortCut') at = a.to;
    if (a.kind === 'grapple') {
      const foe = w.teamers.find((t) => t.id === a.teamer);
      expect(foe && w.contact(at, foe.square)).toBe(true);
    }
  }
  if (d.reaction) expect(d.reaction.row).toBe(Math.max(1, Math.min(6, d.reaction.total)));
}

describe('determinism (property)', () => {
  it('same world and same dice give the same decisions; the recorded faces replay them; the world is untouched', () => {
    fc.assert(
      fc.property(worldArb, fc.integer(), (spec, seed) => {
        const w = build(spec);
        const before = snapshot(w);
        const plan = planThreatPhase(w, new SeededDice(seed));
        expect(planThreatPhase(w, new SeededDice(seed))).toEqual(plan);
        const listed = plan.units.flatMap((u) => (u.kind === 'threat' ? [u.threat] : u.members));
        expect([...listed].sort()).toEqual(
          w.threats
            .filter((t) => !t.acted)
            .map((t) => t.id)
            .sort(),
        );
        for (const unit of plan.units) {
          const pack = unit.kind === 'pack' ? beginPack(w, unit.members, new SeededDice(seed)) : undefined;
          for (const id of pack ? pack.members : [unit.kind === 'threat' ? unit.threat : '']) {
            const a = activateThreat(w, id, new SeededDice(seed), { pack });
            const b = activateThreat(w, id, new SeededDice(seed), { pack });
            expect(b).toEqual(a);
            const script = new ScriptedDice(a.dice.map((f) => f.face));
            expect(activateThreat(w, id, script, { pack })).toEqual(a);
            expect(script.remaining).toBe(0);
            checkInvariants(w, a);
          }
        }
        expect(snapshot(w)).toBe(before);
      }),
      { numRuns: 120 },
    );
  });
});
