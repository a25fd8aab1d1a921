import { describe, expect, it } from 'vitest';
import { D6 } from '../../engine/dice/die.ts';
import { EnteredDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import { attemptCommand, type SendCommand, type SendOutcome } from './attempt.ts';

/**
 * A stand-in server for a command that rolls 2d6 ("Sneak"), answering exactly as the hub does:
 * with entered faces the rules roll from them and a shortfall is DICE_NEEDED, a face the die cannot
 * show DICE_FACE_INVALID, a face too many DICE_UNUSED; without faces it rolls itself.
 */
interface Sneak {
  readonly type: 'sneak';
}
function server(): { send: SendCommand<Sneak>; log: number[][] } {
  const log: number[][] = [];
  const send: SendCommand<Sneak> = async (_command, dice) => {
    const source = dice ? new EnteredDice(dice) : { roll: () => 4, unused: 0 };
    try {
      const total = source.roll(D6, 'sneak past the guard') + source.roll(D6, 'sneak past the guard');
      if (source.unused > 0) return { ok: false, code: 'DICE_UNUSED', message: 'too many' };
      log.push(dice ? [...dice] : [4, 4]);
      return total > 0 ? { ok: true } : { ok: false, code: 'X', message: 'x' };
    } catch (e) {
      if (!isRuleError(e)) throw e;
      const outcome: SendOutcome = { ok: false, code: e.code, message: e.message, details: e.details };
      return outcome;
    }
  };
  return { send, log };
}

describe('sending a command with typed dice', () => {
  it('asks the server which die comes next until the command goes in', async () => {
    const { send, log } = server();
    const first = await attemptCommand({ send, command: { type: 'sneak' }, faces: [], label: 'sneak' });
    expect(first.kind).toBe('ask');
    if (first.kind !== 'ask') return;
    expect(first.prompt.need).toMatchObject({ die: 'd6', purpose: 'sneak past the guard' });
    expect(first.prompt.faces).toEqual([]);
    const second = await attemptCommand({
      send,
      command: { type: 'sneak' },
      faces: [5],
      label: 'sneak',
      asked: first.prompt,
    });
    expect(second.kind).toBe('ask');
    const done = await attemptCommand({ send, command: { type: 'sneak' }, faces: [5, 2], label: 'sneak' });
    expect(done).toEqual({ kind: 'done' });
    expect(log).toEqual([[5, 2]]);
  });

  it('asks for the same die again when the server refuses the face typed', async () => {
    const { send, log } = server();
    const first = await attemptCommand({ send, command: { type: 'sneak' }, faces: [3], label: 'sneak' });
    if (first.kind !== 'ask') throw new Error('expected a prompt');
    const refused = await attemptCommand({
      send,
      command: { type: 'sneak' },
      faces: [3, 9],
      label: 'sneak',
      asked: first.prompt,
    });
    expect(refused.kind).toBe('refused');
    if (refused.kind !== 'refused') return;
    expect(refused.error.code).toBe('DICE_FACE_INVALID');
    expect(refused.prompt?.faces).toEqual([3]);
    expect(refused.prompt?.need.die).toBe('d6');
    expect(log).toEqual([]);
  });

  it('sends digital commands without faces and reports other refusals without a prompt', async () => {
    const { send, log } = server();
    expect(await attemptCommand({ send, command: { type: 'sneak' }, faces: null, label: 'sneak' })).toEqual({
      kind: 'done',
    });
    expect(log).toEqual([[4, 4]]);
    const unused = await attemptCommand({
      send,
      command: { type: 'sneak' },
      faces: [1, 2, 3],
      label: 'sneak',
    });
    expect(unused).toMatchObject({ kind: 'refused', error: { code: 'DICE_UNUSED' }, prompt: null });
  });

  it('asks the planner first, so no round trip is needed for each face', async () => {
    let sent = 0;
    const send: SendCommand<Sneak> = async () => {
      sent++;
      return { ok: true };
    };
    const planner = {
      next: (_c: Sneak, faces: readonly number[]) =>
        faces.some((f) => f > 6)
          ? { need: null, error: { code: 'DICE_FACE_INVALID', message: 'a d6 shows 1 to 6' } }
          : { need: faces.length < 2 ? { die: 'd6', faces: [1, 6], purpose: 'sneak' } : null, error: null },
      plan: (_c: Sneak, faces: readonly number[]) => ({ index: faces.length + 1, count: 2 }),
    };
    const ask = await attemptCommand({ send, command: { type: 'sneak' }, faces: [4], label: 's', planner });
    expect(ask).toMatchObject({ kind: 'ask', prompt: { plan: { index: 2, count: 2 }, faces: [4] } });
    const bad = await attemptCommand({
      send,
      command: { type: 'sneak' },
      faces: [4, 7],
      label: 's',
      planner,
    });
    expect(bad).toMatchObject({
      kind: 'refused',
      error: { code: 'DICE_FACE_INVALID' },
      prompt: { faces: [4] },
    });
    expect(sent).toBe(0);
    expect(
      await attemptCommand({ send, command: { type: 'sneak' }, faces: [4, 6], label: 's', planner }),
    ).toEqual({
      kind: 'done',
    });
    expect(sent).toBe(1);
  });

  it('turns a failed send into a refusal instead of throwing', async () => {
    const send: SendCommand<Sneak> = async () => {
      throw new Error('socket closed');
    };
    expect(await attemptCommand({ send, command: { type: 'sneak' }, faces: null, label: 's' })).toMatchObject(
      {
        kind: 'refused',
        error: { code: 'INTERNAL', message: 'socket closed' },
      },
    );
  });
});
