import { z } from 'zod';
import { D6 } from '../../engine/dice/die.ts';
import type { DiceSource } from '../../engine/dice/source.ts';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { type Character, characteristicIndex, currentEnd, type Dose, type Wound } from './character.ts';
import {
  ANTI_TOXIN_TARGETS,
  COMBAT_DRUG_BONUS,
  DAY_SECONDS,
  DRUG_IDS,
  DRUGS,
  HOUR_SECONDS,
  MEDICAL_SLOW_DAYS,
  TURN_SECONDS,
  type WoundLevel,
} from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import { healedBy } from './medicine.ts';
import {
  type CommandSpec,
  defineCommand,
  fold,
  GM,
  GM_AND_PLAYERS,
  requireCharacter,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import { woundFor } from './resolve.ts';
import type { RhylanorState } from './state.ts';
import { makeRoll, roll2d6, skillMods } from './task.ts';

/**
 * Game time and what runs on it (§8.1, §8.3): the referee passes time outside a fight, and each
 * combat turn is 15 s. As time passes, a mortal wound's 1d6 hours run out (death), and drugs take
 * hold, wear off and crash. `dueEvents` is the one place those clocks are read, called after any
 * event that moves the clock.
 */

const characterId = z.string().regex(/^c[0-9]{1,5}$/);
const amount = z.number().int().min(0).max(100_000);

const schemas = {
  pass: z.strictObject({
    type: z.literal('time.pass'),
    turns: amount.optional(),
    minutes: amount.optional(),
    hours: amount.optional(),
    days: amount.optional(),
    reason: z.string().trim().max(120).optional(),
  }),
  take: z.strictObject({
    type: z.literal('drug.take'),
    characterId,
    drug: z.enum(DRUG_IDS),
    /** Anti-toxin: the medic giving it (his Medic counts) and whether the poison is new to him. */
    medicId: characterId.optional(),
    novel: z.boolean().optional(),
  }),
  /** A wound from outside a fight (a fall, a crew hit in space, a poison): the referee names its level. */
  wound: z.strictObject({
    type: z.literal('character.wound'),
    characterId,
    level: z.enum(['graze', 'light', 'moderate', 'serious', 'mortal', 'dead', 'destroyed']),
  }),
} as const;

export type ClockCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

function pass(state: RhylanorState, cmd: z.output<typeof schemas.pass>, ctx: DecideContext): PersonalEvent[] {
  requireNoWindow(state);
  // In a fight the clock runs by turns (combat.next); passing hours in one would skip the fight.
  if (state.combat) throw new RuleError('IN_COMBAT', 'in a fight time passes turn by turn (combat.next)');
  const seconds =
    (cmd.turns ?? 0) * TURN_SECONDS +
    (cmd.minutes ?? 0) * 60 +
    (cmd.hours ?? 0) * HOUR_SECONDS +
    (cmd.days ?? 0) * DAY_SECONDS;
  if (seconds <= 0) throw new RuleError('INVALID_VALUE', 'say how much time passes');
  const passed: PersonalEvent = {
    type: 'time.passed',
    seconds,
    now: state.time + seconds,
    reason: cmd.reason ?? 'time passes',
  };
  return [passed, ...dueEvents(fold(state, [passed]), ctx.dice)];
}

function take(state: RhylanorState, cmd: z.output<typeof schemas.take>, ctx: DecideContext): PersonalEvent[] {
  requireNoWindow(state);
  const c = requireOwn(state, ctx, cmd.characterId);
  if (c.wounds.some((w) => !w.treated && (w.level === 'dead' || w.level === 'destroyed')))
    throw new RuleError('CANNOT_ACT', `${c.name} is past any drug`);
  const data = DRUGS[cmd.drug];
  const startsAt = state.time + data.onset;
  // A drug with no set span (medical drug, anti-toxin) does its work at once and is over.
  const dose: Dose = {
    drug: cmd.drug,
    takenAt: state.time,
    startsAt,
    endsAt: data.lasts === null ? null : startsAt + data.lasts,
    stage: data.lasts === null ? 'over' : 'waiting',
  };
  const events: PersonalEvent[] = [{ type: 'drug.taken', characterId: c.id, dose }];
  if (cmd.drug === 'antiToxin') {
    const medic = cmd.medicId === undefined ? c : requireCharacter(state, cmd.medicId);
    const choice = skillMods(medic, [{ skill: 'Medic', dm: 0 }], state.pack);
    const target = cmd.novel ? ANTI_TOXIN_TARGETS.novel : ANTI_TOXIN_TARGETS.known;
    const purpose = `anti-toxin for ${c.name}`;
    const roll = makeRoll(purpose, roll2d6(ctx.dice, purpose), choice.mods, target);
    events.push({
      type: 'task.rolled',
      characterId: medic.id,
      skill: choice.skill,
      roll,
      ticked: null,
      label: purpose,
    });
  }
  if (cmd.drug === 'medicalSlow') {
    // A day's sleep that heals as a month's rest (§8.3).
    events.push({
      type: 'character.updated',
      characterId: c.id,
      set: { wounds: healedBy(c, MEDICAL_SLOW_DAYS) },
      by: 'rule',
      reason: `medical slow drug: ${MEDICAL_SLOW_DAYS} days of healing in a day's sleep`,
    });
  }
  return [...events, ...dueEvents(fold(state, events), ctx.dice)];
}

/** Temporary characteristic modifiers with the combat drug's +2 to Str, Dex and End added or removed. */
function combatDrugMods(c: Character, sign: 1 | -1): number[] {
  const boosted = new Set(['Str', 'Dex', 'End'].map((ch) => characteristicIndex(ch as 'Str')));
  return c.mods.map((m, i) => (boosted.has(i) ? m + sign * COMBAT_DRUG_BONUS : m));
}

/**
 * Everything the clock has reached at `state.time`, in order per character (by id): doses taking
 * hold, doses ending (with the combat drug's held-off wounds landing and the crash die), and
 * mortal wounds running out. The death die is rolled only once an hour has passed since the
 * wound, the soonest it can matter, so short fights never ask for it.
 */
export function dueEvents(state: RhylanorState, dice: DiceSource): PersonalEvent[] {
  const events: PersonalEvent[] = [];
  let s = state;
  const emit = (e: PersonalEvent) => {
    events.push(e);
    s = fold(s, [e]);
  };
  const now = state.time;
  const turn = state.combat?.turn ?? 0;
  for (const id of Object.keys(state.characters).sort()) {
    const doses = state.characters[id]?.drugs ?? [];
    doses.forEach((dose, index) => {
      if (dose.stage === 'waiting' && dose.startsAt <= now) {
        emit({ type: 'drug.changed', characterId: id, index, stage: 'active' });
        const c = s.characters[id] as Character;
        if (dose.drug === 'combat')
          emit({
            type: 'character.updated',
            characterId: id,
            set: { mods: combatDrugMods(c, 1) },
            by: 'rule',
            reason: 'the combat drug takes hold',
          });
      }
      if ((dose.stage === 'waiting' || dose.stage === 'active') && dose.endsAt !== null && dose.endsAt <= now)
        endDose(dose, index);
      // The truth drug's day of sleep runs from its end (§8.3).
      const wakesAt = dose.endsAt === null ? null : dose.endsAt + DRUGS[dose.drug].sleepsAfter;
      if (s.characters[id]?.drugs?.[index]?.stage === 'asleep' && wakesAt !== null && wakesAt <= now)
        emit({ type: 'drug.changed', characterId: id, index, stage: 'over' });
    });
    const c = s.characters[id] as Character;
    for (const w of c.wounds) {
      if (w.level !== 'mortal' || w.treated) continue;
      const since = w.at ?? 0;
      let diesAt = w.diesAt;
      if (diesAt === undefined && now - since >= HOUR_SECONDS) {
        const face = dice.roll(D6, `hours ${c.name}'s mortal wound leaves`);
        diesAt = since + face * HOUR_SECONDS;
        emit({ type: 'clock.deathRolled', characterId: id, woundId: w.id, face, diesAt });
      }
      if (diesAt !== undefined && diesAt <= now) {
        const after = s.characters[id] as Character;
        emit({
          type: 'character.updated',
          characterId: id,
          set: { wounds: after.wounds.map((x) => (x.id === w.id ? { ...x, level: 'dead' as const } : x)) },
          by: 'rule',
          reason: `${c.name}'s mortal wound went untreated too long`,
        });
      }
    }

    function endDose(dose: Dose, index: number): void {
      const data = DRUGS[dose.drug];
      const crashFace = data.crash ? dice.roll(D6, `${dose.drug} drug crash`) : undefined;
      emit({
        type: 'drug.changed',
        characterId: id,
        index,
        stage: data.sleepsAfter > 0 ? 'asleep' : 'over',
        ...(crashFace === undefined ? {} : { crashFace }),
      });
      let c = s.characters[id] as Character;
      if (dose.drug === 'combat') {
        // The wounds it held off count from now on (§8.3 reading), and the +2 goes.
        const wounds: Wound[] = c.wounds.map(({ deferred: _d, ...w }) => w);
        emit({
          type: 'character.updated',
          characterId: id,
          set: { mods: combatDrugMods(c, -1), wounds },
          by: 'rule',
          reason: 'the combat drug wears off',
        });
        c = s.characters[id] as Character;
      }
      if (crashFace !== undefined) {
        // 1d6 End as a Moderate wound, Serious if End falls to 0 or below.
        const level: WoundLevel = currentEnd(c) - crashFace <= 0 ? 'serious' : 'moderate';
        const wound = { ...woundFor(c, level, turn), endLost: crashFace };
        emit({ type: 'character.wounded', characterId: id, wound, rolled: level, shift: 0 });
      } else if (data.after !== null) {
        emit({
          type: 'character.wounded',
          characterId: id,
          wound: woundFor(c, data.after, turn),
          rolled: data.after,
          shift: 0,
        });
      }
    }
  }
  return events;
}

/**
 * Whether a combat drug holds off this wound (§8.3 reading): the first qualifying wound sets the
 * mode, up to two Lights or one Moderate while the drug lasts.
 */
export function combatDrugHolds(c: Character, level: WoundLevel): boolean {
  if (!c.drugs?.some((d) => d.drug === 'combat' && d.stage === 'active')) return false;
  const held = c.wounds.filter((w) => w.deferred);
  if (level === 'light') return held.length < 2 && held.every((w) => w.level === 'light');
  if (level === 'moderate') return held.length === 0;
  return false;
}

function wound(state: RhylanorState, cmd: z.output<typeof schemas.wound>): PersonalEvent[] {
  requireNoWindow(state);
  const c = requireCharacter(state, cmd.characterId);
  const w = woundFor(c, cmd.level, state.combat?.turn ?? 0);
  const wound = combatDrugHolds(c, cmd.level) ? { ...w, deferred: true as const } : w;
  return [{ type: 'character.wounded', characterId: c.id, wound, rolled: cmd.level, shift: 0 }];
}

export const clockCommands: readonly CommandSpec[] = [
  defineCommand(schemas.wound, GM, wound),
  defineCommand(schemas.pass, GM, pass),
  defineCommand(schemas.take, GM_AND_PLAYERS, take),
];
