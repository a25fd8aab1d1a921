import { describe, expect, it } from 'vitest';
import { TestTable } from './test-kit.ts';

function roster(abilities: [number, number][]) {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  abilities.forEach(([fa, nfa], i) => {
    t.send(
      gm,
      { type: 'createTrooper', name: `T${i + 1}`, fa, nfa },
      Array.from({ length: fa }, () => 1),
    );
  });
  return { t, gm };
}
const ranks = (t: TestTable) => t.state.trooperOrder.map((id) => t.state.troopers[id]?.rank);

describe('3:16 initial ranks', () => {
  it('highest NFA is Sergeant, highest FA of the rest Corporal', () => {
    const { t, gm } = roster([
      [7, 3],
      [3, 7],
      [5, 5],
    ]);
    t.send(gm, { type: 'assignInitialRanks' });
    expect(ranks(t)).toEqual([1, 2, 0]);
    expect(t.state.troopers.t2?.weapons.map((w) => w.weapon)).toEqual(['slugRifle', 'sidearm', 'handToHand']);
  });

  it('a tie for highest NFA is rolled off: winner Sergeant, runner-up Corporal', () => {
    const { t, gm } = roster([
      [4, 6],
      [4, 6],
      [8, 2],
    ]);
    t.send(gm, { type: 'assignInitialRanks' }, [3, 9]);
    expect(ranks(t)).toEqual([1, 2, 0]);
  });

  it('a tie for the Corporal by FA is rolled off, re-rolling equal faces', () => {
    const { t, gm } = roster([
      [2, 8],
      [6, 4],
      [6, 4],
    ]);
    t.send(gm, { type: 'assignInitialRanks' }, [5, 5, 2, 6]);
    expect(ranks(t)).toEqual([2, 0, 1]);
  });
});
