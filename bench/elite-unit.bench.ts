import { D6, D20 } from '../src/engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../src/engine/dice/source.ts';
import type { Seat } from '../src/engine/ruleset.ts';
import type { EliteUnitCommand } from '../src/rules/elite-unit/commands.ts';
import { decideAndFold, eliteUnit } from '../src/rules/elite-unit/index.ts';
import type { EliteUnitState } from '../src/rules/elite-unit/state.ts';
import { compare, report } from './harness.ts';

/**
 * One Elite Unit attack (rifle at 40 m against a raider in a flak vest) through the ruleset —
 * decide the attack, fold it, decide the defence, fold it — against a minimal hand-written
 * attack → layers → Stamina function on the same inputs (the same totals, dice and layer).
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

export default async function eliteUnitBench(): Promise<void> {
  const start = startState();
  const dice: DiceSource = new SeededDice(16);
  const attack = {
    type: 'attack',
    attackerId: 'a',
    weapon: 'w1',
    mode: 'auto',
    targets: [{ id: 'b', distance: 40 }],
    situation: {},
  } as EliteUnitCommand;
  const defend = { type: 'defend', targetId: 'b' } as EliteUnitCommand;
  const ctx = { actor: GM, dice };
  const viaRuleset = (): number => {
    // decideAndFold hands back the state its events reach: the table's fold, done once.
    const declared = decideAndFold(start, attack, ctx).after;
    const resolved = decideAndFold(declared, defend, ctx).after;
    return resolved.characters.b?.stamina ?? 0;
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
  const { ours, baseline } = compare(viaRuleset, minimal);
  report({ bench: 'elite-unit attack through the ruleset', ours, baseline, unit: 'attacks/s' });
}
