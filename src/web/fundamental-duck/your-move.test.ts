import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { TILE_SIZE } from '../../rules/fundamental-duck/data/pack-schema.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import type { LogItem } from '../log.ts';
import { describeFdEvent } from './describe-event.ts';
import { latestThreatPhase } from './ThreatTurn.tsx';
import { awaitsSeat, nameIn, TILE_SQUARES, yourMove } from './your-move.ts';

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
    const { events, state } = table([
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
    const view = fd.view(state, P1);
    const phase = latestThreatPhase(items, (id) => nameIn(view, id) ?? id);
    expect(phase).not.toBeNull();
    expect(phase?.steps.length).toBeGreaterThan(0);
    expect(phase?.steps[0]?.text).toMatch(/Threats act|No Threat/);
    expect(phase?.steps.some((s) => s.event.type === 'phase.began')).toBe(false);
    expect(latestThreatPhase(items.slice(0, 3), (id) => id)).toBeNull();
  });
});

describe('one name per figure', () => {
  it('names Teamers by name and a Threat on the board by species and number, nothing else', () => {
    const { state } = table([{ type: 'board' }]);
    const view = fd.view(state, P1) as unknown as { threatOrder: string[] };
    expect(nameIn(view, 'you')).toBe(state.teamers.you?.name);
    const id = view.threatOrder[0];
    if (id) {
      const th = state.threats[id];
      const species = th ? state.rules.species[th.species]?.name : undefined;
      expect(nameIn(view, id)).toBe(`${species} ${id.replace(/^\D+/, '')}`);
    }
    expect(nameIn(view, 'h999')).toBeUndefined();
    expect(nameIn(view, 'constructor')).toBeUndefined();
    expect(nameIn(null, 'you')).toBeUndefined();
  });

  it('names a vehicle by its type and a bulkhead side by its wall and square, for the log', () => {
    const { state } = table([{ type: 'board' }]);
    const view = fd.view(state, P1);
    expect(nameIn(view, 'loader-1')).toBe('Cargo loader');
    // Square 37 of the 15-wide Drifter is (7,2); "e" its east side, "s" its south side.
    expect(nameIn(view, '37e')).toBe('the bulkhead east of (7,2)');
    expect(nameIn(view, '37s')).toBe('the bulkhead south of (7,2)');
    expect(TILE_SQUARES).toBe(TILE_SIZE);
    const who = (id: string) => nameIn(view, id) ?? id;
    expect(
      describeFdEvent({ type: 'bulkhead.searched', threatId: 'h1', side: '37e', found: true } as never, who),
    ).toBe(`${nameIn(view, 'h1') ?? 'Threat 1'} finds a weak spot in the bulkhead east of (7,2).`);
    expect(
      describeFdEvent({ type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' } as never, who),
    ).toBe('YOU climbs into the Cargo loader.');
  });

  it('a drive is asked for as a drive', () => {
    const { state } = table([{ type: 'board' }]);
    const view = fd.view(state, P1) as unknown as Parameters<typeof yourMove>[0];
    const driving = {
      ...view,
      phase: 'team' as const,
      pending: { ...view.pending, phase: 'team' as const, moving: 'you', interrupt: null },
      move: { teamerId: 'you', allowance: 6, spent: 1, steps: 1, dash: false, vehicleId: 'loader-1' },
    };
    expect(yourMove(driving, P1)).toBe('YOU is driving: take the next step or end the drive.');
  });

  it('a Threat killed keeps its name ("Harpy 7", never "Threat 7"): its species comes from the log', () => {
    const { state, events } = table([{ type: 'board' }]);
    const items: LogItem[] = events.flatMap((event, i) => {
      const r = fd.redact(event as never, P1);
      return r
        ? [
            {
              kind: 'other' as const,
              event: r as Extract<LogItem, { kind: 'other' }>['event'],
              seq: i + 1,
              at: '',
              by: null,
              type: r.type,
            },
          ]
        : [];
    });
    const id = state.threatOrder[0];
    if (!id) throw new Error('seed 9 deals no Threat on boarding');
    const alive = nameIn(fd.view(state, P1), id, items);
    expect(alive).toMatch(/^\S.* \d+$/);
    expect(alive).not.toMatch(/^Threat /);
    const after = fd.evolve(state, { type: 'threat.killed', threatId: id, by: null } as never);
    expect(after.threats[id]).toBeUndefined();
    const view = fd.view(after, P1);
    // Without the log the view cannot tell; with it the name is the one it had on the board.
    expect(nameIn(view, id)).toBeUndefined();
    expect(nameIn(view, id, items)).toBe(alive);
    // And so is the log line of its placement, told after its death.
    const placed = items.find((it) => it.kind === 'other' && it.type === 'threats.placed');
    if (placed?.kind !== 'other') throw new Error('no placement in the log');
    const line = describeFdEvent(placed.event, (x) => nameIn(view, x, items) ?? x) ?? '';
    expect(line).toContain(alive as string);
    expect(line).not.toMatch(/Threat \d/);
  });

  it('the aliens’ turn calls every Threat on the board the same in its decision and its moves', () => {
    // Enough Team turns that Threats are on the board and act.
    const turn = ['you', 'brick', 'sparks', 'kowalski', 'jonesy'].flatMap((id): FdCommand[] => [
      { type: 'activate', teamerId: id },
      { type: 'endActivation', teamerId: id },
    ]);
    let checked = 0;
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      let state = fd.setup({});
      const dice = new SeededDice(seed);
      const items: LogItem[] = [];
      const send = (c: FdCommand) => {
        for (const e of fd.decide(state, c, { actor: { seatId: 'p1', role: 'player' }, dice })) {
          state = fd.evolve(state, e);
          const r = fd.redact(e, { seatId: 'p1', role: 'player' });
          if (r)
            items.push({
              kind: 'other',
              event: r as Extract<LogItem, { kind: 'other' }>['event'],
              seq: items.length + 1,
              at: '',
              by: null,
              type: r.type,
            });
        }
      };
      send({ type: 'board' });
      for (let t = 0; t < 3 && state.phase === 'team'; t++) {
        for (const c of turn) {
          try {
            send(c);
          } catch {
            // a Teamer who cannot act this turn (out of action, on the bridge): the next one
          }
        }
      }
      const view = fd.view(state, P1);
      const phase = latestThreatPhase(items, (id) => nameIn(view, id) ?? id);
      for (const id of state.threatOrder) {
        const name = nameIn(view, id) as string;
        const about = (phase?.steps ?? []).filter(
          (s) =>
            s.event.threatId === id || (s.event.decision as { threat?: string } | undefined)?.threat === id,
        );
        for (const s of about) {
          expect(s.text.startsWith(name), s.text).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});
