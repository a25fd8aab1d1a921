import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import { parsePack } from '../data/pack.ts';
import { CONDITIONS, PARTS } from '../data/tables.ts';
import type { EliteUnitEvent } from '../events.ts';
import {
  characterFromPack,
  findWeapon,
  freshKey,
  heldObject,
  knownSkills,
  newWeapon,
  wornLayer,
} from '../rules/character.ts';
import { attributeId } from '../rules/effective.ts';
import { type Character, type EliteUnitState, PART_STATES } from '../state.ts';
import { requireCharacter } from './guards.ts';

/** The roster and the GM's hand on every value (§2, §18, GM tools). */

export function decideAdd(
  state: EliteUnitState,
  cmd: CommandOf<'character.add'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const data = state.pack.characters.find((c) => c.id === cmd.from);
  if (!data)
    throw new RuleError('UNKNOWN_PACK_CHARACTER', `the pack has no character ${cmd.from}`, {
      from: cmd.from,
    });
  const id = cmd.id ?? `${cmd.from}-${state.counters.character + 1}`;
  if (state.characters[id] || state.vehicles[id])
    throw new RuleError('CHARACTER_EXISTS', `there is already a character or vehicle ${id}`, { id });
  // A player takes a sample character for the own seat (issue 18): a PC, open, never another's.
  if (ctx.actor.role !== 'gm') {
    if (data.kind !== 'pc')
      throw new RuleError('PLAYER_TAKES_PC_ONLY', 'a player may take only a player character from the pack', {
        from: cmd.from,
      });
    if (cmd.ownerSeatId !== undefined && cmd.ownerSeatId !== ctx.actor.seatId)
      throw new RuleError('NOT_YOUR_SEAT', 'a player takes a character for the own seat only', {
        seat: cmd.ownerSeatId,
      });
    if (cmd.hidden === true) throw new RuleError('GM_ONLY', 'only the GM keeps hidden sheets');
  }
  const owner = ctx.actor.role !== 'gm' ? ctx.actor.seatId : (cmd.ownerSeatId ?? null);
  if (owner !== null && !state.seats[owner])
    throw new RuleError('UNKNOWN_SEAT', `there is no seat ${owner}`, { seat: owner });
  // NPC sheets are the GM's unless said otherwise (hidden NPC data, GM tools).
  const hidden = cmd.hidden ?? data.kind === 'npc';
  return [
    { type: 'character.added', character: characterFromPack(state.pack, data, id, owner, hidden, cmd.name) },
  ];
}

export function decideRemove(state: EliteUnitState, cmd: CommandOf<'character.remove'>): EliteUnitEvent[] {
  requireCharacter(state, cmd.id);
  if (state.battle?.order.some((e) => e.id === cmd.id))
    throw new RuleError('IN_BATTLE', `${cmd.id} is in the battle; end it first`, { id: cmd.id });
  return [{ type: 'character.removed', id: cmd.id }];
}

export function decideAssign(state: EliteUnitState, cmd: CommandOf<'character.assign'>): EliteUnitEvent[] {
  requireCharacter(state, cmd.id);
  if (cmd.ownerSeatId !== null && !state.seats[cmd.ownerSeatId])
    throw new RuleError('UNKNOWN_SEAT', `there is no seat ${cmd.ownerSeatId}`, { seat: cmd.ownerSeatId });
  return [
    {
      type: 'character.changed',
      reason: 'assign',
      patches: [{ id: cmd.id, set: { ownerSeatId: cmd.ownerSeatId } }],
    },
  ];
}

export function decideReveal(state: EliteUnitState, cmd: CommandOf<'character.reveal'>): EliteUnitEvent[] {
  requireCharacter(state, cmd.id);
  return [
    { type: 'character.changed', reason: 'reveal', patches: [{ id: cmd.id, set: { hidden: cmd.hidden } }] },
  ];
}

export function decidePackLoad(state: EliteUnitState, cmd: CommandOf<'pack.load'>): EliteUnitEvent[] {
  void state;
  return [{ type: 'pack.loaded', pack: parsePack(cmd.pack) }];
}

function invalid(message: string, cmd: CommandOf<'gm.set'>): RuleError {
  return new RuleError('VALUE_INVALID', message, { field: cmd.field, name: cmd.name, value: cmd.value });
}

function wholeNumber(cmd: CommandOf<'gm.set'>, min: number, max: number): number {
  const v = cmd.value;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max)
    throw invalid(`${cmd.field} must be a whole number from ${min} to ${max}`, cmd);
  return v;
}

/** Override of any value, as an event; values the rules cannot represent are refused. */
export function decideGmSet(state: EliteUnitState, cmd: CommandOf<'gm.set'>): EliteUnitEvent[] {
  const c = requireCharacter(state, cmd.id);
  let set: Partial<Character>;
  switch (cmd.field) {
    case 'attribute': {
      const attr = cmd.name === undefined ? undefined : attributeId(state.pack, cmd.name);
      if (!attr) throw invalid(`no attribute ${cmd.name}`, cmd);
      set = { attributes: { ...c.attributes, [attr]: wholeNumber(cmd, 0, 1000) } };
      break;
    }
    case 'drain':
    case 'spellReduction': {
      // What an attribute has lost for now (drains recover by the hour) or for good (a spell's
      // reduction); 0 takes the entry away.
      const attr = cmd.name === undefined ? undefined : attributeId(state.pack, cmd.name);
      if (!attr) throw invalid(`no attribute ${cmd.name}`, cmd);
      const key = cmd.field === 'drain' ? 'drains' : 'spellReductions';
      const { [attr]: _was, ...rest } = c[key];
      const v = wholeNumber(cmd, 0, 1000);
      set = { [key]: v === 0 ? rest : { ...rest, [attr]: v } };
      break;
    }
    case 'skill': {
      const skill = knownSkills(state.pack).find((x) => x === cmd.name);
      if (!skill)
        throw new RuleError('UNKNOWN_SKILL', `no rule of the pack reads a skill ${cmd.name}`, {
          skill: cmd.name,
        });
      const on = yesNo(cmd);
      if (on === c.skills.includes(skill))
        throw invalid(`${c.name} ${on ? 'already has' : 'does not have'} the skill ${skill}`, cmd);
      if (on && c.skills.length >= LIMITS.skills) throw invalid(`${c.name} has ${LIMITS.skills} skills`, cmd);
      set = { skills: on ? [...c.skills, skill] : c.skills.filter((x) => x !== skill) };
      break;
    }
    case 'stamina': {
      const v = wholeNumber(cmd, 0, c.staminaMax);
      set = { stamina: v, ...(v === 0 && c.dead === null ? { dead: 'Stamina 0' } : {}) };
      break;
    }
    case 'staminaMax':
      set = { staminaMax: wholeNumber(cmd, Math.max(1, c.stamina), 100_000) };
      break;
    case 'ne':
      set = { ne: wholeNumber(cmd, 0, c.neMax) };
      break;
    case 'neMax':
      set = { neMax: wholeNumber(cmd, c.ne, 10_000) };
      break;
    case 'poison': {
      const v = cmd.value;
      if (typeof v !== 'number' || v < 0 || v > 1000) throw invalid('poison must be a number from 0', cmd);
      set = { poison: v };
      break;
    }
    case 'actions':
      set = { actions: wholeNumber(cmd, 1, 20) };
      break;
    case 'age':
      set = { age: wholeNumber(cmd, 0, 1000) };
      break;
    case 'money':
      set = { money: wholeNumber(cmd, 0, 1_000_000) };
      break;
    case 'licence':
      set = { licence: wholeNumber(cmd, 0, 10) };
      break;
    case 'controlPort':
      if (typeof cmd.value !== 'boolean') throw invalid('controlPort is yes or no', cmd);
      set = { controlPort: cmd.value };
      break;
    case 'level': {
      const kind = cmd.name;
      if (kind !== 'warrior' && kind !== 'pilot' && kind !== 'wizard' && kind !== 'total')
        throw invalid('level is warrior, pilot, wizard or total', cmd);
      set = { levels: { ...c.levels, [kind]: wholeNumber(cmd, 0, 1000) } };
      break;
    }
    case 'part': {
      const part = PARTS.find((p) => p === cmd.name);
      const value = PART_STATES.find((p) => p === cmd.value);
      if (!part || !value)
        throw invalid(
          `a part is one of ${PARTS.join(', ')} and its state one of ${PART_STATES.join(', ')}`,
          cmd,
        );
      set = { parts: { ...c.parts, [part]: value } };
      break;
    }
    case 'layerDc': {
      // A worn layer, or a parry object's DC (a weapon's parry attributes, a held shield).
      const layer = c.armour.find((l) => l.key === cmd.name);
      const weapon = c.weapons.find((w) => w.key === cmd.name && w.dc !== null);
      const held = c.held.find((h) => h.key === cmd.name);
      if (layer) {
        const dc = wholeNumber(cmd, 0, layer.dcMax);
        set = { armour: c.armour.map((l) => (l === layer ? { ...l, dc } : l)) };
      } else if (weapon) {
        const dc = wholeNumber(cmd, 0, findWeapon(state.pack, weapon.weapon)?.parry?.dc ?? 0);
        set = { weapons: c.weapons.map((w) => (w === weapon ? { ...w, dc } : w)) };
      } else if (held) {
        const dc = wholeNumber(cmd, 0, state.pack.armour.find((a) => a.id === held.item)?.dc ?? 0);
        set = { held: c.held.map((h) => (h === held ? { ...h, dc } : h)) };
      } else throw invalid(`no armour layer or parry object ${cmd.name}`, cmd);
      break;
    }
    case 'loaded':
    case 'recoil': {
      const w = c.weapons.find((x) => x.key === cmd.name);
      if (!w) throw invalid(`no weapon ${cmd.name}`, cmd);
      const capacity = findWeapon(state.pack, w.weapon)?.ammo?.capacity ?? 0;
      const v = cmd.field === 'loaded' ? wholeNumber(cmd, 0, capacity) : wholeNumber(cmd, 0, 100_000);
      set = { weapons: c.weapons.map((x) => (x === w ? { ...x, [cmd.field]: v } : x)) };
      break;
    }
    case 'condition':
      set = { conditions: setCondition(c, cmd) };
      break;
    case 'spell': {
      const spell = state.pack.spells.find((x) => x.id === cmd.name);
      if (!spell)
        throw new RuleError('UNKNOWN_SPELL', `the pack has no spell ${cmd.name}`, { spell: cmd.name });
      const on = yesNo(cmd);
      if (on === c.spells.includes(spell.id))
        throw invalid(`${c.name} ${on ? 'already knows' : 'does not know'} ${spell.name}`, cmd);
      if (on && c.spells.length >= LIMITS.spells)
        throw invalid(`${c.name} knows ${LIMITS.spells} spells`, cmd);
      set = { spells: on ? [...c.spells, spell.id] : c.spells.filter((x) => x !== spell.id) };
      break;
    }
    case 'item':
      set = setItem(state, c, cmd);
      break;
    case 'weapon':
      set = setWeapon(state, c, cmd);
      break;
    case 'layer':
      set = setLayer(state, c, cmd);
      break;
    case 'neStore': {
      const item = state.pack.accessories.find((a) => a.id === cmd.name && a.kind === 'neStore');
      if (!item)
        throw new RuleError('UNKNOWN_ITEM', `the pack has no NE store ${cmd.name}`, { item: cmd.name });
      const at = c.neStores.findIndex((x) => x.item === item.id);
      if (cmd.value === false) {
        if (at < 0) throw invalid(`${c.name} carries no ${item.name}`, cmd);
        set = { neStores: c.neStores.filter((_, i) => i !== at) };
        break;
      }
      const store = c.neStores[at];
      if (!store && c.neStores.length >= LIMITS.neStores)
        throw invalid(`${c.name} carries ${LIMITS.neStores} NE stores`, cmd);
      // A store never holds less than nothing nor more than it was made for (the pack's rating).
      const ne = wholeNumber(cmd, 0, store?.max ?? item.rating ?? 0);
      set = {
        neStores: store
          ? c.neStores.map((x, i) => (i === at ? { ...x, ne } : x))
          : [...c.neStores, { item: item.id, ne, max: item.rating ?? 0, original: ne }],
      };
      break;
    }
  }
  return [
    {
      type: 'character.changed',
      reason: 'gm.set',
      patches: [{ id: c.id, set }],
      detail: { field: cmd.field, name: cmd.name, value: cmd.value },
    },
  ];
}

/** The longest lists a sheet keeps (the event schema's bounds), so an override never passes them. */
const LIMITS = {
  spells: 40,
  neStores: 8,
  conditions: 50,
  held: 10,
  gear: 40,
  weapons: 20,
  layers: 20,
  skills: 40,
} as const;

function yesNo(cmd: CommandOf<'gm.set'>): boolean {
  if (typeof cmd.value !== 'boolean') throw invalid(`${cmd.field} is true (add) or false (remove)`, cmd);
  return cmd.value;
}

/**
 * A condition put on (true: until removed; a whole number: that many Turns left) or taken off
 * (false). Only conditions some rule reads, so the sheet never carries a word nothing acts on.
 */
function setCondition(c: Character, cmd: CommandOf<'gm.set'>): Character['conditions'] {
  const id = CONDITIONS.find((x) => x === cmd.name);
  if (!id)
    throw new RuleError('UNKNOWN_CONDITION', `there is no condition ${cmd.name}`, { condition: cmd.name });
  const has = c.conditions.some((x) => x.id === id);
  const rest = c.conditions.filter((x) => x.id !== id);
  if (cmd.value === false) {
    if (!has) throw invalid(`${c.name} is not ${id}`, cmd);
    return rest;
  }
  if (!has && rest.length >= LIMITS.conditions)
    throw invalid(`${c.name} has ${LIMITS.conditions} conditions`, cmd);
  if (cmd.value === true) return [...rest, { id }];
  return [...rest, { id, turns: wholeNumber(cmd, 1, 1000) }];
}

/**
 * A carried item from the pack added or taken away: a held parry object (a shield) goes into the
 * hands' list with the pack's DC, any other accessory or armour into the gear. NE stores have
 * their own field (they hold NE), so they are refused here.
 */
/**
 * A weapon of the pack's given to the character (true: slung, loaded as the pack makes it, no
 * spare ammunition; `hold` takes it in hand) or taken away (false: the last one of that weapon it
 * carries). Not the weapon of an attack waiting for its defence.
 */
function setWeapon(state: EliteUnitState, c: Character, cmd: CommandOf<'gm.set'>): Partial<Character> {
  const data = cmd.name === undefined ? undefined : findWeapon(state.pack, cmd.name);
  if (!data)
    throw new RuleError('UNKNOWN_WEAPON', `the pack has no weapon ${cmd.name}`, { weapon: cmd.name });
  if (yesNo(cmd)) {
    if (c.weapons.length >= LIMITS.weapons) throw invalid(`${c.name} carries ${LIMITS.weapons} weapons`, cmd);
    const key = freshKey('w', c.weapons, c.weapons.length + 1);
    return { weapons: [...c.weapons, newWeapon(state.pack, data.id, key, false, 0)] };
  }
  let at = c.weapons.length - 1;
  while (at >= 0 && c.weapons[at]?.weapon !== data.id) at--;
  const w = c.weapons[at];
  if (!w) throw invalid(`${c.name} carries no ${data.name}`, cmd);
  const p = state.pending;
  if (p && p.attackerId === c.id && p.weaponKey === w.key && p.vehicleId === undefined)
    throw new RuleError('WEAPON_IN_USE', `${c.name}'s ${data.name} is in an attack waiting for its defence`, {
      weapon: w.key,
    });
  return { weapons: c.weapons.filter((_, i) => i !== at) };
}

/**
 * A worn layer of the pack's armour put on (true: outermost; "inner": innermost; at its full DC)
 * or taken off (false: the outermost layer of that armour). A held parry object is an item.
 */
function setLayer(state: EliteUnitState, c: Character, cmd: CommandOf<'gm.set'>): Partial<Character> {
  const armour = state.pack.armour.find((a) => a.id === cmd.name);
  if (!armour) throw new RuleError('UNKNOWN_ITEM', `the pack has no armour ${cmd.name}`, { item: cmd.name });
  if (armour.held) throw invalid(`${armour.name} is held, not worn: use the item field`, cmd);
  if (cmd.value === false) {
    const at = c.armour.findIndex((l) => l.item === armour.id);
    if (at < 0) throw invalid(`${c.name} wears no ${armour.name}`, cmd);
    return { armour: c.armour.filter((_, i) => i !== at) };
  }
  if (cmd.value !== true && cmd.value !== 'inner')
    throw invalid('layer is true (put on, outermost), "inner" (innermost) or false (take off)', cmd);
  if (c.armour.length >= LIMITS.layers) throw invalid(`${c.name} wears ${LIMITS.layers} layers`, cmd);
  const layer = wornLayer(armour, freshKey('a', c.armour, c.armour.length + 1));
  // The sheet lists its layers outermost first (rules/armour.ts).
  return { armour: cmd.value === 'inner' ? [...c.armour, layer] : [layer, ...c.armour] };
}

function setItem(state: EliteUnitState, c: Character, cmd: CommandOf<'gm.set'>): Partial<Character> {
  const armour = state.pack.armour.find((a) => a.id === cmd.name);
  const accessory = state.pack.accessories.find((a) => a.id === cmd.name);
  if (!armour && !accessory)
    throw new RuleError('UNKNOWN_ITEM', `the pack has no accessory or armour ${cmd.name}`, {
      item: cmd.name,
    });
  if (accessory?.kind === 'neStore')
    throw invalid(`${accessory.name} is an NE store: use the neStore field`, cmd);
  const on = yesNo(cmd);
  if (armour?.held) {
    if (on) {
      if (c.held.length >= LIMITS.held) throw invalid(`${c.name} holds ${LIMITS.held} objects`, cmd);
      return { held: [...c.held, heldObject(armour, freshKey('h', c.held, c.held.length + 10))] };
    }
    const at = c.held.findIndex((h) => h.item === armour.id);
    if (at < 0) throw invalid(`${c.name} holds no ${armour.name}`, cmd);
    return { held: c.held.filter((_, i) => i !== at) };
  }
  const id = (armour ?? accessory)?.id ?? '';
  if (on && c.gear.length >= LIMITS.gear) throw invalid(`${c.name} carries ${LIMITS.gear} items`, cmd);
  if (on) return { gear: [...c.gear, id] };
  const at = c.gear.indexOf(id);
  if (at < 0) throw invalid(`${c.name} carries no ${id}`, cmd);
  return { gear: c.gear.filter((_, i) => i !== at) };
}
