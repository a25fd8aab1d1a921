import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import type { RhylanorState } from './ruleset.ts';
import { fresh, GM_SEAT, PLAYER, play, startDuel } from './test-kit.ts';

/**
 * Bad input through the exported ruleset, one stable code each, the table left exactly as it was:
 * an unknown skill, a UPP digit out of range, thrust above the drive, acting out of phase and
 * firing a weapon with no round in it, in both the firefight and the space battle.
 */

function refused(state: RhylanorState, command: unknown, actor = GM_SEAT, faces: number[] = []): string {
  const before = JSON.stringify(state);
  const code = refusalCode(() => play(state, command, faces, actor));
  expect(JSON.stringify(state)).toBe(before);
  return code;
}

const PLAYER_B = { seatId: 'p2', role: 'player' } as const;

/** "Standard meeting" with side A Intruder, in A's movement phase; s1 (1 G) is PLAYER's, s3 PLAYER_B's. */
function battle(): RhylanorState {
  let s = fresh();
  for (const command of [
    { type: 'space.scenario.load', scenario: 'Standard meeting' },
    { type: 'space.ship.control', ship: 's1', seatId: PLAYER.seatId },
    { type: 'space.ship.control', ship: 's3', seatId: PLAYER_B.seatId },
    { type: 'space.initiative' },
    { type: 'space.roles', intruder: 'a' },
  ])
    s = play(s, command).state;
  expect(s.space).toMatchObject({ phase: 'movement', turnSide: 'a' });
  return s;
}

describe('bad input codes (issue 15)', () => {
  it('an unknown skill: on a new sheet, a referee edit and a task roll', () => {
    let s = fresh();
    expect(
      refused(s, { type: 'character.create', name: 'X', upp: '777777', skills: { Juggling: 1 } }, PLAYER),
    ).toBe('UNKNOWN_SKILL');
    s = play(
      s,
      { type: 'character.create', name: 'Ana', upp: '777777', skills: { Pilot: 1 } },
      [],
      PLAYER,
    ).state;
    expect(refused(s, { type: 'character.edit', characterId: 'c1', skills: { Juggling: 2 } })).toBe(
      'UNKNOWN_SKILL',
    );
    expect(
      refused(s, { type: 'task.roll', characterId: 'c1', skills: ['Juggling'], target: 8 }, PLAYER, [3, 4]),
    ).toBe('UNKNOWN_SKILL');
  });

  it('a UPP digit out of range: I and O are no digits, a starting value above F is refused', () => {
    const s = fresh();
    for (const upp of ['7A8I5F', '78OA96', '78ZA96', '7G8A96', '7*8A96'])
      expect(refused(s, { type: 'character.create', name: 'X', upp }, PLAYER)).toBe('UPP_DIGIT_INVALID');
    expect(refused(s, { type: 'character.create', name: 'X', upp: '7A8' }, PLAYER)).toBe('UPP_INVALID');
  });

  it('thrust above the drive: longer than the ship’s G, or any thrust once the drive is at 0', () => {
    let s = battle();
    expect(s.space.ships.s1?.maneuver.now).toBe(1);
    expect(refused(s, { type: 'space.move', ship: 's1', thrust: { q: 2, r: 0 } }, PLAYER)).toBe(
      'SPACE_THRUST_TOO_HIGH',
    );
    expect(refused(s, { type: 'space.move', ship: 's1', thrust: { q: 1, r: 1 } }, PLAYER)).toBe(
      'SPACE_THRUST_TOO_HIGH',
    );
    s = play(s, { type: 'space.override', ship: 's1', maneuver: 0 }).state;
    expect(refused(s, { type: 'space.move', ship: 's1', thrust: { q: 1, r: 0 } }, PLAYER)).toBe(
      'SPACE_THRUST_TOO_HIGH',
    );
  });

  it('acting out of phase: firing in the movement phase, moving for the side that is not acting', () => {
    const s = battle();
    expect(refused(s, { type: 'space.fire', ship: 's1', turret: 0, target: 's3' }, PLAYER, [6, 6])).toBe(
      'SPACE_WRONG_PHASE',
    );
    expect(refused(s, { type: 'space.move', ship: 's3', thrust: { q: 0, r: 0 } }, PLAYER_B)).toBe(
      'SPACE_NOT_YOUR_TURN',
    );
    expect(refused(s, { type: 'space.launch', ship: 's1', turret: 1, weapon: 0, target: 's3' }, PLAYER)).toBe(
      'SPACE_WRONG_PHASE',
    );
  });

  it('firing a weapon with no round in it: an empty missile rack, a man’s empty rifle', () => {
    let s = battle();
    s = play(s, { type: 'space.override', ship: 's3', at: { q: -12, r: 0 } }).state;
    for (let i = 0; i < 3; i++) s = play(s, { type: 'space.phase.end' }).state;
    expect(s.space.phase).toBe('ordnance');
    const launch = { type: 'space.launch', ship: 's1', turret: 1, weapon: 0, target: 's3' };
    const ship = s.space.ships.s1;
    if (!ship) throw new Error('no s1');
    const emptied = ship.turrets.map((t, i) =>
      i === 1 ? { ...t, weapons: t.weapons.map((w) => ({ ...w, ready: 0 })) } : t,
    );
    const empty = {
      ...s,
      space: { ...s.space, ships: { ...s.space.ships, s1: { ...ship, turrets: emptied } } },
    };
    expect(refused(empty, launch, PLAYER)).toBe('SPACE_NO_AMMUNITION');

    let f = fresh();
    f = play(f, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
    f = play(f, { type: 'character.create', sheet: 'starport-guard' }).state;
    f = startDuel(f, 60, 'Guards');
    f = play(f, { type: 'character.edit', characterId: 'c1', ammo: [{ index: 0, loaded: 0 }] }).state;
    f = play(f, { type: 'combat.order', intruder: 'a' }).state;
    f = play(f, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    f = play(f, { type: 'combat.next' }).state;
    expect(
      refused(f, { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] }, PLAYER, [6, 6]),
    ).toBe('OUT_OF_AMMUNITION');
  });
});
