import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../engine/canonical-json.ts';
import type { FdEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialState } from './setup.ts';
import { runMission } from './simulate/run.ts';
import { type FdState, oneShape, oneTeamer, withRecordEntry } from './state.ts';

describe('withRecordEntry', () => {
  it('makes what a spread with one entry set makes: same keys in the same order, the original untouched', () => {
    const threats: Record<string, number> = { h1: 1, h3: 3, h2: 2 };
    const cases: [string, number][] = [
      ['h3', 30],
      ['h4', 4],
      ['h1', 10],
    ];
    for (const [id, value] of cases) {
      const copy = withRecordEntry(threats, id, value);
      const spread = { ...threats, [id]: value };
      expect(copy).toEqual(spread);
      expect(Object.keys(copy)).toEqual(Object.keys(spread));
      expect(copy).not.toBe(threats);
    }
    expect(threats).toEqual({ h1: 1, h3: 3, h2: 2 });
  });

  it('copies an empty record to one entry', () => {
    expect(withRecordEntry({}, 'h1', 'harpy')).toEqual({ h1: 'harpy' });
  });
});

describe('oneShape and oneTeamer', () => {
  it('keep every field and value: the copy serialises as the original did', () => {
    const log: FdEvent[] = [];
    runMission('clean-sweep', 3, 6, 20_000, {}, log);
    let state: FdState = initialState({ mission: 'clean-sweep' });
    for (const e of log) {
      const before = state;
      state = evolve(state, e);
      const copy = oneShape(state, before);
      expect(canonicalJson(copy)).toBe(canonicalJson(state));
      for (const id of state.teamOrder) {
        const t = state.teamers[id];
        expect(t && canonicalJson(oneTeamer(t))).toBe(t && canonicalJson(t));
      }
    }
  });

  it('keep the optional fields when they are set', () => {
    const s = initialState({ mission: 'clean-sweep' });
    const full: FdState = {
      ...s,
      bulkheads: { tried: ['a'], weak: [] },
      vehicles: [],
      bulldozed: [3],
      multiTeam: null,
    };
    const copy = oneShape(full, s);
    expect(copy.bulkheads).toBe(full.bulkheads);
    expect(copy.bulldozed).toBe(full.bulldozed);
    expect(copy.multiTeam).toBeNull();
    const t = s.teamers[s.teamOrder[0] as string];
    if (!t) throw new Error('no Teamer');
    expect(oneTeamer({ ...t, up: true }).up).toBe(true);
  });
});
