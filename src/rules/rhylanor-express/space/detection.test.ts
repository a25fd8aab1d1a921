import { describe, expect, it } from 'vitest';
import type { SpaceEvent } from './events.ts';
import { initialSpace, type Ship, type SpaceState } from './model.ts';
import { GM, PLAYER_A, PLAYER_B, play, refusal, SPECTATOR } from './test-kit.ts';
import { redactSpace, viewSpace } from './view.ts';

function ambush(): { state: SpaceState; log: SpaceEvent[] } {
  const log: SpaceEvent[] = [];
  let s = initialSpace();
  for (const c of [
    { type: 'space.scenario.load', scenario: 'Pirate ambush' },
    { type: 'space.ship.control', ship: 's1', seatId: PLAYER_A.seatId },
    { type: 'space.ship.control', ship: 's2', seatId: PLAYER_B.seatId },
  ]) {
    const r = play(s, c);
    s = r.state;
    log.push(...r.events);
  }
  return { state: s, log };
}

const leaks = (value: unknown) => {
  const text = JSON.stringify(value);
  return text.includes('Black Lantern') || text.includes('"q":20,"r":-5') || text.includes('Corsair captain');
};

describe('detection and surprise (§6.2)', () => {
  it('an active ship is found at once; a quiet one on 2d6 + Navigation or Computer + computer model, 8+ from an active ship', () => {
    const { state } = ambush();
    expect(state.phase).toBe('detection');
    expect(state.ships.s1?.detected).toBe(true);
    expect(state.ships.s2?.detected).toBe(false);
    const found = play(state, { type: 'space.detect', ship: 's1', target: 's2' }, [3, 3], PLAYER_A);
    expect(found.events[0]).toMatchObject({
      roll: {
        dms: [
          { label: 'Navigation', value: 1 },
          { label: 'computer model', value: 1 },
        ],
        total: 8,
        need: 8,
        success: true,
      },
    });
    expect(refusal(found.state, { type: 'space.detect', ship: 's1', target: 's2' }, PLAYER_A)).toBe(
      'SPACE_TARGET_DETECTED',
    );
    expect(refusal(state, { type: 'space.detect', ship: 's2', target: 's1' }, PLAYER_B)).toBe(
      'SPACE_TARGET_DETECTED',
    );
    // Both sides found something: no surprise, the standard set-up.
    const battle = play(found.state, { type: 'space.detection.resolve' });
    expect(battle.events[0]).toMatchObject({ outcome: 'battle' });
    expect(battle.state.phase).toBe('setup');
    expect(battle.state.ships.s1?.at).toEqual({ q: -15, r: 0 });
  });

  it('a side’s chip guard may go against the other side’s looks: the chip is spent, the look stays the looker’s secret', () => {
    const { state } = ambush();
    let s: SpaceState = { ...state, sides: { ...state.sides, b: { ...state.sides.b, chips: 1 } } };
    s = play(s, { type: 'space.chip.guard', side: 'b', on: true, also: ['detect'] }, [], PLAYER_B).state;
    // 3 + 3 + Navigation 1 + computer 1 − the pirates' chip = 7: the quiet ship stays unfound.
    const r = play(s, { type: 'space.detect', ship: 's1', target: 's2' }, [3, 3], PLAYER_A);
    expect(r.events[0]).toMatchObject({ chipAgainst: 1, roll: { total: 7, success: false } });
    expect(r.state.ships.s2?.detected).toBe(false);
    expect(r.state.sides.b.chips).toBe(0);
    // The guarding side learns only that its chip went; the look itself never reaches it.
    expect(redactSpace(r.events[0] as SpaceEvent, PLAYER_B)).toBeNull();
    expect(leaks(viewSpace(r.state, PLAYER_A))).toBe(false);
  });

  it('a player names no target: the nearest unfound enemy is looked for, once a round', () => {
    const { state } = ambush();
    const r = play(state, { type: 'space.detect', ship: 's1' }, [1, 1], PLAYER_A);
    expect(r.events[0]).toMatchObject({ type: 'space.detect.rolled', target: 's2', secret: true });
    // s2 was the only one: nothing is left to look for this round (and the roll stays the player's side's).
    expect(refusal(r.state, { type: 'space.detect', ship: 's1' }, PLAYER_A)).toBe('SPACE_NOTHING_TO_FIND');
    expect(redactSpace(r.events[0] as SpaceEvent, PLAYER_B)).toBeNull();
  });

  it('with pool windows on, a look waits for its own side’s points after the dice, all of it out of the other side’s sight', () => {
    const { state } = ambush();
    let s = play(state, { type: 'space.windows', on: true }).state;
    s = { ...s, ships: { ...s.ships, s1: { ...(s.ships.s1 as Ship), pool: 2 } } };
    // 3 + 3 + Navigation 1 + computer 1 = 8 would find it; 3 + 2 = 7 misses, for now.
    const opened = play(s, { type: 'space.detect', ship: 's1', target: 's2' }, [3, 2], PLAYER_A);
    expect(opened.events.map((e) => e.type)).toEqual(['space.roll.opened']);
    expect(opened.state.open).toMatchObject({ detect: true, target: 's2', roll: { total: 7 } });
    expect(opened.state.detectRolls).toEqual(['s1>s2']);
    expect(opened.events.map((e) => redactSpace(e, PLAYER_B))).toEqual([null]);
    expect((viewSpace(opened.state, PLAYER_B) as { open: unknown }).open).toBeNull();
    expect((viewSpace(opened.state, PLAYER_A) as { open: unknown }).open).not.toBeNull();
    // The other side is told no roll is open (it may not know of this one) and has no say.
    expect(refusal(opened.state, { type: 'space.pool.after', ship: 's2', points: -1 }, PLAYER_B)).toBe(
      'SPACE_NO_OPEN_ROLL',
    );
    expect(refusal(opened.state, { type: 'space.roll.pass' }, PLAYER_B)).toBe('SPACE_NO_OPEN_ROLL');
    const spent = play(opened.state, { type: 'space.pool.after', ship: 's1', points: 1 }, [], PLAYER_A);
    const closed = play(spent.state, { type: 'space.roll.pass' }, [], PLAYER_A);
    expect(closed.events.map((e) => e.type)).toEqual([
      'space.roll.passed',
      'space.roll.closed',
      'space.detect.rolled',
    ]);
    expect(closed.events[2]).toMatchObject({ spent: true, roll: { total: 8, success: true } });
    for (const e of [...spent.events, ...closed.events]) expect(redactSpace(e, PLAYER_B)).toBeNull();
    expect(closed.state.ships.s2?.detected).toBe(true);
    expect((closed.state.ships.s1 as Ship).pool).toBe(1);
    expect(closed.state.detectRolls).toEqual(['s1>s2']);
    expect(closed.state.open).toBeNull();
  });

  it('from a quiet ship it takes 12+; one roll per enemy ship per round', () => {
    const { state } = ambush();
    const quiet = play(state, { type: 'space.posture', ship: 's1', quiet: true }, [], PLAYER_A).state;
    // Declaring quiet does not hide a ship already found.
    expect(quiet.ships.s1?.detected).toBe(true);
    const r = play(quiet, { type: 'space.detect', ship: 's1', target: 's2' }, [5, 4], PLAYER_A);
    expect(r.events[0]).toMatchObject({ roll: { total: 11, need: 12, success: false } });
    expect(refusal(r.state, { type: 'space.detect', ship: 's1', target: 's2' }, PLAYER_A)).toBe(
      'SPACE_ALREADY_ROLLED',
    );
  });

  it('a side nobody found has surprise: it places its ships 6–30 hexes away and chooses the roles, or slips away', () => {
    const { state } = ambush();
    const missed = play(state, { type: 'space.detect', ship: 's1', target: 's2' }, [1, 2], PLAYER_A).state;
    const surprise = play(missed, { type: 'space.detection.resolve' });
    expect(surprise.events[0]).toMatchObject({ outcome: 'surprise', surpriser: 'b' });
    const s = surprise.state;
    expect(refusal(s, { type: 'space.surprise.place', ship: 's2', at: { q: -18, r: 0 } }, PLAYER_B)).toBe(
      'SPACE_PLACEMENT_RANGE',
    );
    expect(refusal(s, { type: 'space.roles', intruder: 'a' }, PLAYER_A)).toBe('SPACE_NOT_CHOOSER');
    const placed = play(
      s,
      { type: 'space.surprise.place', ship: 's2', at: { q: -10, r: 0 } },
      [],
      PLAYER_B,
    ).state;
    expect(placed.ships.s2?.vel).toEqual({ q: -4, r: 0 });
    const begun = play(placed, { type: 'space.roles', intruder: 'b' }, [], PLAYER_B).state;
    expect(begun).toMatchObject({ phase: 'movement', intruder: 'b', turnSide: 'b' });
    const slipped = play(s, { type: 'space.surprise.slip' }, [], PLAYER_B).state;
    expect(slipped.phase).toBe('ended');
  });

  it('when neither side found anything the round is repeated', () => {
    let s = initialSpace();
    s = play(s, {
      type: 'space.ship.add',
      design: 'Corsair',
      name: 'X',
      side: 'a',
      at: { q: 0, r: 0 },
      quiet: true,
    }).state;
    s = play(s, {
      type: 'space.ship.add',
      design: 'Corsair',
      name: 'Y',
      side: 'b',
      at: { q: 40, r: 0 },
      quiet: true,
    }).state;
    s = play(s, { type: 'space.detection.begin' }).state;
    const again = play(s, { type: 'space.detection.resolve' });
    expect(again.events.map((e) => e.type)).toEqual(['space.detection.resolved', 'space.detection.begun']);
    expect(again.state.detectionRound).toBe(2);
  });
});

describe('hidden information: a quiet ship nobody found', () => {
  it('is not in a player’s view of the other side, nor a spectator’s; its own side and the referee see it', () => {
    const { state } = ambush();
    expect(leaks(viewSpace(state, PLAYER_A))).toBe(false);
    expect(leaks(viewSpace(state, SPECTATOR))).toBe(false);
    expect(leaks(viewSpace(state, PLAYER_B))).toBe(true);
    expect(leaks(viewSpace(state, GM))).toBe(true);
  });

  it('no event of it reaches the other side: set-up, moves, its surprise and placement', () => {
    const { state, log } = ambush();
    const missed = play(state, { type: 'space.detect', ship: 's1', target: 's2' }, [1, 2], PLAYER_A).state;
    const surprise = play(missed, { type: 'space.detection.resolve' });
    const placed = play(
      surprise.state,
      { type: 'space.surprise.place', ship: 's2', at: { q: -10, r: 0 } },
      [],
      PLAYER_B,
    );
    const events = [...log, ...surprise.events, ...placed.events];
    for (const seat of [PLAYER_A, SPECTATOR]) {
      const shown = events.map((e) => redactSpace(e, seat)).filter((e) => e !== null);
      expect(leaks(shown)).toBe(false);
      expect(shown.some((e) => e.type === 'space.detection.resolved')).toBe(false);
    }
    expect(viewSpace(surprise.state, PLAYER_A)).toMatchObject({ phase: 'setup' });
    expect(redactSpace(placed.events[0] as SpaceEvent, PLAYER_B)).not.toBeNull();
  });

  it('once found it shows, without its crew; firing gives a ship away', () => {
    const { state } = ambush();
    const found = play(state, { type: 'space.detect', ship: 's1', target: 's2' }, [6, 6], PLAYER_A).state;
    const view = viewSpace(found, PLAYER_A) as { ships: Record<string, Record<string, unknown>> };
    expect(view.ships.s2?.at).toEqual({ q: 20, r: -5 });
    expect(view.ships.s2?.crew).toBeUndefined();
    expect(JSON.stringify(view)).not.toContain('Corsair captain');
  });
});
