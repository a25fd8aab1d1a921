import { describe, expect, it } from 'vitest';
import { CampaignFileError, readCampaign } from '../../server/campaign-file.ts';
import { rulesetFor } from '../registry.ts';
import { eliteUnitEventSchemas } from './event-schemas.ts';
import { evasionInForce } from './rules/vehicles.ts';
import { eliteUnit } from './ruleset.ts';
import type { Battle, VehicleInScene } from './state.ts';
import { GM, P1, P2, refused, Table } from './test-kit.ts';
import { whoseMove } from './your-move.ts';

/**
 * Vehicles in the scene (§13): objects with their own DC, a driver and occupants, evasion (§13.5),
 * rams on vehicles (§13.6), mounted weapons and turrets (§13.7), crashes on the hull (§13.4) and
 * competitive piloting (§13.8).
 */

/** Vey (pilot 3, Control Port) drives a buggy; Castell clings on the back; a Raider (shown) with a rifle. */
function scene(): Table {
  const t = new Table();
  t.add('vey', 'vey', P2);
  t.add('castell', 'c', P1);
  t.add('raider', 'r', null, false);
  t.run({ type: 'vehicle.add', from: 'buggy' });
  t.run(
    { type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'vey', as: 'driver', controls: 'port' },
    P2,
  );
  t.run({ type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'c', as: 'unseated' }, P1);
  return t;
}

const vehicle = (t: Table, id: string): VehicleInScene => {
  const v = t.state.vehicles[id];
  if (!v) throw new Error(`no ${id}`);
  return v;
};

describe('vehicles in the scene', () => {
  it('a vehicle comes in with its mounts loaded; people board as driver, seated or clinging on, and leave', () => {
    const t = scene();
    expect(vehicle(t, 'buggy-1')).toMatchObject({
      name: 'Scout buggy',
      dc: 250,
      resilience: 10,
      driverId: 'vey',
      controls: 'port',
      occupants: [{ id: 'c', seated: false }],
      weapons: [{ key: 't1', weapon: 'assault-rifle', loaded: 30 }],
    });
    t.run({ type: 'vehicle.add', from: 'gunship', id: 'bird' });
    expect(refused(t, { type: 'vehicle.board', vehicleId: 'bird', characterId: 'c', as: 'seated' }, P1)).toBe(
      'ALREADY_ABOARD',
    );
    t.run({ type: 'vehicle.leave', vehicleId: 'buggy-1', characterId: 'c' }, P1);
    // Castell has no Control Port: a port-only gunship cannot be hers to drive (§13.1).
    expect(refused(t, { type: 'vehicle.board', vehicleId: 'bird', characterId: 'c', as: 'driver' }, P1)).toBe(
      'CANNOT_DRIVE',
    );
    expect(
      refused(t, { type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'c', as: 'driver' }, P1),
    ).toBe('SEAT_TAKEN');
    expect(
      refused(t, { type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'c', as: 'seated' }, P2),
    ).toBe('NOT_YOUR_CHARACTER');
    t.add('raider', 'r2');
    t.add('raider', 'r3');
    t.run({ type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'r2', as: 'seated' });
    t.run({ type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'r3', as: 'seated' });
    // Three seats (driver, passenger, gunner): the fourth rides unseated or not at all.
    expect(
      refused(t, { type: 'vehicle.board', vehicleId: 'buggy-1', characterId: 'c', as: 'seated' }, P1),
    ).toBe('NO_SEAT_FREE');
    expect(refused(t, { type: 'vehicle.add', from: 'buggy', id: 'vey' })).toBe('VEHICLE_EXISTS');
    expect(refused(t, { type: 'character.add', from: 'raider', id: 'bird' })).toBe('CHARACTER_EXISTS');
    expect(refused(t, { type: 'vehicle.add', from: 'tank' })).toBe('UNKNOWN_VEHICLE');
    t.run({ type: 'character.remove', id: 'r2' });
    expect(vehicle(t, 'buggy-1').occupants).toEqual([{ id: 'r3', seated: true }]);
  });

  it("an attack on a vehicle: its driver's seat answers with d20 + 0, and the blow dents its DC", () => {
    const t = scene();
    t.run({ type: 'hold', id: 'r', weapon: 'w1', inHands: true });
    t.run(
      { type: 'attack', attackerId: 'r', weapon: 'w1', targets: [{ id: 'buggy-1', distance: 50 }] },
      GM,
      [15],
    );
    expect(whoseMove(t.state)).toMatchObject({ kind: 'defend', characterId: 'buggy-1', seatId: 'p2' });
    expect(refused(t, { type: 'defend', targetId: 'buggy-1' }, P1)).toBe('NOT_YOUR_CHARACTER');
    expect(refused(t, { type: 'defend', targetId: 'buggy-1', parry: 'w1' }, P2)).toBe('PARRY_NOT_ALLOWED');
    // d20 1 + 0; 2D6 = 12 against Resilience 10: 2 off DC 250.
    const [r] = t.run({ type: 'defend', targetId: 'buggy-1' }, P2, [1, 6, 6]);
    expect(r).toMatchObject({
      hit: true,
      defence: { dodge: 0, total: 1 },
      vehicleBlows: { 'buggy-1': { outcome: 'dented', dcBefore: 250, dcAfter: 248 } },
    });
    expect(vehicle(t, 'buggy-1').dc).toBe(248);
    expect(t.char('vey').stamina).toBe(34);
  });

  it('evasion (§13.5): switched on in the driver’s slot, + half the modified Reactions, top speed halved', () => {
    const t = scene();
    t.run({ type: 'battle.start', ids: ['vey', 'r'] }, GM, [20, 1]);
    t.run({ type: 'gm.set', id: 'r', field: 'attribute', name: 'attack', value: 30 });
    // Evasion halves the buggy's 140 kph: 100 is too fast while it lasts.
    expect(
      refused(t, { type: 'vehicle.drive', vehicleId: 'buggy-1', evasive: true, speedKph: 100 }, P2),
    ).toBe('OVER_TOP_SPEED');
    t.run({ type: 'vehicle.drive', vehicleId: 'buggy-1', evasive: true, speedKph: 60 }, P2);
    expect(vehicle(t, 'buggy-1')).toMatchObject({ evasive: { turn: 1 }, speedKph: 60 });
    t.run({ type: 'slot.end', id: 'vey' }, P2);
    expect(refused(t, { type: 'vehicle.drive', vehicleId: 'buggy-1', evasive: true }, P2)).toBe(
      'NOT_YOUR_SLOT',
    );
    t.run(
      { type: 'attack', attackerId: 'r', weapon: 'w1', targets: [{ id: 'buggy-1', distance: 50 }] },
      GM,
      [1],
    );
    // Vey's Reactions 15 + the buggy's handling 2 = 17, halved: 8.
    const [r] = t.run({ type: 'defend', targetId: 'buggy-1' }, P2, [5, 1, 1]);
    expect(r).toMatchObject({
      defence: { dodge: 8, total: 13 },
      vehicleBlows: { 'buggy-1': { outcome: 'bounced' } },
    });
  });

  it('evasion lasts until the driver’s next slot', () => {
    const v = { driverId: 'd', evasive: { turn: 2 } } as VehicleInScene;
    const battle = (turn: number, slot: number): Battle => ({
      turn,
      slot,
      order: [
        { id: 'a', face: 1, total: 20 },
        { id: 'd', face: 1, total: 10 },
        { id: 'b', face: 1, total: 5 },
      ],
      actionsUsed: 0,
      waiting: [],
    });
    expect([
      evasionInForce(v, battle(2, 1)),
      evasionInForce(v, battle(2, 2)),
      evasionInForce(v, battle(3, 0)),
      evasionInForce(v, battle(3, 1)),
      evasionInForce(v, battle(4, 0)),
      evasionInForce(v, null),
      evasionInForce({ ...v, evasive: null }, null),
    ]).toEqual([true, true, true, false, false, true, false]);
  });

  it("a fixed turret fired by the driver aims with the driver's modified Reactions; mounted rounds are the vehicle's, no recoil", () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    t.add('castell', 'c', P1);
    t.add('raider', 'r', null, false);
    t.run({ type: 'vehicle.add', from: 'apc', id: 'apc' });
    t.run(
      { type: 'vehicle.board', vehicleId: 'apc', characterId: 'vey', as: 'driver', controls: 'port' },
      P2,
    );
    t.run({ type: 'vehicle.board', vehicleId: 'apc', characterId: 'c', as: 'seated' }, P1);
    // Vey: Reactions 15, pilot 3 in a level 3 APC, handling −2 → 13; autocannon at 200 m: +3.
    const [declared] = t.run(
      {
        type: 'attack',
        attackerId: 'vey',
        vehicle: 'apc',
        weapon: 't1',
        targets: [{ id: 'r', distance: 200 }],
      },
      P2,
      [10],
    );
    expect(declared).toMatchObject({
      total: 26,
      steps: [
        { step: "driver's modified Reactions", value: 13 },
        { step: 'Autocannon range column 1', value: 3 },
      ],
    });
    expect(vehicle(t, 'apc').weapons[0]).toMatchObject({ loaded: 99, recoil: 0 });
    // 20 + Dodge 4 = 24 < 26: 4D10 = 4 bounces off the flak vest.
    t.run({ type: 'defend', targetId: 'r' }, GM, [20, 1, 1, 1, 1]);
    t.run({ type: 'gm.undo' });
    // A gunner who is not the driver uses her own Attack (Castell 9 − 1 for the rifle in her hands).
    const [gunner] = t.run(
      {
        type: 'attack',
        attackerId: 'c',
        vehicle: 'apc',
        weapon: 't1',
        targets: [{ id: 'r', distance: 200 }],
      },
      P1,
      [10],
    );
    expect(gunner).toMatchObject({ steps: [{ step: 'Attack', value: 8 }, { value: 3 }] });
    t.run({ type: 'defend', targetId: 'r' }, GM, [20]);
    expect(
      refused(t, {
        type: 'attack',
        attackerId: 'r',
        vehicle: 'apc',
        weapon: 't1',
        targets: [{ id: 'c', distance: 5 }],
      }),
    ).toBe('NOT_ABOARD');
    expect(
      refused(
        t,
        {
          type: 'attack',
          attackerId: 'c',
          vehicle: 'apc',
          weapon: 't7',
          targets: [{ id: 'r', distance: 5 }],
        },
        P1,
      ),
    ).toBe('UNKNOWN_WEAPON');
    expect(
      refused(
        t,
        {
          type: 'attack',
          attackerId: 'c',
          vehicle: 'tank',
          weapon: 't1',
          targets: [{ id: 'r', distance: 5 }],
        },
        P1,
      ),
    ).toBe('UNKNOWN_VEHICLE');
  });

  it("a mount reloads from the vehicle's own ammunition (the pack's spares), by someone aboard, as an action", () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    t.add('raider', 'r', null, false);
    t.run({ type: 'vehicle.add', from: 'gunship', id: 'bird' });
    t.run({ type: 'vehicle.board', vehicleId: 'bird', characterId: 'vey', as: 'driver' }, P2);
    expect(vehicle(t, 'bird').weapons[1]).toMatchObject({ weapon: 'missile-launcher', loaded: 1, loose: 3 });
    // A missile (Manual): Vey's 15 − 8 (two levels above pilot 3) + 1 = 8, +5, d20 1 → 14; the Raider 20 + 4.
    t.run(
      {
        type: 'attack',
        attackerId: 'vey',
        vehicle: 'bird',
        weapon: 't2',
        targets: [{ id: 'r', distance: 400 }],
      },
      P2,
      [1],
    );
    const [miss] = t.run({ type: 'defend', targetId: 'r' }, GM, [20]);
    expect(miss).toMatchObject({ hit: false, nearMiss: { metres: 40, caught: false } });
    expect(vehicle(t, 'bird').weapons[1]).toMatchObject({ loaded: 0, needsReload: true });
    const [reload] = t.run({ type: 'reload', id: 'vey', vehicle: 'bird', weapon: 't2' }, P2);
    expect(reload).toMatchObject({ reason: 'reload', spendsAction: 'vey' });
    expect(vehicle(t, 'bird').weapons[1]).toMatchObject({ loaded: 1, loose: 2, needsReload: false });
    // The autocannon's belt is full: a reload swaps in a spare belt and keeps the one taken out.
    t.run({ type: 'reload', id: 'vey', vehicle: 'bird', weapon: 't1' }, P2);
    expect(vehicle(t, 'bird').weapons[0]).toMatchObject({ loaded: 100, spares: [100, 100] });
    expect(refused(t, { type: 'reload', id: 'r', vehicle: 'bird', weapon: 't1' })).toBe('NOT_ABOARD');
  });

  it("a mount's Full Auto count is the vehicle's, capped per action and reset at the Turn's end", () => {
    const t = scene();
    t.run({ type: 'battle.start', ids: ['vey', 'r'] }, GM, [20, 1]);
    const burst = { type: 'attack', attackerId: 'vey', vehicle: 'buggy-1', weapon: 't1', mode: 'fullAuto' };
    const at = { targets: [{ id: 'r', distance: 50 }] };
    // Full Auto(30) over Vey's 2 actions: at most 15 rounds an action.
    expect(refused(t, { ...burst, ...at, rounds: 16 }, P2)).toBe('ROUNDS_OVER_CAP');
    t.run({ ...burst, ...at, rounds: 15 }, P2, [1]);
    t.run({ type: 'defend', targetId: 'r' }, GM, [20]);
    t.run({ ...burst, ...at, rounds: 15 }, P2, [1]);
    t.run({ type: 'defend', targetId: 'r' }, GM, [20]);
    expect(vehicle(t, 'buggy-1').weapons[0]).toMatchObject({ loaded: 0, firedThisTurn: 30, recoil: 0 });
    t.run({ type: 'slot.end', id: 'r' });
    expect(t.state.battle).toMatchObject({ turn: 2, slot: 0 });
    expect(vehicle(t, 'buggy-1').weapons[0]).toMatchObject({ firedThisTurn: 0 });
  });

  it('an enclosed hull is a layer for the occupants: a rifle round bounces off the APC', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.add('raider', 'r', null, false);
    t.run({ type: 'vehicle.add', from: 'apc', id: 'apc' });
    t.run({ type: 'vehicle.board', vehicleId: 'apc', characterId: 'c', as: 'seated' }, P1);
    t.run({ type: 'attack', attackerId: 'r', weapon: 'w1', targets: [{ id: 'c', distance: 50 }] }, GM, [20]);
    const [r] = t.run({ type: 'defend', targetId: 'c' }, P1, [1, 6, 6]);
    expect(r).toMatchObject({
      hit: true,
      blow: {
        dealt: 12,
        toStamina: 0,
        layers: [
          { layer: 'Tracked APC', outcome: 'bounced' },
          { outcome: 'skipped' },
          { outcome: 'skipped' },
        ],
      },
      vehicleBlows: { apc: { outcome: 'bounced' } },
    });
    expect(t.char('c').stamina).toBe(40);
  });

  it('a ram on a vehicle (§13.6): −2 on a moving target; one roll hits both vehicles, everyone aboard takes occupant damage', () => {
    const t = scene();
    t.run({ type: 'vehicle.add', from: 'hatchback', id: 'car' });
    t.run({ type: 'vehicle.board', vehicleId: 'car', characterId: 'r', as: 'driver' });
    t.run({ type: 'vehicle.drive', vehicleId: 'car', speedKph: 50 });
    const [declared] = t.run(
      { type: 'vehicle.ram', driverId: 'vey', vehicle: 'buggy-1', kph: 30, targetId: 'car' },
      P2,
      [10],
    );
    // Reactions 15 + handling 2 − 2 (moving vehicle) + d20 10.
    expect(declared).toMatchObject({ total: 25, mode: 'ram' });
    // The car defends with d20 + 0 (no evasion): 3. 6D6 = 30: the car R 8 → DC 178, the buggy R 10 → DC 230.
    // Vey (seated) 2D6 = 2, Castell (unseated) 2D6 × 4 = 8, the Raider (seated) 2D6 = 4.
    const [r] = t.run({ type: 'defend', targetId: 'car' }, GM, [3, 5, 5, 5, 5, 5, 5, 1, 1, 1, 1, 2, 2]);
    expect(r).toMatchObject({
      hit: true,
      vehicleBlows: { car: { dcAfter: 178 }, 'buggy-1': { dcAfter: 230 } },
      crew: { vey: { dealt: 2 }, c: { dealt: 8 }, r: { dealt: 4 } },
    });
    expect([vehicle(t, 'car').dc, vehicle(t, 'buggy-1').dc]).toEqual([178, 230]);
    expect(t.char('c').armour[0]?.dc).toBe(38);
    expect(eliteUnitEventSchemas['attack.resolved'].safeParse(r).success).toBe(true);
    expect(eliteUnitEventSchemas['attack.declared'].safeParse(declared).success).toBe(true);
  });

  it('a crash of a vehicle in the scene damages its hull and everyone aboard', () => {
    const t = scene();
    t.run({ type: 'vehicle.drive', vehicleId: 'buggy-1', speedKph: 40 }, P2);
    // 40 kph: hull 8D6 = 40 → 30 past R 10; Vey 4D6 = 8 (seated), Castell 4D6 = 4 × 4 = 16 (unseated).
    t.run(
      { type: 'vehicle.crash', vehicle: 'buggy-1', kph: 40 },
      GM,
      [5, 5, 5, 5, 5, 5, 5, 5, 2, 2, 2, 2, 1, 1, 1, 1],
    );
    expect(vehicle(t, 'buggy-1')).toMatchObject({ dc: 220, speedKph: 0 });
    expect(t.char('vey').stamina).toBe(34);
    expect(t.char('c').armour[0]?.dc).toBe(30);
    t.run({ type: 'gm.undo' });
    expect(vehicle(t, 'buggy-1').dc).toBe(250);
  });

  it('a ram on a stationary object: a successful save is the impact, to the object and the ramming vehicle', () => {
    const t = scene();
    // Reactions 15 + handling 2 + 3 (over 1 m wide) = 20: a 4 saves; 20 kph: 4D6 = 12.
    const events = t.run(
      { type: 'vehicle.risky', driverId: 'vey', vehicle: 'buggy-1', action: 'ramWideObject', kph: 20 },
      P2,
      [4, 3, 3, 3, 3, 1, 1, 1, 1],
    );
    expect(events[1]).toMatchObject({ reason: 'ram', detail: { objectDamage: 12, hull: { dcAfter: 248 } } });
    expect(vehicle(t, 'buggy-1').dc).toBe(248);
    expect(
      refused(
        t,
        { type: 'vehicle.risky', driverId: 'vey', vehicle: 'buggy-1', action: 'sharpTurn', kph: 20 },
        P2,
      ),
    ).toBe('NOT_A_RAM');
    expect(
      refused(t, { type: 'vehicle.risky', driverId: 'c', vehicle: 'buggy-1', action: 'sharpTurn' }, P1),
    ).toBe('NOT_THE_DRIVER');
  });

  it("competitive piloting (§13.8): both drivers' d20 + modified Reactions, the one trying strictly higher", () => {
    const t = scene();
    t.add('vey', 'v2', null, false);
    t.run({ type: 'vehicle.add', from: 'hatchback', id: 'car' });
    t.run({ type: 'vehicle.board', vehicleId: 'car', characterId: 'v2', as: 'driver' });
    // Vey: 15 + 2 (buggy) = 17; her double in the car by hand: 15 − 5 + 0 = 10.
    const [e] = t.run(
      {
        type: 'vehicle.contest',
        purpose: 'overtake',
        driverId: 'vey',
        vehicle: 'buggy-1',
        rivalId: 'v2',
        rivalVehicle: 'car',
      },
      P2,
      [3, 10],
    );
    expect(e).toMatchObject({
      actor: { total: 20 },
      others: [{ id: 'v2', total: 20, actorWins: false }],
    });
    expect(
      refused(
        t,
        {
          type: 'vehicle.contest',
          purpose: 'x',
          driverId: 'vey',
          vehicle: 'buggy-1',
          rivalId: 'v2',
          rivalVehicle: 'car',
          modifier: 3,
        },
        P2,
      ),
    ).toBe('GM_ONLY');
  });

  it('the driver of a hidden NPC vehicle keeps its Reactions and evasion bonus from the players', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.add('vey', 'boss', null, true);
    t.run({ type: 'gm.set', id: 'boss', field: 'attribute', name: 'reactions', value: 777 });
    t.run({ type: 'vehicle.add', from: 'buggy', id: 'bug' });
    t.run({ type: 'vehicle.board', vehicleId: 'bug', characterId: 'boss', as: 'driver', controls: 'port' });
    t.run({ type: 'vehicle.drive', vehicleId: 'bug', evasive: true });
    t.run({ type: 'hold', id: 'c', weapon: 'w1', inHands: true }, P1);
    t.run(
      { type: 'attack', attackerId: 'c', weapon: 'w1', targets: [{ id: 'bug', distance: 50 }] },
      P1,
      [10],
    );
    t.run({ type: 'defend', targetId: 'bug' }, GM, [7]);
    for (const seat of [P1, P2]) {
      const json = JSON.stringify([
        ...t.log.map((e) => eliteUnit.redact(e, seat)),
        eliteUnit.view(t.state, seat),
      ]);
      // Like any hidden defender's, only hit or miss shows: neither the dodge nor the total.
      expect(json).not.toMatch(/777|"dodge":389|defenceTotal|"total":396/);
    }
    expect(JSON.stringify(t.log.map((e) => eliteUnit.redact(e, GM)))).toMatch(/"dodge":389,"total":396/);
  });

  it('vehicle events import with their schemas and places; a tampered one is refused', () => {
    const t = scene();
    t.run({ type: 'vehicle.drive', vehicleId: 'buggy-1', speedKph: 40 }, P2);
    t.run({ type: 'vehicle.crash', vehicle: 'buggy-1', kph: 20 }, GM, [1, 1, 1, 1, 1, 1, 1, 1]);
    const file = (events: readonly unknown[]) => ({
      table: { system: 'elite-unit', name: 'Vehicles' },
      events: [
        { type: 'seat.joined', seatId: 'gm', role: 'gm', name: 'Gina' },
        { type: 'seat.joined', seatId: 'p1', role: 'player', name: 'Pia' },
        { type: 'seat.joined', seatId: 'p2', role: 'player', name: 'Pol' },
        ...events,
      ].map((event, i) => ({ seq: i + 1, at: '2026-11-26T06:00:00.000Z', by: null, commandId: null, event })),
    });
    expect(readCampaign(file(t.log), rulesetFor).events).toHaveLength(t.log.length + 3);
    const copy = structuredClone(t.log) as unknown as Record<string, unknown>[];
    const i = copy.findIndex((e) => e.type === 'vehicle.changed' && e.reason === 'drive');
    (copy[i] as { vehicles: unknown }).vehicles = [{ id: 'buggy-1', set: { dc: 9999 } }];
    let error: unknown;
    try {
      readCampaign(file(copy), rulesetFor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CampaignFileError);
    expect((error as Error).message).toMatch(/DC would pass its maximum/);
  });
});
