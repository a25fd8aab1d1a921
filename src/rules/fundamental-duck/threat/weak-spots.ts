import { D6 } from '../../../engine/dice/die.ts';
import type { ThreatAction, WeakSpotRecord } from './decision.ts';
import { DOOR_RULES } from './door-rules.ts';
import { placeAcross } from './doors.ts';
import { straight2 } from './geometry.ts';
import { cmp, pickBest, type Roller } from './roller.ts';
import type { BulkheadSideView, DoorView, SquareKey, ThreatReach, ThreatView, ThreatWorld } from './world.ts';

/**
 * Switch (c), weak spots in bulkheads (digest §14): a Threat with nobody to reach that stands next
 * to a bulkhead side worth crossing (the far square is nearer its target by more than the one step
 * of crossing) searches it, 3d6, 16+, once per side; a weak spot found is crossed in a later
 * activation, the whole of it; Threats that can reach a known weak spot worth crossing go to it
 * first. Null: nothing to do at a bulkhead, so the Threat closes in as usual.
 */

export interface BulkheadResult {
  readonly record: WeakSpotRecord;
  readonly actions: ThreatAction[];
  readonly square: SquareKey;
  readonly crossed: boolean;
  readonly moved: boolean;
}

function ends(
  world: ThreatWorld,
  side: BulkheadSideView,
  from: SquareKey,
): { near: SquareKey; far: SquareKey } | null {
  const tile = world.tileOf(from);
  if (world.tileOf(side.a) === tile) return { near: side.a, far: side.b };
  if (world.tileOf(side.b) === tile) return { near: side.b, far: side.a };
  return null;
}

/** A known weak spot this Threat can get to: its near and far squares and what reaching the near one costs. */
interface KnownSpot {
  readonly side: BulkheadSideView;
  readonly near: SquareKey;
  readonly far: SquareKey;
  readonly cost: number;
}

/** The known weak spots in reach (cost 0 standing at one) whose far square passes `keep`. */
function knownInReach(
  world: ThreatWorld,
  threat: ThreatView,
  reach: ThreatReach,
  keep: (far: SquareKey) => boolean,
): KnownSpot[] {
  const out: KnownSpot[] = [];
  for (const side of world.weakSpots ?? []) {
    const e = ends(world, side, threat.square);
    if (!e || !keep(e.far)) continue;
    const cost = e.near === threat.square ? 0 : reach.cost(e.near);
    if (cost !== Number.POSITIVE_INFINITY) out.push({ side, ...e, cost });
  }
  return out;
}

/**
 * Of the known weak spots in reach, the cheapest to get to, then the nearest in a straight line,
 * then a roll-off: through it if it stands at it, else it goes there. Null: none, or it stands at
 * the one chosen and no square across is free.
 */
function takeKnown(
  world: ThreatWorld,
  threat: ThreatView,
  known: readonly KnownSpot[],
  reach: ThreatReach,
  roller: Roller,
): BulkheadResult | null {
  const spot = pickBest(
    known,
    (a, b) =>
      a.cost - b.cost ||
      straight2(world.width, threat.square, a.near) - straight2(world.width, threat.square, b.near),
    (k) => k.side.id,
    roller,
    `which weak spot ${threat.id} takes`,
  );
  if (!spot) return null;
  const k = spot.item;
  if (k.cost !== 0)
    return {
      record: { side: k.side.id, step: 'goToWeakSpot', faces: [], found: true },
      actions: [{ kind: 'move', path: reach.path(k.near) }],
      square: k.near,
      crossed: false,
      moved: true,
    };
  const to = placeAcross(world, threat.id, k.far, roller);
  if (to === null) return null;
  return {
    record: { side: k.side.id, step: 'crossWeakSpot', faces: [], found: true },
    actions: [{ kind: 'crossWeakSpot', side: k.side.id, to }],
    square: to,
    crossed: true,
    moved: false,
  };
}

/**
 * Switch (c) with a closed door in the way (14): the booklet has Threats coming to a bulkhead
 * whose weak spot is marked take it "rather than batter the door". So a Threat stopped in a door
 * zone that can get to a weak spot found in that same bulkhead (its near square in the Threat's
 * tile, its far square in the tile across the door) goes to it, or wriggles through it, instead of
 * the seek-or-batter die; no "worth crossing" test, as the door's own footprints need none. The
 * caller asks this only when the door's own RED footprints are out of reach (they come first: the
 * door procedure's step 1). Null: no such weak spot, so the door procedure goes on.
 */
export function weakSpotBesideDoor(
  world: ThreatWorld,
  threat: ThreatView,
  door: DoorView,
  reach: ThreatReach,
  roller: Roller,
): BulkheadResult | null {
  if (!world.switches.weakSpots) return null;
  const own = world.tileOf(threat.square);
  const across = new Set<number>();
  for (const [a, b] of door.sides) {
    if (world.tileOf(a) === own) across.add(world.tileOf(b));
    else if (world.tileOf(b) === own) across.add(world.tileOf(a));
  }
  const known = knownInReach(world, threat, reach, (far) => across.has(world.tileOf(far)));
  return takeKnown(world, threat, known, reach, roller);
}

export function atBulkhead(
  world: ThreatWorld,
  threat: ThreatView,
  target: SquareKey,
  reach: ThreatReach,
  roller: Roller,
): BulkheadResult | null {
  if (!world.switches.weakSpots) return null;
  const here = world.distance(threat.square, target);
  const worth = (far: SquareKey): boolean => world.distance(far, target) + 1 < here;

  // A known weak spot worth crossing: through it if at it, else go there.
  const spot = takeKnown(world, threat, knownInReach(world, threat, reach, worth), reach, roller);
  if (spot) return spot;

  // An untried side next to it, worth crossing: search it.
  const sides = (world.bulkheadSides?.(threat.square) ?? []).filter((s) => {
    if (s.tried || s.weakSpot) return false;
    const e = ends(world, s, threat.square);
    return e !== null && e.near === threat.square && worth(e.far);
  });
  const far = (s: BulkheadSideView): SquareKey => (s.a === threat.square ? s.b : s.a);
  const pick = pickBest(
    sides,
    (a, b) =>
      cmp(world.distance(far(a), target), world.distance(far(b), target)) ||
      straight2(world.width, far(a), target) - straight2(world.width, far(b), target),
    (s) => s.id,
    roller,
    `which bulkhead side ${threat.id} searches`,
  );
  if (!pick) return null;
  const faces = [1, 2, 3].map((i) => roller.roll(D6, `${threat.id} searches the bulkhead (die ${i} of 3)`));
  const found = faces.reduce((a, b) => a + b, 0) >= DOOR_RULES.weakSpotOn3d6;
  return {
    record: { side: pick.item.id, step: 'searchWeakSpot', faces, found },
    actions: [{ kind: 'searchWeakSpot', side: pick.item.id, found }],
    square: threat.square,
    crossed: false,
    moved: false,
  };
}
