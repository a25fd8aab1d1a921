import { describe, expect, it } from 'vitest';
import { simulator } from '../../../cli/simulate-fundamental-duck.ts';
import { runMission } from './run.ts';

describe('simulated missions', () => {
  it('play from boarding to an end through the real ruleset, the same for the same seed', () => {
    const a = runMission('clean-sweep', 3, 15);
    const b = runMission('clean-sweep', 3, 15);
    expect(a).toEqual(b);
    expect(a.commands).toBeGreaterThan(10);
  });

  it('the CLI prints the same JSON for the same seed', async () => {
    const out: string[] = [];
    const io = { out: (s: string) => out.push(s), err: () => {} };
    expect(await simulator.run(['--n', '3', '--seed', '5', '--max-turns', '10', '--json'], io)).toBe(0);
    expect(await simulator.run(['--n', '3', '--seed', '5', '--max-turns', '10', '--json'], io)).toBe(0);
    expect(out[0]).toBe(out[1]);
    expect(JSON.parse(out[0] as string)).toMatchObject({ system: 'fundamental-duck', n: 3 });
  });
});
