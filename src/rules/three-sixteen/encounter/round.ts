import { D10 } from '../../../engine/dice/die.ts';
import type { DiceSource } from '../../../engine/dice/source.ts';
import { type DiceSpec, type RollRecord, rollSpec } from '../../../engine/dice/typed.ts';
import { type PromotionRoster, promotionOnFall } from '../campaign/field-promotion.ts';
import { rollNfa, settleTie } from '../campaign/promotion-tests.ts';
import type { EncounterEndReason, HitRecord, HitSource } from '../state.ts';
import {
  ACTIVE,
  ALIENS_SET,
  Answer,
  ARMOUR_AVAILABLE,
  ARMOUR_USED,
  BEYOND_FAR,
  CLOSE,
  CRIPPLED,
  DEAD,
  DESTROYED,
  type EncounterRecord,
  FAR,
  IN,
  INTACT,
  NOBODY,
  OUT_BEYOND_FAR,
  OUT_DEAD,
  OUT_WEAKNESS,
  POLICY_ASK,
  POLICY_NEVER,
  Step,
} from './record.ts';
import {
  alienTarget,
  beatenByAliens,
  bonusAsRoundOpens,
  endsOutOfTokens,
  failedSlot,
  HEALTH_BOXES,
  isStandoff,
  KillFate,
  killCredited,
  killFate,
  nobodyFightingReason,
  regenerationRoundOf,
  roundsWithoutKillsAfter,
  stepPosition,
  tokensBackToPool,
  woundFells,
  xLeftAfterHealing,
} from './rulings.ts';

/**
 * The rules of an encounter's round on the encounter record (`record.ts`): the same steps, in the
 * same order, drawing the same dice for the same purposes as the command path's `decide` (with
 * its automatic steps) followed by `evolve` (core.ts, evolve.ts). Each function is one command's
 * worth: it applies its step, then lets the round move on by itself (`advance`) and rolls what
 * follows without anyone deciding (roll-offs, the order of the round, a PC ambush), as
 * `withAutomatic` does. Callers (the simulator's policy) check legality themselves: these
 * functions assume a legal move, as a policy that only picks legal moves gives them.
 */

/** Total of a kill roll, drawing the dice `rollSpec` would, in the same order. */
export function rollTotal(dice: DiceSource, spec: DiceSpec, purpose: string): number {
  switch (spec.kind) {
    case 'fixed':
      return spec.value;
    case 'pool': {
      let total = spec.bonus;
      for (let i = 0; i < spec.count; i++) total += dice.roll(spec.die, purpose);
      return total;
    }
    case 'percentile':
      return rollSpec(dice, spec, purpose).total;
  }
}

/**
 * Total of a kill roll; with `r.tieLog` set (the table), the roll is also kept whole in `r.kept`
 * for the event.
 */
function rollKept(r: EncounterRecord, dice: DiceSource, spec: DiceSpec, purpose: string): number {
  if (r.tieLog === null) return rollTotal(dice, spec, purpose);
  const roll: RollRecord = rollSpec(dice, spec, purpose);
  r.kept = roll;
  return roll.total;
}

/**
 * Trooper i's FA kill roll with `spec` (the weapon at its range, `r.weaponSpec`), or −1 when none
 * is made: the weapon cannot kill there, no token is left, or this round's kills are void. The
 * table's `takeTurn` and the simulator's turn both roll here.
 */
export function killRoll(r: EncounterRecord, i: number, spec: DiceSpec | null, dice: DiceSource): number {
  r.kept = null;
  if (spec === null || r.tokens <= 0 || r.killsVoid) return -1;
  return rollKept(r, dice, spec, r.label.kills[i] as string);
}

/** Trooper i's Strength kill roll with `spec` (`strengthDice` at the range it picks). */
export function strengthRoll(r: EncounterRecord, i: number, spec: DiceSpec, dice: DiceSource): number {
  r.kept = null;
  return rollKept(r, dice, spec, r.label.strength[i] as string);
}

/**
 * Combat drugs: trooper i's round die rolled again against the target it had; face and success
 * written. Returns that target (the table's `drugs.used` shows it).
 */
export function drugsDie(r: EncounterRecord, i: number, dice: DiceSource): number {
  const target = r.rollTarget[i] as number;
  const face = dice.roll(D10, `combat drugs re-roll of ${r.names[i]}`);
  drugsNoted(r, i, face, face <= target);
  return target;
}

/**
 * Combat drugs' re-roll of trooper i came up `face` (`drugs.used`; `drugsDie` rolls it): the round's
 * die is that face now, and once the round is ordered its turn takes its new place among those not
 * taken yet (after any it ties with: a success still cancelled stays failed). The Kill a 10 deals
 * its user is the caller's (`dealKill`).
 */
export function drugsNoted(r: EncounterRecord, i: number, face: number, success: boolean): void {
  r.rollFace[i] = face;
  r.rollSuccess[i] = success ? 1 : 0;
  r.rerolled |= 1 << i;
  r.rollNoted |= 1 << i;
  if (r.step !== Step.Resolve) return;
  let at = -1;
  for (let q = r.cursor; q < r.qLen; q++) if (r.qActor[q] === i) at = q;
  const cancelled = at >= 0 ? (r.qCancelled[at] as number) : 0;
  if (at < 0) at = r.qLen++;
  // The slot leaves its place and goes last, then down the turns not taken, stably (it acts after
  // those it ties with).
  for (let q = at + 1; q < r.qLen; q++) copySlot(r, q, q - 1);
  let k = r.qLen - 1;
  const acts = success && !cancelled ? 1 : 0;
  while (k > r.cursor && actsLater(r, k - 1, acts, face)) {
    copySlot(r, k - 1, k);
    k--;
  }
  r.qActor[k] = i;
  r.qFace[k] = face;
  r.qSuccess[k] = acts;
  r.qTie[k] = 0;
  r.qDone[k] = 0;
  r.qCancelled[k] = cancelled;
  r.queueMoved = true;
}

/**
 * Slot q acts after a slot of `success` and `face` with no roll-off place (the round's order:
 * successes first, then the higher face, then the higher roll-off).
 */
function actsLater(r: EncounterRecord, q: number, success: number, face: number): boolean {
  const s = r.qSuccess[q] as number;
  if (s !== success) return s < success;
  const f = r.qFace[q] as number;
  return f !== face ? f < face : (r.qTie[q] as number) < 0;
}

function copySlot(r: EncounterRecord, from: number, to: number): void {
  r.qActor[to] = r.qActor[from] as number;
  r.qFace[to] = r.qFace[from] as number;
  r.qSuccess[to] = r.qSuccess[from] as number;
  r.qTie[to] = r.qTie[from] as number;
  r.qDone[to] = r.qDone[from] as number;
  r.qCancelled[to] = r.qCancelled[from] as number;
}

/** Induce Weakness: the aliens' AA test on their turn, against `r.aa`. Returns the face. */
export function induceDie(dice: DiceSource): number {
  return dice.roll(D10, 'Induce Weakness');
}

// ---------------------------------------------------------------------------------------------
// Troopers hit, moved, felled

/** Trooper i to position `to`; everyone aboard the same vehicle goes with it (a vehicle is at one range). */
function moveTrooper(r: EncounterRecord, i: number, to: number): void {
  if (r.out[i] !== IN) return;
  const ride = r.ride[i] as number;
  if (ride < 0) {
    place(r, i, to);
    return;
  }
  for (let j = 0; j < r.n; j++) if (r.ride[j] === ride && r.out[j] === IN) place(r, j, to);
}

function place(r: EncounterRecord, i: number, to: number): void {
  r.pos[i] = to;
  if (to === BEYOND_FAR) {
    r.out[i] = OUT_BEYOND_FAR;
    r.alive--;
  }
}

/**
 * Trooper i moves `steps` (−1 closer, +1 farther; 0: none), its vehicle with it: its own step at the
 * end of its turn, its NFA manoeuvre's, or the aliens' push. The simulator's turns and evolve.ts
 * `turn` both move troopers here.
 */
export function moveBy(r: EncounterRecord, i: number, steps: number): void {
  if (steps === 0 || r.out[i] !== IN) return;
  moveTrooper(r, i, stepPosition(r.pos[i] as number, steps));
}

/** An earlier trooper rides in i's vehicle: that one moved it already (a vehicle moves once). */
function movedWithVehicle(r: EncounterRecord, i: number, fightingOnly: boolean): boolean {
  const ride = r.ride[i] as number;
  if (ride < 0) return false;
  for (let j = 0; j < i; j++) if (r.ride[j] === ride && (!fightingOnly || r.fighting(j))) return true;
  return false;
}

/** A Kill as it landed, noted for the table (`EncounterRecord.told`; the simulator asks for none). */
function tell(
  r: EncounterRecord,
  i: number,
  source: HitSource,
  result: HitRecord['result'],
  fell: boolean,
): void {
  r.told?.push({ i, source, result, fell });
}

/**
 * Marks the next health box, an E for the emotional attack (`emotional`) or an X; the third fells
 * the trooper (dead, or a wreck with an E). `by` (−1: nobody) is credited with a victim left Dead;
 * `face` (−1: none) is the face of the turn that dealt it. core.ts `applyWound`'s rule, on the record.
 */
export function applyWound(
  r: EncounterRecord,
  i: number,
  lasting: boolean,
  by: number,
  face: number,
  source: HitSource,
  emotional: boolean,
): void {
  if (r.status[i] !== ACTIVE) return;
  const box = r.wounds[i] as number;
  if (box >= HEALTH_BOXES) return;
  r.wounds[i] = box + 1;
  r.struck[i] = (r.struck[i] as number) + 1;
  if (emotional) r.eMarks[i] = (r.eMarks[i] as number) | (1 << box);
  else if (lasting) r.lastingWounds[i] = (r.lastingWounds[i] as number) + 1;
  const fells = woundFells(box);
  tell(r, i, source, emotional ? 'E' : 'X', fells);
  if (!fells) return;
  r.status[i] = DEAD;
  // Orbital Bombardment reaches troopers gone beyond Far too.
  if (r.out[i] === IN) r.alive--;
  r.out[i] = OUT_DEAD;
  leaveVehicle(r, i);
  if (r.forced === i) r.forced = -1;
  if (face >= 0) r.fellAt[i] = face;
  if (killCredited(by >= 0, by === i, emotional)) {
    r.kills[by] = (r.kills[by] as number) + 1;
    r.roundKills[by] = (r.roundKills[by] as number) + 1;
  }
  if (r.pc[i]) fallen(r, i);
}

/**
 * A PC of the field promotions' roster (`EncounterRecord.seniority`): `m` below `n` is trooper `m`
 * of the fight, from `n` on the PC kept out of it `m − n` (`keptIds`), alive while the fight lasts.
 */
function memberAlive(r: EncounterRecord, m: number): boolean {
  return m < r.n ? (r.pc[m] as boolean) && r.status[m] === ACTIVE : true;
}

function memberRank(r: EncounterRecord, m: number): number {
  return (m < r.n ? r.rank[m] : r.keptRank[m - r.n]) as number;
}

/** Promoted in the field to `rank` (never down). */
function promote(r: EncounterRecord, m: number, rank: number): void {
  if (memberRank(r, m) >= rank) return;
  if (m < r.n) r.rank[m] = rank;
  else r.keptRank[m - r.n] = rank;
}

/**
 * A PC fell: who steps up (campaign/field-promotion.ts `promotionOnFall`, the rule the table's
 * state shares). The record holds every PC alive, those kept out of the fight too
 * (`EncounterRecord.seniority`), and a promotion changes nothing else it plays: weapons in hand,
 * FA, NFA and armour stay as they are. Several candidates wait for `fieldPromotionRoll`, the
 * policy's next move.
 */
function fallen(r: EncounterRecord, dead: number): void {
  promotionOnFall(new RecordRoster(r), dead, r.rank[dead] as number);
}

/** The record as a field promotion's roster: PCs by their place in `seniority`. */
class RecordRoster implements PromotionRoster<number> {
  constructor(private readonly r: EncounterRecord) {}
  get members(): readonly number[] {
    return this.r.seniority;
  }
  alive(m: number): boolean {
    return memberAlive(this.r, m);
  }
  rank(m: number): number {
    return memberRank(this.r, m);
  }
  promote(m: number, rank: number): void {
    promote(this.r, m, rank);
  }
  waitingRank(): number {
    return this.r.promotionRank;
  }
  waitingCandidates(): readonly number[] {
    return this.r.promotionCandidates;
  }
  keepWaiting(left: readonly number[]): void {
    if (left.length === 0) this.r.promotionRank = 0;
    this.wait(this.r.promotionRank, left);
  }
  wait(rank: number, candidates: readonly number[]): void {
    const waiting = this.r.promotionCandidates;
    this.r.promotionRank = rank;
    waiting.length = 0;
    for (const m of candidates) waiting.push(m);
  }
}

/** `rollFieldPromotion`: the waiting candidates test NFA until one is left, who takes the rank. */
export function fieldPromotionRoll(r: EncounterRecord, dice: DiceSource): void {
  const { winner } = settleTie(r.promotionCandidates, (m) =>
    m < r.n
      ? rollNfa(dice, 'field promotion', r.names[m] as string, r.nfa[m] as number)
      : rollNfa(dice, 'field promotion', r.keptNames[m - r.n] as string, r.keptNfa[m - r.n] as number),
  );
  const rank = r.promotionRank;
  r.promotionRank = 0;
  r.promotionCandidates.length = 0;
  promote(r, winner, rank);
}

/**
 * A Kill lands on trooper i (the table's every Kill: core.ts `dealKill` and round.ts `strike` run
 * it on a record of the state). A kinetic field in working order turns an armour-stoppable one
 * aside; it waits for an answer when the trooper asks to be asked and has one (armour, or a
 * flashback); else the armour takes it (MandelBrite, then the Drop Ship's tick; as the trooper's
 * policy says) or it wounds. `emotional`: an E, which no armour stops. Stop Technology leaves
 * the kinetic field and the Drop Ship dead this round (MandelBrite still works).
 */
export function dealKill(
  r: EncounterRecord,
  i: number,
  stoppable: boolean,
  lasting: boolean,
  by: number,
  face: number,
  source: HitSource,
  emotional: boolean,
): void {
  if (r.status[i] !== ACTIVE) return;
  r.killsThisRound++;
  const policy = r.armourPolicy[i];
  const armourStops = stoppable && !emotional;
  const fate = killFate(
    armourStops && r.shield[i] === 1 && !r.techDown,
    armourStops && (r.armour[i] === ARMOUR_AVAILABLE || (r.dropTick[i] === 1 && !r.techDown)),
    policy === POLICY_ASK,
    (r.strengthsLeft[i] as number) > 0 || (r.weaknessesLeft[i] as number) > 0,
    policy === POLICY_NEVER,
  );
  if (fate === KillFate.Stopped) {
    tell(r, i, source, 'stopped', false);
    return;
  }
  if (fate === KillFate.Asked) {
    // The simulator's policy takes it at once when nothing it could choose depends on it: no
    // Kill waiting for the table to answer in between, so the same order and the same end.
    if (r.answers !== null && r.pLen === 0) {
      const now = r.answers.atOnce(r, i, armourStops);
      if (now === Answer.Armour) {
        tickArmour(r, i, source);
        return;
      }
      if (now === Answer.Wound) {
        applyWound(r, i, lasting, by, face, source, emotional);
        return;
      }
    }
    const p = r.pLen++;
    r.pTrooper[p] = i;
    r.pStoppable[p] = armourStops ? 1 : 0;
    r.pLasting[p] = lasting ? 1 : 0;
    r.pBy[p] = by;
    r.pFace[p] = face;
    r.pSource[p] = source;
    r.pMark[p] = emotional ? 1 : 0;
    tell(r, i, source, 'asked', false);
    return;
  }
  if (fate === KillFate.Armour) tickArmour(r, i, source);
  else applyWound(r, i, lasting, by, face, source, emotional);
}

/** The armour takes a Kill: MandelBrite if it is available, else the Drop Ship's extra tick. */
function tickArmour(r: EncounterRecord, i: number, source: HitSource): void {
  tell(r, i, source, 'armour', false);
  if (r.armour[i] === ARMOUR_AVAILABLE) r.armour[i] = ARMOUR_USED;
  else {
    r.dropTick[i] = 0;
    r.dropTicked[i] = 1;
  }
}

/**
 * An alien attack at `face` (the round's AA success, their Suicide, −1 for the ambush): a Kill
 * to every trooper it reaches (`strike`): still fighting, and (with a face) not spared at Far by
 * Reduce Visibility and in the round's order with a failure, a cancelled success or a success of
 * that face or lower. The round's AA success marks an E when declared emotional. The table's
 * core.ts `resolveAlienAttack` deals it too.
 */
export function alienAttack(r: EncounterRecord, face: number, source: HitSource): void {
  const emotional = source === 'aliens' && r.emotional;
  const n = r.n;
  // Who is reached, read in one pass over the queue before any Kill lands (a Kill changes only
  // its victim and the vehicle it rides).
  for (let i = 0; i < n; i++) reached[i] = face < 0 ? 1 : 0;
  if (face >= 0)
    for (let q = 0; q < r.qLen; q++) {
      const a = r.qActor[q] as number;
      if (a < n && beatenByAliens(r.qSuccess[q] === 1, r.qCancelled[q] === 1, r.qFace[q] as number, face))
        reached[a] = 1;
    }
  for (let i = 0; i < n; i++)
    if (!r.fighting(i) || (face >= 0 && r.reduceVisibility && r.pos[i] === FAR)) reached[i] = 0;
  strike(r, face, source, !emotional && !r.ignoreArmour, emotional);
}

/**
 * Exploding Bodies: a Kill on every trooper it reaches (`caughtByExplodingBodies`), through
 * `strike`. The simulator's `explodingBodies` and the table's evolve.ts `ability` deal it here.
 */
export function bodiesExplode(r: EncounterRecord): void {
  for (let i = 0; i < r.n; i++) reached[i] = caughtByExplodingBodies(r, i) ? 1 : 0;
  strike(r, -1, 'explodingBodies', !r.ignoreArmour, false);
}

/** Troopers a strike reaches (1), by index: `strike`'s input (one strike at a time per thread). */
const reached: number[] = [];
/** Riders of a destroyed APC not reached by the strike: crushed (`strike`'s scratch). */
const crushed: number[] = [];

/**
 * One attack of the aliens reaching the troopers marked in `reached` (the AA success, the Suicide
 * blast, the ambush, Exploding Bodies): first each vehicle with a rider reached takes one Kill
 * (intact → Crippled → destroyed, `vehicleStruck`), unless Stop Technology leaves it inert or the
 * attack is emotional (an E wears down the riders, not the machine); an intact APC shields its
 * riders from an armour-stoppable attack, and a Crippled one, destroyed by it, crushes everyone
 * still aboard it (a Kill, once, not on top of the attack's). Then the Kills, in the troopers'
 * order, then the crushed, in each vehicle's order of riders (vehicle-rules.ts).
 */
function strike(
  r: EncounterRecord,
  face: number,
  source: HitSource,
  stoppable: boolean,
  emotional: boolean,
): void {
  let crushedLen = 0;
  if (r.vehicles > 0 && !r.techDown && !emotional)
    for (let v = 0; v < r.vehicles; v++) {
      if (r.vDamage[v] === DESTROYED) continue;
      const riders = r.vRiders[v] as number[];
      let hit = false;
      for (const i of riders) if (reached[i] === 1) hit = true;
      if (!hit) continue;
      if (r.vShields[v] && stoppable) {
        if (r.vDamage[v] === INTACT) for (const i of riders) reached[i] = 0;
        else for (const i of riders) if (reached[i] !== 1) crushed[crushedLen++] = i;
      }
      vehicleStruck(r, v);
    }
  const lasting = r.lasting;
  for (let i = 0; i < r.n; i++)
    if (reached[i] === 1) dealKill(r, i, stoppable, lasting, -1, face, source, emotional);
  for (let k = 0; k < crushedLen; k++)
    dealKill(r, crushed[k] as number, stoppable, lasting, -1, face, 'vehicleDestroyed', emotional);
}

/** Vehicle v takes a Kill: Crippled, or destroyed (its riders step out where it stands). */
function vehicleStruck(r: EncounterRecord, v: number): void {
  r.noteRidesChanged();
  if (r.vDamage[v] === INTACT) {
    r.vDamage[v] = CRIPPLED;
    r.told?.push({ v, destroyed: false });
    return;
  }
  r.vDamage[v] = DESTROYED;
  const riders = r.vRiders[v] as number[];
  for (const i of riders) {
    r.ride[i] = -1;
    // Out of a destroyed Drop Ship, its extra Armour tick is gone.
    r.dropTick[i] = 0;
  }
  riders.length = 0;
  r.told?.push({ v, destroyed: true });
}

/**
 * Trooper i leaves the vehicle it rides (it fell, or showed a Weakness): the wheel passes to the
 * next rider; an empty vehicle keeps its last driver.
 */
function leaveVehicle(r: EncounterRecord, i: number): void {
  const v = r.ride[i] as number;
  if (v < 0) return;
  r.noteRidesChanged();
  r.ride[i] = -1;
  r.dropTick[i] = 0;
  const riders = r.vRiders[v] as number[];
  const at = riders.indexOf(i);
  if (at >= 0) riders.splice(at, 1);
  if (r.vDriver[v] === i && riders.length > 0) r.vDriver[v] = riders[0] as number;
}

// ---------------------------------------------------------------------------------------------
// Rounds and the end

function setAllRanges(r: EncounterRecord, range: number): void {
  for (let i = 0; i < r.n; i++) if (r.out[i] === IN) r.pos[i] = range;
  r.rangeSetHere = true;
}

/** Opens the next round (core.ts `startRound` writes it back to the table's state). */
export function startRound(r: EncounterRecord): void {
  const bonus = bonusAsRoundOpens(r.enraged, r.round, r.aaBonus, r.planetAa);
  if (bonus !== r.aaBonus) {
    r.aaBonus = bonus;
    r.aa = alienTarget(r.planetAa, bonus);
  }
  r.step = Step.Declare;
  r.round++;
  for (let a = 0; a <= r.suicide; a++) {
    r.declared[a] = 0;
    r.rolled[a] = 0;
  }
  r.aliensDeclared = false;
  r.qLen = 0;
  r.cursor = 0;
  r.killsThisRound = 0;
  r.killsVoid = false;
  r.techDown = false;
  r.emotional = false;
  // The round before last leaves the record's reach but for a Regeneration of an old log (`regenerated`).
  if (r.regeneration && r.removedLast > 0) {
    r.olderRound = r.round - 2;
    r.removedOlder = r.removedLast;
  }
  r.removedLast = r.removedNow;
  r.removedNow = 0;
  for (let i = 0; i < r.n; i++) {
    r.fellAt[i] = -1;
    r.lastRoundKills[i] = r.roundKills[i] as number;
    r.roundKills[i] = 0;
  }
}

/**
 * The encounter ends (for the table and the simulator alike): the tokens left go back to the
 * planet's pool, or are discarded when the ending says so; every fighter still alive heals as
 * between encounters (one who left through a Weakness healed as it left). The rest of the end is
 * what the record does not hold, on the table's state: core.ts `finishEncounter` (weapons back in
 * hand, support lost, the PCs kept out healing, the planet's and mission's counts).
 */
function finish(r: EncounterRecord, reason: EncounterEndReason): void {
  if (r.endReason === null) r.endReason = reason;
  r.returned = 0;
  if (r.tokens > 0) {
    if (tokensBackToPool(r.endReason)) {
      r.returned = r.tokens;
      r.pool += r.tokens;
    } else r.discarded += r.tokens;
    r.tokens = 0;
  }
  for (let i = 0; i < r.n; i++) if (r.status[i] === ACTIVE && r.out[i] !== OUT_WEAKNESS) healed(r, i);
  restingHealed(r);
  r.step = Step.Ended;
}

/**
 * The book heals every trooper between encounters, also those the GM kept out of this one: each
 * resting one alive loses one X unless it is a Lasting Wound (`xLeftAfterHealing`; its E marks are
 * not kept on the record, they all heal). On the sheets by record.ts `writeResting`.
 */
export function restingHealed(r: EncounterRecord): void {
  for (let k = 0; k < r.restingIds.length; k++)
    if (r.restingStatus[k] === ACTIVE)
      r.restingWounds[k] = xLeftAfterHealing(r.restingWounds[k] as number, r.restingLasting[k] as number);
}

/** The slot at the cursor is taken (or passed over): the next one's turn. */
export function doneSlot(r: EncounterRecord): void {
  r.qDone[r.cursor] = 1;
  r.cursor++;
}

/** The aliens still hold a success tied with the turn just taken (tied successes act together). */
function alienTiedStillToAct(r: EncounterRecord): boolean {
  if (r.step !== Step.Resolve) return false;
  const last = r.cursor - 1;
  if (last < 0 || !r.qSuccess[last] || r.qCancelled[last]) return false;
  for (let q = r.cursor; q < r.qLen; q++) {
    if (
      r.qActor[q] === r.n &&
      r.qSuccess[q] &&
      !r.qCancelled[q] &&
      !r.qDone[q] &&
      r.qFace[q] === r.qFace[last]
    )
      return true;
  }
  return false;
}

/** The aliens' Suicide attack of this round is declared and has not struck yet (core.ts's twin). */
function suicideStillToStrike(r: EncounterRecord): boolean {
  if (!r.rolled[r.suicide]) return false;
  if (r.step === Step.Declare || r.step === Step.Roll) return true;
  if (r.step !== Step.Resolve) return false;
  for (let q = 0; q < r.qLen; q++) if (r.qActor[q] === r.suicide && !r.qDone[q]) return true;
  return false;
}

/**
 * Every turn of the round taken: the round counts towards a standoff, then the next round opens.
 * True, and no round opened, when it makes a standoff (the caller ends the encounter: `advance`
 * here, core.ts `advance` on the table's state).
 */
export function closeRound(r: EncounterRecord): boolean {
  const quiet = roundsWithoutKillsAfter(r.killsThisRound, r.roundsWithoutKills);
  // Each token removed is one troopers' kill: Ignore Wounds may still void them in the next round.
  r.roundsWithoutKillsIfVoid = roundsWithoutKillsAfter(r.killsThisRound - r.removedNow, r.roundsWithoutKills);
  r.roundsWithoutKills = quiet;
  if (isStandoff(quiet)) return true;
  startRound(r);
  return false;
}

/**
 * Suicide (`useAbility`, ability.used): the aliens give up a token of the encounter for an attack
 * that acts as a success of 1 this round. Taken before the round's declarations.
 */
export function suicide(r: EncounterRecord): void {
  pay(r, false, 1);
  suicideDeclared(r);
  advance(r);
}

/** The Suicide attack of this round, paid for: a success of 1 in the round's order. */
export function suicideDeclared(r: EncounterRecord): void {
  r.rolled[r.suicide] = 1;
  r.rollFace[r.suicide] = 1;
  r.rollSuccess[r.suicide] = 1;
}

/**
 * After anything happens: the round moves on by itself until someone must decide. The simulator
 * calls it after each step; core.ts `advance` runs it on the table's record after every event.
 */
export function advance(r: EncounterRecord): void {
  for (let guard = 0; guard < 1000; guard++) {
    if (r.pLen > 0) {
      // The simulator's policy answers them here, its next moves (each answer moved the round on
      // only to stop at the next Kill waiting); the table waits for its players.
      if (r.answers === null) return;
      r.answers.answer(r);
      if (r.pLen > 0) return;
    }
    if (r.step === Step.Ended || r.forced >= 0) return;
    if (r.endReason !== null) {
      finish(r, r.endReason);
      return;
    }
    if (r.step === Step.Dominance || r.step === Step.SetRange) return;
    // The queue scans only when no token is left (most steps hold some).
    if (r.tokens <= 0 && endsOutOfTokens(r.tokens, alienTiedStillToAct(r), suicideStillToStrike(r))) {
      finish(r, 'noTokens');
      return;
    }
    const now = r.step === Step.Resolve && r.cursor < r.qLen ? r.cursor : -1;
    if (now >= 0) {
      // A trooper felled by a success tied with its own still strikes first.
      const a = r.qActor[now] as number;
      if (
        a < r.n &&
        r.out[a] === OUT_DEAD &&
        r.qSuccess[now] &&
        !r.qCancelled[now] &&
        r.fellAt[a] === r.qFace[now]
      )
        return;
    }
    if (r.alive === 0) {
      let anyGone = false;
      let anyAlive = false;
      for (let i = 0; i < r.n; i++) {
        // Gone beyond Far, or through a Weakness (core.ts `advance`).
        if (r.out[i] === OUT_BEYOND_FAR || r.out[i] === OUT_WEAKNESS) anyGone = true;
        if (r.status[i] === ACTIVE) anyAlive = true;
      }
      finish(r, nobodyFightingReason(anyGone, anyAlive));
      return;
    }
    if (r.step !== Step.Resolve) return;
    if (now < 0) {
      if (closeRound(r)) finish(r, 'standoff');
      return;
    }
    const a = r.qActor[now] as number;
    if (a === r.n) return;
    if (a === r.suicide) {
      // The Suicide attack strikes on its own at its place in the order (vehicles too: `strike`).
      alienAttack(r, r.qFace[now] as number, 'suicide');
      doneSlot(r);
      continue;
    }
    if (r.out[a] !== IN) {
      doneSlot(r);
      continue;
    }
    return;
  }
}

// ---------------------------------------------------------------------------------------------
// Roll-offs and the automatic steps
//
// The table's `decide` (withAutomatic) runs these same functions on a record of its state to roll
// what follows a command without anyone deciding; it sets `r.tieLog` to get the roll-off faces
// (and the ambush's kill rolls) for its events. The simulator leaves it null.

/** Notes a roll-off face for the table's event. */
function logTie(r: EncounterRecord, a: number, face: number): void {
  r.tieLog?.push({ actor: r.actorKey[a] as string, face });
}

/**
 * Scratch for roll-offs (one at a time per thread): the actors being ordered and each one's last
 * face, a segment per level of re-rolls.
 */
const offActors: number[] = [];
const offFaces: number[] = [];

/**
 * Roll-off among the tied actors in `offActors[start, start + count)`, put in order there, highest
 * first: each rolls a d10 in turn, then each set of equal faces (highest first, in their order)
 * re-rolls among itself the same way. `label` names each die's purpose. In place: a stable sort of
 * the segment by face, then each run of equal faces again (no lists built; the same dice in the
 * same order as building a list per face).
 */
function rollOffSegment(
  r: EncounterRecord,
  dice: DiceSource,
  start: number,
  count: number,
  label: (a: number) => string,
): void {
  if (count <= 1) return;
  const end = start + count;
  for (let k = start; k < end; k++) {
    const a = offActors[k] as number;
    const face = dice.roll(D10, label(a));
    logTie(r, a, face);
    offFaces[k] = face;
  }
  for (let k = start + 1; k < end; k++) {
    const a = offActors[k] as number;
    const f = offFaces[k] as number;
    let j = k;
    while (j > start && (offFaces[j - 1] as number) < f) {
      offActors[j] = offActors[j - 1] as number;
      offFaces[j] = offFaces[j - 1] as number;
      j--;
    }
    offActors[j] = a;
    offFaces[j] = f;
  }
  // Each run of one face re-rolls; a run's re-rolls write only inside the run.
  for (let k = start; k < end; ) {
    const f = offFaces[k] as number;
    let run = k + 1;
    while (run < end && offFaces[run] === f) run++;
    rollOffSegment(r, dice, k, run - k, label);
    k = run;
  }
}

/** Each actor's place in a roll-off among the first `count` of `group` (higher acts first), written into `tie`. */
function rollOff(
  r: EncounterRecord,
  dice: DiceSource,
  group: readonly number[],
  count: number,
  label: (a: number) => string,
  tie: number[],
): void {
  for (let k = 0; k < count; k++) offActors[k] = group[k] as number;
  rollOffSegment(r, dice, 0, count, label);
  for (let k = 0; k < count; k++) tie[offActors[k] as number] = count - k;
}

/**
 * A round's roll-off at `face` (the same dice as `rollOff`). Two actors, the usual tie, roll
 * without building a list: both roll, again while level.
 */
function roundRollOff(
  r: EncounterRecord,
  dice: DiceSource,
  group: readonly number[],
  count: number,
  face: number,
  tie: number[],
): void {
  if (count === 2) {
    const a = group[0] as number;
    const b = group[1] as number;
    for (;;) {
      const fa = dice.roll(D10, r.tieLabel(face, a));
      logTie(r, a, fa);
      const fb = dice.roll(D10, r.tieLabel(face, b));
      logTie(r, b, fb);
      if (fa === fb) continue;
      tie[a] = fa > fb ? 2 : 1;
      tie[b] = fa > fb ? 1 : 2;
      return;
    }
  }
  rollOff(r, dice, group, count, (a) => r.tieLabel(face, a), tie);
}

/**
 * Dominance's contenders (`dominanceOutcome`, then `dominanceBest` narrowing them in place): one
 * resolution at a time per thread, so no list is made per encounter.
 */
const contenders: number[] = scratch();
const contenderFaces: number[] = scratch();

/**
 * The best Dominance face among the first `count` of `contenders`; ties roll d10s (each in turn, in
 * the contenders' order), re-rolled among the highest while level.
 */
function dominanceBest(r: EncounterRecord, dice: DiceSource, count: number): number {
  let top = 0;
  for (let k = 0; k < count; k++) top = Math.max(top, r.domFace[contenders[k] as number] as number);
  let len = 0;
  for (let k = 0; k < count; k++) {
    const a = contenders[k] as number;
    if (r.domFace[a] === top) contenders[len++] = a;
  }
  while (len > 1) {
    let hi = 0;
    for (let k = 0; k < len; k++) {
      const a = contenders[k] as number;
      const face = dice.roll(D10, r.dominanceTieLabel(a));
      logTie(r, a, face);
      contenderFaces[k] = face;
      if (face > hi) hi = face;
    }
    let kept = 0;
    for (let k = 0; k < len; k++) if (contenderFaces[k] === hi) contenders[kept++] = contenders[k] as number;
    len = kept;
  }
  return contenders[0] as number;
}

/** How Dominance came out (`dominance.resolved`'s outcome). */
export const Dominance = {
  PcAmbush: 0,
  AlienAmbush: 1,
  AllFail: 2,
  /** A trooper's or the aliens' best success: they set the range. */
  Won: 3,
} as const;
export type Dominance = (typeof Dominance)[keyof typeof Dominance];

/**
 * How Dominance came out once every die is down (ties roll off); the winner goes to
 * `r.rangeSetter` (a trooper, `ALIENS_SET`, or `NOBODY` when everyone failed).
 */
export function dominanceOutcome(r: EncounterRecord, dice: DiceSource): Dominance {
  // The troopers' successes into `contenders`, in the encounter's order.
  let successes = 0;
  let rolledPcs = 0;
  for (let i = 0; i < r.n; i++) {
    if (!r.fighting(i) || r.domDeclined[i]) continue;
    rolledPcs++;
    if (r.domSuccess[i]) contenders[successes++] = i;
  }
  const aliensOk = r.domSuccess[r.n] === 1;
  if (rolledPcs > 0 && successes === rolledPcs && !aliensOk) {
    r.rangeSetter = dominanceBest(r, dice, successes);
    return Dominance.PcAmbush;
  }
  if (aliensOk && successes === 0) {
    r.rangeSetter = ALIENS_SET;
    return Dominance.AlienAmbush;
  }
  if (!aliensOk && successes === 0) {
    r.rangeSetter = NOBODY;
    return Dominance.AllFail;
  }
  if (aliensOk) contenders[successes++] = r.n;
  const winner = dominanceBest(r, dice, successes);
  r.rangeSetter = winner === r.n ? ALIENS_SET : winner;
  return Dominance.Won;
}

function resolveDominance(r: EncounterRecord, dice: DiceSource): void {
  const outcome = dominanceOutcome(r, dice);
  if (outcome === Dominance.PcAmbush) {
    r.ambush = 2;
    r.step = Step.SetRange;
  } else if (outcome === Dominance.AlienAmbush) aliensAmbush(r);
  else if (outcome === Dominance.AllFail) rangeSet(r, FAR);
  else r.step = Step.SetRange;
  advance(r);
}

/**
 * The troopers' ambush, rolled: each fighter's order d10 (ties roll off), then a kill roll each
 * in that order while tokens last. Returns how many fire; `ambushOrder`, `ambushFace`,
 * `ambushTie` and `ambushKills` hold the rest (by trooper). With `r.tieLog` set, the kill rolls
 * are kept whole in `r.ambushKills` for the table's `ambush.resolved`.
 */
export const ambushOrder: number[] = [];
export const ambushFace: number[] = [];
export const ambushTie: number[] = [];
export const ambushKills: number[] = [];

export function ambushAttacks(r: EncounterRecord, dice: DiceSource): number {
  const ids: number[] = [];
  for (let i = 0; i < r.n; i++) {
    if (!r.fighting(i)) continue;
    ids.push(i);
    ambushFace[i] = dice.roll(D10, r.label.ambushOrder[i] as string);
    ambushTie[i] = 0;
  }
  for (let face = 10; face >= 1; face--) {
    const group = ids.filter((i) => ambushFace[i] === face);
    if (group.length > 1)
      rollOff(
        r,
        dice,
        group,
        group.length,
        (a) => `ambush tie-break at ${face} (${r.actorKey[a]})`,
        ambushTie,
      );
  }
  const order = ids
    .slice()
    .sort(
      (x, y) =>
        (ambushFace[y] as number) - (ambushFace[x] as number) ||
        (ambushTie[y] as number) - (ambushTie[x] as number),
    );
  let tokens = r.tokens;
  const keep = r.tieLog !== null;
  for (let k = 0; k < order.length; k++) {
    const i = order[k] as number;
    ambushOrder[k] = i;
    const p = r.pos[i] as number;
    const spec = p === BEYOND_FAR ? null : (r.spec[i]?.[p] ?? null);
    ambushKills[i] = -1;
    r.kept = null;
    if (spec && tokens > 0) {
      ambushKills[i] = rollKept(r, dice, spec, r.label.ambushKills[i] as string);
      tokens--;
    }
    if (keep) r.ambushKills[i] = r.kept;
  }
  return order.length;
}

/** The troopers' ambush: each fires in d10 order, a token each while tokens last. */
function pcAmbush(r: EncounterRecord, dice: DiceSource): void {
  const count = ambushAttacks(r, dice);
  for (let k = 0; k < count; k++) {
    const i = ambushOrder[k] as number;
    ambushKill(r, i, ambushKills[i] as number);
  }
  startRound(r);
  advance(r);
}

/**
 * One trooper's fire in the troopers' ambush (`ambush.resolved`; −1: no kill roll): with a token
 * left, it takes one and counts its kills. evolve.ts runs it on its state's record too.
 */
export function ambushKill(r: EncounterRecord, i: number, kills: number): void {
  if (kills >= 0 && r.tokens > 0) tokenKilled(r, i, kills);
}

/** Trooper i's kill roll of `kills` takes a token out of the encounter: counted for it and for the round. */
function tokenKilled(r: EncounterRecord, i: number, kills: number): void {
  // Whoever takes the planet's last token (none left in the pool either) is noted for its medal.
  if (r.tokens === 1 && r.pool === 0) r.finalTokenBy = i;
  r.tokens--;
  r.removedNow++;
  r.killedTokens++;
  r.kills[i] = (r.kills[i] as number) + kills;
  r.roundKills[i] = (r.roundKills[i] as number) + kills;
  r.killsThisRound++;
}

/**
 * Scratch lists for a round's order (one encounter at a time per thread): the actors of each place
 * in the order (`orderKey`) as a linked list in the actors' order, and a roll-off's group.
 */
const head: number[] = scratch();
const tail: number[] = scratch();
const next: number[] = scratch();
const group: number[] = scratch();
const tie: number[] = scratch();

/** A scratch list already as long as any key or actor index (32), so writes never grow it or leave holes. */
function scratch(): number[] {
  return new Array<number>(32).fill(0);
}

/**
 * An actor's place in the round's order: successes before failures, then the higher face (1–30,
 * higher first; actors with the same key roll off when they succeeded, else keep their order).
 */
function orderKey(success: number, face: number): number {
  return success ? 20 + face : face;
}

/**
 * The round's order once every die is down, written into the queue: successes high to low (ties
 * by roll-off), then failures high to low; the Suicide attack is a success of 1. The actors go
 * into lists by key as they are read (a bit per key in use), so the order comes out in one pass
 * over the keys in use, high to low, without comparing actors; roll-offs come in the same order
 * (highest face first), drawing the same dice.
 */
export function orderQueue(r: EncounterRecord, dice: DiceSource): void {
  let used = 0;
  for (let a = 0; a <= r.suicide; a++) {
    // Every fighter's die, the aliens' and their Suicide's, in the actors' order.
    if (!r.rolled[a] || (a < r.n && r.out[a] !== IN)) continue;
    const key = orderKey(r.rollSuccess[a] as number, r.rollFace[a] as number);
    const bit = 1 << key;
    tie[a] = 0;
    next[a] = -1;
    if (used & bit) next[tail[key] as number] = a;
    else {
      used |= bit;
      head[key] = a;
    }
    tail[key] = a;
  }
  let len = 0;
  while (used !== 0) {
    const key = 31 - Math.clz32(used);
    used ^= 1 << key;
    const first = head[key] as number;
    if (next[first] === -1) {
      writeSlot(r, len++, first);
      continue;
    }
    let count = 0;
    for (let a = first; a !== -1; a = next[a] as number) group[count++] = a;
    if (key > 20) {
      // Tied successes roll off; the higher roll acts first (each roll-off's places differ).
      roundRollOff(r, dice, group, count, key - 20, tie);
      for (let k = 1; k < count; k++) {
        const a = group[k] as number;
        let j = k;
        while (j > 0 && (tie[a] as number) > (tie[group[j - 1] as number] as number)) {
          group[j] = group[j - 1] as number;
          j--;
        }
        group[j] = a;
      }
    }
    for (let k = 0; k < count; k++) writeSlot(r, len++, group[k] as number);
  }
  r.qLen = len;
  r.cursor = 0;
}

/** Slot `k` of the queue: actor `a` with its die and roll-off place, not yet taken. */
function writeSlot(r: EncounterRecord, k: number, a: number): void {
  r.qActor[k] = a;
  r.qFace[k] = r.rollFace[a] as number;
  r.qSuccess[k] = r.rollSuccess[a] as number;
  r.qTie[k] = tie[a] as number;
  r.qDone[k] = 0;
  r.qCancelled[k] = 0;
}

function orderRound(r: EncounterRecord, dice: DiceSource): void {
  orderQueue(r, dice);
  r.step = Step.Resolve;
  advance(r);
}

/** What the table rolls on its own after a step, until a person must decide. */
function automatic(r: EncounterRecord, dice: DiceSource): void {
  for (let guard = 0; guard < 20; guard++) {
    if (r.step === Step.Ended || r.pLen > 0) return;
    if (r.step === Step.Dominance && dominanceComplete(r)) resolveDominance(r, dice);
    else if (r.step === Step.Ambush) pcAmbush(r, dice);
    else if (r.step === Step.Roll && rollsComplete(r)) orderRound(r, dice);
    else return;
  }
}

/** Every Dominance die is down (rolled or declined): the aliens' and every fighter's. */
export function dominanceComplete(r: EncounterRecord): boolean {
  if (!r.domRolled[r.n]) return false;
  for (let i = 0; i < r.n; i++) if (r.fighting(i) && !r.domRolled[i]) return false;
  return true;
}

/** Every round's die is down: every fighter's, and the aliens' while they hold a token to attack. */
export function rollsComplete(r: EncounterRecord): boolean {
  if (!r.rolled[r.n] && r.tokens > 0) return false;
  for (let i = 0; i < r.n; i++) if (r.fighting(i) && !r.rolled[i]) return false;
  return true;
}

// ---------------------------------------------------------------------------------------------
// The moves (one command's worth each)

/**
 * A Dominance die for a trooper (NFA) or the aliens (index n, AA): face and success written, a
 * preparation bonus spent. Returns the target it was rolled against (the table's event shows it).
 */
export function dominanceDie(r: EncounterRecord, a: number, dice: DiceSource): number {
  const aliens = a === r.n;
  const target = aliens ? r.aa : r.target(a, true);
  const face = dice.roll(D10, aliens ? 'dominance of the aliens' : (r.label.dominance[a] as string));
  dominanceNoted(r, a, face, target, face <= target);
  return target;
}

/**
 * Actor a's Dominance die is down at `face` against `target` (`dominance.rolled`; `dominanceDie`
 * rolls it): a trooper's preparation bonus is spent.
 */
export function dominanceNoted(
  r: EncounterRecord,
  a: number,
  face: number,
  target: number,
  success: boolean,
): void {
  r.domRolled[a] = 1;
  r.domFace[a] = face;
  r.domSuccess[a] = success ? 1 : 0;
  r.domTarget[a] = target;
  r.domNoted |= 1 << a;
  if (a !== r.n) r.bonus[a] = 0;
}

/** `rollDominance` for a trooper (index) or the aliens (index n). */
export function rollDominance(r: EncounterRecord, a: number, dice: DiceSource): void {
  dominanceDie(r, a, dice);
  advance(r);
  automatic(r, dice);
}

/**
 * Every fighter's Dominance die not yet down, in the troopers' order, then the aliens'
 * (`rollDominance` each, as the policy sends them): the encounter moves on once, after the last,
 * since it waits at Dominance until every die is down.
 */
export function dominanceAll(r: EncounterRecord, dice: DiceSource): void {
  for (let i = 0; i < r.n; i++) if (r.fighting(i) && !r.domRolled[i]) dominanceDie(r, i, dice);
  rollDominance(r, r.n, dice);
}

/** `setRange`: everyone fighting at `range`; then the troopers' ambush or round 1. */
export function setRange(r: EncounterRecord, range: number, dice: DiceSource): void {
  rangeSet(r, range);
  advance(r);
  automatic(r, dice);
}

/**
 * The range set (`range.set`, and everyone at Far when all fail Dominance): everyone fighting at
 * `range`, then the troopers' ambush waits or round 1 opens. evolve.ts runs it on its state's record.
 */
export function rangeSet(r: EncounterRecord, range: number): void {
  setAllRanges(r, range);
  if (r.ambush === 2) r.step = Step.Ambush;
  else startRound(r);
}

/**
 * `declare`: FA with the weapon in hand (`move` 0), or an NFA manoeuvre one step (−1 closer, +1
 * farther), written without moving the round on: while it waits for declarations nothing
 * `advance` checks can change (no die is down, no token goes), so the policy declares every
 * fighter and the aliens, then rolls, and the round moves on once (`rollAll`).
 */
export function noteDeclaration(r: EncounterRecord, i: number, move: number): void {
  r.declared[i] = 1;
  r.declNfa[i] = move !== 0 ? 1 : 0;
  r.declMove[i] = move;
}

/**
 * The aliens' declaration written, the round not moved on (as `noteDeclaration`): the policy
 * declares them last and rolls the round's dice at once (`rollAll`), which moves it on.
 */
export function declareAliens(r: EncounterRecord): void {
  r.aliensDeclared = true;
}

/**
 * A round's die for a trooper (FA or NFA as declared) or the aliens (AA): face and success
 * written, a preparation bonus spent. Returns the target it was rolled against.
 */
export function testDie(r: EncounterRecord, a: number, dice: DiceSource): number {
  const aliens = a === r.n;
  let target = r.aa;
  let label = 'AA of the aliens';
  if (!aliens) {
    const nfa = r.declNfa[a] === 1;
    target = r.target(a, nfa);
    label = (nfa ? r.label.nfa[a] : r.label.fa[a]) as string;
  }
  const face = dice.roll(D10, label);
  testNoted(r, a, face, target, face <= target);
  return target;
}

/**
 * Actor a's round die is down at `face` against `target` (`test.rolled`; `testDie` rolls it): a
 * trooper's preparation bonus is spent. The caller moves the round to its dice (`Step.Roll`).
 */
export function testNoted(
  r: EncounterRecord,
  a: number,
  face: number,
  target: number,
  success: boolean,
): void {
  r.rolled[a] = 1;
  r.rollFace[a] = face;
  r.rollSuccess[a] = success ? 1 : 0;
  r.rollTarget[a] = target;
  r.rollNoted |= 1 << a;
  if (a !== r.n) r.bonus[a] = 0;
}

/** `testNoted`, and the round is at its dice (`test.rolled`: evolve.ts notes the event's die so). */
export function testRolled(
  r: EncounterRecord,
  a: number,
  face: number,
  target: number,
  success: boolean,
): void {
  testNoted(r, a, face, target, success);
  r.step = Step.Roll;
}

/**
 * Every fighter's round die not yet down, in the troopers' order, then the aliens' (each a
 * `rollTest`, in the order the policy sends them), then the round's order at once: `advance`
 * after each die would find what it found at the declarations (nothing it reads changes while
 * dice go down), and once the aliens' is down every die is (`rollsComplete`).
 */
export function rollAll(r: EncounterRecord, dice: DiceSource): void {
  for (let i = 0; i < r.n; i++) if (r.fighting(i) && !r.rolled[i]) testDie(r, i, dice);
  testDie(r, r.n, dice);
  orderRound(r, dice);
}

/** A trooper's turn (`takeTurn`); `move` is the end-of-turn step of an FA success acting first. */
export function trooperTurn(r: EncounterRecord, i: number, dice: DiceSource, move: number): void {
  const slot = r.cursor;
  const acting = r.qSuccess[slot] && !r.qCancelled[slot];
  if (acting && !r.declNfa[i]) {
    const p = r.pos[i] as number;
    const spec = p === BEYOND_FAR ? null : (r.spec[i]?.[p] ?? null);
    faKills(r, i, killRoll(r, i, spec, dice));
    if (r.grenades[i] && spec !== null) grenadeBlast(r, i, r.qFace[slot] as number);
  } else if (acting) moveBy(r, i, r.declMove[i] as number);
  moveBy(r, i, move);
  turnDone(r, i);
  advance(r);
}

/**
 * The blast of trooper i's grenades on its success at `face`: it catches every trooper at Close who
 * failed this round, in the encounter's order. The simulator's turn and evolve.ts `turn` (on its
 * record, when the event says the blast went off) both deal it here.
 */
export function grenadeBlast(r: EncounterRecord, i: number, face: number): void {
  for (let j = 0; j < r.n; j++) {
    if (j === i || !r.fighting(j) || r.pos[j] !== CLOSE) continue;
    for (let q = 0; q < r.qLen; q++) {
      if (r.qActor[q] !== j) continue;
      if (failedSlot(r.qSuccess[q] === 1, r.qCancelled[q] === 1))
        dealKill(r, j, true, false, i, face, 'grenades', false);
      break;
    }
  }
}

/**
 * The aliens' turn: on a success, their attack, then the moves they chose: `moves[i]` steps for
 * each trooper i (0: none; null: no pushes), or 'swarm' / 'flee'. Each push moves one trooper
 * alone, so their order makes no difference.
 */
export function alienTurn(
  r: EncounterRecord,
  moves: readonly number[] | null,
  movement: 'swarm' | 'flee' | null,
): void {
  const slot = r.cursor;
  if (r.qSuccess[slot] && !r.qCancelled[slot]) alienAttack(r, r.qFace[slot] as number, 'aliens');
  if (moves) for (let i = 0; i < r.n; i++) moveBy(r, i, moves[i] as number);
  aliensMove(r, movement);
  if (r.induceTarget >= 0) induced(r, r.induceTarget, r.induceSuccess);
  aliensTurnOver(r);
  advance(r);
}

// ---------------------------------------------------------------------------------------------
// A turn's effects, applied (the simulator's turns above and evolve.ts `turn`, which takes the
// kill rolls, the moves and the tests from the `turn.taken` event, run these same functions).

/**
 * Trooper i's kill roll of `kills` (−1: none made) on its FA or vehicle attack: a token taken and
 * counted while the encounter holds one and the round's kills count.
 */
export function faKills(r: EncounterRecord, i: number, kills: number): void {
  if (kills >= 0 && r.tokens > 0 && !r.killsVoid) tokenKilled(r, i, kills);
}

/**
 * A bomb's d100s (`totals`) taking tokens while the encounter holds them: each is one token and its
 * kills for trooper i. Returns how many took one.
 */
export function bombKills(r: EncounterRecord, i: number, totals: readonly number[]): number {
  let taken = 0;
  for (const kills of totals) {
    if (r.tokens <= 0) break;
    tokenKilled(r, i, kills);
    taken++;
  }
  return taken;
}

/**
 * E-Vac answered (the NFA task, the squad not isolated; evolve.ts `turn`): every token of the
 * encounter is discarded, every trooper still fighting takes a Kill (armour may stop it), and the
 * encounter ends. The caller's sheet notes the call (`planetUses.eVac`).
 */
export function evacuated(r: EncounterRecord): void {
  r.discarded += r.tokens;
  r.tokens = 0;
  for (let i = 0; i < r.n; i++) if (r.fighting(i)) dealKill(r, i, true, false, -1, -1, 'eVac', false);
  if (r.endReason === null) r.endReason = 'eVac';
}

/** Flee (every fighter one step farther, a vehicle once) or Swarm (every fighter to Close) on the aliens' turn. */
export function aliensMove(r: EncounterRecord, movement: 'swarm' | 'flee' | null | undefined): void {
  if (movement === 'flee') {
    for (let i = 0; i < r.n; i++) if (r.fighting(i) && !movedWithVehicle(r, i, true)) moveBy(r, i, 1);
  } else if (movement === 'swarm') {
    for (let i = 0; i < r.n; i++) if (r.fighting(i)) moveTrooper(r, i, CLOSE);
  }
}

/**
 * The aliens' Induce Weakness test on trooper i (−1: not taking part) came out: the target named is
 * spent; on a success, a target still fighting with a Weakness left must show one now, and it
 * counts as its one Weakness induced this mission.
 */
export function induced(r: EncounterRecord, i: number, success: boolean): void {
  r.induceTarget = -1;
  if (success && i >= 0 && r.fighting(i) && (r.weaknessesLeft[i] as number) > 0) {
    r.forced = i;
    r.induced[i] = 1;
  }
}

/** End Encounter: the aliens leave once their turn is over, struck or not. */
export function aliensTurnOver(r: EncounterRecord): void {
  if (r.endAfterAlienTurn && r.endReason === null) r.endReason = 'endEncounterAbility';
  turnDone(r, r.n);
}

/** The turn at the cursor, actor a's, is taken. */
export function turnDone(r: EncounterRecord, a: number): void {
  if (r.cursor < r.qLen && r.qActor[r.cursor] === a) doneSlot(r);
}

/** A success cancelled (`turn.taken` cancelled): every later success lower than it now fails; tied ones still act. */
export function turnCancelled(r: EncounterRecord): void {
  const c = r.cursor;
  const face = r.qFace[c] as number;
  r.qCancelled[c] = 1;
  for (let q = c + 1; q < r.qLen; q++)
    if (r.qSuccess[q] && !r.qDone[q] && (r.qFace[q] as number) < face) r.qCancelled[q] = 1;
}

/**
 * The rest of the round's turns when only failures are left (the queue puts every success first):
 * none of them attacks, kills or moves, so they are taken together and the round moves on once,
 * rather than as a `trooperTurn` / `alienTurn` each with nothing to do. False, and nothing done,
 * while a success is still to act.
 */
export function failuresTaken(r: EncounterRecord): boolean {
  const c = r.cursor;
  if (c >= r.qLen || r.qSuccess[c]) return false;
  for (let q = c; q < r.qLen; q++) r.qDone[q] = 1;
  r.cursor = r.qLen;
  advance(r);
  return true;
}

/** The first Kill waiting for trooper i, or −1. */
export function pendingOf(r: EncounterRecord, i: number): number {
  for (let p = 0; p < r.pLen; p++) if (r.pTrooper[p] === i) return p;
  return -1;
}

/** `answerKill`: the armour takes the waiting Kill, or the wound is marked; then the round moves on. */
export function answerKill(r: EncounterRecord, i: number, useArmour: boolean, dice: DiceSource): void {
  if (!killAnswered(r, i, useArmour)) return;
  advance(r);
  automatic(r, dice);
}

/**
 * `kill.answered` (evolve.ts runs it on its state's record): trooper i's first Kill waiting is
 * taken by the armour (MandelBrite, else the Drop Ship's tick) or marks its wound. False, and
 * nothing changed, when none waits.
 */
export function killAnswered(r: EncounterRecord, i: number, useArmour: boolean): boolean {
  const p = pendingOf(r, i);
  if (p < 0) return false;
  const lasting = r.pLasting[p] === 1;
  const by = r.pBy[p] as number;
  const face = r.pFace[p] as number;
  const source = r.pSource[p] as HitSource;
  const emotional = r.pMark[p] === 1;
  dropPending(r, p);
  if (useArmour) tickArmour(r, i, source);
  else applyWound(r, i, lasting, by, face, source, emotional);
  return true;
}

/** `spendStrength`: kills at the weapon's best range, every token discarded, the encounter won. */
export function spendStrength(r: EncounterRecord, i: number, dice: DiceSource): void {
  strengthSpent(r, i, dice);
  advance(r);
}

/** `spendStrength` without moving the round on (the simulator's answers inside `advance`). */
export function strengthSpent(r: EncounterRecord, i: number, dice: DiceSource): void {
  // After the encounter already ended (End Encounter on the aliens' striking turn) it rolls no kills.
  strengthUsed(r, i, r.endReason !== null ? 0 : strengthRoll(r, i, r.strengthSpec[i] as DiceSpec, dice));
}

/**
 * Trooper i's Strength (`strength.used`) with its kill roll of `kills`: the fight is won, its kills
 * counted, every token left discarded (whoever ends the planet's last fight so is noted for its
 * medal), and every Kill waiting and Weakness owed dropped. Once the encounter has already ended
 * (an E-Vac, an Orbital Bombardment, End Encounter on the aliens' striking turn) it only spares
 * its user the Kills waiting for it. evolve.ts `strength` runs it on its state's record (the
 * sheet's slot, its text and the mission's flag are the state's).
 */
export function strengthUsed(r: EncounterRecord, i: number, kills: number): void {
  r.strengths++;
  r.strengthsLeft[i] = (r.strengthsLeft[i] as number) - 1;
  r.strengthsUsed[i] = (r.strengthsUsed[i] as number) + 1;
  if (r.endReason !== null) {
    while (pendingOf(r, i) >= 0) dropPending(r, pendingOf(r, i));
    return;
  }
  r.kills[i] = (r.kills[i] as number) + kills;
  r.roundKills[i] = (r.roundKills[i] as number) + kills;
  if (r.tokens > 0 && r.pool === 0) r.finalTokenBy = i;
  r.pLen = 0;
  r.forced = -1;
  r.forcedCleared = true;
  r.discarded += r.tokens;
  r.tokens = 0;
  r.endReason = 'strength';
}

/** Removes the Kill waiting at `p`, keeping the others in order. */
function dropPending(r: EncounterRecord, p: number): void {
  for (let k = p + 1; k < r.pLen; k++) {
    r.pTrooper[k - 1] = r.pTrooper[k] as number;
    r.pStoppable[k - 1] = r.pStoppable[k] as number;
    r.pLasting[k - 1] = r.pLasting[k] as number;
    r.pBy[k - 1] = r.pBy[k] as number;
    r.pFace[k - 1] = r.pFace[k] as number;
    r.pSource[k - 1] = r.pSource[k] as HitSource;
    r.pMark[k - 1] = r.pMark[k] as number;
  }
  r.pLen--;
}

// ---------------------------------------------------------------------------------------------
// The aliens' token abilities (`useAbility`, evolve.ts `ability`): each paid first, from the
// planet's pool or the encounter, as the policy chose; then the round moves on by itself.

/**
 * The aliens pay `cost` tokens for an ability, from the planet's pool or the encounter (evolve.ts
 * `ability` pays every `ability.used` here; the simulator's ability moves too).
 */
export function pay(r: EncounterRecord, fromPool: boolean, cost: number): void {
  if (fromPool) r.pool -= cost;
  else r.tokens -= cost;
  r.spent += cost;
}

/**
 * Regeneration: the tokens the troopers' kills removed in the round `regenerationRoundOf` names
 * come back into the encounter (the troopers keep the kills).
 */
export function regenerate(r: EncounterRecord, fromPool: boolean): void {
  pay(r, fromPool, 1);
  const round = regenerationRoundOf(r.round, r.removedNow, r.removedLast);
  if (round !== null) regenerated(r, round);
  advance(r);
}

/**
 * Regeneration's tokens back: those the troopers' kills removed in `round` (this one, the one
 * before, or the latest older one that removed any: `olderRound`, which only a log from before the
 * event named its round reaches) return to the encounter. Nothing for any other round.
 */
export function regenerated(r: EncounterRecord, round: number): void {
  let back = 0;
  if (round === r.round) {
    back = r.removedNow;
    r.removedNow = 0;
  } else if (round === r.round - 1) {
    back = r.removedLast;
    r.removedLast = 0;
  } else if (round === r.olderRound) {
    back = r.removedOlder;
    r.removedOlder = 0;
  } else return;
  r.tokens += back;
  r.killedTokens -= back;
}

/**
 * The latest round whose kills removed tokens, or −1: the round a Regeneration from a log made
 * before the event named its round brings back (evolve.ts `ability`).
 */
export function latestRemoval(r: EncounterRecord): number {
  if (r.removedNow > 0) return r.round;
  if (r.removedLast > 0) return r.round - 1;
  return r.olderRound;
}

// The aliens' opening abilities (ability.used, evolve.ts `ability`), each a standing condition the
// record keeps (and writes back) from then on; the simulator spends them before its record is
// made (simulate/record-run.ts) and reads them there.

/**
 * The aliens' Ambush (the ability, or Dominance won by them alone): they set the range, and their
 * ambush strikes every trooper fighting first (`alienAttack` at −1).
 */
export function aliensAmbush(r: EncounterRecord): void {
  r.ambush = 1;
  r.rangeSetter = ALIENS_SET;
  r.step = Step.SetRange;
  alienAttack(r, -1, 'ambush');
}

/** Boost Ability: the aliens' AA bonus grows by what they paid (`alienTarget` caps their AA at 10). */
export function aaBoosted(r: EncounterRecord, cost: number): void {
  r.aaBonus += cost;
  r.aa = alienTarget(r.planetAa, r.aaBonus);
}

/** Enrage: the AA bonus grows as each further round opens (`startRound`). */
export function aliensEnraged(r: EncounterRecord): void {
  r.enraged = true;
}

/** Impair: every trooper's FA and NFA down by what the aliens paid. */
export function testsImpaired(r: EncounterRecord, cost: number): void {
  r.impaired(r.impair + cost);
}

/** Isolate: the squad's calls for support (E-Vac, Orbital Bombardment) go unanswered. */
export function squadIsolated(r: EncounterRecord): void {
  r.isolated = true;
}

/** End Encounter (paid from the pool): the aliens leave after their next turn (`alienTurn`). */
export function endEncounter(r: EncounterRecord, fromPool: boolean): void {
  pay(r, fromPool, 1);
  leaveAfterAlienTurn(r);
  advance(r);
}

/** End Encounter spent: the aliens leave once their next turn is over (`aliensTurnOver`). */
export function leaveAfterAlienTurn(r: EncounterRecord): void {
  r.endAfterAlienTurn = true;
}

/** Alien Armour (free, once an encounter): this round's kills count for nothing. */
export function alienArmour(r: EncounterRecord): void {
  armourWorn(r);
  advance(r);
}

/** Alien Armour's effect (evolve.ts `ability` too): used for the encounter, this round's kills void. */
export function armourWorn(r: EncounterRecord): void {
  r.alienArmourUsed = true;
  r.killsVoid = true;
}

/** Rapid Movement on the aliens' turn: every trooper fighting goes to position `to`. */
export function rapidMovement(r: EncounterRecord, to: number, fromPool: boolean): void {
  pay(r, fromPool, 1);
  for (let i = 0; i < r.n; i++) moveTrooper(r, i, to);
  advance(r);
}

/** Trooper i to position `to`, its vehicle with it: Rapid Movement as the table names each range. */
export function movedTo(r: EncounterRecord, i: number, to: number): void {
  moveTrooper(r, i, to);
}

/**
 * Ignore Wounds during the turns: this round's kills are undone (their tokens back, the troopers'
 * kills of the round taken off) and void for the rest of the round.
 */
export function ignoreWounds(r: EncounterRecord, fromPool: boolean): void {
  pay(r, fromPool, 1);
  woundsIgnored(r);
  advance(r);
}

/**
 * Ignore Wounds on this round: its kills are undone (their tokens back, the troopers' kills of the
 * round taken off: the write-back keeps a tally at 0 at least) and void for the rest of the round.
 */
export function woundsIgnored(r: EncounterRecord): void {
  const back = r.removedNow;
  for (let i = 0; i < r.n; i++) {
    r.kills[i] = (r.kills[i] as number) - (r.roundKills[i] as number);
    r.roundKills[i] = 0;
  }
  r.roundKillsCleared = true;
  r.tokens += back;
  r.killedTokens -= back;
  r.killsThisRound = Math.max(0, r.killsThisRound - back);
  r.removedNow = 0;
  r.killsVoid = true;
}

/**
 * Ignore Wounds on the round just ended, before the next one's dice (the table's: its last turn
 * killed, so the next round opened at once): its kills are undone, and no longer hold off a
 * standoff (as alien Armour's do not), which may end the encounter now.
 */
export function lastRoundWoundsIgnored(r: EncounterRecord): void {
  const back = r.removedLast;
  for (let i = 0; i < r.n; i++) {
    r.kills[i] = (r.kills[i] as number) - (r.lastRoundKills[i] as number);
    r.lastRoundKills[i] = 0;
  }
  r.lastKillsCleared = true;
  r.tokens += back;
  r.killedTokens -= back;
  r.removedLast = 0;
  const quiet = r.roundsWithoutKillsIfVoid >= 0 ? r.roundsWithoutKillsIfVoid : r.roundsWithoutKills;
  r.roundsWithoutKills = quiet;
  if (isStandoff(quiet) && r.endReason === null) r.endReason = 'standoff';
}

/** Exploding Bodies: a Kill on every trooper it reaches (`caughtByExplodingBodies`). */
export function explodingBodies(r: EncounterRecord, fromPool: boolean): void {
  pay(r, fromPool, 1);
  bodiesExplode(r);
  advance(r);
}

/** Exploding Bodies reaches trooper i: still fighting, at Close. */
export function caughtByExplodingBodies(r: EncounterRecord, i: number): boolean {
  return r.fighting(i) && r.pos[i] === CLOSE;
}

/** Stop Technology before the round's turns: only Hand-to-Hand kills this round. */
export function stopTechnology(r: EncounterRecord, fromPool: boolean): void {
  pay(r, fromPool, 1);
  techStopped(r);
  advance(r);
}

/** Stop Technology's effect: only Hand-to-Hand kills this round (the kill rolls read `techDown`). */
export function techStopped(r: EncounterRecord): void {
  r.techDown = true;
}

/** Induce Weakness on trooper `i`: the aliens will test AA against it on their next turn. */
export function induceWeakness(r: EncounterRecord, i: number, fromPool: boolean): void {
  pay(r, fromPool, 1);
  weaknessTargeted(r, i);
  advance(r);
}

/** Induce Weakness's target named (−1: none): the aliens test AA against it on their next turn. */
export function weaknessTargeted(r: EncounterRecord, i: number): void {
  r.induceTarget = i;
}

/** The aliens' AA test of Induce Weakness, rolled as their turn starts (decide.ts `takeTurn`). */
export function induceTest(r: EncounterRecord, dice: DiceSource): void {
  r.induceSuccess = induceDie(dice) <= r.aa;
}

/**
 * `useWeakness` for the trooper the aliens forced: healed as between encounters, out of the fight,
 * its Kills waiting dropped, a token of the encounter discarded. With the encounter already over
 * (End Encounter on that same turn) the GM closes it instead (`gmEndEncounter`: nothing waits any
 * more).
 */
export function showWeakness(r: EncounterRecord): void {
  const i = r.forced;
  if (r.endReason === null) {
    healed(r, i);
    weaknessShown(r, i);
  } else {
    r.forced = -1;
    r.pLen = 0;
  }
  advance(r);
}

/**
 * Trooper i heals as between encounters (`xLeftAfterHealing`, as `restingHealed` for those kept
 * out): every E, and one X unless it is a Lasting Wound. On showing a Weakness
 * (the simulator's `showWeakness`, evolve.ts `weakness`) and at the end (`finish`).
 */
export function healed(r: EncounterRecord, i: number): void {
  let x = r.wounds[i] as number;
  for (let b = 0; b < HEALTH_BOXES; b++) if ((r.eMarks[i] as number) & (1 << b)) x--;
  r.wounds[i] = xLeftAfterHealing(x, r.lastingWounds[i] as number);
  r.eMarks[i] = 0;
}

/**
 * Trooper i shows a Weakness (`weakness.used`): out of the fight, its Kills waiting and the
 * Weakness owed dropped, a token of the encounter discarded (whoever discards the planet's last one
 * is noted for its medal, fair or foul). evolve.ts `weakness` runs it on its state's record (the
 * sheet's healing, slot and text, the weapon back in hand and a bomb's tally are the state's).
 */
export function weaknessShown(r: EncounterRecord, i: number): void {
  if (r.forced === i) r.forced = -1;
  r.weaknessesLeft[i] = (r.weaknessesLeft[i] as number) - 1;
  if (r.out[i] === IN) r.alive--;
  r.out[i] = OUT_WEAKNESS;
  leaveVehicle(r, i);
  while (pendingOf(r, i) >= 0) dropPending(r, pendingOf(r, i));
  if (r.tokens > 0) {
    if (r.tokens === 1 && r.pool === 0) r.finalTokenBy = i;
    r.tokens--;
    r.discarded++;
  }
}
