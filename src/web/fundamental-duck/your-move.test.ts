import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import type { LogItem } from '../log.ts';
import { latestThreatPhase } from './ThreatTurn.tsx';
import { awaitsSeat, yourMove } from './your-move.ts';

const P1 = { seatId: 'p1', role: 'player' as const, name: 'Ann' };
const P2 = { seatId: 'p2', role: 'player' as const, name: 'Bob' };
const WATCHER = { seatId: 's1', role: 'spectator' as const, name: 'Cy' };

function table(commands: FdCommand[]): { state: FdState; events: { type: string }[] } {
  let state = fd.setup({});
  const dice = new SeededDice(9);
  const events: { type: string }[] = [];
  for (const c of commands)
    for (const e of fd.decide(state, c, { actor: { seatId: 'p1', role: 'player' }, dice })) {
      state = fd.evolve(state, e);
      events.push(e);
    }
  return { state, events };
}

describe('your move', () => {
  it('asks the seat whose Teamer is next, and nobody watching', () => {
    const { state } = table([{ type: 'board' }]);
    const view = fd.view(state, P1);
    expect(yourMove(view as never, P1)).toMatch(/YOU is next/);
    expect(awaitsSeat(view, P1)).toBe(true);
    expect(awaitsSeat(fd.view(state, WATCHER), WATCHER)).toBe(false);
    expect(awaitsSeat({ phase: 'team' }, P1)).toBe(false);
  });

  it('a Teamer claimed by another seat is not this seat’s move', () => {
    const { state } = table([{ type: 'board' }, { type: 'claimTeamer', teamerId: 'you' }]);
    expect(yourMove(fd.view(state, P2) as never, P2)).toBeNull();
    expect(yourMove(fd.view(state, P1) as never, P1)).toMatch(/YOU is next/);
  });

  it('says a move is under way', () => {
    const { state } = table([
      { type: 'board' },
      { type: 'activate', teamerId: 'you' },
      { type: 'move', teamerId: 'you' },
    ]);
    expect(yourMove(fd.view(state, P1) as never, P1)).toMatch(/YOU is moving/);
  });
});

describe('the aliens’ turn from the log', () => {
  it('takes the latest Threat phase’s events, in words, up to the next phase', () => {
    const { events } = table([
      { type: 'board' },
      ...['you', 'brick', 'sparks', 'kowalski', 'jonesy'].flatMap((id): FdCommand[] => [
        { type: 'activate', teamerId: id },
        { type: 'endActivation', teamerId: id },
      ]),
    ]);
    const items: LogItem[] = events.map((event, i) => ({
      kind: 'other',
      event: event as Extract<LogItem, { kind: 'other' }>['event'],
      seq: i + 1,
      at: '',
      by: null,
      type: event.type,
    }));
    const phase = latestThreatPhase(items);
    expect(phase).not.toBeNull();
    expect(phase?.steps.length).toBeGreaterThan(0);
    expect(phase?.steps[0]?.text).toMatch(/Threats act|No Threat/);
    expect(phase?.steps.some((s) => s.event.type === 'phase.began')).toBe(false);
    expect(latestThreatPhase(items.slice(0, 3))).toBeNull();
  });
});
