import { RuleError } from '../../../engine/rule-error.ts';
import { alienAbilityByNumber, isAbilityId, RANKS } from '../data/index.ts';
import type { AbilityId, WeaponId } from '../state.ts';

/**
 * What a simulation is asked to play: the troopers, the aliens, and how many runs. Everything here
 * is plain data so it can cross into a worker thread as it is.
 */

export interface PcSpec {
  readonly fa: number;
  readonly nfa: number;
  /** The default weapon it fights with (must be one a rank carries). */
  readonly weapon: WeaponId;
  /** 0–8; omitted: the lowest rank that carries `weapon`. */
  readonly rank?: number;
}

export interface SimulationOptions {
  readonly pcs: readonly PcSpec[];
  /** The aliens' ability, 1–10. */
  readonly aa: number;
  /**
   * Encounter mode: Threat Tokens committed to the encounter. Mission mode: ignored (use `threat`).
   */
  readonly tokens: number;
  /**
   * Encounter mode: the encounter is the planet's final one. It takes every token left, so the
   * planet's Threat is `tokens`; the PCs × 2 cap holds for it too.
   */
  readonly final?: boolean;
  /** Planet Threat. Default PCs × 5 (encounter mode: at least `tokens`; a final encounter: `tokens`). */
  readonly threat?: number;
  readonly abilities: readonly AbilityId[];
  /** Number of encounters (or missions) to play. */
  readonly n: number;
  /** 0 … 2^32 − 1. */
  readonly seed: number;
  /** Play whole missions instead of single encounters. */
  readonly mission?: boolean;
}

/** The trooper every `--pcs N` gives: a Trooper (rank 0) with FA 6, NFA 4 and an Energy Rifle. */
export const DEFAULT_PC: PcSpec = { fa: 6, nfa: 4, weapon: 'energyRifle', rank: 0 };
export const DEFAULT_AA = 5;
export const MAX_RUNS = 10_000_000;
export const MAX_PCS = 12;
export const MAX_SEED = 2 ** 32 - 1;

function invalid(message: string, details?: Record<string, unknown>): never {
  throw new RuleError('SIM_INVALID_OPTION', message, details);
}

/** The lowest rank whose kit includes `weapon`, or undefined when no rank carries it. */
export function lowestRankCarrying(weapon: WeaponId): number | undefined {
  return RANKS.find((r) => r.weapons.some((g) => g.includes(weapon)))?.rank;
}

/** The rank a PC spec plays at (its own, or the lowest rank that carries its weapon). */
export function rankOf(pc: PcSpec): number {
  return pc.rank ?? lowestRankCarrying(pc.weapon) ?? 0;
}

/** Planet Threat for these options (see `threat`). */
export function planetThreatFor(o: SimulationOptions): number {
  if (o.threat !== undefined) return o.threat;
  // The ruleset starts a final encounter only with every token the planet has left.
  if (o.final && !o.mission) return o.tokens;
  const base = o.pcs.length * 5;
  return o.mission ? base : Math.max(base, o.tokens);
}

/**
 * Checks the options against the rules the simulator relies on; a RuleError with code
 * SIM_INVALID_OPTION and one sentence otherwise. (decide checks the same again when it runs.)
 */
export function validateOptions(o: SimulationOptions): void {
  const int = (v: number, min: number, max: number, what: string) => {
    if (!Number.isInteger(v) || v < min || v > max)
      invalid(`${what} must be a whole number from ${min} to ${max}, got ${v}`);
  };
  if (o.pcs.length === 0) invalid('a simulation needs at least one trooper');
  if (o.pcs.length > MAX_PCS) invalid(`at most ${MAX_PCS} troopers, got ${o.pcs.length}`);
  o.pcs.forEach((pc, i) => {
    const who = `trooper ${i + 1}`;
    int(pc.fa, 2, 10, `FA of ${who}`);
    int(pc.nfa, 2, 10, `NFA of ${who}`);
    if (pc.fa + pc.nfa < 10 || pc.fa + pc.nfa > 18)
      invalid(`FA + NFA of ${who} must be from 10 to 18, got ${pc.fa + pc.nfa}`);
    const lowest = lowestRankCarrying(pc.weapon);
    if (lowest === undefined) invalid(`no rank is issued the ${pc.weapon}, so no trooper starts with it`);
    if (pc.rank !== undefined) {
      int(pc.rank, 0, 8, `rank of ${who}`);
      const info = RANKS[pc.rank];
      if (!info?.weapons.some((g) => g.includes(pc.weapon)))
        invalid(
          `a ${info?.name ?? 'trooper'} is not issued the ${pc.weapon} (lowest rank with it: ${lowest})`,
        );
    }
  });
  int(o.aa, 1, 10, 'AA');
  int(o.n, 1, MAX_RUNS, 'the number of runs');
  int(o.seed, 0, MAX_SEED, 'the seed');
  for (const a of o.abilities) if (!isAbilityId(a)) invalid(`unknown alien ability ${String(a)}`);
  const cap = o.pcs.length * 2;
  if (o.threat !== undefined) int(o.threat, 1, 200, 'planet Threat');
  if (!o.mission) {
    int(o.tokens, 1, 200, 'tokens');
    if (o.tokens > cap)
      invalid(`an encounter (the final one too) holds at most PCs × 2 = ${cap} tokens, got ${o.tokens}`);
    if (o.threat !== undefined && o.threat < o.tokens)
      invalid(`planet Threat (${o.threat}) is less than the tokens committed (${o.tokens})`);
    if (o.final && o.threat !== undefined && o.threat !== o.tokens)
      invalid(
        `the final encounter takes every token the planet has left: planet Threat (${o.threat}) must equal the tokens (${o.tokens})`,
      );
  }
}

/** An alien ability by id (any case) or list number 1–20; undefined when neither. */
export function parseAbility(text: string): AbilityId | undefined {
  const t = text.trim();
  if (/^\d+$/.test(t)) return alienAbilityByNumber(Number(t))?.id;
  const key = t.toLowerCase().replace(/[\s_-]/g, '');
  return abilityByKey.get(key);
}

const abilityByKey = new Map<string, AbilityId>();
for (let n = 1; n <= 20; n++) {
  const a = alienAbilityByNumber(n);
  if (a) {
    abilityByKey.set(a.id.toLowerCase(), a.id);
    abilityByKey.set(a.name.toLowerCase().replace(/[\s_-]/g, ''), a.id);
  }
}
