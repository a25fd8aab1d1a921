import type { DiceSource } from '../../../engine/dice/source.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import { type PackPlan, rollAllowance } from './activate.ts';
import { contactSquares } from './attack.ts';
import { xOf, yOf } from './geometry.ts';
import { profileOf } from './profile.ts';
import { type DieRecord, Roller, type RollOffRecord } from './roller.ts';
import { distanceToTeam } from './sense.ts';
import type { ThreatView, ThreatWorld } from './world.ts';

/** The order of the Threat phase (digest 13.2) and packs (13.6). */

/** One unit of the phase order: a Threat alone, or a pack acting together. */
export type ThreatUnit =
  | { readonly kind: 'threat'; readonly threat: string; readonly distance: number }
  | { readonly kind: 'pack'; readonly members: readonly string[]; readonly distance: number };

export interface PhaseOrder {
  /** Nearest the Team first; fixed for the phase. */
  readonly units: readonly ThreatUnit[];
  readonly rollOffs: readonly RollOffRecord[];
  readonly dice: readonly DieRecord[];
}

export interface PackStart extends PackPlan {
  readonly rollOffs: readonly RollOffRecord[];
  readonly dice: readonly DieRecord[];
}

/** May this Threat join a pack? It hunts in packs, stands free (not waiting), and carries nobody. */
function packable(world: ThreatWorld, t: ThreatView): boolean {
  return !t.acted && !t.waiting && t.carrying === null && profileOf(world, t.species).pack;
}

/**
 * Packs among the Threats still to act: two or more of one pack-hunting species joined through
 * orthogonally adjacent squares (never diagonally). Members are listed in `world.threats` order.
 */
export function findPacks(world: ThreatWorld): string[][] {
  const threats = world.threats;
  const n = threats.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) parent[i] = i;
  const root = (i: number): number => {
    let r = i;
    while (parent[r] !== r) r = parent[r] as number;
    return r;
  };
  const ok = threats.map((t) => packable(world, t));
  const w = world.width;
  for (let i = 0; i < n; i++) {
    const a = threats[i] as ThreatView;
    if (!ok[i]) continue;
    for (let j = i + 1; j < n; j++) {
      const b = threats[j] as ThreatView;
      if (!ok[j] || a.species !== b.species) continue;
      const dx = Math.abs(xOf(w, a.square) - xOf(w, b.square));
      const dy = Math.abs(yOf(w, a.square) - yOf(w, b.square));
      if (dx + dy === 1) parent[root(j)] = root(i);
    }
  }
  const groups = new Map<number, string[]>();
  for (let i = 0; i < n; i++) {
    if (!ok[i]) continue;
    const r = root(i);
    const g = groups.get(r);
    if (g) g.push((threats[i] as ThreatView).id);
    else groups.set(r, [(threats[i] as ThreatView).id]);
  }
  return [...groups.values()].filter((g) => g.length >= 2);
}

/**
 * Ranks parties by a distance, nearest first; ties are rolled off in `parties` order, a whole tied
 * group at a time from the nearest group outward.
 */
function rankByDistance(
  ids: readonly string[],
  distances: readonly number[],
  roller: Roller,
  purpose: string,
): number[] {
  const idx = ids.map((_, i) => i);
  idx.sort((a, b) => {
    const da = distances[a] as number;
    const db = distances[b] as number;
    return da === db ? a - b : da < db ? -1 : 1;
  });
  const out: number[] = [];
  let i = 0;
  while (i < idx.length) {
    let j = i + 1;
    while (j < idx.length && distances[idx[j] as number] === distances[idx[i] as number]) j++;
    const group = idx.slice(i, j);
    if (group.length === 1) out.push(group[0] as number);
    else {
      const order = roller.rank(
        group.map((g) => ids[g] as string),
        purpose,
      );
      for (const k of order) out.push(group[k] as number);
    }
    i = j;
  }
  return out;
}

/**
 * The phase order, fixed once at the start of the Threat phase from the Threats that have not
 * acted this turn (waiting ones included): nearest the Team first (distance 13.2 to the nearest
 * Teamer), a pack counted as its nearest member, ties rolled off.
 */
export function planThreatPhase(world: ThreatWorld, dice: DiceSource): PhaseOrder {
  const roller = new Roller(dice);
  const packs = findPacks(world);
  const inPack = new Set<string>();
  for (const p of packs) for (const id of p) inPack.add(id);
  const units: ThreatUnit[] = [];
  const byId = new Map(world.threats.map((t) => [t.id, t]));
  for (const t of world.threats) {
    if (t.acted || inPack.has(t.id)) continue;
    profileOf(world, t.species);
    units.push({ kind: 'threat', threat: t.id, distance: distanceToTeam(world, t.square) });
  }
  for (const p of packs) {
    let best = Number.POSITIVE_INFINITY;
    for (const id of p) best = Math.min(best, distanceToTeam(world, (byId.get(id) as ThreatView).square));
    units.push({ kind: 'pack', members: p, distance: best });
  }
  // Parties in placement order (a pack by its first member), so roll-offs roll in a stable order.
  const position = new Map(world.threats.map((t, i) => [t.id, i]));
  const first = (u: ThreatUnit): string => (u.kind === 'threat' ? u.threat : (u.members[0] as string));
  units.sort((a, b) => (position.get(first(a)) as number) - (position.get(first(b)) as number));
  const order = rankByDistance(
    units.map(first),
    units.map((u) => u.distance),
    roller,
    'Threat phase order',
  );
  return { units: order.map((i) => units[i] as ThreatUnit), rollOffs: roller.rollOffs, dice: roller.faces };
}

/**
 * A pack's start (13.6): members ordered nearest a Teamer first (roll-off on ties), each throws its
 * movement die in that order and all use the best; if none of them could then reach contact with
 * any Teamer, they all hide.
 */
export function beginPack(world: ThreatWorld, memberIds: readonly string[], dice: DiceSource): PackStart {
  if (memberIds.length === 0) throw new RuleError('PACK_EMPTY', 'a pack needs at least one member', {});
  const roller = new Roller(dice);
  const members = memberIds.map((id) => {
    const t = world.threats.find((x) => x.id === id);
    if (!t) throw new RuleError('THREAT_UNKNOWN', `there is no Threat "${id}" on the board`, { threat: id });
    return t;
  });
  const order = rankByDistance(
    memberIds,
    members.map((m) => distanceToTeam(world, m.square)),
    roller,
    'pack order',
  ).map((i) => members[i] as ThreatView);
  const throws = order.map((m) => {
    const { faces, value } = rollAllowance(
      m.id,
      profileOf(world, m.species),
      roller,
      'pack movement throw',
      0,
    );
    return { threat: m.id, faces, value };
  });
  const allowance = Math.max(...throws.map((t) => t.value));
  let canReach = false;
  for (const m of order) {
    const reach = world.reach(m.id, allowance);
    for (const t of world.teamers) {
      if (contactSquares(world, m, reach, t).length > 0) {
        canReach = true;
        break;
      }
    }
    if (canReach) break;
  }
  return {
    members: order.map((m) => m.id),
    throws,
    allowance,
    allHide: !canReach,
    rollOffs: roller.rollOffs,
    dice: roller.faces,
  };
}
