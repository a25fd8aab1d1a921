import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { kitFor } from '../data/kit.ts';
import type { Trooper } from '../state.ts';
import { campaignOf } from './model.ts';
import { endAndDebrief, squad } from './test-kit.ts';

const FALLS = { type: 'brigadierFalls', text: 'His shuttle never reached the flagship.' } as const;

describe('3:16 field promotion to Brigadier when the NPC Brigadier falls', () => {
  it('a lone Colonel takes the rank at once, with its kit and The Device', () => {
    const { t, gm } = squad([
      { name: 'Col', fa: 5, nfa: 5, rank: 7 },
      { name: 'LtCol', fa: 5, nfa: 5, rank: 6 },
    ]);
    const events = t.send(gm, FALLS);
    expect(events).toEqual([
      {
        type: 'campaign.brigadierFell',
        text: FALLS.text,
        fieldPromotion: { candidates: ['t1'], tests: [], promoted: 't1', vehicles: ['theDevice'] },
      },
    ]);
    const brig = t.state.troopers.t1 as Trooper;
    expect(brig.rank).toBe(8);
    expect(brig.kit).toEqual(kitFor(8));
    expect(brig.vehicles.filter((v) => v === 'theDevice')).toHaveLength(1);
    expect(t.state.troopers.t2?.rank).toBe(6);
    expect(campaignOf(t.state).npcBrigadierDead).toBe(true);
    expect(t.state.log.at(-1)?.text).toContain('promoted in the field to Brigadier');
    expect(t.replayHash()).toBe(stateHash(t.state));
    expect(t.refuse(gm, FALLS)).toBe('ALREADY_DONE');
  });

  it('tied Colonels test NFA: the best success wins', () => {
    const { t, gm } = squad([
      { name: 'Col A', fa: 6, nfa: 4, rank: 7 },
      { name: 'Col B', fa: 4, nfa: 6, rank: 7 },
    ]);
    t.send(gm, FALLS, [3, 5]);
    expect(t.log.at(-1)).toMatchObject({
      fieldPromotion: {
        candidates: ['t1', 't2'],
        tests: [
          [
            { trooperId: 't1', face: 3, target: 4, success: true },
            { trooperId: 't2', face: 5, target: 6, success: true },
          ],
        ],
        promoted: 't2',
      },
    });
    expect([t.state.troopers.t1?.rank, t.state.troopers.t2?.rank]).toEqual([7, 8]);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('with no success the highest failure wins; equal faces test again', () => {
    const fail = squad([
      { name: 'Col A', fa: 6, nfa: 4, rank: 7 },
      { name: 'Col B', fa: 4, nfa: 6, rank: 7 },
    ]);
    fail.t.send(fail.gm, FALLS, [9, 8]);
    expect(fail.t.state.troopers.t1?.rank).toBe(8);

    const tie = squad([
      { name: 'Col A', fa: 5, nfa: 5, rank: 7 },
      { name: 'Col B', fa: 5, nfa: 5, rank: 7 },
      { name: 'Col C', fa: 5, nfa: 5, rank: 7 },
    ]);
    // A and B share the best success (4), C fails; A and B test again and B wins.
    tie.t.send(tie.gm, FALLS, [4, 4, 7, 1, 2]);
    expect(tie.t.state.trooperOrder.map((id) => tie.t.state.troopers[id]?.rank)).toEqual([7, 8, 7]);
    expect(tie.t.replayHash()).toBe(stateHash(tie.t.state));
  });

  it('with no PC Colonel alive the rank just stays open', () => {
    const { t, gm } = squad([
      { name: 'Dead Col', fa: 5, nfa: 5, rank: 7, patch: { status: 'dead' } },
      { name: 'NPC Col', fa: 5, nfa: 5, rank: 7, patch: { ownerSeatId: null } },
      { name: 'LtCol', fa: 5, nfa: 5, rank: 6 },
    ]);
    const events = t.send(gm, FALLS);
    expect(events).toEqual([{ type: 'campaign.brigadierFell', text: FALLS.text }]);
    expect(t.state.trooperOrder.map((id) => t.state.troopers[id]?.rank)).toEqual([7, 7, 6]);
    expect(campaignOf(t.state).npcBrigadierDead).toBe(true);
  });

  it('works between missions too; a player cannot announce it', () => {
    const { t, gm, p } = squad([{ name: 'Col', fa: 5, nfa: 5, rank: 7 }]);
    endAndDebrief(t, gm);
    expect(t.refuse(p(1), FALLS)).toBe('ROLE_NOT_ALLOWED');
    expect(t.refuse(gm, { type: 'brigadierFalls', text: '' })).toBe('INVALID_COMMAND');
    t.send(gm, FALLS);
    expect(t.state.troopers.t1?.rank).toBe(8);
  });
});
