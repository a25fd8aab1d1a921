import { describe, expect, it } from 'vitest';
import { rulesetFor, SYSTEMS } from '../rules/registry.ts';
import { commandsOf, describeSchema } from './commands.ts';
import { cli } from './test-kit.ts';

describe('bughunt commands', () => {
  it('lists every command a system takes, with roles and fields, read from its ruleset', async () => {
    const r = await cli('commands', 'three-sixteen');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^three-sixteen: \d+ commands\n/);
    expect(r.stdout).toMatch(
      /\ncreateTrooper {2}\(gm, player\)\n {2}ownerSeatId\?: string 1–100 chars \| null\n/,
    );
    expect(r.stdout).toMatch(/\n {2}fa: integer 2–10\n/);
    expect(r.stdout).toMatch(/\nchat\.reveal {2}\(gm\)\n {2}rollId: string 1–40 chars\n/);
    // A field with a default may be left out.
    expect(r.stdout).toMatch(/\n {2}visibility\?: one of public, gm, blind\n/);
  });

  it('covers each system, and each listed command passes the ruleset’s own schema check by type', () => {
    for (const system of SYSTEMS) {
      const commands = commandsOf(system.id);
      const roles = (rulesetFor(system.id)?.commandRoles ?? {}) as Record<string, readonly string[]>;
      expect(commands.length).toBeGreaterThan(0);
      for (const c of commands) {
        expect(c.type).not.toBe('?');
        expect(c.roles, `${system.id} ${c.type}`).toEqual(roles[c.type]);
      }
    }
  });

  it('--type picks one command; --json gives JSON Schemas', async () => {
    const one = await cli('commands', 'three-sixteen', '--type', 'declare', '--json');
    expect(one.code).toBe(0);
    const parsed = JSON.parse(one.stdout) as { commands: { type: string; schema: { properties: object } }[] };
    expect(parsed.commands.map((c) => c.type)).toEqual(['declare']);
    expect(Object.keys(parsed.commands[0]?.schema.properties ?? {})).toEqual([
      'type',
      'trooperId',
      'declaration',
    ]);
  });

  it('bad input: no system, an unknown one, an unknown command', async () => {
    expect((await cli('commands')).stderr).toMatch(/missing system/);
    const unknown = await cli('commands', 'monopoly');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown system 'monopoly'/);
    expect((await cli('commands', 'three-sixteen', '--type', 'fly')).stderr).toMatch(/no command 'fly'/);
  });

  it('describes schema kinds in a few words', () => {
    expect(describeSchema({ type: 'integer', minimum: 1 })).toBe('integer ≥ 1');
    expect(describeSchema({ type: 'array', items: { const: 'x' } })).toBe('array of "x"');
    expect(describeSchema({ type: ['string', 'null'] })).toBe('string | null');
  });
});
