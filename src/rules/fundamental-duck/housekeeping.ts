import { isArenaSquare } from './arena/model.ts';
import { arenaOf } from './board-adapter.ts';
import { resolveCard } from './cards.ts';
import { lashOut } from './chicken.ts';
import { woundTeamer, woundThreat } from './combat.ts';
import { d6 } from './dice.ts';
import { heldOpen } from './door-rc.ts';
import type { Draft } from './draft.ts';
import { dronePower } from './drones.ts';
import { addPing } from './exploration.ts';
import { teamersAt, teamersOnBoard, threatAt } from './figures.ts';
import type { Teamer } from './state.ts';

/**
 * Housekeeping (digest 17), in the booklet's order: the chicken's lash-out, flames, grenade
 * markers, Door Check, GREEN events. Clean-up (chits back to READY, dash markers) is folded by the
 * next turn's `phase.began`.
 */
export function housekeeping(draft: Draft): void {
  chickenLashOut(draft);
  hazardousCargo(draft);
  const flames = draft.state.flames;
  for (const key of Object.keys(flames)) {
    const sq = Number(key);
    draft.emit({ type: 'flames.changed', square: sq, flames: (flames[key] ?? 1) - 1 });
  }
  if (draft.state.blasts.length > 0) draft.emit({ type: 'blasts.changed', blasts: [] });
  doorCheck(draft);
  dronePower(draft);
  greenEvents(draft);
  disturbance(draft);
}

/**
 * Difficult game, disturbance (22): until the Source tile is entered, every unopened tile next to
 * a tile shot from this turn gets one more infestation marker. Bughunt reads "next to" as sharing
 * a tile edge in the tile grid, and the Source tile as the one holding the H chit.
 */
function disturbance(draft: Draft): void {
  const s = draft.state;
  if (!s.rules.pack.options.switches.disturbance || s.shotTiles.length === 0) return;
  const source = s.tiles.findIndex((t) => t.chits.some((c) => c.h));
  if (source >= 0 && s.tiles[source]?.entered) return;
  const tiles = arenaOf(s).tiles;
  const disturbed = new Set<number>();
  for (const shot of s.shotTiles) {
    const a = tiles[shot];
    if (!a) continue;
    for (const b of tiles)
      if (Math.abs(a.col - b.col) + Math.abs(a.row - b.row) === 1 && !s.tiles[b.index]?.opened)
        disturbed.add(b.index);
  }
  for (const tile of [...disturbed].sort((x, y) => x - y)) addPing(draft, tile, false);
}

/** The flame and grenade-explosion markers in a load's square and the eight around it. */
function markersNear(
  draft: Draft,
  square: number,
  blasts: readonly number[],
): { flames: number; blasts: number } {
  const w = draft.board.width;
  const x = square % w;
  const y = Math.floor(square / w);
  let flames = 0;
  let near = 0;
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      const sq = (y + dy) * w + (x + dx);
      if (x + dx < 0 || x + dx >= w || y + dy < 0) continue;
      flames += draft.state.flames[sq] ?? 0;
      for (const b of blasts) if (b === sq) near++;
    }
  return { flames, blasts: near };
}

/**
 * Hazardous cargo (17 step 2, 18): a flammable or explosive load with markers in or next to it
 * starts its warming die at 6, or loses a pip per marker if already warming; at 0 it goes up, its
 * 3×3 (4×4 when extreme) getting grenade-explosion markers (explosive) or flames (flammable), and
 * the loads that reaches are checked at once. An inert load is ruined by a grenade explosion in or
 * next to it, or by two or more flame markers about it. Every figure in the squares a load covers
 * as it goes up is hit as by a grenade blast or a flamer squirt (`loadBlast`).
 */
function hazardousCargo(draft: Draft): void {
  const arena = arenaOf(draft.state);
  if (arena.loads.length === 0) return;
  const w = arena.width;
  const start = 6;
  let fresh: number[] | null = null;
  const done = new Set<number>();
  for (let pass = 0; pass < arena.loads.length + 1; pass++) {
    const exploded: number[] = [];
    for (const load of arena.loads) {
      const st = draft.state.loads[load.index];
      // A load in a Teamer's arms or already home is out of the fire.
      if (!st || st.lost || st.at === null) continue;
      // A chain pass looks only at the markers the last explosions laid.
      const m = markersNear(draft, load.square, fresh ?? draft.state.blasts);
      const flames = fresh ? 0 : m.flames;
      const hits = flames + m.blasts;
      if (load.cargo === 'inert') {
        if (m.blasts > 0 || (!fresh && m.flames >= 2))
          draft.emit({ type: 'load.changed', load: load.index, warming: null, lost: true, why: 'ruined' });
        continue;
      }
      if (hits === 0 || (fresh === null && done.has(load.index))) continue;
      done.add(load.index);
      const warming = st.warming === null ? start : Math.max(0, st.warming - hits);
      if (warming > 0) {
        draft.emit({ type: 'load.changed', load: load.index, warming, lost: false, why: 'warming' });
        continue;
      }
      draft.emit({ type: 'load.changed', load: load.index, warming: 0, lost: true, why: 'exploded' });
      exploded.push(load.index);
    }
    if (exploded.length === 0) return;
    fresh = [];
    for (const i of exploded) {
      const load = arena.loads[i];
      if (!load) continue;
      const size = load.extreme ? 4 : 3;
      const x0 = (load.square % w) - 1;
      const y0 = Math.floor(load.square / w) - 1;
      const squares: number[] = [];
      for (let y = y0; y < y0 + size; y++)
        for (let x = x0; x < x0 + size; x++) if (isArenaSquare(arena, x, y)) squares.push(y * w + x);
      if (load.cargo === 'explosive') {
        draft.emit({ type: 'blasts.changed', blasts: [...draft.state.blasts, ...squares] });
        fresh.push(...squares);
      } else
        for (const sq of squares) {
          draft.emit({ type: 'flames.changed', square: sq, flames: (draft.state.flames[sq] ?? 0) + 1 });
          fresh.push(sq);
        }
      if (load.cargo !== 'inert') loadBlast(draft, i, load.cargo, squares);
    }
  }
}

/**
 * The figures in the squares of a load that went up (17 step 2 "covering 9 squares with grenade
 * blast or flame"): each is hit on the pack's `loadExplosionHitsOn` for that cargo, one table die
 * each (squares in reading order, a Threat before the Teamers there); a hit is one wound. Nobody
 * threw it, so a kill here is nobody's (no first-shot BINGE).
 */
function loadBlast(
  draft: Draft,
  load: number,
  cargo: 'explosive' | 'flammable',
  squares: readonly number[],
): void {
  const w = draft.board.width;
  const hitOn = draft.state.rules.pack.combat.loadExplosionHitsOn[cargo];
  const targets: string[] = [];
  const faces: number[] = [];
  const hits: Record<string, number> = {};
  for (const sq of squares) {
    const x = sq % w;
    const y = Math.floor(sq / w);
    const th = threatAt(draft.state, x, y);
    const here = [...(th ? [th.id] : []), ...teamersAt(draft.state, x, y).map((m) => m.id)];
    for (const id of here) {
      const f = d6(draft.table, `the ${cargo} load hits ${id}?`);
      targets.push(id);
      faces.push(f);
      hits[id] = f >= hitOn ? 1 : 0;
    }
  }
  if (targets.length === 0) return;
  draft.emit({ type: 'load.blasted', load, cargo, targets, faces, hitOn, hits });
  for (const id of targets) {
    if ((hits[id] ?? 0) === 0) continue;
    if (draft.state.threats[id]) woundThreat(draft, id, 1, null, false);
    else woundTeamer(draft, id, draft.table);
  }
}

/**
 * A chicken who stood still this turn rolls 2d6; on 12 he lashes out at the nearest other figure
 * (13.2 distance; ties: the first in team order, then Threats in their order), friend or foe:
 * `chicken.ts` `lashOut` (his gun, else his own grenade, else his cutlass).
 */
function chickenLashOut(draft: Draft): void {
  const out = draft.state.rules.pack.combat.teamerWounds.outOfActionAt;
  for (const id of draft.state.teamOrder) {
    const t = draft.state.teamers[id] as Teamer;
    if (!t.chicken || t.moved || t.x === null || t.y === null || t.wounds >= out || t.left) continue;
    const a = d6(draft.table, `chicken lash-out of ${t.name}`);
    const b = d6(draft.table, `chicken lash-out of ${t.name}`);
    draft.emit({
      type: 'test.rolled',
      teamerId: id,
      purpose: 'chicken lash-out',
      record: { test: 'binge', face: a + b, target: 12, success: a + b < 12 },
    });
    if (a + b < 12) continue;
    let best: { id: string; kind: 'teamer' | 'threat'; d: number } | null = null;
    const consider = (fid: string, kind: 'teamer' | 'threat', x: number, y: number) => {
      const dd = draft.board.distance(t.x as number, t.y as number, x, y);
      if (!best || dd < best.d) best = { id: fid, kind, d: dd };
    };
    for (const o of teamersOnBoard(draft.state))
      if (o.id !== id) consider(o.id, 'teamer', o.x as number, o.y as number);
    for (const tid of draft.state.threatOrder) {
      const th = draft.state.threats[tid];
      if (th) consider(th.id, 'threat', th.x, th.y);
    }
    const victim = best as { id: string; kind: 'teamer' | 'threat'; d: number } | null;
    if (victim) lashOut(draft, t, victim);
  }
}

/**
 * Door Check: an open door with nobody in its zone closes (not while the power is down or the
 * bridge override is set; never a jammed one), unless a DOOR RC holder on one of its tiles keeps it open.
 */
function doorCheck(draft: Draft): void {
  if (draft.state.effects.powerDownUntilTurn >= draft.state.turn) return;
  // 15.1: skipped entirely while the bridge / control-room override is set.
  if (draft.state.doorOverride) return;
  const arena = arenaOf(draft.state);
  const w = arena.width;
  const occupied = new Set<number>();
  for (const t of teamersOnBoard(draft.state)) occupied.add((t.y as number) * w + (t.x as number));
  for (const id of draft.state.threatOrder) {
    const th = draft.state.threats[id];
    if (th) occupied.add(th.y * w + th.x);
  }
  draft.state.doors.forEach((d, i) => {
    if (!d.open || d.jammed || d.stuck) return;
    const zone = arena.doors[i]?.zone ?? [];
    if (zone.some((sq) => occupied.has(sq)) || heldOpen(draft.state, i)) return;
    draft.emit({ type: 'door.changed', door: i, state: { ...d, open: false }, why: 'Door Check' });
  });
}

/** GREEN cards of every opened tile with a Teamer on it. */
function greenEvents(draft: Draft): void {
  const onTiles = new Set(
    teamersOnBoard(draft.state)
      .filter((t) => t.wounds < draft.state.rules.pack.combat.teamerWounds.outOfActionAt)
      .map((t) => draft.board.tileAt(t.x as number, t.y as number)),
  );
  for (const tile of [...onTiles].sort((a, b) => a - b)) {
    const ts = draft.state.tiles[tile];
    if (!ts) continue;
    ts.cards.forEach((cardId, i) => {
      if (ts.cardsResolved[i]) return;
      const card = draft.state.rules.events[cardId];
      if (card?.colour === 'green') resolveCard(draft, tile, cardId, null);
    });
  }
}
