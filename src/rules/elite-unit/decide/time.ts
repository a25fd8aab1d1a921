import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import { AGEING, AGEING_FLOOR, POISON_DEATH_ABOVE, POISON_OVERDOSE_ABOVE, partOf } from '../data/tables.ts';
import type { EliteUnitEvent, Patch } from '../events.ts';
import { damageSpec, type Rolled, rollD10, rollD100, rollDamage } from '../rules/dice.ts';
import type { Character, Condition, EliteUnitState } from '../state.ts';
import { requireCharacter } from './guards.ts';

/** Time in hours (§10), poisons (§14), ageing and prosthetics (§15): GM commands. */

/** NE restored per hour asleep (§16.1). */
const NE_PER_HOUR_ASLEEP = 10;

/** §14 drain per hour: sheet Endurance ÷ 3, decimals kept (the reading says why). */
function poisonDrain(c: Character, hours: number): number {
  return ((c.attributes.endurance ?? 0) / 3) * hours;
}

export function decideTimePass(state: EliteUnitState, cmd: CommandOf<'time.pass'>): EliteUnitEvent[] {
  if (state.battle) throw new RuleError('BATTLE_RUNNING', 'hours pass outside a battle; end it first');
  const whole = Math.floor(cmd.hours);
  const patches: Patch[] = [];
  for (const id of state.roster) {
    const c = state.characters[id];
    if (!c || c.dead !== null) continue;
    const set: { -readonly [K in keyof Character]?: Character[K] } = {};
    if (whole > 0 && c.stamina < c.staminaMax) set.stamina = Math.min(c.staminaMax, c.stamina + whole);
    if (whole > 0 && Object.keys(c.drains).length > 0) {
      const drains: Record<string, number> = {};
      for (const [k, v] of Object.entries(c.drains)) if (v - whole > 0) drains[k] = v - whole;
      set.drains = drains;
    }
    if (c.poison > 0) {
      const poison = Math.max(0, c.poison - poisonDrain(c, cmd.hours));
      set.poison = poison;
      if (poison <= POISON_OVERDOSE_ABOVE) set.overdosePaid = 0;
    }
    if (cmd.asleep && whole > 0 && c.ne < c.neMax)
      set.ne = Math.min(c.neMax, c.ne + NE_PER_HOUR_ASLEEP * whole);
    // Chaos #4: the hours ahead count down; the character is back when they are spent.
    if (c.conditions.some((x) => x.id === 'timeLeap'))
      set.conditions = c.conditions
        .map((x) => (x.id === 'timeLeap' ? { ...x, factor: (x.factor ?? 0) - cmd.hours } : x))
        .filter((x) => x.id !== 'timeLeap' || (x.factor ?? 0) > 0);
    if (Object.keys(set).length > 0) patches.push({ id, set });
  }
  return [
    { type: 'character.changed', reason: 'time', patches, detail: { hours: cmd.hours, asleep: cmd.asleep } },
  ];
}

/** Every attribute (§14 reading: the §2 list) loses `n` for good, never below 0. */
function loseEvery(state: EliteUnitState, c: Character, n: number): Record<string, number> {
  const attributes: Record<string, number> = { ...c.attributes };
  for (const a of state.pack.attributes) attributes[a.id] = Math.max(0, (attributes[a.id] ?? 0) - n);
  return attributes;
}

export function decidePoison(
  state: EliteUnitState,
  cmd: CommandOf<'poison.dose'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireCharacter(state, cmd.id);
  if (c.dead !== null) throw new RuleError('CHARACTER_DEAD', `${c.name} is dead`);
  const s = state.pack.substances.find((x) => x.id === cmd.substance);
  if (!s) throw new RuleError('UNKNOWN_SUBSTANCE', `the pack has no substance ${cmd.substance}`);
  const rolls: Rolled[] = [];
  let amount = 0;
  for (let i = 0; i < cmd.units; i++) {
    if (typeof s.amount === 'number') amount += s.amount;
    else {
      damageSpec(s.amount);
      const r = rollDamage(ctx.dice, s.amount, `${s.name} on ${c.name}`);
      rolls.push(r);
      amount += r.total;
    }
  }
  const level = Math.max(0, c.poison + amount);
  const set: { -readonly [K in keyof Character]?: Character[K] } = { poison: level };
  // §14: each point climbed above 35 (up to 40) costs 1 from every attribute, once per climb.
  const paid = Math.max(POISON_OVERDOSE_ABOVE, c.overdosePaid);
  const reached = Math.min(level, POISON_DEATH_ABOVE);
  const loss = Math.max(0, Math.floor(reached) - Math.floor(paid));
  if (loss > 0) {
    set.attributes = loseEvery(state, c, loss);
    set.overdosePaid = reached;
  }
  if (level <= POISON_OVERDOSE_ABOVE) set.overdosePaid = 0;
  if (level > POISON_DEATH_ABOVE) set.dead = 'poison';
  return [
    {
      type: 'character.changed',
      reason: 'poison',
      patches: [{ id: c.id, set }],
      rolls,
      detail: { substance: s.id, amount, overdoseLoss: loss },
    },
  ];
}

/** §15: a birthday: ageing rows at the new age, the old-age and prosthetic checks. */
export function decideBirthday(
  state: EliteUnitState,
  cmd: CommandOf<'birthday'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireCharacter(state, cmd.id);
  if (c.dead !== null) throw new RuleError('CHARACTER_DEAD', `${c.name} is dead`);
  const age = c.age + 1;
  const set: { -readonly [K in keyof Character]?: Character[K] } = { age };
  const rows = AGEING.filter((r) => r.age <= age && !c.agedAt.includes(r.age));
  if (rows.length > 0) {
    const attributes: Record<string, number> = { ...c.attributes };
    for (const a of state.pack.attributes) {
      if (!a.basic) continue;
      const part = partOf(a.id);
      if (part && c.parts[part] === 'prosthetic') continue;
      const v = attributes[a.id] ?? 0;
      if (v <= AGEING_FLOOR) continue;
      attributes[a.id] = Math.max(AGEING_FLOOR, v - rows.length);
    }
    set.attributes = attributes;
    set.agedAt = [...c.agedAt, ...rows.map((r) => r.age)];
  }
  const rolls: Rolled[] = [];
  const conditions: Condition[] = [...c.conditions];
  if (age > 70) {
    const per = c.parts.trunk === 'prosthetic' ? 3 : 5;
    const r = rollD100(ctx.dice, `old age of ${c.name}`);
    rolls.push(r);
    // Death comes within the year, at a moment the GM picks (§15, §18.8).
    if (r.total <= per * (age - 70)) conditions.push({ id: 'diesThisYear', note: 'old age' });
  }
  for (const [part, since] of Object.entries(c.prostheticSince)) {
    if (c.parts[part as keyof Character['parts']] !== 'prosthetic' || age - (since ?? age) < 5) continue;
    const f = rollD10(ctx.dice, `prosthetic ${part} of ${c.name} (a 1 fails this year)`);
    rolls.push({ purpose: `prosthetic ${part}`, faces: [f], total: f });
    if (f === 1) conditions.push({ id: 'prostheticFailsThisYear', note: part });
  }
  if (conditions.length !== c.conditions.length) set.conditions = conditions;
  return [
    {
      type: 'character.changed',
      reason: 'birthday',
      patches: [{ id: c.id, set }],
      rolls,
      detail: { age, ageingRows: rows.length },
    },
  ];
}

/**
 * §15: the GM picks the moment a fate flagged at a birthday strikes. A prosthetic fails (state
 * `prostheticFailed`: its attributes count 0, §4 step 2; a failed trunk kills, §9.5); old age
 * kills. The flag, if any, is spent. The GM may also strike unflagged (a judgement, §18.8).
 */
export function decideFate(state: EliteUnitState, cmd: CommandOf<'gm.fate'>): EliteUnitEvent[] {
  const c = requireCharacter(state, cmd.id);
  if (c.dead !== null) throw new RuleError('CHARACTER_DEAD', `${c.name} is dead`);
  let set: { -readonly [K in keyof Character]?: Character[K] };
  if (cmd.fate === 'diesOfAge') {
    set = { dead: 'old age', conditions: c.conditions.filter((x) => x.id !== 'diesThisYear') };
  } else {
    const part = cmd.part;
    if (part === undefined)
      throw new RuleError('VALUE_INVALID', 'name the prosthetic part that fails', { field: 'part' });
    const now = c.parts[part];
    if (now !== 'prosthetic' && now !== 'prostheticDamaged')
      throw new RuleError('NOT_PROSTHETIC', `${c.name}'s ${part} is not a working prosthetic`, { part, now });
    set = {
      parts: { ...c.parts, [part]: 'prostheticFailed' },
      conditions: c.conditions.filter((x) => !(x.id === 'prostheticFailsThisYear' && x.note === part)),
      ...(part === 'trunk' ? { dead: 'prosthetic trunk failed' } : {}),
    };
  }
  return [
    {
      type: 'character.changed',
      reason: 'fate',
      patches: [{ id: c.id, set }],
      detail: { fate: cmd.fate, ...(cmd.part ? { part: cmd.part } : {}) },
    },
  ];
}

/** §10, §15: expert care to ¾, a bought prosthetic, an overhaul (the GM rules on time and care). */
export function decideSurgery(state: EliteUnitState, cmd: CommandOf<'surgery'>): EliteUnitEvent[] {
  const c = requireCharacter(state, cmd.id);
  if (c.dead !== null) throw new RuleError('CHARACTER_DEAD', `${c.name} is dead`);
  const now = c.parts[cmd.part] ?? 'intact';
  const set: { -readonly [K in keyof Character]?: Character[K] } = {};
  if (cmd.to === 'repaired') {
    if (now !== 'damaged')
      throw new RuleError('PART_NOT_DAMAGED', 'only a damaged (halved) part can be repaired', {
        part: cmd.part,
        now,
      });
    set.parts = { ...c.parts, [cmd.part]: 'repaired' };
  } else {
    const item = state.pack.accessories.find((a) =>
      cmd.to === 'overhaul' ? a.kind === 'service' : a.kind === 'prosthetic' && a.part === cmd.part,
    );
    if (!item)
      throw new RuleError(
        'NO_PROSTHETIC',
        `the pack offers no ${cmd.to === 'overhaul' ? 'overhaul' : `prosthetic ${cmd.part}`}`,
      );
    if (c.money < item.cost)
      throw new RuleError('NOT_ENOUGH_MONEY', `${item.name} costs ${item.cost}c; ${c.name} has ${c.money}c`);
    if (cmd.to === 'overhaul' && now !== 'prosthetic')
      throw new RuleError('NOT_PROSTHETIC', `${cmd.part} is not a working prosthetic`);
    if (cmd.to === 'prosthetic' && now === 'intact')
      throw new RuleError('PART_INTACT', `${cmd.part} needs no prosthetic`);
    set.money = c.money - item.cost;
    set.parts = { ...c.parts, [cmd.part]: 'prosthetic' };
    set.prostheticSince = { ...c.prostheticSince, [cmd.part]: c.age };
    set.conditions = c.conditions.filter((x) => !(x.id === 'prostheticFailsThisYear' && x.note === cmd.part));
  }
  return [
    {
      type: 'character.changed',
      reason: 'surgery',
      patches: [{ id: c.id, set }],
      detail: { part: cmd.part, to: cmd.to },
    },
  ];
}
