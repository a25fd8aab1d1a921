import { describe, expect, it } from 'vitest';
import { buildTrooper } from '../encounter/roster.ts';
import type { Trooper } from '../state.ts';
import { squad } from './test-kit.ts';

/** A Weakness list with Hatred for Home open in its fifth slot, as a level-17 trooper has it. */
function withHatredOpen(t: Trooper): Trooper['weaknesses'] {
  return t.weaknesses.map((w, i) => (i === 4 ? { status: 'available', hatredForHome: true } : w));
}

describe('3:16 Hatred for Home opens through a PC only', () => {
  it('an NPC squad member with the Weakness open does not open it to the PCs', () => {
    const { t, p } = squad([{ name: 'Young', fa: 5, nfa: 5 }]);
    const npc = buildTrooper('t9', {
      ownerSeatId: null,
      name: 'Veteran NPC',
      reputation: '',
      fa: 9,
      nfa: 9,
      rank: 0,
      totalKills: 0,
      weaponChoice: undefined,
    });
    t.apply({
      type: 'trooper.created',
      trooper: { ...npc, weaknesses: withHatredOpen(npc) },
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
    expect(t.refuse(p(1), { type: 'adoptHatredForHome', trooperId: 't1' })).toBe('HATRED_FOR_HOME_LOCKED');
  });

  it('a PC who opened it and has since fallen still opened it', () => {
    const { t, gm, p } = squad([
      { name: 'Young', fa: 5, nfa: 5 },
      { name: 'Old', fa: 9, nfa: 9 },
    ]);
    const old = t.state.troopers.t2 as Trooper;
    t.apply({
      type: 'trooper.created',
      trooper: { ...old, id: 't3', name: 'Older', weaknesses: withHatredOpen(old) },
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'status', trooperId: 't3', value: 'dead' },
      reason: 'fell on the last planet',
    });
    t.send(p(1), { type: 'adoptHatredForHome', trooperId: 't1' });
    expect(t.state.troopers.t1?.weaknesses.some((w) => w.hatredForHome)).toBe(true);
  });
});
