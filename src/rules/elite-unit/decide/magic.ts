import { RuleError } from '../../../engine/rule-error.ts';
import { type DecideContext, othersDice } from '../../../engine/ruleset.ts';
import type { CommandOf } from '../commands.ts';
import { CHAOS } from '../data/tables.ts';
import type { EliteUnitEvent, Patch } from '../events.ts';
import { type Rolled, rollD10, rollD20, rollD100, rollDamage, rollSave, waivedSave } from '../rules/dice.ts';
import { effectiveValue, hasCondition, isWounded } from '../rules/effective.ts';
import { injure } from '../rules/injury.ts';
import type { Character, Condition, EliteUnitState, PendingAttack, PendingSave } from '../state.ts';
import { requireAction, requireCharacter, requireControl } from './guards.ts';

/** Magic (§16): NE and fizzles, scramble checks, the chaos table; spells from the pack (§18.7). */

const SCRAMBLE_POISON_AT = 30;

type Mutable = { -readonly [K in keyof Character]?: Character[K] };

/** Applies one chaos face to `c` (§16.3), rolling its duration, factor or damage once. */
function chaos(c: Character, face: number, dice: DecideContext['dice'], rolls: Rolled[]): Mutable {
  const row = CHAOS[face - 1];
  const set: Mutable = {};
  const d6 = (why: string) => {
    const r = rollDamage(dice, '1D6', why);
    rolls.push(r);
    return r.total;
  };
  const conditions: Condition[] = [...c.conditions];
  switch (face) {
    case 3: {
      const turns = d6('chaos: turns shrunk');
      const size = d6('chaos: size in cm');
      const div = rollDamage(dice, '1D20', 'chaos: damage divisor');
      rolls.push(div);
      conditions.push({ id: 'shrunk', turns, factor: div.total, note: `${size} cm` });
      break;
    }
    case 4:
      conditions.push({ id: 'timeLeap', factor: d6('chaos: hours ahead') });
      break;
    case 9:
      set.ne = 0;
      set.neStores = c.neStores.map((s) => ({ ...s, ne: 0 }));
      break;
    case 10:
      set.ne = c.neMax;
      set.neStores = c.neStores.map((s) => ({ ...s, ne: s.original }));
      break;
    case 13: {
      const turns = d6('chaos: turns');
      const f = rollDamage(dice, '1D4+1', 'chaos: weapon multiplier');
      rolls.push(f);
      // The GM picks the weapon (§18.8); the one in the hands is the default until the GM changes it.
      const w = c.weapons.find((x) => x.inHands) ?? c.weapons[0];
      conditions.push({ id: 'weaponMultiplied', turns, factor: f.total, ...(w ? { note: w.key } : {}) });
      break;
    }
    case 20: {
      const r = rollDamage(dice, '1D10', 'chaos: lightning');
      rolls.push(r);
      Object.assign(set, injure(c, r.total, [], dice, hasCondition(c, 'invulnerable')).set);
      break;
    }
    default:
      if (row?.condition)
        conditions.push({
          id: row.condition,
          ...(row.turns ? { turns: d6(`chaos: turns ${row.condition}`) } : {}),
        });
  }
  if (conditions.length !== c.conditions.length) set.conditions = conditions;
  return set;
}

export function decideCast(
  state: EliteUnitState,
  cmd: CommandOf<'cast'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const caster = requireControl(state, cmd.id, ctx);
  requireAction(state, caster);
  const spell = state.pack.spells.find((s) => s.id === cmd.spell);
  if (!spell || !caster.spells.includes(spell.id))
    throw new RuleError('UNKNOWN_SPELL', `${caster.name} knows no spell ${cmd.spell}`);
  if (cmd.forceScramble && ctx.actor.role !== 'gm')
    throw new RuleError('GM_ONLY', 'only the GM forces a scramble');
  const targets = cmd.targets.map((t) => {
    const c = requireCharacter(state, t.id);
    if (c.dead !== null) throw new RuleError('TARGET_DEAD', `${c.name} is dead`);
    if (t.distance > spell.range)
      throw new RuleError('OUT_OF_RANGE', `${spell.name} reaches ${spell.range} m`);
    return { c, distance: t.distance };
  });
  if (
    (spell.effect === 'attack' || spell.effect === 'drain' || spell.effect === 'scramble') &&
    targets.length !== 1
  )
    throw new RuleError('TARGET_NEEDED', `${spell.name} needs exactly one target`);
  const rolls: Rolled[] = [];
  let cost: number;
  if (typeof spell.cost === 'number') cost = spell.cost;
  else {
    const r = rollDamage(ctx.dice, spell.cost, `NE cost of ${spell.name}`);
    rolls.push(r);
    cost = r.total;
  }
  const patches: Patch[] = [];
  // A cost beyond the NE in the body: the spell fizzles and half the cost is spent (§16.1).
  if (cost > caster.ne) {
    const spent = Math.min(caster.ne, Math.floor(cost / 2));
    patches.push({ id: caster.id, set: { ne: caster.ne - spent } });
    return [
      {
        type: 'character.changed',
        reason: 'cast',
        patches,
        spendsAction: caster.id,
        rolls,
        detail: { spell: spell.id, cost, fizzled: true, spent },
      },
    ];
  }
  const casterSet: Mutable = { ne: caster.ne - cost };
  // Scrambled: forced by the GM, a Spell Scramble on the caster, or a 10 on the d10 when hurt or poisoned.
  let scrambled = cmd.forceScramble === true;
  const primed = caster.conditions.some((x) => x.id === 'scrambleNext');
  if (primed) {
    scrambled = true;
    casterSet.conditions = caster.conditions.filter((x) => x.id !== 'scrambleNext');
  }
  let scrambleCheck: number | undefined;
  if (!scrambled && (isWounded(caster) || caster.poison >= SCRAMBLE_POISON_AT)) {
    scrambleCheck = rollD10(ctx.dice, `scramble check of ${caster.name}`);
    scrambled = scrambleCheck === 10;
  }
  const sets = new Map<string, Mutable>([[caster.id, casterSet]]);
  const setFor = (c: Character): Mutable => {
    const found = sets.get(c.id);
    if (found) return found;
    const s: Mutable = {};
    sets.set(c.id, s);
    return s;
  };
  const current = (c: Character): Character => ({ ...c, ...(sets.get(c.id) ?? {}) }) as Character;
  const events: EliteUnitEvent[] = [];
  const gm = othersDice(ctx);
  let pending: PendingAttack | null = null;
  let asked: PendingSave | null = null;
  let attackFace: number | undefined;
  let attackTotal = 0;
  switch (spell.effect) {
    case 'heal':
      for (const t of targets) {
        const r = rollDamage(ctx.dice, spell.heal ?? '0', `${spell.name} on ${t.c.name}`);
        rolls.push(r);
        setFor(t.c).stamina = Math.min(t.c.staminaMax, current(t.c).stamina + r.total);
      }
      break;
    case 'ward':
      for (const t of targets) {
        const w = spell.ward;
        if (!w) break;
        const turns = rollDamage(ctx.dice, w.turns, `${spell.name} duration`);
        rolls.push(turns);
        const layer = {
          key: `m${state.counters.attack + 1}`,
          item: spell.id,
          name: spell.name,
          dc: w.dc,
          dcMax: w.dc,
          resilience: w.resilience,
          turnsLeft: turns.total,
        };
        setFor(t.c).armour = [layer, ...current(t.c).armour];
      }
      break;
    case 'drain':
    case 'scramble':
      // The target's seat rolls its own save (`resist`): asked after the cast, like a defence.
      asked = {
        saveId: `s${state.counters.save + 1}`,
        casterId: caster.id,
        targetId: (targets[0] as (typeof targets)[number]).c.id,
        spell: spell.id,
        attribute: spell.save,
      };
      break;
    case 'attack': {
      const t = targets[0] as (typeof targets)[number];
      attackFace = rollD20(ctx.dice, `${spell.name} by ${caster.name}`);
      attackTotal = attackFace + effectiveValue(caster, state.pack, 'attack');
      const double = hasCondition(caster, 'spellsDouble');
      const half = hasCondition(caster, 'spellsHalf');
      pending = {
        attackId: `a${state.counters.attack + 1}`,
        attackerId: caster.id,
        weaponKey: null,
        weapon: null,
        spell: spell.id,
        targets: [{ id: t.c.id, distance: t.distance, column: 0 }],
        next: 0,
        attackTotal,
        parryable: spell.parryable,
        unaware: false,
        fatal: false,
        multiplier: double ? 2 : 1,
        divisor: half ? 2 : 1,
        strength: null,
        damage: {},
      };
      break;
    }
  }
  let chaosFace: number | undefined;
  if (scrambled) {
    const victim = targets[0]?.c ?? caster;
    chaosFace = rollD20(gm, 'magical chaos');
    Object.assign(setFor(victim), chaos(current(victim), chaosFace, gm, rolls));
  }
  for (const [id, set] of sets) if (Object.keys(set).length > 0) patches.push({ id, set });
  const detail = {
    spell: spell.id,
    cost,
    fizzled: false,
    scrambled,
    ...(scrambleCheck === undefined ? {} : { scrambleCheck }),
    ...(chaosFace === undefined ? {} : { chaos: chaosFace }),
  };
  if (pending) {
    events.push({ type: 'character.changed', reason: 'cast', patches, rolls, detail });
    events.push({
      type: 'attack.declared',
      attackId: pending.attackId,
      attackerId: caster.id,
      weapon: null,
      mode: null,
      rounds: 0,
      face: attackFace ?? 0,
      total: attackTotal,
      steps: [{ step: 'Attack', value: attackTotal - (attackFace ?? 0) }],
      patches: [],
      pending,
      spendsAction: caster.id,
    });
  } else {
    events.push({
      type: 'character.changed',
      reason: 'cast',
      patches,
      spendsAction: caster.id,
      rolls,
      detail,
    });
    if (asked) events.push({ type: 'save.asked', pending: asked });
  }
  return events;
}

/**
 * The target's answer to a Drain Will or Spell Scramble (§3, §18.7): its seat rolls the save (or
 * gives it up, §3 step 4); a failure costs the drain (a spell reduction, no hourly recovery) or
 * primes the target's next spell to scramble. The drain's size comes from the table's dice.
 */
export function decideResist(
  state: EliteUnitState,
  cmd: CommandOf<'resist'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const p = state.pendingSave;
  if (!p) throw new RuleError('NO_SAVE_PENDING', 'no spell waits for a save');
  if (p.targetId !== cmd.targetId)
    throw new RuleError(
      'NOT_YOUR_SAVE',
      `spell save ${p.saveId} waits for ${p.targetId}, not ${cmd.targetId}`,
      {
        waiting: p.targetId,
      },
    );
  const t = requireControl(state, cmd.targetId, ctx);
  const spell = state.pack.spells.find((s) => s.id === p.spell);
  if (!spell) throw new RuleError('UNKNOWN_SPELL', `the pack no longer has the spell ${p.spell}`);
  const value = effectiveValue(t, state.pack, p.attribute);
  const save = cmd.waive
    ? waivedSave(p.attribute, value)
    : rollSave(ctx.dice, p.attribute, value, `${t.name} resists ${spell.name}`);
  const rolls: Rolled[] = [];
  const set: Mutable = {};
  if (!save.success && spell.effect === 'drain' && spell.drain) {
    const r = rollDamage(othersDice(ctx), spell.drain.amount, `${spell.name} amount`);
    rolls.push(r);
    const attr = spell.drain.attribute;
    set.spellReductions = { ...t.spellReductions, [attr]: (t.spellReductions[attr] ?? 0) + r.total };
  }
  if (!save.success && spell.effect === 'scramble' && !hasCondition(t, 'scrambleNext'))
    set.conditions = [...t.conditions, { id: 'scrambleNext' }];
  const events: EliteUnitEvent[] = [
    {
      type: 'save.resolved',
      saveId: p.saveId,
      characterId: t.id,
      save,
      patches: Object.keys(set).length > 0 ? [{ id: t.id, set }] : [],
      ...(rolls.length > 0 ? { rolls } : {}),
    },
  ];
  if (save.bareFail)
    events.push({
      type: 'question.asked',
      question: { id: `q${state.counters.question + 1}`, kind: 'bareFail', characterId: t.id, save },
    });
  return events;
}

/** Energy blast reach (§16.3 #15). */
const ENERGY_BLAST_METRES = 10;

/** Chaos #15: used as an action; no defence (it hits); through the target's layers; used up. */
export function decideEnergyBlast(
  state: EliteUnitState,
  cmd: CommandOf<'energyBlast'>,
  ctx: DecideContext,
): EliteUnitEvent[] {
  const c = requireControl(state, cmd.id, ctx);
  requireAction(state, c);
  if (!hasCondition(c, 'energyBlast'))
    throw new RuleError('NO_ENERGY_BLAST', `${c.name} has no energy blast to use`);
  const t = requireCharacter(state, cmd.targetId);
  if (t.dead !== null) throw new RuleError('TARGET_DEAD', `${t.name} is already dead`);
  if (cmd.distance > ENERGY_BLAST_METRES)
    throw new RuleError('OUT_OF_RANGE', `the blast reaches ${ENERGY_BLAST_METRES} m`);
  const roll = rollD100(othersDice(ctx), `energy blast by ${c.name}`);
  const injury = injure(t, roll.total, [], othersDice(ctx), hasCondition(t, 'invulnerable'));
  const conditions = c.conditions.filter((x) => x.id !== 'energyBlast');
  const patches: Patch[] =
    t.id === c.id
      ? [{ id: c.id, set: { ...injury.set, conditions } }]
      : [
          { id: c.id, set: { conditions } },
          { id: t.id, set: injury.set },
        ];
  return [
    {
      type: 'character.changed',
      reason: 'cast',
      patches,
      spendsAction: c.id,
      rolls: [roll],
      detail: { energyBlast: true, blow: injury.blow },
    },
  ];
}
