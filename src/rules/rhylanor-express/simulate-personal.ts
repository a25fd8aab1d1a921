import { SeededDice } from '../../engine/dice/source.ts';
import { type MeanEstimate, meanEstimate, type Proportion, wilson } from '../../engine/estimates.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Seat } from '../../engine/ruleset.ts';
import { type Character, canAct, charDm, encumbrance, skillLevel, woundPenalty } from './character.ts';
import {
  allowance,
  CONTACT_METRES,
  coverOf,
  distance,
  fireMods,
  metresToCover,
  moraleDueNow,
  parryWeapon,
  rangeBand,
} from './combat.ts';
import type { Pack, PersonalScenario } from './data/pack-schema.ts';
import { RANGE_TARGETS, shiftWound, woundFromTotal } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import { evolvePersonalInPlace, workingCopy } from './evolve.ts';
import { leaderDown } from './resolve.ts';
import {
  PERSONAL_EVENT_TYPES,
  type RhylanorCommand,
  type RhylanorEvent,
  type RhylanorState,
  rhylanorExpress,
} from './ruleset.ts';
import { type Combat, type Combatant, otherSide, SIDES, type SideId } from './state.ts';
import { chanceOutOf36, type RollRecord, skillMods } from './task.ts';

/**
 * Firefights played many times through the real ruleset (`decide`/`evolve`, seeded dice), both
 * sides run by one policy: shoot the nearest enemy with the carried weapon that has the best
 * chance on him; out of cover with cover a walk away that keeps him in range, walk into it; else
 * stand and shoot when in range, walk closer when not; after a failed graze check, evade toward
 * cover; reload when empty; strike in melee when in contact; check morale when due; keep pool
 * points. It sends no command it can tell will be refused (a broken side's shots, a walk past his
 * allowance), since a refusal costs a thrown error. What it reports are the rules' odds.
 */

export const DEFAULT_MAX_TURNS = 20;
const GM: Seat = { seatId: 'sim', role: 'gm' };

export interface FirefightOutcome {
  readonly winner: SideId | null;
  readonly turns: number;
  /** Members of each side down (not fit) at the end. */
  readonly down: Readonly<Record<SideId, number>>;
}

export interface FirefightSummary {
  readonly system: 'rhylanor-express';
  readonly kind: 'personal';
  readonly scenario: string;
  readonly n: number;
  readonly seed: number;
  readonly maxTurns: number;
  readonly sides: Readonly<Record<SideId, string>>;
  readonly wins: Readonly<Record<SideId, Proportion>>;
  readonly undecided: Proportion;
  readonly turns: MeanEstimate;
  readonly down: Readonly<Record<SideId, MeanEstimate>>;
}

/** The table at the start of every run: characters from the sheets, the fight begun. */
export function firefightStart(pack: Pack, scenario: PersonalScenario): RhylanorState {
  let s = rhylanorExpress.setup({});
  s = { ...s, pack };
  const dice = new SeededDice(1);
  const run = (command: unknown) => {
    const parsed = rhylanorExpress.commandSchema.parse(command) as RhylanorCommand;
    for (const e of rhylanorExpress.decide(s, parsed, { actor: GM, dice })) s = rhylanorExpress.evolve(s, e);
  };
  const ids: string[][] = [];
  for (const side of scenario.sides) {
    const mine: string[] = [];
    for (const m of side.members) {
      run({ type: 'character.create', sheet: m.sheet });
      mine.push(`c${s.nextCharacter - 1}`);
    }
    ids.push(mine);
  }
  run({
    type: 'combat.start',
    zeroG: scenario.zeroG,
    sides: scenario.sides.map((side, i) => ({
      id: side.id,
      name: side.name,
      disposition: side.disposition,
      military: side.military,
      ...(side.leader === undefined ? {} : { leaderId: ids[i]?.[side.leader] }),
      members: side.members.map((m, j) => ({ characterId: ids[i]?.[j], x: m.x, y: m.y })),
    })),
  });
  scenario.sides.forEach((side, i) => {
    side.members.forEach((m, j) => {
      if (m.cover > 0) run({ type: 'combat.place', characterId: ids[i]?.[j], cover: m.cover });
    });
  });
  for (const area of scenario.cover) run({ type: 'combat.coverPlace', ...area });
  // Both sides are in plain sight: the fight starts at the scenario's positions.
  for (const side of SIDES) run({ type: 'combat.spot', side, result: true });
  return s;
}

/** How a fight folds its events: into its own working record (the simulator) or copying (the table's way). */
export interface FightOptions {
  /** Fold in place into a working copy of `start` (default); false: copy on write, as the table does. */
  readonly inPlace?: boolean;
  /** Every event the fight makes, in order, when given (tests compare the two folds by it). */
  readonly log?: RhylanorEvent[];
  /** Parts of the policy to leave out (to measure what each changes); all on by default. */
  readonly policy?: Partial<FirefightPolicy>;
}

/** The policy's choices beyond shooting and moving, each of which can be switched off. */
export interface FirefightPolicy {
  /** Spend tactics pool points that turn a roll (else every side passes). */
  readonly spendPool: boolean;
  /** A fled side's leader tries to rally it in its command phase (else a fled side is out). */
  readonly rally: boolean;
  /** Melee with the best weapon carried and close to contact when a blade beats the shot (else bare hands, never closing). */
  readonly chooseMelee: boolean;
}

export const FULL_POLICY: FirefightPolicy = { spendPool: true, rally: true, chooseMelee: true };

/** One firefight from `start` with `dice`; `start` itself is never changed. */
export function fightFirefight(
  start: RhylanorState,
  dice: SeededDice,
  maxTurns = DEFAULT_MAX_TURNS,
  options: FightOptions = {},
): FirefightOutcome {
  return new Firefight(start, dice, options).play(maxTurns);
}

const PERSONAL_EVENTS = new Set<string>(PERSONAL_EVENT_TYPES);

/**
 * One fight's working record and its policy. Its helpers are methods rather than closures made
 * per fight or per phase (under tsx each named closure costs a property definition).
 */
class Firefight {
  s: RhylanorState;
  private readonly ctx: DecideContext;
  private readonly inPlace: boolean;
  private readonly log: RhylanorEvent[] | null;
  readonly policy: FirefightPolicy;
  /** A side's leader has tried to rally it since it last fled (one try a flight). */
  private readonly rallyTried = { a: false, b: false };

  constructor(start: RhylanorState, dice: SeededDice, options: FightOptions) {
    this.inPlace = options.inPlace ?? true;
    this.s = this.inPlace ? workingCopy(start) : start;
    this.ctx = { actor: GM, dice };
    this.log = options.log ?? null;
    this.policy = { ...FULL_POLICY, ...options.policy };
  }

  /** Decides a command and folds its events; false when the rules refuse it. */
  send(command: RhylanorCommand): boolean {
    let events: RhylanorEvent[];
    try {
      events = rhylanorExpress.decide(this.s, command, this.ctx);
    } catch (e) {
      if (isRuleError(e)) return false;
      throw e;
    }
    for (const e of events) {
      if (this.log) this.log.push(e);
      if (this.inPlace && PERSONAL_EVENTS.has(e.type)) evolvePersonalInPlace(this.s, e as PersonalEvent);
      else this.s = rhylanorExpress.evolve(this.s, e);
    }
    return true;
  }

  play(maxTurns: number): FirefightOutcome {
    // Whoever chooses becomes the Intruder (moving first).
    if (this.s.combat?.chooser === null) this.send({ type: 'combat.rollOff' } as RhylanorCommand);
    this.send({
      type: 'combat.order',
      intruder: this.s.combat?.chooser ?? 'a',
      surprise: false,
    } as RhylanorCommand);
    let guard = 0;
    while (this.s.combat && this.s.combat.turn <= maxTurns && guard++ < 10_000) {
      const combat = this.s.combat;
      for (const side of SIDES) if (combat.sides[side].morale === 'steady') this.rallyTried[side] = false;
      if (this.winner() !== undefined) break;
      const phasing = combat.phasing;
      switch (combat.phase) {
        case 'movement':
          for (const id of this.fighters(phasing)) moveOne(this.s, id, this, this.policy.chooseMelee);
          break;
        case 'directFire':
          for (const id of this.fighters(phasing)) {
            fireOne(this.s, id, this);
            this.closeWindows();
          }
          break;
        case 'returnFire':
          for (const id of this.fighters(otherSide(phasing))) {
            fireOne(this.s, id, this);
            this.closeWindows();
          }
          break;
        case 'melee':
          for (const id of this.fighters(phasing)) {
            meleeOne(this.s, id, this, this.policy.chooseMelee);
            this.closeWindows();
          }
          break;
        case 'morale':
          for (const side of SIDES) {
            // Only a check the rules want now (a refusal costs a thrown error).
            const now = this.s.combat;
            if (!now || !moraleDueNow(now, side)) continue;
            if (this.send({ type: 'combat.morale', side, rally: false } as RhylanorCommand))
              this.closeWindows();
          }
          break;
        case 'command':
          this.rally(phasing);
          break;
      }
      this.closeWindows();
      if (!this.send({ type: 'combat.next' } as RhylanorCommand)) break;
    }
    const s = this.s;
    const down = { a: 0, b: 0 };
    for (const side of SIDES) {
      for (const id of s.combat?.sides[side].members ?? []) {
        const c = s.characters[id];
        if (c && !canAct(c)) down[side]++;
      }
    }
    return { winner: this.winner() ?? null, turns: Math.min(s.combat?.turn ?? 0, maxTurns), down };
  }

  /** The side's members able to act, or none while it is not steady. */
  private fighters(side: SideId): string[] {
    const s = this.s;
    const mine = s.combat?.sides[side];
    if (mine?.morale !== 'steady') return [];
    const out: string[] = [];
    const combat = s.combat as Combat;
    for (const id of mine.members) {
      const c = s.characters[id];
      // A man tumbling in zero-G who has rolled for control this turn can do nothing more in it.
      const m = combat.combatants[id];
      if (m?.tumbling && m.controlTurn === combat.turn) continue;
      if (c && canAct(c)) out.push(id);
    }
    return out;
  }

  /** A fled side's conscious leader tries to rally it in its own command phase (§7.9), once a flight. */
  private rally(side: SideId): void {
    if (!this.mayRally(side)) return;
    this.rallyTried[side] = true;
    if (this.send({ type: 'combat.morale', side, rally: true } as RhylanorCommand)) this.closeWindows();
  }

  private mayRally(side: SideId): boolean {
    const s = this.s.combat?.sides[side];
    return (
      this.policy.rally &&
      !!s &&
      s.morale === 'fled' &&
      !this.rallyTried[side] &&
      !!s.leaderId &&
      !leaderDown(this.s, s.leaderId)
    );
  }

  /**
   * Each side with a say spends the points that turn an open roll its way (a miss into a hit, a
   * hit on it into a miss, a wound that would drop a man into one that does not, a failed morale
   * check into a held one), else passes.
   */
  closeWindows(): void {
    while (this.s.window) {
      const w = this.s.window;
      const combat = this.s.combat;
      const side = SIDES.find((x) => (combat?.sides[x].pool ?? 0) > 0 && !w.passed.includes(x));
      // A spend that emptied the last pool leaves nobody with a say: a pass closes the window.
      if (!side) {
        if (!this.send({ type: 'pool.pass', side: 'a' } as RhylanorCommand)) break;
        continue;
      }
      const spend = this.policy.spendPool ? poolSpend(this.s, side) : null;
      if (spend && this.send({ type: 'pool.spend', side, ...spend } as RhylanorCommand)) continue;
      if (!this.send({ type: 'pool.pass', side } as RhylanorCommand)) break;
    }
  }

  /** The side still in the fight when the other is all down or out; undefined while both fight. */
  winner(): SideId | undefined {
    const a = this.out('a');
    const b = this.out('b');
    if (a && !b) return 'b';
    if (b && !a) return 'a';
    return undefined;
  }

  /** Out of the fight: all down, surrendered, or fled with no rally left to try. */
  private out(side: SideId): boolean {
    const s = this.s;
    const combat = s.combat;
    if (!combat) return false;
    const morale = combat.sides[side].morale;
    if (morale === 'surrendered' || (morale === 'fled' && !this.mayRally(side))) return true;
    for (const id of combat.sides[side].members) {
      const c = s.characters[id];
      if (c && canAct(c)) return false;
    }
    return true;
  }
}

/** A wound level that takes a man out of the fight (the rules' "down": Serious or worse). */
function dropsHim(total: number, shift: -1 | 0 | 1): boolean {
  const level = shiftWound(woundFromTotal(total), shift);
  return level === 'serious' || level === 'mortal' || level === 'dead' || level === 'destroyed';
}

/**
 * The points `side` spends on the open window, if any roll of it is worth turning: the first one,
 * by the fewest points its pool allows. Null: pass.
 */
function poolSpend(s: RhylanorState, side: SideId): { delta: number; rollIndex: number } | null {
  const w = s.window;
  const combat = s.combat;
  if (!w || !combat) return null;
  const pool = combat.sides[side].pool;
  const sideOf = (id: string) => combat.combatants[id]?.side;
  const after = w.after;
  for (let i = 0; i < w.rolls.length; i++) {
    const roll = w.rolls[i] as RollRecord;
    let mine: boolean;
    switch (after.kind) {
      case 'fire':
        mine = sideOf(after.shooterId) === side;
        break;
      case 'melee':
        mine = sideOf(after.attackerId) === side;
        break;
      case 'morale':
      case 'spot':
        mine = after.side === side;
        break;
      case 'wounds': {
        const hit = after.hits[i];
        if (!hit) continue;
        // Wound rolls: the victim's side lowers a wound that would drop him, the other side raises one that would not.
        const victim = sideOf(hit.targetId) === side;
        const drops = dropsHim(roll.total, hit.shift);
        if (victim && drops) {
          for (let k = 1; k <= pool; k++)
            if (!dropsHim(roll.total - k, hit.shift)) return { delta: -k, rollIndex: i };
        } else if (!victim && !drops) {
          for (let k = 1; k <= pool; k++)
            if (dropsHim(roll.total + k, hit.shift)) return { delta: k, rollIndex: i };
        }
        continue;
      }
      case 'task':
        continue;
    }
    if (mine && !roll.success && roll.target - roll.total <= pool)
      return { delta: roll.target - roll.total, rollIndex: i };
    if (!mine && roll.success && roll.margin + 1 <= pool) return { delta: -(roll.margin + 1), rollIndex: i };
  }
  return null;
}

function nearestEnemy(s: RhylanorState, id: string) {
  const combat = s.combat;
  const me = combat?.combatants[id];
  if (!combat || !me) return undefined;
  let best: (typeof combat.combatants)[string] | undefined;
  let bestD = Number.POSITIVE_INFINITY;
  for (const other of Object.values(combat.combatants)) {
    if (other.side === me.side) continue;
    const c = s.characters[other.id];
    if (!c || !canAct(c)) continue;
    const d = distance(me, other);
    if (d < bestD) {
      bestD = d;
      best = other;
    }
  }
  return best;
}

/** The chance of one aimed shot with the weapon at `weaponIndex` on the foe, or 0 if it cannot shoot him now. */
function shotChance(s: RhylanorState, c: Character, weaponIndex: number, foe: Combatant, from: Spot): number {
  const carried = c.weapons[weaponIndex];
  if (!carried || carried.loaded <= 0) return 0;
  const weapon = s.pack.weapons.find((w) => w.id === carried.weaponId);
  if (!weapon) return 0;
  const band = rangeBand(weapon, distance(from, foe));
  if (band === null) return 0;
  const dm = fireMods(s, c, weapon, 0, foe).reduce((t, m) => t + m.value, 0);
  return chanceOutOf36(dm, RANGE_TARGETS[band]);
}

/** The carried weapon with the best chance on the foe from `from` (ties: the first), or null. */
function bestWeapon(s: RhylanorState, c: Character, foe: Combatant, from: Spot): number | null {
  let best: number | null = null;
  let bestP = 0;
  for (let i = 0; i < c.weapons.length; i++) {
    const p = shotChance(s, c, i, foe, from);
    if (p > bestP) {
      bestP = p;
      best = i;
    }
  }
  return best;
}

interface Spot {
  readonly x: number;
  readonly y: number;
}

/** The point of the nearest cover area's edge (or its centre, when that is nearer than its radius) as seen from `me`. */
function nearestCoverPoint(combat: Combat, me: Spot): Spot | null {
  let best: Spot | null = null;
  let bestD = Number.POSITIVE_INFINITY;
  for (const a of combat.coverMap ?? []) {
    const d = distance(me, a);
    const toEdge = Math.max(0, d - a.radius);
    if (toEdge >= bestD) continue;
    bestD = toEdge;
    // A step past the edge (half a metre in), so rounding keeps him inside.
    const inside = Math.min(d, Math.max(0, d - a.radius + 0.5));
    best = d === 0 ? a : { x: me.x + ((a.x - me.x) / d) * inside, y: me.y + ((a.y - me.y) / d) * inside };
  }
  return best;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** What the policy sends its commands through (the fight's `send`). */
interface Sender {
  send(command: RhylanorCommand): boolean;
}

/** A point at most `limit` metres from `me` toward `target`, stopping `stopShort` metres before it. */
function toward(me: Spot, target: Spot, limit: number, stopShort = 0): Spot {
  const d = distance(me, target);
  const step = Math.max(0, Math.min(limit - 0.01, d - stopShort));
  return d === 0
    ? me
    : { x: me.x + ((target.x - me.x) / d) * step, y: me.y + ((target.y - me.y) / d) * step };
}

function go(
  fight: Sender,
  id: string,
  option: 'walk' | 'evade' | 'stand',
  to: Spot | null,
  reload: number | null,
): boolean {
  return fight.send({
    type: 'combat.move',
    characterId: id,
    option,
    ...(to ? { x: round2(to.x), y: round2(to.y) } : {}),
    handhold: false,
    ...(reload === null ? {} : { reload }),
  } as RhylanorCommand);
}

/** A carried weapon that is empty with a spare load left, or -1. */
function emptyWeapon(c: Character): number {
  for (let i = 0; i < c.weapons.length; i++) {
    const w = c.weapons[i] as Character['weapons'][number];
    if (w.loaded === 0 && w.spare > 0) return i;
  }
  return -1;
}

function moveOne(s: RhylanorState, id: string, fight: Sender, closeIn: boolean): void {
  const combat = s.combat;
  const me = combat?.combatants[id];
  const c = s.characters[id];
  const foe = nearestEnemy(s, id);
  if (!combat || !me || !c || !foe) return;
  const enc = encumbrance(c, s.pack).state;
  const veryEncumbered = enc === 'veryEncumbered';
  const woundMetres = s.pack.rules.woundMovementMetres;
  const empty = emptyWeapon(c);
  const shot = bestWeapon(s, c, foe, me);
  const reload = empty >= 0 && shot === null ? empty : null;
  if (me.mustEvade) {
    const cover = nearestCoverPoint(combat, me);
    const to = cover ? toward(me, cover, allowance(c, 'evade', woundMetres, veryEncumbered)) : null;
    if (!veryEncumbered && go(fight, id, 'evade', to, reload)) return;
  }
  const here = coverOf(combat, me);
  const inCover = here.cover > 0 || here.fullCover;
  const walk = enc === 'fine' || enc === 'encumbered' ? allowance(c, 'walk', woundMetres, veryEncumbered) : 0;
  // A blade better than his best shot, the foe a walk away: close to contact (Reach counts then, §7.8).
  const d = distance(me, foe);
  if (closeIn && walk > 0 && d > CONTACT_METRES && d - 1.5 < walk) {
    const target = s.characters[foe.id];
    const blade = target ? bestMelee(s, c, target, true) : null;
    const shooting = shot === null ? 0 : shotChance(s, c, shot, foe, me);
    if (blade && blade.weaponId !== undefined && blade.chance > shooting) {
      if (go(fight, id, 'walk', toward(me, foe, walk, 1.5), reload)) return;
    }
  }
  // Cover a walk away from which the foe can still be shot: walk into it.
  if (!inCover && walk > 0 && metresToCover(combat, me) <= walk) {
    const cover = nearestCoverPoint(combat, me);
    if (
      cover &&
      bestWeapon(s, c, foe, cover) !== null &&
      go(fight, id, 'walk', toward(me, cover, walk), reload)
    )
      return;
  }
  if (shot === null && walk > 0 && empty < 0 && d > CONTACT_METRES) {
    // Out of reach of every loaded weapon: walk closer, stopping short of contact (in contact
    // already, he stands and fights: a walk of no metres would only throw away his Stand).
    if (go(fight, id, 'walk', toward(me, foe, walk, 1.5), reload)) return;
  }
  go(fight, id, 'stand', null, reload);
}

function fireOne(s: RhylanorState, id: string, fight: Sender): void {
  const foe = nearestEnemy(s, id);
  const me = s.combat?.combatants[id];
  const c = s.characters[id];
  const combat = s.combat;
  if (!foe || !me || !c || !combat || coverOf(combat, foe).fullCover) return;
  // An evader does not shoot; return fire is for those who stood (§7.4).
  if (combat.phase === 'directFire' && me.option === 'evade' && me.optionTurn === combat.turn) return;
  if (combat.phase === 'returnFire' && me.option !== 'stand' && me.option !== null) return;
  const weaponIndex = bestWeapon(s, c, foe, me);
  if (weaponIndex === null) return;
  fight.send({ type: 'combat.fire', characterId: id, weaponIndex, targets: [foe.id] } as RhylanorCommand);
}

/** In contact with the nearest foe: strike with the best melee weapon he carries, or bare-handed. */
function meleeOne(s: RhylanorState, id: string, fight: Sender, choose: boolean): void {
  const combat = s.combat;
  const me = combat?.combatants[id];
  const c = s.characters[id];
  const foe = nearestEnemy(s, id);
  const target = foe && s.characters[foe.id];
  if (!combat || !me || !c || !foe || !target || distance(me, foe) > CONTACT_METRES) return;
  const made = Math.max(me.contacts[foe.id] ?? -1, foe.contacts[id] ?? -1);
  const fresh = made < 0 || made === combat.turn;
  const blade = choose ? bestMelee(s, c, target, fresh) : { weaponId: undefined };
  fight.send({
    type: 'combat.melee',
    characterId: id,
    targetId: foe.id,
    ...(blade.weaponId === undefined ? {} : { weaponId: blade.weaponId }),
  } as RhylanorCommand);
}

/**
 * The melee weapon he carries (bare hands included) with the best chance on the foe, Reach in
 * place of attack and parry on a fresh contact (§7.8); ties go to the higher Penetration.
 * `weaponId` is undefined for bare hands (the command's default).
 */
function bestMelee(
  s: RhylanorState,
  c: Character,
  foe: Character,
  fresh: boolean,
): { weaponId: string | undefined; chance: number } {
  const parry = parryWeapon(s, foe);
  let against = 0;
  if (parry) {
    against += fresh && parry.reach > parry.parry ? parry.reach : parry.parry;
    let level = 0;
    for (const skill of parry.skills) level = Math.max(level, skillLevel(foe, skill) ?? 0);
    against += level;
  }
  const base = charDm(c, 'Str', s.pack) - woundPenalty(c) - against;
  let best: { weaponId: string | undefined; chance: number; pen: number } = {
    weaponId: undefined,
    chance: -1,
    pen: -1,
  };
  for (const w of s.pack.melee) {
    if (!w.unarmed && !c.weapons.some((x) => x.weaponId === w.id)) continue;
    const attack = fresh && w.reach > w.attack ? w.reach : w.attack;
    let skill = 0;
    for (const m of skillMods(
      c,
      w.skills.map((x) => ({ skill: x, dm: 0 })),
      s.pack,
    ).mods)
      skill += m.value;
    const chance = chanceOutOf36(base + attack + skill, 8);
    if (chance > best.chance || (chance === best.chance && w.pen > best.pen))
      best = { weaponId: w.unarmed ? undefined : w.id, chance, pen: w.pen };
  }
  return { weaponId: best.weaponId, chance: Math.max(0, best.chance) };
}

/** n firefights from one seed: the pure core of `bughunt simulate rhylanor-express personal`. */
export function simulateFirefights(
  pack: Pack,
  scenario: PersonalScenario,
  n: number,
  seed: number,
  maxTurns = DEFAULT_MAX_TURNS,
  policy: Partial<FirefightPolicy> = FULL_POLICY,
): FirefightSummary {
  const start = firefightStart(pack, scenario);
  const dice = new SeededDice(seed);
  const wins = { a: 0, b: 0 };
  let undecided = 0;
  // Sums and sums of squares: no per-run arrays.
  const acc = { turns: [0, 0], a: [0, 0], b: [0, 0] };
  const add = (k: 'turns' | 'a' | 'b', v: number) => {
    acc[k][0] = (acc[k][0] as number) + v;
    acc[k][1] = (acc[k][1] as number) + v * v;
  };
  for (let i = 0; i < n; i++) {
    const o = fightFirefight(start, dice, maxTurns, { policy });
    if (o.winner) wins[o.winner]++;
    else undecided++;
    add('turns', o.turns);
    add('a', o.down.a);
    add('b', o.down.b);
  }
  const sideName = (id: SideId) => scenario.sides.find((x) => x.id === id)?.name ?? id;
  return {
    system: 'rhylanor-express',
    kind: 'personal',
    scenario: scenario.name,
    n,
    seed,
    maxTurns,
    sides: { a: sideName('a'), b: sideName('b') },
    wins: { a: wilson(wins.a, n), b: wilson(wins.b, n) },
    undecided: wilson(undecided, n),
    turns: meanEstimate(acc.turns[0] as number, acc.turns[1] as number, n),
    down: {
      a: meanEstimate(acc.a[0] as number, acc.a[1] as number, n),
      b: meanEstimate(acc.b[0] as number, acc.b[1] as number, n),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The summary as text (`bughunt simulate rhylanor-express personal`, src/cli).

function pct(p: Proportion): string {
  return `${(p.p * 100).toFixed(1)}% (${(p.low * 100).toFixed(1)}–${(p.high * 100).toFixed(1)})`;
}

function mean(m: MeanEstimate): string {
  return m.low === null || m.high === null
    ? m.mean.toFixed(2)
    : `${m.mean.toFixed(2)} (${m.low.toFixed(2)}–${m.high.toFixed(2)})`;
}

export function formatFirefights(s: FirefightSummary): string {
  return `${[
    `${s.scenario}: ${s.n} fights, seed ${s.seed}, at most ${s.maxTurns} turns`,
    `${s.sides.a} win ${pct(s.wins.a)}`,
    `${s.sides.b} win ${pct(s.wins.b)}`,
    `undecided ${pct(s.undecided)}`,
    `turns ${mean(s.turns)}`,
    `${s.sides.a} down ${mean(s.down.a)}; ${s.sides.b} down ${mean(s.down.b)}`,
  ].join('\n')}\n`;
}
