import { expect } from 'vitest';
import { type DiceSource, EnteredDice, ScriptedDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { EliteUnitCommand } from './commands.ts';
import type { Pack } from './data/pack-schema.ts';
import type { EliteUnitEvent } from './events.ts';
import { eliteUnit } from './ruleset.ts';
import type { Character, EliteUnitState } from './state.ts';

/** For tests: a table with a GM and players, commands run through the real ruleset and folded. */

export const GM: Seat = { seatId: 'gm', role: 'gm' };
export const P1: Seat = { seatId: 'p1', role: 'player' };
export const P2: Seat = { seatId: 'p2', role: 'player' };

export class Table {
  state: EliteUnitState;
  readonly log: EliteUnitEvent[] = [];
  constructor(pack?: Pack) {
    this.state = eliteUnit.setup(pack ? { pack } : undefined);
    for (const [seat, name] of [
      [GM, 'Gina'],
      [P1, 'Pia'],
      [P2, 'Pol'],
    ] as const) {
      this.state = eliteUnit.evolve(this.state, {
        type: 'seat.joined',
        seatId: seat.seatId,
        role: seat.role,
        name,
      });
    }
  }
  /** Parses like the server, decides with the given dice and folds; returns the events. */
  run(command: unknown, seat: Seat = GM, dice: DiceSource | readonly number[] = []): EliteUnitEvent[] {
    const parsed = eliteUnit.commandSchema.parse(command) as EliteUnitCommand;
    const source = Array.isArray(dice) ? new ScriptedDice(dice as number[]) : (dice as DiceSource);
    const events = eliteUnit.decide(this.state, parsed, { actor: seat, dice: source });
    if (source instanceof ScriptedDice && source.remaining > 0)
      throw new Error(`${source.remaining} scripted faces unused`);
    for (const e of events) this.state = eliteUnit.evolve(this.state, e);
    this.log.push(...events);
    return events;
  }
  add(from: string, id: string, owner: Seat | null = null, hidden?: boolean): void {
    this.run({
      type: 'character.add',
      from,
      id,
      ownerSeatId: owner?.seatId ?? null,
      ...(hidden === undefined ? {} : { hidden }),
    });
  }
  char(id: string) {
    const c = this.state.characters[id];
    if (!c) throw new Error(`no ${id}`);
    return c;
  }
  /** Stages a sheet straight in the state (kit or conditions the commands would take many steps to give). */
  setSheet(id: string, fields: Partial<Character>): void {
    this.state = {
      ...this.state,
      characters: { ...this.state.characters, [id]: { ...this.char(id), ...fields } },
    };
  }
}

/** Bad input: the refusal's stable code, with the table's state checked unchanged. */
export function refused(
  t: Table,
  command: unknown,
  seat: Seat = GM,
  faces: number[] = [10, 10, 10, 10],
): string {
  const before = stateHash(t.state);
  const parsed = eliteUnit.commandSchema.parse(command) as EliteUnitCommand;
  const code = refusalCode(() =>
    eliteUnit.decide(t.state, parsed, { actor: seat, dice: new EnteredDice(faces) }),
  );
  expect(stateHash(t.state)).toBe(before);
  return code;
}
