import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { fromSheet } from './characters.ts';
import { defaultPack } from './data/pack.ts';
import { SUBSTITUTIONS } from './data/tables.ts';
import { chanceOutOf36, makeRoll, skillMods } from './task.ts';
import { taskPlan, taskRollSchema } from './tasks.ts';
import { fresh, PLAYER, play } from './test-kit.ts';

const orr = fromSheet(fresh(), defaultPack.characters.find((c) => c.id === 'orr') as never, null);

describe('task roll (§1)', () => {
  it('meets or beats the target; the breakdown adds up', () => {
    const r = makeRoll('t', [3, 4], [{ source: 'Rifles-1', value: 1 }], 8);
    expect(r).toMatchObject({ natural: 7, total: 8, margin: 0, success: true });
    expect(makeRoll('t', [1, 1], [], 3).success).toBe(false);
  });

  it('unskilled is −3; Jack-of-all-Trades cancels it; a required skill refuses', () => {
    expect(skillMods(orr, [{ skill: 'Medic', dm: 0 }], defaultPack).mods).toEqual([
      { source: 'unskilled', value: -3 },
    ]);
    const jot = { ...orr, skills: { ...orr.skills, 'Jack-of-all-Trades': 1 } };
    expect(skillMods(jot, [{ skill: 'Medic', dm: 0 }], defaultPack).mods[0]?.value).toBe(0);
    expect(refusalCode(() => skillMods(orr, [{ skill: 'Forensics', dm: 0 }], defaultPack, true))).toBe(
      'SKILL_REQUIRED',
    );
    expect(skillMods(orr, [{ skill: 'Rifles', dm: 0 }], defaultPack).mods).toEqual([
      { source: 'Rifles-0', value: 0 },
    ]);
  });

  it('substitutions: the better of the listed skills, with its penalty', () => {
    // Orr: Engineering-2, Gravitics-0 → grav vehicle repair uses Engineering-2 −1 = +1 over Gravitics 0.
    const grav = skillMods(orr, SUBSTITUTIONS.repairGravVehicle?.skills ?? [], defaultPack);
    expect(grav.skill).toBe('Engineering');
    expect(grav.mods.reduce((s, m) => s + m.value, 0)).toBe(1);
    // Gunnery-1 fires energy artillery at −1: level 0 at −1 can go below zero.
    const art = skillMods(orr, SUBSTITUTIONS.fireEnergyArtillery?.skills ?? [], defaultPack);
    expect(art.skill).toBe('Gunnery');
    expect(art.mods.reduce((s, m) => s + m.value, 0)).toBe(0);
    const low = { ...orr, skills: { Gunnery: 0 } };
    expect(
      skillMods(low, SUBSTITUTIONS.fireEnergyArtillery?.skills ?? [], defaultPack).mods.reduce(
        (s, m) => s + m.value,
        0,
      ),
    ).toBe(-1);
  });

  it('exact chance out of 36', () => {
    expect(chanceOutOf36(0, 8)).toBe(15);
    expect(chanceOutOf36(0, 2)).toBe(36);
    expect(chanceOutOf36(0, 13)).toBe(0);
    expect(chanceOutOf36(2, 8)).toBe(26);
  });
});

describe('taskPlan: the chance before the dice, from the very modifiers task.roll uses', () => {
  it('plans what task.roll then rolls, and refuses as it does', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
    const cmd = taskRollSchema.parse({
      type: 'task.roll',
      characterId: 'c1',
      skills: ['Rifles'],
      characteristic: 'Dex',
      dms: [{ source: 'wind', value: -1 }],
      target: 8,
    });
    const plan = taskPlan(s, cmd, { actor: PLAYER, dice: new ScriptedDice([]) });
    expect(plan).toMatchObject({ target: 8, skill: 'Rifles' });
    const dm = plan.mods.reduce((sum, m) => sum + m.value, 0);
    expect(chanceOutOf36(dm, plan.target)).toBeGreaterThan(0);
    const rolled = play(s, cmd, [3, 4], PLAYER).events.find((e) => e.type === 'task.rolled');
    expect(rolled && 'roll' in rolled ? rolled.roll.mods : null).toEqual(plan.mods);
    expect(
      refusalCode(() =>
        taskPlan(s, cmd, { actor: { seatId: 'p2', role: 'player' }, dice: new ScriptedDice([]) }),
      ),
    ).toBe('NOT_YOUR_CHARACTER');
  });
});
