import { arenaOf } from './board-adapter.ts';
import { resolveCard } from './cards.ts';
import { woundTeamer, woundThreat } from './combat.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { addPing } from './exploration.ts';
import { teamersOnBoard } from './figures.ts';
import type { Teamer } from './state.ts';

/**
 * Housekeeping (digest 17), in the booklet's order: the chicken's lash-out, flames, grenade
 * markers, Door Check, GREEN events. Clean-up (chits back to READY, dash markers) is folded by the
 * next turn's `phase.began`.
 */
export function housekeeping(draft: Draft): void {
  chickenLashOut(draft);
  const flames = draft.state.flames;
  for (const key of Object.keys(flames)) {
    const sq = Number(key);
    draft.emit({ type: 'flames.changed', square: sq, flames: (flames[key] ?? 1) - 1 });
  }
  if (draft.state.blasts.length > 0) draft.emit({ type: 'blasts.changed', blasts: [] });
  doorCheck(draft);
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

/**
 * A chicken who stood still this turn rolls 2d6; on 12 he lashes out. Bughunt reads the lash-out
 * as one wound to the nearest other figure, friend or foe (the booklet's shot, grenade or cutlass
 * all come to one hit here).
 */
function chickenLashOut(draft: Draft): void {
  for (const id of draft.state.teamOrder) {
    const t = draft.state.teamers[id] as Teamer;
    if (!t.chicken || t.moved || t.x === null || t.y === null || t.wounds >= 2 || t.left) continue;
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
    if (!victim) continue;
    if (victim.kind === 'teamer') woundTeamer(draft, victim.id, draft.table);
    else woundThreat(draft, victim.id, 1, id, false);
  }
}

/** Door Check: an open door with nobody in its zone closes (not while the power is down; never a jammed one). */
function doorCheck(draft: Draft): void {
  if (draft.state.effects.powerDownUntilTurn >= draft.state.turn) return;
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
    if (zone.some((sq) => occupied.has(sq))) return;
    draft.emit({ type: 'door.changed', door: i, state: { ...d, open: false }, why: 'Door Check' });
  });
}

/** GREEN cards of every opened tile with a Teamer on it. */
function greenEvents(draft: Draft): void {
  const onTiles = new Set(
    teamersOnBoard(draft.state)
      .filter((t) => t.wounds < 2)
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
