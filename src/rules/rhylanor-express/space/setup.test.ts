import { describe, expect, it } from 'vitest';
import { hexDistance } from '../../../engine/board/hex-grid.ts';
import { initialSpace, type Ship } from './model.ts';
import { GM, PLAYER_A, PLAYER_B, play, refusal, shipNamed } from './test-kit.ts';

describe('set-up (§6.3) and tactics pools (§6.4)', () => {
  const loaded = play(initialSpace(), { type: 'space.scenario.load', scenario: 'Standard meeting' }).state;

  it('the standard meeting starts the squadrons 30 hexes apart, each ship 4 hexes toward the enemy', () => {
    const express = shipNamed(loaded, 'Rhylanor Express');
    const lantern = shipNamed(loaded, 'Black Lantern');
    expect(hexDistance(express.at!, lantern.at!)).toBe(30);
    expect(express.vel).toEqual({ q: 4, r: 0 });
    expect(lantern.vel).toEqual({ q: -4, r: 0 });
    for (const a of Object.values(loaded.ships).filter((s) => s.side === 'a'))
      for (const b of Object.values(loaded.ships).filter((s) => s.side === 'b'))
        expect(hexDistance(a.at!, b.at!)).toBeGreaterThanOrEqual(29);
  });

  it('ships carry their design: hull points 1 per 50 t × armour, class by jump drive and tonnage', () => {
    expect(shipNamed(loaded, 'Rhylanor Express')).toMatchObject({ hullPointsMax: 8, shipClass: 'starship' });
    expect(shipNamed(loaded, 'Far Wanderer')).toMatchObject({ hullPointsMax: 2, tons: 100 });
    expect(shipNamed(loaded, 'Stolen Luck').hullPointsMax).toBe(4);
  });

  it('the higher score (ships + commander Space Tactics) chooses; pools are set when roles are chosen', () => {
    const { state, events } = play(loaded, { type: 'space.initiative' });
    // 2 ships + Space Tactics 1 against 2 ships + Space Tactics 2.
    expect(events[0]).toMatchObject({
      type: 'space.initiative.rolled',
      scores: { a: 3, b: 4 },
      chooser: 'b',
    });
    expect(refusal(state, { type: 'space.roles', intruder: 'a' }, PLAYER_A)).toBe('SPACE_NOT_CHOOSER');
    const after = play(state, { type: 'space.roles', intruder: 'a' }).state;
    expect(after.phase).toBe('movement');
    expect(after.intruder).toBe('a');
    expect(after.turnSide).toBe('a');
    // Fleet chips: Space Tactics + Int DM: Vashti 1 + 1, the corsair captain 2 + 1.
    expect(after.sides.a.chips).toBe(2);
    expect(after.sides.b.chips).toBe(3);
    // Ship pool: each person once (Vashti holds three posts).
    expect(shipNamed(after, 'Rhylanor Express').pool).toBe(1);
    expect(shipNamed(after, 'Black Lantern').pool).toBe(2);
    expect(shipNamed(after, 'Stolen Luck').pool).toBe(0);
  });

  it('a tied score goes to a 2d6 roll-off, rerolled on a tie', () => {
    let s = play(initialSpace(), {
      type: 'space.ship.add',
      design: 'Free trader',
      name: 'One',
      side: 'a',
      at: { q: 0, r: 0 },
    }).state;
    s = play(s, {
      type: 'space.ship.add',
      design: 'Free trader',
      name: 'Two',
      side: 'b',
      at: { q: 9, r: 0 },
    }).state;
    const { events, state } = play(s, { type: 'space.initiative' }, [3, 4, 5, 2, 6, 6, 1, 1]);
    expect(events[0]).toMatchObject({ scores: { a: 1, b: 1 }, chooser: 'a' });
    expect((events[0] as unknown as { rollOffs: unknown[] }).rollOffs).toHaveLength(2);
    expect(state.phase).toBe('roles');
  });

  it('set-up commands are the referee’s and stop once the battle runs', () => {
    expect(refusal(loaded, { type: 'space.scenario.load', scenario: 'Nope' })).toBe('SPACE_SCENARIO_UNKNOWN');
    expect(refusal(loaded, { type: 'space.ship.add', design: 'Dreadnought', name: 'X', side: 'a' })).toBe(
      'SPACE_DESIGN_UNKNOWN',
    );
    const running = play(play(loaded, { type: 'space.initiative' }).state, {
      type: 'space.roles',
      intruder: 'b',
    }).state;
    expect(refusal(running, { type: 'space.ship.add', design: 'Fighter', name: 'X', side: 'a' })).toBe(
      'SPACE_BATTLE_STARTED',
    );
    expect(refusal(running, { type: 'space.world.add', world: 'Rhylanor', at: { q: 0, r: 0 } })).toBe(
      'SPACE_BATTLE_STARTED',
    );
  });

  it('the gravity-well scenario puts a world on the map and the ships where it says', () => {
    const s = play(initialSpace(), { type: 'space.scenario.load', scenario: 'Gravity well' }).state;
    expect(s.worlds).toEqual([{ name: 'Rhylanor', at: { q: 0, r: 0 } }]);
    expect(shipNamed(s, 'Black Lantern').at).toEqual({ q: 12, r: -1 });
  });

  it('the referee hands ships to players', () => {
    const s = play(loaded, { type: 'space.ship.control', ship: 's1', seatId: PLAYER_A.seatId }).state;
    expect((s.ships.s1 as Ship).controller).toBe('pa');
    expect(refusal(s, { type: 'space.posture', ship: 's3', quiet: true }, PLAYER_B)).toBe(
      'SPACE_NOT_YOUR_SHIP',
    );
    expect(GM.role).toBe('gm');
  });
});
