import type { ChatEvent } from '../dice-chat/chat.ts';
import type { FdPack, PackCatastropheResult, PackEventEffect, PackTeamer } from './data/pack-schema.ts';

type CatastropheEffect = PackCatastropheResult['kind'];
type EventEffect = PackEventEffect['kind'];

import type { Position } from './arena/positions.ts';
import type { VehicleManoeuvre } from './arena/vehicles.ts';
import type { ActionKind, DoorState, Evaluation, Facing, Phase, Ping, Teamer, Threat } from './state.ts';
import type { PackStart, PhaseOrder, ThreatAction, ThreatDecision } from './threat/index.ts';

/**
 * Events of Fundamental Duck!: facts, each with every die rolled for it, so `evolve` never rolls
 * and a log replays without a seed. Events that carry hidden information (the deal, stress chit
 * values, unrevealed pings) are trimmed for players by `redact` in view.ts.
 */

/** A personal test: d6 against a target (fumble: success below FF; BINGE: at or below BINGE). */
export interface TestRecord {
  readonly test: 'fumble' | 'binge';
  readonly face: number;
  readonly target: number;
  readonly success: boolean;
}

export interface PlacedThreat {
  readonly id: string;
  readonly species: string;
  readonly x: number;
  readonly y: number;
  readonly facing: Facing;
  /** Column and row dice (a 6 counts as 3); empty when placed by a rule without dice. */
  readonly faces: readonly number[];
}

export type CoreEvent =
  /** Another data pack for this table (checked, its defaults filled in): the briefing starts over. */
  | { readonly type: 'pack.loaded'; readonly pack: FdPack }
  | {
      readonly type: 'mission.chosen';
      readonly missionId: string;
      readonly arenaId: string;
      readonly activation?: 'fixed' | 'nearest-first' | 'deck' | 'stack';
      /** Where the Team boards, when not the arena's first boarding point (another one, or a forced entry). */
      readonly entry?: { readonly x: number; readonly y: number; readonly facing: Facing };
    }
  /** Multi-team play (21): the Team split into teams (Teamer ids), opposed or not. */
  | {
      readonly type: 'teams.formed';
      readonly teams: readonly (readonly string[])[];
      readonly opposed: boolean;
    }
  /** Multi-team play: the round's sequence pack drawn (team indexes and Threat cards in order), with its dice. */
  | {
      readonly type: 'sequence.drawn';
      readonly order: readonly (number | 'threat')[];
      readonly faces: readonly number[];
    }
  /** Multi-team play: a player's activation deck for the next round (hidden from the other seats). */
  | {
      readonly type: 'deck.laid';
      readonly team: number;
      readonly seatId: string;
      readonly order: readonly string[];
    }
  /** Multi-team play: the next Threat unit (its first member) waits for this team's player to run it. */
  | {
      readonly type: 'threat.called';
      readonly threatId: string;
      readonly team: number;
      readonly why: 'opponent' | 'turns';
      /** A Team-phase ambush on this Teamer (absent: the Threat's activation). */
      readonly ambush?: string;
    }
  /** Multi-team play: a Threat card of the round's sequence turns up (its Threat units act now). */
  | { readonly type: 'sequence.threatCard'; readonly card: number }
  /** Multi-team play: the Threat card's units are done; the teams' cards go on. */
  | { readonly type: 'sequence.resumed' }
  /** Multi-team play: the called Threat unit is run. */
  | { readonly type: 'threat.run'; readonly threatId: string; readonly team: number }
  /** This turn's activation order, drawn or measured (8.1 methods 2–4). */
  | { readonly type: 'order.drawn'; readonly order: readonly string[]; readonly faces: readonly number[] }
  | {
      readonly type: 'arena.dealt';
      /** Per tile: infestation pings, event card ids, Source chits (true = the H). */
      readonly tiles: readonly {
        readonly pings: readonly Ping[];
        readonly cards: readonly string[];
        readonly chits: readonly boolean[];
      }[];
      readonly deck: readonly string[];
      readonly markers: readonly Ping[];
      readonly faces: readonly number[];
      /** Loads (index as `arena.loads`) the tampering dice marked; absent when the pack tampers none. */
      readonly tampered?: readonly number[];
    }
  | { readonly type: 'phase.began'; readonly phase: Phase; readonly turn: number }
  | {
      readonly type: 'tile.revealed';
      readonly tile: number;
      readonly pings: readonly Ping[];
      readonly chits: number;
      readonly how: 'sweep' | 'scan' | 'opened' | 'event' | 'catastrophe';
    }
  | { readonly type: 'tile.entered'; readonly tile: number; readonly teamerId: string }
  | {
      readonly type: 'test.rolled';
      readonly teamerId: string;
      readonly purpose: string;
      readonly record: TestRecord;
    }
  | {
      readonly type: 'binge.changed';
      readonly teamerId: string;
      readonly binge: number;
      readonly chicken: boolean;
      readonly why: string;
    }
  | {
      readonly type: 'chit.used';
      readonly teamerId: string;
      readonly chit: 0 | 1;
      readonly to: 'ACTED' | 'WAIT';
      readonly kind: ActionKind | 'wait' | 'thrown' | 'lost' | 'duck' | 'dive' | 'juggle';
    }
  | {
      readonly type: 'activation.began';
      readonly teamerIds: readonly string[];
      readonly plans: Readonly<Record<string, readonly (ActionKind | 'wait')[]>>;
    }
  | { readonly type: 'activation.ended'; readonly teamerIds: readonly string[] }
  | {
      readonly type: 'move.began';
      readonly teamerId: string;
      readonly faces: readonly number[];
      readonly allowance: number;
      readonly dash: boolean;
    }
  | {
      readonly type: 'teamer.stepped';
      readonly teamerId: string;
      /** null: back over the boarding bridge. */
      readonly x: number | null;
      readonly y: number | null;
      readonly facing: Facing;
      readonly cost: number;
    }
  | {
      readonly type: 'teamer.turned';
      readonly teamerId: string;
      readonly facing: Facing;
      readonly cost: number;
    }
  | { readonly type: 'move.ended'; readonly teamerId: string; readonly facing: Facing }
  | { readonly type: 'teamer.ducked'; readonly teamerId: string; readonly ducked: boolean }
  /** Stack-mates swap places in their square (8.4), or one takes a new place (9.5). */
  | {
      readonly type: 'position.changed';
      readonly positions: Readonly<Record<string, Position>>;
    }
  /** A DOOR RC holder keeps a door open at Door Check, or lets it go. */
  | { readonly type: 'door.held'; readonly teamerId: string; readonly door: number; readonly held: boolean }
  /** A Teamer at the Bridge console sets (`on`) or lifts the override that skips Door Check (15.1). */
  | { readonly type: 'override.set'; readonly teamerId: string; readonly on: boolean }
  /** He examined cargo load `load` for tampering (18): what he found is now the Team's. */
  | {
      readonly type: 'load.examined';
      readonly teamerId: string;
      readonly load: number;
      readonly tampered: boolean;
    }
  /** He picks up a cargo load (`to` null) or sets it down in square `to`. */
  | {
      readonly type: 'cargo.moved';
      readonly teamerId: string;
      readonly load: number;
      readonly to: number | null;
    }
  /** He picks up a comrade out of action (comradeId), or sets him down where he stands (null). */
  | { readonly type: 'teamer.carried'; readonly teamerId: string; readonly comradeId: string | null }
  /** A chit thrown away after a dash: the dash marker comes off (9.4). */
  | { readonly type: 'teamer.breathed'; readonly teamerId: string }
  | { readonly type: 'teamer.claimed'; readonly teamerId: string; readonly seatId: string }
  | { readonly type: 'door.changed'; readonly door: number; readonly state: DoorState; readonly why: string }
  | {
      readonly type: 'card.resolved';
      readonly tile: number;
      readonly cardId: string;
      readonly colour: 'red' | 'green';
      readonly effect: EventEffect;
      readonly text: string;
      /** The door whose opening set off a RED card (a gas leak fills its zone). */
      readonly door?: number;
    }
  /** A hazardous load's warming die set or lowered, or a load lost (exploded, burnt, ruined). */
  | {
      readonly type: 'load.changed';
      readonly load: number;
      readonly warming: number | null;
      readonly lost: boolean;
      readonly why: string;
    }
  /** A Teamer reached the tile the new orders named: the bonus objective is met. */
  | { readonly type: 'orders.met'; readonly teamerId: string; readonly tile: number }
  | {
      readonly type: 'threats.placed';
      readonly tile: number;
      /** Which of the tile's markers these Threats came from. */
      readonly marker: number;
      readonly ping: Ping;
      readonly countFaces: readonly number[];
      readonly threats: readonly PlacedThreat[];
      readonly tieFaces: readonly number[];
    }
  | {
      readonly type: 'chits.placed';
      readonly tile: number;
      readonly squares: readonly {
        readonly x: number;
        readonly y: number;
        readonly faces: readonly number[];
      }[];
    }
  | {
      readonly type: 'chit.examined';
      readonly tile: number;
      readonly index: number;
      readonly h: boolean;
      readonly teamerId: string;
    }
  | { readonly type: 'ping.added'; readonly tile: number; readonly ping: Ping; readonly revealed: boolean }
  | { readonly type: 'card.added'; readonly tile: number; readonly cardId: string }
  | {
      readonly type: 'contraband.found';
      readonly teamerId: string;
      readonly item: 'forbidden' | 'illegal' | 'high-value';
    }
  | {
      readonly type: 'attack.resolved';
      readonly by: string;
      readonly weapon: string;
      readonly x: number;
      readonly y: number;
      readonly targets: readonly string[];
      readonly faces: readonly number[];
      readonly hitOn: number;
      readonly hits: Readonly<Record<string, number>>;
      /** Grenade scatter: the d6, direction d8 and where it landed. */
      readonly scatter?: { readonly faces: readonly number[]; readonly x: number; readonly y: number };
    }
  /**
   * A hazardous load went up in Housekeeping: one die each (table dice, squares in reading order,
   * a Threat before Teamers) for the figures in the squares it covers; a hit is one wound.
   */
  | {
      readonly type: 'load.blasted';
      readonly load: number;
      readonly cargo: 'explosive' | 'flammable';
      readonly targets: readonly string[];
      readonly faces: readonly number[];
      readonly hitOn: number;
      readonly hits: Readonly<Record<string, number>>;
    }
  /** A drone gun set up (or a walking one set up again elsewhere, same id) by a Teamer. */
  | {
      readonly type: 'drone.set';
      readonly droneId: string;
      readonly teamerId: string;
      readonly x: number;
      readonly y: number;
      readonly facing: Facing;
      readonly power: number;
      readonly walking: boolean;
    }
  /**
   * A Threat came into a square with flame markers (a step, a short cut, a drop from a ceiling)
   * or starts its activation in one (24.2: a flame hits a figure entering or starting there on
   * the pack's `flameSquareHitsOn`): one table die; a hit's wound follows as its own event.
   */
  | {
      readonly type: 'threat.burned';
      readonly threatId: string;
      readonly x: number;
      readonly y: number;
      readonly face: number;
      readonly hitOn: number;
      readonly hit: boolean;
    }
  /** A drone fired at a Threat that came into its cover (table dice); `hits` wounds follow. */
  | {
      readonly type: 'drone.fired';
      readonly droneId: string;
      readonly threatId: string;
      readonly faces: readonly number[];
      readonly hitOn: number;
      readonly hits: number;
    }
  /** A Teamer got into a vehicle (after his fumble test): he rides at its front square. */
  | { readonly type: 'vehicle.boarded'; readonly vehicleId: string; readonly teamerId: string }
  /** A Teamer got out of a vehicle into (x, y). */
  | {
      readonly type: 'vehicle.left';
      readonly vehicleId: string;
      readonly teamerId: string;
      readonly x: number;
      readonly y: number;
    }
  /** The driver's move began: the type's dice (`faces`) give the movement points. */
  | {
      readonly type: 'vehicle.drive-began';
      readonly vehicleId: string;
      readonly teamerId: string;
      readonly faces: readonly number[];
      readonly allowance: number;
    }
  /** One manoeuvre: where the front now is and the facing, its cost, what it bulldozed and smashed. */
  | {
      readonly type: 'vehicle.moved';
      readonly vehicleId: string;
      readonly manoeuvre: VehicleManoeuvre;
      readonly x: number;
      readonly y: number;
      readonly facing: Facing;
      readonly cost: number;
      /** Square indexes of brown obstacles shoved aside (bare floor since). */
      readonly bulldozed: readonly number[];
      /** Doors smashed through (open for good, no longer worked). */
      readonly smashed: readonly number[];
    }
  /** A successful ram: during turn `turn` the vehicle may smash one door or bulldoze one obstacle. */
  | {
      readonly type: 'vehicle.rammed';
      readonly vehicleId: string;
      readonly teamerId: string;
      readonly turn: number;
    }
  /** A crew member's successful action: the vehicle lifted the cargo pod `load` aboard (18). */
  | {
      readonly type: 'vehicle.pod-loaded';
      readonly vehicleId: string;
      readonly teamerId: string;
      readonly load: number;
    }
  /** A crew member set the vehicle's pod `load` down in the square `to` next to it. */
  | {
      readonly type: 'vehicle.pod-unloaded';
      readonly vehicleId: string;
      readonly teamerId: string;
      readonly load: number;
      readonly to: number;
    }
  /** Housekeeping: a drone's power after the drain (0: stopped). */
  | { readonly type: 'drone.powered'; readonly droneId: string; readonly power: number }
  /** The vehicle stands on the entry square: its pods `loads` go over the boarding bridge, delivered. */
  | { readonly type: 'vehicle.pods-delivered'; readonly vehicleId: string; readonly loads: readonly number[] }
  /**
   * The driver drove into a figure's square: his die `face` (at or over `hitOn` crushes it, the
   * pack's crushing result following as its own events).
   */
  | {
      readonly type: 'vehicle.ran-down';
      readonly vehicleId: string;
      readonly teamerId: string;
      readonly figure: { readonly kind: 'threat' | 'teamer'; readonly id: string };
      readonly face: number;
      readonly hitOn: number;
      readonly hit: boolean;
    }
  /** A figure left standing in its way stopped the vehicle: the drive ends there. */
  | { readonly type: 'vehicle.stopped'; readonly vehicleId: string; readonly teamerId: string }
  /**
   * A Threat attacked the vehicle (a grapple's die `faces` against the hull's armour, or a shot's
   * dice); `hits` on the hull, `damage` its hits since.
   */
  | {
      readonly type: 'vehicle.attacked';
      readonly vehicleId: string;
      readonly threatId: string;
      readonly how: 'grapple' | 'shot';
      readonly faces: readonly number[];
      readonly hits: number;
      readonly damage: number;
    }
  /** The hull gave way: the vehicle is a wreck (the crew getting out follow as `vehicle.left`). */
  | { readonly type: 'vehicle.wrecked'; readonly vehicleId: string }
  /** The operator walked his drone (a walking drone gun) to (x, y) by `path` (square indexes). */
  | {
      readonly type: 'drone.moved';
      readonly droneId: string;
      readonly teamerId: string;
      readonly path: readonly number[];
      readonly x: number;
      readonly y: number;
      readonly facing: Facing;
    }
  /** Switch (c): a Threat searched a bulkhead side (3d6 in its decision); found = a weak spot there. */
  | {
      readonly type: 'bulkhead.searched';
      readonly threatId: string;
      readonly side: string;
      readonly found: boolean;
    }
  | {
      readonly type: 'grapple.resolved';
      readonly threatId: string;
      readonly teamerId: string;
      readonly threatFace: number;
      readonly teamerFace: number;
      readonly threatTotal: number;
      readonly teamerTotal: number;
      readonly loser: 'threat' | 'teamer' | null;
    }
  | {
      readonly type: 'teamer.wounded';
      readonly teamerId: string;
      readonly wounds: number;
      /** Armour save die, when worn (a 5–6 ignores the wound: then `wounds` is unchanged). */
      readonly armourFace: number | null;
    }
  | { readonly type: 'threat.wounded'; readonly threatId: string; readonly wounds: number }
  | { readonly type: 'threat.killed'; readonly threatId: string; readonly by: string | null }
  | {
      readonly type: 'ammo.changed';
      readonly teamerId: string;
      readonly weapon: string;
      readonly left: number;
    }
  | { readonly type: 'grenades.changed'; readonly teamerId: string; readonly grenades: number }
  | {
      readonly type: 'stress.added';
      readonly teamerId: string | null;
      readonly why: string;
      /** Kinds (index into the pack's stress chits) and values of the chits drawn: hidden from players. */
      readonly kinds: readonly number[];
      readonly values: readonly number[];
      readonly faces: readonly number[];
    }
  | {
      readonly type: 'catastrophe.struck';
      readonly total: number;
      /** The chits that were in the Kitty (shown to all now). */
      readonly values: readonly number[];
      readonly effect: CatastropheEffect;
      readonly faces: readonly number[];
      /** Turn until which power down / outage lasts (inclusive), when that is the effect. */
      readonly untilTurn: number;
      /** Tiles the result chose (add pings, activate Threats). */
      readonly tiles: readonly number[];
    }
  /** The AI's decision for one activation (ambush, phase or pack member): why, with its dice. */
  | { readonly type: 'threat.decided'; readonly decision: ThreatDecision }
  | {
      readonly type: 'threat.moved';
      readonly threatId: string;
      readonly x: number;
      readonly y: number;
      readonly facing: Facing;
      readonly eye: boolean;
      /** A Teamer dragged along (prey), moved to the same square. */
      readonly dragging?: string;
    }
  | {
      readonly type: 'threat.queue';
      readonly queue: readonly (readonly string[])[];
      readonly order: PhaseOrder;
    }
  | { readonly type: 'threat.pack'; readonly pack: PackStart }
  | {
      readonly type: 'threat.paused';
      readonly threatId: string;
      readonly actions: readonly ThreatAction[];
      readonly crossingAsked?: boolean;
    }
  | { readonly type: 'threat.resumed'; readonly threatId: string }
  /** 19: a tile first entered is rolled for a ceiling level; with one, its exits are diced (weak spots hidden from players). */
  | {
      readonly type: 'ceiling.rolled';
      readonly tile: number;
      readonly face: number;
      readonly level: boolean;
      readonly exits: readonly CeilingExitRoll[];
    }
  /** 19: each Threat placed on a tile with a ceiling goes up on the pack's `upOn` (same column and row). */
  | {
      readonly type: 'ceiling.entered';
      readonly tile: number;
      readonly rolls: readonly { readonly threatId: string; readonly face: number }[];
      readonly up: readonly string[];
    }
  /** 19: a ceiling Threat's activation, with its movement dice and any roll-off, and why. */
  | {
      readonly type: 'ceiling.decided';
      readonly threatId: string;
      readonly why: CeilingWhy;
      readonly allowance: number;
      readonly faces: readonly number[];
      readonly rollOffs: readonly number[];
      /** The Teamer it goes for (null: nobody below). */
      readonly target: string | null;
      /** The exit it heads for and its kind (players do not get a weak spot it does not drop through now). */
      readonly exit?: { readonly x: number; readonly y: number; readonly kind: 'hatch' | 'weak' };
    }
  | { readonly type: 'ceiling.moved'; readonly threatId: string; readonly x: number; readonly y: number }
  /** 19: a ceiling Threat goes down through an exit onto its square (a weak spot is revealed); it has acted. */
  | {
      readonly type: 'ceiling.dropped';
      readonly threatId: string;
      readonly x: number;
      readonly y: number;
      readonly facing: Facing;
      readonly kind: 'hatch' | 'weak';
    }
  | { readonly type: 'ceiling.wounded'; readonly threatId: string; readonly wounds: number }
  /**
   * 19: a floor Threat on a LOW obstacle climbs up through the exit at (x, y) (in or next to its
   * square) after `target`, a Teamer up in that ceiling: its activation for the turn.
   */
  | {
      readonly type: 'ceiling.threatClimbed';
      readonly threatId: string;
      readonly x: number;
      readonly y: number;
      readonly target: string;
    }
  /** 19: a Teamer climbs up into the ceiling above (x, y), or down onto it, for `cost` movement points. */
  | {
      readonly type: 'ceiling.climbed';
      readonly teamerId: string;
      readonly up: boolean;
      readonly x: number;
      readonly y: number;
      readonly cost: number;
    }
  | { readonly type: 'ceiling.killed'; readonly threatId: string; readonly by: string | null }
  | { readonly type: 'threat.carried'; readonly threatId: string; readonly teamerId: string | null }
  | {
      /** 13.6: a man seized as prey lets go of his weapons; they lie where he fell. */
      readonly type: 'gear.dropped';
      readonly teamerId: string;
      readonly x: number;
      readonly y: number;
      /** He fell up in the ceiling level over (x, y) (19). */
      readonly up?: boolean;
      readonly weapons: readonly string[];
    }
  | { readonly type: 'horror.seen'; readonly teamerId: string; readonly species: string }
  | { readonly type: 'flames.changed'; readonly square: number; readonly flames: number }
  | { readonly type: 'blasts.changed'; readonly blasts: readonly number[] }
  | {
      readonly type: 'interrupt.raised';
      readonly threatId: string;
      readonly trigger: 'sighted' | 'adjacent' | 'crossing' | 'shot';
      readonly teamerIds: readonly string[];
      readonly door?: number;
    }
  | { readonly type: 'interrupt.answered'; readonly teamerId: string; readonly used: boolean }
  | { readonly type: 'source.cleared'; readonly teamerId: string }
  | { readonly type: 'console.used'; readonly teamerId: string }
  | { readonly type: 'mission.evaluated'; readonly evaluation: Evaluation }
  | {
      readonly type: 'stars.awarded';
      readonly teamerId: string | null;
      readonly stars: number;
      readonly why: string;
    }
  /** After the evaluation (20): contraband turned into black money, the Threat Level for the next job. */
  | {
      readonly type: 'campaign.debriefed';
      readonly outcome: Evaluation['outcome'];
      /** Value of this mission's contraband, in thousands. */
      readonly contraband: number;
      /** Black money now, in thousands. */
      readonly money: number;
      readonly threatLevel: number;
      /** This mission's cargo bonus and the official pay now, in thousands (absent in older logs). */
      readonly cargoBonus?: number;
      readonly pay?: number;
    }
  /** Between missions: an advanced weapon drawn for a member (access to advanced weapons, 20). */
  | { readonly type: 'weapon.issued'; readonly teamerId: string; readonly weapon: string }
  /** A personal advancement: promotion (rank and technical ability) or development (physical ability). */
  | {
      readonly type: 'teamer.advanced';
      readonly teamerId: string;
      readonly kind: 'promotion' | 'development';
      /** The d6 faces rolled for the ability (an ability already held is rolled again). */
      readonly faces: readonly number[];
      readonly ability: PackTeamer['abilities'][number] | null;
      readonly rank: number;
      readonly stars: number;
    }
  | {
      readonly type: 'team.advanced';
      readonly advancement: string;
      /** The member it is for (armour), else null. */
      readonly teamerId: string | null;
      readonly stars: number;
    }
  /** A dead Teamer's place taken by a new recruit, his sheet as the pack would give it. */
  | {
      readonly type: 'teamer.replaced';
      readonly teamerId: string;
      readonly sheet: PackTeamer;
      readonly faces: readonly number[];
    }
  | {
      readonly type: 'market.bought';
      readonly teamerId: string;
      readonly purchase: string;
      readonly price: number;
    }
  /** The next mission of the campaign with the same team. */
  | { readonly type: 'campaign.next'; readonly missionId: string; readonly arenaId: string }
  /** A step, turn or end of move may be taken back: the state now is kept to go back to. */
  | { readonly type: 'undo.saved'; readonly teamerId: string }
  /** The Team took back its last step, turn or end of move (no die rolled, nothing revealed since). */
  | { readonly type: 'move.undone'; readonly teamerId: string }
  | {
      readonly type: 'gm.overrode';
      readonly by: string;
      readonly teamer?: Teamer;
      readonly threat?: Threat;
      readonly removeThreat?: string;
      readonly door?: { readonly index: number; readonly state: DoorState };
      readonly reason: string;
    };

export type FdEvent = CoreEvent | ChatEvent;

/** An exit as diced (19): column and row dice (with any placement roll-off), then the hatch-or-weak-spot die. */
export interface CeilingExitRoll {
  readonly x: number;
  readonly y: number;
  readonly kind: 'hatch' | 'weak';
  readonly faces: readonly number[];
}

/** Why a ceiling Threat did what it did (19, Bughunt's "attack from above" reading). */
export type CeilingWhy =
  /** It reached an exit in or next to a Teamer's square below, and drops on him. */
  | 'drops on a Teamer'
  /** A Teamer is below, but the exit above him is farther than its move: it crawls toward it. */
  | 'crawls toward a Teamer'
  /** Nobody below to drop on: it goes down through the nearest exit, to attack from the floor. */
  | 'drops to hunt'
  /** Nobody below to drop on: it crawls toward the nearest exit. */
  | 'crawls toward an exit'
  /** Every exit's square below is taken: it stays where it is. */
  | 'no way down'
  /** A Teamer is up in its ceiling: it crawls to him and grapples him there. */
  | 'grapples a Teamer up here'
  /** A Teamer is up in its ceiling, farther than its move: it crawls toward him. */
  | 'crawls toward a Teamer up here'
  /** Prey (13.6): it drags the man it downed up there toward the exit nearest its nest. */
  | 'drags its prey toward an exit'
  /** Prey: it reached that exit and drops through it with him. */
  | 'drops with its prey'
  /** Prey, and no nest (Source tile) to take him to: it holds him where it is. */
  | 'holds its prey';
export type FdEventType = FdEvent['type'];
