import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { defaultPack } from './data/pack.ts';
import { packSchema } from './data/pack-schema.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import {
  fixedDeal,
  GM,
  newOrdersGame,
  newOrdersOnTile4,
  packWith,
  ScriptThenSeeded,
  Table,
  threatPlaced,
} from './test-kit.ts';

const ENTRY = 3;
const HUB = 4;
/** Entry tile ↔ hub: aperture squares (4,7) and (5,7). Bridge ↔ entry tile: (2,4) and (2,5). */
const HUB_DOOR = 2;
const BRIDGE_DOOR = 6;

function boarded(hubCard: string) {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([
    fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] }, [HUB]: { cards: [hubCard] } }),
  ]);
  t.send({ type: 'board' });
  return t;
}

describe('event cards: gas leak and new orders (24.6)', () => {
  it('a gas leak takes 1 off the FF of Teamers in that door zone for the turn', () => {
    const t = boarded('gas-leak');
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptThenSeeded([1], 3);
    const opened = t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: true });
    expect(opened.find((e) => e.type === 'card.resolved')).toMatchObject({
      effect: 'gas-leak',
      door: HUB_DOOR,
    });
    expect(t.state.effects.gasLeak).toEqual({ door: HUB_DOOR, turn: 1, ff: -1 });
    // His next fumble test (closing the door) is against FF 5 − 1.
    t.dice = new ScriptThenSeeded([1], 3);
    const closed = t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false });
    const test = closed.find((e) => e.type === 'test.rolled') as Extract<FdEvent, { type: 'test.rolled' }>;
    expect(test.record.target).toBe(4);
  });

  it('new orders name a tile type: the first Teamer to stand on such a tile meets the bonus objective', () => {
    const t = boarded('quiet');
    t.fold([newOrdersOnTile4]);
    expect(t.state.progress.bonus).toEqual({ tileType: 'Bridge', met: false });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 5, facing: 0, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', door: BRIDGE_DOOR, open: true, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptThenSeeded([3, 1, 1, 1], 5);
    t.send({ type: 'move', teamerId: 'you' });
    const ev = t.send({ type: 'step', teamerId: 'you', x: 2, y: 4 });
    expect(ev).toContainEqual({ type: 'orders.met', teamerId: 'you', tile: 0 });
    expect(t.state.progress.bonus?.met).toBe(true);
  });

  it('met, the bonus objective adds the pack’s newOrders team stars and leaves the outcome alone', () => {
    const t = newOrdersGame(true);
    const stars = defaultPack.campaign.teamStars.newOrders;
    expect(stars).toBe(1);
    // The whole Team is lost: failed, whatever the orders; no catastrophe, so no mission stars.
    expect(t.state.evaluation).toMatchObject({
      outcome: 'failed',
      bonus: true,
      bonusStars: stars,
      teamStars: stars,
    });
    expect(t.log).toContainEqual(
      expect.objectContaining({
        type: 'stars.awarded',
        teamerId: null,
        stars,
        why: 'new orders carried out',
      }),
    );
    expect(t.state.teamStars).toBe(stars);
  });

  it('the number is the pack’s; orders not carried out earn nothing', () => {
    const teamStars = { ...defaultPack.campaign.teamStars, newOrders: 4 };
    const pack = { ...defaultPack, campaign: { ...defaultPack.campaign, teamStars } };
    expect(newOrdersGame(true, fd.setup({ pack })).state.evaluation).toMatchObject({
      bonusStars: 4,
      teamStars: 4,
    });
    const missed = newOrdersGame(false, fd.setup({ pack }));
    expect(missed.state.evaluation).toMatchObject({
      outcome: 'failed',
      bonus: false,
      bonusStars: 0,
      teamStars: 0,
    });
    expect(missed.log.some((e) => e.type === 'stars.awarded')).toBe(false);
  });

  it('a pack without the number loads with 1 (the default)', () => {
    const { newOrders: _, ...older } = defaultPack.campaign.teamStars;
    const parsed = packSchema.parse({
      ...defaultPack,
      campaign: { ...defaultPack.campaign, teamStars: older },
    });
    expect(parsed.campaign.teamStars.newOrders).toBe(1);
  });
});

describe('the event roll option (22)', () => {
  /** The pack's `eventRoll` switch on (a card happens on the pack's `markers.eventRoll.happensOn`, 4); YOU at the hub door. */
  function rolling() {
    const pack = packWith({ eventRoll: true });
    const t = new Table(new ScriptThenSeeded([], 5), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] }, [HUB]: { cards: ['gas-leak'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  // Fumble test 1 opens the door; then the event die: under 4 the card is turned over with no
  // effect, 4 or more it happens as without the option.
  it.each([
    [3, 'nothing', undefined],
    [4, 'gas-leak', { door: HUB_DOOR, turn: 1, ff: -1 }],
  ])('a RED card rolls first: event die %i, effect %s', (face, effect, leak) => {
    const t = rolling();
    t.dice = new ScriptThenSeeded([1, face], 3);
    const ev = t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: true });
    expect(ev.find((e) => e.type === 'card.resolved')).toMatchObject({ cardId: 'gas-leak', effect });
    expect(t.state.effects.gasLeak ?? undefined).toEqual(leak);
  });
});

describe('difficult game: the disturbance switch (22)', () => {
  function shootingTurn(on: boolean) {
    const switches = { ...defaultPack.options.switches, disturbance: on };
    const pack = { ...defaultPack, options: { ...defaultPack.options, switches } };
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]), fd.setup({ pack }));
    t.fold([
      fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] }, [HUB]: { chits: [true] } }, [
        'red',
        'orange',
        'blue',
      ]),
    ]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    t.dice = new ScriptedDice([3, 1, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    t.send({ type: 'endMove', teamerId: 'you', facing: 2 });
    t.dice = new ScriptThenSeeded([1], 4);
    t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: 4, y: 5 });
    expect(t.state.shotTiles).toEqual([ENTRY]);
    t.send({ type: 'endTeamPhase' });
    return t;
  }

  it('on: each unopened tile next to one shot from gets a marker in Housekeeping', () => {
    const t = shootingTurn(true);
    const added = t.log.filter((e) => e.type === 'ping.added').map((e) => (e as { tile: number }).tile);
    // The entry tile (column 0, row 1) touches the Bridge (0), the Hub (4) and tile 6.
    expect(added).toEqual([0, HUB, 6]);
    expect(t.state.shotTiles).toEqual([]);
  });

  it('off (the default): no marker', () => {
    const t = shootingTurn(false);
    expect(t.log.some((e) => e.type === 'ping.added')).toBe(false);
  });
});

describe('hazardous cargo in Housekeeping (17, 18)', () => {
  // Drifter loads, in pack order: pod-1 (6,1) and pod-2 (8,1) inert; fuel drums (6,3) flammable;
  // munitions (8,3) explosive.
  const POD_1 = 0;
  const FUEL = 2;
  const MUNITIONS = 3;

  function housekeepingWith(events: FdEvent[]) {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.fold(events);
    t.dice = new ScriptThenSeeded([], 2);
    t.send({ type: 'endTeamPhase' });
    return t;
  }

  it('flames next to a flammable load start its warming die at 6', () => {
    const t = housekeepingWith([{ type: 'flames.changed', square: 4 * 15 + 6, flames: 1 }]);
    expect(t.state.loads[FUEL]).toMatchObject({ warming: 6, lost: false });
    expect(t.state.loads[MUNITIONS]).toMatchObject({ warming: null, lost: false });
  });

  it('a warming load loses a pip per marker; at 0 it burns, and the fire reaches its neighbours', () => {
    const t = housekeepingWith([
      { type: 'load.changed', load: FUEL, warming: 2, lost: false, why: 'set-up' },
      { type: 'flames.changed', square: 4 * 15 + 6, flames: 3 },
    ]);
    expect(t.state.loads[FUEL]).toMatchObject({ warming: 0, lost: true });
    // The fire covers the 3×3 round (6,3): the munitions (8,3) are next to it, pod-1 (6,1) too.
    expect(t.state.loads[MUNITIONS]).toMatchObject({ warming: 6, lost: false });
    expect(t.state.loads[POD_1]?.lost).toBe(true);
    // Flames were laid (and have burnt down one in the same Housekeeping).
    expect(t.log.some((e) => e.type === 'flames.changed' && e.square === 2 * 15 + 5)).toBe(true);
  });

  it('a load that goes up hits every figure in its 3×3, one table die each in reading order', () => {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'jonesy', x: 7, y: 2, facing: 2, reason: 'set-up' }, GM);
    t.send({ type: 'gmOverride', teamerId: 'kowalski', x: 9, y: 3, facing: 6, reason: 'set-up' }, GM);
    // A Harpy at (9,2) that has already acted this turn (so the Threat phase rolls nothing).
    t.fold([threatPlaced(1, { id: 'h1', species: 'harpy', x: 9, y: 2, facing: 6 })]);
    const h1 = t.state.threats.h1;
    if (!h1) throw new Error('no Harpy');
    t.fold([
      { type: 'gm.overrode', by: 'gm', threat: { ...h1, acted: true }, reason: 'set-up' },
      { type: 'load.changed', load: MUNITIONS, warming: 1, lost: false, why: 'set-up' },
      { type: 'blasts.changed', blasts: [4 * 15 + 9] },
    ]);
    // Jonesy (7,2) hit on 4, the Harpy (9,2) on 6, Kowalski (9,3) missed on 3.
    const dice = new ScriptThenSeeded([4, 6, 3], 2);
    t.dice = dice;
    t.send({ type: 'endTeamPhase' });
    expect(t.state.loads[MUNITIONS]).toMatchObject({ warming: 0, lost: true });
    expect(dice.used.slice(0, 3).map((u) => u.purpose)).toEqual([
      'the explosive load hits jonesy?',
      'the explosive load hits h1?',
      'the explosive load hits kowalski?',
    ]);
    expect(t.log.find((e) => e.type === 'load.blasted')).toEqual({
      type: 'load.blasted',
      load: MUNITIONS,
      cargo: 'explosive',
      targets: ['jonesy', 'h1', 'kowalski'],
      faces: [4, 6, 3],
      hitOn: 4,
      hits: { jonesy: 1, h1: 1, kowalski: 0 },
    });
    expect(t.state.teamers.jonesy?.wounds).toBe(1);
    expect(t.state.teamers.kowalski?.wounds).toBe(0);
    expect(t.state.threats.h1?.wounds).toBe(1);
  });
});

describe('the cargo bonus (16, 24.6)', () => {
  it('pays each intact load and charges each lost one in the evaluation, and adds it to the pay', () => {
    const t = new Table(new ScriptedDice([]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.fold([{ type: 'load.changed', load: 0, warming: null, lost: true, why: 'set-up' }]);
    const loads = t.state.loads.length;
    for (const id of t.state.teamOrder)
      t.send({ type: 'gmOverride', teamerId: id, wounds: 3, reason: 'the end' }, GM);
    const price = defaultPack.campaign.cargoBonus;
    const bonus = (loads - 1) * price.intact + price.lost;
    expect(t.state.evaluation?.cargo).toEqual({ intact: loads - 1, lost: 1, bonus });
    expect(t.log.find((e) => e.type === 'campaign.debriefed')).toMatchObject({
      cargoBonus: bonus,
      pay: bonus,
    });
    expect(t.state.campaign.pay).toBe(bonus);
  });
});
