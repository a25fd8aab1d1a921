import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { threeSixteen } from './ruleset.ts';
import { buildBaseState, GM_SEAT } from './simulate/driver.ts';
import type { SimulationOptions } from './simulate/options.ts';
import {
  copyEncounter,
  copyState,
  copyTrooper,
  type Encounter,
  editEncounter,
  editThreat,
  editTrooper,
  type ThreeSixteenState,
  type Trooper,
  withKey,
} from './state.ts';

// Every key of each interface, optional ones included: `Record<keyof X, true>` does not compile
// while a key is missing here, so a field added to the interface must be added here too — and
// the tests below then fail until the hand-written copy in state.ts copies it as well.
const STATE_KEYS: Record<keyof ThreeSixteenState, true> = {
  seats: true,
  troopers: true,
  trooperOrder: true,
  nextTrooperNumber: true,
  campaign: true,
  planet: true,
  mission: true,
  encounter: true,
  lastEncounter: true,
  gmNotes: true,
  log: true,
  nextLogId: true,
  chat: true,
};
const ENCOUNTER_KEYS: Record<keyof Encounter, true> = {
  number: true,
  final: true,
  description: true,
  tokens: true,
  committed: true,
  step: true,
  pcs: true,
  positions: true,
  out: true,
  dominance: true,
  rangeSetter: true,
  ambush: true,
  round: true,
  roundsWithoutKills: true,
  killsThisRound: true,
  tokensRemovedByRound: true,
  killsByTrooperThisRound: true,
  killsByTrooperLastRound: true,
  roundsWithoutKillsIfVoid: true,
  bombTally: true,
  declarations: true,
  aliensDeclared: true,
  rolls: true,
  queue: true,
  cursor: true,
  pendingKills: true,
  forcedWeakness: true,
  induceWeaknessTarget: true,
  fellAtFace: true,
  effects: true,
  roundEffects: true,
  vehicles: true,
  endReason: true,
};
const TROOPER_KEYS: Record<keyof Trooper, true> = {
  id: true,
  ownerSeatId: true,
  name: true,
  reputation: true,
  fa: true,
  nfa: true,
  rank: true,
  killsThisMission: true,
  totalKills: true,
  health: true,
  lastingWounds: true,
  armour: true,
  armourPolicy: true,
  strengths: true,
  weaknesses: true,
  weapons: true,
  defaultWeapon: true,
  currentWeapon: true,
  vehicles: true,
  kit: true,
  medals: true,
  levelsGained: true,
  orbitalBombardmentUses: true,
  preparationBonus: true,
  planetUses: true,
  missionFlags: true,
  status: true,
  campaignExtras: true,
};

const OPTIONS: SimulationOptions = {
  pcs: [{ fa: 6, nfa: 4, weapon: 'energyRifle' }],
  aa: 5,
  tokens: 2,
  abilities: [],
  n: 1,
  seed: 1,
};

/** A table with an encounter under way. */
function withEncounterUnderWay(): ThreeSixteenState {
  const dice = new SeededDice(1);
  let s = buildBaseState(OPTIONS, dice);
  const events = threeSixteen.decide(s, { type: 'startEncounter', tokens: 2 }, { actor: GM_SEAT, dice });
  for (const ev of events) s = threeSixteen.evolve(s, ev);
  return s;
}

const sortedKeys = (o: object): string[] => Object.keys(o).sort();

describe('copy-on-write helpers (hand-written shallow copies)', () => {
  const s = withEncounterUnderWay();
  const e = s.encounter as Encounter;
  const t = s.troopers.t1 as Trooper;

  it('copy every key, keep every value, and return a new object', () => {
    for (const [copy, original, keys] of [
      [copyState(s), s, STATE_KEYS],
      [copyEncounter(e), e, ENCOUNTER_KEYS],
      [copyTrooper(t), t, TROOPER_KEYS],
    ] as const) {
      expect(sortedKeys(original)).toEqual(sortedKeys(keys));
      expect(sortedKeys(copy)).toEqual(sortedKeys(keys));
      expect(copy).not.toBe(original);
      expect(copy).toEqual(original);
    }
  });

  it('edit helpers change only a fresh copy along the path', () => {
    const before = structuredClone(s);
    const a = editEncounter(s, (draft, en) => {
      draft.tokens = en.tokens - 1;
    });
    const b = editTrooper(a, 't1', (draft) => {
      draft.killsThisMission = 3;
    });
    const c = editThreat(b, (draft, th) => {
      draft.removed = th.removed + 1;
    });
    expect(s).toEqual(before);
    expect(c.encounter?.tokens).toBe(e.tokens - 1);
    expect(c.troopers.t1?.killsThisMission).toBe(3);
    expect(c.planet?.threat.removed).toBe((s.planet?.threat.removed ?? 0) + 1);
    expect(c.seats).toBe(s.seats);
    expect(c.log).toBe(s.log);
    expect(editEncounter({ ...s, encounter: null }, () => {}).encounter).toBeNull();
  });

  it('withKey sets one key in a new record and keeps the order of the others', () => {
    const r = { t1: 1, t2: 2 };
    expect(withKey(r, 't1', 5)).toEqual({ t1: 5, t2: 2 });
    expect(Object.keys(withKey(r, 't3', 3))).toEqual(['t1', 't2', 't3']);
    expect(r).toEqual({ t1: 1, t2: 2 });
  });
});
