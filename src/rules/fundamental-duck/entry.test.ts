import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { arenaOf } from './board-adapter.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, packWith, Table } from './test-kit.ts';

/** The Tech Lab (tile 5, col 2 row 1) has the east hull at x = 14. */
const TECH_LAB = 5;

function table(forcedEntry: boolean): Table {
  const pack = packWith({ forcedEntry });
  return new Table(new ScriptedDice([]), fd.setup({ pack }));
}

describe('the entry point and the forced-entry option (5, 22)', () => {
  it('boards through a hole bored anywhere in the hull with the option on: that tile is swept and opened', () => {
    const t = table(true);
    t.send({ type: 'chooseMission', entry: { x: 14, y: 7 } });
    expect(t.state.entry).toEqual({ x: 14, y: 7, facing: 6 });
    expect(t.state.teamers.you?.facing).toBe(6);
    t.fold([fixedDeal(t.state, { [TECH_LAB]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    expect(t.state.tiles[TECH_LAB]).toMatchObject({ opened: true });
    expect(arenaOf(t.state).tileOf[7 * arenaOf(t.state).width + 14]).toBe(TECH_LAB);
    t.send({ type: 'activate', teamerId: 'you' });
    // AvD 3; the first step from the bridge lands on the breach square (first into the module: BINGE 1).
    t.dice = new ScriptedDice([3, 1]);
    t.send({ type: 'move', teamerId: 'you' });
    expect(() => t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 })).toThrow();
    t.send({ type: 'step', teamerId: 'you', x: 14, y: 7 });
    expect(t.state.teamers.you).toMatchObject({ x: 14, y: 7, facing: 6 });
  });

  it('a corner square takes the hull side it is told', () => {
    const t = table(true);
    t.send({ type: 'chooseMission', entry: { x: 14, y: 14, side: 's' } });
    expect(t.state.entry).toEqual({ x: 14, y: 14, facing: 0 });
  });

  it('without the option only a boarding point will do; barred tiles and inner squares never', () => {
    const t = table(false);
    const hash = stateHash(t.state);
    expect(refusalCode(() => t.send({ type: 'chooseMission', entry: { x: 14, y: 7 } }))).toBe(
      'NO_FORCED_ENTRY',
    );
    expect(stateHash(t.state)).toBe(hash);
    t.send({ type: 'chooseMission', entry: { x: 0, y: 7 } });
    expect(t.state.entry).toEqual({ x: 0, y: 7, facing: 2 });
    const f = table(true);
    expect(refusalCode(() => f.send({ type: 'chooseMission', entry: { x: 0, y: 1 } }))).toBe('ENTRY_BARRED');
    expect(refusalCode(() => f.send({ type: 'chooseMission', entry: { x: 7, y: 7 } }))).toBe('NOT_ON_HULL');
    expect(refusalCode(() => f.send({ type: 'chooseMission', entry: { x: 14, y: 7, side: 'w' } }))).toBe(
      'NOT_ON_HULL',
    );
    expect(refusalCode(() => f.send({ type: 'chooseMission', entry: { x: 40, y: 7 } }))).toBe('BAD_ENTRY');
  });
});
