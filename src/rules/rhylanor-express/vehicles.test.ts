import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { Machine } from './state.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';
import { robotSkillDm, rollDamage, vehicleTargetDm, withEffect } from './vehicles.ts';

describe('vehicles and robots (§7.7, §7.13, §7.14)', () => {
  it('vehicle to-hit DMs: the table, halved penalties with an AA pod, none with a ship computer', () => {
    expect(vehicleTargetDm('Speeder', 'cruising')).toBe(-9);
    expect(vehicleTargetDm('Speeder', 'cruising', true)).toBe(-4);
    expect(vehicleTargetDm('Speeder', 'sitting', true)).toBe(2);
    expect(vehicleTargetDm('Interceptor or grav fighter', 'fleeing', false, true)).toBe(0);
    expect(vehicleTargetDm('G-carrier', 'attacking')).toBe(2);
  });

  it('penetration bands and the column chain: 11 on Surface rolls Minor, 11 on Minor rolls Major', () => {
    // 1d6 3 + PEN 8 − 4 armour = 7: Surface; 2d6 = 11 → Minor; 5+6 → Major; 6+6 → Explode.
    const r = rollDamage('vehicle', 8, 4, new ScriptedDice([3, 5, 6, 5, 6, 6, 6]));
    expect(r.penetration).toEqual({ face: 3, total: 7, result: 'surface' });
    expect(r.effects.map((e) => e.effect)).toEqual(['next', 'next', 'explode']);
    expect(rollDamage('vehicle', 2, 30, new ScriptedDice([6])).effects).toEqual([]);
    // Robot: 1d6 5 + 10 − 10 = 5 Surface; 1d6 2 → Skills −1.
    expect(rollDamage('robot', 10, 10, new ScriptedDice([5, 2])).effects[0]?.effect).toBe('skillsMinus1');
  });

  it('robot damage does not stack where the text says so; a second Skills −2 is the brain', () => {
    let m: Machine = {
      id: 'm1',
      kind: 'robot',
      packId: 'security-robot',
      name: 'Bot',
      armour: 10,
      damage: [],
      destroyed: false,
      inert: false,
    };
    m = { ...m, ...withEffect(m, 'skillsMinus1') };
    m = { ...m, ...withEffect(m, 'skillsMinus1') };
    expect(m.damage).toEqual(['skillsMinus1']);
    m = { ...m, ...withEffect(m, 'skillsMinus2') };
    expect(robotSkillDm(m)).toBe(-3);
    m = { ...m, ...withEffect(m, 'skillsMinus2') };
    expect(m.inert).toBe(true);
  });

  it('hits and repairs through the ruleset: a tool kit, skill + Int vs the repair number', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'orr', owner: 'p1' }).state;
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'air-raft' }).state;
    // 1d6 4 + PEN 3 − 1 = 6 Surface; 2d6 3+2 = 5 → Locomotion impeded.
    const hit = play(s, { type: 'machine.hit', machineId: 'm1', pen: 3 }, [4, 3, 2]);
    expect(of(hit.events, 'machine.damaged')[0]?.damage).toEqual(['locomotionImpeded']);
    s = hit.state;
    // Orr: Mechanical-1, Int 9 (+1), mechanics kit; 2+2 +2 = 6 ≥ 6.
    const fixed = play(
      s,
      { type: 'machine.repair', machineId: 'm1', technicianId: 'c1', effect: 'locomotionImpeded' },
      [2, 2],
      PLAYER,
    );
    expect(fixed.state.machines.m1?.damage).toEqual([]);
    expect(
      refusalCode(() =>
        play(
          s,
          { type: 'machine.repair', machineId: 'm1', technicianId: 'c1', effect: 'engineJammed' },
          [],
          PLAYER,
        ),
      ),
    ).toBe('NOT_DAMAGED');
  });
});
