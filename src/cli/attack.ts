import { existsSync, readFileSync } from 'node:fs';
import { EnteredDice } from '../engine/dice/source.ts';
import type { Seat } from '../engine/ruleset.ts';
import type { EliteUnitCommand } from '../rules/elite-unit/commands.ts';
import { characterSchema } from '../rules/elite-unit/data/pack-schema.ts';
import type { EliteUnitEvent } from '../rules/elite-unit/events.ts';
import { eliteUnit } from '../rules/elite-unit/index.ts';
import { attackOdds } from '../rules/elite-unit/odds.ts';
import { characterFromPack, findWeapon, newWeapon } from '../rules/elite-unit/rules/character.ts';
import type { Character, EliteUnitState } from '../rules/elite-unit/state.ts';
import {
  argsOrHelp,
  type CliIo,
  type Command,
  integerOption,
  noMoreArguments,
  processIo,
  UsageError,
} from './command.ts';

const usage = `Usage: bughunt attack --attacker <sheet|id> --weapon <id> --range <m> --defender <sheet|id>
                      [--mode manual|auto|burst|fullAuto] [--rounds N] [--parry <id>]
                      [--unaware] [--dice 14,9,...] [--json]

Resolves one Elite Unit attack through the ruleset. <id> is a character of the
default data pack (castell, vey, dunne, orr, raider, enforcer); a <sheet> is a
JSON file holding one character in the pack's format. --weapon is a weapon id
of the pack (the attacker takes it in hand) or 'unarmed'.

With --dice, the faces are used in the order the rules ask for them (attack
d20, parry save, defence d20, damage dice, location d10s) and the whole
breakdown is printed. Without --dice, the exact odds of the attack are printed.

Options:
  --parry <id>  the defender parries with this weapon or shield (pack id)
  --unaware     the defender does not expect the attack (+20)
  --json        print JSON
  -h, --help    show this help`;

const GM: Seat = { seatId: 'cli', role: 'gm' };

function loadCharacter(state: EliteUnitState, value: string, id: string): Character {
  const data = existsSync(value)
    ? (() => {
        const parsed = characterSchema.safeParse(JSON.parse(readFileSync(value, 'utf8')));
        if (!parsed.success)
          throw new UsageError(
            `${value}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
          );
        return parsed.data;
      })()
    : state.pack.characters.find((c) => c.id === value);
  if (!data) {
    const ids = state.pack.characters.map((c) => c.id).join(', ');
    throw new UsageError(`no sheet file or pack character '${value}' (pack: ${ids})`);
  }
  return characterFromPack(state.pack, data, id, null, false);
}

/** The attacker holds the weapon (added from the pack when its sheet lacks it). */
function arm(state: EliteUnitState, c: Character, weaponId: string): { c: Character; key?: string } {
  if (weaponId === 'unarmed')
    return { c: { ...c, weapons: c.weapons.map((w) => ({ ...w, inHands: false })) } };
  if (!findWeapon(state.pack, weaponId)) {
    throw new UsageError(
      `no weapon '${weaponId}' in the pack (${state.pack.weapons.map((w) => w.id).join(', ')}, unarmed)`,
    );
  }
  const existing = c.weapons.find((w) => w.weapon === weaponId);
  const weapon = existing ?? newWeapon(state.pack, weaponId, `w${c.weapons.length + 1}`, true, 0);
  const weapons = [...c.weapons.filter((w) => w !== existing), weapon].map((w) => ({
    ...w,
    inHands: w.key === weapon.key,
  }));
  return { c: { ...c, weapons }, key: weapon.key };
}

function parryKey(c: Character, id: string | undefined): string | undefined {
  if (id === undefined) return undefined;
  const key = c.weapons.find((w) => w.weapon === id)?.key ?? c.held.find((h) => h.item === id)?.key;
  if (!key) throw new UsageError(`the defender holds no '${id}' to parry with`);
  return key;
}

function describe(events: readonly EliteUnitEvent[], state: EliteUnitState): string {
  const lines: string[] = [];
  const name = (id: string) => state.characters[id]?.name ?? id;
  for (const e of events) {
    if (e.type === 'attack.declared') {
      const mode = e.mode ? ` (${e.mode}, ${e.rounds} round${e.rounds === 1 ? '' : 's'})` : '';
      lines.push(`${name(e.attackerId)} attacks with ${e.weapon ?? 'bare hands'}${mode}`);
      const parts = e.steps
        .map((s) => `${s.value >= 0 ? '+' : '−'} ${Math.abs(s.value)} ${s.step}`)
        .join(' ');
      lines.push(`  attack:   d20 ${e.face} ${parts} = ${e.total}`);
    }
    if (e.type === 'attack.resolved') {
      const d = e.defence;
      if (d.parry) {
        const s = d.parry.save;
        lines.push(
          `  parry:    save ${s.faces.join('+') || 'given up'} against Reactions ${s.target}: ${s.success ? 'made' : s.bareFail ? 'failed (bare)' : 'failed'}`,
        );
      }
      const bonus = d.parry?.dodgeBonus ? ` + ${d.parry.dodgeBonus} Dodge Bonus` : '';
      lines.push(
        `  defence:  d20 ${d.face} + ${d.dodge} Dodge${bonus} = ${d.total}${d.helpless ? ' (helpless)' : ''} → ${e.hit ? 'hit' : 'miss'}`,
      );
      if (e.nearMiss)
        lines.push(
          `  near miss: ${e.nearMiss.metres} m → ${e.nearMiss.caught ? `caught, ${e.nearMiss.share} damage` : 'clear'}`,
        );
      if (e.fatal) lines.push(`  fatal: ${name(e.targetId)} dies`);
      if (e.damage)
        lines.push(
          `  damage:   ${e.damage.faces.length > 0 ? `[${e.damage.faces.join(', ')}] ` : ''}= ${e.damage.total}; dealt ${e.blow?.dealt ?? 0}`,
        );
      for (const l of e.blow?.layers ?? [])
        lines.push(
          `  layer:    ${l.layer}: ${l.arriving} arrives, ${l.outcome}, DC ${l.dcBefore} → ${l.dcAfter}`,
        );
      if (e.blow)
        lines.push(
          `  Stamina:  ${e.blow.staminaBefore} → ${e.blow.staminaAfter} (${e.blow.toStamina} through)`,
        );
      const loc = e.blow?.location;
      if (loc) lines.push(`  location: d100 ${loc.roll.total}: ${loc.part} ${loc.before} → ${loc.after}`);
      if (e.blow?.died) lines.push(`  dead:     ${e.blow.died}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function percent(p: number): string {
  return `${(p * 100).toFixed(2)}%`;
}

export const command: Command = {
  name: 'attack',
  summary: 'resolve one Elite Unit attack with its breakdown, or its exact odds',
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'attack', argv, {
      attacker: { type: 'string' },
      defender: { type: 'string' },
      weapon: { type: 'string' },
      mode: { type: 'string' },
      rounds: { type: 'string' },
      range: { type: 'string' },
      parry: { type: 'string' },
      unaware: { type: 'boolean' },
      dice: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    noMoreArguments('attack', positionals);
    for (const need of ['attacker', 'defender', 'weapon', 'range'] as const)
      if (values[need] === undefined) throw new UsageError(`missing --${need} (see bughunt attack --help)`);
    let state = eliteUnit.setup(undefined);
    const armed = arm(
      state,
      loadCharacter(state, values.attacker as string, 'attacker'),
      values.weapon as string,
    );
    const defender = loadCharacter(state, values.defender as string, 'defender');
    for (const c of [armed.c, defender])
      state = eliteUnit.evolve(state, { type: 'character.added', character: c });
    const range = Number(values.range);
    if (!Number.isFinite(range) || range < 0)
      throw new UsageError(`--range must be metres ≥ 0, got '${values.range}'`);
    const parsed = eliteUnit.commandSchema.safeParse({
      type: 'attack',
      attackerId: 'attacker',
      ...(armed.key ? { weapon: armed.key } : {}),
      ...(values.mode ? { mode: values.mode } : {}),
      ...(values.rounds ? { rounds: integerOption('--rounds', values.rounds, 1, 10_000) } : {}),
      targets: [{ id: 'defender', distance: range }],
      situation: values.unaware ? { unaware: true } : {},
    });
    if (!parsed.success)
      throw new UsageError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const attack = parsed.data as Extract<EliteUnitCommand, { type: 'attack' }>;
    const parry = parryKey(defender, values.parry);
    if (values.dice === undefined) {
      const odds = attackOdds(state, attack, GM, parry);
      if (values.json) io.out(`${JSON.stringify({ odds })}\n`);
      else
        io.out(
          `Odds of one attack (exact over every die)\n  hit:           ${percent(odds.hit)}\n  near miss:     ${percent(odds.caughtByNearMiss)}\n  Stamina lost:  ${odds.staminaLost.toFixed(3)} on average\n  hurt:          ${percent(odds.hurt)}\n  wounded:       ${percent(odds.wounded)}\n  incapacitated: ${percent(odds.incapacitated)}\n  dead:          ${percent(odds.dead)}\n`,
        );
      return 0;
    }
    const faces = values.dice.split(',').map((f) => integerOption('--dice', f, 1, 100));
    const dice = new EnteredDice(faces);
    const events: EliteUnitEvent[] = [];
    for (const cmd of [
      attack,
      { type: 'defend', targetId: 'defender', ...(parry ? { parry } : {}) },
    ] as EliteUnitCommand[]) {
      const out = eliteUnit.decide(state, cmd, { actor: GM, dice });
      for (const e of out) state = eliteUnit.evolve(state, e);
      events.push(...out);
    }
    if (dice.unused > 0)
      throw new UsageError(
        `${dice.unused} dice face(s) left over: the attack needed ${faces.length - dice.unused}`,
      );
    io.out(values.json ? `${JSON.stringify({ events })}\n` : describe(events, state));
    return 0;
  },
};
