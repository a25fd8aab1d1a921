import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Die } from '../../../engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../../../engine/dice/source.ts';
import { Rng } from '../../../engine/rng.ts';
import { withCampaign } from '../campaign/model.ts';
import { recordSupports, SPENT_ON_RECORD } from '../encounter/record.ts';
import { threeSixteen } from '../ruleset.ts';
import type { AbilityId, ThreeSixteenState, Trooper } from '../state.ts';
import { buildBaseState, fightingIds, GM_SEAT, playOnRecords, runEncounter } from './driver.ts';
import { simulateFromTable } from './from-table.ts';
import type { PcSpec, SimulationOptions } from './options.ts';
import { opening, runEncounterOnRecord } from './record-run.ts';
import { chooserFrom, simulateEncounters } from './simulate.ts';

/** Dice that write down every die they serve: what it was for, its sides, its face. */
class RecordingDice implements DiceSource {
  readonly log: string[] = [];
  constructor(private readonly inner: DiceSource) {}
  roll(die: Die, purpose: string): number {
    const face = this.inner.roll(die, purpose);
    this.log.push(`${purpose} d${die.sides}=${face}`);
    return face;
  }
}

const STANDING: AbilityId[] = [
  'ignoreArmour',
  'lastingWounds',
  'leaping',
  'reduceVisibility',
  'flee',
  'swarm',
];

const mixed: PcSpec[] = [
  { fa: 7, nfa: 3, weapon: 'eCannon', rank: 1 },
  { fa: 5, nfa: 5, weapon: 'heavyMg', rank: 1 },
  { fa: 6, nfa: 6, weapon: 'grenades', rank: 1 },
  { fa: 4, nfa: 8, weapon: 'handToHand', rank: 1 },
];
const bench: PcSpec[] = Array.from({ length: 4 }, () => ({ fa: 6, nfa: 4, weapon: 'energyRifle' as const }));
const duo: PcSpec[] = [
  { fa: 5, nfa: 5, weapon: 'sidearm', rank: 2 },
  { fa: 8, nfa: 2, weapon: 'slugRifle', rank: 2 },
];
const seniorFalls: PcSpec[] = [
  { fa: 5, nfa: 5, weapon: 'sidearm', rank: 3 },
  { fa: 6, nfa: 7, weapon: 'eCannon', rank: 1 },
  { fa: 5, nfa: 7, weapon: 'heavyMg', rank: 1 },
  { fa: 7, nfa: 3, weapon: 'slugRifle', rank: 0 },
];
const threeRanks: PcSpec[] = [
  { fa: 5, nfa: 5, weapon: 'sidearm', rank: 4 },
  { fa: 5, nfa: 6, weapon: 'slugRifle', rank: 2 },
  { fa: 6, nfa: 6, weapon: 'heavyMg', rank: 1 },
  { fa: 6, nfa: 6, weapon: 'grenades', rank: 1 },
];
/** Sure manoeuvrers, poor shots (`fa`). */
const manoeuvrers = (fa: number): PcSpec[] =>
  Array.from({ length: 3 }, () => ({ fa, nfa: 9, weapon: 'energyRifle' as const }));
const trio: PcSpec[] = [
  { fa: 6, nfa: 6, weapon: 'sidearm', rank: 2 },
  { fa: 7, nfa: 4, weapon: 'slugRifle', rank: 2 },
  { fa: 5, nfa: 7, weapon: 'sidearm', rank: 2 },
];
const riflemen: PcSpec[] = [
  { fa: 7, nfa: 4, weapon: 'slugRifle', rank: 2 },
  { fa: 6, nfa: 5, weapon: 'sidearm', rank: 2 },
  { fa: 8, nfa: 3, weapon: 'slugRifle', rank: 2 },
];
const six: PcSpec[] = Array.from({ length: 6 }, (_, i) => ({
  fa: 3 + i,
  nfa: 9 - i,
  weapon: i % 2 ? ('shotgun' as const) : ('flameGun' as const),
  rank: 5,
}));

/** Every trooper's Strengths and Weaknesses already used: Kills wound or kill at once. */
function spent(base: ThreeSixteenState): ThreeSixteenState {
  const troopers = { ...base.troopers };
  for (const [id, t] of Object.entries(troopers)) {
    const used = (slots: typeof t.strengths) => slots.map((x) => ({ ...x, status: 'used' as const }));
    troopers[id] = { ...t, strengths: used(t.strengths), weaknesses: used(t.weaknesses) };
  }
  return { ...base, troopers };
}

/** E wounds carried in (an emotional attack's marks from an earlier encounter), with X beside some. */
const E_MARKS: readonly Trooper['health'][] = [
  ['E', null, null],
  ['X', 'E', null],
  ['E', 'E', null],
  ['E', 'X', null],
];

function emotionallyWounded(base: ThreeSixteenState): ThreeSixteenState {
  const troopers = { ...base.troopers };
  base.trooperOrder.forEach((id, k) => {
    const t = troopers[id] as Trooper;
    troopers[id] = { ...t, health: E_MARKS[k % E_MARKS.length] as Trooper['health'] };
  });
  return { ...base, troopers };
}

/**
 * A squad both paths play: its name, troopers, AA, tokens, the aliens' abilities, and what else:
 * the planet's Threat (when it is the encounter's tokens, the pool is empty and the aliens pay from
 * the encounter), a final encounter, no flashbacks left (`spent`), or E wounds carried in (`eWounds`).
 */
type Squad = readonly [
  name: string,
  pcs: readonly PcSpec[],
  aa: number,
  tokens: number,
  abilities: readonly AbilityId[],
  more?: { readonly threat?: number; readonly final?: true; readonly spent?: true; readonly eWounds?: true },
];

// biome-ignore format: one squad a line
const table: readonly Squad[] = [
  ['the bench squad', bench, 6, 8, []],
  ['mixed weapons', mixed, 7, 6, []],
  ['every standing ability', mixed, 6, 8, STANDING],
  ...STANDING.map((a): Squad => [a, mixed, 8, 5, [a]]),
  ['two troopers against AA 9 (Strengths, deaths)', duo, 9, 4, []],
  ['mixed ranks against AA 9: the senior falls, one steps up at once or several test NFA', seniorFalls, 9, 6, ['ignoreArmour'], { spent: true }],
  ['three ranks, a chain of field promotions', threeRanks, 8, 7, ['lastingWounds']],
  ['no flashbacks left, against AA 9 (deaths without answers)', mixed, 8, 4, ['ignoreArmour'], { spent: true }],
  ['sure manoeuvrers, poor shots, poor aliens (troopers ambush, standoffs)', manoeuvrers(2), 1, 6, []],
  ['Boost Ability and Impair spent as the encounter opens, paid from the pool', mixed, 6, 6, ['boostAbility', 'impair']],
  ['Impair against three troopers, paid from the encounter (an empty pool)', trio, 7, 5, ['impair', 'ignoreArmour'], { threat: 5 }],
  ['Enrage: the AA rises round by round, paid from the pool', mixed, 5, 8, ['enrage']],
  ['Enrage with Boost Ability against sure manoeuvrers: the AA reaches 10 and stays (standoffs)', manoeuvrers(3), 7, 6, ['boostAbility', 'enrage', 'reduceVisibility'], { threat: 6 }],
  ['Suicide every round while two tokens are left', mixed, 6, 8, ['suicide']],
  ['Suicide with Enrage, Lasting Wounds and no flashbacks (the blast kills, the last token goes)', riflemen, 7, 6, ['suicide', 'enrage', 'lastingWounds', 'ignoreArmour'], { spent: true }],
  ['six troopers against AA 3, a final encounter', six, 3, 12, ['swarm', 'flee'], { final: true }],
  ['Ambush as the encounter opens (its Kills answered), paid from the pool', mixed, 7, 6, ['ambush']],
  ['Ambush paid from the encounter, no flashbacks left', trio, 8, 4, ['ambush', 'ignoreArmour'], { threat: 4, spent: true }],
  ['alien Armour voids a round of kills', mixed, 6, 7, ['armour']],
  ['Regeneration buys back the last round’s tokens, paid from the pool', bench, 5, 8, ['regeneration']],
  ['Regeneration paid from the encounter (two tokens or more back)', mixed, 5, 8, ['regeneration'], { threat: 8 }],
  ['End Encounter on the last token', duo, 7, 4, ['endEncounter']],
  ['End Encounter with no flashbacks (Kills waiting after the end)', mixed, 8, 3, ['endEncounter', 'ignoreArmour'], { spent: true }],
  ['Rapid Movement on the aliens’ turn', mixed, 6, 6, ['rapidMovement']],
  ['Ignore Wounds, paid from the pool', bench, 5, 8, ['ignoreWounds']],
  ['Ignore Wounds paid from the encounter, with alien Armour', mixed, 5, 8, ['ignoreWounds', 'armour'], { threat: 8 }],
  ['Stop Technology before the turns (Hand-to-Hand still kills, grenades do not go off)', mixed, 6, 7, ['stopTechnology']],
  ['Stop Technology with alien Armour and Leaping, paid from the encounter', mixed, 7, 6, ['stopTechnology', 'armour', 'leaping'], { threat: 6 }],
  ['Induce Weakness on a trooper picked at random, the Weakness shown at once', mixed, 7, 7, ['induceWeakness']],
  ['Induce Weakness with End Encounter and Lasting Wounds (a Weakness owed after the end)', duo, 8, 4, ['induceWeakness', 'endEncounter', 'lastingWounds']],
  ['Exploding Bodies at Close', mixed, 6, 7, ['explodingBodies', 'swarm']],
  ['Exploding Bodies with no flashbacks and grenades', threeRanks, 7, 6, ['explodingBodies', 'lastingWounds'], { spent: true }],
  ['E wounds carried in (two marks fell at the next)', mixed, 7, 6, ['ignoreArmour'], { eWounds: true }],
  ['E wounds, no flashbacks left (deaths at once)', mixed, 6, 6, [], { eWounds: true, spent: true }],
  ['E wounds healed by a Weakness shown (Induce Weakness), Lasting Wounds', mixed, 7, 7, ['induceWeakness', 'lastingWounds'], { eWounds: true }],
  ['E wounds against Suicide and End Encounter (Kills waiting after the end)', duo, 8, 4, ['suicide', 'endEncounter'], { eWounds: true }],
  ['the token abilities together (all but Exploding Bodies; no Weakness left to induce), no flashbacks left', mixed, 6, 8, ['ambush', 'armour', 'regeneration', 'endEncounter', 'rapidMovement', 'ignoreWounds', 'stopTechnology', 'suicide'], { spent: true }],
];

const squads = table.map(([name, pcs, aa, tokens, abilities, more]) => ({
  name,
  options: {
    pcs,
    aa,
    tokens,
    abilities,
    n: 1,
    seed: 1,
    ...(more?.threat !== undefined ? { threat: more.threat } : {}),
    ...(more?.final ? { final: true } : {}),
  } as SimulationOptions,
  prepare:
    more?.spent || more?.eWounds
      ? (base: ThreeSixteenState) => {
          const s = more.spent ? spent(base) : base;
          return more.eWounds ? emotionallyWounded(s) : s;
        }
      : undefined,
}));

/** The aliens' abilities the command path spent (`ability.used`), counted while a squad plays. */
const spentAbilities = new Map<AbilityId, number>();

function countingAbilities<T>(run: () => T): T {
  const decide = threeSixteen.decide;
  const spy = vi.spyOn(threeSixteen, 'decide').mockImplementation((state, command, ctx) => {
    const events = decide.call(threeSixteen, state, command, ctx);
    for (const ev of events)
      if (ev.type === 'ability.used')
        spentAbilities.set(ev.ability, (spentAbilities.get(ev.ability) ?? 0) + 1);
    return events;
  });
  try {
    return run();
  } finally {
    spy.mockRestore();
  }
}

/** Both paths from the same seed: the outcome and every die, purpose and face. */
function bothPaths(base: ThreeSixteenState, options: SimulationOptions, seed: number, troopers?: string[]) {
  const ids = troopers ?? fightingIds(base);
  playOnRecords(false);
  const commandDice = new RecordingDice(new SeededDice(seed));
  const byCommands = countingAbilities(() =>
    runEncounter(base, options, commandDice, troopers, chooserFrom(Rng.fromSeed(seed + 1))),
  );
  const recordDice = new RecordingDice(new SeededDice(seed));
  const onRecord = runEncounterOnRecord(
    base,
    options,
    recordDice,
    ids,
    troopers,
    chooserFrom(Rng.fromSeed(seed + 1)),
  );
  return { byCommands, onRecord, commandDice: commandDice.log, recordDice: recordDice.log };
}

afterEach(() => playOnRecords(true));

/** Every purpose a die was rolled for across the squads (without names): what the runs covered. */
const purposes = new Set<string>();
const endings = new Set<string>();

describe('the encounter record plays the same encounters as the commands', () => {
  for (const { name, options, prepare } of squads) {
    it(`${name}: same dice, same purposes, same outcome, seed after seed`, () => {
      const built = buildBaseState(options, new SeededDice(7));
      const base = prepare ? prepare(built) : built;
      const reasons = new Set<string>();
      let draws = 0;
      spentAbilities.clear();
      for (let seed = 1; seed <= 150; seed++) {
        const { byCommands, onRecord, commandDice, recordDice } = bothPaths(base, options, seed);
        expect(onRecord, `seed ${seed}`).not.toBeNull();
        expect(recordDice, `seed ${seed}`).toEqual(commandDice);
        expect(onRecord, `seed ${seed}`).toEqual(byCommands);
        reasons.add(byCommands.endReason);
        endings.add(byCommands.endReason);
        if (byCommands.strengths > 0) endings.add('a Strength');
        if (byCommands.kills.some((k, i) => k > 0 && byCommands.dead[i])) endings.add('a killer fell');
        for (const line of commandDice) purposes.add(line.replace(/ (of|\().*$/, ''));
        draws += commandDice.length;
      }
      expect(draws).toBeGreaterThan(150 * 10);
      expect(reasons.size).toBeGreaterThan(1);
      // The runs went through each ability the aliens spend: what the pin covers.
      for (const a of options.abilities)
        if (SPENT_ON_RECORD.has(a)) expect(spentAbilities.get(a) ?? 0, a).toBeGreaterThan(0);
    });
  }

  it('a table part-way through a mission: wounds, used armour and Strengths, kills, some troopers kept out', () => {
    const options = squads[1]?.options as SimulationOptions;
    let base = buildBaseState(options, new SeededDice(7));
    // One encounter through the commands, to leave marks on the squad.
    playOnRecords(false);
    const ctx = { actor: GM_SEAT, dice: new SeededDice(99) };
    const fold = (s: ThreeSixteenState, c: Parameters<typeof threeSixteen.decide>[1]) => {
      let out = s;
      for (const ev of threeSixteen.decide(s, c, ctx)) out = threeSixteen.evolve(out, ev);
      return out;
    };
    base = fold(base, { type: 'startEncounter', tokens: 2 });
    base = fold(base, { type: 'gmEndEncounter', reason: 'test' });
    const wounded: ThreeSixteenState = {
      ...base,
      troopers: {
        ...base.troopers,
        t1: {
          ...(base.troopers.t1 as ThreeSixteenState['troopers'][string]),
          health: ['X', null, null],
          killsThisMission: 3,
        },
        t2: {
          ...(base.troopers.t2 as ThreeSixteenState['troopers'][string]),
          armour: 'used',
          preparationBonus: 1,
        },
      },
    };
    const troopers = ['t1', 't2', 't4'];
    for (let seed = 1; seed <= 100; seed++) {
      const { byCommands, onRecord, commandDice, recordDice } = bothPaths(
        wounded,
        { ...options, tokens: 4 },
        seed,
        troopers,
      );
      expect(onRecord, `seed ${seed}`).not.toBeNull();
      expect(recordDice, `seed ${seed}`).toEqual(commandDice);
      expect(onRecord, `seed ${seed}`).toEqual(byCommands);
    }
  });

  /** PC1 (the senior) fell earlier; PC2 and PC3, level at the next rank, wait for their NFA tests. */
  const promotionWaits = (base: ThreeSixteenState): ThreeSixteenState => {
    const t1 = base.troopers.t1 as Trooper;
    const s: ThreeSixteenState = {
      ...base,
      troopers: { ...base.troopers, t1: { ...t1, status: 'dead', health: ['X', 'X', 'X'] } },
    };
    return withCampaign(s, (c) => ({
      ...c,
      fieldPromotion: { rank: t1.rank, deadId: 't1', candidates: ['t2', 't3'] },
    }));
  };
  // biome-ignore format: one case a line
  const promotions: readonly [name: string, pcs: readonly PcSpec[], aa: number, tokens: number, abilities: readonly AbilityId[], troopers: string[], prepare: (s: ThreeSixteenState) => ThreeSixteenState, promoted: string][] = [
    ['a PC kept out ties for the fallen senior’s rank (NFA tests with one who is not there)', seniorFalls, 9, 6, ['ignoreArmour'], ['t1', 't3', 't4'], spent, 'PC2 tests NFA'],
    ['the next in line kept out steps up at once, then one kept out ties for the next fall', threeRanks, 9, 7, ['lastingWounds'], ['t1', 't2', 't4'], spent, 'PC3 tests NFA'],
    ['a field promotion waiting as the encounter starts: its NFA tests come first', seniorFalls, 8, 6, ['ignoreArmour', 'suicide'], ['t2', 't3', 't4'], promotionWaits, 'PC2 tests NFA'],
    ['a field promotion waiting, one candidate kept out', seniorFalls, 8, 4, ['regeneration'], ['t3', 't4'], (s) => promotionWaits(spent(s)), 'PC2 tests NFA'],
  ];
  for (const [name, pcs, aa, tokens, abilities, troopers, prepare, promoted] of promotions)
    it(`mixed ranks, field promotions: ${name}; same dice, purposes and outcome`, () => {
      const options: SimulationOptions = { pcs, aa, tokens, abilities, n: 1, seed: 1 };
      const base = prepare(buildBaseState(options, new SeededDice(7)));
      let tests = 0;
      const reasons = new Set<string>();
      for (let seed = 1; seed <= 150; seed++) {
        const { byCommands, onRecord, commandDice, recordDice } = bothPaths(base, options, seed, troopers);
        expect(onRecord, `seed ${seed}`).not.toBeNull();
        expect(recordDice, `seed ${seed}`).toEqual(commandDice);
        expect(onRecord, `seed ${seed}`).toEqual(byCommands);
        reasons.add(byCommands.endReason);
        for (const line of commandDice) purposes.add(line.replace(/ (of|\().*$/, ''));
        if (commandDice.some((line) => line.includes(promoted))) tests++;
      }
      expect(reasons.size).toBeGreaterThan(1);
      // The promotion reached the PC named (kept out, or a candidate waiting) in some of the runs.
      expect(tests).toBeGreaterThan(0);
    });

  it('the runs above went through every kind of roll and ending the record plays', () => {
    expect([...purposes].sort()).toEqual(
      expect.arrayContaining([
        'AA',
        'FA',
        'NFA',
        'Strength kills',
        'ambush kills',
        'ambush order',
        'dominance',
        'dominance roll-off',
        'kills',
        'tie-break at 1',
      ]),
    );
    // Field promotions settled by NFA tests (a tie at the next rank) came up too.
    expect([...purposes].some((p) => p.startsWith('field promotion: '))).toBe(true);
    expect([...endings]).toEqual(
      expect.arrayContaining(['noTokens', 'strength', 'allDead', 'standoff', 'a Strength', 'a killer fell']),
    );
  });

  it('a whole simulation gives the same summary, byte for byte, on the record and through the commands', () => {
    for (const squad of [squads[0], squads[2]]) {
      const o = { ...(squad?.options as SimulationOptions), n: 700, seed: 316 };
      const onRecord = JSON.stringify(simulateEncounters(o));
      playOnRecords(false);
      expect(JSON.stringify(simulateEncounters(o))).toBe(onRecord);
      playOnRecords(true);
    }
  });

  it('the odds panel gives the same summary on both paths: E wounds, mixed ranks, a PC kept out', () => {
    const options: SimulationOptions = {
      pcs: seniorFalls,
      aa: 8,
      tokens: 5,
      abilities: ['suicide'],
      n: 1,
      seed: 1,
    };
    const table = emotionallyWounded(buildBaseState(options, new SeededDice(7)));
    const plan = { tokens: 5, final: false, n: 400, seed: 316, troopers: ['t1', 't3', 't4'] };
    expect(
      runEncounterOnRecord(table, options, new SeededDice(1), plan.troopers, plan.troopers, () => 0),
    ).not.toBeNull();
    const onRecord = JSON.stringify(simulateFromTable(table, plan));
    playOnRecords(false);
    expect(JSON.stringify(simulateFromTable(table, plan))).toBe(onRecord);
  });

  it("spends the aliens' opening abilities once per start, from the pool or the encounter", () => {
    const start = (options: SimulationOptions) => {
      const base = buildBaseState(options, new SeededDice(7));
      const ctx = { actor: GM_SEAT, dice: new SeededDice(1) };
      let s = base;
      for (const ev of threeSixteen.decide(base, { type: 'startEncounter', tokens: options.tokens }, ctx))
        s = threeSixteen.evolve(s, ev);
      return { started: s, opened: opening(s, ctx) };
    };
    const both = squads.find((q) => q.name.startsWith('Boost Ability'))?.options as SimulationOptions;
    const a = start(both);
    expect(recordSupports(a.started)).toBe('ability boostAbility');
    expect(a.opened.encounter?.effects).toMatchObject({ aaBonus: 1, impair: 1 });
    expect(a.opened.planet?.threat.pool).toBe((a.started.planet?.threat.pool ?? 0) - 2);
    expect(a.opened.encounter?.tokens).toBe(6);
    expect(recordSupports(a.opened, true)).toBeNull();
    const impair = squads.find((q) => q.name.startsWith('Impair'))?.options as SimulationOptions;
    const b = start(impair);
    expect(b.started.planet?.threat.pool).toBe(0);
    expect(b.opened.encounter?.effects.impair).toBe(1);
    expect(b.opened.encounter?.tokens).toBe(4);
    expect(recordSupports(b.opened, true)).toBeNull();
    // Enrage, spent as the encounter opens, leaves the AA rising round by round on the record.
    const enraged = start({ ...both, abilities: ['boostAbility', 'enrage'] });
    expect(recordSupports(enraged.started)).toBe('ability boostAbility');
    expect(enraged.opened.encounter?.effects).toMatchObject({ aaBonus: 1, enraged: true });
    expect(recordSupports(enraged.opened, true)).toBeNull();
    // Spent some other way (not as the opening the record plays), it is refused.
    expect(recordSupports(enraged.opened)).toBe('abilities in force');
  });

  it('leaves to the commands what it does not hold, and says why', () => {
    const options: SimulationOptions = {
      pcs: [
        { fa: 6, nfa: 4, weapon: 'energyRifle', rank: 0 },
        { fa: 6, nfa: 4, weapon: 'heavyMg', rank: 1 },
      ],
      aa: 6,
      tokens: 4,
      abilities: [],
      n: 1,
      seed: 1,
    };
    const ranks = buildBaseState(options, new SeededDice(7));
    // Mixed ranks with a PC kept out: the record holds the PCs kept out for field promotions.
    expect(runEncounterOnRecord(ranks, options, new SeededDice(1), ['t1'], ['t1'], () => 0)).not.toBeNull();
    // A field promotion waiting comes before the aliens' opening abilities, which the record does
    // not spend: such an encounter keeps the commands.
    const boosted = buildBaseState({ ...options, abilities: ['boostAbility'] }, new SeededDice(7));
    const waits = withCampaign(boosted, (c) => ({
      ...c,
      fieldPromotion: { rank: 3, deadId: 'gone', candidates: ['t1', 't2'] },
    }));
    expect(
      runEncounterOnRecord(waits, options, new SeededDice(1), ['t1', 't2'], undefined, () => 0),
    ).toBeNull();
    // An E wound (an emotional attack's mark) is the record's: it holds the E marks.
    const single = { ...options, pcs: [options.pcs[0] as PcSpec], tokens: 2 };
    const built = buildBaseState(single, new SeededDice(7));
    const t1 = built.troopers.t1 as ThreeSixteenState['troopers'][string];
    const base: ThreeSixteenState = {
      ...built,
      troopers: { ...built.troopers, t1: { ...t1, health: ['E', null, null] } },
    };
    expect(runEncounterOnRecord(base, single, new SeededDice(1), ['t1'], undefined, () => 0)).not.toBeNull();
    let started = base;
    for (const ev of threeSixteen.decide(
      base,
      { type: 'startEncounter', tokens: 2 },
      { actor: GM_SEAT, dice: new SeededDice(1) },
    ))
      started = threeSixteen.evolve(started, ev);
    expect(recordSupports(started)).toBeNull();
    expect(recordSupports(base)).toBe('no encounter');
    // The driver still plays them, through the commands.
    expect(runEncounter(ranks, options, new SeededDice(3)).encounters).toBe(1);
  });
});
