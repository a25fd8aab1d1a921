import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../../engine/dice/source.ts';
import { isRuleError } from '../../../engine/rule-error.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import type { EliteUnitCommand } from '../commands.ts';
import { defaultPack } from '../data/pack.ts';
import type { EliteUnitEvent } from '../events.ts';
import { decideAndFold } from '../ruleset.ts';
import { nextCommand, roster } from '../simulate/fight.ts';
import type { EliteUnitState } from '../state.ts';
import { playOnRecord } from './play.ts';
import { CombatRecord } from './record.ts';

const GM: Seat = { seatId: 'gm', role: 'gm' };

/** The record as the table would see it: characters, battle, pending attack. */
function sameAsTable(rec: CombatRecord, s: EliteUnitState): void {
  expect(rec.characters()).toEqual(s.characters);
  expect(rec.battle).toEqual(s.battle);
  expect(rec.pending).toEqual(s.pending);
  expect(rec.attacks).toBe(s.counters.attack);
}

describe('the combat record and the table run the same rules', () => {
  for (const scenario of defaultPack.scenarios) {
    it(`${scenario.id}: every command on the record matches the table's decide and fold, event for event`, () => {
      let commands = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const { state, ids } = roster(defaultPack, scenario);
        const start = decideAndFold(state, { type: 'battle.start', ids: ids.flat() } as EliteUnitCommand, {
          actor: GM,
          dice: new SeededDice(seed),
        }).after;
        let s = start;
        const rec = new CombatRecord(start);
        const tableDice = new SeededDice(seed * 7);
        const recordDice = new SeededDice(seed * 7);
        for (let step = 0; step < 400; step++) {
          const command = nextCommand(rec, ids, scenario.distance);
          if (!command || (s.battle?.turn ?? 99) > 30) break;
          let table: { events: EliteUnitEvent[]; after: EliteUnitState } | null = null;
          let refused: string | null = null;
          try {
            table = decideAndFold(s, command, { actor: GM, dice: tableDice });
          } catch (e) {
            if (!isRuleError(e)) throw e;
            refused = e.code;
          }
          const log: EliteUnitEvent[] = [];
          if (refused) {
            expect(() => playOnRecord(rec, command, { actor: GM, dice: recordDice }, log)).toThrow();
            sameAsTable(rec, s);
            break;
          }
          playOnRecord(rec, command, { actor: GM, dice: recordDice }, log);
          commands++;
          expect(log).toEqual(table?.events);
          s = table?.after as EliteUnitState;
          sameAsTable(rec, s);
        }
      }
      expect(commands).toBeGreaterThan(120);
    });
  }

  it('a reset puts the record back to its start, and a refused command writes nothing', () => {
    const scenario = defaultPack.scenarios[0]!;
    const { state, ids } = roster(defaultPack, scenario);
    const start = decideAndFold(state, { type: 'battle.start', ids: ids.flat() } as EliteUnitCommand, {
      actor: GM,
      dice: new SeededDice(3),
    }).after;
    const rec = new CombatRecord(start);
    const ctx = { actor: GM, dice: new SeededDice(4) };
    for (let i = 0; i < 60; i++) {
      const command = nextCommand(rec, ids, scenario.distance);
      if (!command) break;
      try {
        playOnRecord(rec, command, ctx);
      } catch (e) {
        if (!isRuleError(e)) throw e;
        break;
      }
    }
    expect(rec.characters()).not.toEqual(start.characters);
    rec.reset();
    sameAsTable(rec, start);
    const acting = start.battle?.order[start.battle.slot]?.id as string;
    const other = ids.flat().find((id) => id !== acting) as string;
    expect(() =>
      playOnRecord(
        rec,
        { type: 'attack', attackerId: other, targets: [{ id: acting, distance: 1 }], situation: {} },
        ctx,
      ),
    ).toThrow(expect.objectContaining({ code: 'NOT_YOUR_SLOT' }));
    sameAsTable(rec, start);
  });
});
