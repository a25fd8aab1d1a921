import { vehicleSquares } from './arena/vehicles.ts';
import { arenaOf } from './board-adapter.ts';
import { killThreat, woundTeamer, woundThreat } from './combat.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { teamersAt, threatAt } from './figures.ts';
import type { FdState, VehicleState } from './state.ts';
import { vehiclesOf } from './vehicle-squares.ts';
import { exitSquareFree, placementOf, vehicleType } from './vehicles.ts';

/**
 * Vehicles meeting figures and the boarding bridge (18; the booklet is silent on all three, so
 * every number is the pack's, per vehicle type):
 *
 * - Delivering pods: the mission counts marked loads "brought to the boarding bridge". Bughunt
 *   reads: a vehicle cannot cross the bridge, so one standing with any of its squares on the entry
 *   square hands its pods over it, delivered, as a Teamer carrying one over the bridge does. This
 *   happens when a manoeuvre brings it there and when it lifts a pod while standing there.
 * - Running a figure down: the seed counts vehicles among the obstacles and names crushing only
 *   for doors. Bughunt reads: a vehicle going straight (forward or reverse, never a pivot's swing)
 *   may drive into squares holding figures, Threat or Teamer alike; the driver rolls one die per
 *   figure there (Threats first, then Teamers, in the order they stand), at or over the type's
 *   `runDown.hitsOn` the figure is crushed as under a closing door (the pack's `combat.crushing`:
 *   killed or one wound). If any figure is left standing in the way the vehicle stops dead short of
 *   it (the manoeuvre is not made) and the drive ends.
 * - Threats attacking a vehicle: the booklet lets crew ride inside and says the hull blocks all
 *   shooting. Bughunt reads: the Threats go for the people inside, so the AI sees each crew member
 *   at the vehicle's front square (the cab) as any Teamer; its grapple on him, or its shot at him,
 *   strikes the hull instead: a grapple is one hit when the Threat's d6 + its grapple value reaches
 *   the type's `hull.armour`, a shot one hit per hitting die. At `hull.hits` the vehicle is a wreck:
 *   it never moves again, each crew member gets out into the first free square beside it (reading
 *   order) and takes `hull.crewWounds` wounds; one with no room stays in the wreck, which no
 *   longer shields him (grapples and shots reach him as anyone). An empty vehicle is never
 *   attacked (nothing in it draws them).
 */

/** The vehicle holding this crew member, if it still shields him (not a wreck). */
export function shieldingVehicle(state: FdState, teamerId: string): VehicleState | undefined {
  return vehiclesOf(state).find((v) => v.crew.includes(teamerId) && v.wrecked !== true);
}

/** Pods aboard a vehicle standing on the entry square go over the boarding bridge. */
export function deliverPods(draft: Draft, vehicleId: string): void {
  const s = draft.state;
  const v = vehiclesOf(s).find((x) => x.id === vehicleId);
  if (!v || (v.pods ?? []).length === 0) return;
  const there = vehicleSquares(placementOf(s, v)).some((q) => q.x === s.entry.x && q.y === s.entry.y);
  if (there) draft.emit({ type: 'vehicle.pods-delivered', vehicleId, loads: [...(v.pods ?? [])] });
}

export interface FigureInTheWay {
  readonly kind: 'threat' | 'teamer';
  readonly id: string;
}

/** Figures standing in `squares` (Threats first, then Teamers; nobody riding in a vehicle). */
export function figuresIn(state: FdState, squares: readonly { x: number; y: number }[]): FigureInTheWay[] {
  const crew = new Set(vehiclesOf(state).flatMap((v) => v.crew));
  const out: FigureInTheWay[] = [];
  for (const q of squares) {
    const th = threatAt(state, q.x, q.y);
    if (th) out.push({ kind: 'threat', id: th.id });
  }
  for (const q of squares)
    for (const t of teamersAt(state, q.x, q.y)) if (!crew.has(t.id)) out.push({ kind: 'teamer', id: t.id });
  return out;
}

/** The driver runs down each figure in the way (his own dice), each crushed or left standing. */
export function runDown(
  draft: Draft,
  v: VehicleState,
  driverId: string,
  figures: readonly FigureInTheWay[],
): void {
  const type = vehicleType(draft.state, v);
  const hitOn = type.runDown?.hitsOn ?? 7;
  const crushing = draft.state.rules.pack.combat.crushing;
  const deadAt = draft.state.rules.pack.combat.teamerWounds.deadAt;
  for (const f of figures) {
    const face = d6(draft.own, `the ${type.name} runs down ${f.id}`);
    const hit = face >= hitOn;
    draft.emit({
      type: 'vehicle.ran-down',
      vehicleId: v.id,
      teamerId: driverId,
      figure: f,
      face,
      hitOn,
      hit,
    });
    if (!hit) continue;
    if (f.kind === 'threat') {
      if (crushing.threat === 'killed') killThreat(draft, f.id, driverId);
      else woundThreat(draft, f.id, 1, driverId, false);
    } else if (crushing.teamer === 'killed') {
      const t = draft.state.teamers[f.id];
      // Crushed: dead whatever his armour (as under a door, 15.2).
      if (t && t.wounds < deadAt)
        draft.emit({ type: 'teamer.wounded', teamerId: f.id, wounds: deadAt, armourFace: null });
    } else woundTeamer(draft, f.id, draft.own);
  }
}

/**
 * A Threat's attack on the vehicle shielding `teamerId` (a grapple, or a shot's dice already
 * rolled): hits on the hull, and the wreck at the type's `hull.hits`.
 */
export function attackVehicle(
  draft: Draft,
  v: VehicleState,
  threatId: string,
  attack:
    | { readonly how: 'grapple' }
    | { readonly how: 'shot'; readonly faces: number[]; readonly hits: number },
): void {
  const s = draft.state;
  const th = s.threats[threatId];
  if (!th) return;
  const hull = vehicleType(s, v).hull;
  let faces: number[];
  let hits: number;
  if (attack.how === 'grapple') {
    const face = d6(draft.table, `Threat ${threatId} attacks the vehicle ${v.id}`);
    const value = s.rules.species[th.species]?.grapple ?? 0;
    faces = [face];
    hits = face + value >= hull.armour ? 1 : 0;
  } else {
    faces = attack.faces;
    hits = attack.hits;
  }
  const damage = Math.min(hull.hits, (v.damage ?? 0) + hits);
  draft.emit({ type: 'vehicle.attacked', vehicleId: v.id, threatId, how: attack.how, faces, hits, damage });
  if (damage < hull.hits) return;
  draft.emit({ type: 'vehicle.wrecked', vehicleId: v.id });
  const crew = v.crew.slice();
  const arena = arenaOf(s);
  for (const id of crew) {
    const now = vehiclesOf(draft.state).find((x) => x.id === v.id);
    if (!now) break;
    for (let i = 0; i < arena.size; i++) {
      const x = i % arena.width;
      const y = Math.floor(i / arena.width);
      if (!exitSquareFree(draft.state, now, x, y)) continue;
      draft.emit({ type: 'vehicle.left', vehicleId: v.id, teamerId: id, x, y });
      break;
    }
  }
  for (const id of crew) for (let i = 0; i < hull.crewWounds; i++) woundTeamer(draft, id, draft.table);
}
