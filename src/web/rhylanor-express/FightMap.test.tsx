import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { FightMap } from './FightMap.tsx';
import { fightState, viewFor } from './test-kit.tsx';

/** The firefight on the shared board: figures in metres, range rings, the move's reach, unseen enemies. */

function radii(html: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const m of html.matchAll(/<circle class="re-range re-range-(\w+)"[^>]* r="([\d.]+)"/g))
    out[m[1] as string] = Number(m[2]);
  return out;
}

function draw(state = fightState(), withPlan = true) {
  const view = viewFor(state, PLAYER);
  const combat = view.combat;
  if (!combat) throw new Error('no fight');
  const rifle = view.pack.weapons.find((w) => w.id === 'rifle') ?? null;
  return renderToStaticMarkup(
    <FightMap
      combat={combat}
      names={(id) => view.characters[id]?.name ?? id}
      chosen="c1"
      weapon={rifle}
      plan={withPlan ? { id: 'c1', option: 'walk', to: { x: 6, y: 3 } } : null}
      onPlan={() => {}}
      onChoose={() => {}}
    />,
  );
}

describe('the fight map', () => {
  it('draws both figures, the rifle’s three bands as rings and the distance and band to the enemy', () => {
    const html = draw();
    expect(html).toContain('data-combatant="c1"');
    expect(html).toContain('data-combatant="c2"');
    const scale = Number(/One square is ([\d.]+) m/.exec(html)?.[1]);
    expect(scale).toBeGreaterThan(0);
    const r = radii(html);
    expect(r.effective).toBeCloseTo(100 / scale, 5);
    expect(r.long).toBeCloseTo(300 / scale, 5);
    expect(r.extreme).toBeCloseTo(600 / scale, 5);
    expect(html).toContain('60 m · effective');
  });

  it('rings the walk’s 18 m and marks the planned spot with its metres', () => {
    const html = draw();
    const scale = Number(/One square is ([\d.]+) m/.exec(html)?.[1]);
    const ring = /class="re-move-ring"[^>]* r="([\d.]+)"/.exec(html);
    expect(Number(ring?.[1])).toBeCloseTo(18 / scale, 5);
    expect(html).toContain('data-metres="6,3"');
    expect(draw(undefined, false)).not.toContain('re-move-ring');
  });

  it('leaves out an enemy the player has not found: no figure, no line, no distance', () => {
    const hidden = play(fightState(), { type: 'combat.place', characterId: 'c2', concealed: true }).state;
    const html = draw(hidden);
    expect(html).toContain('data-combatant="c1"');
    expect(html).not.toContain('data-combatant="c2"');
    expect(html).not.toContain('60 m');
  });
});
