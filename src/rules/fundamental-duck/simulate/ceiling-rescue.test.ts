import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../engine/dice/source.ts';
import type { FdCommand } from '../commands.ts';
import { fundamentalDuck as fd } from '../index.ts';
import type { Teamer } from '../state.ts';
import { ceilingOverTile4, fixedDeal, GM, PLAYER, packWith, ScriptThenSeeded, Table } from '../test-kit.ts';
import { policyStats, policyStep } from './policy.ts';

/**
 * The policy fetching a comrade who lies out of action up in a ceiling (19): the nearest able man
 * climbs up through a hatch, picks him up, crawls to a hatch and climbs down with him, every
 * command from the legal list (none refused).
 */

const pack = packWith({ ceiling: true });

/** The ceiling tests' table: boarded, tile 4 with a hatch at (7,6) over a LOW obstacle's neighbour. */
function fallenUpThere(): Table {
  const t = new Table(
    new ScriptThenSeeded([6, 1, 1, 1, 2, 1, 2, 3, 1, 6, 1, 3, 5, 4, 4, 3, 5, 5, 4], 5),
    fd.setup({ pack }),
  );
  t.fold([fixedDeal(t.state, { 3: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.fold([ceilingOverTile4()]);
  t.send({ type: 'gmOverride', teamerId: 'you', x: 8, y: 6, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'gmOverride', teamerId: 'brick', x: 8, y: 4, facing: 2, reason: 'set-up' }, GM);
  // Brick unburdened: a heavy gun bars picking a man up.
  const brick = t.state.teamers.brick as Teamer;
  t.fold([{ type: 'gm.overrode', by: 'gm', teamer: { ...brick, encumbered: false }, reason: 'test' }]);
  const you = t.state.teamers.you as Teamer;
  t.fold([
    { type: 'ceiling.climbed', teamerId: 'you', up: true, x: 7, y: 6, cost: 2 },
    { type: 'gm.overrode', by: 'gm', teamer: { ...you, x: 7, y: 6, up: true, wounds: 2 }, reason: 'test' },
  ]);
  return t;
}

describe('the policy and a fallen comrade up in a ceiling (19)', () => {
  it('brick climbs up, picks YOU up, and climbs down with him, nothing refused', () => {
    for (const seed of [1, 2, 3]) {
      const t = fallenUpThere();
      const refused = policyStats.refused;
      const ctx = { actor: PLAYER, dice: new SeededDice(seed) };
      const sent: FdCommand[] = [];
      for (let i = 0; i < 400; i++) {
        const b = t.state.teamers.brick as Teamer;
        if (b.carrying === 'you' && b.up !== true) break;
        const step = policyStep(t.state, ctx);
        if (!step) break;
        sent.push(step.command);
        t.fold(step.events);
      }
      expect(policyStats.refused).toBe(refused);
      const mine = sent.filter((c) => 'teamerId' in c && c.teamerId === 'brick');
      const up = mine.findIndex((c) => c.type === 'climb');
      const carry = mine.findIndex((c) => c.type === 'carry' && c.comradeId === 'you');
      const down = mine.map((c) => c.type).lastIndexOf('climb');
      expect(up).toBeGreaterThanOrEqual(0);
      expect(carry).toBeGreaterThan(up);
      expect(down).toBeGreaterThan(carry);
      expect(t.state.teamers.brick).toMatchObject({ up: false, carrying: 'you' });
      expect(t.state.teamers.you).toMatchObject({ up: false, x: 7, y: 6 });
    }
  });
});
