import { describe, expect, it } from 'vitest';
import type { Ship, SpaceState } from './model.ts';
import { duel, GM, PLAYER_A, PLAYER_B, person, play, refusal } from './test-kit.ts';

const pilot = person('Ace', { Pilot: 2, Gunnery: 1 });
const start = () =>
  duel(
    [{ design: 'Corsair', at: { q: 0, r: 0 }, vel: { q: 2, r: 0 }, crew: pilot }],
    [{ design: 'Free trader', at: { q: 10, r: 0 }, vel: { q: -1, r: 0 } }],
  );
const phaseOf = (s: SpaceState) => `${s.turn}:${s.turnSide}:${s.phase}`;

describe('turn sequence (§6.5): Intruder player turn, then Native', () => {
  it('runs movement, laser fire, return fire, ordnance for each side, then the next turn', () => {
    let s = start();
    const seen = [phaseOf(s)];
    for (let i = 0; i < 8; i++) {
      s = play(s, { type: 'space.phase.end' }).state;
      seen.push(phaseOf(s));
    }
    expect(seen).toEqual([
      '1:a:movement',
      '1:a:laser',
      '1:a:return',
      '1:a:ordnance',
      '1:b:movement',
      '1:b:laser',
      '1:b:return',
      '1:b:ordnance',
      '2:a:movement',
    ]);
    expect(s.playerTurn).toBe(2);
  });

  it('only the acting side ends a phase; in return fire the other side acts', () => {
    const s = start();
    expect(refusal(s, { type: 'space.phase.end' }, PLAYER_B)).toBe('SPACE_NOT_YOUR_TURN');
    const laser = play(s, { type: 'space.phase.end' }, [], PLAYER_A).state;
    const ret = play(laser, { type: 'space.phase.end' }, [], PLAYER_A).state;
    expect(ret.phase).toBe('return');
    expect(refusal(ret, { type: 'space.phase.end' }, PLAYER_A)).toBe('SPACE_NOT_YOUR_TURN');
    expect(play(ret, { type: 'space.phase.end' }, [], PLAYER_B).state.phase).toBe('ordnance');
  });
});

describe('movement through the rules (§6.6)', () => {
  it('a move jumps to the future marker, keeps past, adds thrust', () => {
    const { state, events } = play(
      start(),
      { type: 'space.move', ship: 's1', thrust: { q: 1, r: -1 } },
      [],
      PLAYER_A,
    );
    const ship = state.ships.s1 as Ship;
    expect(ship.past).toEqual({ q: 0, r: 0 });
    expect(ship.at).toEqual({ q: 2, r: 0 });
    expect(ship.vel).toEqual({ q: 3, r: -1 });
    expect(events[0]).toMatchObject({ type: 'space.ship.moved', thrust: { q: 1, r: -1 } });
  });

  it('thrust above the drive, a second move, moving out of phase or the other side’s ship: refused, nothing changed', () => {
    const s = start();
    // The Corsair is rated 3 G.
    expect(refusal(s, { type: 'space.move', ship: 's1', thrust: { q: 4, r: 0 } }, PLAYER_A)).toBe(
      'SPACE_THRUST_TOO_HIGH',
    );
    expect(refusal(s, { type: 'space.move', ship: 's1', thrust: { q: 2, r: 2 } }, PLAYER_A)).toBe(
      'SPACE_THRUST_TOO_HIGH',
    );
    expect(
      play(s, { type: 'space.move', ship: 's1', thrust: { q: 3, r: -3 } }, [], PLAYER_A).state.ships.s1?.vel,
    ).toEqual({ q: 5, r: -3 });
    const moved = play(s, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 0 } }, [], PLAYER_A).state;
    expect(refusal(moved, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 0 } }, PLAYER_A)).toBe(
      'SPACE_ALREADY_MOVED',
    );
    expect(refusal(s, { type: 'space.move', ship: 's2', thrust: { q: 0, r: 0 } }, PLAYER_B)).toBe(
      'SPACE_NOT_YOUR_TURN',
    );
    expect(refusal(s, { type: 'space.move', ship: 's2', thrust: { q: 0, r: 0 } }, PLAYER_A)).toBe(
      'SPACE_NOT_YOUR_SHIP',
    );
    const laser = play(s, { type: 'space.phase.end' }).state;
    expect(refusal(laser, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 0 } }, PLAYER_A)).toBe(
      'SPACE_WRONG_PHASE',
    );
  });

  it('ships not moved coast when the phase ends; a damaged power plant leaves 0 G', () => {
    const s = start();
    const after = play(s, { type: 'space.phase.end' }).state;
    expect(after.ships.s1?.at).toEqual({ q: 2, r: 0 });
    expect(after.ships.s2?.at).toEqual({ q: 10, r: 0 });
    const dead = play(s, { type: 'space.override', ship: 's1', power: 1 }).state;
    expect(refusal(dead, { type: 'space.move', ship: 's1', thrust: { q: 1, r: 0 } }, PLAYER_A)).toBe(
      'SPACE_THRUST_TOO_HIGH',
    );
  });

  it('thrust strips the sand; gravity alone does not', () => {
    let s = play(start(), { type: 'space.override', ship: 's1', sand: 2 }).state;
    const coasting = play(s, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 0 } }, [], PLAYER_A).state;
    expect(coasting.ships.s1?.sand).toBe(2);
    s = play(s, { type: 'space.move', ship: 's1', thrust: { q: -1, r: 0 } }, [], PLAYER_A).state;
    expect(s.ships.s1?.sand).toBe(0);
  });

  it('a path into a world hex is flagged for the referee, who clears the flag', () => {
    let s = start();
    s = play(s, { type: 'space.override', ship: 's1', at: { q: -3, r: 0 }, vel: { q: 6, r: 0 } }).state;
    // Worlds go on the map before the battle; the referee may still put one there by override of the state.
    s = { ...s, worlds: [{ name: 'Rhylanor', at: { q: 0, r: 0 } }] };
    const moved = play(s, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 0 } }, [], PLAYER_A);
    expect(moved.events[0]).toMatchObject({ worldEntered: [{ q: 0, r: 0 }] });
    expect(moved.state.flags).toEqual([
      { ship: 's1', kind: 'worldEntered', at: { q: 0, r: 0 }, playerTurn: 0 },
    ]);
    expect(play(moved.state, { type: 'space.flag.clear', index: 0 }, [], GM).state.flags).toEqual([]);
  });
});
