import { describe, expect, it } from 'vitest';
import type { LogItem } from '../log.ts';
import { scattersOf } from './scatter.ts';

let seq = 0;
function other(type: string, event: Record<string, unknown>): LogItem {
  seq++;
  return {
    kind: 'other',
    seq,
    at: '',
    by: null,
    type,
    event: { type, ...event } as Extract<LogItem, { kind: 'other' }>['event'],
  };
}

describe('grenade scatter from the log', () => {
  it('keeps each throw since the blast markers were last cleared, aim to landing', () => {
    const items = [
      other('attack.resolved', { x: 1, y: 1, weapon: 'grenade', scatter: { faces: [4, 2], x: 2, y: 1 } }),
      other('blasts.changed', { blasts: [] }),
      other('attack.resolved', { x: 5, y: 6, weapon: 'hemg' }),
      other('attack.resolved', { x: 3, y: 4, weapon: 'grenade', scatter: { faces: [6, 1], x: 3, y: 2 } }),
      other('blasts.changed', { blasts: [11] }),
    ];
    expect(scattersOf(items)).toEqual([{ seq: 4, from: { x: 3, y: 4 }, to: { x: 3, y: 2 } }]);
  });

  it('ignores a malformed scatter rather than drawing it anywhere', () => {
    const items = [
      other('attack.resolved', { x: 3, y: 4, scatter: { x: 'far', y: 2 } }),
      other('attack.resolved', { x: -1, y: 4, scatter: { x: 1, y: 2 } }),
    ];
    expect(scattersOf(items)).toEqual([]);
    expect(scattersOf([])).toEqual([]);
  });
});
