import { arenaOf } from './board-adapter.ts';
import type { PackWeapon } from './data/pack-schema.ts';
import { d6, pick } from './dice.ts';
import type { Draft } from './draft.ts';
import { addPing, revealTile } from './exploration.ts';
import { teamersOnBoard } from './figures.ts';
import type { DoorState, TileState } from './state.ts';
import { addStress, stressSituation } from './stress.ts';

/**
 * Event cards (7.6, defaults 24.6): the card's text is revealed with its effect. RED cards resolve
 * as a door first opens into their tile, GREEN ones in Housekeeping for tiles with a Teamer on them.
 */
export function resolveCard(draft: Draft, tile: number, cardId: string, door: number | null): void {
  const card = draft.state.rules.events[cardId];
  if (!card) return;
  const roll = draft.state.rules.eventRollOn;
  if (roll !== null && d6(draft.table, `does the ${card.colour} event happen`) < roll) {
    draft.emit({
      type: 'card.resolved',
      tile,
      cardId,
      colour: card.colour,
      effect: 'nothing',
      text: card.text,
    });
    return;
  }
  const effect = card.effect;
  draft.emit({
    type: 'card.resolved',
    tile,
    cardId,
    colour: card.colour,
    effect: effect.kind,
    text: card.text,
    ...(door !== null ? { door } : {}),
  });
  const onTile = teamersOnBoard(draft.state).filter(
    (t) => draft.board.tileAt(t.x as number, t.y as number) === tile,
  );
  switch (effect.kind) {
    case 'jammed-door':
      if (door !== null) setDoor(draft, door, { jammed: true, open: true }, 'jammed open by an event');
      if (effect.stress > 0) addStress(draft, onTile[0]?.id ?? null, `event: ${card.name}`, effect.stress);
      break;
    case 'horror-scene': {
      // Everyone who can see into the tile: on it, or in the zone of the door that opened.
      const zone = door !== null ? (draft.board.doors[door]?.zone ?? []) : [];
      for (const t of teamersOnBoard(draft.state)) {
        const sq = (t.y as number) * draft.board.width + (t.x as number);
        if (draft.board.tileAt(t.x as number, t.y as number) === tile || zone.includes(sq))
          stressSituation(draft, t.id, 'a horror scene', draft.table);
      }
      break;
    }
    case 'extra-ping':
      addPing(draft, tile, false);
      break;
    case 'locker-cache': {
      const t = onTile[0];
      if (t) draft.emit({ type: 'grenades.changed', teamerId: t.id, grenades: t.grenades + effect.grenades });
      break;
    }
    case 'mothers-message':
      for (let n = 0; n < effect.pings; n++) {
        const hidden = draft.state.tiles
          .map((t: TileState, i: number) => (t.revealed.some((r) => !r) ? i : -1))
          .filter((i: number) => i >= 0);
        if (hidden.length === 0) break;
        revealTile(
          draft,
          hidden[pick(draft.table, hidden.length, 'which ping Mother reveals')] as number,
          'event',
        );
      }
      break;
    case 'contraband': {
      const t = onTile[0];
      if (t) draft.emit({ type: 'contraband.found', teamerId: t.id, item: effect.item });
      break;
    }
    case 'ammo-crate':
      for (const t of teamersOnBoard(draft.state)) {
        for (const w of t.weapons) {
          const full = fullAmmo(draft.state.rules.weapons[w]);
          if (full !== null && t.ammo[w] !== full)
            draft.emit({ type: 'ammo.changed', teamerId: t.id, weapon: w, left: full });
        }
      }
      break;
    case 'stuck-door': {
      const doors = draft.board.doors.map((d, i) => (d.tiles.includes(tile) ? i : -1)).filter((i) => i >= 0);
      if (doors.length > 0) {
        const d = doors[pick(draft.table, doors.length, 'which door sticks')] as number;
        setDoor(draft, d, { stuck: true }, 'stuck by an event');
      }
      if (effect.stress > 0) addStress(draft, onTile[0]?.id ?? null, `event: ${card.name}`, effect.stress);
      break;
    }
    case 'new-orders':
      // Orders met at once when a Teamer already stands on such a tile.
      for (const t of teamersOnBoard(draft.state)) checkOrders(draft, t.id);
      break;
    // lights-out and gas-leak are folded by evolve (the tile goes dark; the door zone's FF drops).
    default:
      break;
  }
}

/** New orders (24.6): the first Teamer to stand on a tile of the named type meets the bonus objective. */
export function checkOrders(draft: Draft, teamerId: string): void {
  const bonus = draft.state.progress.bonus;
  const t = draft.state.teamers[teamerId];
  if (!bonus || bonus.met || !t || t.x === null || t.y === null || t.wounds >= 2) return;
  const tile = draft.board.tileAt(t.x, t.y);
  if (arenaOf(draft.state).tiles[tile]?.type === bonus.tileType)
    draft.emit({ type: 'orders.met', teamerId, tile });
}

/** Shots or squirts in a full magazine or tank; null for weapons that do not count them. */
export function fullAmmo(w: PackWeapon | undefined): number | null {
  if (!w) return null;
  if (w.kind === 'gun') return w.magazine;
  if (w.kind === 'flamer') return w.tank;
  return null;
}

export function setDoor(draft: Draft, door: number, change: Partial<DoorState>, why: string): void {
  const d = draft.state.doors[door];
  if (!d) return;
  draft.emit({ type: 'door.changed', door, state: { ...d, ...change }, why });
}
