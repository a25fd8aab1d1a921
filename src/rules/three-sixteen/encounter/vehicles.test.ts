import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import { settleLevels } from '../campaign/test-kit.ts';
import { legalCommands } from '../ruleset.ts';
import type { AbilityId } from '../state.ts';
import { DESTROYED, EncounterRecord } from './record.ts';
import { bodiesExplode } from './round.ts';
import { fightAt, playRound, TestTable } from './test-kit.ts';

const H2H = { kind: 'fa', weapon: 'handToHand' } as const;
const never = { armourPolicy: 'never' } as const;
const apcAttack = { kind: 'nfa', task: { kind: 'vehicleAttack', vehicle: 'apc' } } as const;
const shipAttack = { kind: 'nfa', task: { kind: 'vehicleAttack', vehicle: 'dropShip' } } as const;

function captainAndTrooper(range: 'close' | 'near' | 'far', abilities: AbilityId[] = []) {
  const { t, gm, players } = fightAt(
    range,
    [
      { name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: never },
      { name: 'Tpr', fa: 5, nfa: 5, rank: 0, patch: never },
    ],
    { tokens: 4, abilities },
  );
  const [p1, p2] = players as [Seat, Seat];
  t.send(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' });
  t.send(p2, { type: 'boardVehicle', trooperId: 't2', vehicle: 'apc', ownerId: 't1' });
  return { t, gm, p1, p2 };
}

/** Both fight hand to hand, the aliens stop technology and strike first with a 1: their turn. */
function strikeUnderStopTechnology(t: TestTable, gm: Seat): void {
  t.send(gm, { type: 'declare', trooperId: 't1', declaration: H2H });
  t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
  t.send(gm, { type: 'declareAliens' });
  t.send(gm, { type: 'useAbility', ability: 'stopTechnology' });
  t.send(gm, { type: 'rollTest', actor: 'aliens' }, [1]);
  t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
  t.send(gm, { type: 'rollTest', actor: 't2' }, [9]);
  t.send(gm, { type: 'takeTurn', actor: 'aliens' });
}

describe('3:16 vehicles: the APC', () => {
  it('is brought in by a Captain, boarded, driven: d6 kills at any range and a free range change', () => {
    const { t, gm, p1, p2 } = captainAndTrooper('near');
    expect(t.state.encounter?.vehicles).toEqual([
      { vehicle: 'apc', ownerId: 't1', driverId: 't1', occupants: ['t1', 't2'], damage: 'intact' },
    ]);
    // Bad input: each refused with its code, nothing changes.
    expect(t.refuse(p2, { type: 'deployVehicle', trooperId: 't2', vehicle: 'apc' })).toBe('RANK_TOO_LOW');
    expect(t.refuse(p2, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' })).toBe('ALREADY_DONE');
    expect(t.refuse(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'dropShip' })).toBe(
      'RANK_TOO_LOW',
    );
    expect(t.refuse(p2, { type: 'boardVehicle', trooperId: 't2', vehicle: 'apc', ownerId: 't1' })).toBe(
      'ALREADY_ABOARD',
    );
    expect(t.refuse(p2, { type: 'declare', trooperId: 't2', declaration: apcAttack })).toBe('NOT_AVAILABLE');
    expect(
      t.refuse(p2, {
        type: 'declare',
        trooperId: 't2',
        declaration: { kind: 'nfa', task: { kind: 'manoeuvre', move: 'closer' } },
      }),
    ).toBe('IN_VEHICLE');
    expect(t.refuse(p1, { type: 'leaveVehicle', trooperId: 't1' })).toBe('NOT_YOUR_TURN');
    expect(t.refuse(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'tank' })).toBe('INVALID_COMMAND');

    // The driver's NFA 3 succeeds; the rider's FA 8 and the aliens' 9 fail.
    playRound(
      t,
      gm,
      { t1: apcAttack, t2: { kind: 'fa', weapon: 'energyRifle' } },
      { aliens: 9, t1: 3, t2: 8 },
    );
    expect(t.refuse(p2, { type: 'boardVehicle', trooperId: 't2', vehicle: 'apc', ownerId: 't1' })).toBe(
      'WRONG_STEP',
    );
    // d6 = 4 kills at Near, and the APC rolls in to Close with everyone aboard.
    t.send(p1, { type: 'takeTurn', actor: 't1', move: 'closer' }, [4]);
    expect(t.state.troopers.t1?.killsThisMission).toBe(4);
    expect(t.state.encounter?.tokens).toBe(3);
    expect(t.state.encounter?.positions).toEqual({ t1: 'close', t2: 'close' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    // The rider gets out on its own turn (a failure), staying at the APC's range.
    t.send(p2, { type: 'leaveVehicle', trooperId: 't2' });
    expect(t.state.encounter?.vehicles[0]?.occupants).toEqual(['t1']);
    expect(t.refuse(p2, { type: 'leaveVehicle', trooperId: 't2' })).toBe('NOT_ABOARD');
    t.send(p2, { type: 'takeTurn', actor: 't2' });
    // Round 2: the driver fails its NFA, yet the APC still changes range on its turn.
    playRound(t, gm, { t1: apcAttack, t2: H2H }, { aliens: 10, t1: 9, t2: 7 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(p1, { type: 'takeTurn', actor: 't1', move: 'farther' });
    expect(t.state.encounter?.positions).toEqual({ t1: 'near', t2: 'close' });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('shields its riders while intact; crippled, then destroyed with a Kill to everyone aboard', () => {
    const { t, gm } = captainAndTrooper('close');
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    // Round 2: the rider strikes first (4 beats the aliens' 1) and is still aboard when the
    // crippled APC is destroyed: it takes a Kill all the same.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 4 });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.vehicles[0]).toMatchObject({ damage: 'destroyed', occupants: [] });
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    // A destroyed APC is gone for good (a Development Roll replaces it).
    expect(t.state.troopers.t1?.vehicles).not.toContain('apc');
    expect(t.state.troopers.t1?.vehicles).toContain('dropPods');
  });

  it('the Suicide blast strikes the APC, which shields its riders, at its place in the order', () => {
    const { t, gm } = captainAndTrooper('close', ['suicide']);
    t.send(gm, { type: 'useAbility', ability: 'suicide' });
    // Everyone fails: the blast (a success of 1) acts first, as the round's order is made.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    expect(t.state.encounter?.queue[0]).toMatchObject({ actor: 'aliens:suicide', done: true });
    expect(t.state.encounter?.cursor).toBe(1);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('Ignore Armour goes through the APC', () => {
    const { t, gm } = captainAndTrooper('close', ['ignoreArmour']);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
  });

  it('Exploding Bodies strikes it as the aliens do: intact, it shields its riders and is crippled', () => {
    const { t, gm } = captainAndTrooper('close', ['explodingBodies']);
    // The Captain's 2 kills a token (Hand-to-Hand, 1 kill at Close); then the bodies explode.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    const before = t.state.log.length;
    t.send(gm, { type: 'useAbility', ability: 'explodingBodies' });
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    expect(t.state.log.slice(before).map((l) => l.text)).toContain('The APC is crippled.');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('the simulator’s strike on the record is the table’s: a Crippled APC destroyed, its riders struck and out', () => {
    const { t, gm } = captainAndTrooper('close', ['explodingBodies']);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
    // round.ts's strike on a record of the table (the simulator's functions), not written back.
    const r = new EncounterRecord(t.state);
    // The table asks for what landed (the log's sentences, the owner's loss: `told`).
    r.told = [];
    expect(r.vehicles).toBe(1);
    bodiesExplode(r);
    expect(r.vDamage[0]).toBe(DESTROYED);
    expect(r.vRiders[0]).toEqual([]);
    expect([r.ride[0], r.ride[1]]).toEqual([-1, -1]);
    expect([r.wounds[0], r.wounds[1]]).toEqual([1, 1]);
    // Written back, it is the state the table's own strike gives.
    const written = r.writeBack(t.state);
    expect(written.encounter?.vehicles[0]).toMatchObject({ damage: 'destroyed', occupants: [] });
    expect(written.troopers.t1?.vehicles).not.toContain('apc');
    expect(written.troopers.t2?.health).toEqual(['X', null, null]);
    expect(written.log.at(-1)?.text).toBe('The APC is destroyed.');
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
  });

  it('left empty, it is lost unless the PCs win the encounter', () => {
    const lose = fightAt('near', [{ name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: never }], { tokens: 2 });
    const p = lose.players[0] as Seat;
    lose.t.send(p, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' });
    playRound(lose.t, lose.gm, { t1: H2H }, { aliens: 8, t1: 9 });
    lose.t.send(p, { type: 'leaveVehicle', trooperId: 't1' });
    lose.t.send(p, { type: 'takeTurn', actor: 't1' });
    lose.t.send(lose.gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't1', value: 'beyondFar' },
      reason: 'runs for it',
    });
    expect(lose.t.state.lastEncounter?.endReason).toBe('allBeyondFar');
    expect(lose.t.state.troopers.t1?.vehicles).not.toContain('apc');

    const win = fightAt('near', [{ name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: never }], { tokens: 2 });
    const q = win.players[0] as Seat;
    win.t.send(q, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' });
    playRound(win.t, win.gm, { t1: H2H }, { aliens: 8, t1: 9 });
    win.t.send(q, { type: 'leaveVehicle', trooperId: 't1' });
    // Hand-to-Hand in hand: its best is 1 kill at Close, no die.
    win.t.send(q, { type: 'useStrength', trooperId: 't1', text: 'Held the line alone once.' });
    expect(win.t.state.lastEncounter?.endReason).toBe('strength');
    expect(win.t.state.troopers.t1?.vehicles).toContain('apc');
  });
});

describe('3:16 vehicle commands refuse bad input and change nothing', () => {
  it('each refusal has its stable code', () => {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Capt', fa: 5, nfa: 5, rank: 4 },
        { name: 'Maj', fa: 5, nfa: 5, rank: 5 },
        { name: 'Tpr', fa: 5, nfa: 5 },
      ],
      { tokens: 4 },
    );
    const [p1, p2, p3] = players as [Seat, Seat, Seat];
    expect(t.refuse(p3, { type: 'boardVehicle', trooperId: 't3', vehicle: 'apc', ownerId: 't1' })).toBe(
      'NOT_AVAILABLE',
    );
    expect(t.refuse(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc', driverId: 't9' })).toBe(
      'UNKNOWN_TROOPER',
    );
    expect(t.refuse(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc', driverId: 'x1' })).toBe(
      'INVALID_COMMAND',
    );
    expect(t.refuse(p1, { type: 'leaveVehicle', trooperId: 't1' })).toBe('NOT_ABOARD');
    t.send(p2, { type: 'deployVehicle', trooperId: 't2', vehicle: 'dropShip', driverId: 't3' });
    // The Tpr drives the Major's ship; the Major's own APC needs another driver.
    expect(t.state.encounter?.vehicles[0]).toMatchObject({
      ownerId: 't2',
      driverId: 't3',
      occupants: ['t3'],
    });
    expect(t.refuse(p2, { type: 'deployVehicle', trooperId: 't2', vehicle: 'apc', driverId: 't3' })).toBe(
      'ALREADY_ABOARD',
    );
    expect(t.refuse(p3, { type: 'boardVehicle', trooperId: 't3', vehicle: 'dropShip', ownerId: 't2' })).toBe(
      'ALREADY_ABOARD',
    );
    expect(t.refuse(p1, { type: 'boardVehicle', trooperId: 't1', vehicle: 'dropShip', ownerId: 't3' })).toBe(
      'NOT_AVAILABLE',
    );
    t.send(gm, { type: 'gmEndEncounter', reason: 'called off' });
    expect(t.refuse(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' })).toBe('WRONG_PHASE');
    expect(t.refuse(p1, { type: 'leaveVehicle', trooperId: 't1' })).toBe('WRONG_PHASE');
  });
});

describe('3:16 vehicles: riders, Stop Technology, Rapid Movement', () => {
  it('a driver out of the fight hands the wheel to the next rider', () => {
    const { t, gm, p2 } = captainAndTrooper('near');
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't1', value: 'dead' },
      reason: 'a stray needle',
    });
    expect(t.state.encounter?.vehicles[0]).toMatchObject({ driverId: 't2', occupants: ['t2'] });
    t.send(p2, { type: 'declare', trooperId: 't2', declaration: apcAttack });
    expect(t.state.encounter?.declarations.t2).toEqual(apcAttack);
  });

  it('under Stop Technology the APC neither moves freely nor kills', () => {
    const { t, gm, p1 } = captainAndTrooper('near', ['stopTechnology']);
    t.send(p1, { type: 'declare', trooperId: 't1', declaration: apcAttack });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'useAbility', ability: 'stopTechnology' });
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [8]);
    t.send(gm, { type: 'rollTest', actor: 't1' }, [3]);
    expect(t.refuse(p1, { type: 'takeTurn', actor: 't1', move: 'closer' })).toBe('INVALID_VALUE');
    const tokens = t.state.encounter?.tokens;
    t.send(p1, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.tokens).toBe(tokens);
    expect(t.state.troopers.t1?.killsThisMission).toBe(0);
  });

  it('under Stop Technology the APC does not shield: its riders are struck as if on foot', () => {
    const { t, gm } = captainAndTrooper('close', ['stopTechnology']);
    strikeUnderStopTechnology(t, gm);
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('intact');
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
  });

  it('Rapid Movement takes a vehicle with everyone else to the one new range', () => {
    const { t, gm } = captainAndTrooper('near', ['rapidMovement']);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 2, t1: 9, t2: 9 });
    const all = [
      { trooperId: 't1', range: 'far' as const },
      { trooperId: 't2', range: 'far' as const },
    ];
    t.send(gm, { type: 'useAbility', ability: 'rapidMovement', ranges: all });
    expect(t.state.encounter?.positions).toEqual({ t1: 'far', t2: 'far' });
  });
});

describe('3:16 vehicles: getting in later, and the GM moving one rider', () => {
  /** A Captain alone in its APC at Near; the trooper on foot beside it. Everyone fails round 1. */
  function apcAndWalker() {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: never },
        { name: 'Tpr', fa: 5, nfa: 5, rank: 0, patch: never },
      ],
      { tokens: 4 },
    );
    const [p1, p2] = players as [Seat, Seat];
    t.send(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 8 });
    return { t, gm, p1, p2 };
  }
  const board = { type: 'boardVehicle', trooperId: 't2', vehicle: 'apc', ownerId: 't1' } as const;
  const onTurn = (t: TestTable) => t.state.encounter?.queue[t.state.encounter.cursor]?.actor;

  it('a trooper gets in on its own turn, standing at the vehicle’s range', () => {
    const { t, gm, p1, p2 } = apcAndWalker();
    // Failures go 9, 9, 8: the aliens and the Captain act before the trooper.
    while (onTurn(t) !== 't2') {
      expect(t.refuse(p2, board)).toBe('WRONG_STEP');
      const actor = onTurn(t);
      t.send(actor === 't1' ? p1 : gm, { type: 'takeTurn', actor: actor as 't1' });
    }
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't2', value: 'far' },
      reason: 'wanders off',
    });
    expect(t.refuse(p2, board)).toBe('NOT_AT_VEHICLE');
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't2', value: 'near' },
      reason: 'comes back',
    });
    expect(legalCommands(t.state, p2)).toContainEqual(board);
    t.send(p2, board);
    expect(t.state.encounter?.vehicles[0]).toMatchObject({ driverId: 't1', occupants: ['t1', 't2'] });
    expect(t.refuse(p2, board)).toBe('ALREADY_ABOARD');
    // Boarding is free: the trooper still takes its turn.
    t.send(p2, { type: 'takeTurn', actor: 't2' });
    expect(t.state.encounter?.round).toBe(2);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a GM range override moves the whole vehicle, or with `alone` sets one rider down', () => {
    const { t, gm } = captainAndTrooper('near');
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't2', value: 'far' },
      reason: 'the APC backs off',
    });
    expect(t.state.encounter?.positions).toEqual({ t1: 'far', t2: 'far' });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't2', value: 'close', alone: true },
      reason: 'thrown clear',
    });
    expect(t.state.encounter?.positions).toEqual({ t1: 'far', t2: 'close' });
    expect(t.state.encounter?.vehicles[0]).toMatchObject({ driverId: 't1', occupants: ['t1'] });
    // The driver set down alone hands the wheel on; an empty vehicle is abandoned where it stands.
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't1', value: 'near', alone: true },
      reason: 'bails out',
    });
    expect(t.state.encounter?.vehicles[0]?.occupants).toEqual([]);
    expect(t.state.encounter?.positions).toEqual({ t1: 'near', t2: 'close' });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});

describe('3:16 vehicles: the Drop Ship', () => {
  function majorAndTrooper(abilities: AbilityId[] = []) {
    const { t, gm, players } = fightAt(
      'far',
      [
        { name: 'Maj', fa: 5, nfa: 5, rank: 5 },
        { name: 'Tpr', fa: 5, nfa: 5, rank: 0 },
      ],
      { tokens: 4, abilities },
    );
    const [p1, p2] = players as [Seat, Seat];
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'armour', trooperId: 't2', value: 'used' },
      reason: 'ticked on the way down',
    });
    t.send(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'dropShip' });
    t.send(p2, { type: 'boardVehicle', trooperId: 't2', vehicle: 'dropShip', ownerId: 't1' });
    return { t, gm, p1, p2 };
  }

  it('under Stop Technology its extra tick does not work and it is not struck', () => {
    const { t, gm, p2 } = majorAndTrooper(['stopTechnology']);
    strikeUnderStopTechnology(t, gm);
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('intact');
    // The trooper's MandelBrite is used up and the ship's tick is dead this round.
    expect(t.refuse(p2, { type: 'answerKill', trooperId: 't2', useArmour: true })).toBe('NOT_AVAILABLE');
    t.send(p2, { type: 'answerKill', trooperId: 't2', useArmour: false });
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.planetUses.dropShipArmourUsed).toBe(false);
  });

  it('its commander rolls NFA for it: d10 kills at any range', () => {
    const { t, gm, p1 } = majorAndTrooper();
    playRound(t, gm, { t1: shipAttack, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(p1, { type: 'takeTurn', actor: 't1' }, [7]);
    expect(t.state.troopers.t1?.killsThisMission).toBe(7);
    expect(t.state.encounter?.tokens).toBe(3);
    // Only the APC moves without a roll.
    expect(t.refuse(gm, { type: 'takeTurn', actor: 't2', move: 'closer' })).toBe('INVALID_VALUE');
  });

  it('gives everyone aboard one extra Armour tick per planet, and is crippled then destroyed', () => {
    const { t, gm, p1, p2 } = majorAndTrooper();
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.vehicles[0]?.damage).toBe('crippled');
    expect(t.state.encounter?.pendingKills.map((p) => p.trooperId)).toEqual(['t1', 't2']);
    // The trooper's MandelBrite is used up, yet the ship's tick takes the Kill.
    t.send(p2, { type: 'answerKill', trooperId: 't2', useArmour: true });
    expect(t.state.troopers.t2?.planetUses.dropShipArmourUsed).toBe(true);
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    // The Major ticks MandelBrite first and keeps the ship's tick.
    t.send(p1, { type: 'answerKill', trooperId: 't1', useArmour: true });
    expect(t.state.troopers.t1?.armour).toBe('used');
    expect(t.state.troopers.t1?.planetUses.dropShipArmourUsed).toBe(false);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    // Destroyed by this attack: nobody shelters in it any more, and no extra Kill for the riders.
    expect(t.state.encounter?.vehicles[0]).toMatchObject({ damage: 'destroyed', occupants: [] });
    expect(t.state.troopers.t1?.vehicles).not.toContain('dropShip');
    expect(t.refuse(p2, { type: 'answerKill', trooperId: 't2', useArmour: true })).toBe('NOT_AVAILABLE');
    expect(t.refuse(p1, { type: 'answerKill', trooperId: 't1', useArmour: true })).toBe('NOT_AVAILABLE');
    t.send(p1, { type: 'answerKill', trooperId: 't1', useArmour: false });
    t.send(p2, { type: 'answerKill', trooperId: 't2', useArmour: false });
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});

describe('3:16 Drop Pods are lost with their encounter', () => {
  function podTable(tokens: number) {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p = t.seat('p1', 'player');
    t.send(
      gm,
      { type: 'createTrooper', ownerSeatId: 'p1', name: 'Lt', fa: 5, nfa: 5, rank: 3 },
      [1, 1, 1, 1, 1],
    );
    t.send(p, { type: 'setArmourPolicy', trooperId: 't1', policy: 'never' });
    t.send(gm, { type: 'setPlanet', name: 'X', aa: 5, threat: 5 });
    t.send(gm, { type: 'briefMission', text: '' });
    t.send(gm, { type: 'startEncounter', tokens });
    t.send(p, { type: 'useDropPods', trooperId: 't1' });
    // Ambush order d10 7, then the Slug Rifle at Near: d6 = 4.
    t.send(p, { type: 'setRange', range: 'near' }, [7, 4]);
    return { t, gm, p };
  }

  it('an E-Vac in that encounter loses them; the next planet has none', () => {
    const { t, gm, p } = podTable(2);
    playRound(t, gm, { t1: { kind: 'nfa', task: { kind: 'eVac' } } }, { aliens: 9, t1: 2 });
    t.send(p, { type: 'takeTurn', actor: 't1' });
    expect(t.state.lastEncounter?.endReason).toBe('eVac');
    expect(t.state.troopers.t1?.vehicles).not.toContain('dropPods');
    t.send(gm, { type: 'endMission' });
    t.send(gm, { type: 'debrief' });
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Y', aa: 5, threat: 5 });
    t.send(gm, { type: 'briefMission', text: '' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    expect(t.refuse(p, { type: 'useDropPods', trooperId: 't1' })).toBe('NOT_AVAILABLE');
  });

  it('a won first encounter keeps them', () => {
    const { t } = podTable(1);
    expect(t.state.lastEncounter?.endReason).toBe('noTokens');
    expect(t.state.troopers.t1?.vehicles).toContain('dropPods');
  });
});
