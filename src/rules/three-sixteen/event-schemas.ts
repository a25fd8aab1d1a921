import { z } from 'zod';
import { percentileTotal } from '../../engine/dice/typed.ts';
import { type ChatEvent, chatEventProblem, chatEventSchemas, isChatEvent } from '../dice-chat/chat.ts';
import { campaignSchemas } from './campaign/schemas.ts';
import {
  abilityIdSchema,
  coreCommandSchemas,
  declarationSchema,
  MAX_NAME,
  MAX_TEXT,
  moveSchema,
  nonEmptyTextSchema,
  rangeSchema,
  textSchema,
  trooperIdSchema,
  vehicleIdSchema,
  weaponIdSchema,
} from './commands.ts';
import { EVERYDAY_GEAR } from './data/kit.ts';
import { MEDAL_IDS } from './data/medals.ts';
import { overrideProblem } from './encounter/table.ts';
import type { EventOf, ThreeSixteenEvent } from './events.ts';
import { ABILITY_IDS, ALIENS, HELD_SUPPORT, SUICIDE, type ThreeSixteenState } from './state.ts';

/**
 * Schemas of every 3:16 event as `decide` makes it, checked on import (`Ruleset.eventSchemas`,
 * issue 20 finding 6): a tampered export must be refused, not replayed into a state the rules never
 * reach. Every object is strict (no field decide never writes), every number is bounded, every
 * die face is a face of its die, and a test's verdict and a roll's total agree with their faces.
 * What an event may do in its place (a roll out of turn, an override the sheet cannot show, a
 * round's queue that is not its rolls) is `threeSixteenEventProblem`'s. Fields marked "absent in older logs" stay optional.
 */
const seatIdSchema = z.string().min(1).max(100);
/** Names decide copies from the state (troopers, planets, NPCs): typed once, bounded here. */
const nameCopy = z.string().max(MAX_NAME * 2);
const textCopy = z.string().max(MAX_TEXT * 2);
const count = (max: number) => z.number().int().min(0).max(max);
const face = z.number().int().min(1).max(10);
const ability = z.number().int().min(1).max(10);
/** A test's target after modifiers (a preparation bonus lifts it, Impair lowers it). */
const target = z.number().int().min(-20).max(30);
const actorKey = z.union([trooperIdSchema, z.literal(ALIENS), z.literal(SUICIDE)]);
const sideKey = z.enum(['a', 'b']);
const healthMark = z.enum(['X', 'E']).nullable();
const heldSupport = z.enum(HELD_SUPPORT);
const medalId = z.enum(MEDAL_IDS as [string, ...string[]]);
const ids = (max = 100) => z.array(trooperIdSchema).max(max);

/** A d10 test: the verdict is the face against the target (a side that stayed out shows face 0, a failure). */
const testFields = { face: z.number().int().min(0).max(10), target, success: z.boolean() };
function verdictFits(value: unknown): boolean {
  const t = value as { face: number; target: number; success: boolean };
  return t.face === 0 ? !t.success : t.success === t.face <= t.target;
}
const verdict = { message: 'success must be face ≤ target (a face of 0, for a side that stayed out, fails)' };
const testFace = z.strictObject(testFields).refine(verdictFits, verdict);
const rolledTest = <T extends z.ZodRawShape>(shape: T) =>
  z.strictObject({ ...shape, ...testFields, face }).refine(verdictFits, verdict);

/**
 * A roll as `rollSpec` records it: its formula (a number, `dN`/`NdS±B` over plain dice or the
 * average die, or percentile `d100`/`d1000`), faces that die can show, and the total they make.
 */
const POOL = /^(\d*)d(\d+|A)([+-]\d+)?$/;
const AVERAGE_FACES = new Set([2, 3, 4, 5]);
function rollProblem(r: { formula: string; faces: readonly number[]; total: number }): string | null {
  if (/^\d+$/.test(r.formula)) {
    return r.faces.length === 0 && r.total === Number(r.formula) ? null : 'a fixed number rolls no dice';
  }
  if (r.formula === 'd100' || r.formula === 'd1000') {
    const digits = r.formula.length - 2;
    if (r.faces.length !== digits || r.faces.some((f) => f < 1 || f > 10)) return 'percentile faces are d10s';
    return r.total === percentileTotal(r.faces) ? null : 'the total is not what the faces read';
  }
  const m = POOL.exec(r.formula);
  if (!m) return 'unknown formula';
  const n = m[1] === '' ? 1 : Number(m[1]);
  const sides = m[2] === 'A' ? 6 : Number(m[2]);
  if (n > 100 || sides > 1000 || r.faces.length !== n) return 'the faces are not the dice the formula rolls';
  const fits = m[2] === 'A' ? (f: number) => AVERAGE_FACES.has(f) : (f: number) => f >= 1 && f <= sides;
  if (!r.faces.every(fits)) return 'a face the die cannot show';
  const sum = r.faces.reduce((a, b) => a + b, Number(m[3] ?? 0));
  return r.total === sum ? null : 'the total is not the sum of the faces';
}
const rollRecord = z
  .strictObject({
    purpose: textCopy,
    formula: z.string().max(20),
    faces: z.array(z.number().int().min(1).max(1000)).max(100),
    total: z.number().int().min(-1000).max(100_000),
  })
  .superRefine((r, ctx) => {
    const problem = rollProblem(r);
    if (problem) ctx.addIssue({ code: 'custom', message: `${r.formula}: ${problem}` });
  });

const killStep = z.number().int().min(0).max(7).nullable();
const ownedWeapon = z.strictObject({
  weapon: weaponIdSchema,
  steps: z.strictObject({ close: killStep, near: killStep, far: killStep }),
});
const slot = z.strictObject({
  status: z.enum(['notYetAvailable', 'available', 'used']),
  text: textCopy.optional(),
  hatredForHome: z.boolean().optional(),
});
const health = z.tuple([healthMark, healthMark, healthMark]);
const trooper = z.strictObject({
  id: trooperIdSchema,
  ownerSeatId: seatIdSchema.nullable(),
  name: nameCopy,
  reputation: z.string().max(400),
  fa: ability,
  nfa: ability,
  rank: count(8),
  killsThisMission: count(100_000_000),
  totalKills: count(1_000_000_000),
  health,
  lastingWounds: count(3),
  armour: z.enum(['notYetAvailable', 'available', 'used']),
  armourPolicy: z.enum(['ask', 'useWhenAvailable', 'never']),
  strengths: z.array(slot).length(5),
  weaknesses: z.array(slot).length(5),
  weapons: z.array(ownedWeapon).max(30),
  defaultWeapon: weaponIdSchema,
  currentWeapon: weaponIdSchema,
  vehicles: z.array(heldSupport).max(20),
  kit: z.array(z.string().max(200)).max(50),
  medals: z.array(z.strictObject({ medal: medalId, count: count(1000) })).max(20),
  levelsGained: count(20),
  orbitalBombardmentUses: count(100),
  preparationBonus: count(1),
  planetUses: z.strictObject({
    combatDrugs: z.boolean(),
    kineticFieldArmour: z.boolean(),
    orbitalBombardment: z.boolean(),
    eVac: z.boolean(),
    forceWeakness: z.boolean(),
    dropPods: z.boolean(),
    tpkBomb: z.boolean(),
    paradiseBomb: z.boolean(),
    dropShipArmourUsed: z.boolean(),
  }),
  missionFlags: z.strictObject({
    usedStrength: z.boolean(),
    usedWeakness: z.boolean(),
    usedOrbitalBombardment: z.boolean(),
    inducedWeakness: z.boolean(),
    woundsTaken: count(100),
    removedFinalToken: z.boolean(),
  }),
  status: z.enum(['active', 'dead', 'wreck', 'replaced', 'retired']),
  campaignExtras: z.record(z.string(), z.unknown()),
});

const planet = z.strictObject({
  name: nameCopy,
  form: textCopy,
  description: textCopy,
  abilities: z.array(z.enum(ABILITY_IDS)).max(20),
  aaMethod: z.number().int().min(1).max(20).nullable(),
  aa: ability,
  threat: z.strictObject({
    initial: count(10_000),
    pool: count(10_000),
    removed: count(10_000),
    discarded: count(10_000),
    spent: count(10_000),
    adjusted: z.number().int().min(-10_000).max(10_000),
  }),
  encountersFought: count(1000),
  cleared: z.boolean(),
});

const hitSource = z.enum([
  'aliens',
  'ambush',
  'suicide',
  'grenades',
  'explodingBodies',
  'tpkBomb',
  'paradiseBomb',
  'orbitalBombardment',
  'eVac',
  'combatDrugs',
  'vehicleDestroyed',
  'trooper',
  'gm',
]);
const conflictEnd = z.enum(['yield', 'dead', 'exhausted', 'strength', 'weakness', 'gm']);

/**
 * What any event may carry about what it led to (`Aftermath` in events.ts: who fell, who rose,
 * the Kills it dealt, a conflict's marks and end), written by decide and ignored by evolve.
 */
const aftermath = {
  fell: z
    .array(z.strictObject({ trooperId: trooperIdSchema, status: z.enum(['dead', 'wreck']) }))
    .max(100)
    .optional(),
  risen: z
    .array(z.strictObject({ trooperId: trooperIdSchema, rank: count(8) }))
    .max(100)
    .optional(),
  hits: z
    .array(
      z.strictObject({
        trooperId: trooperIdSchema,
        source: hitSource,
        result: z.enum(['X', 'E', 'armour', 'stopped', 'asked']),
      }),
    )
    .max(500)
    .optional(),
  struck: z
    .array(z.strictObject({ side: sideKey, mark: z.enum(['X', 'E']) }))
    .max(100)
    .optional(),
  conflictWon: z.strictObject({ winner: sideKey.nullable(), reason: conflictEnd }).optional(),
};

/** An event's schema: strict, its type, its fields, and the aftermath any event may carry. */
const event = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  z.strictObject({ type: z.literal(type), ...shape, ...aftermath });
/** The same for an event that is also a d10 test (face, target, success in the event itself). */
const testEvent = <T extends string, S extends z.ZodRawShape>(type: T, shape: S) =>
  rolledTest({ type: z.literal(type), ...shape, ...aftermath });

const tieBreaks = z.array(z.strictObject({ actor: actorKey, face })).max(200);
const rollOffs = z.array(z.strictObject({ trooperId: trooperIdSchema, face })).max(200);
const fieldPromotionTests = z.array(z.array(rolledTest({ trooperId: trooperIdSchema })).max(50)).max(50);
const medalChange = z.strictObject({
  medal: medalId,
  name: nameCopy,
  newMedal: z.boolean(),
  barsAdded: count(1000),
  bars: count(1000),
});
const turnOutcome = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('cancelled') }),
  z.strictObject({ kind: z.literal('failure') }),
  z.strictObject({
    kind: z.literal('fa'),
    kills: rollRecord.nullable(),
    weapon: weaponIdSchema,
    blast: z.boolean().optional(),
  }),
  z.strictObject({
    kind: z.literal('bomb'),
    bomb: z.enum(['tpkBomb', 'paradiseBomb']),
    victims: ids(),
    kills: z.array(rollRecord).max(100),
  }),
  z.strictObject({
    kind: z.literal('nfa'),
    kills: rollRecord.nullable().optional(),
    bonusKills: rollRecord.optional(),
    secondBombardment: z.boolean().optional(),
  }),
  z.strictObject({ kind: z.literal('aa') }),
]);
const conflictSide = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('trooper'), trooperId: trooperIdSchema }),
  z.strictObject({
    kind: z.literal('npc'),
    name: nameCopy,
    ability,
    health: z.array(healthMark).min(1).max(2),
  }),
]);
const bySide = <S extends z.ZodType>(schema: S) => z.strictObject({ a: schema, b: schema });

export const threeSixteenEventSchemas: Readonly<Record<ThreeSixteenEvent['type'], z.ZodType>> = {
  ...chatEventSchemas,
  // Roster
  'trooper.created': event('trooper.created', { trooper, startingKills: rollRecord }),
  'trooper.armourPolicySet': event('trooper.armourPolicySet', {
    trooperId: trooperIdSchema,
    policy: coreCommandSchemas.setArmourPolicy.shape.policy,
  }),
  'trooper.defaultWeaponSet': event('trooper.defaultWeaponSet', {
    trooperId: trooperIdSchema,
    weapon: weaponIdSchema,
  }),
  'trooper.rankWeaponChosen': event('trooper.rankWeaponChosen', {
    trooperId: trooperIdSchema,
    weapon: weaponIdSchema,
    replaces: weaponIdSchema,
  }),
  'ranks.assigned': event('ranks.assigned', {
    ranks: z.record(trooperIdSchema, count(8)),
    rolls: z.array(z.strictObject({ trooperId: trooperIdSchema, face, purpose: textCopy })).max(500),
  }),
  // Mission
  'planet.set': event('planet.set', {
    planet,
    entries: z.strictObject({
      name: z.number().int().min(1).max(20).optional(),
      form: z.number().int().min(1).max(20).optional(),
      description: z.number().int().min(1).max(20).optional(),
      aaMethod: z.number().int().min(1).max(20).optional(),
      ability: z.array(z.number().int().min(1).max(20)).max(20).optional(),
    }),
  }),
  'mission.briefed': event('mission.briefed', { text: textSchema }),
  'scene.added': event('scene.added', {
    text: nonEmptyTextSchema,
    secret: z.boolean(),
    by: seatIdSchema.optional(),
  }),
  'nfaTest.rolled': testEvent('nfaTest.rolled', { trooperId: trooperIdSchema, text: textSchema }),
  'scene.flashback': event('scene.flashback', {
    trooperId: trooperIdSchema,
    kind: z.enum(['strength', 'weakness']),
    text: nonEmptyTextSchema,
    slot: count(4),
  }),
  'encounter.started': event('encounter.started', {
    tokens: count(10_000),
    final: z.boolean(),
    description: textSchema,
    troopers: ids(),
  }),
  'mission.ended': event('mission.ended', {}),
  'encounter.ended': event('encounter.ended', {
    reason: z.enum([
      'allDead',
      'strength',
      'allBeyondFar',
      'standoff',
      'noTokens',
      'gm',
      'endEncounterAbility',
      'eVac',
      'orbitalBombardment',
    ]),
    squadAlive: z.boolean(),
    pool: count(10_000),
    planetCleared: z.boolean(),
  }),
  // Dominance and range
  'dominance.rolled': testEvent('dominance.rolled', { actor: actorKey }),
  'dominance.declined': event('dominance.declined', { trooperId: trooperIdSchema }),
  'dominance.resolved': event('dominance.resolved', {
    outcome: z.enum(['pcAmbush', 'alienAmbush', 'pc', 'aliens', 'allFail']),
    winner: actorKey.nullable(),
    tieBreaks,
  }),
  'dropPods.used': event('dropPods.used', { trooperId: trooperIdSchema }),
  'kineticField.used': event('kineticField.used', { trooperId: trooperIdSchema }),
  'range.set': event('range.set', { range: rangeSchema }),
  'ambush.resolved': event('ambush.resolved', {
    attacks: z
      .array(
        z.strictObject({
          trooperId: trooperIdSchema,
          face,
          tieBreak: count(10_000),
          kills: rollRecord.nullable(),
        }),
      )
      .max(100),
    tieBreaks,
  }),
  // Rounds
  'round.declared': event('round.declared', { trooperId: trooperIdSchema, declaration: declarationSchema }),
  'aliens.declared': event('aliens.declared', { emotional: z.literal(true).optional() }),
  'test.rolled': testEvent('test.rolled', { actor: actorKey }),
  'round.ordered': event('round.ordered', {
    queue: z
      .array(
        z.strictObject({
          actor: actorKey,
          face,
          success: z.boolean(),
          tieBreak: count(10_000),
          done: z.boolean(),
          cancelled: z.boolean(),
        }),
      )
      .max(200),
    tieBreaks,
  }),
  'drugs.used': testEvent('drugs.used', { trooperId: trooperIdSchema }),
  'turn.taken': event('turn.taken', {
    actor: actorKey,
    outcome: turnOutcome,
    move: moveSchema.optional(),
    moves: z
      .array(z.strictObject({ trooperId: trooperIdSchema, steps: z.number().int().min(-2).max(2) }))
      .max(50)
      .optional(),
    alienMovement: z.enum(['flee', 'swarm']).optional(),
    induce: rolledTest({ targetId: trooperIdSchema }).optional(),
    narration: textSchema.optional(),
  }),
  'kill.answered': event('kill.answered', { trooperId: trooperIdSchema, useArmour: z.boolean() }),
  // Flashbacks
  'strength.used': event('strength.used', {
    trooperId: trooperIdSchema,
    text: nonEmptyTextSchema,
    range: rangeSchema,
    kills: rollRecord,
  }),
  'weakness.used': event('weakness.used', {
    trooperId: trooperIdSchema,
    text: nonEmptyTextSchema,
    slot: count(4),
  }),
  // Aliens and GM
  'ability.used': event('ability.used', {
    ability: abilityIdSchema,
    from: z.enum(['encounter', 'pool']),
    cost: count(100),
    targetId: trooperIdSchema.optional(),
    ranges: z
      .array(z.strictObject({ trooperId: trooperIdSchema, range: rangeSchema }))
      .max(100)
      .optional(),
    test: testFace.optional(),
    round: count(10_000).optional(),
  }),
  'bonus.granted': event('bonus.granted', { trooperId: trooperIdSchema }),
  narration: event('narration', {
    actor: z.union([z.literal('gm'), actorKey]),
    text: nonEmptyTextSchema,
    secret: z.boolean(),
    by: seatIdSchema.optional(),
  }),
  'gm.noted': event('gm.noted', { text: nonEmptyTextSchema, by: seatIdSchema.optional() }),
  'gm.encounterEnded': event('gm.encounterEnded', { reason: textSchema }),
  'gm.adjusted': event('gm.adjusted', {
    adjustment: coreCommandSchemas.gmAdjust.shape.adjustment,
    reason: nonEmptyTextSchema,
  }),
  // Strategic weapons and vehicles
  'starkiller.fired': event('starkiller.fired', {
    trooperId: trooperIdSchema,
    planet: nameCopy,
    roll: rollRecord,
    kills: count(100_000),
    medal: medalId,
    text: textSchema,
  }).refine((e) => e.kills === e.roll.total * 10, { message: 'kills must be the roll’s total × 10' }),
  'device.activated': event('device.activated', { trooperId: trooperIdSchema, text: textSchema }),
  'vehicle.deployed': event('vehicle.deployed', {
    vehicle: vehicleIdSchema,
    ownerId: trooperIdSchema,
    driverId: trooperIdSchema,
  }),
  'vehicle.boarded': event('vehicle.boarded', {
    vehicle: vehicleIdSchema,
    ownerId: trooperIdSchema,
    trooperId: trooperIdSchema,
  }),
  'vehicle.left': event('vehicle.left', {
    vehicle: vehicleIdSchema,
    ownerId: trooperIdSchema,
    trooperId: trooperIdSchema,
  }),
  // Between missions
  'campaign.debriefed': event('campaign.debriefed', {
    mission: count(10_000),
    survivors: ids(),
    returning: ids(),
    medals: z
      .array(z.strictObject({ trooperId: trooperIdSchema, changes: z.array(medalChange).max(20) }))
      .max(100),
    deeds: z
      .array(
        z.strictObject({ trooperId: trooperIdSchema, medal: medalId, why: z.enum(['finalToken', 'gm']) }),
      )
      .max(100),
    inquiries: z.array(rolledTest({ trooperId: trooperIdSchema })).max(100),
  }),
  'campaign.levelsRolled': event('campaign.levelsRolled', {
    leaders: ids(),
    leaderRollOffs: rollOffs,
    topKiller: trooperIdSchema.nullable(),
    rolls: rollOffs,
    gainers: ids(),
  }),
  'campaign.levelTaken': event('campaign.levelTaken', {
    trooperId: trooperIdSchema,
    ability: z.enum(['fa', 'nfa']),
    slot: z.enum(['strength', 'weakness']).nullable(),
    source: z.enum(['level', 'gmReward']),
  }),
  'campaign.weaponImproved': event('campaign.weaponImproved', {
    trooperId: trooperIdSchema,
    weapon: weaponIdSchema,
    range: rangeSchema,
    source: z.enum(['automatic', 'gmReward']),
  }),
  'campaign.developmentRolled': testEvent('campaign.developmentRolled', {
    trooperId: trooperIdSchema,
    choice: campaignSchemas.developmentRoll.shape.choice,
    rank: count(8).nullable(),
    weapons: z.array(ownedWeapon).max(30),
    vehicles: z.array(heldSupport).max(20),
  }),
  'campaign.demotionTried': event('campaign.demotionTried', {
    nominatorId: trooperIdSchema,
    targetId: trooperIdSchema,
    nominator: testFace,
    target: testFace,
    demoted: z.boolean(),
  }),
  'campaign.brigadierFell': event('campaign.brigadierFell', {
    text: nonEmptyTextSchema,
    fieldPromotion: z
      .strictObject({
        candidates: ids(),
        tests: fieldPromotionTests,
        promoted: trooperIdSchema,
        vehicles: z.array(heldSupport).max(20),
      })
      .optional(),
  }),
  'campaign.gearTaken': event('campaign.gearTaken', {
    trooperId: trooperIdSchema,
    item: z.enum(EVERYDAY_GEAR),
  }),
  'campaign.missionGmSet': event('campaign.missionGmSet', {
    mission: count(10_000),
    seatId: seatIdSchema.nullable(),
    sittingOut: ids(),
    returning: ids(),
  }),
  'campaign.planetRolled': event('campaign.planetRolled', {
    rolls: z.array(rollRecord).max(50),
    encounterPlan: z.array(count(10_000)).max(100),
    aaExplanation: textCopy,
    threatReason: textCopy,
  }),
  'campaign.healedBeforePlanet': event('campaign.healedBeforePlanet', { troopers: ids() }),
  'campaign.replacementJoined': event('campaign.replacementJoined', {
    predecessorId: trooperIdSchema,
    trooper,
    startingKills: rollRecord,
  }),
  'campaign.hatredForHomeAdopted': event('campaign.hatredForHomeAdopted', {
    trooperId: trooperIdSchema,
    slot: count(4),
  }),
  'campaign.fieldPromotionRolled': event('campaign.fieldPromotionRolled', {
    rank: count(8),
    tests: fieldPromotionTests,
    promoted: trooperIdSchema,
  }),
  // Conflicts
  'conflict.started': event('conflict.started', { sides: bySide(conflictSide), description: textSchema }),
  'conflict.dominanceRolled': event('conflict.dominanceRolled', {
    tests: bySide(testFace),
    stayedOut: sideKey.optional(),
    rollOffs: z.array(z.strictObject({ side: sideKey, face })).max(200),
    outcome: z.enum(['ambush', 'best', 'allFail']),
    winner: sideKey.nullable(),
    prepared: z.array(sideKey).max(2).optional(),
  }).refine(
    (e) => (['a', 'b'] as const).every((side) => (e.tests[side].face === 0) === (e.stayedOut === side)),
    {
      message: 'only the side that stayed out has no die (face 0)',
    },
  ),
  'conflict.rangeSet': event('conflict.rangeSet', { range: rangeSchema, side: sideKey.optional() }),
  'conflict.declared': event('conflict.declared', {
    side: sideKey,
    action: campaignSchemas.declareConflict.shape.action,
  }),
  'conflict.roundRolled': event('conflict.roundRolled', {
    tests: bySide(rolledTest({})),
    waitFor: sideKey.optional(),
    prepared: z.array(sideKey).max(2).optional(),
    drugsFor: z.array(sideKey).max(2).optional(),
  }),
  'conflict.turnTaken': event('conflict.turnTaken', { side: sideKey, cancelled: z.boolean() }),
  'conflict.hitAnswered': event('conflict.hitAnswered', { useArmour: z.boolean(), side: sideKey.optional() }),
  'conflict.moved': event('conflict.moved', { side: sideKey, move: moveSchema }),
  'conflict.flashback': event('conflict.flashback', {
    side: sideKey,
    kind: z.enum(['strength', 'weakness']),
    text: nonEmptyTextSchema,
    slot: count(4),
  }),
  'conflict.drugsUsed': testEvent('conflict.drugsUsed', { side: sideKey }),
  'conflict.diceKept': event('conflict.diceKept', { sides: z.array(sideKey).min(1).max(2) }),
  'conflict.strengthAnswered': event('conflict.strengthAnswered', {
    side: sideKey,
    text: nonEmptyTextSchema,
    slot: count(4),
  }),
  'conflict.yielded': event('conflict.yielded', { side: sideKey }),
  'conflict.yieldAnswered': event('conflict.yieldAnswered', {
    accept: z.boolean(),
    side: sideKey.optional(),
  }),
  'conflict.orderImposed': event('conflict.orderImposed', {
    text: nonEmptyTextSchema,
    side: sideKey.optional(),
  }),
  'conflict.gmEnded': event('conflict.gmEnded', {
    winner: sideKey.nullable(),
    reason: textSchema,
    end: conflictEnd,
  }),
};

/** Whether an event could follow the state (`Ruleset.eventProblem`): the chat's numbering and reveals, overrides. */
export function threeSixteenEventProblem(state: ThreeSixteenState, event: ThreeSixteenEvent): string | null {
  if (isChatEvent(event)) return chatEventProblem(state.chat, event as ChatEvent);
  if (event.type === 'gm.adjusted') return overrideProblem(state, event.adjustment);
  if (event.type === 'round.ordered') return queueProblem(state, event.queue);
  return unknownTrooper(state, event);
}

/** Fields of an event that name a trooper already on the roster (a new trooper comes whole, in `trooper`). */
const TROOPER_FIELDS = [
  'trooperId',
  'targetId',
  'ownerId',
  'driverId',
  'nominatorId',
  'predecessorId',
  'actor',
];

/** An event about a trooper nobody created cannot follow anything. */
function unknownTrooper(state: ThreeSixteenState, event: ThreeSixteenEvent): string | null {
  const fields = event as unknown as Record<string, unknown>;
  for (const key of TROOPER_FIELDS) {
    const id = fields[key];
    if (typeof id !== 'string' || (key === 'actor' && !/^t[0-9]+$/.test(id))) continue;
    if (!state.troopers[id]) return `${key} ${id} names no trooper of the table`;
  }
  return null;
}

/** The round's queue holds each actor's roll as rolled (the Suicide attack acts on a 1, unrolled). */
function queueProblem(state: ThreeSixteenState, queue: EventOf<'round.ordered'>['queue']): string | null {
  const rolls = state.encounter?.rolls;
  if (!rolls) return 'no encounter round has been rolled';
  for (const slot of queue) {
    if (slot.actor === SUICIDE) continue;
    const roll = rolls[slot.actor];
    if (!roll || roll.face !== slot.face || roll.success !== slot.success)
      return `${slot.actor}'s place in the round is not the roll it made`;
  }
  return null;
}
