import type { DiceSource } from '../../engine/dice/source.ts';
import { type DecideContext, othersDice } from '../../engine/ruleset.ts';
import type { Board } from './board.ts';
import { boardOf } from './board-adapter.ts';
import type { FdEvent } from './events.ts';
import { evolve } from './evolve.ts';
import type { FdState } from './state.ts';

/**
 * A command's working record: the state as it stands after each event so far, and the events.
 * Procedures emit events one at a time and read the state they lead to, so a long chain (a Threat
 * phase with a dozen Threats) needs no second implementation of the rules: the one `evolve` folds
 * both the live table and decide's own steps. Evolve copies only what an event touches.
 */
export class Draft {
  readonly events: FdEvent[] = [];
  /** The sender's dice: a Teamer's own rolls (move, fumble, shooting). */
  readonly own: DiceSource;
  /** The table's dice: Threats, placement, the deal, stress chits, roll-offs. */
  readonly table: DiceSource;
  readonly board: Board;
  constructor(
    public state: FdState,
    readonly ctx: DecideContext,
  ) {
    this.own = ctx.dice;
    this.table = othersDice(ctx);
    this.board = boardOf(state);
  }
  emit(event: FdEvent): FdState {
    this.events.push(event);
    this.state = evolve(this.state, event);
    return this.state;
  }
}
