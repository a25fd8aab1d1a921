import { D6 } from '../../../engine/dice/die.ts';
import type { DoorRecord, ThreatAction } from './decision.ts';
import { DOOR_RULES, holeSide } from './door-rules.ts';
import { straight2, xOf, yOf } from './geometry.ts';
import { cmp, pickBest, type Roller } from './roller.ts';
import type { DoorView, SquareKey, ThreatReach, ThreatView, ThreatWorld } from './world.ts';

/** Threats at doors (digest §14): the default procedure and switches (a), (d) and (e). */

/**
 * The closed door that stops this Threat on its way to `target`: the first closed door its
 * shortest route crosses, if the Threat stands in that door's zone. Otherwise null.
 */
export function doorInTheWay(world: ThreatWorld, threat: ThreatView, target: SquareKey): DoorView | null {
  const route = world.route(threat.square, target);
  if (!route) return null;
  let prev = threat.square;
  for (const next of route) {
    const door = world.closedDoorBetween(prev, next) ?? diagonalDoor(world, prev, next);
    if (door) return door.zone.includes(threat.square) ? door : null;
    prev = next;
  }
  return null;
}

/**
 * A diagonal route step past a closed door (the 13.2 measure lets a king-step slip round a door
 * side): when a Threat could not make that step now (no contact across it), the closed door on
 * either way round is the one in the way. Worlds need only answer `closedDoorBetween` for
 * orthogonal steps.
 */
function diagonalDoor(world: ThreatWorld, a: SquareKey, b: SquareKey): DoorView | null {
  const w = world.width;
  const ax = xOf(w, a);
  const ay = yOf(w, a);
  const bx = xOf(w, b);
  const by = yOf(w, b);
  if (ax === bx || ay === by || world.contact(a, b)) return null;
  const c1 = ay * w + bx;
  const c2 = by * w + ax;
  return (
    world.closedDoorBetween(a, c1) ??
    world.closedDoorBetween(c1, b) ??
    world.closedDoorBetween(a, c2) ??
    world.closedDoorBetween(c2, b)
  );
}

/** The aperture square of a door side on the Threat's side of the door, and the one across. */
function apertures(
  world: ThreatWorld,
  door: DoorView,
  side: number,
  from: SquareKey,
): { near: SquareKey; far: SquareKey } | null {
  const pair = door.sides[side];
  if (!pair) return null;
  const tile = world.tileOf(from);
  if (world.tileOf(pair[0]) === tile) return { near: pair[0], far: pair[1] };
  if (world.tileOf(pair[1]) === tile) return { near: pair[1], far: pair[0] };
  return null;
}

/** A way through a door side (RED footprints or a GREEN hole): its apertures and what reaching the near one costs. */
export interface DoorWay {
  readonly side: number;
  readonly near: SquareKey;
  readonly far: SquareKey;
  readonly cost: number;
}

/** The ways through `door` on these sides that this Threat can get to (cost 0 standing there). */
function waysInReach(
  world: ThreatWorld,
  threat: ThreatView,
  door: DoorView,
  sides: readonly number[],
  reach: ThreatReach,
): DoorWay[] {
  const out: DoorWay[] = [];
  for (const side of sides) {
    const ap = apertures(world, door, side, threat.square);
    if (!ap) continue;
    const cost = ap.near === threat.square ? 0 : reach.cost(ap.near);
    if (cost !== Number.POSITIVE_INFINITY) out.push({ side, ...ap, cost });
  }
  return out;
}

/**
 * The GREEN holes of `door` this Threat can get to (14: a hole is crossed as an ordinary step, so
 * a Threat that can use one never batters that door again).
 */
export function holesInReach(
  world: ThreatWorld,
  threat: ThreatView,
  door: DoorView,
  reach: ThreatReach,
): DoorWay[] {
  return waysInReach(world, threat, door, door.holes, reach);
}

/** The RED footprints (short cuts) of `door` this Threat can get to: the door procedure's step 1. */
export function shortCutsInReach(
  world: ThreatWorld,
  threat: ThreatView,
  door: DoorView,
  reach: ThreatReach,
): DoorWay[] {
  return waysInReach(world, threat, door, door.shortCuts, reach);
}

/** Of several ways through a door: the cheapest to reach, then nearest in a straight line, then roll-off. */
export function pickWay(
  world: ThreatWorld,
  threat: ThreatView,
  ways: readonly DoorWay[],
  roller: Roller,
  purpose: string,
): DoorWay | null {
  const best = pickBest(
    ways,
    (a, b) =>
      a.cost - b.cost ||
      straight2(world.width, threat.square, a.near) - straight2(world.width, threat.square, b.near),
    (u) => `side ${u.side}`,
    roller,
    purpose,
  );
  return best ? best.item : null;
}

/**
 * Where a Threat coming through a door is put: the far aperture square if free, else the free
 * square of that tile nearest it (distance 13.2, then straight line, then roll-off).
 */
export function placeAcross(
  world: ThreatWorld,
  threatId: string,
  far: SquareKey,
  roller: Roller,
): SquareKey | null {
  if (world.isFree(far)) return far;
  const tile = world.tileOf(far);
  const free: SquareKey[] = [];
  const n = world.width * world.height;
  for (let sq = 0; sq < n; sq++) if (world.tileOf(sq) === tile && world.isFree(sq)) free.push(sq);
  const best = pickBest(
    free,
    (a, b) =>
      cmp(world.distance(far, a), world.distance(far, b)) ||
      straight2(world.width, far, a) - straight2(world.width, far, b),
    (s) => `square ${s}`,
    roller,
    `where ${threatId} comes out`,
  );
  return best ? best.item : null;
}

export interface DoorResult {
  readonly record: DoorRecord;
  readonly actions: ThreatAction[];
  /** Where the Threat ends (for facing and contact). */
  readonly square: SquareKey;
  /** It ended on the far side (a short cut) and may be in contact. */
  readonly crossed: boolean;
  /** It moved (to the footprints). */
  readonly moved: boolean;
}

const NO_RECORD = {
  choiceFace: null,
  searchFace: null,
  found: false,
  alreadyHasShortCut: false,
  batterFaces: [],
  holeOpened: false,
  sideFace: null,
  side: null,
} as const;

/** One activation of a Threat that starts in a door zone with an ATTACK whose route crosses the door. */
export function atDoor(
  world: ThreatWorld,
  threat: ThreatView,
  door: DoorView,
  reach: ThreatReach,
  roller: Roller,
): DoorResult {
  const base = { ...NO_RECORD, door: door.id, damageAfter: door.damage };
  // 1. RED footprints it can reach: cross if it stands at them, otherwise go there.
  if (door.shortCuts.length > 0) {
    const usable = shortCutsInReach(world, threat, door, reach);
    const u = pickWay(world, threat, usable, roller, `which short cut ${threat.id} takes`);
    if (u) {
      if (u.cost === 0) {
        const to = placeAcross(world, threat.id, u.far, roller);
        if (to !== null) {
          return {
            record: { ...base, step: 'crossShortCut', side: u.side },
            actions: [{ kind: 'crossShortCut', door: door.id, side: u.side, to }],
            square: to,
            crossed: true,
            moved: false,
          };
        }
      } else {
        return {
          record: { ...base, step: 'goToShortCut', side: u.side },
          actions: [{ kind: 'move', path: reach.path(u.near) }],
          square: u.near,
          crossed: false,
          moved: true,
        };
      }
    }
  }
  // 2. Seek a short cut or batter the door.
  const choiceFace = roller.roll(D6, `${threat.id} seeks a short cut or batters`);
  if (choiceFace >= DOOR_RULES.seekShortCutOn) {
    const searchFace = roller.roll(D6, `${threat.id} searches for a short cut`);
    const need = world.switches.ductsOnFourPlus
      ? DOOR_RULES.shortCutFoundOnDucts
      : DOOR_RULES.shortCutFoundOn;
    const found = searchFace >= need;
    const seek = { ...base, step: 'seekShortCut' as const, choiceFace, searchFace, found };
    if (!found) return { record: seek, actions: [], square: threat.square, crossed: false, moved: false };
    if (door.shortCuts.length > 0 && !world.switches.everyShortCutFinds) {
      return {
        record: { ...seek, alreadyHasShortCut: true },
        actions: [],
        square: threat.square,
        crossed: false,
        moved: false,
      };
    }
    // The side in front of it: the side whose near aperture is nearest in a straight line.
    const sides: { side: number; near: SquareKey; far: SquareKey }[] = [];
    for (let s = 0; s < door.sides.length; s++) {
      const ap = apertures(world, door, s, threat.square);
      if (ap) sides.push({ side: s, ...ap });
    }
    const front = pickBest(
      sides,
      (a, b) => straight2(world.width, threat.square, a.near) - straight2(world.width, threat.square, b.near),
      (s) => `side ${s.side}`,
      roller,
      `which door side ${threat.id} finds a way through`,
    );
    const to = front ? placeAcross(world, threat.id, front.item.far, roller) : null;
    if (!front || to === null)
      return { record: seek, actions: [], square: threat.square, crossed: false, moved: false };
    return {
      record: { ...seek, side: front.item.side },
      actions: [{ kind: 'findShortCut', door: door.id, side: front.item.side, to }],
      square: to,
      crossed: true,
      moved: false,
    };
  }
  // Battering: the damage track, or switch (a)'s 3d6 rent.
  let batterFaces: number[];
  let damage = 0;
  let holeOpened: boolean;
  if (world.switches.batterRent3d6) {
    batterFaces = [0, 1, 2].map((i) => roller.roll(D6, `${threat.id} batters the door (die ${i + 1} of 3)`));
    holeOpened = batterFaces.reduce((a, b) => a + b, 0) >= DOOR_RULES.rentOn3d6;
  } else if (world.switches.batterTogether) {
    damage = roller.roll(D6, `${threat.id} batters the door (thrown together)`);
    batterFaces = [damage];
    holeOpened = (door.batteredThisTurn ?? 0) + damage >= DOOR_RULES.togetherHoleAt;
  } else {
    damage = roller.roll(D6, `${threat.id} batters the door`);
    batterFaces = [damage];
    // A hole at every 20 points: a door already holed needs another 20 for a second one.
    holeOpened =
      Math.floor((door.damage + damage) / DOOR_RULES.holeAtDamage) >
      Math.floor(door.damage / DOOR_RULES.holeAtDamage);
  }
  let sideFace: number | null = null;
  let side: number | null = null;
  if (holeOpened) {
    if (door.sides.length > 1) {
      sideFace = roller.roll(D6, `which side of the door ${threat.id} breaks through`);
      side = holeSide(door.sides.length, sideFace);
    } else side = 0;
  }
  return {
    record: {
      ...base,
      step: 'batter',
      choiceFace,
      batterFaces,
      damageAfter: world.switches.batterTogether
        ? (door.batteredThisTurn ?? 0) + damage
        : door.damage + damage,
      holeOpened,
      sideFace,
      side,
    },
    actions: [{ kind: 'batter', door: door.id, damage, holeSide: side }],
    square: threat.square,
    crossed: false,
    moved: false,
  };
}
