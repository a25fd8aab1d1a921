import type { TableEvent } from '../../engine/ruleset.ts';
import { evolveChat, isChatEvent } from '../dice-chat/chat.ts';
import { arenaOf } from './board-adapter.ts';
import { evolveCampaign, nextMissionState } from './campaign.ts';
import { ceilingNewTurn, ceilingThreatCarries, evolveCeiling, isCeilingEvent } from './ceiling.ts';
import type { CoreEvent, FdEvent } from './events.ts';
import { initialState, layoutFor } from './setup.ts';
import {
  beginFold,
  type Chit,
  carrierOf,
  type FdState,
  type FreshState,
  freshState,
  freshTeamer,
  freshThreat,
  isFresh,
  oneShape,
  type Teamer,
  type Threat,
  type TileState,
  teamerOf,
  teamersEach,
  teamersWith,
  threatOf,
  type VehicleState,
  withDoor,
  withRecordEntry,
  withTeamer,
  withThreat,
  withTile,
} from './state.ts';

/**
 * Folds one event into the state, copying only what the event touches (one Teamer, one Threat,
 * one tile or door). No dice, no clock: every fact is in the event.
 */
export function evolve(state: FdState, event: FdEvent | TableEvent): FdState {
  beginFold();
  const next = evolveAny(state, event);
  // An event that changes nothing keeps the state itself (the arena-state and world rings know it).
  return next === state ? state : oneShape(next, state);
}

function evolveAny(state: FdState, event: FdEvent | TableEvent): FdState {
  switch (event.type) {
    case 'seat.joined':
      return { ...state, seats: { ...state.seats, [event.seatId]: { role: event.role, name: event.name } } };
    case 'seat.renamed': {
      const seat = state.seats[event.seatId];
      return seat
        ? { ...state, seats: { ...state.seats, [event.seatId]: { ...seat, name: event.name } } }
        : state;
    }
    default:
      if (isChatEvent(event)) return { ...state, chat: evolveChat(state.chat, event) };
      return evolveUndo(evolveEvent(state, event as CoreEvent), event as CoreEvent);
  }
}

/**
 * A fresh copy of the state's top level that the case building it may still fill in: one copy per
 * event however many of its records the event changes (each `{ ...state, x }` copies every field).
 */
type Fresh = FreshState;

function teamer(state: FdState, id: string, change: (t: Teamer) => Teamer): FdState {
  const t = teamerOf(state, id);
  return t ? withTeamer(state, change(t)) : state;
}

function tile(state: FdState, index: number, change: (t: TileState) => TileState): FdState {
  const t = state.tiles[index];
  return t ? withTile(state, index, change(t)) : state;
}

function setChit(chits: readonly [Chit, Chit], i: 0 | 1, to: Chit): readonly [Chit, Chit] {
  return i === 0 ? [to, chits[1]] : [chits[0], to];
}

/**
 * Events that keep the undo points: the quiet parts of a step, a turn or the end of a move (no
 * die, nothing revealed). Any other event of the game commits what came before it.
 */
const KEEPS_UNDO: ReadonlySet<CoreEvent['type']> = new Set<CoreEvent['type']>([
  'undo.saved',
  'move.undone',
  'teamer.stepped',
  'teamer.turned',
  'move.ended',
  'chit.used',
  'activation.ended',
]);

function evolveEvent(state: FdState, e: CoreEvent): FdState {
  return isFrequent(e) ? evolveFrequent(state, e) : evolveCore(state, e);
}

function evolveUndo(state: FdState, e: CoreEvent): FdState {
  if (state.undo.length === 0 || KEEPS_UNDO.has(e.type)) return state;
  if (isFresh(state)) {
    state.undo = [];
    return state;
  }
  const s = freshState(state);
  s.undo = [];
  return s;
}

/**
 * The event types a simulated mission folds most often (counted over clean-sweep missions: these
 * thirteen are about 85% of its events), most frequent first. `evolveFrequent` handles them in a
 * short switch ahead of the long one in `evolveCore`, which handles all the rest; each type is
 * handled in exactly one of the two.
 */
const FREQUENT_TYPES = [
  'chit.used',
  'undo.saved',
  'threat.decided',
  'threat.moved',
  'phase.began',
  'move.began',
  'move.ended',
  'activation.began',
  'activation.ended',
  'teamer.stepped',
  'test.rolled',
  'attack.resolved',
  'threat.queue',
] as const;

type FrequentEvent = Extract<CoreEvent, { type: (typeof FREQUENT_TYPES)[number] }>;
type RareEvent = Exclude<CoreEvent, FrequentEvent>;

const FREQUENT: ReadonlySet<CoreEvent['type']> = new Set<CoreEvent['type']>(FREQUENT_TYPES);

function isFrequent(e: CoreEvent): e is FrequentEvent {
  return FREQUENT.has(e.type);
}

function evolveFrequent(state: FdState, e: FrequentEvent): FdState {
  switch (e.type) {
    case 'chit.used': {
      const t = teamerOf(state, e.teamerId);
      if (!t) return state;
      const n = freshTeamer(t);
      n.chits = setChit(t.chits, e.chit, e.to);
      return withTeamer(state, n);
    }
    case 'undo.saved': {
      const s = freshState(state);
      s.undo = [
        ...state.undo,
        {
          teamerId: e.teamerId,
          teamers: state.teamers,
          move: state.move,
          activation: state.activation,
          activated: state.activated,
        },
      ];
      return s;
    }
    case 'threat.decided': {
      const id = e.decision.threat;
      const t = threatOf(state, id);
      const first = state.threatQueue[0];
      const dequeued = first !== undefined && first.length === 1 && first[0] === id;
      const pack = state.pack;
      const inPack = pack?.members.includes(id) === true;
      if (!t && !dequeued && !inPack) return state;
      const s = freshState(state);
      if (t) {
        const n = freshThreat(t);
        n.acted = true;
        s.threats = withRecordEntry(state.threats, t.id, n);
      }
      if (dequeued) s.threatQueue = state.threatQueue.slice(1);
      if (pack && inPack) {
        const members = pack.members.filter((m) => m !== id);
        s.pack = members.length > 0 ? { ...pack, members } : null;
      }
      return s;
    }
    case 'threat.moved': {
      const t = threatOf(state, e.threatId);
      if (!t) return state;
      const n = freshThreat(t);
      n.x = e.x;
      n.y = e.y;
      n.facing = e.facing;
      n.eye = e.eye;
      const s = withThreat(state, n);
      return e.dragging ? teamer(s, e.dragging, (d) => ({ ...d, x: e.x, y: e.y })) : s;
    }
    case 'phase.began': {
      const s = freshState(state);
      s.phase = e.phase;
      s.turn = e.turn;
      s.threatPlanned = false;
      s.threatQueue = [];
      s.pack = null;
      if (state.multiTeam?.call || state.multiTeam?.onThreatCard)
        s.multiTeam = { ...state.multiTeam, call: null, onThreatCard: false };
      if (e.phase === 'exploration' || (e.phase === 'team' && e.turn !== state.turn)) newTurn(s);
      if (e.phase === 'team') {
        s.activated = [];
        s.activation = null;
        s.turnOrder = null;
      }
      if (e.phase === 'threat') {
        s.activation = null;
        s.move = null;
      }
      return s;
    }
    case 'move.began': {
      const s = freshState(state);
      s.move = { teamerId: e.teamerId, allowance: e.allowance, spent: 0, steps: 0, dash: e.dash };
      if (e.dash)
        s.teamers = teamersWith(state.teamers, { ...(state.teamers[e.teamerId] as Teamer), dash: 'marked' });
      return s;
    }
    case 'move.ended': {
      const t = teamerOf(state, e.teamerId);
      const s = freshState(state);
      s.move = null;
      if (t) {
        const n = freshTeamer(t);
        n.facing = e.facing;
        s.teamers = teamersWith(state.teamers, n);
      }
      return s;
    }
    case 'activation.began': {
      const s = freshState(state);
      s.activation = { teamerIds: e.teamerIds, plans: e.plans };
      s.activated = [...state.activated, ...e.teamerIds];
      return s;
    }
    case 'activation.ended': {
      const s = freshState(state);
      s.activation = null;
      return s;
    }
    case 'teamer.stepped': {
      const stepper = teamerOf(state, e.teamerId);
      if (stepper && stepper.carrying === null && (e.x !== null || stepper.cargo === null)) {
        // Alone and not stepping out with a load (nearly every step): one copy of the state.
        const s = freshState(state);
        const n = freshTeamer(stepper);
        n.x = e.x;
        n.y = e.y;
        n.facing = e.facing;
        n.moved = true;
        n.aboard = true;
        if (e.x === null) n.left = true;
        s.teamers = teamersWith(state.teamers, n);
        const m = state.move;
        if (m && m.teamerId === e.teamerId) s.move = { ...m, spent: m.spent + e.cost, steps: m.steps + 1 };
        return s;
      }
      let s = teamer(state, e.teamerId, (t) => ({
        ...t,
        x: e.x,
        y: e.y,
        facing: e.facing,
        moved: true,
        aboard: true,
        left: e.x === null ? true : t.left,
      }));
      // The comrade he carries goes with him, over the bridge too; a load carried over it is delivered.
      const mover = teamerOf(s, e.teamerId);
      const body = mover?.carrying;
      if (body) s = teamer(s, body, (b) => ({ ...b, x: e.x, y: e.y, left: e.x === null ? true : b.left }));
      if (e.x === null && mover && mover.cargo !== null) {
        const loads = s.loads.slice();
        const l = loads[mover.cargo];
        if (l) loads[mover.cargo] = { ...l, at: null, delivered: true };
        s = withTeamer({ ...s, loads }, { ...mover, cargo: null });
      }
      const m = s.move;
      return m && m.teamerId === e.teamerId
        ? { ...s, move: { ...m, spent: m.spent + e.cost, steps: m.steps + 1 } }
        : s;
    }
    case 'test.rolled':
      return state;
    case 'attack.resolved': {
      // Remember who fired at each target Threat (first-shot kills), and the tile shot from.
      let s = withShotTile(state, e.by);
      for (const id of e.targets) {
        const t = threatOf(s, id);
        if (t && !t.shotAt.includes(e.by)) {
          const n = freshThreat(t);
          n.shotAt = [...t.shotAt, e.by];
          s = withThreat(s, n);
        }
      }
      return s;
    }
    case 'threat.queue': {
      const s = freshState(state);
      s.threatQueue = e.queue;
      s.threatPlanned = true;
      return s;
    }
  }
}

function evolveCore(state: FdState, e: RareEvent): FdState {
  if (isCeilingEvent(e)) return evolveCeiling(state, e);
  switch (e.type) {
    case 'pack.loaded':
      // The table starts over with the new pack; who sits at it and what was said stay.
      return { ...initialState({ pack: e.pack }), seats: state.seats, chat: state.chat };
    case 'mission.chosen': {
      // In a campaign the team is the one that came back, not the pack's.
      const s =
        state.campaign.missions > 0
          ? nextMissionState(state, e.missionId, e.arenaId)
          : layoutFor(state, e.missionId, e.arenaId);
      const chosen = e.activation ? { ...s, activationMethod: e.activation } : s;
      return e.entry ? withEntry(chosen, e.entry) : chosen;
    }
    case 'order.drawn':
      return { ...state, turnOrder: e.order };
    case 'teams.formed':
      return {
        ...state,
        multiTeam: {
          teams: e.teams.map((teamerIds) => ({ teamerIds, deck: null, playing: null })),
          opposed: e.opposed,
          sequence: [],
          threatCards: 0,
          onThreatCard: false,
          call: null,
          lastTurn: -1,
        },
      };
    case 'sequence.drawn': {
      const mt = state.multiTeam;
      if (!mt) return state;
      // The laid-out decks go into play; a deck not laid out plays in team order.
      const teams = mt.teams.map((t) => ({ ...t, playing: t.deck ?? t.teamerIds, deck: null }));
      return {
        ...state,
        multiTeam: { ...mt, teams, sequence: e.order, threatCards: 0, onThreatCard: false },
      };
    }
    case 'sequence.threatCard':
    case 'sequence.resumed': {
      const mt = state.multiTeam;
      if (!mt) return state;
      // A Threat card's units act between the teams' cards: a Threat phase within the Team phase's
      // round, so nobody's chits or activations are touched either way.
      const card = e.type === 'sequence.threatCard';
      return {
        ...state,
        phase: card ? 'threat' : 'team',
        threatPlanned: false,
        threatQueue: [],
        pack: null,
        activation: null,
        move: null,
        multiTeam: { ...mt, call: null, onThreatCard: card, threatCards: card ? e.card : mt.threatCards },
      };
    }
    case 'deck.laid': {
      const mt = state.multiTeam;
      if (!mt) return state;
      const teams = mt.teams.map((t, i) => (i === e.team ? { ...t, deck: e.order } : t));
      return { ...state, multiTeam: { ...mt, teams } };
    }
    case 'threat.called': {
      const mt = state.multiTeam;
      if (!mt) return state;
      const call = {
        threatId: e.threatId,
        team: e.team,
        run: false,
        ...(e.ambush !== undefined ? { ambush: e.ambush } : {}),
      };
      return { ...state, multiTeam: { ...mt, call, lastTurn: e.why === 'turns' ? e.team : mt.lastTurn } };
    }
    case 'threat.run': {
      const mt = state.multiTeam;
      if (!mt?.call) return state;
      // An ambush is carried out at once with its run: nothing waits on its call afterwards.
      return { ...state, multiTeam: { ...mt, call: mt.call.ambush ? null : { ...mt.call, run: true } } };
    }
    case 'arena.dealt':
      return {
        ...state,
        tiles: state.tiles.map((t, i) => {
          const d = e.tiles[i];
          if (!d) return t;
          return {
            ...t,
            pings: d.pings,
            revealed: d.pings.map(() => false),
            cards: d.cards,
            cardsResolved: d.cards.map(() => false),
            chits: d.chits.map((h, k) => ({ id: `c${i}.${k}`, h, x: null, y: null, examined: false })),
          };
        }),
        deck: e.deck,
        markers: e.markers,
        ...(e.tampered
          ? { loads: state.loads.map((l, i) => ({ ...l, tampered: e.tampered?.includes(i) })) }
          : {}),
      };
    case 'tile.revealed':
      return tile(state, e.tile, (t) => ({
        ...t,
        revealed: t.revealed.map(() => true),
        chitsShown: true,
        opened: t.opened || e.how === 'opened',
      }));
    case 'tile.entered':
      return tile(state, e.tile, (t) => ({ ...t, entered: true }));
    case 'binge.changed':
      return teamer(state, e.teamerId, (t) => ({ ...t, binge: e.binge, chicken: e.chicken }));
    case 'teamer.turned': {
      const t = teamerOf(state, e.teamerId);
      const m = state.move;
      const pays = m !== null && m.teamerId === e.teamerId && e.cost > 0;
      if (!t && !pays) return state;
      const s = freshState(state);
      if (t) s.teamers = { ...state.teamers, [t.id]: { ...t, facing: e.facing } };
      if (m && pays) s.move = { ...m, spent: m.spent + e.cost };
      return s;
    }
    case 'teamer.breathed':
      return teamer(state, e.teamerId, (t) => ({ ...t, dash: 'none' }));
    case 'teamer.claimed':
      return teamer(state, e.teamerId, (t) => ({ ...t, seatId: e.seatId }));
    case 'teamer.ducked':
      return teamer(state, e.teamerId, (t) => ({ ...t, ducked: e.ducked }));
    case 'position.changed': {
      let s = state;
      for (const [id, position] of Object.entries(e.positions))
        s = teamer(s, id, (t) => ({ ...t, position }));
      return s;
    }
    case 'override.set':
      return { ...state, doorOverride: e.on };
    case 'door.held':
      return {
        ...state,
        doorsHeld: e.held ? [...state.doorsHeld, e.door] : state.doorsHeld.filter((d) => d !== e.door),
      };
    case 'load.examined': {
      const loads = state.loads.slice();
      const l = loads[e.load];
      if (l) loads[e.load] = { ...l, examined: true };
      return { ...state, loads };
    }
    case 'cargo.moved': {
      const loads = state.loads.slice();
      const l = loads[e.load];
      if (l) loads[e.load] = { ...l, at: e.to };
      return teamer({ ...state, loads }, e.teamerId, (t) => ({ ...t, cargo: e.to === null ? e.load : null }));
    }
    case 'teamer.carried': {
      const carrier = teamerOf(state, e.teamerId);
      const s = teamer(state, e.teamerId, (t) => ({ ...t, carrying: e.comradeId }));
      return e.comradeId && carrier
        ? teamer(s, e.comradeId, (b) => ({ ...b, x: carrier.x, y: carrier.y }))
        : s;
    }
    case 'door.changed':
      return withDoor(state, e.door, e.state);
    case 'card.resolved': {
      const s = tile(state, e.tile, (t) => ({
        ...t,
        cardsResolved: t.cards.map((c, i) => (c === e.cardId ? true : (t.cardsResolved[i] ?? false))),
        dark: t.dark || e.effect === 'lights-out',
      }));
      const effect = state.rules.events[e.cardId]?.effect;
      if (e.effect === 'gas-leak' && effect?.kind === 'gas-leak' && e.door !== undefined)
        return { ...s, effects: { ...s.effects, gasLeak: { door: e.door, turn: s.turn, ff: effect.ff } } };
      if (e.effect === 'new-orders' && effect?.kind === 'new-orders')
        return { ...s, progress: { ...s.progress, bonus: { tileType: effect.tileType, met: false } } };
      return s;
    }
    case 'load.changed': {
      const loads = state.loads.slice();
      const l = loads[e.load];
      if (l) loads[e.load] = { ...l, warming: e.warming, lost: e.lost };
      return { ...state, loads };
    }
    case 'drone.set': {
      const old = state.drones.find((d) => d.id === e.droneId);
      const drone = {
        id: e.droneId,
        owner: e.teamerId,
        x: e.x,
        y: e.y,
        facing: e.facing,
        power: e.power,
        walking: e.walking,
        firedTurn: old?.firedTurn ?? 0,
      };
      return {
        ...state,
        drones: old ? state.drones.map((d) => (d.id === e.droneId ? drone : d)) : [...state.drones, drone],
      };
    }
    case 'threat.burned':
      // The wound follows as its own event.
      return state;
    case 'drone.fired':
      return {
        ...state,
        drones: state.drones.map((d) => (d.id === e.droneId ? { ...d, firedTurn: state.turn } : d)),
      };
    case 'bulkhead.searched': {
      const b = state.bulkheads ?? { tried: [], weak: [] };
      return {
        ...state,
        bulkheads: {
          tried: b.tried.includes(e.side) ? b.tried : [...b.tried, e.side],
          weak: e.found && !b.weak.includes(e.side) ? [...b.weak, e.side] : b.weak,
        },
      };
    }
    case 'vehicle.boarded':
    case 'vehicle.left':
    case 'vehicle.drive-began':
    case 'vehicle.moved':
    case 'vehicle.rammed':
    case 'vehicle.pod-loaded':
    case 'vehicle.pod-unloaded':
    case 'vehicle.pods-delivered':
    case 'vehicle.ran-down':
    case 'vehicle.stopped':
    case 'vehicle.attacked':
    case 'vehicle.wrecked':
      return evolveVehicle(state, e);
    case 'drone.moved':
      return {
        ...state,
        drones: state.drones.map((d) =>
          d.id === e.droneId ? { ...d, x: e.x, y: e.y, facing: e.facing } : d,
        ),
      };
    case 'drone.powered':
      return {
        ...state,
        drones: state.drones.map((d) => (d.id === e.droneId ? { ...d, power: e.power } : d)),
      };
    case 'load.blasted':
      // The wounds follow as their own events.
      return state;
    case 'orders.met': {
      const bonus = state.progress.bonus;
      return bonus ? { ...state, progress: { ...state.progress, bonus: { ...bonus, met: true } } } : state;
    }
    case 'threats.placed': {
      const threats = { ...state.threats };
      const order = state.threatOrder.slice();
      for (const p of e.threats) {
        threats[p.id] = freshThreat({
          id: p.id,
          species: p.species,
          x: p.x,
          y: p.y,
          facing: p.facing,
          wounds: 0,
          eye: false,
          acted: false,
          shotAt: [],
          carrying: null,
        });
        order.push(p.id);
      }
      const tiles = state.tiles.slice();
      const placedOn = tiles[e.tile];
      if (placedOn) tiles[e.tile] = { ...placedOn, placed: e.marker + 1 };
      return {
        ...state,
        tiles,
        threats,
        threatOrder: order,
        nextThreat: state.nextThreat + e.threats.length,
        progress: { ...state.progress, threatsPlaced: state.progress.threatsPlaced + e.threats.length },
      };
    }
    case 'chits.placed':
      return tile(state, e.tile, (t) => ({
        ...t,
        chits: t.chits.map((c, i) => {
          const sq = e.squares[i];
          return sq ? { ...c, x: sq.x, y: sq.y } : c;
        }),
      }));
    case 'chit.examined': {
      const s = tile(state, e.tile, (t) => ({
        ...t,
        chits: t.chits.map((c, i) => (i === e.index ? { ...c, examined: true } : c)),
      }));
      return e.h ? { ...s, progress: { ...s.progress, hFound: true } } : s;
    }
    case 'ping.added': {
      const s = tile(state, e.tile, (t) => ({
        ...t,
        pings: [...t.pings, e.ping],
        revealed: [...t.revealed, e.revealed],
      }));
      // The marker comes off the top of the spares (when there are any left).
      return s.markers.length > 0 ? { ...s, markers: s.markers.slice(1) } : s;
    }
    case 'card.added': {
      const s = tile(state, e.tile, (t) => ({
        ...t,
        cards: [...t.cards, e.cardId],
        cardsResolved: [...t.cardsResolved, false],
      }));
      return { ...s, deck: s.deck.filter((c) => c !== e.cardId) };
    }
    case 'contraband.found':
      return { ...state, contraband: [...state.contraband, e.item] };
    case 'grapple.resolved':
      return state;
    case 'teamer.wounded': {
      let s = teamer(state, e.teamerId, (t) => ({
        ...t,
        wounds: e.wounds,
        // Out of action or dead: the chits are gone and the figure lies where it fell.
        chits: e.wounds >= 2 ? ['ACTED', 'ACTED'] : t.chits,
        chicken: e.wounds >= 2 ? false : t.chicken,
        // A man who falls drops the comrade he carried, and any load, where he stands.
        carrying: e.wounds >= 2 ? null : t.carrying,
        cargo: e.wounds >= 2 ? null : t.cargo,
      }));
      const out = state.rules.pack.combat.teamerWounds.outOfActionAt;
      const dead = state.rules.pack.combat.teamerWounds.deadAt;
      // A carried comrade patched up (medic) stands on his own; a dead one is set down.
      const carrier = e.wounds < out || e.wounds >= dead ? carrierOf(s, e.teamerId) : undefined;
      if (carrier) s = teamer(s, carrier.id, (c) => ({ ...c, carrying: null }));
      const wounded = teamerOf(state, e.teamerId);
      if (e.wounds >= out && wounded?.cargo !== null && wounded?.cargo !== undefined)
        s = dropLoad(s, wounded.cargo, wounded.x, wounded.y);
      return s;
    }
    case 'threat.wounded': {
      const t = threatOf(state, e.threatId);
      if (!t) return state;
      const n = freshThreat(t);
      n.wounds = e.wounds;
      return withThreat(state, n);
    }
    case 'threat.killed': {
      if (!threatOf(state, e.threatId)) return state;
      const { [e.threatId]: _gone, ...threats } = state.threats;
      return {
        ...state,
        threats,
        threatOrder: state.threatOrder.filter((id) => id !== e.threatId),
        threatQueue: dropFromQueue(state.threatQueue, e.threatId),
        pack: dropFromPack(state.pack, e.threatId),
        paused: state.paused?.threatId === e.threatId ? null : state.paused,
        progress: { ...state.progress, threatsKilled: state.progress.threatsKilled + 1 },
      };
    }
    case 'ammo.changed':
      return teamer(state, e.teamerId, (t) => ({ ...t, ammo: { ...t.ammo, [e.weapon]: e.left } }));
    case 'grenades.changed':
      return teamer(state, e.teamerId, (t) => ({ ...t, grenades: e.grenades }));
    case 'stress.added': {
      const pool = state.kitty.pool.slice();
      for (const k of e.kinds) pool[k] = (pool[k] ?? 0) - 1;
      return { ...state, kitty: { ...state.kitty, chits: [...state.kitty.chits, ...e.kinds], pool } };
    }
    case 'catastrophe.struck': {
      const pool = state.kitty.pool.slice();
      // The Kitty's chits go back to the pool and counting restarts, donations doubled from now on.
      for (const k of state.kitty.chits) pool[k] = (pool[k] ?? 0) + 1;
      const effects = { ...state.effects };
      if (e.effect === 'power-down') effects.powerDownUntilTurn = e.untilTurn;
      if (e.effect === 'power-outage') {
        effects.powerDownUntilTurn = e.untilTurn;
        effects.outageUntilTurn = e.untilTurn;
      }
      if (e.effect === 'all-cards-red') effects.allCardsRed = true;
      return {
        ...state,
        kitty: { chits: [], pool, catastrophes: state.kitty.catastrophes + 1, doubled: true },
        effects,
      };
    }
    case 'threat.pack':
      return {
        ...state,
        threatQueue: state.threatQueue.slice(1),
        pack: {
          members: e.pack.members,
          throws: e.pack.throws,
          allowance: e.pack.allowance,
          allHide: e.pack.allHide,
        },
      };
    case 'threat.paused':
      return {
        ...state,
        paused: {
          threatId: e.threatId,
          actions: e.actions,
          ...(e.crossingAsked ? { crossingAsked: true } : {}),
        },
      };
    case 'threat.resumed':
      return { ...state, paused: null };
    case 'threat.carried': {
      const t = threatOf(state, e.threatId);
      // 19: a Threat up in a ceiling takes hold of (or lets go of) a man up there.
      if (!t) return ceilingThreatCarries(state, e.threatId, e.teamerId);
      const n = freshThreat(t);
      n.carrying = e.teamerId;
      const s = withThreat(state, n);
      // 13.6: the body it takes hold of lies in its square from then on (as one a comrade picks up
      // lies in his: `teamer.carried`), so every occupancy rule finds him where he is dragged from,
      // never in the square he fell in where he would stand in his Harpy's way.
      return e.teamerId ? teamer(s, e.teamerId, (b) => ({ ...b, x: t.x, y: t.y })) : s;
    }
    case 'gear.dropped': {
      const s = teamer(state, e.teamerId, (t) => ({
        ...t,
        weapons: t.weapons.filter((w) => !e.weapons.includes(w)),
      }));
      const lying = e.weapons.map((weapon) => ({
        weapon,
        owner: e.teamerId,
        x: e.x,
        y: e.y,
        ...(e.up ? { up: true } : {}),
      }));
      return { ...s, floorGear: [...(state.floorGear ?? []), ...lying] };
    }
    case 'horror.seen':
      return teamer(state, e.teamerId, (t) => ({ ...t, seenHorrific: [...t.seenHorrific, e.species] }));
    case 'flames.changed': {
      const flames = { ...state.flames };
      if (e.flames > 0) flames[e.square] = e.flames;
      else delete flames[e.square];
      return { ...state, flames };
    }
    case 'blasts.changed':
      return { ...state, blasts: e.blasts };
    case 'interrupt.raised':
      return {
        ...state,
        interrupt: {
          threatId: e.threatId,
          trigger: e.trigger,
          teamerIds: e.teamerIds,
          ...(e.door !== undefined ? { door: e.door } : {}),
        },
      };
    case 'interrupt.answered': {
      const i = state.interrupt;
      if (!i) return state;
      const left = i.teamerIds.filter((id) => id !== e.teamerId);
      return { ...state, interrupt: left.length > 0 ? { ...i, teamerIds: left } : null };
    }
    case 'source.cleared':
      return { ...state, progress: { ...state.progress, sourceCleared: true } };
    case 'console.used':
      return { ...state, progress: { ...state.progress, consoleActions: state.progress.consoleActions + 1 } };
    case 'mission.evaluated':
      return { ...state, evaluation: e.evaluation, phase: 'ended' };
    case 'stars.awarded':
      return e.teamerId === null
        ? { ...state, teamStars: state.teamStars + e.stars }
        : teamer(state, e.teamerId, (t) => ({ ...t, goldStars: t.goldStars + e.stars }));
    case 'campaign.debriefed':
    case 'teamer.advanced':
    case 'team.advanced':
    case 'teamer.replaced':
    case 'market.bought':
    case 'weapon.issued':
    case 'campaign.next':
      return evolveCampaign(state, e);
    case 'move.undone': {
      const point = state.undo[state.undo.length - 1];
      if (!point) return state;
      return {
        ...state,
        teamers: point.teamers,
        move: point.move,
        activation: point.activation,
        activated: point.activated,
        undo: state.undo.slice(0, -1),
      };
    }
    case 'gm.overrode': {
      let s = state;
      if (e.teamer) s = withTeamer(s, e.teamer);
      if (e.threat) s = withThreat(s, e.threat);
      if (e.removeThreat && threatOf(s, e.removeThreat)) {
        const { [e.removeThreat]: _gone, ...threats } = s.threats;
        const gone = e.removeThreat;
        s = {
          ...s,
          threats,
          threatOrder: s.threatOrder.filter((id) => id !== gone),
          threatQueue: dropFromQueue(s.threatQueue, gone),
          pack: dropFromPack(s.pack, gone),
        };
      }
      if (e.door) s = withDoor(s, e.door.index, e.door.state);
      return s;
    }
  }
}

/** The Team boards elsewhere: the entry, and everyone on the bridge faces in through it. */
function withEntry(state: FdState, entry: FdState['entry']): FdState {
  const teamers: Record<string, Teamer> = {};
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    teamers[id] = t.x === null ? { ...t, facing: entry.facing } : t;
  }
  return { ...state, entry, teamers };
}

/**
 * A load whose carrier fell: set down in his square, or lost when that square already holds an
 * obstacle or load (it crashes onto it). Only plain floor takes it.
 */
function dropLoad(state: FdState, load: number, x: number | null, y: number | null): FdState {
  const arena = arenaOf(state);
  const loads = state.loads.slice();
  const l = loads[load];
  if (!l) return state;
  const sq = x === null || y === null ? -1 : y * arena.width + x;
  const clear = sq >= 0 && arena.wholeHeight[sq] === 0 && arena.partHeight[sq] === 0;
  loads[load] = clear ? { ...l, at: sq } : { ...l, at: null, lost: true };
  return { ...state, loads };
}

function withShotTile(state: FdState, by: string): FdState {
  const f = teamerOf(state, by) ?? threatOf(state, by);
  if (!f || f.x === null || f.y === null) return state;
  const tile = arenaOf(state).tileOf[f.y * arenaOf(state).width + f.x] ?? -1;
  return tile < 0 || state.shotTiles.includes(tile)
    ? state
    : { ...state, shotTiles: [...state.shotTiles, tile] };
}

function dropFromQueue(queue: FdState['threatQueue'], id: string): FdState['threatQueue'] {
  if (!queue.some((u) => u.includes(id))) return queue;
  return queue.map((u) => u.filter((m) => m !== id)).filter((u) => u.length > 0);
}

function dropFromPack(pack: FdState['pack'], id: string): FdState['pack'] {
  if (!pack?.members.includes(id)) return pack;
  const members = pack.members.filter((m) => m !== id);
  return members.length > 0 ? { ...pack, members } : null;
}

/**
 * A new turn, into the fresh copy `phase.began` makes: chits back to READY (an unused WAIT is
 * lost), dash markers age, moved flags clear.
 */
function newTurn(state: Fresh): void {
  const oneAction = state.multiTeam ? state.rules.pack.options.multiTeam.actionsPerFigure === 1 : false;
  // Each Teamer copied once, in the one shape (a spread here and `oneShape` made two copies).
  const teamers = teamersEach(state.teamers, state.teamOrder, (t) => {
    const out = t.wounds >= 2 || t.left;
    // Multi-team play (21): one action a figure, so the second chit starts spent.
    t.chits = out ? ['ACTED', 'ACTED'] : oneAction ? ['READY', 'ACTED'] : ['READY', 'READY'];
    t.dash = t.dash === 'marked' ? 'penalised' : 'none';
    t.moved = false;
  });
  const threats: Record<string, Threat> = {};
  for (const id of state.threatOrder) {
    const th = state.threats[id];
    if (!th) continue;
    if (th.acted) {
      const n = freshThreat(th);
      n.acted = false;
      threats[id] = n;
    } else threats[id] = th;
  }
  const ceiling = ceilingNewTurn(state);
  if (ceiling !== state) state.ceiling = ceiling.ceiling;
  state.teamers = teamers;
  state.threats = threats;
  if (state.shotTiles.length > 0) state.shotTiles = [];
  if (state.tiles.some((t) => t.dark))
    state.tiles = state.tiles.map((t) => (t.dark ? { ...t, dark: false } : t));
}

type VehicleEvent = Extract<CoreEvent, { type: `vehicle.${string}` }>;

function withVehicle(state: FdState, id: string, change: (v: VehicleState) => VehicleState): FdState {
  const vehicles = state.vehicles ?? [];
  return { ...state, vehicles: vehicles.map((v) => (v.id === id ? change(v) : v)) };
}

/** Vehicles (18): the crew ride at the front square, facing its way; a drive is the driver's move. */
function evolveVehicle(state: FdState, e: VehicleEvent): FdState {
  switch (e.type) {
    case 'vehicle.boarded': {
      const v = state.vehicles?.find((x) => x.id === e.vehicleId);
      if (!v) return state;
      const s = withVehicle(state, v.id, (x) => ({ ...x, crew: [...x.crew, e.teamerId] }));
      return teamer(s, e.teamerId, (t) => ({ ...t, x: v.x, y: v.y, facing: v.facing }));
    }
    case 'vehicle.left': {
      const s = withVehicle(state, e.vehicleId, (x) => ({
        ...x,
        crew: x.crew.filter((c) => c !== e.teamerId),
      }));
      return teamer(s, e.teamerId, (t) => ({ ...t, x: e.x, y: e.y }));
    }
    case 'vehicle.drive-began':
      return {
        ...state,
        move: {
          teamerId: e.teamerId,
          allowance: e.allowance,
          spent: 0,
          steps: 0,
          dash: false,
          vehicleId: e.vehicleId,
          done: [],
        },
      };
    case 'vehicle.rammed':
      return withVehicle(state, e.vehicleId, (v) => ({ ...v, rammedTurn: e.turn }));
    case 'vehicle.pods-delivered': {
      // Handed over the boarding bridge from the entry square: home, like a pod carried over it.
      const loads = state.loads.slice();
      for (const i of e.loads) {
        const l = loads[i];
        if (l) loads[i] = { ...l, at: null, delivered: true };
      }
      return withVehicle({ ...state, loads }, e.vehicleId, (v) => ({
        ...v,
        pods: (v.pods ?? []).filter((p) => !e.loads.includes(p)),
      }));
    }
    case 'vehicle.ran-down':
    case 'vehicle.stopped':
      // The crushing's wounds, and the drive's end (`move.ended`), follow as their own events.
      return state;
    case 'vehicle.attacked':
      return withVehicle(state, e.vehicleId, (v) => ({ ...v, damage: e.damage }));
    case 'vehicle.wrecked':
      return withVehicle(state, e.vehicleId, (v) => ({ ...v, wrecked: true }));
    case 'vehicle.pod-loaded':
    case 'vehicle.pod-unloaded': {
      // A pod aboard stands nowhere (like one a Teamer carries): its square is floor meanwhile.
      const loads = state.loads.slice();
      const l = loads[e.load];
      const to = e.type === 'vehicle.pod-loaded' ? null : e.to;
      if (l) loads[e.load] = { ...l, at: to };
      return withVehicle({ ...state, loads }, e.vehicleId, (v) => ({
        ...v,
        pods:
          e.type === 'vehicle.pod-loaded'
            ? [...(v.pods ?? []), e.load]
            : (v.pods ?? []).filter((p) => p !== e.load),
      }));
    }
    case 'vehicle.moved': {
      const used = e.bulldozed.length > 0 || e.smashed.length > 0;
      let s = withVehicle(state, e.vehicleId, (v) => ({
        ...v,
        x: e.x,
        y: e.y,
        facing: e.facing,
        rammedTurn: used ? 0 : v.rammedTurn,
      }));
      const v = s.vehicles?.find((x) => x.id === e.vehicleId);
      for (const id of v?.crew ?? [])
        s = teamer(s, id, (t) => ({ ...t, x: e.x, y: e.y, facing: e.facing, moved: true }));
      if (e.bulldozed.length > 0) s = { ...s, bulldozed: [...(s.bulldozed ?? []), ...e.bulldozed] };
      for (const d of e.smashed) {
        const door = s.doors[d];
        if (door) s = withDoor(s, d, { ...door, open: true, stuck: true });
      }
      const m = s.move;
      return m && m.vehicleId === e.vehicleId
        ? {
            ...s,
            move: {
              ...m,
              spent: m.spent + e.cost,
              steps: m.steps + 1,
              done: [...(m.done ?? []), e.manoeuvre],
            },
          }
        : s;
    }
  }
}
