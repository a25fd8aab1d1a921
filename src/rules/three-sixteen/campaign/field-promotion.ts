/**
 * Field promotion, the book's rule for a mission: when a PC falls, a candidate of a promotion still
 * waiting for its NFA test leaves it (the last one left takes it at once); then, if the fallen PC
 * outranked every PC alive, the next highest rank steps up to the fallen one's rank: one PC at
 * once, several by NFA tests (`rollFieldPromotion` on the table, `fieldPromotionRoll` on the
 * record), the promotion waiting until then.
 *
 * One rule over two rosters: the table's state (promotion-hook.ts `fieldPromotionOnDeath`, which
 * also hands out the new rank's weapons and support) and the simulator's compact record
 * (encounter/round.ts, which holds ranks only). Each roster names its PCs its own way (`M`).
 */
export interface PromotionRoster<M> {
  /** Every PC who may step up, in the table's order (who is named first among tied candidates). */
  readonly members: readonly M[];
  /** Alive and a PC: only those step up. */
  alive(m: M): boolean;
  rank(m: M): number;
  /** Raise `m` to `rank` (never down). */
  promote(m: M, rank: number): void;
  /** The rank of the promotion waiting for its NFA tests, 0 when none waits. */
  waitingRank(): number;
  /** The candidates of the promotion waiting, in their order. */
  waitingCandidates(): readonly M[];
  /** A candidate of the promotion waiting fell: those `left` still test NFA (none waits when empty). */
  keepWaiting(left: readonly M[]): void;
  /** `dead` fell: the `candidates`, more than one, test NFA for `rank` (the promotion waits). */
  wait(rank: number, candidates: readonly M[], dead: M): void;
}

/** PC `dead` (already fallen, of rank `deadRank` when it fell) leaves the roster: who steps up. */
export function promotionOnFall<M>(roster: PromotionRoster<M>, dead: M, deadRank: number): void {
  const waitingRank = roster.waitingRank();
  if (waitingRank > 0) {
    const waiting = roster.waitingCandidates();
    if (waiting.includes(dead)) {
      const left = waiting.filter((m) => m !== dead);
      roster.keepWaiting(left.length > 1 ? left : []);
      if (left.length === 1) roster.promote(left[0] as M, waitingRank);
    }
  }
  // One pass finds the next rank and whether one PC holds it: the tie's list is built only for a tie.
  let next = -1;
  let count = 0;
  let only = dead;
  for (const m of roster.members) {
    if (m === dead || !roster.alive(m)) continue;
    const rank = roster.rank(m);
    if (rank > next) {
      next = rank;
      count = 1;
      only = m;
    } else if (rank === next) count++;
  }
  if (count === 0 || deadRank <= next) return;
  if (count === 1) {
    roster.promote(only, deadRank);
    return;
  }
  const group: M[] = [];
  for (const m of roster.members) if (m !== dead && roster.alive(m) && roster.rank(m) === next) group.push(m);
  roster.wait(deadRank, group, dead);
}
