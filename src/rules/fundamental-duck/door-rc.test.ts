import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { defaultPack } from './data/pack.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table, threatPlaced } from './test-kit.ts';

const ENTRY = 3;
/** The narrow door between the entry tile (3) and the hub (4): aperture squares (4,7) and (5,7). */
const DOOR = 2;

/** Turn 1, door 2 open, YOU (with a DOOR RC) in the entry corridor at (1,7), away from the door zone. */
function withRemote() {
  const pack = {
    ...defaultPack,
    team: {
      ...defaultPack.team,
      teamers: defaultPack.team.teamers.map((m) =>
        m.id === 'you' ? { ...m, gear: [...m.gear, 'door-rc' as const] } : m,
      ),
    },
  };
  const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', door: DOOR, open: true, reason: 'set-up' }, GM);
  return t;
}

describe('DOOR RC at Door Check (15.1, 17)', () => {
  it('a door its holder keeps open stays open at Door Check; let go, it closes', () => {
    const t = withRemote();
    const ev = t.send({ type: 'holdDoor', teamerId: 'you', door: DOOR, hold: true });
    expect(ev).toEqual([{ type: 'door.held', teamerId: 'you', door: DOOR, held: true }]);
    t.dice = new ScriptThenSeeded([], 3);
    t.send({ type: 'endTeamPhase' });
    expect(t.state.phase).toBe('exploration');
    expect(t.state.doors[DOOR]?.open).toBe(true);
    t.send({ type: 'holdDoor', teamerId: 'you', door: DOOR, hold: false });
    t.send({ type: 'endExploration' });
    t.send({ type: 'endTeamPhase' });
    expect(t.state.doors[DOOR]?.open).toBe(false);
  });

  it('holds only while the holder is on one of the two tiles the door joins', () => {
    const t = withRemote();
    t.send({ type: 'holdDoor', teamerId: 'you', door: DOOR, hold: true });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 11, y: 1, reason: 'away in the Arsenal' }, GM);
    t.dice = new ScriptThenSeeded([], 3);
    t.send({ type: 'endTeamPhase' });
    expect(t.state.doors[DOOR]?.open).toBe(false);
  });

  it('refuses a Teamer with no remote, one too far, an unknown door or a repeat, changing nothing', () => {
    const t = withRemote();
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, reason: 'set-up' }, GM);
    const hash = stateHash(t.state);
    const code = (c: Parameters<Table['send']>[0]) => refusalCode(() => t.send(c));
    expect(code({ type: 'holdDoor', teamerId: 'brick', door: DOOR, hold: true })).toBe('NO_DOOR_RC');
    expect(code({ type: 'holdDoor', teamerId: 'you', door: 99, hold: true })).toBe('UNKNOWN_DOOR');
    expect(code({ type: 'holdDoor', teamerId: 'you', door: DOOR, hold: false })).toBe('ALREADY');
    expect(code({ type: 'holdDoor', teamerId: 'you', door: 0, hold: true })).toBe('NOT_NEAR');
    expect(stateHash(t.state)).toBe(hash);
  });
});

describe('GM override of a door’s battering damage', () => {
  it('the GM sets the damage so far (logged with its reason); a hole’s worth or more is refused, changing nothing', () => {
    const t = withRemote();
    t.send({ type: 'gmOverride', door: DOOR, open: false, reason: 'set-up' }, GM);
    const ev = t.send({ type: 'gmOverride', door: DOOR, damage: 19, reason: 'battered before' }, GM);
    expect(ev).toEqual([
      {
        type: 'gm.overrode',
        by: 'gm',
        door: { index: DOOR, state: expect.objectContaining({ open: false, damage: 19, holes: [] }) },
        reason: 'battered before',
      },
    ]);
    expect(t.state.doors[DOOR]?.damage).toBe(19);
    const hash = stateHash(t.state);
    const gm = (c: Parameters<Table['send']>[0]) => refusalCode(() => t.send(c, GM));
    expect(gm({ type: 'gmOverride', door: DOOR, damage: 20, reason: 'a hole outright' })).toBe(
      'DAMAGE_TOO_HIGH',
    );
    expect(gm({ type: 'gmOverride', door: 99, damage: 3, reason: 'no such door' })).toBe('UNKNOWN_DOOR');
    expect(stateHash(t.state)).toBe(hash);
  });

  it('a Threat at a door staged at 19 damage batters it open with one blow (one d6 on the track)', () => {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    // Jonesy at (2,8) in the entry tile; a Harpy at (2,10) beyond door 7, within its scent range.
    t.send({ type: 'gmOverride', teamerId: 'jonesy', x: 2, y: 8, facing: 4, reason: 'set-up' }, GM);
    t.fold([threatPlaced(2, { id: 'h1', species: 'harpy', x: 2, y: 10, facing: 0 })]);
    t.send({ type: 'gmOverride', door: 7, damage: 19, reason: 'battered before' }, GM);
    // Reaction 1 (ATTACK), movement 1, the choice die 1 (batter), the battering die 1: 19 + 1 = 20.
    t.dice = new ScriptThenSeeded([1, 1, 1, 1], 2);
    t.send({ type: 'endTeamPhase' });
    expect(t.log.find((e) => e.type === 'door.changed')).toEqual({
      type: 'door.changed',
      door: 7,
      state: expect.objectContaining({ open: false, damage: 20, holes: [0] }),
      why: 'battered through',
    });
  });
});

describe('the bridge / control-room override (15.1, 17)', () => {
  /** Turn 1, door 2 open and nobody by it, YOU at the Bridge console (2,1), activated. */
  function atTheConsole() {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 1, facing: 4, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', door: DOOR, open: true, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  it('set at the console (an Other Action, fumble test), Door Check is skipped until it is lifted', () => {
    const t = atTheConsole();
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'bridgeOverride', teamerId: 'you', on: true });
    expect(ev.map((e) => e.type)).toEqual(['chit.used', 'test.rolled', 'override.set']);
    expect(ev[2]).toEqual({ type: 'override.set', teamerId: 'you', on: true });
    expect(fdEventSchemas['override.set']?.safeParse(ev[2]).success).toBe(true);
    expect(t.state.doorOverride).toBe(true);
    t.dice = new ScriptThenSeeded([], 3);
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.send({ type: 'endTeamPhase' });
    expect(t.state.phase).toBe('exploration');
    expect(t.state.doors[DOOR]?.open).toBe(true);
    // Lifted in the next Exploration phase (a chit of this turn): the next Door Check shuts it.
    t.dice = new ScriptThenSeeded([1], 3);
    t.send({ type: 'bridgeOverride', teamerId: 'you', on: false });
    expect(t.state.doorOverride).toBe(false);
    t.send({ type: 'endExploration' });
    t.send({ type: 'endTeamPhase' });
    expect(t.state.doors[DOOR]?.open).toBe(false);
  });

  it('a failed fumble test spends the chit, sets nothing and puts stress in the Kitty', () => {
    const t = atTheConsole();
    t.dice = new ScriptThenSeeded([6], 3);
    const ev = t.send({ type: 'bridgeOverride', teamerId: 'you', on: true });
    expect(ev.some((e) => e.type === 'override.set')).toBe(false);
    expect(ev.some((e) => e.type === 'stress.added')).toBe(true);
    expect(t.state.doorOverride).toBe(false);
    expect(t.state.teamers.you?.chits[0]).toBe('ACTED');
  });

  it('bad use: stable codes, nothing changed', () => {
    const t = atTheConsole();
    t.dice = new ScriptedDice([]);
    const before = t.state;
    expect(refusalCode(() => t.send({ type: 'bridgeOverride', teamerId: 'you', on: false }))).toBe('ALREADY');
    t.send({ type: 'gmOverride', teamerId: 'you', x: 1, y: 7, facing: 2, reason: 'away' }, GM);
    const away = t.state;
    expect(refusalCode(() => t.send({ type: 'bridgeOverride', teamerId: 'you', on: true }))).toBe(
      'NOT_THERE',
    );
    expect(t.state).toBe(away);
    expect(before.doorOverride).toBe(false);
    const dark = atTheConsole();
    dark.state = { ...dark.state, effects: { ...dark.state.effects, powerDownUntilTurn: 3 } };
    dark.dice = new ScriptedDice([]);
    expect(refusalCode(() => dark.send({ type: 'bridgeOverride', teamerId: 'you', on: true }))).toBe(
      'POWER_DOWN',
    );
    expect(dark.state.doorOverride).toBe(false);
    // Brick is not activated: NOT_YOUR_TURN, from the chit the action needs.
    const other = atTheConsole();
    other.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 1, facing: 4, reason: 'set-up' }, GM);
    other.dice = new ScriptedDice([]);
    expect(refusalCode(() => other.send({ type: 'bridgeOverride', teamerId: 'brick', on: true }))).toBe(
      'NOT_YOUR_TURN',
    );
    // An imported log cannot set it twice.
    const set = atTheConsole();
    set.dice = new ScriptedDice([1]);
    set.send({ type: 'bridgeOverride', teamerId: 'you', on: true });
    expect(fdEventProblem(set.state, { type: 'override.set', teamerId: 'you', on: true })).toMatch(/already/);
    expect(fdEventProblem(set.state, { type: 'override.set', teamerId: 'you', on: false })).toBeNull();
  });
});
