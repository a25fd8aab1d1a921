import { z } from 'zod';
import { chatEventProblem, chatEventSchemas, isChatEvent } from '../dice-chat/chat.ts';
import { arenaOf, boardOf } from './board-adapter.ts';
import { bulkheadSideById } from './bulkheads.ts';
import {
  abilityIdSchema,
  catastropheResultSchema,
  eventEffectSchema,
  packSchema,
  teamerSchema,
} from './data/pack-schema.ts';
import type { CoreEvent, FdEvent } from './events.ts';
import type { FdState } from './state.ts';
import { PINGS } from './state.ts';
import { REACTIONS } from './threat/profile.ts';

/**
 * Schemas of every Fundamental Duck! event as `decide` makes it, checked on import
 * (`Ruleset.eventSchemas`): a tampered log (a wound count of 99, a step to a square off the grid,
 * a Threat action the AI never makes) is refused before it is folded. The record type lists
 * every core event type, so a new event without a schema fails the type check.
 *
 * Bounds are generous (an edited data pack may be larger than the default one) but finite.
 */

const id = z.string().min(1).max(100);
const text = z.string().max(400);
const coord = z.number().int().min(0).max(199);
const facing = z.number().int().min(0).max(7);
const face = z.number().int().min(1).max(100);
const faces = z.array(face).max(500);
const small = z.number().int().min(0).max(1000);
const index = z.number().int().min(0).max(40_000);
const ping = z.enum(PINGS as unknown as [string, ...string[]]);
const chit = z.enum(['READY', 'ACTED', 'WAIT']);
const actionKind = z.enum(['move', 'shoot', 'other']);
const phase = z.enum(['briefing', 'exploration', 'team', 'threat', 'housekeeping', 'ended']);
const activation = z.enum(['fixed', 'nearest-first', 'deck', 'stack']);
const item = z.enum(['forbidden', 'illegal', 'high-value']);
const ids = z.array(id).max(100);
const exitKind = z.enum(['hatch', 'weak']);

const testRecord = z.strictObject({
  test: z.enum(['fumble', 'binge']),
  face,
  target: z.number().int().min(-20).max(20),
  success: z.boolean(),
});

const doorState = z.strictObject({
  open: z.boolean(),
  stuck: z.boolean(),
  jammed: z.boolean(),
  damage: small,
  holes: z.array(small).max(20),
  shortCuts: z.array(small).max(20),
  battered: z
    .strictObject({ turn: z.number().int().min(0).max(10000), total: z.number().int().min(0).max(200) })
    .optional(),
});

const teamer = z.strictObject({
  id,
  name: text,
  role: text,
  leader: z.boolean(),
  seatId: id.nullable(),
  x: coord.nullable(),
  y: coord.nullable(),
  facing,
  chits: z.tuple([chit, chit]),
  wounds: z.number().int().min(0).max(3),
  ff: z.number().int().min(-6).max(12),
  binge: z.number().int().min(1).max(6),
  chicken: z.boolean(),
  ducked: z.boolean(),
  dash: z.enum(['none', 'marked', 'penalised']),
  luck: z.enum(['normal', 'unlucky', 'jonah']),
  weapons: ids,
  bonus: z.record(z.string().max(100), z.number().int().min(-10).max(10)),
  abilities: ids,
  ammo: z.record(z.string().max(100), small),
  grenades: small,
  bioSensor: z.boolean(),
  position: z.enum(['centre', 'left', 'right', 'front', 'back']),
  doorRc: z.boolean(),
  armour: z.boolean(),
  encumbered: z.boolean(),
  left: z.boolean(),
  aboard: z.boolean(),
  seenHorrific: ids,
  moved: z.boolean(),
  goldStars: z.number().int().min(-1000).max(100_000),
  carrying: id.nullable(),
  cargo: index.nullable(),
  up: z.boolean().optional(),
});

const threat = z.strictObject({
  id,
  species: id,
  x: coord,
  y: coord,
  facing,
  wounds: small,
  eye: z.boolean(),
  acted: z.boolean(),
  shotAt: ids,
  carrying: id.nullable(),
});

const dieRecord = z.strictObject({ die: z.string().max(20), face, purpose: text });
const rollOff = z.strictObject({
  purpose: text,
  parties: ids,
  rounds: z.array(faces).max(100),
  result: ids,
});
const path = z.array(index).max(200);

/** The Threat actions fd-rules carries out (kept in `threat.paused` and done after an interrupt). */
const threatAction = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('wake') }),
  z.strictObject({ kind: z.literal('move'), path }),
  z.strictObject({ kind: z.literal('drag'), teamer: id, path }),
  z.strictObject({ kind: z.literal('face'), facing }),
  z.strictObject({ kind: z.literal('grapple'), teamer: id, fromBehind: z.boolean() }),
  z.strictObject({ kind: z.literal('shoot'), teamer: id }),
  z.strictObject({ kind: z.literal('hide') }),
  z.strictObject({ kind: z.literal('batter'), door: id, damage: small, holeSide: small.nullable() }),
  z.strictObject({ kind: z.literal('findShortCut'), door: id, side: small, to: index }),
  z.strictObject({ kind: z.literal('searchWeakSpot'), side: id, found: z.boolean() }),
  z.strictObject({ kind: z.literal('crossWeakSpot'), side: id, to: index }),
  z.strictObject({ kind: z.literal('crossShortCut'), door: id, side: small, to: index }),
  z.strictObject({ kind: z.literal('climb'), exit: index, teamer: id }),
  z.strictObject({ kind: z.literal('again'), left: z.number().int().min(0).max(5) }),
]);

const decision = z.strictObject({
  threat: id,
  species: id,
  turn: small,
  mode: z.enum(['phase', 'pack', 'ambush']),
  because: z.enum([
    'waitingNotTriggered',
    'waitingTriggered',
    'ambush',
    'reaction',
    'packCannotReach',
    'draggingPrey',
    'preyAtNest',
    'controller',
    'noTeamers',
    'climbingAfter',
  ]),
  choice: z.enum([...REACTIONS, 'wait', 'drag', 'controller']),
  reaction: z
    .strictObject({
      face,
      modifiers: z
        .array(
          z.strictObject({
            code: z.enum(['wounded', 'teamerOnSource', 'facingAway', 'inPack']),
            value: z.number().int().min(-10).max(10),
          }),
        )
        .max(10),
      total: z.number().int().min(-20).max(30),
      row: z.number().int().min(1).max(6),
      column: z.enum(['team', 'noTeam']),
      columnReason: z.enum([
        'teamerInStimulusRange',
        'teamerOnTileAndSighted',
        'noTeamerOnTile',
        'noSighting',
      ]),
      reaction: z.enum(REACTIONS),
    })
    .nullable(),
  movement: z
    .strictObject({
      faces,
      die: z.enum(['d6', 'avd', 'd3', 'd8']),
      add: z.number().int().min(-10).max(20),
      carryPenalty: small,
      allowance: small,
      from: z.enum(['own', 'pack']),
    })
    .nullable(),
  target: z
    .strictObject({
      teamer: id,
      reachable: z.boolean(),
      priority: z.enum(['back', 'heavyWeapon', 'you', 'other']).nullable(),
      tie: z.enum(['none', 'nearest', 'rollOff']),
    })
    .nullable(),
  door: z
    .strictObject({
      door: id,
      step: z.enum(['crossShortCut', 'goToShortCut', 'seekShortCut', 'batter']),
      choiceFace: face.nullable(),
      searchFace: face.nullable(),
      found: z.boolean(),
      alreadyHasShortCut: z.boolean(),
      batterFaces: faces,
      damageAfter: small,
      holeOpened: z.boolean(),
      sideFace: face.nullable(),
      side: small.nullable(),
    })
    .nullable(),
  weakSpot: z
    .strictObject({
      side: id,
      step: z.enum(['crossWeakSpot', 'goToWeakSpot', 'searchWeakSpot']),
      faces,
      found: z.boolean(),
    })
    .nullable(),
  outcome: z.enum([
    'grappled',
    'closedIn',
    'noCloserSquare',
    'atDoor',
    'atBulkhead',
    'stayed',
    'hidOutOfSight',
    'movedAwayInSight',
    'shot',
    'dragged',
    'climbed',
    'none',
  ]),
  rollOffs: z.array(rollOff).max(100),
  dice: z.array(dieRecord).max(500),
  actions: z.array(threatAction).max(50),
});

const packPlan = {
  members: ids,
  throws: z.array(z.strictObject({ threat: id, faces, value: small })).max(100),
  allowance: small,
  allHide: z.boolean(),
};

const ev = <T extends CoreEvent['type'], S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape });

export const coreEventSchemas: Readonly<Record<CoreEvent['type'], z.ZodType>> = {
  // The pack as the command's check left it: checked again whole, as a pack a GM loads is.
  'pack.loaded': ev('pack.loaded', { pack: packSchema }),
  'mission.chosen': ev('mission.chosen', {
    missionId: id,
    arenaId: id,
    activation: activation.optional(),
    entry: z.strictObject({ x: coord, y: coord, facing }).optional(),
  }),
  'order.drawn': ev('order.drawn', { order: ids, faces }),
  'teams.formed': ev('teams.formed', {
    teams: z.array(z.array(id).min(1).max(12)).min(2).max(6),
    opposed: z.boolean(),
  }),
  'sequence.drawn': ev('sequence.drawn', {
    order: z.array(z.union([z.number().int().min(0).max(5), z.literal('threat')])).max(30),
    faces,
  }),
  'sequence.threatCard': ev('sequence.threatCard', { card: z.number().int().min(1).max(24) }),
  'sequence.resumed': ev('sequence.resumed', {}),
  'deck.laid': ev('deck.laid', {
    team: z.number().int().min(0).max(5),
    seatId: id,
    order: z.array(id).min(1).max(12),
  }),
  'threat.called': ev('threat.called', {
    threatId: id,
    team: z.number().int().min(0).max(5),
    why: z.enum(['opponent', 'turns']),
    ambush: id.optional(),
  }),
  'threat.run': ev('threat.run', { threatId: id, team: z.number().int().min(0).max(5) }),
  'arena.dealt': ev('arena.dealt', {
    tiles: z
      .array(
        z.strictObject({
          pings: z.array(ping).max(50),
          cards: ids,
          chits: z.array(z.boolean()).max(50),
        }),
      )
      .max(400),
    deck: z.array(id).max(500),
    markers: z.array(ping).max(500),
    faces,
    tampered: z.array(index).max(200).optional(),
  }),
  'phase.began': ev('phase.began', { phase, turn: small }),
  'tile.revealed': ev('tile.revealed', {
    tile: small,
    pings: z.array(ping).max(50),
    chits: small,
    how: z.enum(['sweep', 'scan', 'opened', 'event', 'catastrophe']),
  }),
  'tile.entered': ev('tile.entered', { tile: small, teamerId: id }),
  'test.rolled': ev('test.rolled', { teamerId: id, purpose: text, record: testRecord }),
  'binge.changed': ev('binge.changed', {
    teamerId: id,
    binge: z.number().int().min(1).max(6),
    chicken: z.boolean(),
    why: text,
  }),
  'chit.used': ev('chit.used', {
    teamerId: id,
    chit: z.union([z.literal(0), z.literal(1)]),
    to: z.enum(['ACTED', 'WAIT']),
    kind: z.enum(['move', 'shoot', 'other', 'wait', 'thrown', 'lost', 'duck', 'dive', 'juggle']),
  }),
  'activation.began': ev('activation.began', {
    teamerIds: ids.min(1).max(2),
    plans: z.record(id, z.array(z.union([actionKind, z.literal('wait')])).max(2)),
  }),
  'activation.ended': ev('activation.ended', { teamerIds: ids }),
  'move.began': ev('move.began', {
    teamerId: id,
    faces,
    allowance: z.number().int().min(0).max(50),
    dash: z.boolean(),
  }),
  'teamer.stepped': ev('teamer.stepped', {
    teamerId: id,
    x: coord.nullable(),
    y: coord.nullable(),
    facing,
    cost: z.number().int().min(0).max(20),
  }),
  'teamer.turned': ev('teamer.turned', { teamerId: id, facing, cost: z.number().int().min(0).max(1) }),
  'move.ended': ev('move.ended', { teamerId: id, facing }),
  'teamer.ducked': ev('teamer.ducked', { teamerId: id, ducked: z.boolean() }),
  'position.changed': ev('position.changed', {
    positions: z.record(id, z.enum(['centre', 'left', 'right', 'front', 'back'])),
  }),
  'door.held': ev('door.held', { teamerId: id, door: small, held: z.boolean() }),
  'override.set': ev('override.set', { teamerId: id, on: z.boolean() }),
  'load.examined': ev('load.examined', { teamerId: id, load: small, tampered: z.boolean() }),
  'cargo.moved': ev('cargo.moved', { teamerId: id, load: small, to: index.nullable() }),
  'teamer.carried': ev('teamer.carried', { teamerId: id, comradeId: id.nullable() }),
  'teamer.breathed': ev('teamer.breathed', { teamerId: id }),
  'teamer.claimed': ev('teamer.claimed', { teamerId: id, seatId: id }),
  'door.changed': ev('door.changed', { door: small, state: doorState, why: text }),
  'card.resolved': ev('card.resolved', {
    tile: small,
    cardId: id,
    colour: z.enum(['red', 'green']),
    effect: z.enum(eventEffectSchema.options.map((o) => o.shape.kind.value) as [string, ...string[]]),
    text: z.string().max(2000),
    door: small.optional(),
  }),
  'load.changed': ev('load.changed', {
    load: small,
    warming: z.number().int().min(0).max(6).nullable(),
    lost: z.boolean(),
    why: text,
  }),
  'load.blasted': ev('load.blasted', {
    load: small,
    cargo: z.enum(['explosive', 'flammable']),
    targets: ids,
    faces,
    hitOn: z.number().int().min(0).max(20),
    hits: z.record(id, small),
  }),
  'drone.set': ev('drone.set', {
    droneId: id,
    teamerId: id,
    x: coord,
    y: coord,
    facing,
    power: z.number().int().min(0).max(99),
    walking: z.boolean(),
  }),
  'threat.burned': ev('threat.burned', {
    threatId: id,
    x: coord,
    y: coord,
    face,
    hitOn: z.number().int().min(0).max(20),
    hit: z.boolean(),
  }),
  'drone.fired': ev('drone.fired', {
    droneId: id,
    threatId: id,
    faces,
    hitOn: z.number().int().min(0).max(20),
    hits: small,
  }),
  'vehicle.boarded': ev('vehicle.boarded', { vehicleId: id, teamerId: id }),
  'vehicle.left': ev('vehicle.left', { vehicleId: id, teamerId: id, x: coord, y: coord }),
  'vehicle.drive-began': ev('vehicle.drive-began', {
    vehicleId: id,
    teamerId: id,
    faces: z.array(face).max(20),
    allowance: small,
  }),
  'vehicle.moved': ev('vehicle.moved', {
    vehicleId: id,
    manoeuvre: z.enum(['forward', 'reverse', 'pivot-left', 'pivot-right']),
    x: coord,
    y: coord,
    facing,
    cost: z.number().int().min(0).max(5),
    bulldozed: z.array(index).max(4),
    smashed: z.array(small).max(4),
  }),
  'vehicle.rammed': ev('vehicle.rammed', { vehicleId: id, teamerId: id, turn: small }),
  'vehicle.pod-loaded': ev('vehicle.pod-loaded', { vehicleId: id, teamerId: id, load: index }),
  'vehicle.pod-unloaded': ev('vehicle.pod-unloaded', { vehicleId: id, teamerId: id, load: index, to: index }),
  'drone.powered': ev('drone.powered', { droneId: id, power: z.number().int().min(0).max(99) }),
  'vehicle.pods-delivered': ev('vehicle.pods-delivered', {
    vehicleId: id,
    loads: z.array(index).min(1).max(8),
  }),
  'vehicle.ran-down': ev('vehicle.ran-down', {
    vehicleId: id,
    teamerId: id,
    figure: z.strictObject({ kind: z.enum(['threat', 'teamer']), id }),
    face: z.number().int().min(1).max(6),
    hitOn: z.number().int().min(1).max(6),
    hit: z.boolean(),
  }),
  'vehicle.stopped': ev('vehicle.stopped', { vehicleId: id, teamerId: id }),
  'vehicle.attacked': ev('vehicle.attacked', {
    vehicleId: id,
    threatId: id,
    how: z.enum(['grapple', 'shot']),
    faces: z.array(face).max(20),
    hits: small,
    damage: small,
  }),
  'vehicle.wrecked': ev('vehicle.wrecked', { vehicleId: id }),
  'drone.moved': ev('drone.moved', {
    droneId: id,
    teamerId: id,
    path: z.array(index).min(1).max(12),
    x: coord,
    y: coord,
    facing,
  }),
  'bulkhead.searched': ev('bulkhead.searched', {
    threatId: id,
    side: z.string().regex(/^\d{1,6}[es]$/),
    found: z.boolean(),
  }),
  'orders.met': ev('orders.met', { teamerId: id, tile: small }),
  'threats.placed': ev('threats.placed', {
    tile: small,
    marker: small,
    ping,
    countFaces: faces,
    threats: z.array(z.strictObject({ id, species: id, x: coord, y: coord, facing, faces })).max(100),
    tieFaces: faces,
  }),
  'chits.placed': ev('chits.placed', {
    tile: small,
    squares: z.array(z.strictObject({ x: coord, y: coord, faces })).max(50),
  }),
  'chit.examined': ev('chit.examined', { tile: small, index: small, h: z.boolean(), teamerId: id }),
  'ping.added': ev('ping.added', { tile: small, ping, revealed: z.boolean() }),
  'card.added': ev('card.added', { tile: small, cardId: id }),
  'contraband.found': ev('contraband.found', { teamerId: id, item }),
  'attack.resolved': ev('attack.resolved', {
    by: id,
    weapon: id,
    x: coord,
    y: coord,
    targets: ids,
    faces,
    hitOn: z.number().int().min(0).max(20),
    hits: z.record(id, small),
    scatter: z.strictObject({ faces, x: coord, y: coord }).optional(),
  }),
  'grapple.resolved': ev('grapple.resolved', {
    threatId: id,
    teamerId: id,
    threatFace: face,
    teamerFace: face,
    threatTotal: z.number().int().min(-20).max(50),
    teamerTotal: z.number().int().min(-20).max(50),
    loser: z.enum(['threat', 'teamer']).nullable(),
  }),
  'teamer.wounded': ev('teamer.wounded', {
    teamerId: id,
    wounds: z.number().int().min(0).max(3),
    armourFace: face.nullable(),
  }),
  'threat.wounded': ev('threat.wounded', { threatId: id, wounds: small }),
  'threat.killed': ev('threat.killed', { threatId: id, by: id.nullable() }),
  'ammo.changed': ev('ammo.changed', { teamerId: id, weapon: id, left: small }),
  'grenades.changed': ev('grenades.changed', { teamerId: id, grenades: small }),
  'stress.added': ev('stress.added', {
    teamerId: id.nullable(),
    why: text,
    kinds: z.array(small).max(100),
    values: z.array(small).max(100),
    faces,
  }),
  'catastrophe.struck': ev('catastrophe.struck', {
    total: small,
    values: z.array(small).max(500),
    effect: z.enum(catastropheResultSchema.options.map((o) => o.shape.kind.value) as [string, ...string[]]),
    faces,
    untilTurn: small,
    tiles: z.array(small).max(400),
  }),
  'threat.decided': ev('threat.decided', { decision }),
  'threat.moved': ev('threat.moved', {
    threatId: id,
    x: coord,
    y: coord,
    facing,
    eye: z.boolean(),
    dragging: id.optional(),
  }),
  'threat.queue': ev('threat.queue', {
    queue: z.array(ids.min(1)).max(200),
    order: z.strictObject({
      units: z
        .array(
          z.discriminatedUnion('kind', [
            // -1: no Teamer within any distance.
            z.strictObject({
              kind: z.literal('threat'),
              threat: id,
              distance: z.number().int().min(-1).max(40_000),
            }),
            z.strictObject({
              kind: z.literal('pack'),
              members: ids,
              distance: z.number().int().min(-1).max(40_000),
            }),
          ]),
        )
        .max(200),
      rollOffs: z.array(rollOff).max(200),
      dice: z.array(dieRecord).max(1000),
    }),
  }),
  'threat.pack': ev('threat.pack', {
    pack: z.strictObject({
      ...packPlan,
      rollOffs: z.array(rollOff).max(100),
      dice: z.array(dieRecord).max(500),
    }),
  }),
  'threat.paused': ev('threat.paused', {
    threatId: id,
    actions: z.array(threatAction).max(50),
    crossingAsked: z.boolean().optional(),
  }),
  'threat.resumed': ev('threat.resumed', { threatId: id }),
  'ceiling.rolled': ev('ceiling.rolled', {
    tile: small,
    face,
    level: z.boolean(),
    exits: z.array(z.strictObject({ x: coord, y: coord, kind: exitKind, faces })).max(25),
  }),
  'ceiling.entered': ev('ceiling.entered', {
    tile: small,
    rolls: z.array(z.strictObject({ threatId: id, face })).max(100),
    up: ids,
  }),
  'ceiling.decided': ev('ceiling.decided', {
    threatId: id,
    why: z.enum([
      'drops on a Teamer',
      'crawls toward a Teamer',
      'drops to hunt',
      'crawls toward an exit',
      'no way down',
      'grapples a Teamer up here',
      'crawls toward a Teamer up here',
      'drags its prey toward an exit',
      'drops with its prey',
      'holds its prey',
    ]),
    allowance: small,
    faces,
    rollOffs: faces,
    target: id.nullable(),
    exit: z.strictObject({ x: coord, y: coord, kind: exitKind }).optional(),
  }),
  'ceiling.moved': ev('ceiling.moved', { threatId: id, x: coord, y: coord }),
  'ceiling.dropped': ev('ceiling.dropped', { threatId: id, x: coord, y: coord, facing, kind: exitKind }),
  'ceiling.wounded': ev('ceiling.wounded', { threatId: id, wounds: z.number().int().min(1).max(20) }),
  'ceiling.killed': ev('ceiling.killed', { threatId: id, by: id.nullable() }),
  'ceiling.threatClimbed': ev('ceiling.threatClimbed', { threatId: id, x: coord, y: coord, target: id }),
  'ceiling.climbed': ev('ceiling.climbed', {
    teamerId: id,
    up: z.boolean(),
    x: coord,
    y: coord,
    cost: small,
  }),
  'threat.carried': ev('threat.carried', { threatId: id, teamerId: id.nullable() }),
  'gear.dropped': ev('gear.dropped', {
    teamerId: id,
    x: small,
    y: small,
    up: z.literal(true).optional(),
    weapons: z.array(id).min(1).max(20),
  }),
  'horror.seen': ev('horror.seen', { teamerId: id, species: id }),
  'flames.changed': ev('flames.changed', { square: index, flames: small }),
  'blasts.changed': ev('blasts.changed', { blasts: z.array(index).max(500) }),
  'interrupt.raised': ev('interrupt.raised', {
    threatId: id,
    trigger: z.enum(['sighted', 'adjacent', 'crossing', 'shot']),
    teamerIds: ids.min(1),
    door: small.optional(),
  }),
  'interrupt.answered': ev('interrupt.answered', { teamerId: id, used: z.boolean() }),
  'source.cleared': ev('source.cleared', { teamerId: id }),
  'console.used': ev('console.used', { teamerId: id }),
  'mission.evaluated': ev('mission.evaluated', {
    evaluation: z.strictObject({
      outcome: z.enum(['completed', 'part-completed', 'failed']),
      objectives: z.array(z.boolean()).max(20),
      teamStars: z.number().int().min(-1000).max(1000),
      catastrophe: z.boolean(),
      bonus: z.boolean().optional(),
      bonusStars: z.number().int().min(-99).max(99).optional(),
      cargo: z
        .strictObject({
          intact: z.number().int().min(0).max(200),
          lost: z.number().int().min(0).max(200),
          bonus: z.number().int().min(-100_000).max(100_000),
        })
        .optional(),
    }),
  }),
  'stars.awarded': ev('stars.awarded', {
    teamerId: id.nullable(),
    stars: z.number().int().min(-20).max(20),
    why: text,
  }),
  'campaign.debriefed': ev('campaign.debriefed', {
    outcome: z.enum(['completed', 'part-completed', 'failed']),
    contraband: z.number().int().min(0).max(1_000_000),
    money: z.number().int().min(0).max(1_000_000),
    threatLevel: z.number().int().min(0).max(1000),
    /** Older logs lack the cargo bonus (the pay stays as it was). */
    cargoBonus: z.number().int().min(-100_000).max(100_000).optional(),
    pay: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  }),
  'teamer.advanced': ev('teamer.advanced', {
    teamerId: id,
    kind: z.enum(['promotion', 'development']),
    faces,
    ability: abilityIdSchema.nullable(),
    rank: z.number().int().min(0).max(20),
    stars: z.number().int().min(1).max(99),
  }),
  'team.advanced': ev('team.advanced', {
    advancement: id,
    teamerId: id.nullable(),
    stars: z.number().int().min(1).max(999),
  }),
  'weapon.issued': ev('weapon.issued', { teamerId: id, weapon: id }),
  'teamer.replaced': ev('teamer.replaced', { teamerId: id, sheet: teamerSchema, faces }),
  'market.bought': ev('market.bought', {
    teamerId: id,
    purchase: id,
    price: z.number().int().min(0).max(999),
  }),
  'campaign.next': ev('campaign.next', { missionId: id, arenaId: id }),
  'undo.saved': ev('undo.saved', { teamerId: id }),
  'move.undone': ev('move.undone', { teamerId: id }),
  'gm.overrode': ev('gm.overrode', {
    by: id,
    teamer: teamer.optional(),
    threat: threat.optional(),
    removeThreat: id.optional(),
    door: z.strictObject({ index: small, state: doorState }).optional(),
    reason: text,
  }),
};

export const fdEventSchemas: Readonly<Partial<Record<FdEvent['type'], z.ZodType>>> = {
  ...chatEventSchemas,
  ...coreEventSchemas,
};

/**
 * Whether an event could follow the state (`Ruleset.eventProblem`): the chat's numbering and
 * reveals, and for the game's own events that the Teamers, tiles, doors and squares they name
 * exist (a schema cannot know the arena's size or the Team).
 */
export function fdEventProblem(state: FdState, event: FdEvent): string | null {
  if (isChatEvent(event)) return chatEventProblem(state.chat, event);
  const e = event as CoreEvent & {
    teamerId?: unknown;
    tile?: unknown;
    door?: unknown;
    x?: unknown;
    y?: unknown;
  };
  if (typeof e.teamerId === 'string' && !Object.hasOwn(state.teamers, e.teamerId))
    return `there is no Teamer ${e.teamerId}`;
  if (typeof e.tile === 'number' && e.tile >= state.tiles.length) return `there is no tile ${e.tile}`;
  if ((e.type === 'door.changed' || e.type === 'door.held') && e.door >= state.doors.length)
    return `there is no door ${e.door}`;
  if (e.type === 'override.set' && state.doorOverride === e.on)
    return `the override is already ${e.on ? 'set' : 'off'}`;
  if (
    (e.type === 'load.changed' || e.type === 'load.blasted' || e.type === 'load.examined') &&
    e.load >= state.loads.length
  )
    return `there is no load ${e.load}`;
  // What a Teamer finds is what the deal marked (an imported log cannot make a clean load tampered).
  if (e.type === 'load.examined' && (state.loads[e.load]?.tampered ?? false) !== e.tampered)
    return `load ${e.load} was ${e.tampered ? 'not ' : ''}marked tampered at the deal`;
  if (e.type === 'arena.dealt' && e.tampered?.some((i) => i >= state.loads.length))
    return 'a tampered load the arena lacks';
  if (
    (e.type === 'drone.fired' || e.type === 'drone.powered' || e.type === 'drone.moved') &&
    !state.drones.some((d) => d.id === e.droneId)
  )
    return `there is no drone ${e.droneId}`;
  if (e.type.startsWith('vehicle.')) {
    const problem = vehicleEventProblem(state, e as Extract<CoreEvent, { type: `vehicle.${string}` }>);
    if (problem) return problem;
  }
  if (e.type === 'bulkhead.searched') {
    if (!Object.hasOwn(state.threats, e.threatId)) return `there is no Threat ${e.threatId}`;
    if (!bulkheadSideById(arenaOf(state), e.side)) return `there is no bulkhead side ${e.side}`;
  }
  const ceilingProblem = ceilingEventProblem(state, e);
  if (ceilingProblem) return ceilingProblem;
  if (e.type === 'drone.fired' && !Object.hasOwn(state.threats, e.threatId))
    return `there is no Threat ${e.threatId}`;
  if (e.type === 'threat.burned') {
    const th = state.threats[e.threatId];
    if (!th || !Object.hasOwn(state.threats, e.threatId)) return `there is no Threat ${e.threatId}`;
    if (th.x !== e.x || th.y !== e.y) return `${e.threatId} is not at (${e.x},${e.y})`;
    if (e.hit !== e.face >= e.hitOn) return 'a burn whose hit does not follow its die';
  }
  if (e.type === 'drone.moved') {
    const arena = arenaOf(state);
    if (e.path.some((i) => i >= arena.size || arena.isSquare[i] !== 1))
      return 'a drone path square is off the arena';
    if (e.path.at(-1) !== e.y * arena.width + e.x) return 'the drone path does not end where it stands';
  }
  if (e.type === 'drone.set') {
    const arena = arenaOf(state);
    if (e.x >= arena.width || e.y >= arena.height || arena.isSquare[e.y * arena.width + e.x] !== 1)
      return `(${e.x},${e.y}) is off the arena`;
  }
  const mt = multiTeamProblem(state, e);
  if (mt) return mt;
  if (e.type === 'gear.dropped') {
    const sheet = state.teamers[e.teamerId]?.weapons ?? [];
    const missing = e.weapons.find((w) => !sheet.includes(w));
    if (missing) return `${e.teamerId} holds no ${missing}`;
  }
  if (e.type === 'teamer.stepped' || e.type === 'threat.moved' || e.type === 'gear.dropped') {
    const arena = arenaOf(state);
    if (typeof e.x === 'number' && typeof e.y === 'number' && (e.x >= arena.width || e.y >= arena.height))
      return `(${e.x},${e.y}) is off the arena`;
  }
  return null;
}

/** 19: a ceiling event needs the extension on, a tile with a level, squares of that tile, Threats that are up there. */
function ceilingEventProblem(state: FdState, e: CoreEvent): string | null {
  if (!e.type.startsWith('ceiling.')) return null;
  if (!state.rules.pack.options.switches.ceiling) return 'this table plays without the ceiling extension';
  const board = boardOf(state);
  const c = state.ceiling;
  const up = (threatId: string) => c !== undefined && Object.hasOwn(c.threats, threatId);
  switch (e.type) {
    case 'ceiling.rolled':
      if (c && Object.hasOwn(c.levels, e.tile)) return `tile ${e.tile} was already rolled for a ceiling`;
      if (!e.level && e.exits.length > 0) return 'exits without a ceiling level';
      for (const x of e.exits)
        if (board.tileAt(x.x, x.y) !== e.tile) return `(${x.x},${x.y}) is not a square of tile ${e.tile}`;
      return null;
    case 'ceiling.entered':
      if (c?.levels[e.tile] !== true) return `tile ${e.tile} has no ceiling level`;
      for (const id of e.up) if (!Object.hasOwn(state.threats, id)) return `there is no Threat ${id}`;
      return null;
    case 'ceiling.moved':
    case 'ceiling.dropped': {
      if (!up(e.threatId)) return `there is no Threat ${e.threatId} in the ceiling`;
      const th = c?.threats[e.threatId];
      if (th && board.tileAt(e.x, e.y) !== board.tileAt(th.x, th.y))
        return `(${e.x},${e.y}) is not under the ceiling of ${e.threatId}`;
      if (e.type === 'ceiling.dropped') {
        const tile = board.tileAt(e.x, e.y);
        if (!(c?.exits[tile] ?? []).some((x) => x.x === e.x && x.y === e.y && x.kind === e.kind))
          return `there is no ${e.kind} exit at (${e.x},${e.y})`;
      }
      return null;
    }
    case 'ceiling.decided':
    case 'ceiling.wounded':
    case 'ceiling.killed':
      return up(e.threatId) ? null : `there is no Threat ${e.threatId} in the ceiling`;
    case 'ceiling.threatClimbed': {
      if (!Object.hasOwn(state.threats, e.threatId)) return `there is no Threat ${e.threatId} on the floor`;
      const tile = board.tileAt(e.x, e.y);
      if (!(c?.exits[tile] ?? []).some((x) => x.x === e.x && x.y === e.y))
        return `there is no exit at (${e.x},${e.y})`;
      return Object.hasOwn(state.teamers, e.target) ? null : `there is no Teamer ${e.target}`;
    }
    case 'ceiling.climbed': {
      const t = Object.hasOwn(state.teamers, e.teamerId) ? state.teamers[e.teamerId] : undefined;
      if (!t || t.x === null || t.y === null) return `there is no Teamer ${e.teamerId} in the arena`;
      if ((t.up === true) === e.up) return `${e.teamerId} is already ${e.up ? 'up in' : 'below'} the ceiling`;
      const tile = board.tileAt(e.x, e.y);
      if (c?.levels[tile] !== true) return `(${e.x},${e.y}) has no ceiling above it`;
      if (!(c.exits[tile] ?? []).some((x) => x.x === e.x && x.y === e.y))
        return `there is no exit at (${e.x},${e.y})`;
      return null;
    }
    default:
      return null;
  }
}

/** Multi-team events name teams that exist, their own Teamers, and Threats on the board. */
function multiTeamProblem(state: FdState, e: CoreEvent): string | null {
  switch (e.type) {
    case 'teams.formed': {
      const all = e.teams.flat();
      if (new Set(all).size !== all.length) return 'a Teamer is in two teams';
      const unknown = all.find((t) => !Object.hasOwn(state.teamers, t));
      return unknown === undefined ? null : `there is no Teamer ${unknown}`;
    }
    case 'sequence.threatCard': {
      const mt = state.multiTeam;
      if (!mt) return 'no teams are formed';
      const cards = mt.sequence.filter((c) => c === 'threat').length;
      return e.card === mt.threatCards + 1 && e.card <= cards
        ? null
        : `the sequence has no Threat card ${e.card} next`;
    }
    case 'sequence.resumed':
      return state.multiTeam?.onThreatCard ? null : 'no Threat card is being played';
    case 'sequence.drawn':
    case 'deck.laid':
    case 'threat.called':
    case 'threat.run': {
      const teams = state.multiTeam?.teams;
      if (!teams) return 'no teams are formed';
      if (e.type === 'sequence.drawn') {
        const bad = e.order.find((i) => i !== 'threat' && i >= teams.length);
        return bad === undefined ? null : `there is no team ${bad}`;
      }
      const team = teams[e.team];
      if (!team) return `there is no team ${e.team}`;
      if (e.type === 'deck.laid') {
        const stranger = e.order.find((t) => !team.teamerIds.includes(t));
        return stranger === undefined ? null : `${stranger} is not in team ${e.team}`;
      }
      // A run names the Threat its call named (a GM may have taken it off the board since).
      if (e.type === 'threat.run') return null;
      if (e.ambush !== undefined && !Object.hasOwn(state.teamers, e.ambush))
        return `there is no Teamer ${e.ambush}`;
      return Object.hasOwn(state.threats, e.threatId) ? null : `there is no Threat ${e.threatId}`;
    }
    default:
      return null;
  }
}

/** Vehicle events name a vehicle of the state, squares of the arena and doors that exist. */
function vehicleEventProblem(
  state: FdState,
  e: Extract<CoreEvent, { type: `vehicle.${string}` }>,
): string | null {
  if (!(state.vehicles ?? []).some((v) => v.id === e.vehicleId)) return `there is no vehicle ${e.vehicleId}`;
  const arena = arenaOf(state);
  if (e.type === 'vehicle.left' || e.type === 'vehicle.moved') {
    if (e.x >= arena.width || e.y >= arena.height || arena.isSquare[e.y * arena.width + e.x] !== 1)
      return `(${e.x},${e.y}) is off the arena`;
  }
  if (e.type === 'vehicle.moved') {
    if (e.bulldozed.some((i) => i >= arena.size)) return 'a bulldozed square is off the arena';
    if (e.smashed.some((d) => d >= state.doors.length)) return 'a smashed door does not exist';
  }
  const v = (state.vehicles ?? []).find((x) => x.id === e.vehicleId);
  if (e.type === 'vehicle.pods-delivered' && e.loads.some((l) => !v?.pods?.includes(l)))
    return `the vehicle ${e.vehicleId} does not hold every pod it delivers`;
  if (e.type === 'vehicle.ran-down') {
    const there =
      e.figure.kind === 'threat'
        ? Object.hasOwn(state.threats, e.figure.id)
        : Object.hasOwn(state.teamers, e.figure.id);
    if (!there) return `there is no ${e.figure.kind} ${e.figure.id}`;
  }
  if (e.type === 'vehicle.attacked' && !Object.hasOwn(state.threats, e.threatId))
    return `there is no Threat ${e.threatId}`;
  if ((e.type === 'vehicle.attacked' || e.type === 'vehicle.wrecked') && v?.wrecked === true)
    return `the vehicle ${e.vehicleId} is already a wreck`;
  if (e.type === 'vehicle.pod-loaded' || e.type === 'vehicle.pod-unloaded') {
    if (!arena.loads[e.load]?.portable) return `load ${e.load} is no cargo pod of the arena`;
    const aboard = v?.pods?.includes(e.load) === true;
    if (e.type === 'vehicle.pod-loaded' && (aboard || state.loads[e.load]?.at === null))
      return `load ${e.load} is not standing in the arena`;
    if (e.type === 'vehicle.pod-unloaded') {
      if (!aboard) return `the vehicle ${e.vehicleId} does not hold load ${e.load}`;
      if (e.to >= arena.size || arena.isSquare[e.to] !== 1) return `square ${e.to} is off the arena`;
    }
  }
  return null;
}
