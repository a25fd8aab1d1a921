import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { robotFight as fight } from './robot-kit.ts';
import type { RhylanorState } from './ruleset.ts';
import { of, PLAYER, play } from './test-kit.ts';

function withDamage(s: RhylanorState, id: string, damage: string[], more: object = {}): RhylanorState {
  const m = s.machines[id];
  if (!m) throw new Error(`no ${id}`);
  return { ...s, machines: { ...s.machines, [id]: { ...m, damage, ...more } } };
}

/** A refusal leaves the state as it was and uses no die. */
function refused(s: RhylanorState, command: unknown, actor = undefined as typeof PLAYER | undefined): string {
  const before = JSON.stringify(s);
  const code = refusalCode(() => play(s, command, [], actor));
  expect(JSON.stringify(s)).toBe(before);
  return code;
}

const stand = { type: 'combat.move', characterId: 'm1', option: 'stand' };

/** On to side b's movement phase of a turn (nobody else does anything meanwhile). */
function toMovement(state: RhylanorState, turn: number): RhylanorState {
  let s = state;
  for (
    let i = 0;
    i < 100 && !(s.combat?.turn === turn && s.combat.phasing === 'b' && s.combat.phase === 'movement');
    i++
  )
    s = play(s, { type: 'combat.next' }).state;
  return s;
}

describe('robots in a fight', () => {
  it('joins on a side at a point, by the referee only, once', () => {
    const s = fight();
    expect(s.combat?.combatants.m1).toMatchObject({ side: 'b', x: 20, y: 0, activity: null });
    // A robot is no member of its side's morale or pool.
    expect(s.combat?.sides.b.members).toEqual(['c2']);
    expect(refused(s, { type: 'combat.robot', machineId: 'm1', side: 'b', x: 0, y: 0 })).toBe('ALREADY_DONE');
    expect(refused(s, { type: 'combat.robot', machineId: 'm9', side: 'b', x: 0, y: 0 })).toBe(
      'UNKNOWN_MACHINE',
    );
    expect(refused(s, { type: 'combat.robot', machineId: 'm3', side: 'b', x: 0, y: 0 }, PLAYER)).toBe(
      'ROLE_NOT_ALLOWED',
    );
  });

  it('moves by its pack movement through combat.move; a player may not command it', () => {
    const s = fight();
    const moved = play(s, { type: 'combat.move', characterId: 'm1', option: 'run', x: 20, y: 45 });
    expect(of(moved.events, 'combat.moved')[0]).toMatchObject({ id: 'm1', option: 'run', x: 20, y: 45 });
    expect(refused(s, { type: 'combat.move', characterId: 'm1', option: 'run', x: 20, y: 46 })).toBe(
      'TOO_FAR',
    );
    expect(refused(s, stand, PLAYER)).toBe('ROBOT_REFEREE_ONLY');
    // The cargo robot's pack movement has no Run, and its Walk is 12 m.
    expect(refused(s, { type: 'combat.move', characterId: 'm2', option: 'run' })).toBe('OPTION_NOT_ALLOWED');
    expect(refused(s, { type: 'combat.move', characterId: 'm2', option: 'walk', x: 53, y: 0 })).toBe(
      'TOO_FAR',
    );
    // A robot not in the fight, and a machine that is no robot.
    expect(refused(s, { type: 'combat.move', characterId: 'm3', option: 'stand' })).toBe('NOT_IN_COMBAT');
    expect(refused(s, { type: 'combat.move', characterId: 'm7', option: 'stand' })).toBe('UNKNOWN_MACHINE');
  });

  it('locomotion damage halves or stops its movement (§7.14)', () => {
    const impeded = withDamage(fight(), 'm1', ['locomotionImpeded']);
    expect(refused(impeded, { type: 'combat.move', characterId: 'm1', option: 'walk', x: 30, y: 0 })).toBe(
      'TOO_FAR',
    );
    play(impeded, { type: 'combat.move', characterId: 'm1', option: 'walk', x: 29, y: 0 });
    const jammed = withDamage(fight(), 'm1', ['locomotionJammed']);
    expect(refused(jammed, { type: 'combat.move', characterId: 'm1', option: 'walk' })).toBe('IMMOBILE');
    play(jammed, stand);
  });

  it('fires its weapon through combat.fire with its skills, Dex and auto-fire; the rounds come off its load', () => {
    let s = play(fight(), stand).state;
    s = play(s, { type: 'combat.next' }).state;
    // 3+3, Machinegun-1, Dex DM 0, auto-fire +2 = 9 vs 8: one hit. Wound: 3+3 + PEN 2 − jack 1 = 7, light.
    const r = play(
      s,
      { type: 'combat.fire', characterId: 'm1', weaponIndex: 0, targets: ['c1'] },
      [3, 3, 3, 3],
    );
    const hit = of(r.events, 'combat.hits')[0];
    expect(hit?.attackerId).toBe('m1');
    expect(hit?.roll.mods.map((m) => m.source)).toEqual(['Machinegun-1', 'Dex DM', 'auto-fire']);
    expect(hit?.roll.total).toBe(9);
    expect(of(r.events, 'character.wounded')[0]?.wound.level).toBe('light');
    expect(r.state.machines.m1?.spent).toEqual([10]);
    // One attack a phase, as a man.
    expect(
      refused(r.state, { type: 'combat.fire', characterId: 'm1', weaponIndex: 0, targets: ['c1'] }),
    ).toBe('ALREADY_DONE');
  });

  it('its damage bends the shot: skills and attacks penalties, blindness, a silenced weapon', () => {
    let s = play(fight(), stand).state;
    s = play(s, { type: 'combat.next' }).state;
    const hurt = withDamage(s, 'm1', ['skillsMinus1', 'skillsMinus2', 'attacksMinus1', 'electronicsJammed']);
    const r = play(hurt, { type: 'combat.fire', characterId: 'm1', weaponIndex: 0, targets: ['c1'] }, [6, 6]);
    const mods = of(r.events, 'combat.hits')[0]?.roll.mods ?? [];
    expect(mods.filter((m) => m.source.startsWith('robot damage'))).toEqual([
      { source: 'robot damage: skills', value: -3 },
      { source: 'robot damage: attacks', value: -1 },
      { source: 'robot damage: blind', value: -5 },
    ]);
    const fire = { type: 'combat.fire', characterId: 'm1', weaponIndex: 0, targets: ['c1'] };
    expect(refused(withDamage(s, 'm1', ['weaponJammed']), fire)).toBe('WEAPON_OUT');
    expect(refused(withDamage(s, 'm1', ['sensesDestroyed']), fire)).toBe('CANNOT_FIRE');
    // The medical robot has no weapon.
    const medic = play(s, { type: 'combat.robot', machineId: 'm3', side: 'b', x: 30, y: 0 }).state;
    expect(refused(medic, { ...fire, characterId: 'm3' })).toBe('UNKNOWN_WEAPON');
  });

  it('a robot taken out stops acting: power plant gone by machine.hit, or exploded', () => {
    // 6 + PEN 20 − armour 10 = 16: major penetration; effect 1: power plant destroyed.
    const hit = play(fight(), { type: 'machine.hit', machineId: 'm1', pen: 20 }, [6, 1]);
    expect(hit.state.machines.m1?.inert).toBe(true);
    expect(refused(hit.state, stand)).toBe('CANNOT_ACT');
    const blown = withDamage(fight(), 'm1', ['explode'], { destroyed: true });
    expect(refused(blown, stand)).toBe('CANNOT_ACT');
  });

  it('loses turns as its damage says (§7.14): from its side’s next player turn, none more while they run', () => {
    // 1 + PEN 10 − armour 10 = 1: a surface hit; effect 1: Lose 1 turn. Side b plays now, so it is turn 2 lost.
    const one = play(fight(), { type: 'machine.hit', machineId: 'm1', pen: 10 }, [1, 1]);
    expect(of(one.events, 'machine.damaged')[0]).toMatchObject({ lostTurns: { from: 2, through: 2 } });
    let s = play(one.state, stand).state;
    // Hit again while the lost turn runs: nothing more is lost.
    s = play(s, { type: 'machine.hit', machineId: 'm1', pen: 10 }, [1, 1]).state;
    expect(s.machines.m1?.lostTurns).toEqual({ from: 2, through: 2 });
    s = toMovement(s, 2);
    expect(refused(s, stand)).toBe('CANNOT_ACT');
    play(toMovement(s, 3), stand);
    // 6 + 10 − 10 = 6, surface; effect 6 rolls on; Minor effect 1: Lose 1d6 turns, the die 3: turns 2 to 4.
    const many = play(fight(), { type: 'machine.hit', machineId: 'm1', pen: 10 }, [6, 6, 1, 3]);
    expect(of(many.events, 'machine.damaged')[0]).toMatchObject({
      lostTurns: { from: 2, through: 4, die: 3 },
    });
    expect(refused(toMovement(many.state, 4), stand)).toBe('CANNOT_ACT');
    play(toMovement(many.state, 5), stand);
  });

  it('reloads as a man does: empty, it reloads on its move and is full in its command phase', () => {
    let s = withDamage(fight(), 'm1', [], { spent: [30] });
    const r = play(s, { type: 'combat.move', characterId: 'm1', option: 'stand', reload: 0 });
    s = r.state;
    for (let i = 0; i < 6 && s.combat?.phase !== 'command'; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.machines.m1).toMatchObject({ spent: [0], reloads: [1] });
    expect(s.combat?.combatants.m1?.reloading).toBeNull();
    // Its spare loads run out (the pack gives it 2).
    const dry = withDamage(fight(), 'm1', [], { spent: [30], reloads: [2] });
    expect(refused(dry, { type: 'combat.move', characterId: 'm1', option: 'stand', reload: 0 })).toBe(
      'NO_SPARE_AMMUNITION',
    );
  });

  it('an empty robot cannot fire', () => {
    let s = play(withDamage(fight(), 'm1', [], { spent: [30] }), stand).state;
    s = play(s, { type: 'combat.next' }).state;
    expect(refused(s, { type: 'combat.fire', characterId: 'm1', weaponIndex: 0, targets: ['c1'] })).toBe(
      'OUT_OF_AMMUNITION',
    );
  });
});
