import { describe, expect, it } from 'vitest';
import { defaultSpacePack } from '../rules/rhylanor-express/data/space-pack.ts';
import type { CliIo } from './command.ts';
import { simulateSpaceBattles, simulator } from './simulate-rhylanor-express.ts';

async function run(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const io: CliIo = {
    out: (t) => {
      out += t;
    },
    err: () => {},
  };
  const code = await simulator.run(argv, io);
  return { code, out };
}

describe('simulate rhylanor-express space', () => {
  it('the same seed gives the same output; the pack’s first scenario by default', async () => {
    const a = await run('space', '--n', '30', '--seed', '7');
    const b = await run('space', '--n', '30', '--seed', '7');
    expect(a.code).toBe(0);
    expect(a.out).toBe(b.out);
    expect(a.out).toMatch(/^Rhylanor Express space battle "Standard meeting": 30 battles/);
    expect(a.out).toMatch(/seed 7\n$/);
  });

  it('--json: wins, undecided and no contact add up to n; intervals hold the estimate', async () => {
    const s = JSON.parse(
      (await run('space', '--scenario', 'Pirate ambush', '--n', '25', '--seed', '3', '--json')).out,
    );
    expect(s.wins.a.count + s.wins.b.count + s.undecided.count + s.noContact.count).toBe(25);
    for (const p of [s.wins.a, s.wins.b, ...s.ships.map((x: { destroyed: unknown }) => x.destroyed)])
      expect(p.low <= p.p && p.p <= p.high).toBe(true);
    expect(s.ships.map((x: { name: string }) => x.name)).toEqual(['Rhylanor Express', 'Black Lantern']);
  });

  it('a ship destroyed is also out of action', () => {
    const s = simulateSpaceBattles(defaultSpacePack, defaultSpacePack.scenarios[1]!, 20, 11);
    for (const ship of s.ships) expect(ship.outOfAction.count).toBeGreaterThanOrEqual(ship.destroyed.count);
  });

  it('bad input is a UsageError', async () => {
    await expect(run('ground')).rejects.toThrow(/say which battle/);
    await expect(run('space', '--scenario', 'Nowhere')).rejects.toThrow(/no scenario "Nowhere"/);
    await expect(run('space', '--n', '0')).rejects.toThrow(/--n must be/);
    await expect(run('space', '--pack', '/nonexistent.json')).rejects.toThrow(/cannot read/);
  });
});

describe('simulate rhylanor-express personal (the same six options, parsed by the same code)', () => {
  it('prints the odds; bad options are usage errors', async () => {
    const json = await run('personal', '--n', '20', '--seed', '3', '--json');
    expect(json.code).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({
      kind: 'personal',
      scenario: 'Starport brawl',
      n: 20,
      seed: 3,
    });
    const text = await run('personal', '--scenario', 'Boarding action', '--n', '10', '--seed', '1');
    expect(text.out).toMatch(/^Boarding action: 10 fights, seed 1/);
    // The melee scenario: the sides start in contact.
    const melee = await run('personal', '--scenario', 'Pouncers in the hold', '--n', '10', '--seed', '1');
    expect(melee.out).toMatch(/^Pouncers in the hold: 10 fights, seed 1/);
    await expect(run('personal', '--scenario', 'Nowhere')).rejects.toThrow(/no firefight Nowhere/);
    await expect(run('personal', '--n', '0')).rejects.toThrow(/--n must be/);
    await expect(run('personal', 'extra')).rejects.toThrow(/unexpected argument 'extra'/);
    expect((await run('personal', '--help')).out).toMatch(/personal \[--scenario NAME\|FILE\]/);
  });
});
