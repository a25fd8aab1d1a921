import type { DiceSource } from '../../../engine/dice/source.ts';
import { pool, type RollRecord, rollSpec } from '../../../engine/dice/typed.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import { CORPORAL, SERGEANT, TROOPER } from './ranks.ts';

/** Points a new trooper splits between FA and NFA. */
export const CREATION_POINTS = 10;
export const MIN_ABILITY = 2;
export const MAX_ABILITY = 10;
/** FA + NFA never goes above this (the top level). */
export const MAX_ABILITY_TOTAL = 18;
/** Bughunt's own bounds on free text, the same as the command schemas. */
export const MAX_TROOPER_NAME = 80;
export const MAX_REPUTATION = 200;

export interface NewTrooper {
  readonly name: string;
  readonly reputation?: string;
  readonly fa: number;
  readonly nfa: number;
}

export interface CreationOptions {
  /**
   * Points to split: 10 for a new trooper; a replacement gets its dead predecessor's FA + NFA
   * (the same 2–10 limits apply).
   */
  readonly points?: number;
}

/** Every rule the new trooper breaks, as RuleErrors (empty when it is valid). */
export function trooperCreationProblems(t: NewTrooper, options: CreationOptions = {}): RuleError[] {
  const points = options.points ?? CREATION_POINTS;
  const problems: RuleError[] = [];
  const name = t.name.trim();
  if (name.length === 0) problems.push(new RuleError('TROOPER_NAME_EMPTY', 'a trooper needs a name'));
  if (name.length > MAX_TROOPER_NAME)
    problems.push(new RuleError('TROOPER_NAME_TOO_LONG', `names are at most ${MAX_TROOPER_NAME} characters`));
  if ((t.reputation ?? '').length > MAX_REPUTATION)
    problems.push(
      new RuleError('TROOPER_REPUTATION_TOO_LONG', `a reputation is at most ${MAX_REPUTATION} characters`),
    );
  for (const [label, value] of [
    ['FA', t.fa],
    ['NFA', t.nfa],
  ] as const) {
    if (!Number.isInteger(value))
      problems.push(new RuleError('TROOPER_ABILITY_NOT_WHOLE', `${label} must be a whole number`, { value }));
    else if (value < MIN_ABILITY)
      problems.push(
        new RuleError('TROOPER_ABILITY_TOO_LOW', `${label} must be at least ${MIN_ABILITY}`, { value }),
      );
    else if (value > MAX_ABILITY)
      problems.push(
        new RuleError('TROOPER_ABILITY_TOO_HIGH', `${label} cannot exceed ${MAX_ABILITY}`, { value }),
      );
  }
  if (!Number.isInteger(points) || points < MIN_ABILITY * 2 || points > MAX_ABILITY_TOTAL)
    problems.push(
      new RuleError(
        'TROOPER_POINTS_INVALID',
        `points to split must be ${MIN_ABILITY * 2}–${MAX_ABILITY_TOTAL}`,
        {
          points,
        },
      ),
    );
  else if (t.fa + t.nfa !== points)
    problems.push(
      new RuleError('TROOPER_POINTS_NOT_SPLIT', `FA and NFA must add up to ${points}`, {
        total: t.fa + t.nfa,
        points,
      }),
    );
  return problems;
}

/** Throws the first problem, if any. */
export function validateNewTrooper(t: NewTrooper, options: CreationOptions = {}): void {
  const [first] = trooperCreationProblems(t, options);
  if (first) throw first;
}

/** Starting Total Kills: one d10 per point of FA, added up. */
export function rollStartingKills(fa: number, dice: DiceSource, name = 'the trooper'): RollRecord {
  return rollSpec(dice, pool(fa, 10), `starting kills for ${name} (d10 per FA point)`);
}

export interface RankCandidate {
  readonly id: string;
  readonly name: string;
  readonly fa: number;
  readonly nfa: number;
}

export interface InitialRanks {
  /** 2 Sergeant, 1 Corporal, 0 Trooper, by trooper id. */
  readonly ranks: Readonly<Record<string, number>>;
  readonly sergeant: string;
  /** Null with a squad of one. */
  readonly corporal: string | null;
  /** Every tie-breaking d10, in the order rolled. */
  readonly rolls: readonly RankRoll[];
}

/** One tie-breaking d10 of the rank hand-out: whose it was, its face and what it decided. */
export interface RankRoll {
  readonly trooperId: string;
  readonly face: number;
  readonly purpose: string;
}

/**
 * Orders the first `places` of `tied` by d10 roll-offs: everyone rolls, highest first, and only the
 * ones still level where it matters roll again.
 */
function rollOff(
  tied: readonly RankCandidate[],
  places: number,
  dice: DiceSource,
  purpose: string,
  rolls: RankRoll[],
): RankCandidate[] {
  if (tied.length <= 1 || places <= 0) return tied.slice(0, Math.max(0, places));
  const faces = tied.map((t) => {
    const label = `${purpose}: ${t.name}`;
    const face = rollSpec(dice, pool(1, 10), label).total;
    rolls.push({ trooperId: t.id, face, purpose: label });
    return { t, face };
  });
  const distinct = [...new Set(faces.map((f) => f.face))].sort((a, b) => b - a);
  const order: RankCandidate[] = [];
  for (const face of distinct) {
    const left = places - order.length;
    if (left <= 0) break;
    const group = faces.filter((f) => f.face === face).map((f) => f.t);
    order.push(...rollOff(group, Math.min(left, group.length), dice, `${purpose} (again)`, rolls));
  }
  return order;
}

/**
 * The book's first ranks: the highest NFA is Sergeant. If several share it they roll off, the
 * highest roll Sergeant and the next Corporal. Otherwise the highest FA among the rest is Corporal
 * (ties rolled off). Everyone else is a Trooper. Dice are only rolled to break ties.
 */
export function assignInitialRanks(troopers: readonly RankCandidate[], dice: DiceSource): InitialRanks {
  if (troopers.length === 0) throw new RuleError('RANKS_NO_TROOPERS', 'there are no troopers to rank');
  const rolls: RankRoll[] = [];
  const topNfa = Math.max(...troopers.map((t) => t.nfa));
  const nfaTied = troopers.filter((t) => t.nfa === topNfa);
  let sergeant: RankCandidate;
  let corporal: RankCandidate | undefined;
  if (nfaTied.length > 1) {
    [sergeant, corporal] = rollOff(nfaTied, 2, dice, `roll-off for Sergeant (tied NFA ${topNfa})`, rolls) as [
      RankCandidate,
      RankCandidate,
    ];
  } else {
    sergeant = nfaTied[0] as RankCandidate;
    const rest = troopers.filter((t) => t !== sergeant);
    if (rest.length > 0) {
      const topFa = Math.max(...rest.map((t) => t.fa));
      const faTied = rest.filter((t) => t.fa === topFa);
      corporal = rollOff(faTied, 1, dice, `roll-off for Corporal (tied FA ${topFa})`, rolls)[0];
    }
  }
  const ranks: Record<string, number> = {};
  for (const t of troopers) ranks[t.id] = t === sergeant ? SERGEANT : t === corporal ? CORPORAL : TROOPER;
  return { ranks, sergeant: sergeant.id, corporal: corporal?.id ?? null, rolls };
}
