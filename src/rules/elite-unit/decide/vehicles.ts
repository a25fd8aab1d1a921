import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import type { VehicleData } from '../data/pack-schema.ts';
import type { Blow, EliteUnitEvent, LayerReport, Patch, VehiclePatch } from '../events.ts';
import { passLayer } from '../rules/armour.ts';
import { situationSteps } from '../rules/attack.ts';
import { findWeapon } from '../rules/character.ts';
import { type Rolled, rollD20, rollDamage, rollSave } from '../rules/dice.ts';
import { effectiveValue, hasCondition, isAbsent, isHelpless, type Step } from '../rules/effective.ts';
import { injure } from '../rules/injury.ts';
import {
  aboard,
  type Controls,
  controlsProblem,
  crashDice,
  driverSteps,
  evasionInForce,
  modifiedReactions,
  RISKY,
} from '../rules/vehicles.ts';
import type { Character, EliteUnitState, PendingAttack, VehicleInScene, WeaponInstance } from '../state.ts';
import { requireAction, requireAlive, requireCharacter, requireControl, requireNoPending } from './guards.ts';

/**
 * Vehicles (§13): vehicles in the scene as objects (DC, driver, occupants, speed, evasion, mounted
 * weapons), risky-action saves with the driver's modified Reactions, crashes, rams and
 * competitive piloting. A command may name a vehicle in the scene or, as before, a pack vehicle
 * (nothing in the scene to damage then).
 */

function packVehicle(state: EliteUnitState, id: string): VehicleData {
  const v = state.pack.vehicles.find((x) => x.id === id);
  if (!v) throw new RuleError('UNKNOWN_VEHICLE', `the pack has no vehicle ${id}`, { vehicle: id });
  return v;
}

function sceneVehicle(state: EliteUnitState, id: string): VehicleInScene {
  const v = state.vehicles[id];
  if (!v) throw new RuleError('UNKNOWN_VEHICLE', `there is no vehicle ${id} in the scene`, { vehicle: id });
  return v;
}

/** A vehicle named by a command: one in the scene, else one of the pack's. */
function vehicleOf(state: EliteUnitState, id: string): { data: VehicleData; scene: VehicleInScene | null } {
  const scene = state.vehicles[id];
  if (scene) return { data: packVehicle(state, scene.vehicle), scene };
  return { data: packVehicle(state, id), scene: null };
}

/** The default controls of a vehicle: the port where it has nothing else, else manual. */
function defaultControls(v: VehicleData): Controls {
  return v.controls === 'portOnly' ? 'port' : 'manual';
}

interface Driving {
  readonly data: VehicleData;
  readonly scene: VehicleInScene | null;
  readonly controls: Controls;
}

/** `c` at the controls of the vehicle named: its driver when it is in the scene, able to drive it (§13.1). */
function driving(
  state: EliteUnitState,
  c: Character,
  vehicle: string,
  controls: Controls | undefined,
): Driving {
  const { data, scene } = vehicleOf(state, vehicle);
  if (scene && scene.driverId !== c.id)
    throw new RuleError('NOT_THE_DRIVER', `${c.name} is not driving ${scene.name}`, { vehicle: scene.id });
  if (scene && scene.dc <= 0)
    throw new RuleError('VEHICLE_WRECKED', `${scene.name} is out of action`, { vehicle: scene.id });
  const how = scene ? scene.controls : (controls ?? defaultControls(data));
  const problem = controlsProblem(data, c, how);
  if (problem) throw new RuleError('CANNOT_DRIVE', problem, { vehicle: data.id });
  return { data, scene, controls: how };
}

/** A blow on a vehicle's hull with nothing behind it (§9.2), as a patch and the layer's report. */
function hullBlow(v: VehicleInScene, dealt: number): { patch: VehiclePatch; report: LayerReport } {
  const r = passLayer(dealt, v.resilience, v.dc, false);
  return {
    patch: { id: v.id, set: { dc: r.dcAfter } },
    report: { outcome: r.outcome, arriving: dealt, dcBefore: v.dc, dcAfter: r.dcAfter, layer: v.name },
  };
}

/** Occupant-scale crash damage (§13.4) to each person, rolled per person, through their worn layers. */
function hurtAboard(
  state: EliteUnitState,
  people: readonly { id: string; seated: boolean }[],
  kph: number,
  dice: DecideContext['dice'],
  why: string,
): { patches: Patch[]; blows: Record<string, Blow>; rolls: Rolled[] } {
  const patches: Patch[] = [];
  const blows: Record<string, Blow> = {};
  const rolls: Rolled[] = [];
  for (const o of people) {
    const c = requireCharacter(state, o.id);
    if (c.dead !== null || blows[c.id]) continue;
    const d = crashDice(kph, o.seated ? 'seated' : 'unseated');
    const r = rollDamage(dice, d.count > 0 ? `${d.count}D6` : '0', `${why} to ${c.name}`);
    rolls.push(r);
    const injury = injure(c, r.total * d.times, [], dice, hasCondition(c, 'invulnerable'));
    patches.push({ id: c.id, set: injury.set });
    blows[c.id] = injury.blow;
  }
  return { patches, blows, rolls };
}

// Vehicles in the scene ------------------------------------------------------------------------

/** The GM puts one of the pack's vehicles in the scene, mounts loaded, nobody aboard. */
export function decideVehicleAdd(state: EliteUnitState, cmd: CommandOf<'vehicle.add'>): EliteUnitEvent[] {
  const data = packVehicle(state, cmd.from);
  let id = cmd.id;
  if (id === undefined) {
    let n = 1;
    while (state.vehicles[`${data.id}-${n}`] || state.characters[`${data.id}-${n}`]) n++;
    id = `${data.id}-${n}`;
  }
  if (state.vehicles[id] || state.characters[id])
    throw new RuleError('VEHICLE_EXISTS', `there is already a character or vehicle ${id}`, { id });
  const weapons: WeaponInstance[] = data.mounts.map((m, i) => {
    const w = findWeapon(state.pack, m.weapon);
    return {
      key: `t${i + 1}`,
      weapon: m.weapon,
      inHands: false,
      loaded: w?.ammo?.capacity ?? 0,
      spares: [],
      loose: 0,
      recoil: 0,
      vent: 0,
      needsReload: false,
      firedThisTurn: 0,
      dc: null,
    };
  });
  const vehicle: VehicleInScene = {
    id,
    vehicle: data.id,
    name: cmd.name ?? data.name,
    dc: data.dc,
    dcMax: data.dc,
    resilience: data.resilience,
    driverId: null,
    controls: defaultControls(data),
    occupants: [],
    speedKph: 0,
    evasive: null,
    weapons,
  };
  return [{ type: 'vehicle.added', vehicle }];
}

export function decideVehicleRemove(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.remove'>,
): EliteUnitEvent[] {
  sceneVehicle(state, cmd.id);
  if (state.pending?.vehicleId === cmd.id || state.pending?.targets.some((t) => t.id === cmd.id))
    throw new RuleError('DEFENCE_PENDING', 'an attack on or from this vehicle waits for its defence');
  return [{ type: 'vehicle.removed', id: cmd.id }];
}

function aboardWhich(state: EliteUnitState, id: string): VehicleInScene | undefined {
  return Object.values(state.vehicles).find((v) => v.driverId === id || v.occupants.some((o) => o.id === id));
}

/** Getting in (§13): as the driver (able to drive it, §13.1), in a seat while seats are free, or clinging on. */
export function decideBoard(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.board'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const v = sceneVehicle(state, cmd.vehicleId);
  const c = requireControl(state, cmd.characterId, ctx);
  requireAlive(c);
  requireNoPending(state);
  if (isAbsent(c)) throw new RuleError('CHARACTER_ABSENT', `${c.name} is not here`, { id: c.id });
  const already = aboardWhich(state, c.id);
  if (already)
    throw new RuleError('ALREADY_ABOARD', `${c.name} is aboard ${already.name}`, { vehicle: already.id });
  const data = packVehicle(state, v.vehicle);
  if (cmd.as === 'driver') {
    if (v.driverId !== null)
      throw new RuleError('SEAT_TAKEN', `${v.name} already has a driver`, { vehicle: v.id });
    const controls = cmd.controls ?? defaultControls(data);
    const problem = controlsProblem(data, c, controls);
    if (problem) throw new RuleError('CANNOT_DRIVE', problem, { vehicle: v.id });
    return [
      {
        type: 'vehicle.changed',
        reason: 'board',
        vehicles: [{ id: v.id, set: { driverId: c.id, controls } }],
      },
    ];
  }
  if (cmd.controls !== undefined) throw new RuleError('DRIVER_ONLY', 'only the driver chooses the controls');
  const seated = (v.driverId === null ? 0 : 1) + v.occupants.filter((o) => o.seated).length;
  if (cmd.as === 'seated' && seated >= data.seats)
    throw new RuleError('NO_SEAT_FREE', `every seat of ${v.name} is taken`, { vehicle: v.id });
  const occupants = [...v.occupants, { id: c.id, seated: cmd.as === 'seated' }];
  return [{ type: 'vehicle.changed', reason: 'board', vehicles: [{ id: v.id, set: { occupants } }] }];
}

export function decideLeave(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.leave'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const v = sceneVehicle(state, cmd.vehicleId);
  const c = requireControl(state, cmd.characterId, ctx);
  requireNoPending(state);
  if (v.driverId === c.id)
    return [
      {
        type: 'vehicle.changed',
        reason: 'leave',
        vehicles: [{ id: v.id, set: { driverId: null, evasive: null } }],
      },
    ];
  if (!v.occupants.some((o) => o.id === c.id))
    throw new RuleError('NOT_ABOARD', `${c.name} is not aboard ${v.name}`, { vehicle: v.id });
  const occupants = v.occupants.filter((o) => o.id !== c.id);
  return [{ type: 'vehicle.changed', reason: 'leave', vehicles: [{ id: v.id, set: { occupants } }] }];
}

/**
 * The driver's speed and evasive manoeuvres (§13.5): evasion is switched on in the driver's slot
 * (no action: it is how the driver drives) and halves the top speed while it lasts. The GM may
 * also set the hull's DC (an override).
 */
export function decideDrive(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.drive'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const v = sceneVehicle(state, cmd.vehicleId);
  const data = packVehicle(state, v.vehicle);
  const driver = v.driverId === null ? null : requireCharacter(state, v.driverId);
  if (driver) requireControl(state, driver.id, ctx);
  else if (ctx.actor.role !== 'gm')
    throw new RuleError('NOT_YOUR_CHARACTER', `nobody drives ${v.name}: only the GM changes it`, {
      id: v.id,
    });
  const set: { -readonly [K in keyof VehiclePatch['set']]: VehiclePatch['set'][K] } = {};
  if (cmd.dc !== undefined) {
    if (ctx.actor.role !== 'gm') throw new RuleError('GM_ONLY', "only the GM overrides a vehicle's DC");
    if (cmd.dc > v.dcMax) throw new RuleError('VALUE_INVALID', `${v.name}'s DC is at most ${v.dcMax}`);
    set.dc = cmd.dc;
  }
  const wrecked = (set.dc ?? v.dc) <= 0;
  let evasive = v.evasive;
  if (cmd.evasive !== undefined) {
    if (cmd.evasive) {
      if (!driver) throw new RuleError('NO_DRIVER', `nobody drives ${v.name}`, { vehicle: v.id });
      if (wrecked) throw new RuleError('VEHICLE_WRECKED', `${v.name} is out of action`, { vehicle: v.id });
      // Switched on in the driver's slot, like an action, though it costs none (§13.5 reading).
      requireAction(state, driver);
      evasive = { turn: state.battle?.turn ?? 0 };
    } else evasive = null;
    set.evasive = evasive;
  }
  const speed = cmd.speedKph ?? v.speedKph;
  const top = evasive && evasionInForce({ ...v, evasive }, state.battle) ? data.topSpeed / 2 : data.topSpeed;
  if (speed > top)
    throw new RuleError('OVER_TOP_SPEED', `${v.name} goes at most ${top} kph now`, { topSpeed: top });
  if (wrecked && speed > 0)
    throw new RuleError('VEHICLE_WRECKED', `${v.name} is out of action`, { vehicle: v.id });
  if (cmd.speedKph !== undefined) set.speedKph = cmd.speedKph;
  if (wrecked && v.speedKph > 0 && cmd.speedKph === undefined) set.speedKph = 0;
  return [
    {
      type: 'vehicle.changed',
      reason: cmd.dc === undefined ? 'drive' : 'gm.set',
      vehicles: [{ id: v.id, set }],
    },
  ];
}

// Driving --------------------------------------------------------------------------------------

export function decideRisky(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.risky'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.driverId, ctx);
  const d = driving(state, c, cmd.vehicle, cmd.controls);
  const v = d.data;
  const row: { value: number; untracked?: boolean; crashOnFail?: boolean } = RISKY[cmd.action];
  if (row.untracked && v.kind === 'tracked')
    throw new RuleError('NOT_FOR_TRACKED', `${cmd.action} does not apply to tracked vehicles`);
  if (row.crashOnFail && v.kind !== 'air') throw new RuleError('AIR_ONLY', `${cmd.action} is for aircraft`);
  const ramsObject =
    cmd.action === 'ramNarrowObject' || cmd.action === 'ramWideObject' || cmd.action === 'ramVeryWideObject';
  if (cmd.kph !== undefined && !ramsObject)
    throw new RuleError('NOT_A_RAM', 'a speed is given only for a ram on a stationary object');
  const steps = [...driverSteps(v, c, d.controls), { step: cmd.action, value: row.value }];
  const target = steps.reduce((sum, s) => sum + s.value, effectiveValue(c, state.pack, 'reactions'));
  const save = rollSave(ctx.dice, 'reactions', target, `${c.name} at the controls of ${v.name}`);
  const events: EliteUnitEvent[] = [
    {
      type: 'save.rolled',
      characterId: c.id,
      save,
      modifier: target - effectiveValue(c, state.pack, 'reactions'),
      hidden: false,
    },
  ];
  if (!save.success && row.crashOnFail)
    events.push({
      type: 'character.changed',
      reason: 'crash',
      patches: [],
      detail: { vehicle: v.id, action: cmd.action, crashed: true },
    });
  // §13.6: a successful save on a stationary object is the impact: crash damage to both sides.
  if (save.success && ramsObject && cmd.kph !== undefined) {
    const dice = othersDice(ctx);
    const hull = crashDice(cmd.kph, 'vehicle');
    const roll = rollDamage(dice, hull.count > 0 ? `${hull.count}D6` : '0', `ram damage (${v.name})`);
    const hit = d.scene ? hullBlow(d.scene, roll.total) : null;
    const crew = d.scene ? hurtAboard(state, aboard(d.scene), cmd.kph, dice, 'ram damage') : null;
    events.push({
      type: 'character.changed',
      reason: 'ram',
      patches: crew?.patches ?? [],
      rolls: [roll, ...(crew?.rolls ?? [])],
      detail: {
        vehicle: d.scene?.id ?? v.id,
        objectDamage: roll.total,
        ...(hit ? { hull: hit.report } : {}),
        ...(crew ? { blows: crew.blows } : {}),
      },
      ...(hit ? { vehicles: [hit.patch] } : {}),
    });
  }
  return events;
}

/**
 * §13.4 crash: the vehicle 2D6 per whole 10 kph through its own DC and Resilience when it is in
 * the scene (reported otherwise), each occupant per whole 20 kph (× 4 unseated) through worn layers.
 * Without a list, everyone aboard the scene's vehicle.
 */
export function decideCrash(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.crash'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const { data, scene } = vehicleOf(state, cmd.vehicle);
  const dice = othersDice(ctx);
  const hull = crashDice(cmd.kph, 'vehicle');
  const vehicleRoll = rollDamage(
    dice,
    hull.count > 0 ? `${hull.count}D6` : '0',
    `crash damage to ${data.name}`,
  );
  const people = cmd.occupants ?? (scene ? aboard(scene) : []);
  const crew = hurtAboard(state, people, cmd.kph, dice, 'crash damage');
  const hit = scene ? hullBlow(scene, vehicleRoll.total) : null;
  return [
    {
      type: 'character.changed',
      reason: 'crash',
      patches: crew.patches,
      rolls: [vehicleRoll, ...crew.rolls],
      detail: {
        vehicle: scene?.id ?? data.id,
        kph: cmd.kph,
        vehicleDamage: vehicleRoll.total,
        blows: crew.blows,
        ...(hit ? { hull: hit.report } : {}),
      },
      ...(hit
        ? { vehicles: [{ id: hit.patch.id, set: { ...hit.patch.set, speedKph: 0, evasive: null } }] }
        : {}),
    },
  ];
}

/**
 * §13.6 ramming a character or a vehicle: an armed attack whose Attack is the driver's modified
 * Reactions (§6.3 rows but the speed bands; −2 on a moving vehicle). The target answers with
 * `defend` (a vehicle as in §13.5); a hit deals 2D6 per whole 10 kph of closing speed to it and,
 * when the ramming vehicle is in the scene, to that vehicle too, with occupant-scale damage to
 * everyone aboard either (combat/attack.ts).
 */
export function decideRam(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.ram'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.driverId, ctx);
  requireAction(state, c);
  const d = driving(state, c, cmd.vehicle, cmd.controls);
  const rammed = state.vehicles[cmd.targetId];
  if (rammed) {
    if (rammed.id === d.scene?.id) throw new RuleError('TARGET_INVALID', 'a vehicle cannot ram itself');
    if (rammed.dc <= 0) throw new RuleError('TARGET_WRECKED', `${rammed.name} is already out of action`);
  } else {
    const b = requireCharacter(state, cmd.targetId);
    if (b.id === c.id) throw new RuleError('TARGET_INVALID', 'a driver cannot ram itself');
    if (b.dead !== null) throw new RuleError('TARGET_DEAD', `${b.name} is already dead`);
    if (isAbsent(b)) throw new RuleError('TARGET_ABSENT', `${b.name} is not here`);
  }
  if (cmd.situation.unaware && cmd.situation.watching)
    throw new RuleError('SITUATION_CONFLICT', 'a target cannot be both unaware and watching closely');
  const steps: Step[] = [
    { step: 'Reactions', value: effectiveValue(c, state.pack, 'reactions') },
    ...driverSteps(d.data, c, d.controls),
    ...(rammed && rammed.speedKph > 0
      ? [{ step: 'ramming a moving vehicle', value: RISKY.ramMovingVehicle.value }]
      : []),
    ...situationSteps(cmd.situation, false, true),
  ];
  const face = rollD20(ctx.dice, `ram by ${c.name}`);
  const total = steps.reduce((sum, s) => sum + s.value, face);
  const dice = crashDice(cmd.kph, 'vehicle').count;
  const pending: PendingAttack = {
    attackId: `a${state.counters.attack + 1}`,
    attackerId: c.id,
    weaponKey: null,
    weapon: null,
    spell: null,
    cell: dice > 0 ? `${dice}D6` : '0',
    targets: [{ id: cmd.targetId, distance: 0, column: 0 }],
    next: 0,
    attackTotal: total,
    parryable: false,
    unaware: cmd.situation.unaware ?? false,
    fatal: false,
    multiplier: 1,
    divisor: 1,
    strength: null,
    damage: {},
    ram: { kph: cmd.kph, vehicleId: d.scene?.id ?? null },
  };
  return [
    {
      type: 'attack.declared',
      attackId: pending.attackId,
      attackerId: c.id,
      weapon: d.data.id,
      mode: 'ram',
      rounds: 0,
      face,
      total,
      steps,
      patches: [],
      pending,
      spendsAction: c.id,
    },
  ];
}

/**
 * §13.8 competitive piloting: both drivers roll d20 + modified Reactions (§13.2); the one trying
 * must come out strictly higher. The rival's die is the table's (the rival's seat does not type it).
 */
export function decideContest(
  state: EliteUnitState,
  cmd: CommandOf<'vehicle.contest'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const a = requireControl(state, cmd.driverId, ctx);
  const r = requireCharacter(state, cmd.rivalId);
  if (a.id === r.id) throw new RuleError('TARGET_INVALID', 'a driver cannot race itself');
  for (const x of [a, r]) {
    requireAlive(x);
    if (isHelpless(x))
      throw new RuleError('CHARACTER_HELPLESS', `${x.name} cannot drive (helpless)`, { id: x.id });
  }
  if ((cmd.modifier ?? 0) !== 0 || (cmd.rivalModifier ?? 0) !== 0)
    if (ctx.actor.role !== 'gm') throw new RuleError('GM_ONLY', 'only the GM adds situational modifiers');
  const mine = driving(state, a, cmd.vehicle, cmd.controls);
  const theirs = driving(state, r, cmd.rivalVehicle, cmd.rivalControls);
  if (mine.scene && mine.scene.id === theirs.scene?.id)
    throw new RuleError('TARGET_INVALID', 'the two drivers need two vehicles');
  const face = rollD20(ctx.dice, `${cmd.purpose}: ${a.name}`);
  const total = face + modifiedReactions(a, state.pack, mine.data, mine.controls) + (cmd.modifier ?? 0);
  const rivalFace = rollD20(othersDice(ctx), `${cmd.purpose}: ${r.name}`);
  const rivalTotal =
    rivalFace + modifiedReactions(r, state.pack, theirs.data, theirs.controls) + (cmd.rivalModifier ?? 0);
  return [
    {
      type: 'opposed.rolled',
      purpose: cmd.purpose,
      actor: { id: a.id, attribute: 'reactions', face, total },
      others: [
        {
          id: r.id,
          attribute: 'reactions',
          face: rivalFace,
          total: rivalTotal,
          actorWins: total > rivalTotal,
        },
      ],
      hidden: false,
    },
  ];
}
