import { describe, expect, it } from 'vitest';
import { CampaignFileError, readCampaign } from '../../../server/campaign-file.ts';
import { rulesetFor } from '../../registry.ts';
import { fightAt } from './test-kit.ts';

/**
 * Issue 20, finding 7: a GM override may set anything a sheet can show, never a state the rules
 * cannot represent; those are refused with OVERRIDE_IMPOSSIBLE and change nothing.
 */
describe('GM overrides the rules cannot represent', () => {
  it('refuses health with a mark after an empty box', () => {
    const { t, gm } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    const before = JSON.stringify(t.state);
    for (const value of [
      [null, 'X', null],
      [null, null, 'E'],
      ['X', null, 'X'],
    ]) {
      expect(
        t.refuse(gm, {
          type: 'gmAdjust',
          adjustment: { target: 'health', trooperId: 't1', value },
          reason: 'slip',
        }),
      ).toBe('OVERRIDE_IMPOSSIBLE');
    }
    expect(JSON.stringify(t.state)).toBe(before);
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'health', trooperId: 't1', value: ['X', 'E', null] },
      reason: 'ok',
    });
    expect(t.state.troopers.t1?.health).toEqual(['X', 'E', null]);
  });

  it('refuses an active trooper with three marks, and allows it once a box is cleared', () => {
    const { t, gm } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'health', trooperId: 't1', value: ['X', 'X', 'X'] },
      reason: 'dies',
    });
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(
      t.refuse(gm, {
        type: 'gmAdjust',
        adjustment: { target: 'status', trooperId: 't1', value: 'active' },
        reason: 'undo',
      }),
    ).toBe('OVERRIDE_IMPOSSIBLE');
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'health', trooperId: 't1', value: ['X', 'X', null] },
      reason: 'undo',
    });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't1', value: 'active' },
      reason: 'undo',
    });
    expect(t.state.troopers.t1?.status).toBe('active');
  });

  it('refuses the same override in an imported log', () => {
    const at = '2026-11-26T06:00:00.000Z';
    const events = [
      { type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'GM' },
      {
        type: 'gm.adjusted',
        adjustment: { target: 'health', trooperId: 't1', value: [null, 'X', null] },
        reason: 'r',
      },
    ].map((event, i) => ({ seq: i + 1, at, by: null, commandId: null, event }));
    let error: unknown;
    try {
      readCampaign({ table: { system: 'three-sixteen', name: 'x' }, events }, rulesetFor);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CampaignFileError);
    expect((error as CampaignFileError).message).toMatch(
      /event 2 \(gm\.adjusted\) cannot follow.*fill in order/,
    );
  });
});
