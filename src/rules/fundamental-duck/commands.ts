import { z } from 'zod';
import type { Role } from '../../engine/ruleset.ts';
import { freeText } from '../../engine/text.ts';
import { type ChatCommand, chatCommandSchemas } from '../dice-chat/chat.ts';
import { POSITIONS } from './arena/positions.ts';

/**
 * Commands of Fundamental Duck!: plain JSON, each a zod strict object with bounded fields. A
 * player moves the Team one decision at a time (activate, move and step, shoot, an Other Action),
 * so every random roll happens after the choice it depends on; the Threat phase needs no command:
 * the engine runs it with the table's dice once the Team is done.
 */

const id = z.string().min(1).max(40);
const coord = z.number().int().min(0).max(199);
const facing = z.number().int().min(0).max(7);
const actionKind = z.enum(['move', 'shoot', 'other']);
const position = z.enum(POSITIONS as unknown as ['centre', 'left', 'right', 'front', 'back']);
const reason = freeText(400);
/**
 * 10.2: a ducked Teamer paying this action with his WAIT chit stands up as part of it (standing
 * up is at the same time his waiting action); refused when the action is not paid with it.
 */
const standUp = z.literal(true).optional();

export const coreCommandSchemas = [
  /** Before boarding: pick the mission and arena from the pack. */
  z.strictObject({
    type: z.literal('chooseMission'),
    mission: id.optional(),
    arena: id.optional(),
    activation: z.enum(['fixed', 'nearest-first', 'deck', 'stack']).optional(),
    /** Board at this square: a boarding point's, or with the forced-entry option any hull square (22). */
    entry: z.strictObject({ x: coord, y: coord, side: z.enum(['n', 'e', 's', 'w']).optional() }).optional(),
  }),
  /**
   * Before boarding, and before a campaign's first mission: play with another data pack (its
   * missions, arenas, Team). Checked whole (PACK_INVALID names each problem); the table starts
   * over on its first mission and arena.
   */
  z.strictObject({ type: z.literal('loadPack'), pack: z.unknown() }),
  /** Deal the arena with the table's dice and start turn 1: sweep, open the entry, board. */
  z.strictObject({ type: z.literal('board') }),
  /** A player takes a Teamer (one seat may run several; a Teamer without a seat is anyone's). */
  z.strictObject({ type: z.literal('claimTeamer'), teamerId: id }),
  z.strictObject({ type: z.literal('endExploration') }),
  /** Start a Teamer's activation (with a stack-mate acting in concert); `plan` binds its action kinds. */
  z.strictObject({
    type: z.literal('activate'),
    teamerId: id,
    partnerId: id.optional(),
    plan: z
      .array(z.union([actionKind, z.literal('wait')]))
      .min(1)
      .max(2)
      .optional(),
  }),
  z.strictObject({ type: z.literal('endActivation'), teamerId: id }),
  /** Throw a chit away (to get one's breath back after a dash, or to end). */
  z.strictObject({ type: z.literal('pass'), teamerId: id }),
  /** Put the other chit on WAIT (after the first is used or thrown away). */
  z.strictObject({ type: z.literal('wait'), teamerId: id }),
  /** Shut the door on a Threat starting across it (15.3): the WAIT chit and a fumble test. */
  z.strictObject({
    type: z.literal('crush'),
    teamerId: id,
    /** Teamers in the door's aperture squares who dive under it as it shuts on the Threat (15.2). */
    divers: z.array(id).max(4).optional(),
    standUp,
  }),
  /** Let an interrupt pass without spending the WAIT chit. */
  z.strictObject({ type: z.literal('holdWait'), teamerId: id }),
  z.strictObject({ type: z.literal('endTeamPhase') }),
  /** A MOVE action: rolls the average die (a ducked Teamer crawls one square instead). */
  z.strictObject({ type: z.literal('move'), teamerId: id, dash: z.boolean().optional(), standUp }),
  /** One step of the move in progress to a neighbouring square, or back over the boarding bridge. */
  z.strictObject({
    type: z.literal('step'),
    teamerId: id,
    x: coord.optional(),
    y: coord.optional(),
    bridge: z.literal(true).optional(),
  }),
  /**
   * Turn on the spot: 1 movement point in a move; otherwise an action (no fumble test), which may
   * also take a new position in the square (9.5).
   */
  z.strictObject({ type: z.literal('turn'), teamerId: id, facing, position: position.optional() }),
  /** End the move in progress; after at least one square, the facing and the position are free (9.3, 9.5). */
  z.strictObject({
    type: z.literal('endMove'),
    teamerId: id,
    facing: facing.optional(),
    position: position.optional(),
  }),
  /**
   * Take back the Team's last step, turn or end of move, while no die has been rolled and nothing
   * hidden revealed since (refused with NOTHING_TO_UNDO otherwise).
   */
  z.strictObject({ type: z.literal('undo') }),
  /** SHOOT at a square (a gun at the Threat there, a flamer squirt, a grenade throw); `duck` names Teamers who -DUCK! to clear the line. */
  z.strictObject({
    type: z.literal('shoot'),
    teamerId: id,
    weapon: id,
    x: coord,
    y: coord,
    duck: z.array(id).max(6).optional(),
    /** 19: fire into the ceiling above (x, y) at the Threat there (HAR, HEMG; flamer, grenade, shotgun only on a hatch). */
    up: z.boolean().optional(),
    standUp,
  }),
  /** Grapple a Threat in contact (an action, no fumble test). */
  z.strictObject({ type: z.literal('grapple'), teamerId: id, threatId: id, standUp }),
  /** Biosensor scan through a door of the Teamer's tile (an Other Action). */
  z.strictObject({ type: z.literal('scan'), teamerId: id, door: z.number().int().min(0).max(499), standUp }),
  /** Open or close a door from its door zone (an Other Action). */
  z.strictObject({
    type: z.literal('operateDoor'),
    teamerId: id,
    door: z.number().int().min(0).max(499),
    open: z.boolean(),
    /** Closing only: Teamers in its aperture squares who dive under it as it shuts (15.2). */
    divers: z.array(id).max(4).optional(),
    standUp,
  }),
  /** Other Actions with a fumble test (turn a Source chit, the console, clear the Source, reload...) or without (stand up, duck). */
  z.strictObject({
    type: z.literal('task'),
    teamerId: id,
    task: z.enum([
      'examineChit',
      'examineLoad',
      'console',
      'clearSource',
      'locker',
      'reload',
      'reinstill',
      'medic',
      'standUp',
      'duck',
    ]),
    x: coord.optional(),
    y: coord.optional(),
    targetId: id.optional(),
    weapon: id.optional(),
    standUp,
  }),
  /**
   * Pick up a comrade out of action or a portable load in or next to his square (an Other Action):
   * he carries it, encumbered, wherever he goes (24.3, 18).
   */
  z.strictObject({
    type: z.literal('carry'),
    teamerId: id,
    comradeId: id.optional(),
    x: coord.optional(),
    y: coord.optional(),
    standUp,
  }),
  /** Set down what he carries: a comrade in his square, a load in the neighbouring square (x, y). */
  z.strictObject({ type: z.literal('putDown'), teamerId: id, x: coord.optional(), y: coord.optional() }),
  /**
   * Set up his drone gun (an Other Action, fumble test) in a free bare square next to him, facing
   * `facing`; a walking drone gun may be set up again elsewhere the same way.
   */
  z.strictObject({ type: z.literal('setUpDrone'), teamerId: id, x: coord, y: coord, facing }),
  /**
   * Walk his walking drone gun (an Other Action, fumble test) to the bare square (x, y) within the
   * pack's drone speed, facing `facing` at the end.
   */
  z.strictObject({ type: z.literal('directDrone'), teamerId: id, x: coord, y: coord, facing }),
  /** Get into a vehicle next to him (18, 8.5: an Other Action, fumble test). */
  z.strictObject({ type: z.literal('getIn'), teamerId: id, vehicleId: id }),
  /** Get out of his vehicle into the bare square (x, y) next to it (an Other Action, fumble test). */
  z.strictObject({ type: z.literal('getOut'), teamerId: id, x: coord, y: coord }),
  /** Drive his vehicle (his MOVE action, needs the licence): its dice are rolled now. */
  z.strictObject({ type: z.literal('drive'), teamerId: id }),
  /** One manoeuvre of the drive under way; `endMove` stops the vehicle. */
  z.strictObject({
    type: z.literal('manoeuvre'),
    teamerId: id,
    manoeuvre: z.enum(['forward', 'reverse', 'pivot-left', 'pivot-right']),
  }),
  /** Ram (an Other Action, fumble test): this turn's drive may smash one door or bulldoze one obstacle. */
  z.strictObject({ type: z.literal('ram'), teamerId: id }),
  /**
   * A crew member has his vehicle lift the cargo pod at (x, y), next to it (18: a successful
   * action, an Other Action with a fumble test), if its type picks up pods and has room.
   */
  z.strictObject({ type: z.literal('loadPod'), teamerId: id, x: coord, y: coord }),
  /** A crew member sets a pod his vehicle holds down in the bare, empty square (x, y) next to it. */
  z.strictObject({
    type: z.literal('unloadPod'),
    teamerId: id,
    load: z.number().int().min(0).max(999),
    x: coord,
    y: coord,
  }),
  /** Stack-mates swap places in their square (8.4): an action of the first, before the other activates. */
  z.strictObject({ type: z.literal('juggle'), teamerId: id, partnerId: id }),
  /**
   * At a console that carries it (the Bridge console), set (`on`) or lift the bridge /
   * control-room override (15.1): an Other Action with a fumble test; while it is set Door Check
   * is skipped.
   */
  z.strictObject({ type: z.literal('bridgeOverride'), teamerId: id, on: z.boolean() }),
  /** DOOR RC: keep a door of his tile open at Door Check (`hold`), or let it close again (17). */
  z.strictObject({
    type: z.literal('holdDoor'),
    teamerId: id,
    door: z.number().int().min(0).max(499),
    hold: z.boolean(),
  }),
  /**
   * Multi-team play (21), before boarding: the Team splits into teams (each a list of Teamer ids,
   * every Teamer in one); `opposed`: the teams play against each other (an opponent runs the
   * Threats on a tile only one team occupies).
   */
  z.strictObject({
    type: z.literal('formTeams'),
    teams: z.array(z.array(id).min(1).max(12)).min(2).max(6),
    opposed: z.boolean(),
  }),
  /** Multi-team play: a player takes a whole team (its Teamers become his seat's). */
  z.strictObject({ type: z.literal('claimTeam'), team: z.number().int().min(0).max(5) }),
  /** Multi-team play: lay out his team's activation deck for the next round (21), one card per member. */
  z.strictObject({
    type: z.literal('layDeck'),
    team: z.number().int().min(0).max(5),
    order: z.array(id).min(1).max(12),
  }),
  /** Multi-team play: the seat whose call it is runs the Threat (or pack) next in the phase order. */
  z.strictObject({ type: z.literal('runThreat') }),
  /** Gold stars the players award (a deed, an unlikely roll, a rescue). */
  z.strictObject({
    type: z.literal('awardStars'),
    teamerId: id.nullable(),
    stars: z.number().int().min(-20).max(20),
    why: reason,
  }),
  /** Between missions: a personal advancement for gold stars (promotion or development). */
  z.strictObject({ type: z.literal('advance'), teamerId: id, kind: z.enum(['promotion', 'development']) }),
  /** Between missions: a team advancement for the team's gold stars (armour names its member). */
  z.strictObject({ type: z.literal('teamAdvance'), advancement: id, teamerId: id.optional() }),
  /** Between missions, with access to advanced weapons: a member draws one from the pack's advanced list. */
  z.strictObject({ type: z.literal('issueWeapon'), teamerId: id, weapon: id }),
  /** Between missions: a recruit takes a dead Teamer's place. */
  z.strictObject({ type: z.literal('replace'), teamerId: id }),
  /** Between missions: buy on the black market for a Teamer. */
  z.strictObject({ type: z.literal('buy'), teamerId: id, purchase: id }),
  /** Between missions: the next mission (and arena) with the same team. */
  z.strictObject({ type: z.literal('nextMission'), mission: id.optional(), arena: id.optional() }),
  /**
   * 19: in the move in progress, climb up into the ceiling through the exit at (x, y) (standing on a
   * LOW obstacle in or next to its square), or down through the exit he is above.
   */
  z.strictObject({ type: z.literal('climb'), teamerId: id, x: coord, y: coord }),
  /** GM: change a figure or door outright (an override, logged with its reason). */
  z.strictObject({
    type: z.literal('gmOverride'),
    teamerId: id.optional(),
    threatId: id.optional(),
    door: z.number().int().min(0).max(499).optional(),
    x: coord.optional(),
    y: coord.optional(),
    facing: facing.optional(),
    wounds: z.number().int().min(0).max(9).optional(),
    binge: z.number().int().min(1).max(6).optional(),
    chicken: z.boolean().optional(),
    /**
     * A Teamer put on a square of a module no Teamer has entered yet: whether that counts as his
     * entering it (the default: a placement is a set-up, `tile.entered` with no stress situation)
     * or not (false: his first step inside is the first into the module, with its BINGE test, 12).
     */
    moduleEntered: z.boolean().optional(),
    remove: z.boolean().optional(),
    open: z.boolean().optional(),
    /** A door's battering damage so far (the GM stages a half-battered door; below the hole). */
    damage: z.number().int().min(0).max(99).optional(),
    reason,
  }),
] as const;

type CoreSchemas = (typeof coreCommandSchemas)[number];
export type CoreCommand = z.infer<CoreSchemas>;
export type FdCommand = CoreCommand | ChatCommand;
export type CommandOf<T extends FdCommand['type']> = Extract<FdCommand, { type: T }>;

const all = [...coreCommandSchemas, ...chatCommandSchemas] as const;
export const commandSchema = z.discriminatedUnion(
  'type',
  all as unknown as [CoreSchemas, ...CoreSchemas[]],
) as unknown as z.ZodType<FdCommand>;

const TABLE: readonly Role[] = ['gm', 'player'];
export const COMMAND_ROLES: Readonly<Record<FdCommand['type'], readonly Role[]>> = {
  chooseMission: TABLE,
  loadPack: TABLE,
  board: TABLE,
  claimTeamer: ['player'],
  endExploration: TABLE,
  activate: TABLE,
  endActivation: TABLE,
  pass: TABLE,
  wait: TABLE,
  holdWait: TABLE,
  crush: TABLE,
  endTeamPhase: TABLE,
  move: TABLE,
  step: TABLE,
  turn: TABLE,
  endMove: TABLE,
  undo: TABLE,
  shoot: TABLE,
  grapple: TABLE,
  scan: TABLE,
  operateDoor: TABLE,
  task: TABLE,
  carry: TABLE,
  holdDoor: TABLE,
  bridgeOverride: TABLE,
  juggle: TABLE,
  setUpDrone: TABLE,
  directDrone: TABLE,
  getIn: TABLE,
  getOut: TABLE,
  drive: TABLE,
  manoeuvre: TABLE,
  ram: TABLE,
  loadPod: TABLE,
  unloadPod: TABLE,
  putDown: TABLE,
  formTeams: TABLE,
  claimTeam: ['player'],
  layDeck: TABLE,
  runThreat: TABLE,
  awardStars: TABLE,
  advance: TABLE,
  teamAdvance: TABLE,
  issueWeapon: TABLE,
  replace: TABLE,
  buy: TABLE,
  nextMission: TABLE,
  climb: TABLE,
  gmOverride: ['gm'],
  'chat.roll': ['gm', 'player'],
  'chat.say': ['gm', 'player'],
  'chat.reveal': ['gm'],
};
