import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, of, PLAYER, play, startDuel } from './test-kit.ts';

/**
 * Vehicles in personal combat (§7.7): Okonkwo (c1, p1) with a G-carrier (m1) on side a; a guard
 * (c2) and a grav fighter (m2, Fire Control) on side b. Scripted dice throughout.
 */
function battle(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
  s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
  s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'grav-fighter' }).state;
  s = startDuel(s, 60);
  s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 0, y: 5 }).state;
  s = play(s, {
    type: 'combat.vehicle',
    machineId: 'm2',
    side: 'b',
    x: 500,
    y: 0,
    activity: 'cruising',
  }).state;
  return play(s, { type: 'combat.order', intruder: 'a' }).state;
}

/** Side a's direct-fire phase, Okonkwo standing. */
function directFire(): RhylanorState {
  let s = battle();
  s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
  return play(s, { type: 'combat.next' }).state;
}

/** From any phase of side a's player turn on to its command phase. */
function toCommand(s: RhylanorState): RhylanorState {
  let out = s;
  for (let i = 0; i < 8 && out.combat?.phase !== 'command'; i++)
    out = play(out, { type: 'combat.next' }).state;
  return out;
}

/** Side a's command phase of turn 1. */
function commandPhase(): RhylanorState {
  return toCommand(directFire());
}

/** On from here to side a's next direct-fire phase (side b does nothing meanwhile). */
function nextDirectFire(s: RhylanorState): RhylanorState {
  let out = play(s, { type: 'combat.next' }).state;
  for (let i = 0; i < 20 && !(out.combat?.phasing === 'a' && out.combat.phase === 'directFire'); i++) {
    if (out.combat?.phasing === 'a' && out.combat.phase === 'movement')
      out = play(out, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    out = play(out, { type: 'combat.next' }).state;
  }
  return out;
}

/** The G-carrier with rounds already fired (and spare loads used) per slot. */
function withSpent(s: RhylanorState, spent: number[], reloads?: number[]): RhylanorState {
  const m = s.machines.m1;
  if (!m) throw new Error('no G-carrier');
  return { ...s, machines: { ...s.machines, m1: { ...m, spent, ...(reloads ? { reloads } : {}) } } };
}

/** A refusal leaves the state as it was. */
function refused(s: RhylanorState, command: unknown, actor = PLAYER): string {
  const before = JSON.stringify(s);
  const code = refusalCode(() => play(s, command, [1, 1], actor));
  expect(JSON.stringify(s)).toBe(before);
  return code;
}

describe('vehicles in personal combat (§7.7)', () => {
  it('a vehicle drives up to its Turn Speed once a turn, in its side’s movement phase', () => {
    const s = battle();
    const drive = {
      type: 'combat.drive',
      machineId: 'm1',
      driverId: 'c1',
      x: 700,
      y: 5,
      activity: 'attacking',
    };
    const moved = play(s, drive, [], PLAYER).state;
    expect(moved.combat?.combatants.m1).toMatchObject({ x: 700, activity: 'attacking', option: 'walk' });
    expect(refusalCode(() => play(moved, drive, [], PLAYER))).toBe('ALREADY_DONE');
    expect(refusalCode(() => play(s, { ...drive, x: 900 }, [], PLAYER))).toBe('TOO_FAR');
    expect(refusalCode(() => play(s, { ...drive, driverId: undefined }, [], PLAYER))).toBe('DRIVER_NEEDED');
    expect(refusalCode(() => play(s, { ...drive, machineId: 'm2', driverId: undefined, x: 400, y: 0 }))).toBe(
      'NOT_YOUR_TURN',
    );
  });

  it('a shot at a vehicle takes the target table’s DM and its hits go to the damage tables', () => {
    let s = directFire();
    s = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['m2'], rounds: 1 },
      [3, 3],
      PLAYER,
    ).state;
    expect(s.window?.rolls[0]?.mods).toContainEqual({
      source: 'Interceptor or grav fighter cruising',
      value: -12,
    });
    // The referee rules it a hit (total 12 at Extreme): one hit, PEN 4 against armour 20: no effect.
    const r = play(s, { type: 'window.close', totals: [{ index: 0, total: 12 }] }, [6]);
    expect(of(r.events, 'combat.hits')[0]).toMatchObject({ targetId: 'm2', hits: 1 });
    expect(of(r.events, 'machine.damaged')[0]).toMatchObject({
      machineId: 'm2',
      roll: { penetration: { face: 6, total: -10, result: 'none' }, effects: [] },
    });
    expect(of(r.events, 'character.wounded')).toEqual([]);
  });

  it('a vehicle fires its weapons through a gunner, each weapon once a phase', () => {
    let s = directFire();
    const shot = { type: 'combat.vehicleFire', machineId: 'm1', gunnerId: 'c1', slot: 0, targets: ['c2'] };
    const r = play(s, shot, [1, 1], PLAYER);
    expect(of(r.events, 'combat.vehicleFired')[0]).toMatchObject({ weaponId: 'vrf-gauss', rounds: 300 });
    expect(r.state.window?.rolls[0]?.mods).toContainEqual({ source: 'auto-fire', value: 4 });
    s = play(r.state, { type: 'window.close' }).state;
    expect(refusalCode(() => play(s, shot, [1, 1], PLAYER))).toBe('ALREADY_DONE');
    // Its minor weapon is another weapon: it may fire too.
    expect(refusalCode(() => play(s, { ...shot, slot: 1 }, [1, 1], PLAYER))).toBe('accepted');
    expect(refusalCode(() => play(s, { ...shot, slot: 2 }, [], PLAYER))).toBe('UNKNOWN_WEAPON');
  });

  it('an anti-aircraft pod on the firing weapon halves the vehicle penalties; a ship’s computer ignores them', () => {
    const withCarrier = (s: RhylanorState, patch: Record<string, unknown>): RhylanorState => ({
      ...s,
      pack: {
        ...s.pack,
        vehicles: s.pack.vehicles.map((v) => (v.id === 'g-carrier' ? { ...v, ...patch } : v)),
      },
    });
    const cruising = 'Interceptor or grav fighter cruising';
    const dmOf = (s: RhylanorState) => s.window?.rolls[0]?.mods.find((m) => m.source === cruising)?.value;
    const shot = { type: 'combat.vehicleFire', machineId: 'm1', gunnerId: 'c1', slot: 0, targets: ['m2'] };
    const podded = withCarrier(directFire(), { aaPodSlots: [0] });
    expect(dmOf(play(podded, shot, [1, 1], PLAYER).state)).toBe(-6);
    // The minor weapon is not on the pod.
    expect(dmOf(play(podded, { ...shot, slot: 1, rounds: 1 }, [1, 1], PLAYER).state)).toBe(-12);
    const computed = withCarrier(directFire(), { shipComputer: true });
    expect(dmOf(play(computed, shot, [1, 1], PLAYER).state)).toBeUndefined();
    // A man's own weapon on a pod he carries.
    let s = directFire();
    s = play(s, { type: 'character.outfit', characterId: 'c1', addGear: ['anti-aircraft-pod'] }).state;
    const own = { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['m2'], rounds: 1 };
    expect(dmOf(play(s, own, [3, 3], PLAYER).state)).toBe(-6);
  });

  it('bombs (§7.11): 2d6 + the pilot’s vehicle skill, 10+ a direct hit; a miss deviates 2d6 × 10 m by a d12 clock', () => {
    const s = play(directFire(), { type: 'character.edit', characterId: 'c1', skills: { Grav: 2 } }).state;
    const drop = { type: 'combat.bomb', machineId: 'm1', pilotId: 'c1', x: 0, y: 300 } as const;
    // No bomb rack in the pack: refused, nothing changes.
    expect(refusalCode(() => play(s, drop, [6, 6], PLAYER))).toBe('NO_BOMBS');
    const racked: RhylanorState = {
      ...s,
      pack: {
        ...s.pack,
        vehicles: s.pack.vehicles.map((v) => (v.id === 'g-carrier' ? { ...v, bombRack: true } : v)),
      },
    };
    const hit = play(racked, drop, [6, 2], PLAYER);
    const bombed = of(hit.events, 'combat.bombed')[0];
    expect(bombed).toMatchObject({
      x: 0,
      y: 300,
      clock: null,
      metres: 0,
      roll: { target: 10, success: true },
    });
    expect(bombed?.roll.mods).toEqual([expect.objectContaining({ value: 2 })]);
    expect(refusalCode(() => play(hit.state, drop, [6, 6], PLAYER))).toBe('ALREADY_DONE');
    // A miss: 12 o'clock is long, straight on beyond the point, 2d6 × 10 m.
    const miss = of(play(racked, drop, [1, 1, 12, 3, 4], PLAYER).events, 'combat.bombed')[0];
    expect(miss).toMatchObject({ clock: 12, metres: 70, roll: { success: false } });
    expect(miss?.x).toBeCloseTo(0);
    expect(miss?.y).toBeCloseTo(370);
    // Only in the aircraft side's direct-fire phase.
    const later = play(racked, { type: 'combat.next' }).state;
    expect(refusalCode(() => play(later, drop, [6, 6], PLAYER))).toBe('WRONG_PHASE');
  });

  it('dogfights: 2d6 + the pilot’s vehicle skill − the other’s, 8+; a win drops the movement DM, a loss lets the target answer', () => {
    const s = directFire();
    const won = play(
      s,
      { type: 'combat.dogfight', machineId: 'm1', targetId: 'm2', pilotId: 'c1' },
      [6, 5],
      PLAYER,
    );
    expect(of(won.events, 'combat.dogfought')[0]).toMatchObject({ won: true, roll: { total: 8 } });
    const shot = play(
      won.state,
      { type: 'combat.vehicleFire', machineId: 'm1', gunnerId: 'c1', slot: 0, targets: ['m2'] },
      [1, 1],
      PLAYER,
    );
    expect(shot.state.window?.rolls[0]?.mods.map((m) => m.source)).not.toContain(
      'Interceptor or grav fighter cruising',
    );
    // A loss: in side b's return fire the fighter may dogfight back; without the loss it may not.
    const lost = play(
      s,
      { type: 'combat.dogfight', machineId: 'm1', targetId: 'm2', pilotId: 'c1' },
      [1, 1],
      PLAYER,
    );
    const answer = { type: 'combat.dogfight', machineId: 'm2', targetId: 'm1', pilotId: 'c2' };
    expect(refusalCode(() => play(lost.state, answer, [1, 1]))).toBe('NOT_YOUR_TURN');
    const back = play(lost.state, { type: 'combat.next' }).state;
    expect(back.combat?.phase).toBe('returnFire');
    const answered = play(back, answer, [6, 6]);
    // The guard is a secret NPC: a player sees his dogfight roll as one lump, not his skills.
    const seen = rhylanorExpress.redact(
      of(answered.events, 'combat.dogfought')[0] as never,
      PLAYER,
    ) as unknown as {
      roll: { mods: unknown[] };
    };
    expect(seen.roll.mods).toHaveLength(1);
    expect((of(answered.events, 'combat.dogfought')[0] as { secret?: boolean } | undefined)?.secret).toBe(
      true,
    );
    const noLoss = play(s, { type: 'combat.next' }).state;
    expect(refusalCode(() => play(noLoss, answer, [6, 6]))).toBe('CANNOT_FIRE');
  });

  it('the referee’s dogfight switch: the text’s 1d6 instead of 2d6 (pack rules.dogfightDice)', () => {
    const s = directFire();
    const oneDie = { ...s, pack: { ...s.pack, rules: { ...s.pack.rules, dogfightDice: 1 as const } } };
    const r = play(
      oneDie,
      { type: 'combat.dogfight', machineId: 'm1', targetId: 'm2', pilotId: 'c1' },
      [6],
      PLAYER,
    );
    const fought = of(r.events, 'combat.dogfought')[0];
    expect(fought?.roll.faces).toEqual([6]);
    expect(fought?.roll.natural).toBe(6);
    expect(fought?.won).toBe((fought?.roll.total ?? 0) >= 8);
  });

  it('point defence is set in a command phase on a pod weapon, covers what is within Effective range, and stays set', () => {
    const s = commandPhase();
    const set = { type: 'combat.pointDefenceSet', machineId: 'm1', gunnerId: 'c1', slot: 1, on: true };
    // Not outside the command phase; not a weapon without a pod or without auto-fire.
    expect(refusalCode(() => play(directFire(), set, [], PLAYER))).toBe('WRONG_PHASE');
    expect(refusalCode(() => play(s, { ...set, slot: 0 }, [], PLAYER))).toBe('NO_POINT_DEFENCE_POD');
    expect(refusalCode(() => play(s, { ...set, gunnerId: undefined }, [], PLAYER))).toBe('GUNNER_NEEDED');
    // An area beyond the medium MG's Effective range (300 m) cannot be covered.
    expect(refusalCode(() => play(s, { ...set, covers: { x: 0, y: 400 } }, [], PLAYER))).toBe('OUT_OF_RANGE');
    const on = play(s, { ...set, covers: { x: 100, y: 5 } }, [], PLAYER);
    expect(of(on.events, 'combat.pointDefenceSet')[0]).toMatchObject({
      slot: 1,
      on: true,
      covers: { kind: 'area', x: 100, y: 5 },
    });
    // It stays so until a later command phase.
    expect(refusalCode(() => play(on.state, { ...set, on: false }, [], PLAYER))).toBe('ALREADY_DONE');
    // Set to point defence, it does not fire at targets.
    const later = nextDirectFire(on.state);
    expect(
      refusalCode(() =>
        play(
          later,
          { type: 'combat.vehicleFire', machineId: 'm1', gunnerId: 'c1', slot: 1, targets: ['c2'] },
          [1, 1],
          PLAYER,
        ),
      ),
    ).toBe('SET_FOR_POINT_DEFENCE');
  });

  it('point defence: 2d6 + auto-fire, 10+ defeats each incoming attack, double ammunition, once a phase', () => {
    const s = directFire();
    const shoot = { type: 'combat.pointDefence', machineId: 'm1', gunnerId: 'c1', slot: 1, attacks: 2 };
    expect(refusalCode(() => play(s, shoot, [4, 3, 1, 1], PLAYER))).toBe('NOT_SET_FOR_POINT_DEFENCE');
    const ready = nextDirectFire(
      play(
        commandPhase(),
        { type: 'combat.pointDefenceSet', machineId: 'm1', gunnerId: 'c1', slot: 1, on: true },
        [],
        PLAYER,
      ).state,
    );
    const r = play(ready, shoot, [4, 3, 1, 1], PLAYER);
    expect(of(r.events, 'combat.pointDefended')[0]).toMatchObject({
      weaponId: 'medium-mg',
      defeated: 1,
      slot: 1,
      rounds: 200,
    });
    // The medium MG fires 100 rounds a turn: point defence took 200, its whole load.
    expect(r.state.machines.m1?.spent).toEqual([0, 200]);
    expect(refusalCode(() => play(r.state, shoot, [4, 3, 1, 1], PLAYER))).toBe('ALREADY_DONE');
    expect(refusalCode(() => play(ready, { ...shoot, attacks: 9 }, [], PLAYER))).toBe('TOO_MANY_TARGETS');
    const grav = { type: 'combat.pointDefence', machineId: 'm2', gunnerId: 'c2', slot: 0, attacks: 1 };
    expect(refusalCode(() => play(s, grav, [6, 6]))).toBe('NOT_POINT_DEFENCE');
  });

  it('vehicle weapons count their ammunition: an empty weapon is refused with nothing changed, a spare load refills it', () => {
    let s = directFire();
    const mg = { type: 'combat.vehicleFire', machineId: 'm1', gunnerId: 'c1', slot: 1, targets: ['c2'] };
    s = play(s, mg, [1, 1], PLAYER).state;
    s = play(s, { type: 'window.close' }).state;
    expect(s.machines.m1?.spent).toEqual([0, 100]);
    // Two turns of 100 rounds empty the 200-round belt.
    s = play(nextDirectFire(s), mg, [1, 1], PLAYER).state;
    s = play(s, { type: 'window.close' }).state;
    expect(s.machines.m1?.spent).toEqual([0, 200]);
    const empty = nextDirectFire(s);
    expect(refusalCode(() => play(empty, mg, [1, 1], PLAYER))).toBe('OUT_OF_AMMUNITION');
    expect(refused(empty, mg, PLAYER)).toBe('OUT_OF_AMMUNITION');
    // More rounds than are left: refused too.
    const some = withSpent(directFire(), [2950, 0]);
    expect(refusalCode(() => play(some, { ...mg, slot: 0, rounds: 60 }, [1, 1], PLAYER))).toBe(
      'OUT_OF_AMMUNITION',
    );
    // Left out, the rounds are what is left when less than a turn's fire.
    const last = play(some, { ...mg, slot: 0 }, [1, 1], PLAYER);
    expect(of(last.events, 'combat.vehicleFired')[0]).toMatchObject({ rounds: 50 });
    // Reloading: in the command phase, from the spare loads the pack gives it (two for the MG).
    const reload = { type: 'combat.vehicleReload', machineId: 'm1', gunnerId: 'c1', slot: 1 };
    expect(refusalCode(() => play(empty, reload, [], PLAYER))).toBe('WRONG_PHASE');
    let c = toCommand(empty);
    expect(refusalCode(() => play(c, { ...reload, slot: 0 }, [], PLAYER))).toBe('ALREADY_LOADED');
    c = play(c, reload, [], PLAYER).state;
    expect(c.machines.m1).toMatchObject({ spent: [0, 0], reloads: [0, 1] });
    expect(refusalCode(() => play(c, reload, [], PLAYER))).toBe('ALREADY_DONE');
    const spareless = toCommand(withSpent(directFire(), [0, 50], [0, 2]));
    expect(refused(spareless, reload, PLAYER)).toBe('NO_SPARE_AMMUNITION');
  });
});
