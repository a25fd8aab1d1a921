import { describe, expect, it } from 'vitest';
import { arenaOf, arenaStateOf } from './board-adapter.ts';
import { evolve } from './evolve.ts';
import { youAboard } from './test-kit.ts';

/**
 * `arenaStateOf` keeps recent answers and hands a build on to a later state whose figures stand
 * as they stood: what it hands on must be what a build for that state would hold.
 */
describe('the arena state of a state', () => {
  it('is the same arrays after an event that moves nobody, and new ones once a figure moves', () => {
    const table = youAboard();
    const before = table.state;
    const w = arenaOf(before).width;
    const first = arenaStateOf(before);
    expect(first.teamers[7 * w + 0]).toBe(1);

    const spent = evolve(before, {
      type: 'chit.used',
      teamerId: 'you',
      chit: 1,
      to: 'ACTED',
      kind: 'move',
    });
    expect(spent.teamers).not.toBe(before.teamers);
    expect(arenaStateOf(spent)).toBe(first);

    const stepped = evolve(spent, {
      type: 'teamer.stepped',
      teamerId: 'you',
      x: 1,
      y: 7,
      facing: 2,
      cost: 1,
    });
    const after = arenaStateOf(stepped);
    expect(after).not.toBe(first);
    expect(after.teamers[7 * w + 0]).toBe(0);
    expect(after.teamers[7 * w + 1]).toBe(1);
    // The earlier state still answers with its own figures.
    expect(arenaStateOf(before).teamers[7 * w + 0]).toBe(1);
    expect(arenaStateOf(before).teamers[7 * w + 1]).toBe(0);
  });

  it('tells a ducked Teamer from a standing one on the same square', () => {
    const table = youAboard();
    const w = arenaOf(table.state).width;
    const standing = arenaStateOf(table.state);
    const ducked = evolve(table.state, { type: 'teamer.ducked', teamerId: 'you', ducked: true });
    expect(standing.ducked[7 * w + 0]).toBe(0);
    expect(arenaStateOf(ducked).ducked[7 * w + 0]).toBe(1);
  });
});
