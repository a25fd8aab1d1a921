import { describe, expect, it } from 'vitest';
import { UsageError } from './command.ts';
import { simulator } from './simulate-elite-unit.ts';

function capture() {
  let out = '';
  return { io: { out: (t: string) => (out += t), err: () => undefined }, text: () => out };
}

describe('bughunt simulate elite-unit', () => {
  it('prints the odds with intervals; the same seed prints the same JSON', async () => {
    const a = capture();
    expect(
      await simulator.run(['elite-unit', '--scenario', 'duel', '--n', '30', '--seed', '4', '--json'], a.io),
    ).toBe(0);
    const b = capture();
    await simulator.run(['--scenario', 'duel', '--n', '30', '--seed', '4', '--json'], b.io);
    expect(a.text()).toBe(b.text());
    expect(JSON.parse(a.text())).toMatchObject({ scenario: 'duel', n: 30 });
    const t = capture();
    await simulator.run(['--n', '10'], t.io);
    expect(t.text()).toMatch(/side 1 stands alone: \d/);
  });
  it('refuses an unknown scenario', async () => {
    await expect(simulator.run(['--scenario', 'nowhere'], capture().io)).rejects.toThrow(UsageError);
  });
});
