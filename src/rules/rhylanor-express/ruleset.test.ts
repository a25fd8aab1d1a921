import { describe, expect, it } from 'vitest';
import { EnteredDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { Character } from './character.ts';
import { type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, GM_SEAT, OTHER_PLAYER, of, PLAYER, play } from './test-kit.ts';

/** The exported ruleset driven command by command: characters, tasks, pools, combat, medicine, intrusion. */

function withSamples(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state; // c1
  s = play(s, { type: 'character.create', sheet: 'marchetti', owner: 'p2' }).state; // c2
  s = play(s, { type: 'character.create', sheet: 'arrano', owner: 'p1' }).state; // c3
  s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state; // c4 (secret NPC)
  return play(s, { type: 'character.create', sheet: 'pirate-gunner' }).state; // c5 (secret NPC)
}

/** Okonkwo and Arrano (side a, pool 2 with her battle computer) against two NPCs (side b). */
function fight(s = withSamples()): RhylanorState {
  s = play(s, {
    type: 'combat.start',
    sides: [
      {
        id: 'a',
        name: 'Crew',
        military: false,
        leaderId: 'c1',
        members: [
          { characterId: 'c1', x: 0, y: 0 },
          { characterId: 'c3', x: 2, y: 0 },
        ],
      },
      {
        id: 'b',
        name: 'Guards',
        military: true,
        leaderId: 'c4',
        members: [
          { characterId: 'c4', x: 60, y: 0 },
          { characterId: 'c5', x: 60, y: 3 },
        ],
      },
    ],
  }).state;
  return s;
}

/** Every refusal must leave the state exactly as it was (decide throws before any event). */
function refused(state: RhylanorState, command: unknown, actor = GM_SEAT, faces: number[] = []): string {
  const before = JSON.stringify(state);
  const code = refusalCode(() => play(state, command, faces, actor));
  expect(JSON.stringify(state)).toBe(before);
  return code;
}

describe('setup and characters', () => {
  it('setup gives a usable table with the default pack; a bad pack is refused', () => {
    const s = rhylanorExpress.setup({});
    expect(s.pack.weapons.length).toBeGreaterThan(10);
    expect(s.space).toBeDefined();
    expect(refusalCode(() => rhylanorExpress.setup({ pack: { version: 1 } }))).toBe('PACK_INVALID');
  });

  it('a player creates its own character from a UPP; bad input is refused', () => {
    let s = fresh();
    const r = play(
      s,
      { type: 'character.create', name: 'Ana', upp: '789A96', skills: { Pilot: 1, Cutlass: 0 } },
      [],
      PLAYER,
    );
    s = r.state;
    expect(s.characters.c1?.owner).toBe('p1');
    expect(s.characters.c1?.skills).toEqual({ Pilot: 1, Sword: 0 });
    expect(refused(s, { type: 'character.create', name: 'X', upp: '78OA96' })).toBe('UPP_DIGIT_INVALID');
    expect(refused(s, { type: 'character.create', name: 'X', upp: '789A96', skills: { Juggling: 1 } })).toBe(
      'UNKNOWN_SKILL',
    );
    expect(refused(s, { type: 'character.create', sheet: 'pirate-gunner' }, PLAYER)).toBe('UNKNOWN_SHEET');
    expect(refused(s, { type: 'character.edit', characterId: 'c1', skills: { Pilot: 3 } }, PLAYER)).toBe(
      'ROLE_NOT_ALLOWED',
    );
  });

  it('cascade results during generation: a pick is owed and then made', () => {
    let s = fresh();
    s = play(
      s,
      { type: 'character.create', name: 'Recruit', upp: '777777', career: 'Army' },
      [],
      PLAYER,
    ).state;
    // The referee fills the Army tables; a roll of 3 on table 2 gives Gun Combat.
    const pack = {
      ...s.pack,
      careers: s.pack.careers.map((c) =>
        c.name === 'Army'
          ? {
              ...c,
              tables: [
                ['Brawling'],
                ['Vehicle', 'Air/raft', 'Gun Combat', 'Mechanical', 'Gun Combat', 'Tactics'],
                [],
                [],
              ],
            }
          : c,
      ),
    };
    s = { ...s, pack };
    const rolled = play(s, { type: 'chargen.skillRoll', characterId: 'c1', table: 1 }, [3], PLAYER);
    expect(of(rolled.events, 'chargen.skillRolled')[0]).toMatchObject({
      result: 'Gun Combat',
      cascade: true,
    });
    s = rolled.state;
    expect(refused(s, { type: 'character.gainSkill', characterId: 'c1', result: 'Gun Combat' }, PLAYER)).toBe(
      'CASCADE_PICK_NEEDED',
    );
    s = play(
      s,
      {
        type: 'character.gainSkill',
        characterId: 'c1',
        result: 'Gun Combat',
        pick: 'Field Artillery Gunner',
      },
      [],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skills['Field Artillery Gunner']).toBe(1);
    expect(
      refused(
        s,
        { type: 'character.gainSkill', characterId: 'c1', result: 'Gun Combat', pick: 'Rifles' },
        PLAYER,
      ),
    ).toBe('NOT_OWED');
    // Level-0 fill of Service Skills (Jack-of-all-Trades never filled); the Vehicle cascade needs a pick.
    expect(refused(s, { type: 'chargen.fillLevelZero', characterId: 'c1' }, PLAYER)).toBe(
      'CASCADE_PICK_NEEDED',
    );
    s = play(
      s,
      {
        type: 'chargen.fillLevelZero',
        characterId: 'c1',
        picks: { Vehicle: 'Wheeled', 'Gun Combat': 'Rifles' },
      },
      [],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skills).toMatchObject({
      Wheeled: 0,
      Rifles: 0,
      Mechanical: 0,
      Tactics: 0,
      'Field Artillery Gunner': 1,
    });
    expect(refused(s, { type: 'chargen.gunDefault', characterId: 'c1', skill: 'Pistols' }, PLAYER)).toBe(
      'ALREADY_HAS_GUN_SKILL',
    );
  });

  it('special duty (8+) and natural 10–12 career rolls owe extra skill rolls', () => {
    let s = fresh();
    s = play(
      s,
      { type: 'character.create', name: 'Recruit', upp: '777787', career: 'Navy' },
      [],
      PLAYER,
    ).state;
    s = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [4, 4], PLAYER).state;
    s = play(
      s,
      {
        type: 'chargen.roll',
        characterId: 'c1',
        kind: 'survival',
        target: 5,
        dms: [{ source: 'Int 9+', value: 2 }],
      },
      [6, 5],
      PLAYER,
    ).state;
    // A natural 9 with DMs to 11 is no high result.
    s = play(
      s,
      {
        type: 'chargen.roll',
        characterId: 'c1',
        kind: 'promotion',
        target: 8,
        dms: [{ source: 'Edu', value: 2 }],
      },
      [4, 5],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skillRollsOwed).toBe(2);
    // Edu 8 lets the special-duty roll use another career's table.
    const pack = {
      ...s.pack,
      careers: s.pack.careers.map((c) =>
        c.name === 'Scouts' ? { ...c, tables: [['Pilot', 'Pilot', 'Pilot', 'Pilot', 'Pilot', 'Pilot']] } : c,
      ),
    };
    s = play(
      { ...s, pack },
      { type: 'chargen.skillRoll', characterId: 'c1', table: 0, career: 'Scouts', extra: true },
      [2],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skills.Pilot).toBe(1);
    expect(s.characters.c1?.skillRollsOwed).toBe(1);
  });
});

describe('tasks, ticks and advancement (§1, §5)', () => {
  it('a success ticks the skill once; an unskilled success ticks nothing; the breakdown names each DM', () => {
    let s = withSamples();
    const r = play(
      s,
      {
        type: 'task.roll',
        characterId: 'c1',
        skills: ['Rifles'],
        characteristic: 'Dex',
        difficulty: 'average',
        dms: [{ source: 'scope', value: 1 }],
      },
      [3, 3],
      PLAYER,
    );
    const rolled = of(r.events, 'task.rolled')[0];
    expect(rolled?.roll.mods).toEqual([
      { source: 'Rifles-2', value: 2 },
      { source: 'Dex DM', value: 1 },
      { source: 'scope', value: 1 },
    ]);
    expect(rolled?.roll).toMatchObject({ total: 10, success: true, margin: 2 });
    expect(rolled?.ticked).toBe('Rifles');
    s = r.state;
    expect(s.characters.c1?.ticks).toEqual(['Rifles']);
    const unskilled = play(
      s,
      { type: 'task.roll', characterId: 'c1', skills: ['Medic'], target: 6 },
      [6, 6],
      PLAYER,
    );
    expect(of(unskilled.events, 'task.rolled')[0]?.ticked).toBeNull();
    expect(
      refused(
        s,
        { type: 'task.roll', characterId: 'c1', skills: ['Forensics'], target: 6, requiresSkill: true },
        PLAYER,
      ),
    ).toBe('SKILL_REQUIRED');
    expect(refused(s, { type: 'task.roll', characterId: 'c2', skills: ['Medic'], target: 6 }, PLAYER)).toBe(
      'NOT_YOUR_CHARACTER',
    );
    expect(
      refused(
        s,
        { type: 'task.roll', characterId: 'c1', skills: ['Underwater Basketweaving'], target: 6 },
        PLAYER,
      ),
    ).toBe('UNKNOWN_SKILL');
  });

  it('end of session: one attempt, 1d6 above the level raises it, a 1 always fails, the tick is erased', () => {
    let s = withSamples();
    s = play(
      s,
      { type: 'task.roll', characterId: 'c1', skills: ['Rifles'], target: 6 },
      [3, 3],
      PLAYER,
    ).state;
    s = play(
      s,
      { type: 'task.roll', characterId: 'c1', skills: ['Leader'], target: 6 },
      [3, 3],
      PLAYER,
    ).state;
    expect(refused(s, { type: 'character.advance', characterId: 'c1', skill: 'Rifles' }, PLAYER)).toBe(
      'NO_ADVANCEMENT_DUE',
    );
    s = play(s, { type: 'session.end' }).state;
    const r = play(s, { type: 'character.advance', characterId: 'c1', skill: 'Rifles' }, [3], PLAYER);
    expect(of(r.events, 'character.advancementRolled')[0]).toMatchObject({ face: 3, from: 2, rose: true });
    s = r.state;
    expect(s.characters.c1?.skills.Rifles).toBe(3);
    expect(s.characters.c1?.ticks).toEqual(['Leader']);
    expect(refused(s, { type: 'character.advance', characterId: 'c1', skill: 'Leader' }, PLAYER)).toBe(
      'NO_ADVANCEMENT_DUE',
    );
    // Next session, level 0: a 1 still fails.
    s = play(s, { type: 'session.end' }).state;
    const one = play(s, { type: 'character.advance', characterId: 'c1', skill: 'Leader' }, [1], PLAYER);
    expect(of(one.events, 'character.advancementRolled')[0]?.rose).toBe(false);
    expect(one.state.characters.c1?.ticks).toEqual([]);
  });
});

describe('personal combat', () => {
  it('pools set the order: the bigger pool chooses; a tie needs a roll-off', () => {
    let s = fight();
    expect(s.combat?.sides.a.pool).toBe(2); // Tactics-1 + hand battle computer
    expect(s.combat?.sides.b.pool).toBe(0); // the guard's Tactics-0
    expect(refused(s, { type: 'combat.rollOff' })).toBe('NO_TIE');
    expect(refused(s, { type: 'combat.order', intruder: 'a' }, OTHER_PLAYER)).toBe('NOT_YOUR_SIDE');
    s = play(s, { type: 'combat.order', intruder: 'b' }, [], PLAYER).state;
    expect(s.combat).toMatchObject({ stage: 'turns', phasing: 'b', phase: 'movement', turn: 1 });
  });

  it('acting out of phase or for another seat is refused and changes nothing', () => {
    let s = fight();
    s = play(s, { type: 'combat.order', intruder: 'a' }, [], PLAYER).state;
    expect(
      refused(s, { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c4'] }, PLAYER),
    ).toBe('WRONG_PHASE');
    expect(refused(s, { type: 'combat.move', characterId: 'c4', option: 'walk', x: 50, y: 0 })).toBe(
      'NOT_YOUR_TURN',
    );
    expect(refused(s, { type: 'combat.move', characterId: 'c2', option: 'stand' }, OTHER_PLAYER)).toBe(
      'NOT_IN_COMBAT',
    );
    expect(refused(s, { type: 'combat.move', characterId: 'c1', option: 'run', x: 46, y: 0 }, PLAYER)).toBe(
      'TOO_FAR',
    );
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'walk', x: 10, y: 0 }, [], PLAYER).state;
    expect(refused(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, PLAYER)).toBe(
      'ALREADY_DONE',
    );
    s = play(s, { type: 'combat.next' }, [], PLAYER).state;
    // Walking: no high-recoil weapons; the rifle is fine.
    expect(s.combat?.phase).toBe('directFire');
  });

  it('a shot with pool points waits in a window: points before and after the dice, then both pass', () => {
    let s = fight();
    s = play(s, { type: 'combat.order', intruder: 'a' }, [], PLAYER).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    // One point staged before the dice.
    s = play(s, { type: 'pool.spend', side: 'a', delta: 1 }, [], PLAYER).state;
    expect(s.combat?.sides.a.pool).toBe(1);
    // Rifle at 60 m (Effective, 8+): Rifles-2 + Dex +1 + 1 staged; 2+2 = 4 → 8: one hit.
    let r = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c4'] },
      [2, 2],
      PLAYER,
    );
    s = r.state;
    expect(s.window?.rolls[0]).toMatchObject({ total: 8, success: true });
    expect(refused(s, { type: 'combat.next' })).toBe('ROLL_OPEN');
    // After the dice: the last point for one more (9: still one hit; 10 would be two).
    s = play(s, { type: 'pool.spend', side: 'a', delta: 1, rollIndex: 0 }, [], PLAYER).state;
    expect(s.window?.rolls[0]?.total).toBe(9);
    expect(refused(s, { type: 'pool.spend', side: 'a', delta: 1 }, PLAYER)).toBe('POOL_TOO_SMALL');
    // Side a has no points left, side b none at all: passing closes it and the wound roll follows.
    r = play(s, { type: 'pool.pass', side: 'a' }, [3, 3], PLAYER);
    expect(of(r.events, 'combat.hits')[0]?.hits).toBe(1);
    // 3+3 + PEN 4 − flak 3 = 7: light.
    expect(of(r.events, 'character.wounded')[0]?.wound).toMatchObject({
      level: 'light',
      endLost: 1,
      penalty: 1,
    });
    expect(r.state.window).toBeNull();
  });

  it('firing without ammunition is refused; reloading takes the turn and ends in the command phase', () => {
    let s = fight();
    s = play(s, { type: 'character.edit', characterId: 'c1', ammo: [{ index: 0, loaded: 0 }] }).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    expect(
      refused(s, { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c4'] }, PLAYER),
    ).toBe('OUT_OF_AMMUNITION');
    // Next own turn: reload while evading.
    for (let i = 0; i < 11; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat).toMatchObject({ turn: 2, phasing: 'a', phase: 'movement' });
    s = play(
      s,
      { type: 'combat.move', characterId: 'c1', option: 'evade', x: 0, y: 5, reload: 0 },
      [],
      PLAYER,
    ).state;
    for (let i = 0; i < 5; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('command');
    expect(s.characters.c1?.weapons[0]).toMatchObject({ loaded: 20, spare: 1 });
  });

  it('melee with Reach on the turn of contact; unarmed wounds drop a level', () => {
    let s = withSamples();
    s = play(s, {
      type: 'combat.start',
      sides: [
        { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
        { id: 'b', name: 'Guard', members: [{ characterId: 'c4', x: 20, y: 0 }] },
      ],
    }).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'walk', x: 18, y: 0 }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    s = play(s, { type: 'combat.next' }).state;
    s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('melee');
    // Cutlass: Reach 1 is no better than its attack +1; Str DM +1; Sword-1; the guard parries bare-handed (0), unskilled (0).
    // 3+3 +3 = 9 ≥ 8: one hit (max 2). Wound 4+4 + PEN 3 − 3 flak = 8: moderate.
    const struck = play(
      s,
      { type: 'combat.melee', characterId: 'c1', targetId: 'c4', weaponId: 'cutlass' },
      [3, 3],
      PLAYER,
    );
    expect(struck.state.window?.rolls[0]?.mods).toEqual([
      { source: 'Sword / Cutlass attack', value: 1 },
      { source: 'Str DM', value: 1 },
      { source: 'Sword-1', value: 1 },
    ]);
    const hit = play(struck.state, { type: 'pool.pass', side: 'a' }, [4, 4], PLAYER);
    expect(of(hit.events, 'combat.hits')[0]?.hits).toBe(1);
    const r = play(hit.state, { type: 'pool.pass', side: 'a' }, [], PLAYER);
    expect(of(r.events, 'character.wounded')[0]?.wound.level).toBe('moderate');
    expect(refused(r.state, { type: 'combat.melee', characterId: 'c1', targetId: 'c4' }, PLAYER)).toBe(
      'ALREADY_DONE',
    );
  });

  it('casualties start morale checks; a failed check means flight', () => {
    let s = withSamples();
    s = play(s, {
      type: 'combat.start',
      sides: [
        { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
        {
          id: 'b',
          name: 'Guards',
          military: true,
          leaderId: 'c4',
          members: [
            { characterId: 'c4', x: 50, y: 0 },
            { characterId: 'c5', x: 50, y: 2 },
          ],
        },
      ],
    }).state;
    // Tie 0? No: Okonkwo has pool 2. She chooses.
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    s = play(s, { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c5'] }, [6, 6]).state;
    // The to-hit window closes; the wound rolls open their own (side a still holds points).
    s = play(s, { type: 'pool.pass', side: 'a' }, [6, 6, 6, 6, 6, 6]).state;
    expect(s.window?.after.kind).toBe('wounds');
    s = play(s, { type: 'pool.pass', side: 'a' }).state;
    expect(s.characters.c5?.wounds[0]?.level).toBe('dead');
    expect(s.combat?.sides.b.moraleChecking).toBe(true);
    for (let i = 0; i < 3; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('morale');
    // +1 military, leader Tactics-0 → +1, half down −2: 2+3 = 5 → 5 < 7: flees.
    const r = play(s, { type: 'combat.morale', side: 'b' }, [2, 3]);
    expect(r.state.window).not.toBeNull();
    const closed = play(r.state, { type: 'pool.pass', side: 'a' });
    expect(of(closed.events, 'combat.moraleRolled')[0]).toMatchObject({ result: 'fled' });
    expect(closed.state.combat?.sides.b.morale).toBe('fled');
  });

  it('zero-G: a failed control roll leaves him tumbling, unable to act this turn', () => {
    let s = withSamples();
    s = play(s, {
      type: 'combat.start',
      zeroG: true,
      sides: [
        { id: 'a', name: 'Crew', members: [{ characterId: 'c3', x: 0, y: 0 }] },
        { id: 'b', name: 'Guard', members: [{ characterId: 'c4', x: 20, y: 0 }] },
      ],
    }).state;
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    // Arrano: Dex B (+1), no Zero-G Combat; 1+2 +1 = 4 < 5.
    const r = play(s, { type: 'combat.move', characterId: 'c3', option: 'walk', x: 5, y: 0 }, [1, 2], PLAYER);
    expect(of(r.events, 'combat.controlRolled')[0]).toMatchObject({ tumbling: true });
    expect(r.state.combat?.combatants.c3?.x).toBe(0);
    expect(refused(r.state, { type: 'combat.move', characterId: 'c3', option: 'stand' }, PLAYER)).toBe(
      'TUMBLING',
    );
  });
});

describe('medicine and intrusion', () => {
  it('treating a light wound: kit, Medic and Int; one attempt only', () => {
    let s = withSamples();
    s = play(s, { type: 'character.edit', characterId: 'c1', reason: 'a light wound', wounds: [] }).state;
    s = {
      ...s,
      characters: {
        ...s.characters,
        c1: {
          ...(s.characters.c1 as Character),
          wounds: [
            { id: 1, level: 'light', endLost: 1, penalty: 1, treated: false, attempted: false, turn: 0 },
          ],
          nextWoundId: 2,
        },
      },
    };
    // Marchetti: Medic-3, Int B (+1), kit and scanner (+1): 2+2 +5 = 9 ≥ 8.
    const r = play(
      s,
      { type: 'medic.treat', medicId: 'c2', patientId: 'c1', woundId: 1 },
      [2, 2],
      OTHER_PLAYER,
    );
    expect(of(r.events, 'medic.treated')[0]?.roll.total).toBe(9);
    expect(r.state.characters.c1?.wounds[0]).toMatchObject({ treated: true, endLost: 0, penalty: 0 });
    const failed = play(
      s,
      { type: 'medic.treat', medicId: 'c2', patientId: 'c1', woundId: 1 },
      [1, 1],
      OTHER_PLAYER,
    );
    expect(
      refused(
        failed.state,
        { type: 'medic.treat', medicId: 'c2', patientId: 'c1', woundId: 1 },
        OTHER_PLAYER,
        [6, 6],
      ),
    ).toBe('ALREADY_ATTEMPTED');
  });

  it('picking locks: a natural 2 jams the lock for good; tools are needed', () => {
    let s = withSamples();
    const r = play(
      s,
      { type: 'intrusion.pickLock', characterId: 'c3', lockId: 'good-mechanical' },
      [1, 1],
      PLAYER,
    );
    expect(of(r.events, 'intrusion.rolled')[0]?.outcome).toBe('jammed');
    s = r.state;
    expect(
      refused(s, { type: 'intrusion.pickLock', characterId: 'c3', lockId: 'good-mechanical' }, PLAYER),
    ).toBe('LOCK_JAMMED');
    expect(refused(s, { type: 'intrusion.pickLock', characterId: 'c1', lockId: 'keypad' }, PLAYER)).toBe(
      'EQUIPMENT_REQUIRED',
    );
    // Intrusion-2 + Dex B (+1): 3+3 +3 = 9 ≥ 8 opens a keypad.
    const open = play(s, { type: 'intrusion.pickLock', characterId: 'c3', lockId: 'keypad' }, [3, 3], PLAYER);
    expect(of(open.events, 'intrusion.rolled')[0]?.outcome).toBe('open');
  });

  it('hacking: Computer and Intrusion; failing by 4 or more is discovery', () => {
    const s = withSamples();
    const r = play(s, { type: 'intrusion.hack', characterId: 'c3', networkId: 'starport' }, [1, 2], PLAYER);
    expect(of(r.events, 'intrusion.rolled')[0]?.outcome).toBe('discovered and probably traced');
    expect(refused(s, { type: 'intrusion.hack', characterId: 'c1', networkId: 'starport' }, PLAYER)).toBe(
      'SKILL_REQUIRED',
    );
  });

  it('demolition: too weak a charge is wasted; a natural 3 opening a safe ruins the contents', () => {
    let s = withSamples();
    s = play(s, { type: 'character.edit', characterId: 'c3', skills: { Demolitions: 1 } }).state;
    const weak = play(
      s,
      {
        type: 'intrusion.demolish',
        characterId: 'c3',
        item: 'Small safe',
        chargeId: 'door-charge',
        mode: 'open',
      },
      [],
      PLAYER,
    );
    expect(of(weak.events, 'intrusion.rolled')[0]?.roll).toBeNull();
    const r = play(
      s,
      {
        type: 'intrusion.demolish',
        characterId: 'c3',
        item: 'Small safe',
        chargeId: 'plastique-1kg',
        mode: 'breach',
      },
      [],
      PLAYER,
    );
    expect(of(r.events, 'intrusion.rolled')[0]?.outcome).toMatch(/too weak/);
    const opened = play(
      s,
      {
        type: 'intrusion.demolish',
        characterId: 'c3',
        item: 'Small safe',
        chargeId: 'breaching-charge',
        mode: 'open',
      },
      [1, 2],
      PLAYER,
    );
    expect(of(opened.events, 'intrusion.rolled')[0]?.outcome).toContain('contents destroyed');
    expect(
      refused(
        s,
        {
          type: 'intrusion.demolish',
          characterId: 'c1',
          item: 'Small safe',
          chargeId: 'breaching-charge',
          mode: 'open',
        },
        PLAYER,
      ),
    ).toBe('SKILL_REQUIRED');
  });
});

describe('entered dice', () => {
  it('a fire command asks for each die in turn (DICE_NEEDED) and accepts them typed in', () => {
    let s = fight();
    s = play(s, { type: 'combat.order', intruder: 'a' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    const command = rhylanorExpress.commandSchema.parse({
      type: 'combat.fire',
      characterId: 'c1',
      weaponIndex: 0,
      targets: ['c4'],
    });
    const code = refusalCode(() =>
      rhylanorExpress.decide(s, command, { actor: PLAYER, dice: new EnteredDice([4]) }),
    );
    expect(code).toBe('DICE_NEEDED');
    const events = rhylanorExpress.decide(s, command, { actor: PLAYER, dice: new EnteredDice([4, 4]) });
    expect(events.some((e) => e.type === 'window.opened')).toBe(true);
  });
});
