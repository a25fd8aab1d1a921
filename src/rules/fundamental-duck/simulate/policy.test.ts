import { describe, expect, it } from 'vitest';
import { ScriptedDice, SeededDice } from '../../../engine/dice/source.ts';
import { boardOf } from '../board-adapter.ts';
import type { FdCommand } from '../commands.ts';
import { defaultPack } from '../data/pack.ts';
import type { FdEvent } from '../events.ts';
import { fundamentalDuck as fd } from '../index.ts';
import { legalCommands, legalShots } from '../legal.ts';
import { initialState } from '../setup.ts';
import type { FdState, Teamer } from '../state.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table, threatPlaced, youAboard } from '../test-kit.ts';
import { bestLegalShot, bestShot, chooseCommand, DEFAULT_POLICY, policyStats, policyStep } from './policy.ts';
import { packWithGear, runMission } from './run.ts';

/**
 * YOU (one grenade) stands at (0,7) looking east after a MOVE, his second chit READY; the two
 * Harpies are set down where the test says, with `wounds` taken already (gmOverride).
 */
function grenadier(harpies: readonly (readonly [number, number])[], wounds = 0): Table {
  const t = youAboard();
  harpies.forEach(([x, y], i) => {
    t.send({ type: 'gmOverride', threatId: `h${i + 1}`, x, y, wounds, reason: 'set-up' }, GM);
  });
  return t;
}

const isGrenade = (c: FdCommand | null) => c?.type === 'shoot' && c.weapon === 'grenade';

describe('grenades in the legal list and the policy', () => {
  it('the legal list offers a throw at each Threat square in arc and range, and decide accepts each', () => {
    const t = grenadier([
      [3, 6],
      [3, 7],
    ]);
    const throws = legalCommands(t.state).filter(isGrenade);
    expect(throws).toEqual(
      expect.arrayContaining([
        { type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 6 },
        { type: 'shoot', teamerId: 'you', weapon: 'grenade', x: 3, y: 7 },
      ]),
    );
    for (const c of throws)
      expect(() => fd.decide(t.state, c, { actor: GM, dice: new ScriptThenSeeded([], 3) })).not.toThrow();
    // Thrown: none left, none offered.
    t.dice = new ScriptThenSeeded([2], 3);
    t.send(throws[0] as FdCommand);
    expect(legalCommands(t.state).some(isGrenade)).toBe(false);
  });

  it('throws at a pack of two out of his square when it beats his best shot', () => {
    // Each Harpy on its last wound: a hit on either is a kill, worth twice a hand-blaster shot.
    const t = grenadier(
      [
        [3, 6],
        [3, 7],
      ],
      1,
    );
    expect(isGrenade(chooseCommand(t.state))).toBe(true);
    // A pack of three asked for: he shoots.
    expect(chooseCommand(t.state, { ...DEFAULT_POLICY, grenadePack: 3 })).toMatchObject({
      weapon: 'hand-blaster',
    });
    // Unhurt Harpies: two wounds each to share, and the scatter; the hand-blaster is as good.
    const fresh = grenadier([
      [3, 6],
      [3, 7],
    ]);
    expect(isGrenade(chooseCommand(fresh.state))).toBe(false);
  });

  it('keeps the grenade for one Threat alone, or a pack beside a comrade', () => {
    const lone = grenadier(
      [
        [3, 6],
        [9, 2],
      ],
      1,
    );
    expect(isGrenade(chooseCommand(lone.state))).toBe(false);
    const t = grenadier(
      [
        [3, 6],
        [3, 7],
      ],
      1,
    );
    // A comrade in the blast costs more than the two Harpies' wounds are worth.
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 2, y: 7, reason: 'set-up' }, GM);
    expect(isGrenade(chooseCommand(t.state))).toBe(false);
  });
});

describe('Bio-Sensor scans in the legal list', () => {
  it('offers a scan through a door into a tile with a marker face down, only to the man with the sensor; decide accepts it', () => {
    const t = grenadier([]);
    // YOU in the zone of the corridor's east door (2) into the Hub, whose marker is face down.
    t.send({ type: 'gmOverride', teamerId: 'you', x: 4, y: 7, facing: 2, reason: 'set-up' }, GM);
    const scans = legalCommands(t.state).filter((c) => c.type === 'scan');
    expect(scans).toEqual([{ type: 'scan', teamerId: 'you', door: 2 }]);
    t.dice = new ScriptedDice([1]);
    expect(t.send(scans[0] as FdCommand).map((e) => e.type)).toContain('tile.revealed');
    // Scanned (and his chits spent): the Hub's marker is face up, and no scan is offered again.
    expect(legalCommands(t.state).some((c) => c.type === 'scan')).toBe(false);
  });
});

describe('position juggling and drone guns in the legal list and the policy', () => {
  /** Brick (sound) activating beside wounded Sparks at (1,7), both facing east; a Harpy at (3,7). */
  function stacked(): Table {
    const t = grenadier([[3, 7]]);
    t.send({ type: 'endActivation', teamerId: 'you' });
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 1, y: 7, facing: 2, reason: 'set-up' }, GM);
    t.send(
      { type: 'gmOverride', teamerId: 'sparks', x: 1, y: 7, facing: 2, wounds: 1, reason: 'set-up' },
      GM,
    );
    t.send({ type: 'activate', teamerId: 'brick' });
    return t;
  }

  it('offers a swap with a stack-mate who has not activated, and decide accepts it', () => {
    const t = stacked();
    const juggles = legalCommands(t.state).filter((c) => c.type === 'juggle');
    expect(juggles).toEqual([{ type: 'juggle', teamerId: 'brick', partnerId: 'sparks' }]);
    const before = { brick: t.state.teamers.brick?.position, sparks: t.state.teamers.sparks?.position };
    t.send(juggles[0] as FdCommand);
    expect(t.state.teamers.brick?.position).toBe(before.sparks);
    expect(t.state.teamers.sparks?.position).toBe(before.brick);
  });

  it('the sound man swaps with a wounded mate who stands toward the Threat, not with one behind him', () => {
    const t = stacked();
    const sparks = t.state.teamers.sparks;
    const brick = t.state.teamers.brick;
    // The pair stands on opposite points: exactly one of them is nearer the Harpy to the east.
    const ahead = (p: string | undefined) => (p === 'front' ? 1 : p === 'back' ? -1 : 0);
    const sparksAhead = ahead(sparks?.position) > ahead(brick?.position);
    const c = chooseCommand(t.state);
    if (sparksAhead) expect(c).toEqual({ type: 'juggle', teamerId: 'brick', partnerId: 'sparks' });
    else expect(c?.type).not.toBe('juggle');
    // Out of the juggle's range the pair stays as it is.
    expect(chooseCommand(t.state, { ...DEFAULT_POLICY, juggleRange: 1 })?.type).not.toBe('juggle');
  });

  it('sets up a drone gun facing a near Threat when he carries one, out of every door zone', () => {
    const pack = packWithGear(defaultPack, { droneGun: 'you' });
    const t = grenadier([[5, 7]]);
    t.state = {
      ...t.state,
      campaign: { ...t.state.campaign, sheets: initialState({ pack }).campaign.sheets },
    };
    const setups = legalCommands(t.state).filter((c) => c.type === 'setUpDrone');
    expect(setups.length).toBeGreaterThan(0);
    const c = chooseCommand(t.state, { ...DEFAULT_POLICY, grenadePack: 99 });
    // A shot comes first when he has one; without a line he sets the drone up.
    const shots = legalCommands(t.state).filter((x) => x.type === 'shoot');
    if (shots.length === 0) {
      expect(c).toMatchObject({ type: 'setUpDrone', teamerId: 'you', facing: 2 });
      t.dice = new ScriptedDice([1]);
      t.send(c as FdCommand);
      expect(t.state.drones).toHaveLength(1);
    } else expect(c?.type).toBe('shoot');
    // Without the gear nothing is offered.
    expect(legalCommands(grenadier([[5, 7]]).state).some((x) => x.type === 'setUpDrone')).toBe(false);
  });
});

describe('a walking drone gun walked ahead of the Team', () => {
  /**
   * YOU (walking drone gun) at (2,8) looking north, his drone set up at (2,5); a Harpy at (0,9)
   * behind him (no shot), 4 squares from the drone; YOU activated with both chits READY.
   */
  function walker(): Table {
    const pack = packWithGear(defaultPack, { walkingDroneGun: 'you' });
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 8, facing: 0, reason: 'set-up' }, GM);
    t.fold([
      threatPlaced(3, { id: 'h1', species: 'harpy', x: 0, y: 9, facing: 1 }),
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 5, facing: 0, power: 10, walking: true },
    ]);
    t.send({ type: 'activate', teamerId: 'you' });
    return t;
  }

  it('walks it, through a listed walk, to the square nearest the Threat, facing it; decide accepts it', () => {
    const t = walker();
    if (!t.state.threats.h1) throw new Error('the Harpy is not placed');
    const c = chooseCommand(t.state);
    expect(c?.type).toBe('directDrone');
    if (c?.type !== 'directDrone') return;
    // The square is one the legal list offers (the list keeps the drone's facing; any facing is his to give).
    expect(legalCommands(t.state)).toContainEqual({ ...c, facing: 0 });
    const board = boardOf(t.state);
    expect(board.distance(c.x, c.y, 0, 9)).toBeLessThan(board.distance(2, 5, 0, 9));
    expect(c.facing).not.toBe(0);
    const refused = policyStats.refused;
    t.dice = new ScriptedDice([1]);
    t.send(c);
    expect(t.state.drones[0]).toMatchObject({ x: c.x, y: c.y, facing: c.facing });
    expect(policyStats.refused).toBe(refused);
  });

  it('leaves it standing within the stand-off and never sets a walking gun up afresh', () => {
    const t = walker();
    const far = chooseCommand(t.state, { ...DEFAULT_POLICY, droneStandOff: 99 });
    expect(far?.type).not.toBe('directDrone');
    expect(far?.type).not.toBe('setUpDrone');
  });

  it('plays whole Salvage and Clean Sweep missions with the walking gun, none refused, the same per seed', () => {
    const pack = packWithGear(defaultPack, { walkingDroneGun: 'you' });
    const refused = policyStats.refused;
    for (const mission of ['clean-sweep', 'salvage'])
      for (let seed = 1; seed <= 4; seed++) {
        const log: FdEvent[] = [];
        const r = runMission(mission, seed, 40, 20_000, { pack }, log);
        expect(log.every((e) => e.type !== 'drone.moved' || e.teamerId === 'you')).toBe(true);
        expect(runMission(mission, seed, 40, 20_000, { pack })).toEqual(r);
      }
    expect(policyStats.refused).toBe(refused);
  });
});

describe('multi-team play in the simulator', () => {
  it('a 2-team simulation forms and claims the teams, runs every call from its seat, and ends its missions sanely', () => {
    const refused = policyStats.refused;
    const outcomes = new Set<string>();
    for (const opposed of [false, true])
      for (let seed = 1; seed <= 6; seed++) {
        const log: FdEvent[] = [];
        const r = runMission('clean-sweep', seed, 40, 20_000, {}, log, {
          ...DEFAULT_POLICY,
          teams: 2,
          opposed,
        });
        outcomes.add(r.outcome);
        expect(r.outcome).not.toBe('unfinished');
        expect(log[0]).toEqual({
          type: 'teams.formed',
          teams: [
            ['you', 'brick'],
            ['sparks', 'kowalski', 'jonesy'],
          ],
          opposed,
        });
        const claimed = log.filter((e) => e.type === 'teamer.claimed');
        expect(claimed.map((e) => e.type === 'teamer.claimed' && e.seatId)).toEqual([
          'team1',
          'team1',
          'team2',
          'team2',
          'team2',
        ]);
        // Every Threat called to a seat was run, and by the team it was called to.
        const calls = log.filter((e) => e.type === 'threat.called');
        const runs = log.filter((e) => e.type === 'threat.run');
        expect(runs.length).toBeGreaterThan(0);
        expect(runs.map((e) => e.type === 'threat.run' && e.team)).toEqual(
          calls.slice(0, runs.length).map((e) => e.type === 'threat.called' && e.team),
        );
        expect(r.dead).toBeLessThanOrEqual(r.casualties);
        expect(r.casualties).toBeLessThanOrEqual(5);
        expect(r.turns).toBeGreaterThanOrEqual(1);
      }
    expect(policyStats.refused).toBe(refused);
    expect([...outcomes].every((o) => ['completed', 'part-completed', 'failed'].includes(o))).toBe(true);
  });

  it('each team lays its next round’s deck once it has played, nearest a Threat first; the round after follows it', () => {
    const refused = policyStats.refused;
    const P = { ...DEFAULT_POLICY, teams: 2 };
    let laid = 0;
    let followed = 0;
    let reordered = 0;
    for (let seed = 1; seed <= 3; seed++) {
      let state = initialState({ mission: 'clean-sweep' });
      const ctx = { actor: { seatId: 'sim', role: 'player' as const }, dice: new SeededDice(seed) };
      // The decks laid in each round (sequence drawn; by team), and who began an activation in
      // each round, in order. A deck laid in one round is played in the next.
      let drawn = 0;
      const decks = new Map<number, Map<number, readonly string[]>>();
      const began = new Map<number, string[]>();
      for (let i = 0; i < 20_000 && state.phase !== 'ended' && state.turn <= 40; i++) {
        const step = policyStep(state, ctx, P);
        if (!step) break;
        const c = step.command;
        if (c.type === 'layDeck') {
          // Nearest a Threat first (13.2 distance, as the policy saw the board when it laid it).
          const board = boardOf(state);
          const near = c.order.map((id) => {
            const t = state.teamers[id];
            if (!t || t.x === null || t.y === null) return Number.MAX_SAFE_INTEGER;
            const ds = state.threatOrder.map((th) => {
              const o = state.threats[th];
              return o ? board.distance(t.x as number, t.y as number, o.x, o.y) : Number.MAX_SAFE_INTEGER;
            });
            return Math.min(Number.MAX_SAFE_INTEGER - 1, ...ds);
          });
          expect(near).toEqual(near.slice().sort((a, b) => a - b));
          const teamOrder = state.multiTeam?.teams[c.team]?.teamerIds.filter((id) => c.order.includes(id));
          if (c.order.join() !== teamOrder?.join()) reordered++;
          const round = decks.get(drawn) ?? new Map<number, readonly string[]>();
          // Once a round for each team, from its own seat.
          expect(round.has(c.team)).toBe(false);
          round.set(c.team, c.order);
          decks.set(drawn, round);
          expect(step.events).toContainEqual(
            expect.objectContaining({ type: 'deck.laid', seatId: `team${c.team + 1}` }),
          );
          laid++;
        }
        for (const e of step.events)
          if (e.type === 'sequence.drawn') drawn++;
          else if (e.type === 'activation.began')
            began.set(drawn, [...(began.get(drawn) ?? []), ...e.teamerIds]);
        state = step.state;
      }
      // Next round, a team's men begin their activations in the order its deck was laid.
      for (const [t, round] of decks)
        for (const order of round.values()) {
          const next = (began.get(t + 1) ?? []).filter((id) => order.includes(id));
          if (next.length < 2) continue;
          expect(next).toEqual(order.filter((id) => next.includes(id)));
          followed++;
        }
    }
    expect(laid).toBeGreaterThan(4);
    expect(followed).toBeGreaterThan(0);
    // Not merely team order: the Threats' places reorder some decks.
    expect(reordered).toBeGreaterThan(0);
    expect(policyStats.refused).toBe(refused);
  });

  it('the same seed plays the same 2-team mission', () => {
    const P = { ...DEFAULT_POLICY, teams: 2 };
    expect(runMission('black-box', 9, 40, 20_000, {}, undefined, P)).toEqual(
      runMission('black-box', 9, 40, 20_000, {}, undefined, P),
    );
  });
});

describe('the best shot, previewed best odds first (bestLegalShot)', () => {
  it('is the shot bestShot picks among every legal shot, at every state of simulated missions', () => {
    let choices = 0;
    for (const [mission, seed] of [
      ['clean-sweep', 6],
      ['find-the-source', 3],
      ['salvage', 8],
    ] as const) {
      let state: FdState = initialState({ mission });
      const ctx = { actor: GM, dice: new SeededDice(seed) };
      for (let i = 0; i < 600 && state.phase !== 'ended'; i++) {
        for (const id of state.teamOrder) {
          const t = state.teamers[id] as Teamer;
          const all = legalShots(state, t);
          expect(bestLegalShot(state, t)).toEqual(bestShot(all));
          if (all.length > 1) choices++;
        }
        const step = policyStep(state, ctx);
        if (!step) break;
        state = step.state;
      }
    }
    // Real choices among several shots came up, not only lone ones.
    expect(choices).toBeGreaterThan(10);
  });
});
