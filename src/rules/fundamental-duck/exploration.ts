import { DX, DY } from '../../engine/board/square-grid.ts';
import { arenaOf } from './board-adapter.ts';
import { resolveCard } from './cards.ts';
import { rollCeiling, threatsGoUp } from './ceiling.ts';
import { d6, pick, rollAmount, rollOff, shuffle } from './dice.ts';
import type { Draft } from './draft.ts';
import type { PlacedThreat } from './events.ts';
import { euclid, facingToward, isFree, teamersOnBoard } from './figures.ts';
import { type FdState, PINGS, type Ping, type TileState } from './state.ts';

/**
 * Exploration (digest 7): the deal, biosensor reach, a door opening into an unopened tile (RED
 * event, pings, Threat numbers and placement, Source chit squares).
 */

/** Deal with the table's dice: one infestation marker and one event card per tile, Source chits with one H. */
export function deal(draft: Draft): void {
  const { rules } = draft.state;
  const board = draft.board;
  const faces: number[] = [];
  const markerPool: Ping[] = [];
  for (const p of PINGS) for (let i = 0; i < rules.markerPool[p]; i++) markerPool.push(p);
  const markers = shuffle(draft.table, markerPool, 'shuffle the infestation markers', faces);
  const deck = shuffle(
    draft.table,
    rules.pack.markers.eventDeck.map((c) => c.id),
    'shuffle the event deck',
    faces,
  );
  const counts = board.tiles.map((t) => t.sourceChits);
  const total = counts.reduce((a, b) => a + b, 0);
  const hAt = total > 0 ? pick(draft.table, total, 'which Source chit is the H') : -1;
  if (total > 0) faces.push(hAt + 1);
  let k = 0;
  const tiles = board.tiles.map((_, i) => {
    const chits: boolean[] = [];
    for (let c = 0; c < (counts[i] ?? 0); c++) chits.push(k++ === hAt);
    return {
      pings: markers.length > 0 ? [markers.shift() as Ping] : [],
      cards: deck.length > 0 ? [deck.shift() as string] : [],
      chits,
    };
  });
  // Tampering (18, pack `cargoTampering`): one die per load, in the arena's order; thrown last so
  // a pack that tampers nothing deals exactly as before.
  const tamperedOn = rules.pack.campaign.cargoTampering.tamperedOn;
  const tampered: number[] = [];
  if (tamperedOn.length > 0)
    draft.state.loads.forEach((_, i) => {
      const f = d6(draft.table, 'is this load tampered');
      faces.push(f);
      if (tamperedOn.includes(f)) tampered.push(i);
    });
  draft.emit({
    type: 'arena.dealt',
    tiles,
    deck,
    markers,
    faces,
    ...(tamperedOn.length > 0 ? { tampered } : {}),
  });
}

/** Every tile the biosensor reaches from a door: the tile across, and beyond it through open doors (7.2). */
export function scanReach(state: FdState, draft: Draft, door: number, fromTile: number): number[] {
  const g = draft.board.doors[door];
  if (!g) return [];
  const first = g.tiles[0] === fromTile ? g.tiles[1] : g.tiles[0];
  const out = [first];
  if (state.doors[door]?.open) {
    draft.board.doors.forEach((d, i) => {
      if (i === door || !state.doors[i]?.open) return;
      const other = d.tiles[0] === first ? d.tiles[1] : d.tiles[1] === first ? d.tiles[0] : -1;
      if (other >= 0 && other !== fromTile && !out.includes(other)) out.push(other);
    });
  }
  return out;
}

/** Turns a tile's markers face up and sets out its Source chits (count now known). */
export function revealTile(
  draft: Draft,
  tile: number,
  how: 'sweep' | 'scan' | 'opened' | 'event' | 'catastrophe',
): void {
  const t = draft.state.tiles[tile] as TileState;
  if (how !== 'opened' && t.revealed.every(Boolean) && t.chitsShown) return;
  draft.emit({ type: 'tile.revealed', tile, pings: t.pings, chits: t.chits.length, how });
}

/**
 * A door opens into a tile nobody has opened (7.3): its RED cards, its markers turned up, its
 * Threats counted and placed, its Source chits diced onto squares. `door` is null for the
 * boarding entry.
 */
export function openInto(draft: Draft, tile: number, door: number | null): void {
  const before = draft.state.tiles[tile] as TileState;
  if (before.opened) return;
  before.cards.forEach((cardId, i) => {
    if (before.cardsResolved[i]) return;
    const card = draft.state.rules.events[cardId];
    if (card && (card.colour === 'red' || draft.state.effects.allCardsRed))
      resolveCard(draft, tile, cardId, door);
  });
  revealTile(draft, tile, 'opened');
  rollCeiling(draft, tile, placementSquare);
  placeThreatsOf(draft, tile);
  placeChits(draft, tile);
}

/** Rolls the number of Threats for each of a tile's markers and places them (7.4, 7.5). */
export function placeThreatsOf(draft: Draft, tile: number, perimeter = false): void {
  const t = draft.state.tiles[tile] as TileState;
  for (let m = t.placed; m < t.pings.length; m++) {
    const ping = t.pings[m] as Ping;
    const countFaces: number[] = [];
    let count = rollAmount(
      draft.table,
      draft.state.rules.pings[ping],
      `how many Threats a ${ping} ping brings`,
      countFaces,
    );
    // The campaign's Threat Level (raised after a failed mission) adds to every non-NONE ping.
    if (ping !== 'none')
      count += draft.state.campaign.threatLevel * draft.state.rules.pack.campaign.threatLevel.threatsPerLevel;
    placeThreats(draft, tile, m, ping, count, countFaces, perimeter);
  }
}

/** Places `count` Threats on a tile with the placement dice. */
export function placeThreats(
  draft: Draft,
  tile: number,
  marker: number,
  ping: Ping,
  count: number,
  countFaces: readonly number[],
  perimeter = false,
): void {
  const species = arenaOf(draft.state).threatSpecies;
  const placed: PlacedThreat[] = [];
  const tieFaces: number[] = [];
  // Placed Threats count as figures for the next placement: track them on a local list.
  const taken = new Set<number>();
  const w = draft.board.width;
  for (let i = 0; i < count; i++) {
    const faces = [d6(draft.table, 'Threat placement: column'), d6(draft.table, 'Threat placement: row')];
    const sq = placementSquare(
      draft,
      tile,
      faces,
      (x, y) => !taken.has(y * w + x) && isFree(draft.state, draft.board, x, y),
      perimeter,
      tieFaces,
    );
    if (!sq) break;
    taken.add(sq.y * w + sq.x);
    const near = nearestTeamSquare(draft, sq.x, sq.y);
    placed.push({
      id: `h${draft.state.nextThreat + placed.length}`,
      species,
      x: sq.x,
      y: sq.y,
      facing: facingToward(sq.x, sq.y, near.x, near.y),
      faces,
    });
  }
  draft.emit({ type: 'threats.placed', tile, marker, ping, countFaces, threats: placed, tieFaces });
  threatsGoUp(
    draft,
    tile,
    placed.map((p) => p.id),
  );
}

/** Where the Team is, for "nearest Teamer": the nearest Teamer on board, or the boarding entry. */
export function nearestTeamSquare(draft: Draft, x: number, y: number): { x: number; y: number } {
  let best = { x: draft.state.entry.x, y: draft.state.entry.y };
  let bestD = Number.POSITIVE_INFINITY;
  for (const t of teamersOnBoard(draft.state)) {
    const d = draft.board.distance(x, y, t.x as number, t.y as number);
    if (d < bestD) {
      bestD = d;
      best = { x: t.x as number, y: t.y as number };
    }
  }
  return best;
}

/**
 * The placement square for column/row dice (a 6 counts as 3): the rolled square if it can take
 * the piece; else walk toward the nearest Teamer, each step shortening the distance, preferring
 * the neighbour nearest him in straight line, and take the first square of the tile that can;
 * else the free square of the tile nearest the rolled one (ties: roll-off). Perimeter placement
 * (a Source found by exploration) ends on the nearest free square of the tile's outer ring.
 */
export function placementSquare(
  draft: Draft,
  tile: number,
  faces: readonly number[],
  canTake: (x: number, y: number) => boolean,
  perimeter: boolean,
  tieFaces: number[],
): { x: number; y: number } | null {
  const g = draft.board.tiles[tile];
  if (!g) return null;
  const col = (faces[0] === 6 ? 3 : (faces[0] as number)) - 1;
  const row = (faces[1] === 6 ? 3 : (faces[1] as number)) - 1;
  const rx = g.x0 + col;
  const ry = g.y0 + row;
  const inTile = (x: number, y: number) => draft.board.tileAt(x, y) === tile;
  const onRing = (x: number, y: number) =>
    x === g.x0 || y === g.y0 || x === g.x0 + g.size - 1 || y === g.y0 + g.size - 1;
  const ok = (x: number, y: number) => inTile(x, y) && canTake(x, y) && (!perimeter || onRing(x, y));
  if (ok(rx, ry)) return { x: rx, y: ry };
  if (!perimeter) {
    const target = nearestTeamSquare(draft, rx, ry);
    let cx = rx;
    let cy = ry;
    for (let guard = 0; guard < 50; guard++) {
      const d0 = draft.board.distance(cx, cy, target.x, target.y);
      // The best neighbour so far as three numbers (no object or direction table made per step).
      let nextX = 0;
      let nextY = 0;
      let nextE = Number.POSITIVE_INFINITY;
      for (let dir = 0; dir < 8; dir++) {
        const nx = cx + (DX[dir] as number);
        const ny = cy + (DY[dir] as number);
        if (!inTile(nx, ny)) continue;
        if (draft.board.distance(nx, ny, target.x, target.y) >= d0) continue;
        const e = euclid(nx, ny, target.x, target.y);
        if (e < nextE) {
          nextX = nx;
          nextY = ny;
          nextE = e;
        }
      }
      if (nextE === Number.POSITIVE_INFINITY) break;
      cx = nextX;
      cy = nextY;
      if (ok(cx, cy)) return { x: cx, y: cy };
    }
  }
  const free: { x: number; y: number; e: number }[] = [];
  for (let y = g.y0; y < g.y0 + g.size; y++)
    for (let x = g.x0; x < g.x0 + g.size; x++) if (ok(x, y)) free.push({ x, y, e: euclid(x, y, rx, ry) });
  if (free.length === 0) return null;
  const best = Math.min(...free.map((f) => f.e));
  const tied = free.filter((f) => f.e === best);
  const win = tied.length > 1 ? rollOff(draft.table, tied.length, 'placement tie', tieFaces) : 0;
  const chosen = tied[win] as { x: number; y: number };
  return { x: chosen.x, y: chosen.y };
}

/** Dices the squares of a tile's Source chits (7.3 step 4). */
export function placeChits(draft: Draft, tile: number): void {
  const t = draft.state.tiles[tile] as TileState;
  if (t.chits.length === 0 || t.chits.every((c) => c.x !== null)) return;
  const w = draft.board.width;
  const taken = new Set<number>();
  const squares: { x: number; y: number; faces: number[] }[] = [];
  const tieFaces: number[] = [];
  for (let i = 0; i < t.chits.length; i++) {
    const faces = [d6(draft.table, 'Source chit square: column'), d6(draft.table, 'Source chit square: row')];
    const sq = placementSquare(
      draft,
      tile,
      faces,
      (x, y) => !taken.has(y * w + x) && draft.board.heightAt(x, y) !== 'full',
      false,
      tieFaces,
    );
    if (!sq) break;
    taken.add(sq.y * w + sq.x);
    squares.push({ ...sq, faces: [...faces, ...tieFaces.splice(0)] });
  }
  draft.emit({ type: 'chits.placed', tile, squares });
}

/** One more infestation marker on a tile, from the spares (an event card, the H, a catastrophe). */
export function addPing(draft: Draft, tile: number, revealed: boolean): boolean {
  const ping = draft.state.markers[0];
  if (ping === undefined) return false;
  draft.emit({ type: 'ping.added', tile, ping, revealed });
  // A tile whose Threats are already out places the new marker's Threats at once.
  if ((draft.state.tiles[tile]?.placed ?? 0) > 0) placeThreatsOf(draft, tile);
  return true;
}
