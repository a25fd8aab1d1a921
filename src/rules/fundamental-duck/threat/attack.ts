import type { Priority, TargetRecord } from './decision.ts';
import { inFrontArc, neighboursInto, straight2 } from './geometry.ts';
import { cmp, pickBest, type Roller } from './roller.ts';
import type { SquareKey, TeamerView, ThreatReach, ThreatView, ThreatWorld } from './world.ts';

/** ATTACK NEAREST (digest 13.4–13.5): whom a Threat can reach, whom it picks, and where it stands. */

const PRIORITY_RANK: Record<Priority, number> = { back: 0, heavyWeapon: 1, you: 2, other: 3 };

/** A square from which the Threat would be in contact with a Teamer. */
export interface ContactSquare {
  readonly square: SquareKey;
  /** Movement points to get there (0: where it stands). */
  readonly cost: number;
  /** Outside the Teamer's front arc: an attack on his back. */
  readonly behind: boolean;
}

export interface AttackChoice {
  readonly teamer: TeamerView;
  readonly contact: ContactSquare;
  readonly priority: Priority;
  readonly tie: TargetRecord['tie'];
}

const scratch: SquareKey[] = [0, 0, 0, 0, 0, 0, 0, 0];

function behindOf(world: ThreatWorld, teamer: TeamerView, square: SquareKey): boolean {
  return square !== teamer.square && !inFrontArc(world.width, teamer.square, teamer.facing, square);
}

function teamersOn(world: ThreatWorld, square: SquareKey): number {
  let n = 0;
  for (const t of world.teamers) if (t.square === square) n++;
  return n;
}

/**
 * Every square from which the Threat could fight this Teamer this activation: where it stands if
 * already in contact; a reachable neighbour of his in contact with him; his own square when he is
 * alone there and no square next to him is free (digest 9.2, "Bughunt reads").
 */
export function contactSquares(
  world: ThreatWorld,
  threat: ThreatView,
  reach: ThreatReach,
  teamer: TeamerView,
): ContactSquare[] {
  const out: ContactSquare[] = [];
  if (world.contact(threat.square, teamer.square)) {
    out.push({ square: threat.square, cost: 0, behind: behindOf(world, teamer, threat.square) });
  }
  const n = neighboursInto(world.width, world.height, teamer.square, scratch);
  let freeNext = false;
  for (let i = 0; i < n; i++) {
    const sq = scratch[i] as SquareKey;
    if (sq === threat.square || !world.contact(sq, teamer.square)) continue;
    if (world.isFree(sq)) freeNext = true;
    // Never into another Teamer's square: only the target's own, by the rule below.
    if (teamersOn(world, sq) > 0) continue;
    const cost = reach.cost(sq);
    if (cost !== Number.POSITIVE_INFINITY)
      out.push({ square: sq, cost, behind: behindOf(world, teamer, sq) });
  }
  if (!freeNext && teamer.square !== threat.square && teamersOn(world, teamer.square) === 1) {
    const cost = reach.cost(teamer.square);
    if (cost !== Number.POSITIVE_INFINITY) out.push({ square: teamer.square, cost, behind: false });
  }
  return out;
}

/** The Teamer's place in the attack priority, given whether his back can be reached. */
export function priorityOf(teamer: TeamerView, back: boolean): Priority {
  if (back) return 'back';
  if (teamer.heavyWeapon) return 'heavyWeapon';
  if (teamer.you) return 'you';
  return 'other';
}

/**
 * Picks the target among the Teamers the Threat can reach (or only `only`), by priority, then
 * nearest (distance 13.2, then straight line), then roll-off; then its contact square: in his rear
 * arc if one is reachable, then the cheapest, then nearest the Threat in a straight line, then
 * roll-off. Null when no Teamer can be reached.
 */
export function chooseAttack(
  world: ThreatWorld,
  threat: ThreatView,
  reach: ThreatReach,
  roller: Roller,
  only: TeamerView | null,
): AttackChoice | null {
  const candidates: { teamer: TeamerView; squares: ContactSquare[]; priority: Priority }[] = [];
  for (const t of world.teamers) {
    if (only && t.id !== only.id) continue;
    const squares = contactSquares(world, threat, reach, t);
    if (squares.length === 0) continue;
    const backs = squares.filter((s) => s.behind);
    candidates.push({
      teamer: t,
      squares: backs.length > 0 ? backs : squares,
      priority: priorityOf(t, backs.length > 0),
    });
  }
  const from = threat.square;
  const picked = pickTarget(world, from, candidates, roller, threat.id);
  if (!picked) return null;
  const contact = pickBest(
    picked.item.squares,
    (a, b) =>
      a.cost - b.cost || straight2(world.width, from, a.square) - straight2(world.width, from, b.square),
    (s) => `square ${s.square}`,
    roller,
    `contact square of ${threat.id}`,
  );
  return {
    teamer: picked.item.teamer,
    contact: (contact as { item: ContactSquare }).item,
    priority: picked.item.priority,
    tie: picked.tie,
  };
}

/**
 * The Teamer a Threat already in contact fights without moving (STAY, a short cut's far side):
 * among those in contact, by priority (his back if it stands outside his front arc), nearest, roll-off.
 */
export function contactTarget(
  world: ThreatWorld,
  threatId: string,
  square: SquareKey,
  roller: Roller,
): { teamer: TeamerView; behind: boolean; priority: Priority; tie: TargetRecord['tie'] } | null {
  const inContact = world.teamers.filter((t) => world.contact(square, t.square));
  const ranked = inContact.map((teamer) => {
    const behind = behindOf(world, teamer, square);
    return { teamer, behind, priority: priorityOf(teamer, behind) };
  });
  const picked = pickTarget(world, square, ranked, roller, threatId);
  if (!picked) return null;
  const { teamer, behind, priority } = picked.item;
  return { teamer, behind, priority, tie: picked.tie };
}

/**
 * The one target among Teamers already ranked (13.5): the highest priority, then nearest `from`
 * (distance 13.2, then straight line), then a roll-off; `tie` says which settled it. Shared by a
 * Threat choosing whom to reach (`chooseAttack`) and whom to fight where it stands
 * (`contactTarget`), so both draw the same roll-off. Null when there is nobody.
 */
function pickTarget<T extends { readonly teamer: TeamerView; readonly priority: Priority }>(
  world: ThreatWorld,
  from: SquareKey,
  candidates: readonly T[],
  roller: Roller,
  threatId: string,
): { item: T; tie: TargetRecord['tie'] } | null {
  if (candidates.length === 0) return null;
  const topRank = Math.min(...candidates.map((c) => PRIORITY_RANK[c.priority]));
  const top = candidates.filter((c) => PRIORITY_RANK[c.priority] === topRank);
  const picked = pickBest(
    top,
    (a, b) =>
      cmp(world.distance(from, a.teamer.square), world.distance(from, b.teamer.square)) ||
      straight2(world.width, from, a.teamer.square) - straight2(world.width, from, b.teamer.square),
    (c) => c.teamer.id,
    roller,
    `target of ${threatId}`,
  );
  if (!picked) return null;
  return { item: picked.item, tie: top.length === 1 ? 'none' : picked.tied ? 'rollOff' : 'nearest' };
}

/**
 * Closing in when no Teamer is reachable: the reachable square nearest the target by distance
 * 13.2 (then straight line, then roll-off), only if it is nearer than where the Threat stands.
 * Squares with Teamers are not ends for this move. Null: no square is nearer.
 */
export function closeIn(
  world: ThreatWorld,
  threat: ThreatView,
  reach: ThreatReach,
  target: SquareKey,
  roller: Roller,
): SquareKey | null {
  const here = world.distance(threat.square, target);
  let best: SquareKey[] = [];
  let bestD = here;
  let bestS = Number.POSITIVE_INFINITY;
  for (const sq of reach.squares) {
    if (sq === threat.square || teamersOn(world, sq) > 0) continue;
    const d = world.distance(sq, target);
    if (d > bestD || d === Number.POSITIVE_INFINITY) continue;
    if (d === here) continue;
    const s = straight2(world.width, sq, target);
    if (d < bestD || s < bestS) {
      best = [sq];
      bestD = d;
      bestS = s;
    } else if (s === bestS) best.push(sq);
  }
  if (best.length === 0) return null;
  if (best.length === 1) return best[0] as SquareKey;
  return best[
    roller.winner(
      best.map((s) => `square ${s}`),
      `where ${threat.id} closes in`,
    )
  ] as SquareKey;
}
