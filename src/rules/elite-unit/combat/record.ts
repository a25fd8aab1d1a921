import type { DecideContext } from '../../../engine/ruleset.ts';
import type { Pack } from '../data/pack.ts';
import type { EliteUnitEvent, Patch, VehiclePatch } from '../events.ts';
import { effectiveValue, isWounded } from '../rules/effective.ts';
import { enclosedHull, isAboard } from '../rules/vehicles.ts';
import type {
  ArmourLayer,
  Battle,
  Character,
  EliteUnitState,
  HeldObject,
  InitiativeEntry,
  PendingAttack,
  PendingSave,
  VehicleInScene,
  WeaponInstance,
} from '../state.ts';
import { endTurnOfVehicle } from './flow.ts';

/**
 * The combat record: a mutable working copy of what a fight changes (Stamina, layers, ammunition,
 * body parts, the battle's slot, the pending attack). The combat rules (`combat/*.ts`) run on it
 * and say what they did as events only when asked:
 * - the table's `decide` takes a fresh record from the state, runs a command on it with a log,
 *   and returns the log (each fighter's changes as a patch), so `evolve` applies facts;
 * - the simulator and the bench keep one record for a whole fight and ask for no log, so nothing
 *   is copied or built per change beyond the record's own fields.
 * One set of rules serves both; a random-play property checks they reach the same sheets.
 */

export type Writable<T> = { -readonly [K in keyof T]: T[K] };
export type Sheet = Writable<Character>;

/** The sheet fields the combat rules write, a bit each: a patch carries exactly these. */
const FIELDS = [
  'stamina',
  'dead',
  'firstAidGiven',
  'parts',
  'armour',
  'weapons',
  'held',
  'conditions',
] as const;
export type Field = (typeof FIELDS)[number];
const BIT: { readonly [F in Field]: number } = {
  stamina: 1,
  dead: 2,
  firstAidGiven: 4,
  parts: 8,
  armour: 16,
  weapons: 32,
  held: 64,
  conditions: 128,
};

/** One character in the record. */
export class Fighter {
  readonly c: Sheet;
  /** Fields written since the last patch. */
  private changed = 0;
  /** Array fields this record copied, so it may write their items in place. */
  private own = 0;
  /** Weapons this record copied, a bit per index (the rest of an owned list is still the sheet's). */
  private ownWeapons = 0;
  /** Fields written since the record took the sheet (a reset restores only these). */
  private dirty = 0;
  /** The cached effective values hold for the sheet as taken (no change has touched them). */
  private effOfSheet = true;
  /** Effective values (§4) as last computed; cleared by any write that can change them. */
  private readonly eff = new Map<string, number>();
  private wounded: boolean;
  private readonly phrases = new Map<string, string>();

  constructor(
    private sheet: Character,
    /** Null for a fighter taken only to apply a blow (no effective values asked). */
    readonly pack: Pack | null,
  ) {
    this.c = { ...sheet };
    this.wounded = isWounded(sheet);
  }

  get id(): string {
    return this.c.id;
  }

  /** `prefix` + the name: a die's purpose, made once per fighter, not per roll. */
  phrase(prefix: string): string {
    let v = this.phrases.get(prefix);
    if (v === undefined) {
      v = prefix + this.c.name;
      this.phrases.set(prefix, v);
    }
    return v;
  }

  /** The effective value of an attribute (§4), cached between changes. */
  value(attribute: string): number {
    let v = this.eff.get(attribute);
    if (v === undefined) {
      if (!this.pack) throw new Error('a fighter without a pack has no effective values');
      v = effectiveValue(this.c, this.pack, attribute);
      this.eff.set(attribute, v);
    }
    return v;
  }

  set<F extends Field>(field: F, value: Character[F]): void {
    this.c[field] = value;
    this.changed |= BIT[field];
    this.dirty |= BIT[field];
    this.own &= ~BIT[field];
    if (field === 'stamina') {
      // Only the wounded halving (§4 step 5) ties an effective value to Stamina.
      const w = isWounded(this.c);
      if (w !== this.wounded) {
        this.wounded = w;
        this.forget();
      }
    } else if (field !== 'dead' && field !== 'firstAidGiven' && field !== 'armour') {
      this.forget();
    }
  }

  private forget(): void {
    this.eff.clear();
    this.effOfSheet = false;
  }

  /**
   * One weapon by key, writable in place, for ammunition, recoil and parry DC only (they change
   * no effective value; taking a weapon in hand goes through `set`).
   */
  weapon(key: string): Writable<WeaponInstance> | undefined {
    let list = this.c.weapons as WeaponInstance[];
    let i = 0;
    while (i < list.length && (list[i] as WeaponInstance).key !== key) i++;
    if (i === list.length) return undefined;
    if (!(this.own & BIT.weapons)) {
      this.ownWeapons = 0;
      // Copy the list, and below only this one weapon; the others stay shared with the sheet.
      list = list.slice();
      this.c.weapons = list;
      this.own |= BIT.weapons;
    }
    let w = list[i] as WeaponInstance;
    // Past 31 weapons a copy every time: correct, only slower.
    if (i > 30 || !(this.ownWeapons & (1 << i))) {
      w = { ...w };
      list[i] = w;
      if (i <= 30) this.ownWeapons |= 1 << i;
    }
    this.changed |= BIT.weapons;
    this.dirty |= BIT.weapons;
    return w as Writable<WeaponInstance>;
  }

  armour(): Writable<ArmourLayer>[] {
    if (!(this.own & BIT.armour)) {
      this.c.armour = this.c.armour.map((l) => ({ ...l }));
      this.own |= BIT.armour;
    }
    this.changed |= BIT.armour;
    this.dirty |= BIT.armour;
    return this.c.armour as Writable<ArmourLayer>[];
  }

  held(): Writable<HeldObject>[] {
    if (!(this.own & BIT.held)) {
      this.c.held = this.c.held.map((h) => ({ ...h }));
      this.own |= BIT.held;
    }
    this.changed |= BIT.held;
    this.dirty |= BIT.held;
    return this.c.held as Writable<HeldObject>[];
  }

  /**
   * The changes since the last patch, for an event. The arrays handed out are never written
   * again: the next write copies them first.
   */
  patch(): Patch | null {
    if (this.changed === 0) return null;
    const set: Partial<Writable<Character>> = {};
    for (const f of FIELDS) if (this.changed & BIT[f]) (set as Record<Field, unknown>)[f] = this.c[f];
    this.changed = 0;
    this.own = 0;
    this.ownWeapons = 0;
    return { id: this.c.id, set };
  }

  /**
   * Forget what changed without a patch: for changes an event carries as a rule, not as values
   * (the end of a Turn), which evolve works out again.
   */
  settle(): void {
    this.changed = 0;
  }

  /** Back to the sheet the record took (a new fight from the same start), or to a new sheet. */
  reset(sheet: Character = this.sheet): void {
    if (sheet !== this.sheet) {
      this.sheet = sheet;
      Object.assign(this.c, sheet);
      this.forget();
    } else {
      // The same start again (a bench, a run of fights): put back only what was written.
      const d = this.dirty;
      const c = this.c;
      if (d & BIT.stamina) c.stamina = sheet.stamina;
      if (d & BIT.dead) c.dead = sheet.dead;
      if (d & BIT.firstAidGiven) c.firstAidGiven = sheet.firstAidGiven;
      if (d & BIT.parts) c.parts = sheet.parts;
      if (d & BIT.armour) c.armour = sheet.armour;
      if (d & BIT.weapons) c.weapons = sheet.weapons;
      if (d & BIT.held) c.held = sheet.held;
      if (d & BIT.conditions) c.conditions = sheet.conditions;
    }
    this.changed = 0;
    this.own = 0;
    this.ownWeapons = 0;
    this.dirty = 0;
    this.wounded = isWounded(sheet);
    if (!this.effOfSheet) {
      this.eff.clear();
      this.effOfSheet = true;
    }
  }
}

export type WorkingBattle = Writable<Battle>;

export class CombatRecord {
  private readonly fighters = new Map<string, Fighter>();
  /** The same fighters as a list, for resets without an iterator. */
  private readonly taken: Fighter[] = [];
  readonly pack: Pack;
  battle: WorkingBattle | null;
  pending: PendingAttack | null;
  /** A spell's save waiting at the table (the simulator makes none): no action until it is answered. */
  pendingSave: PendingSave | null;
  /** Id counters (attacks, questions) as the state's `counters` would hold them. */
  attacks: number;
  questions: number;
  /** Vehicles the record changed (new objects each write: vehicle writes are rare). */
  private readonly vehicleNow = new Map<string, VehicleInScene>();
  private vehiclesChanged: string[] = [];
  /** Any vehicle in the scene at all (a fight without vehicles looks for no hull). */
  private anyVehicle: boolean;

  constructor(private start: EliteUnitState) {
    this.pack = start.pack;
    this.anyVehicle = hasAny(start.vehicles);
    this.battle = start.battle ? { ...start.battle } : null;
    this.pending = start.pending;
    this.pendingSave = start.pendingSave;
    this.attacks = start.counters.attack;
    this.questions = start.counters.question;
  }

  /** The character as the record holds it (taken from the state on first use). */
  fighter(id: string): Fighter | undefined {
    let f = this.fighters.get(id);
    if (!f) {
      const c = this.start.characters[id];
      if (!c) return undefined;
      f = new Fighter(c, this.pack);
      this.fighters.set(id, f);
      this.taken.push(f);
    }
    return f;
  }

  /** The record's fighters in the order the battle lists them (for end-of-Turn effects). */
  order(): readonly InitiativeEntry[] {
    return this.battle?.order ?? [];
  }

  /** Patches for every fighter changed since the last ones, in the order given. */
  patches(ids: readonly string[]): Patch[] {
    const out: Patch[] = [];
    for (const id of ids) {
      const p = this.fighters.get(id)?.patch();
      if (p) out.push(p);
    }
    return out;
  }

  /** Back to a state (the one taken, or a new one): a new fight from the same characters. */
  reset(start: EliteUnitState = this.start): void {
    const same = start === this.start;
    this.start = start;
    let gone = false;
    for (let i = 0; i < this.taken.length; i++) {
      const f = this.taken[i] as Fighter;
      const c = same ? undefined : start.characters[f.id];
      if (same) f.reset();
      else if (c) f.reset(c);
      else gone = true;
    }
    if (gone) {
      for (const f of this.taken.splice(0)) {
        if (start.characters[f.id]) this.taken.push(f);
        else this.fighters.delete(f.id);
      }
    }
    this.battle = start.battle ? { ...start.battle } : null;
    this.pending = start.pending;
    this.pendingSave = start.pendingSave;
    this.attacks = start.counters.attack;
    this.questions = start.counters.question;
    // Kept cheap for a run of fights from one start: nothing to clear when no vehicle changed.
    if (this.vehicleNow.size > 0) this.vehicleNow.clear();
    if (this.vehiclesChanged.length > 0) this.vehiclesChanged = [];
    if (!same) this.anyVehicle = hasAny(start.vehicles);
  }

  /** A vehicle in the scene as the record holds it. */
  vehicle(id: string): VehicleInScene | undefined {
    return this.vehicleNow.get(id) ?? (this.anyVehicle ? this.start.vehicles[id] : undefined);
  }

  /** The vehicle whose enclosed cabin `characterId` sits in (its hull is a layer, §9.1), if any. */
  hullAround(characterId: string): VehicleInScene | undefined {
    if (!this.anyVehicle) return undefined;
    for (const id in this.start.vehicles) {
      const v = this.vehicle(id) as VehicleInScene;
      if (!isAboard(v, characterId)) continue;
      return enclosedHull(v, this.pack) ? v : undefined;
    }
    return undefined;
  }

  /** Writes a vehicle's DC or one of its mounted weapons. */
  setVehicle(id: string, set: { dc?: number; weapon?: WeaponInstance }): void {
    const v = this.vehicle(id);
    if (!v) return;
    const next: VehicleInScene = {
      ...v,
      ...(set.dc === undefined ? {} : { dc: set.dc }),
      ...(set.weapon === undefined
        ? {}
        : { weapons: v.weapons.map((w) => (w.key === set.weapon?.key ? set.weapon : w)) }),
    };
    this.vehicleNow.set(id, next);
    if (!this.vehiclesChanged.includes(id)) this.vehiclesChanged.push(id);
  }

  /**
   * End of a Turn for the mounts (§5 step 7: the Full Auto counts reset). Not a patch: evolve
   * does the same on `turn.ended`.
   */
  endTurnOfVehicles(): void {
    if (!this.anyVehicle) return;
    for (const id in this.start.vehicles) {
      const v = this.vehicle(id) as VehicleInScene;
      const next = endTurnOfVehicle(v);
      if (next !== v) this.vehicleNow.set(id, next);
    }
  }

  /** Patches for the vehicles changed since the last ones (undefined when none). */
  vehiclePatches(): VehiclePatch[] | undefined {
    if (this.vehiclesChanged.length === 0) return undefined;
    const out = this.vehiclesChanged.map((id) => {
      const v = this.vehicle(id) as VehicleInScene;
      return { id, set: { dc: v.dc, weapons: v.weapons } };
    });
    this.vehiclesChanged = [];
    return out;
  }

  /** The characters as the record holds them now (fresh objects; for tests and reports). */
  characters(): Record<string, Character> {
    const out: Record<string, Character> = { ...this.start.characters };
    for (const [id, f] of this.fighters) out[id] = { ...f.c };
    return out;
  }
}

function hasAny(o: Readonly<Record<string, unknown>>): boolean {
  for (const _ in o) return true;
  return false;
}

/** A combat rule's step: writes the record, tells the table's events to `log` when given. */
export type RecordStep<C> = (
  rec: CombatRecord,
  cmd: C,
  ctx: DecideContext,
  log: EliteUnitEvent[] | null,
) => void;

/** The table's decide for a step: a fresh record from the state, its log as the events. */
export function atTable<C>(step: RecordStep<C>) {
  return (state: EliteUnitState, cmd: C, ctx: DecideContext): EliteUnitEvent[] => {
    const log: EliteUnitEvent[] = [];
    step(new CombatRecord(state), cmd, ctx, log);
    return log;
  };
}
