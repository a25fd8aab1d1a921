import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { type EverydayGear, kitFor } from '../data/kit.ts';
import { TestTable } from '../encounter/test-kit.ts';
import { legalCommands } from '../ruleset.ts';
import type { Trooper } from '../state.ts';
import { serviceOf } from './model.ts';
import { endAndDebrief, flags, happened, squad } from './test-kit.ts';

const take = (trooperId: string, item: EverydayGear) => ({ type: 'takeGear', trooperId, item }) as const;

describe('3:16 everyday gear: no roll, just take it', () => {
  it('the owner or the GM adds an item to the kit', () => {
    const { t, gm, p } = squad([
      { name: 'Grant', fa: 5, nfa: 5 },
      { name: 'Dog', fa: 5, nfa: 5 },
    ]);
    expect(t.send(p(1), take('t1', 'entrenching tools'))).toEqual([
      { type: 'campaign.gearTaken', trooperId: 't1', item: 'entrenching tools' },
    ]);
    t.send(gm, take('t2', 'Holo-Show'));
    expect(t.state.troopers.t1?.kit).toEqual([...kitFor(0), 'entrenching tools']);
    expect(t.state.troopers.t2?.kit).toContain('Holo-Show');
    expect(serviceOf(t.state.troopers.t1 as Trooper).gear).toEqual(['entrenching tools']);
    expect(t.state.log.at(-1)?.text).toBe('Dog takes Holo-Show.');
    expect(legalCommands(t.state, p(1))).toContainEqual(take('t1', 'radium gum'));
    expect(legalCommands(t.state, p(1))).not.toContainEqual(take('t1', 'entrenching tools'));
    expect(legalCommands(t.state, p(1))).not.toContainEqual(take('t2', 'radium gum'));
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('refuses unknown items, duplicates, other players’ troopers and the dead', () => {
    const { t, p } = squad([
      { name: 'Grant', fa: 5, nfa: 5 },
      { name: 'Dog', fa: 5, nfa: 5 },
    ]);
    expect(t.refuse(p(1), { type: 'takeGear', trooperId: 't1', item: 'plasma toaster' })).toBe(
      'INVALID_COMMAND',
    );
    expect(t.refuse(p(1), { type: 'takeGear', trooperId: 't1', item: 'radio' })).toBe('INVALID_COMMAND');
    // Already in every rank's kit.
    expect(t.refuse(p(1), take('t1', 'TRMs'))).toBe('ALREADY_DONE');
    t.send(p(1), take('t1', 'radium gum'));
    expect(t.refuse(p(1), take('t1', 'radium gum'))).toBe('ALREADY_DONE');
    expect(t.refuse(p(1), take('t2', 'flares'))).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p(1), take('t9', 'Holo-Show'))).toBe('UNKNOWN_TROOPER');
    happened(t, { t2: () => ({ status: 'dead' }) });
    expect(t.refuse(p(2), take('t2', 'Holo-Show'))).toBe('TROOPER_NOT_ACTIVE');
  });

  it('taken gear stays through a promotion', () => {
    const { t, gm, p } = squad([
      { name: 'Sgt', fa: 5, nfa: 5, rank: 2 },
      { name: 'Nominator', fa: 5, nfa: 5 },
    ]);
    // A Corporal's mitt and ball, carried by choice, is not lost when the rank no longer issues it.
    t.send(p(1), take('t1', 'mitt and ball'));
    happened(t, { t1: (tr) => flags(tr, { usedStrength: true }) });
    endAndDebrief(t, gm);
    t.send(p(1), { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'promotion' } }, [1]);
    expect(t.state.troopers.t1?.rank).toBe(3);
    expect(t.state.troopers.t1?.kit).toEqual([...kitFor(3), 'mitt and ball']);
    t.send(p(1), take('t1', 'cancer sticks'));
    expect(t.state.troopers.t1?.kit).toEqual([...kitFor(3), 'mitt and ball', 'cancer sticks']);
  });

  it('an officer busted by the Orbital Bombardment inquiry keeps its gear', () => {
    const { t, gm, p } = squad([{ name: 'Lt', fa: 5, nfa: 5, rank: 3 }]);
    t.send(p(1), take('t1', 'Holo-Show'));
    happened(t, { t1: (tr) => flags(tr, { usedOrbitalBombardment: true }) });
    endAndDebrief(t, gm, [9]);
    expect(t.state.troopers.t1?.rank).toBe(2);
    expect(t.state.troopers.t1?.kit).toEqual([...kitFor(2), 'Holo-Show']);
  });

  it('gear taken before the initial ranks survives their assignment', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    t.send(gm, { type: 'createTrooper', name: 'A', fa: 3, nfa: 7 }, [1, 1, 1]);
    t.send(gm, { type: 'createTrooper', name: 'B', fa: 7, nfa: 3 }, [1, 1, 1, 1, 1, 1, 1]);
    t.send(gm, take('t1', 'Holo-Show'));
    t.send(gm, take('t2', 'personal medipack'));
    t.send(gm, { type: 'assignInitialRanks' });
    expect(t.state.troopers.t1?.kit).toEqual([...kitFor(2), 'Holo-Show']);
    expect(t.state.troopers.t2?.kit).toEqual([...kitFor(1), 'personal medipack']);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});
