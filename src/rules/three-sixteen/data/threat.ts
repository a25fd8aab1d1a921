import { RuleError } from '../../../engine/rule-error.ts';
import { rankInfo } from './ranks.ts';

/**
 * Planet Threat Tokens and how a mission spends them.
 *
 * Bughunt reads: the book raises Threat to PCs × 6 for a Major's missions and PCs × 7 "when there is
 * a Lt Col"; Bughunt takes the highest rank among the PCs, so Colonels and the Brigadier (the book
 * is silent on them) also give × 7. The optional × 4 for shorter sessions only replaces the basic
 * × 5; a Major or Lt Colonel mission keeps its own number.
 */
export const BASE_THREAT_PER_PC = 5;
export const SHORT_SESSION_THREAT_PER_PC = 4;

export interface ThreatOptions {
  /** Highest rank among the PCs on the mission (0 if none is an officer). */
  readonly highestRank?: number;
  /** The book's option for shorter sessions: × 4 instead of × 5. */
  readonly shortSessions?: boolean;
}

export interface PlanetThreat {
  readonly tokens: number;
  readonly perPc: number;
  /** Why that number per PC, for the planet sheet. */
  readonly reason: string;
}

export function threatPerPc(options: ThreatOptions = {}): { perPc: number; reason: string } {
  const rank = options.highestRank ?? 0;
  // Ranks above Lt Colonel carry no number of their own: the highest raised one applies.
  for (let r = rank; r >= 0; r--) {
    const perPc = rankInfo(r).threatPerPc;
    if (perPc !== undefined) return { perPc, reason: `a ${rankInfo(r).name} or higher leads the mission` };
  }
  if (options.shortSessions) return { perPc: SHORT_SESSION_THREAT_PER_PC, reason: 'shorter sessions option' };
  return { perPc: BASE_THREAT_PER_PC, reason: 'standard planet' };
}

export function planetThreat(pcCount: number, options: ThreatOptions = {}): PlanetThreat {
  if (!Number.isInteger(pcCount) || pcCount < 1)
    throw new RuleError('THREAT_NEEDS_TROOPERS', 'planet Threat needs at least one PC', { pcCount });
  const { perPc, reason } = threatPerPc(options);
  return { tokens: pcCount * perPc, perPc, reason };
}

/** No encounter should hold more than PCs × 2 tokens. */
export function encounterCap(pcCount: number): number {
  return Math.max(0, pcCount) * 2;
}

/**
 * When more tokens remain for the finale than the cap allows, the excess is fought first. Split
 * into encounters of at most the cap each, in order, then the final encounter.
 */
export function splitFinale(remaining: number, pcCount: number): { before: number[]; final: number } {
  const cap = encounterCap(pcCount);
  if (remaining <= cap) return { before: [], final: Math.max(0, remaining) };
  const before: number[] = [];
  let excess = remaining - cap;
  while (excess > 0) {
    const n = Math.min(cap, excess);
    before.push(n);
    excess -= n;
  }
  return { before, final: cap };
}

/** The third encounter of the suggested plan: PCs − 1, + 1 or + 2 tokens. */
export type ThirdEncounterOffset = -1 | 1 | 2;

export interface EncounterPlanOptions {
  /** Default +1, the choice made in the book's Planet Goya example. */
  readonly thirdOffset?: ThirdEncounterOffset;
  /**
   * Where an excess over the finale's cap goes: a separate encounter just before the finale (the
   * default, the book's wording), or added to the encounters before it as far as the cap allows.
   */
  readonly excess?: 'extraEncounter' | 'addToPrevious';
}

/**
 * The book's suggested mission of four encounters: 3 tokens, then PCs, then PCs − 1/+1/+2, then a
 * final encounter with all that is left. Each is held to the cap and to what remains (so a small
 * planet can end early); an excess over the cap at the finale is fought before it.
 */
export function suggestedEncounterPlan(
  totalTokens: number,
  pcCount: number,
  options: EncounterPlanOptions = {},
): number[] {
  const cap = encounterCap(pcCount);
  if (cap === 0 || totalTokens <= 0) return [];
  const wanted = [3, pcCount, pcCount + (options.thirdOffset ?? 1)];
  const plan: number[] = [];
  let left = totalTokens;
  for (const w of wanted) {
    const n = Math.min(w, cap, left);
    if (n <= 0) break;
    plan.push(n);
    left -= n;
  }
  if (left === 0) return plan;
  let { before, final } = splitFinale(left, pcCount);
  if (options.excess === 'addToPrevious') {
    let spill = before.reduce((a, b) => a + b, 0);
    for (let i = plan.length - 1; i >= 0 && spill > 0; i--) {
      const room = cap - (plan[i] as number);
      const n = Math.min(room, spill);
      plan[i] = (plan[i] as number) + n;
      spill -= n;
    }
    ({ before } = splitFinale(spill + final, pcCount));
    final = spill + final - before.reduce((a, b) => a + b, 0);
  }
  return [...plan, ...before, final];
}
