import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { defaultPack } from './data/pack.ts';
import { fundamentalDuck as fd } from './index.ts';
import {
  atTheHubDoor,
  CARGO_DOOR,
  ceilingOverTile4,
  crossingTheCargoDoor,
  fixedDeal,
  GM,
  HUB_DOOR,
  hubDoorOpen,
  PLAYER,
  packWith,
  ScriptThenSeeded,
  Table,
} from './test-kit.ts';

const ENTRY = 3;
const HUB = 4;

describe('diving under a closing door (15.2)', () => {
  it('the closer dives through as it shuts: his other chit, ducked on the far side', () => {
    const t = atTheHubDoor();
    // Closing fumble test 1 (< FF 5 passes); then the hub's first-entry BINGE test 1.
    t.dice = new ScriptedDice([1, 1]);
    const ev = t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['you'] });
    expect(ev.find((e) => e.type === 'chit.used' && e.kind === 'dive')).toBeDefined();
    expect(t.state.teamers.you).toMatchObject({ x: 5, y: 7, ducked: true, chits: ['ACTED', 'ACTED'] });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
    // He is the first into the hub: that is a stress situation, as for any step.
    expect(ev.some((e) => e.type === 'tile.entered' && e.tile === HUB)).toBe(true);
  });

  it('with no chit left he dives on a fumble test; failing it, the door closes on him', () => {
    const t = atTheHubDoor();
    // A turn on the spot uses his first chit (and may give a first sight of the Harpies).
    t.dice = new ScriptThenSeeded([1, 1], 1);
    t.send({ type: 'turn', teamerId: 'you', facing: 1 });
    expect(t.state.teamers.you?.chits[0]).toBe('ACTED');
    // Closing test 1 passes; the dive's test 6 fails.
    t.dice = new ScriptThenSeeded([1, 6], 1);
    t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['you'] });
    expect(t.state.teamers.you).toMatchObject({ x: 4, y: 7, wounds: 3 });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
  });

  it("a pack whose doors only wound a Teamer (crushing.teamer 'wounded'): the failed dive costs a wound, he stays put", () => {
    const pack = {
      ...defaultPack,
      combat: {
        ...defaultPack.combat,
        crushing: { ...defaultPack.combat.crushing, teamer: 'wounded' as const },
      },
    };
    const t = atTheHubDoor(fd.setup({ pack }));
    t.dice = new ScriptThenSeeded([1, 1], 1);
    t.send({ type: 'turn', teamerId: 'you', facing: 1 });
    // Closing test 1 passes; the dive's test 6 fails (YOU wears no armour: no save die).
    t.dice = new ScriptThenSeeded([1, 6], 1);
    t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['you'] });
    expect(t.state.teamers.you).toMatchObject({ x: 4, y: 7, wounds: 1 });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
  });

  it("a comrade diving rolls his fumble test on the table's dice, not on the closer's", () => {
    const t = hubDoorOpen({ x: 4, y: 6, facing: 2 });
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 5, y: 7, facing: 6, reason: 'set-up' }, GM);
    // YOU keeps his second chit on WAIT; Brick spends both of his turning on the spot, so he has
    // none left for the dive; then YOU closes the door with his WAIT chit.
    t.dice = new ScriptThenSeeded([1, 1, 1, 1], 1);
    t.send({ type: 'activate', teamerId: 'you' });
    t.send({ type: 'pass', teamerId: 'you' });
    t.send({ type: 'wait', teamerId: 'you' });
    t.send({ type: 'activate', teamerId: 'brick' });
    t.send({ type: 'turn', teamerId: 'brick', facing: 4 });
    t.send({ type: 'turn', teamerId: 'brick', facing: 6 });
    expect(t.state.teamers.brick?.chits).toEqual(['ACTED', 'ACTED']);
    // YOU's own dice: his closing test 1, then a 6 that would crush Brick if it were his; the
    // table's: Brick's dive test 1, then the seeded rest (his first step into the module).
    const events = fd.decide(
      t.state,
      { type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['brick'] },
      { actor: PLAYER, dice: new ScriptedDice([1, 6]), tableDice: new ScriptThenSeeded([1], 1) },
    );
    t.fold(events);
    expect(t.state.teamers.brick).toMatchObject({ x: 4, y: 7, ducked: true, wounds: 0 });
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
  });

  it('refuses a dive from outside the aperture squares, or with no room beyond, changing nothing', () => {
    const t = atTheHubDoor();
    t.send({ type: 'gmOverride', threatId: 'h1', x: 5, y: 7, reason: 'set-up' }, GM);
    const hash = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    expect(
      refusalCode(() =>
        t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['you'] }),
      ),
    ).toBe('NO_ROOM');
    expect(
      refusalCode(() =>
        t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['brick'] }),
      ),
    ).toBe('CANNOT_ACT');
    expect(stateHash(t.state)).toBe(hash);
    const u = atTheHubDoor();
    u.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 6, reason: 'set-up' }, GM);
    expect(
      refusalCode(() =>
        u.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['you'] }),
      ),
    ).toBe('NOT_IN_APERTURE');
  });
});

describe('diving under a door shut on a Threat (15.2, 15.3)', () => {
  it('a comrade in an aperture square dives through as the door shuts on the Threat (was: no dive offered)', () => {
    const t = crossingTheCargoDoor();
    // YOU's own dice: the crush's fumble test 1 passes, then the rest (Brick first into module 1,
    // as any step, takes the stress situation on the acting seat's dice).
    const events = fd.decide(
      t.state,
      { type: 'crush', teamerId: 'you', divers: ['brick'] },
      { actor: PLAYER, dice: new ScriptThenSeeded([1], 1), tableDice: new ScriptThenSeeded([], 1) },
    );
    t.fold(events);
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'chit.used', teamerId: 'brick', kind: 'dive' }),
    );
    expect(t.state.teamers.brick).toMatchObject({ x: 8, y: 4, ducked: true, wounds: 0 });
    expect(t.state.doors[CARGO_DOOR]?.open).toBe(false);
    expect(t.state.threats.h1).toBeUndefined();
  });

  it('a failed crush shuts nothing, so nobody dives', () => {
    const t = crossingTheCargoDoor();
    t.dice = new ScriptThenSeeded([6], 1);
    t.send({ type: 'crush', teamerId: 'you', divers: ['brick'] });
    expect(t.state.teamers.brick).toMatchObject({ x: 8, y: 5 });
  });

  it('refuses a diver with no room beyond (the Threat there), changing nothing', () => {
    const t = crossingTheCargoDoor();
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 7, y: 5, facing: 0, reason: 'set-up' }, GM);
    const hash = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    expect(refusalCode(() => t.send({ type: 'crush', teamerId: 'you', divers: ['brick'] }))).toBe('NO_ROOM');
    expect(stateHash(t.state)).toBe(hash);
  });
});

describe('no dive from up in a ceiling (15.2, 19)', () => {
  it('a man up in the ceiling over an aperture square is not named as a diver (was: he dived)', () => {
    const t = atTheHubDoor();
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 5, y: 6, facing: 0, reason: 'set-up' }, GM);
    t.fold([
      ceilingOverTile4(),
      { type: 'ceiling.climbed', teamerId: 'brick', up: true, x: 5, y: 6, cost: 2 },
    ]);
    // Up in the ceiling he is moved along it over the hub door's east aperture square.
    t.fold([{ type: 'teamer.stepped', teamerId: 'brick', x: 5, y: 7, facing: 4, cost: 1 }]);
    expect(t.state.teamers.brick).toMatchObject({ x: 5, y: 7, up: true });
    const hash = stateHash(t.state);
    t.dice = new ScriptedDice([]);
    expect(
      refusalCode(() =>
        t.send({ type: 'operateDoor', teamerId: 'you', door: HUB_DOOR, open: false, divers: ['brick'] }),
      ),
    ).toBe('CANNOT_ACT');
    expect(stateHash(t.state)).toBe(hash);
  });
});

describe('difficult game: the dash fumble switch (22)', () => {
  function dashing(on: boolean, faces: number[]) {
    const pack = packWith({ dashFumble: on });
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'activate', teamerId: 'you' });
    // Dash: AvD 3 + 2; first into the module: BINGE test 1; first sight: 1.
    t.dice = new ScriptThenSeeded([3, 1, 1], 1);
    t.send({ type: 'move', teamerId: 'you', dash: true });
    t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
    t.dice = new ScriptedDice(faces);
    t.send({ type: 'endMove', teamerId: 'you' });
    return t;
  }

  it('with the switch on, a failed fumble test at the end of a dash leaves him ducked', () => {
    // 6 fails (a stress chit is drawn: d60 face 1).
    expect(dashing(true, [6, 1]).state.teamers.you?.ducked).toBe(true);
    expect(dashing(true, [1]).state.teamers.you?.ducked).toBe(false);
  });

  it('with the switch off (the default), a dash needs no test', () => {
    expect(dashing(false, []).state.teamers.you?.ducked).toBe(false);
  });
});
