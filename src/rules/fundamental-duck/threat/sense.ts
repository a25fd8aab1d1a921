import { D6 } from '../../../engine/dice/die.ts';
import type { ColumnReason, ModifierCode, ReactionRecord } from './decision.ts';
import { facingAlong, inFrontArc, straight2 } from './geometry.ts';
import type { ThreatProfile } from './profile.ts';
import { pickBest, type Roller } from './roller.ts';
import type { Facing, SquareKey, TeamerView, ThreatView, ThreatWorld } from './world.ts';

/** What a Threat perceives (digest 13.3) and the reaction roll it makes from it. */

/** The Teamer is visible to the Threat: in its front arc and in sight. */
export function sees(world: ThreatWorld, threat: ThreatView, teamer: TeamerView): boolean {
  return (
    inFrontArc(world.width, threat.square, threat.facing, teamer.square) &&
    world.canSee(threat.square, teamer.square)
  );
}

/** Within the species' scent/hearing range (distance of 13.2, so through closed doors). */
export function senses(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  teamer: TeamerView,
): boolean {
  return profile.stimulusRange > 0 && world.distance(threat.square, teamer.square) <= profile.stimulusRange;
}

/** A waiting (eye) Threat is set off by this Teamer: it sees him, or scents/hears him (13.6). */
export function triggersWaiting(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  teamer: TeamerView,
): boolean {
  return senses(world, threat, profile, teamer) || sees(world, threat, teamer);
}

/** Which column of the profile the Threat reads, and why (digest 13.3, "Bughunt reads"). */
export function readColumn(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
): { column: 'team' | 'noTeam'; reason: ColumnReason } {
  const tile = world.tileOf(threat.square);
  let onTile = false;
  let sighted = false;
  for (const t of world.teamers) {
    if (senses(world, threat, profile, t)) return { column: 'team', reason: 'teamerInStimulusRange' };
    if (!onTile && world.tileOf(t.square) === tile) onTile = true;
    if (!sighted && sees(world, threat, t)) sighted = true;
  }
  if (onTile && sighted) return { column: 'team', reason: 'teamerOnTileAndSighted' };
  return { column: 'noTeam', reason: onTile ? 'noSighting' : 'noTeamerOnTile' };
}

/**
 * The Teamers nearest a square: least distance of 13.2, then nearest in a straight line (the
 * digest's "nearest" everywhere). Empty when there are no Teamers.
 */
export function nearestTeamers(world: ThreatWorld, square: SquareKey): TeamerView[] {
  let best: TeamerView[] = [];
  let bestD = Number.POSITIVE_INFINITY;
  let bestS = Number.POSITIVE_INFINITY;
  for (const t of world.teamers) {
    const d = world.distance(square, t.square);
    const s = straight2(world.width, square, t.square);
    if (d < bestD || (d === bestD && s < bestS) || best.length === 0) {
      best = [t];
      bestD = d;
      bestS = s;
    } else if (d === bestD && s === bestS) best.push(t);
  }
  return best;
}

/** Distance (13.2) from a square to the nearest Teamer; Infinity when there is none. */
export function distanceToTeam(world: ThreatWorld, square: SquareKey): number {
  let best = Number.POSITIVE_INFINITY;
  for (const t of world.teamers) {
    const d = world.distance(square, t.square);
    if (d < best) best = d;
  }
  return best;
}

/** "Facing away": every nearest Teamer lies outside the Threat's front arc. No Teamer: not facing away. */
export function facingAway(world: ThreatWorld, threat: ThreatView): boolean {
  const nearest = nearestTeamers(world, threat.square);
  if (nearest.length === 0) return false;
  for (const t of nearest) if (inFrontArc(world.width, threat.square, threat.facing, t.square)) return false;
  return true;
}

/** A Teamer stands on the tile holding the Source (the H chit, found or not). */
export function teamerOnSource(world: ThreatWorld): boolean {
  if (world.sourceTile === null) return false;
  for (const t of world.teamers) if (world.tileOf(t.square) === world.sourceTile) return true;
  return false;
}

/** The facing toward a square along the quickest route there (the route's first step), else the straight line. */
export function facingToward(world: ThreatWorld, from: SquareKey, to: SquareKey): Facing | null {
  if (from === to) return null;
  const route = world.route(from, to);
  const next = route && route.length > 0 ? (route[0] as SquareKey) : to;
  return facingAlong(world.width, from, next);
}

/**
 * The free turn after a move: face the nearest Teamer along the quickest route to him. A tie
 * between nearest Teamers is rolled off only when they would give different facings.
 */
export function faceNearest(
  world: ThreatWorld,
  threatId: string,
  square: SquareKey,
  current: Facing,
  roller: Roller,
): Facing {
  const nearest = nearestTeamers(world, square);
  if (nearest.length === 0) return current;
  const facings = nearest.map((t) => facingToward(world, square, t.square) ?? current);
  if (facings.every((f) => f === facings[0])) return facings[0] as Facing;
  const chosen = pickBest(
    nearest.map((t, i) => ({ t, f: facings[i] as Facing })),
    () => 0,
    (c) => c.t.id,
    roller,
    `which nearest Teamer ${threatId} faces`,
  );
  return chosen ? chosen.item.f : current;
}

/** The reaction roll: d6 plus modifiers, clamped to 1–6, read in the column (digest 13.3–13.4). */
export function rollReaction(
  world: ThreatWorld,
  threat: ThreatView,
  profile: ThreatProfile,
  inPack: boolean,
  roller: Roller,
): ReactionRecord {
  const { column, reason } = readColumn(world, threat, profile);
  const modifiers: { code: ModifierCode; value: number }[] = [];
  if (threat.wounded) modifiers.push({ code: 'wounded', value: profile.modifiers.wounded });
  if (teamerOnSource(world))
    modifiers.push({ code: 'teamerOnSource', value: profile.modifiers.teamerOnSource });
  if (facingAway(world, threat)) modifiers.push({ code: 'facingAway', value: profile.modifiers.facingAway });
  if (inPack) modifiers.push({ code: 'inPack', value: profile.modifiers.inPack });
  const face = roller.roll(D6, `reaction of ${threat.id}`);
  let total = face;
  for (const m of modifiers) total += m.value;
  const row = Math.max(1, Math.min(6, total));
  const reaction = profile.reactions[column][row - 1] as ReactionRecord['reaction'];
  return { face, modifiers, total, row, column, columnReason: reason, reaction };
}
