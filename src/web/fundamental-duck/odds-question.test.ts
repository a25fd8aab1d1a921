import { describe, expect, it } from 'vitest';
import { runMission } from '../../rules/fundamental-duck/simulate/run.ts';
import { directAsker } from '../worker/asker.ts';
import { answerOne } from '../worker/protocol.ts';
import { answerOdds } from './odds-question.ts';

/**
 * The briefing's odds question (odds-question.ts), asked of the shared question worker one
 * simulated mission at a time: the simulator's own run for that seed, and a refusal with a code.
 */
describe('the briefing’s odds question', () => {
  it('answers one simulated mission: the simulator’s outcome and dead for that seed', async () => {
    const run = runMission('black-box', 11);
    expect(answerOdds({ mission: 'black-box', seed: 11 })).toEqual({ outcome: run.outcome, dead: run.dead });
    // The same through an asker, as the page asks the worker.
    const asker = directAsker(answerOdds);
    expect(await asker.ask({ mission: 'black-box', seed: 11 })).toEqual({
      ok: true,
      answer: { outcome: run.outcome, dead: run.dead },
    });
  });

  it('a pack the simulator cannot play is refused with a code, not a crash of the worker', () => {
    const r = answerOne(answerOdds, { mission: 'black-box', seed: 1, pack: {} as never });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toMatch(/^[A-Z_]+$/);
  });
});
