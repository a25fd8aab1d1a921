import type { ArmourData, CharacterData, Pack, WeaponData } from '../data/pack-schema.ts';
import type { ArmourLayer, Character, HeldObject, WeaponInstance } from '../state.ts';

/** Builds a fresh sheet from a pack character (digest §18.2), kit loaded and full. */

const weaponIndex = new WeakMap<Pack, Map<string, WeaponData>>();

/** A pack weapon by id (indexed once per pack: attacks look weapons up on the hot path). */
export function findWeapon(pack: Pack, id: string): WeaponData | undefined {
  let index = weaponIndex.get(pack);
  if (!index) {
    index = new Map(pack.weapons.map((w) => [w.id, w]));
    weaponIndex.set(pack, index);
  }
  return index.get(id);
}

export function newWeapon(
  pack: Pack,
  weaponId: string,
  key: string,
  inHands: boolean,
  spares: number,
  ventId?: string,
): WeaponInstance {
  const data = findWeapon(pack, weaponId);
  if (!data) throw new RangeError(`no weapon ${weaponId}`);
  const capacity = data.ammo?.capacity ?? 0;
  const feed = data.ammo?.feed;
  const vent = ventId ? (pack.accessories.find((a) => a.id === ventId)?.rating ?? 0) : 0;
  return {
    key,
    weapon: weaponId,
    inHands,
    loaded: capacity,
    spares:
      feed === 'magazine' || feed === 'belt'
        ? Array.from({ length: spares }, () => capacity)
        : feed === 'itself'
          ? Array.from({ length: spares }, () => 1)
          : [],
    loose: feed === 'internal' ? spares * capacity : 0,
    recoil: 0,
    vent,
    needsReload: false,
    firedThisTurn: 0,
    dc: data.parry?.dc ?? null,
  };
}

/** The pack's armour worn as a layer under `key`, at its full DC. */
export function wornLayer(a: ArmourData, key: string): ArmourLayer {
  return { key, item: a.id, name: a.name, dc: a.dc, dcMax: a.dc, resilience: a.resilience };
}

/** The pack's held armour (a shield) in the hands' list under `key`, at its full DC. */
export function heldObject(a: ArmourData, key: string): HeldObject {
  return {
    key,
    item: a.id,
    name: a.name,
    dc: a.dc,
    resilience: a.resilience,
    dodgeBonus: a.dodgeBonus,
    code: a.code,
  };
}

/** The first key `prefix` + n (n from `from` up) that none of `taken` has. */
export function freshKey(prefix: string, taken: readonly { readonly key: string }[], from: number): string {
  const keys = new Set(taken.map((x) => x.key));
  let n = from;
  while (keys.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

export function characterFromPack(
  pack: Pack,
  data: CharacterData,
  id: string,
  ownerSeatId: string | null,
  hidden: boolean,
  name?: string,
): Character {
  const armour: ArmourLayer[] = [];
  const held: HeldObject[] = [];
  data.armour.forEach((itemId, i) => {
    const a = pack.armour.find((x) => x.id === itemId);
    if (!a) return;
    if (a.held) held.push(heldObject(a, `h${i + 1}`));
    else armour.push(wornLayer(a, `a${i + 1}`));
  });
  const gear: string[] = [];
  for (const g of data.gear) {
    const a = pack.armour.find((x) => x.id === g);
    if (a?.held) held.push(heldObject(a, `h${held.length + 10}`));
    else gear.push(g);
  }
  return {
    id,
    name: name ?? data.name,
    kind: data.kind,
    role: data.role,
    ownerSeatId,
    hidden,
    attributes: { ...data.attributes },
    stamina: data.stamina,
    staminaMax: data.stamina,
    ne: data.ne,
    neMax: data.ne,
    neStores: data.neStores.map((s) => {
      const max = pack.accessories.find((a) => a.id === s.item)?.rating ?? s.ne;
      return { item: s.item, ne: s.ne, max, original: s.ne };
    }),
    poison: 0,
    overdosePaid: 0,
    actions: data.actions,
    levels: { ...data.levels },
    controlPort: data.controlPort,
    skills: [...data.skills],
    licence: data.licence,
    money: data.money,
    age: data.age,
    parts: {},
    prostheticSince: {},
    drains: {},
    spellReductions: {},
    conditions: [],
    weapons: data.weapons.map((w, i) => newWeapon(pack, w.weapon, `w${i + 1}`, w.inHands, w.spares, w.vent)),
    armour,
    held,
    gear,
    spells: [...data.spells],
    dead: null,
    firstAidGiven: false,
    agedAt: [],
  };
}

/**
 * The skills some rule of this pack reads: a vehicle's (§13.2, by its name) and a first-aid kit's
 * (§10). The GM's override teaches only these, so a sheet never carries a skill nothing reads.
 */
export function knownSkills(pack: Pack): string[] {
  const skills = new Set<string>();
  for (const v of pack.vehicles) skills.add(v.name);
  for (const a of pack.accessories) if (a.skill) skills.add(a.skill);
  return [...skills];
}
