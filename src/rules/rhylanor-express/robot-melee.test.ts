import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { robotFight as fight } from './robot-kit.ts';
import type { RhylanorState } from './ruleset.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/** Robots striking in melee, looking for a hidden enemy and spotting for their side (§7.2, §7.8, §7.14). */

/** The security robot with a melee weapon in its pack row (Bughunt's own field; the book arms none). */
function armed(s: RhylanorState, melee: string): RhylanorState {
  const robots = s.pack.robots.map((r) => (r.id === 'security-robot' ? { ...r, melee } : r));
  return { ...s, pack: { ...s.pack, robots } };
}

function withDamage(s: RhylanorState, damage: string[], more: object = {}): RhylanorState {
  const m = s.machines.m1;
  if (!m) throw new Error('no m1');
  return { ...s, machines: { ...s.machines, m1: { ...m, damage, ...more } } };
}

function toPhase(state: RhylanorState, phase: string): RhylanorState {
  let s = state;
  for (let i = 0; i < 10 && s.combat?.phase !== phase; i++) s = play(s, { type: 'combat.next' }).state;
  return s;
}

/** A refusal leaves the state as it was and uses no die. */
function refused(s: RhylanorState, command: unknown, actor = undefined as typeof PLAYER | undefined): string {
  const before = JSON.stringify(s);
  const code = refusalCode(() => play(s, command, [], actor));
  expect(JSON.stringify(s)).toBe(before);
  return code;
}

/** The security robot (spear in its pack row) runs into contact with Marchetti; on to melee. */
function inContact(melee = 'spear'): RhylanorState {
  const s = play(armed(fight(), melee), {
    type: 'combat.move',
    characterId: 'm1',
    option: 'run',
    x: 1,
    y: 0,
  }).state;
  return toPhase(s, 'melee');
}

const strike = { type: 'combat.melee', characterId: 'm1', targetId: 'c1', weaponId: 'spear' };

describe('a robot in melee', () => {
  it('strikes with its pack weapon’s Reach on the turn contact is made, its Str and skill, and wounds', () => {
    const r = play(inContact(), strike, [6, 5, 3, 3]);
    const hit = of(r.events, 'combat.hits')[0];
    // Spear Reach 2 beats its attack 1 on the fresh contact; Str 10 → +1; no Spear skill → −3.
    expect(hit?.roll.mods).toEqual([
      { source: 'Spear / Bayonet Reach', value: 2 },
      { source: 'Str DM', value: 1 },
      { source: 'unskilled', value: -3 },
    ]);
    expect(hit).toMatchObject({ attackerId: 'm1', targetId: 'c1', hits: 1 });
    // Pen 3 − Jack 1 + 6 = 8: moderate.
    expect(of(r.events, 'character.wounded')[0]).toMatchObject({ characterId: 'c1', rolled: 'moderate' });
    expect(r.state.combat?.acted.m1).toBe(true);
    expect(refusalCode(() => play(r.state, strike, [6, 6]))).toBe('ALREADY_DONE');
  });

  it('strikes bare without a weapon named: the unarmed row, a wound a level lower', () => {
    const r = play(inContact(), { type: 'combat.melee', characterId: 'm1', targetId: 'c1' }, [6, 4, 4, 5]);
    expect(of(r.events, 'combat.meleeStruck')[0]?.weaponId).toBe('unarmed');
    // 6 + 4 + Str 1 − unskilled 3 = 8, one hit; 4 + 5 − Jack 1 = 8, moderate, and bare hands bring it to light.
    expect(of(r.events, 'character.wounded')[0]).toMatchObject({ rolled: 'moderate', shift: -1 });
  });

  it('its damage bends the strike as it does its shots: skills, attacks, blind (§7.14)', () => {
    const s = withDamage(inContact(), ['skillsMinus1', 'attacksMinus1', 'electronicsJammed']);
    const r = play(s, strike, [6, 6]);
    expect(of(r.events, 'combat.hits')[0]?.roll.mods).toEqual(
      expect.arrayContaining([
        { source: 'robot damage: skills', value: -1 },
        { source: 'robot damage: attacks', value: -1 },
        { source: 'robot damage: blind', value: -5 },
      ]),
    );
  });

  it('refuses: a player’s seat, its weapon out (bare strikes stay), senses gone, lost turns, no contact, a weapon it lacks', () => {
    const s = inContact();
    expect(refused(s, strike, PLAYER)).toBe('ROBOT_REFEREE_ONLY');
    expect(refused(s, { ...strike, weaponId: 'cutlass' })).toBe('UNKNOWN_WEAPON');
    const jammed = withDamage(s, ['weaponJammed']);
    expect(refused(jammed, strike)).toBe('WEAPON_OUT');
    play(jammed, { type: 'combat.melee', characterId: 'm1', targetId: 'c1' }, [1, 1]);
    expect(refused(withDamage(s, ['sensesDestroyed']), strike)).toBe('CANNOT_ACT');
    expect(refused(withDamage(s, ['lose1Turn'], { lostTurns: { from: 1, through: 1 } }), strike)).toBe(
      'CANNOT_ACT',
    );
    expect(refused(withDamage(s, ['powerPlantDestroyed'], { inert: true }), strike)).toBe('CANNOT_ACT');
    const apart = toPhase(armed(fight(), 'spear'), 'melee');
    expect(refused(apart, strike)).toBe('NOT_IN_CONTACT');
  });
});

/** Marchetti concealed; on to side b's command phase, where the robot may look for him. */
function hidden(): RhylanorState {
  const s = play(fight(), { type: 'combat.place', characterId: 'c1', concealed: true }).state;
  return toPhase(s, 'command');
}

const look = { type: 'combat.seek', characterId: 'm1', targetId: 'c1' };

describe('a robot looking for a hidden enemy (§7.15)', () => {
  it('rolls with its pack Recon; found, he is in plain sight', () => {
    const r = play(hidden(), look, [3, 2]);
    const sought = of(r.events, 'combat.sought')[0];
    // Side a is noisy: 6+. 3 + 2 + Recon-1 = 6.
    expect(sought).toMatchObject({ seekerId: 'm1', targetId: 'c1', found: true });
    expect(sought?.roll?.mods).toEqual([{ source: 'Recon-1', value: 1 }]);
    expect(r.state.combat?.combatants.c1?.concealed).toBe(false);
    expect(refused(r.state, look)).toBe('ALREADY_DONE');
  });

  it('its skill damage counts; electronics impeded or jammed, or senses gone, and it cannot look', () => {
    const r = play(withDamage(hidden(), ['skillsMinus2']), look, [3, 2]);
    expect(of(r.events, 'combat.sought')[0]).toMatchObject({ found: false });
    expect(of(r.events, 'combat.sought')[0]?.roll?.mods).toContainEqual({
      source: 'robot damage: skills',
      value: -2,
    });
    for (const damage of ['electronicsImpeded', 'electronicsJammed', 'sensesDestroyed'])
      expect(refused(withDamage(hidden(), [damage]), look)).toBe('CANNOT_SPOT');
    expect(refused(hidden(), look, PLAYER)).toBe('ROBOT_REFEREE_ONLY');
  });
});

/** A fight still at its spotting roll: Marchetti (a) against the pirate gunner and the security robot (b). */
function spotting(damage: string[] = []): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'marchetti', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'pirate-gunner' }).state;
  s = play(s, { type: 'machine.add', kind: 'robot', packId: 'security-robot' }).state;
  s = play(s, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Doctor', disposition: 'concealed', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      { id: 'b', name: 'Pirates', members: [{ characterId: 'c2', x: 100, y: 0 }] },
    ],
  }).state;
  s = play(s, { type: 'combat.robot', machineId: 'm1', side: 'b', x: 20, y: 0 }).state;
  return withDamage(s, damage);
}

describe('a robot spotting for its side (§7.2)', () => {
  it('is the best spotter by its Recon, and its side’s roll is its', () => {
    const r = play(spotting(), { type: 'combat.spot', side: 'b' }, [5, 4]);
    const roll = of(r.events, 'combat.spotted')[0]?.roll;
    // Concealed: 10+. 5 + 4 + Recon-1.
    expect(roll).toMatchObject({ purpose: 'spotting by Security robot', total: 10, success: true });
    expect(roll?.mods).toEqual([{ source: 'Recon-1', value: 1 }]);
  });

  it('one whose electronics are impeded makes no spotting roll: the pirate looks instead', () => {
    const r = play(spotting(['electronicsImpeded']), { type: 'combat.spot', side: 'b' }, [5, 4]);
    expect(of(r.events, 'combat.spotted')[0]?.roll?.purpose).toBe('spotting by Pirate gunner');
  });
});

describe('a robot hit outside a fight (reading: its lost turns are over at once)', () => {
  it('loses no turns and rolls no die for them', () => {
    let s = fresh();
    s = play(s, { type: 'machine.add', kind: 'robot', packId: 'security-robot' }).state;
    // 6 + 10 − 10 = 6, a surface hit; effect 6 → the minor column; effect 1: Lose 1d6 turns, and no 1d6 follows.
    const r = play(s, { type: 'machine.hit', machineId: 'm1', pen: 10 }, [6, 6, 1]);
    const damaged = of(r.events, 'machine.damaged')[0];
    expect(damaged?.damage).toEqual(['lose1d6Turns']);
    expect(damaged).not.toHaveProperty('lostTurns');
    expect(r.state.machines.m1?.lostTurns).toBeUndefined();
  });
});
