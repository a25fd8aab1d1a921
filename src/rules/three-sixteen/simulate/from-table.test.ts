import { describe, expect, it } from 'vitest';
import { refusalCode as code } from '../../../engine/test-kit.ts';
import { buildTrooper } from '../encounter/roster.ts';
import { TestTable } from '../encounter/test-kit.ts';
import type { Trooper } from '../state.ts';
import { simulateFromTable } from './from-table.ts';
import { simulateEncounters } from './simulate.ts';

/** A table in a mission with no encounter yet: two troopers (FA 6 / NFA 4, Energy Rifle), AA 6. */
function table(patches: Partial<Trooper>[] = [{}, {}]) {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  patches.forEach((patch, i) => {
    t.seat(`p${i + 1}`, 'player');
    const base = buildTrooper(`t${i + 1}`, {
      ownerSeatId: `p${i + 1}`,
      name: `Trooper ${i + 1}`,
      reputation: '',
      fa: 6,
      nfa: 4,
      rank: 0,
      totalKills: 0,
    });
    t.apply({
      type: 'trooper.created',
      trooper: { ...base, ...patch },
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
  });
  t.send(gm, { type: 'setPlanet', name: 'Odds', aa: 6, threat: 10 });
  t.send(gm, { type: 'briefMission', text: 'Go.' });
  return { t, gm };
}

const plan = { tokens: 4, final: false, n: 1500, seed: 99 };

describe('3:16 odds from the table as it stands', () => {
  it('from fresh troopers it gives the generic simulator’s numbers, run for run', () => {
    const { t } = table();
    const fromTable = simulateFromTable(t.state, plan);
    const generic = simulateEncounters({
      pcs: [
        { fa: 6, nfa: 4, weapon: 'energyRifle', rank: 0 },
        { fa: 6, nfa: 4, weapon: 'energyRifle', rank: 0 },
      ],
      aa: 6,
      tokens: plan.tokens,
      final: false,
      threat: 10,
      abilities: [],
      n: plan.n,
      seed: plan.seed,
    });
    expect(fromTable.pcs.map((p) => p.pc)).toEqual(['Trooper 1', 'Trooper 2']);
    const strip = (s: typeof generic) => ({ ...s, pcs: s.pcs.map(({ pc: _pc, ...rest }) => rest) });
    expect(strip(fromTable)).toEqual(strip(generic));
  });

  it('wounds, spent armour and used slots carried in make death likelier', () => {
    const fresh = simulateFromTable(table().t.state, plan);
    const battered = simulateFromTable(
      table([
        {
          health: ['X', 'X', null],
          armour: 'used',
          strengths: [{ status: 'used', text: 'Already spent' }],
        } as Partial<Trooper>,
        {},
      ]).t.state,
      plan,
    );
    expect(battered.pcs[0]?.dead.p).toBeGreaterThan(fresh.pcs[0]?.dead.p ?? 1);
    expect(battered.anyDead.p).toBeGreaterThan(fresh.anyDead.p);
    // The same table and seed give the same answer.
    expect(simulateFromTable(table().t.state, plan)).toEqual(fresh);
  });

  it('plays only the troopers who go in', () => {
    const { t } = table();
    const one = simulateFromTable(t.state, { ...plan, tokens: 2, n: 300, troopers: ['t2'] });
    expect(one.pcs.map((p) => p.pc)).toEqual(['Trooper 2']);
    expect(code(() => simulateFromTable(t.state, { ...plan, troopers: ['t7'] }))).toBe('SIM_INVALID_OPTION');
  });

  it('refuses a table that is not ready for an encounter, and a plan the rules refuse', () => {
    const bare = new TestTable();
    bare.seat('gm', 'gm');
    expect(code(() => simulateFromTable(bare.state, plan))).toBe('SIM_INVALID_OPTION');
    const { t, gm } = table();
    expect(code(() => simulateFromTable(t.state, { ...plan, n: 0 }))).toBe('SIM_INVALID_OPTION');
    // Two troopers: at most 4 tokens in an encounter that is not the final one.
    expect(code(() => simulateFromTable(t.state, { ...plan, tokens: 5 }))).not.toBe('accepted');
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    expect(code(() => simulateFromTable(t.state, plan))).toBe('SIM_INVALID_OPTION');
  });
});
