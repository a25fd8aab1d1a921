import { describe, expect, it } from 'vitest';
import { withRecordEntry } from './state.ts';

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
