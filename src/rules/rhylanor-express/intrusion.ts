import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import type { DecideContext } from '../../engine/ruleset.ts';
import { type Character, charDm, skillLevel } from './character.ts';
import { DEMOLITION_ROLL, DEMOLITION_TARGETS, evidenceByTl, HACK_DISCOVERY_MARGIN } from './data/tables.ts';
import type { PersonalEvent } from './events.ts';
import {
  type CommandSpec,
  defineCommand,
  GM_AND_PLAYERS,
  requireCharacter,
  requireFit,
  requireNoWindow,
  requireOwn,
} from './parts.ts';
import type { RhylanorState } from './state.ts';
import { conditionMods, type Modifier, makeRoll, roll2d6, skillMods } from './task.ts';

/** Intrusion and forensics (§9): locks, demolition, hacking, forgery, evidence. */

const characterId = z.string().regex(/^c[0-9]{1,5}$/);
const packId = z.string().min(1).max(60);

const schemas = {
  pick: z.strictObject({ type: z.literal('intrusion.pickLock'), characterId, lockId: packId }),
  demolish: z.strictObject({
    type: z.literal('intrusion.demolish'),
    characterId,
    item: z.enum(Object.keys(DEMOLITION_TARGETS) as [string, ...string[]]),
    chargeId: packId,
    mode: z.enum(['breach', 'open']),
  }),
  hack: z.strictObject({ type: z.literal('intrusion.hack'), characterId, networkId: packId }),
  forge: z.strictObject({
    type: z.literal('intrusion.forge'),
    characterId,
    target: z.number().int().min(2).max(30).optional(),
  }),
  search: z.strictObject({
    type: z.literal('intrusion.search'),
    investigators: z.array(characterId).min(1).max(20),
    kind: z.enum(['physical', 'electronic', 'accounting']),
    tl: z.number().int().min(0).max(25),
    /** The criminal whose skills set electronic and accounting targets. */
    culpritId: characterId.optional(),
  }),
} as const;

export type IntrusionCommand = z.output<(typeof schemas)[keyof typeof schemas]>;

function gearEffect(state: RhylanorState, c: Character, effect: string): number | null {
  let best: number | null = null;
  for (const g of c.gear) {
    const gear = state.pack.gear.find((x) => x.id === g);
    if (gear?.effect === effect) best = Math.max(best ?? 0, gear.dm);
  }
  return best;
}

function pick(state: RhylanorState, cmd: z.output<typeof schemas.pick>, ctx: DecideContext): PersonalEvent[] {
  requireNoWindow(state);
  const c = requireOwn(state, ctx, cmd.characterId);
  requireFit(c);
  const lock = state.pack.locks.find((l) => l.id === cmd.lockId);
  if (!lock) throw new RuleError('UNKNOWN_LOCK', `there is no lock ${cmd.lockId}`);
  if (state.jammedLocks.includes(lock.id)) throw new RuleError('LOCK_JAMMED', `the ${lock.name} is jammed`);
  const tool = lock.kind === 'mechanical' ? 'lockPicks' : 'electronicLockPicks';
  if (gearEffect(state, c, tool) === null) {
    throw new RuleError(
      'EQUIPMENT_REQUIRED',
      `${c.name} needs ${lock.kind === 'mechanical' ? 'a lock-pick set' : 'an electronic lock-pick'}`,
    );
  }
  const choice = skillMods(c, [{ skill: 'Intrusion', dm: 0 }], state.pack);
  const mods: Modifier[] = [
    ...choice.mods,
    { source: 'Dex DM', value: charDm(c, 'Dex', state.pack) },
    ...conditionMods(c, state.pack),
  ];
  const roll = makeRoll(
    `picking the ${lock.name}`,
    roll2d6(ctx.dice, `picking the ${lock.name}`),
    mods,
    lock.pick,
  );
  // A natural 2 jams the lock for good (§9.1).
  const jammed = roll.natural === 2;
  const events: PersonalEvent[] = [
    {
      type: 'intrusion.rolled',
      kind: 'pickLock',
      characterId: c.id,
      targetName: lock.name,
      roll,
      outcome: jammed ? 'jammed' : roll.success ? 'open' : 'still locked',
      ...(jammed ? { jammedLock: lock.id } : {}),
    },
  ];
  return withTick(events, c, choice.skill, roll.success && !jammed);
}

function withTick(
  events: PersonalEvent[],
  c: Character,
  skill: string | null,
  success: boolean,
): PersonalEvent[] {
  if (!success || skill === null || c.ticks.includes(skill)) return events;
  return [
    ...events,
    {
      type: 'character.updated',
      characterId: c.id,
      set: { ticks: [...c.ticks, skill] },
      by: 'rule',
      reason: `${skill} used with success`,
    },
  ];
}

function demolish(
  state: RhylanorState,
  cmd: z.output<typeof schemas.demolish>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const c = requireOwn(state, ctx, cmd.characterId);
  requireFit(c);
  const item = DEMOLITION_TARGETS[cmd.item] as (typeof DEMOLITION_TARGETS)[string];
  const charge = state.pack.charges.find((x) => x.id === cmd.chargeId);
  if (!charge) throw new RuleError('UNKNOWN_CHARGE', `there is no charge ${cmd.chargeId}`);
  const choice = skillMods(c, [{ skill: 'Demolitions', dm: 0 }], state.pack, true);
  const needed = cmd.mode === 'breach' ? item.breach : item.open;
  if (needed === null) throw new RuleError('CANNOT_OPEN', `a ${cmd.item} can only be breached`);
  if (charge.pen < needed) {
    // Too weak a charge does nothing (reading): wasted, no jam, no roll.
    return [
      {
        type: 'intrusion.rolled',
        kind: 'demolition',
        characterId: c.id,
        targetName: cmd.item,
        roll: null,
        outcome: `charge too weak (PEN ${charge.pen} < ${needed}); wasted`,
      },
    ];
  }
  const roll = makeRoll(
    `${cmd.mode} ${cmd.item}`,
    roll2d6(ctx.dice, `${cmd.mode} ${cmd.item}`),
    [...choice.mods, ...conditionMods(c, state.pack)],
    DEMOLITION_ROLL[cmd.mode],
  );
  const parts: string[] = [
    roll.success ? (cmd.mode === 'breach' ? 'breached' : 'opened') : 'failed: jammed or blocked',
  ];
  if (roll.natural === 2) parts.push('mishap for the demolitionist (referee)');
  if (roll.natural === 3 && cmd.mode === 'open' && /safe|vault/i.test(cmd.item))
    parts.push('contents destroyed');
  const events: PersonalEvent[] = [
    {
      type: 'intrusion.rolled',
      kind: 'demolition',
      characterId: c.id,
      targetName: cmd.item,
      roll,
      outcome: parts.join('; '),
    },
  ];
  return withTick(events, c, choice.skill, roll.success);
}

function hack(state: RhylanorState, cmd: z.output<typeof schemas.hack>, ctx: DecideContext): PersonalEvent[] {
  requireNoWindow(state);
  const c = requireOwn(state, ctx, cmd.characterId);
  requireFit(c);
  const network = state.pack.networks.find((n) => n.id === cmd.networkId);
  if (!network) throw new RuleError('UNKNOWN_NETWORK', `there is no network ${cmd.networkId}`);
  const computer = skillLevel(c, 'Computer');
  const intrusion = skillLevel(c, 'Intrusion');
  const key = gearEffect(state, c, 'networkKey');
  if (computer === null || (intrusion === null && key === null)) {
    throw new RuleError(
      'SKILL_REQUIRED',
      'hacking needs Computer and Intrusion, or Computer and a Network Assault Key',
    );
  }
  const best = Math.max(computer, intrusion ?? -1);
  const skill = best === computer ? 'Computer' : 'Intrusion';
  const mods: Modifier[] = [{ source: `${skill}-${best}`, value: best }];
  // The key helps only a hacker who has both skills (§9.3).
  if (key !== null && intrusion !== null) mods.push({ source: 'Network Assault Key', value: key });
  mods.push(...conditionMods(c, state.pack));
  const roll = makeRoll(
    `hacking ${network.name}`,
    roll2d6(ctx.dice, `hacking ${network.name}`),
    mods,
    network.securityTarget,
  );
  const discovered = roll.total - roll.target <= HACK_DISCOVERY_MARGIN;
  const outcome = roll.success ? 'in' : discovered ? 'discovered and probably traced' : 'kept out';
  return withTick(
    [{ type: 'intrusion.rolled', kind: 'hack', characterId: c.id, targetName: network.name, roll, outcome }],
    c,
    skill,
    roll.success,
  );
}

function forge(
  state: RhylanorState,
  cmd: z.output<typeof schemas.forge>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  const c = requireOwn(state, ctx, cmd.characterId);
  const choice = skillMods(c, [{ skill: 'Forgery', dm: 0 }], state.pack, true);
  const target = cmd.target ?? state.pack.rules.forgeryTarget;
  const roll = makeRoll(
    'forgery',
    roll2d6(ctx.dice, 'forgery'),
    [...choice.mods, ...conditionMods(c, state.pack)],
    target,
  );
  return withTick(
    [
      {
        type: 'intrusion.rolled',
        kind: 'forgery',
        characterId: c.id,
        targetName: 'planted data',
        roll,
        outcome: roll.success ? 'convincing' : 'unconvincing',
      },
    ],
    c,
    choice.skill,
    roll.success,
  );
}

function bestOf(state: RhylanorState, ids: readonly string[], skill: string): number | null {
  let best: number | null = null;
  for (const id of ids) {
    const l = skillLevel(requireCharacter(state, id), skill);
    if (l !== null) best = Math.max(best ?? 0, l);
  }
  return best;
}

function search(
  state: RhylanorState,
  cmd: z.output<typeof schemas.search>,
  ctx: DecideContext,
): PersonalEvent[] {
  requireNoWindow(state);
  for (const id of cmd.investigators) requireOwn(state, ctx, id);
  const byTl = evidenceByTl(cmd.tl);
  if (!byTl) throw new RuleError('TL_TOO_LOW', 'forensics needs TL 5 or better');
  const forensics = bestOf(state, cmd.investigators, 'Forensics');
  if (forensics === null) throw new RuleError('SKILL_REQUIRED', 'a search for evidence needs Forensics');
  const mods: Modifier[] = [{ source: `best Forensics-${forensics}`, value: forensics }];
  let target = byTl.target;
  if (cmd.kind === 'physical') {
    const scanner = Math.max(
      0,
      ...cmd.investigators.map((id) => gearEffect(state, requireCharacter(state, id), 'forensics') ?? 0),
    );
    if (scanner) mods.push({ source: 'forensics scanner', value: scanner });
  } else {
    if (cmd.culpritId === undefined)
      throw new RuleError('INVALID_VALUE', 'electronic and accounting evidence need the culprit');
    const culprit = requireCharacter(state, cmd.culpritId);
    const [a, b] = cmd.kind === 'electronic' ? ['Intrusion', 'Computer'] : ['Forgery', 'Admin'];
    target = 8 + (skillLevel(culprit, a as string) ?? 0) + (skillLevel(culprit, b as string) ?? 0);
    const other = bestOf(state, cmd.investigators, cmd.kind === 'electronic' ? 'Computer' : 'Admin');
    if (other)
      mods.push({
        source: `best ${cmd.kind === 'electronic' ? 'Computer' : 'Admin'}-${other}`,
        value: other,
      });
  }
  const first = requireCharacter(state, cmd.investigators[0] as string);
  const roll = makeRoll(`${cmd.kind} evidence`, roll2d6(ctx.dice, `${cmd.kind} evidence`), mods, target);
  return [
    {
      type: 'intrusion.rolled',
      kind: 'evidence',
      characterId: first.id,
      targetName: `${cmd.kind} evidence (search ${byTl.search}, analysis ${byTl.analysis})`,
      roll,
      outcome: roll.success ? 'found' : 'nothing found',
    },
  ];
}

export const intrusionCommands: readonly CommandSpec[] = [
  defineCommand(schemas.pick, GM_AND_PLAYERS, pick),
  defineCommand(schemas.demolish, GM_AND_PLAYERS, demolish),
  defineCommand(schemas.hack, GM_AND_PLAYERS, hack),
  defineCommand(schemas.forge, GM_AND_PLAYERS, forge),
  defineCommand(schemas.search, GM_AND_PLAYERS, search),
];
