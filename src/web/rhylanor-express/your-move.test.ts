import { describe, expect, it } from 'vitest';
import { rhylanorExpress } from '../../rules/rhylanor-express/ruleset.ts';
import { fresh, OTHER_PLAYER, PLAYER, play, startDuel } from '../../rules/rhylanor-express/test-kit.ts';
import { asView, type SeatRef, type View } from './model.ts';
import { plotOf, reachOf, thrustTo } from './plot.ts';
import { awaitsSeat, nameIn, sectionsAwaiting } from './your-move.ts';

/** "Your move" read from a seat's view, and the plot of a move under gravity. */

const ana: SeatRef = { seatId: 'p1', role: 'player', name: 'Ana' };
const bo: SeatRef = { seatId: 'p2', role: 'player', name: 'Bo' };
const gm: SeatRef = { seatId: 'gm', role: 'gm', name: 'Referee' };

function viewOf(state: ReturnType<typeof fresh>, seat: SeatRef): View {
  const v = asView(rhylanorExpress.view(state, { seatId: seat.seatId, role: seat.role }));
  if (!v) throw new Error('not a Rhylanor Express view');
  return v;
}

describe('your move', () => {
  it('asks a player with no character to take one, and no longer once he has', () => {
    let s = fresh();
    expect(sectionsAwaiting(viewOf(s, ana), ana)).toEqual(['crew']);
    s = play(s, { type: 'character.create', sheet: 'okonkwo' }, [], PLAYER).state;
    expect(sectionsAwaiting(viewOf(s, ana), ana)).toEqual([]);
    expect(awaitsSeat(rhylanorExpress.view(s, PLAYER), ana)).toBe(false);
    expect(awaitsSeat({ nonsense: true }, ana)).toBe(false);
  });

  it('marks the fight for a player whose man owes his steadying roll after a graze, out of his phase too', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo' }, [], PLAYER).state;
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
    s = startDuel(s, 60, 'Guards');
    s = play(s, { type: 'combat.order', intruder: 'b' }).state;
    // The Guards move first: nothing waits on Ana.
    expect(sectionsAwaiting(viewOf(s, ana), ana)).toEqual([]);
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'graze' }).state;
    expect(sectionsAwaiting(viewOf(s, ana), ana)).toEqual(['play']);
    s = play(s, { type: 'combat.steady', characterId: 'c1' }, [6, 6], PLAYER).state;
    expect(sectionsAwaiting(viewOf(s, ana), ana)).toEqual([]);
  });

  it('marks space for the seat commanding a ship of the side whose phase it is', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo' }, [], PLAYER).state;
    s = play(s, { type: 'character.create', sheet: 'vashti' }, [], OTHER_PLAYER).state;
    s = play(s, { type: 'space.scenario.load', scenario: 'Gravity well' }).state;
    s = play(s, { type: 'space.ship.control', ship: 's1', seatId: 'p1' }).state;
    s = play(s, { type: 'space.ship.control', ship: 's3', seatId: 'p2' }).state;
    s = play(s, { type: 'space.initiative' }).state;
    if (s.space.phase === 'roles') s = play(s, { type: 'space.roles', intruder: 'a' }).state;
    expect(s.space.phase).toBe('movement');
    expect(sectionsAwaiting(viewOf(s, ana), ana)).toContain('space');
    expect(sectionsAwaiting(viewOf(s, bo), bo)).not.toContain('space');
    // The referee runs side A's other ship (the Far Wanderer).
    expect(sectionsAwaiting(viewOf(s, gm), gm)).toContain('space');
  });
});

describe('plotting a move', () => {
  const world = { worlds: [{ name: 'Rhylanor', at: { q: 0, r: 0 } }] };
  const ship = (at: { q: number; r: number }, vel: { q: number; r: number }, g = 1) =>
    ({
      at,
      vel,
      maneuver: { max: g, now: g, destroyed: false, hits: 0 },
      power: 0,
    }) as unknown as Parameters<typeof plotOf>[1];

  it('bends the drift toward a world beside the path, and caps the thrust at the drive', () => {
    const plot = plotOf(world, ship({ q: -3, r: 1 }, { q: 2, r: 0 }));
    expect(plot?.to).toEqual({ q: -1, r: 1 });
    expect(plot?.pulls).toEqual([{ q: 1, r: -1 }]);
    expect(plot?.drift).toEqual({ q: 2, r: 0 });
    if (!plot) throw new Error('no plot');
    expect(thrustTo(plot, { q: 2, r: 1 })).toEqual({ q: 0, r: 1 });
    expect(thrustTo(plot, { q: 4, r: 0 })).toBeNull();
    expect(reachOf(plot)).toHaveLength(7);
  });

  it('has no pull far from any world and no plot for a ship not on the map', () => {
    const plot = plotOf(world, ship({ q: -20, r: 5 }, { q: 3, r: 0 }, 2));
    expect(plot?.pulls).toEqual([]);
    expect(plot?.drift).toEqual({ q: -14, r: 5 });
    expect(plot ? reachOf(plot) : []).toHaveLength(19);
    expect(plotOf(world, { ...ship({ q: 0, r: 0 }, { q: 0, r: 0 }), at: null })).toBeNull();
  });
});

describe('names in the log', () => {
  it('names a vehicle in play by its name, not its id', () => {
    const s = play(fresh(), { type: 'machine.add', kind: 'vehicle', packId: 'air-raft' }).state;
    expect(nameIn(rhylanorExpress.view(s, { seatId: 'p1', role: 'player' }), 'm1')).toBe('Air/raft');
  });
});
