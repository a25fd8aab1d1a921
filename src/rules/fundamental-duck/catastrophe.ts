import type { PackCatastropheResult } from './data/pack-schema.ts';
import { d6, rollAmount, shuffle } from './dice.ts';
import type { Draft } from './draft.ts';
import { addPing, placeThreatsOf, revealTile } from './exploration.ts';
import { teamersOnBoard } from './figures.ts';

/**
 * What a catastrophe does (16, the pack's results, defaults 24.8). Its dice are rolled first and
 * stored in `catastrophe.struck` with what they chose (turns, tiles); power down and outage are
 * folded by evolve from that event, the rest applied here after it.
 */
export function strikeCatastrophe(
  draft: Draft,
  result: PackCatastropheResult,
  total: number,
  values: readonly number[],
): void {
  const board = draft.board;
  const faces: number[] = [];
  let untilTurn = 0;
  let tiles: number[] = [];
  const occupied = new Set(
    teamersOnBoard(draft.state).map((t) => board.tileAt(t.x as number, t.y as number)),
  );
  switch (result.kind) {
    case 'power-down':
    case 'power-outage': {
      const turns = rollAmount(draft.table, result.turns, 'how many turns the power stays down', faces);
      untilTurn = draft.state.turn + turns - 1;
      break;
    }
    case 'add-pings': {
      const empty = board.tiles.map((_, i) => i).filter((i) => !occupied.has(i));
      const face = d6(draft.table, 'add pings: half or all of the tiles without Teamers');
      faces.push(face);
      const half = face >= result.halfOn[0] && face <= result.halfOn[1];
      tiles = half
        ? shuffle(draft.table, empty, 'which tiles get a ping', faces).slice(0, Math.ceil(empty.length / 2))
        : empty;
      tiles.sort((a, b) => a - b);
      break;
    }
    case 'activate-threats': {
      const x = rollAmount(draft.table, result.tiles, 'how many unopened tiles wake', faces);
      tiles = board.tiles
        .map((_, i) => i)
        .filter((i) => !draft.state.tiles[i]?.opened && (draft.state.tiles[i]?.placed ?? 0) === 0)
        .map((i) => ({ i, d: distanceToTeam(draft, i) }))
        .sort((a, b) => a.d - b.d || a.i - b.i)
        .slice(0, x)
        .map((t) => t.i);
      break;
    }
    default:
      break;
  }
  draft.emit({ type: 'catastrophe.struck', total, values, effect: result.kind, faces, untilTurn, tiles });
  switch (result.kind) {
    case 'add-pings':
      for (const t of tiles) addPing(draft, t, false);
      break;
    case 'add-event-card':
      board.tiles.forEach((_, i) => {
        const card = draft.state.deck[0];
        if (card !== undefined) draft.emit({ type: 'card.added', tile: i, cardId: card });
      });
      break;
    case 'activate-threats':
      for (const t of tiles) {
        revealTile(draft, t, 'catastrophe');
        placeThreatsOf(draft, t);
      }
      break;
    default:
      break;
  }
}

function distanceToTeam(draft: Draft, tile: number): number {
  const g = draft.board.tiles[tile];
  if (!g) return Number.POSITIVE_INFINITY;
  const cx = g.x0 + Math.floor(g.size / 2);
  const cy = g.y0 + Math.floor(g.size / 2);
  let best = Number.POSITIVE_INFINITY;
  for (const t of teamersOnBoard(draft.state))
    best = Math.min(best, draft.board.distance(cx, cy, t.x as number, t.y as number));
  return best;
}
