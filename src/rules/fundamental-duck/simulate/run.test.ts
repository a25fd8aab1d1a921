import { describe, expect, it } from 'vitest';
import { simulator } from '../../../cli/simulate-fundamental-duck.ts';
import { SeededDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import type { FdEvent } from '../events.ts';
import { fundamentalDuck as fd } from '../index.ts';
import { legalCommands } from '../legal.ts';
import { initialState } from '../setup.ts';
import type { FdState } from '../state.ts';
import { policyStats, policyStep } from './policy.ts';
import { runMission } from './run.ts';

const SIM: Seat = { seatId: 'sim', role: 'player' };

describe('simulated missions', () => {
  it('play from boarding to an end through the real ruleset, the same for the same seed', () => {
    const a = runMission('clean-sweep', 3, 15);
    const b = runMission('clean-sweep', 3, 15);
    expect(a).toEqual(b);
    expect(a.commands).toBeGreaterThan(10);
  });

  it('are legal event logs: each event fits its schema, and the replayed log is the live state', () => {
    for (const [mission, seed] of [
      ['clean-sweep', 7],
      ['black-box', 2],
      ['find-the-source', 11],
    ] as const) {
      const log: FdEvent[] = [];
      const refused = policyStats.refused;
      const r = runMission(mission, seed, 12, 20_000, {}, log);
      expect(r.events).toBe(log.length);
      // Every command the policy chose was one the rules accept (legal.ts agrees with decide).
      expect(policyStats.refused).toBe(refused);
      // The live state: the same mission played again, folding as the simulator does.
      let live: FdState = initialState({ mission });
      const ctx = { actor: SIM, dice: new SeededDice(seed) };
      for (let i = 0; i < r.commands; i++) {
        const step = policyStep(live, ctx);
        if (!step) break;
        live = step.state;
      }
      let replayed: FdState = initialState({ mission });
      for (const e of log) {
        const copy = JSON.parse(JSON.stringify(e)) as FdEvent;
        expect(fd.eventSchemas?.[e.type]?.safeParse(copy).success, e.type).toBe(true);
        expect(fd.eventProblem?.(replayed, copy), e.type).toBeNull();
        replayed = fd.evolve(replayed, copy);
      }
      expect(stateHash(replayed)).toBe(stateHash(live));
    }
  });

  it('the legal-move generator lists only commands the ruleset accepts', () => {
    // At every state of a few simulated missions, each listed command is tried on decide.
    const kinds = new Set<string>();
    for (const [mission, seed] of [
      ['clean-sweep', 4],
      ['salvage', 5],
    ] as const) {
      let state: FdState = initialState({ mission });
      const ctx = { actor: SIM, dice: new SeededDice(seed) };
      for (let i = 0; i < 400 && state.phase !== 'ended'; i++) {
        for (const c of legalCommands(state)) {
          kinds.add(c.type);
          try {
            // Its own dice, so the mission's stream is untouched.
            fd.decide(state, c, { actor: SIM, dice: new SeededDice(i) });
          } catch (e) {
            if (!isRuleError(e)) throw e;
            expect.fail(`${JSON.stringify(c)} refused: ${e.code} ${e.message}`);
          }
        }
        const step = policyStep(state, ctx);
        if (!step) break;
        state = step.state;
      }
    }
    // The generator's main kinds all came up (steps, shots, doors, Other Actions, WAIT).
    for (const k of ['step', 'endMove', 'shoot', 'operateDoor', 'task', 'wait']) expect(kinds).toContain(k);
  });

  it('the CLI prints the same JSON for the same seed', async () => {
    const out: string[] = [];
    const io = { out: (s: string) => out.push(s), err: () => {} };
    expect(await simulator.run(['--n', '3', '--seed', '5', '--max-turns', '10', '--json'], io)).toBe(0);
    expect(await simulator.run(['--n', '3', '--seed', '5', '--max-turns', '10', '--json'], io)).toBe(0);
    expect(out[0]).toBe(out[1]);
    expect(JSON.parse(out[0] as string)).toMatchObject({ system: 'fundamental-duck', n: 3 });
  });

  it('the CLI takes the boarding caution of the policy, and refuses a bad one', async () => {
    const out: string[] = [];
    const io = { out: (s: string) => out.push(s), err: () => {} };
    const args = ['--n', '2', '--seed', '5', '--max-turns', '4', '--board-past', '0', '--json'];
    expect(await simulator.run(args, io)).toBe(0);
    expect(JSON.parse(out[0] as string)).toMatchObject({ boardPast: 0, n: 2 });
    await expect(simulator.run(['--board-past', '-1'], io)).rejects.toThrow(/--board-past/);
  });
});
