import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, OTHER_PLAYER, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import type { SeatRef } from './model.ts';
import { mapCells, surpriseHexes } from './plot.ts';
import { beforeDiceFields, FleetChips } from './SpaceOrders.tsx';
import { ANA, ambush, BO, REFEREE, Recording, spacePanel, viewFor } from './test-kit.tsx';

/** Posture, surprise placement, fleet chips and ground fire at the table, and what each seat sees. */

/** Ana's navigator misses; nobody found the pirate: his side has surprise. */
function surprised(): RhylanorState {
  const missed = play(ambush(), { type: 'space.detect', ship: 's1', target: 's2' }, [1, 2], PLAYER).state;
  return play(missed, { type: 'space.detection.resolve' }).state;
}

describe('before the battle', () => {
  it('a commander may set his ship quiet or active during detection', () => {
    const html = spacePanel(ambush(), ANA, PLAYER);
    expect(html).toMatch(/Rhylanor Express: (run quiet|go active)/);
    expect(html).not.toContain('Black Lantern');
  });

  it('the side with surprise places its ship on lit hexes 6 to 30 from the enemy; the other side sees nothing of it', () => {
    const s = surprised();
    const bo = viewFor(s, OTHER_PLAYER);
    const lantern = bo.space.ships.s2;
    if (!lantern) throw new Error('Bo sees his own ship');
    const legal = surpriseHexes(bo.space, lantern, mapCells(bo.space, 16));
    const has = (q: number, r: number) => legal.some((h) => h.q === q && h.r === r);
    // The ruleset takes (−10, 0) and refuses (−18, 0) for this ship (its own detection test).
    expect(has(-10, 0)).toBe(true);
    expect(has(-18, 0)).toBe(false);
    expect(spacePanel(s, BO, OTHER_PLAYER)).toContain('Surprise placement of Black Lantern');
    const ana = spacePanel(s, ANA, PLAYER);
    expect(ana).not.toContain('Black Lantern');
    expect(ana).not.toContain('Surprise placement');
  });
});

describe('fleet chips and pool points before the dice', () => {
  it('send nothing when nothing is put on the roll, and the chip and points when they are', () => {
    expect(beforeDiceFields({ chip: 0, pool: 0 })).toEqual({});
    expect(beforeDiceFields({ chip: -1, pool: 2 })).toEqual({ chip: -1, pool: 2 });
  });

  it('a player sees and guards with his own side’s chips only; the referee both sides’', () => {
    const s = ambush();
    const chips = (seat: SeatRef, raw: Seat) => {
      const view = viewFor(s, raw);
      const ships = view.space.order.flatMap((id) => (view.space.ships[id] ? [view.space.ships[id]] : []));
      return renderToStaticMarkup(
        <Recording>
          <FleetChips space={view.space} ships={ships} seat={seat} />
        </Recording>,
      );
    };
    const ana = chips(ANA, PLAYER);
    expect(ana).toContain('data-testid="chips-a"');
    expect(ana).not.toContain('data-testid="chips-b"');
    const gm = chips(REFEREE, GM_SEAT);
    expect(gm).toContain('data-testid="chips-a"');
    expect(gm).toContain('data-testid="chips-b"');
  });
});

describe('ground fire', () => {
  it('the referee has hits from the ground on any ship in the battle', () => {
    expect(spacePanel(ambush(), REFEREE, GM_SEAT)).toContain('Ground fire hits');
    expect(spacePanel(ambush(), ANA, PLAYER)).not.toContain('Ground fire hits');
  });
});
