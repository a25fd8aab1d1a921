import { z } from 'zod';
import type { Role } from '../engine/ruleset.ts';
import { rulesetFor, SYSTEMS } from '../rules/registry.ts';
import { argsOrHelp, type CliIo, type Command, noMoreArguments, processIo, UsageError } from './command.ts';

/**
 * `bughunt commands <system>`: every command a system's table takes, read from the ruleset itself
 * (its zod schemas and role table), so the list can never drift from what the server accepts: for
 * people writing a client, a bot or a test against the API.
 */

const usage = `Usage: bughunt commands <system> [--type NAME] [--json]

Lists every command a table of the system takes: its type, which roles may send
it, and its fields with their kinds and limits (a ? marks an optional field).
Commands go to a table over its WebSocket (docs/api.md); their dice are rolled
by the server, or typed in by the sender as "dice".

Systems: ${SYSTEMS.map((s) => s.id).join(', ')}

Options:
  --type NAME  only the command NAME
  --json       the commands as JSON: type, roles and a JSON Schema each
  -h, --help   show this help`;

/** A JSON Schema node, as much of it as the listing reads. */
interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly items?: SchemaNode;
  readonly anyOf?: readonly SchemaNode[];
  readonly oneOf?: readonly SchemaNode[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly pattern?: string;
  readonly default?: unknown;
}

export interface CommandInfo {
  readonly type: string;
  readonly roles: readonly Role[];
  readonly schema: SchemaNode;
}

/** The commands of a system's ruleset, in the order its schema lists them. */
export function commandsOf(system: string): CommandInfo[] {
  const rules = rulesetFor(system);
  if (!rules)
    throw new UsageError(`unknown system '${system}' (systems: ${SYSTEMS.map((s) => s.id).join(', ')})`);
  const json = z.toJSONSchema(rules.commandSchema, { io: 'input', unrepresentable: 'any' }) as SchemaNode;
  const variants = json.oneOf ?? json.anyOf ?? [json];
  const roles = rules.commandRoles as Readonly<Record<string, readonly Role[]>>;
  return variants.map((schema) => {
    const type = String(schema.properties?.type?.const ?? '?');
    return { type, roles: roles[type] ?? [], schema };
  });
}

const range = (min?: number, max?: number, unit = ''): string =>
  min !== undefined && max !== undefined
    ? ` ${min}–${max}${unit}`
    : min !== undefined
      ? ` ≥ ${min}${unit}`
      : max !== undefined
        ? ` ≤ ${max}${unit}`
        : '';

/** A field's kind in a few words: `integer 2–10`, `string 1–80 chars`, `one of a, b`, `array of …`. */
export function describeSchema(s: SchemaNode): string {
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return `one of ${s.enum.map((v) => String(v)).join(', ')}`;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return alternatives.map(describeSchema).join(' | ');
  const type: string = typeof s.type === 'string' ? s.type : s.type ? s.type.join(' | ') : 'any';
  switch (type) {
    case 'integer':
    case 'number':
      return `${type}${range(s.minimum, s.maximum)}`;
    case 'string':
      return `string${range(s.minLength, s.maxLength, ' chars')}${s.pattern ? ` /${s.pattern}/` : ''}`;
    case 'array':
      return `array${range(s.minItems, s.maxItems, ' items')} of ${s.items ? describeSchema(s.items) : 'any'}`;
    case 'object': {
      const fields = Object.entries(s.properties ?? {}).map(
        ([name, field]) => `${name}${s.required?.includes(name) ? '' : '?'}: ${describeSchema(field)}`,
      );
      return `{ ${fields.join('; ')} }`;
    }
    default:
      return type;
  }
}

export function formatCommands(system: string, commands: readonly CommandInfo[]): string {
  const lines = [`${system}: ${commands.length} command${commands.length === 1 ? '' : 's'}`, ''];
  for (const c of commands) {
    lines.push(`${c.type}  (${c.roles.join(', ') || 'no role'})`);
    const s = c.schema;
    for (const [name, field] of Object.entries(s.properties ?? {})) {
      if (name === 'type') continue;
      const optional = s.required?.includes(name) && field.default === undefined ? '' : '?';
      lines.push(`  ${name}${optional}: ${describeSchema(field)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

export const command: Command = {
  name: 'commands',
  summary: "every command a system's table takes: type, roles and fields, from the ruleset",
  usage,
  async run(argv: string[], io: CliIo = processIo): Promise<number> {
    const given = argsOrHelp(io, usage, 'commands', argv, {
      type: { type: 'string' },
      json: { type: 'boolean' },
    });
    if (given === null) return 0;
    const { values, positionals } = given;
    const [system, ...extra] = positionals;
    if (system === undefined) throw new UsageError('missing system, e.g. bughunt commands three-sixteen');
    noMoreArguments('commands', extra);
    let commands = commandsOf(system);
    if (values.type !== undefined) {
      commands = commands.filter((c) => c.type === values.type);
      if (commands.length === 0) throw new UsageError(`${system} has no command '${values.type}'`);
    }
    io.out(
      values.json === true ? `${JSON.stringify({ system, commands })}\n` : formatCommands(system, commands),
    );
    return 0;
  },
};
