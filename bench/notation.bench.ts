import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { SeededDice } from '../src/engine/dice/source.ts';
import { rollNotation } from '../src/engine/notation/index.ts';
import { compare, report } from './harness.ts';

/**
 * Chat rolls per second, each producing what a chat message shows (the total and the breakdown
 * text): our rollNotation (bounded parse cache + AST compiled to closures, seeded dice) against
 * rpg-dice-roller's `new DiceRoll(notation)` (parses every time; its `output` is built on access,
 * so we read it, as a chat would).
 */
export default async function notationBench(): Promise<void> {
  const dice = new SeededDice(20240601);
  for (const notation of ['2d6+3', '4d6kh3', '6d10<=6']) {
    const { ours, baseline } = compare(
      () => {
        const roll = rollNotation(notation, dice);
        return roll.total + roll.text.length;
      },
      () => {
        const roll = new DiceRoll(notation);
        return roll.total + roll.output.length;
      },
    );
    report({ bench: `notation roll ${notation}`, ours, baseline, unit: 'rolls/s' });
  }
}
