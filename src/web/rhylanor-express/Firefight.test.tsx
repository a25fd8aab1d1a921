import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { GM_SEAT, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { Firefight } from './Firefight.tsx';
import type { SeatRef } from './model.ts';
import { ANA, fightState, REFEREE, Recording, viewFor } from './test-kit.tsx';

function fight(seat: SeatRef, raw: Seat, state = fightState()): string {
  return renderToStaticMarkup(
    <Recording>
      <Firefight view={viewFor(state, raw)} seat={seat} />
    </Recording>,
  );
}

describe('the firefight panel', () => {
  it('shows the acting player the map and his character’s move on it', () => {
    const html = fight(ANA, PLAYER);
    expect(html).toContain('re-fight-map');
    expect(html).toContain('aria-label="Actions of Sgt. Dara Okonkwo"');
    expect(html).toContain('data-testid="move-marker"');
    expect(html).not.toContain('Cover and concealment');
  });

  it('gives the referee cover and concealment for each character in the fight', () => {
    const html = fight(REFEREE, GM_SEAT);
    expect(html).toContain('Referee: cover and concealment');
    expect(html).toContain('name="concealed"');
  });

  it('shows every seat the cover on the map; only the referee places and removes it', () => {
    const s = play(fightState(), {
      type: 'combat.coverPlace',
      x: 60,
      y: 0,
      radius: 3,
      cover: 2,
      name: 'crates',
    }).state;
    const gm = fight(REFEREE, GM_SEAT, s);
    expect(gm).toContain('aria-label="Place cover"');
    expect(gm).toContain('data-cover-area="1"');
    expect(gm).toContain('>Remove</button>');
    const ana = fight(ANA, PLAYER, s);
    expect(ana).toContain('crates: cover −2, 3 m around 60, 0 m');
    expect(ana).not.toContain('Place cover');
    expect(ana).not.toContain('>Remove</button>');
    // Drawn on the board, and the guard standing in it shows its cover in the table.
    expect(ana).toContain('data-cover="1"');
    expect(ana).toMatch(/data-combatant="c2"[\s\S]*?<td>−2/);
    // With no cover placed a player sees no empty list.
    expect(fight(ANA, PLAYER)).not.toContain('Cover on the map');
  });
});
