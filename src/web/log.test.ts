import { describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../server/protocol.ts';
import { breakdownParts, foldEvents, latestBefore, namesFromLog } from './log.ts';

const at = '2026-01-01T10:00:00.000Z';
const env = (seq: number, by: string | null, event: EventEnvelope['event']): EventEnvelope => ({
  seq,
  at,
  by,
  event,
});
const result = { notation: '2d6', total: 7, groups: [], text: '2d6: [3, 4] = 7' };

describe('log folding', () => {
  it('turns joins, chat lines and rolls into log items in order', () => {
    const items = foldEvents(
      [],
      [
        env(1, null, { type: 'seat.joined', seatId: 'g', role: 'gm', name: 'Gail' }),
        env(2, 'g', { type: 'chat.said', by: 'g', text: '<b>hi</b>' }),
        env(3, 'g', {
          type: 'chat.rolled',
          rollId: 'r1',
          by: 'g',
          notation: '2d6',
          label: 'Morale',
          visibility: 'public',
          result,
        }),
      ],
    );
    expect(items.map((i) => i.kind)).toEqual(['joined', 'say', 'roll']);
    expect(items[1]).toMatchObject({ kind: 'say', text: '<b>hi</b>' });
    expect(items[2]).toMatchObject({ kind: 'roll', label: 'Morale', result, revealed: false });
    expect(namesFromLog(items).get('g')).toBe('Gail');
  });

  it('keeps a hidden roll without result until it is revealed, and logs the reveal', () => {
    const hidden = foldEvents(
      [],
      [
        env(1, 'g', {
          type: 'chat.rolled',
          rollId: 'r1',
          by: 'g',
          notation: '2d6',
          visibility: 'gm',
          hidden: true,
        }),
      ],
    );
    expect(hidden[0]).toMatchObject({ kind: 'roll', visibility: 'gm' });
    expect(hidden[0]).not.toHaveProperty('result');
    const shown = foldEvents(hidden, [env(2, 'g', { type: 'chat.revealed', rollId: 'r1', by: 'g', result })]);
    expect(shown[0]).toMatchObject({ kind: 'roll', revealed: true, result });
    expect(shown[1]).toMatchObject({ kind: 'revealed', seq: 2, roll: { by: 'g', notation: '2d6' }, result });
    // The input array is not changed.
    expect(hidden).toHaveLength(1);
  });

  it('keeps events it does not know as plain lines', () => {
    const items = foldEvents([], [env(5, 's1', { type: 'trooper.created' })]);
    expect(items).toEqual([
      { kind: 'other', seq: 5, at, by: 's1', type: 'trooper.created', event: { type: 'trooper.created' } },
    ]);
  });

  it('splits struck-through (dropped) dice out of a breakdown', () => {
    expect(breakdownParts('4d6kh3: [6, 5, 3, ~~1~~] = 14')).toEqual([
      { text: '4d6kh3: [6, 5, 3, ', dropped: false },
      { text: '1', dropped: true },
      { text: '] = 14', dropped: false },
    ]);
    expect(breakdownParts('d20: [4] = 4')).toEqual([{ text: 'd20: [4] = 4', dropped: false }]);
  });

  it('finds the latest event of a type before a seq, for what later events leave out', () => {
    const items = foldEvents(
      [],
      [
        env(1, 'g', { type: 'conflict.started', sides: 'first' }),
        env(2, 'g', { type: 'conflict.yielded', side: 'a' }),
        env(3, null, { type: 'seat.joined', seatId: 'p', role: 'player', name: 'Pat' }),
        env(5, 'g', { type: 'conflict.started', sides: 'second' }),
        env(6, 'g', { type: 'conflict.yielded', side: 'b' }),
      ],
    );
    const earlier = latestBefore(items);
    expect(earlier(2, 'conflict.started')).toMatchObject({ sides: 'first' });
    expect(earlier(5, 'conflict.started')).toMatchObject({ sides: 'first' });
    expect(earlier(6, 'conflict.started')).toMatchObject({ sides: 'second' });
    // Nothing before it in this log, or no such event at all.
    expect(earlier(1, 'conflict.started')).toBeUndefined();
    expect(earlier(6, 'conflict.ended')).toBeUndefined();
  });

  it('finds the latest of several types, so a describer can tell which came last', () => {
    const items = foldEvents(
      [],
      [
        env(1, 'g', { type: 'planet.set', name: 'Goya' }),
        env(2, 'g', { type: 'encounter.ended', planetCleared: false }),
        env(3, 'g', { type: 'mission.ended' }),
        env(4, 'g', { type: 'planet.set', name: 'Xeno' }),
        env(5, 'g', { type: 'mission.ended' }),
      ],
    );
    const earlier = latestBefore(items);
    expect(earlier(3, 'encounter.ended|planet.set')).toMatchObject({ type: 'encounter.ended' });
    expect(earlier(5, 'encounter.ended|planet.set')).toMatchObject({ type: 'planet.set', name: 'Xeno' });
    expect(earlier(2, 'encounter.ended|planet.set')).toMatchObject({ type: 'planet.set', name: 'Goya' });
    expect(earlier(1, 'encounter.ended|planet.set')).toBeUndefined();
    expect(earlier(5, 'nothing|encounter.ended')).toMatchObject({ type: 'encounter.ended' });
  });
});
