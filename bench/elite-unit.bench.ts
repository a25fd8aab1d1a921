import { D6, D20 } from '../src/engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../src/engine/dice/source.ts';
import type { Seat } from '../src/engine/ruleset.ts';
import { playOnRecord, type RecordCommand } from '../src/rules/elite-unit/combat/play.ts';
import { CombatRecord } from '../src/rules/elite-unit/combat/record.ts';
import type { EliteUnitCommand } from '../src/rules/elite-unit/commands.ts';
import { defaultPack } from '../src/rules/elite-unit/data/pack.ts';
import { eliteUnit } from '../src/rules/elite-unit/index.ts';
import { runFight } from '../src/rules/elite-unit/simulate/fight.ts';
import type { EliteUnitState } from '../src/rules/elite-unit/state.ts';
import { minimalFight } from './elite-unit-fight.ts';
import { compare, report } from './harness.ts';

/**
 * One Elite Unit attack (rifle at 40 m against a raider in a flak vest) through the ruleset — the
 * attack and the defence played on the combat record, the rules the table's decide runs, with
 * every check, the effective values, ammunition, recoil, the layers and the hit location — from the
 * same start each time (the record reset), against a minimal hand-written attack → layers →
 * Stamina function on the same inputs (the same totals, dice and layer).
 */

const GM: Seat = { seatId: 'gm', role: 'gm' };

function startState(): EliteUnitState {
  let s = eliteUnit.setup(undefined);
  for (const command of [
    { type: 'character.add', from: 'castell', id: 'a', hidden: false },
    { type: 'character.add', from: 'raider', id: 'b', hidden: false },
  ] as EliteUnitCommand[]) {
    for (const e of eliteUnit.decide(s, command, { actor: GM, dice: new SeededDice(1) }))
      s = eliteUnit.evolve(s, e);
  }
  return s;
}

/** The attack bench's two sides: through the ruleset, and by hand. */
export function attackPair(): { ours: () => number; baseline: () => number } {
  const start = startState();
  const dice: DiceSource = new SeededDice(16);
  const attack: RecordCommand = {
    type: 'attack',
    attackerId: 'a',
    weapon: 'w1',
    mode: 'auto',
    targets: [{ id: 'b', distance: 40 }],
    situation: {},
  };
  const defend: RecordCommand = { type: 'defend', targetId: 'b' };
  const ctx = { actor: GM, dice };
  const record = new CombatRecord(start);
  const viaRuleset = (): number => {
    record.reset();
    playOnRecord(record, attack, ctx);
    playOnRecord(record, defend, ctx);
    return record.fighter('b')?.c.stamina ?? 0;
  };
  // The same inputs by hand: Attack 8 + 3, Dodge 4, 2D6 through R 6 / DC 40, Stamina 24.
  const layer = { dc: 40, resilience: 6 };
  const minimal = (): number => {
    const hit = dice.roll(D20, 'a') + 11 > dice.roll(D20, 'd') + 4;
    if (!hit) return 24;
    let blow = dice.roll(D6, 'x') + dice.roll(D6, 'x');
    if (blow < layer.resilience) return 24;
    blow -= layer.resilience;
    if (blow < layer.dc) return 24;
    return Math.max(0, 24 - (blow - layer.dc));
  };
  return { ours: viaRuleset, baseline: minimal };
}

/**
 * Whole fights of the pack's first scenario (two against three at 80 m): the simulator's fight
 * through the ruleset (initiative at the table, every command on one combat record) against the
 * same fight written by hand (elite-unit-fight.ts).
 */
export function fightPair(): { ours: () => number; baseline: () => number } {
  const scenario = defaultPack.scenarios[0];
  if (!scenario) throw new Error('the default pack has no scenario');
  let seed = 1;
  const reuse = { record: null };
  const viaSimulator = (): number => runFight(defaultPack, scenario, seed++, reuse).turns;
  const byHand = minimalFight(defaultPack, scenario);
  const fightDice = new SeededDice(2);
  const handFight = (): number => byHand(fightDice);
  return { ours: viaSimulator, baseline: handFight };
}

export default async function eliteUnitBench(): Promise<void> {
  const a = attackPair();
  report({
    bench: 'elite-unit attack through the ruleset',
    ...compare(a.ours, a.baseline),
    unit: 'attacks/s',
  });
  const f = fightPair();
  report({
    bench: 'elite-unit fights through the ruleset',
    ...compare(f.ours, f.baseline),
    unit: 'fights/s',
  });
}
