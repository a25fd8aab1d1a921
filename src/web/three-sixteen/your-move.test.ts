import { describe, expect, it } from 'vitest';
import { fightAt, TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { asView, type SeatRef, type View } from './model.ts';
import { awaitsSeat, isMine, sectionsAwaiting } from './your-move.ts';

/** Whom the table waits for, as the tabs mark it: read from the view's pending decisions. */

const p1: SeatRef = { seatId: 'p1', role: 'player' };
const gm: SeatRef = { seatId: 'gm', role: 'gm' };
const watcher: SeatRef = { seatId: 's1', role: 'spectator' };

function viewFor(t: TestTable, seat: SeatRef): View {
  const v = asView(threeSixteen.view(t.state, seat));
  if (!v) throw new Error('no view');
  return v;
}

describe('your move', () => {
  it('names the seat of a decision, the GM for the table’s steps, and either seat of a shared one', () => {
    expect(isMine(p1, { seat: 'p1', kind: 'declare', actor: 't1' })).toBe(true);
    expect(isMine(p1, { seat: 'gm', kind: 'declare', actor: 'aliens' })).toBe(false);
    expect(isMine(gm, { seat: 'gm', kind: 'declare', actor: 'aliens' })).toBe(true);
    expect(isMine(p1, { seat: 'p2', kind: 'conflictRoll', orSeats: ['p1'] })).toBe(true);
  });

  it('marks the play section while the seat is waited for, and nothing once it has acted', () => {
    const { t, gm: gmSeat } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    expect(sectionsAwaiting(viewFor(t, p1), p1)).toEqual(['play']);
    expect(sectionsAwaiting(viewFor(t, gm), gm)).toEqual(['play']);
    expect(sectionsAwaiting(viewFor(t, watcher), watcher)).toEqual([]);
    t.send(gmSeat, { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'energyRifle' } });
    // Only the aliens' declaration is left: the GM's, not Hicks's player's.
    expect(sectionsAwaiting(viewFor(t, p1), p1)).toEqual([]);
    expect(sectionsAwaiting(viewFor(t, gm), gm)).toEqual(['play']);
  });

  it('counts making one’s own trooper as the player’s move', () => {
    const t = new TestTable();
    t.seat('gm', 'gm');
    t.seat('p1', 'player');
    expect(sectionsAwaiting(viewFor(t, p1), p1)).toEqual(['play']);
  });

  it('answers the table page from the view as it came, and no for anything else', () => {
    const { t } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    expect(awaitsSeat(threeSixteen.view(t.state, p1), p1)).toBe(true);
    expect(awaitsSeat(threeSixteen.view(t.state, watcher), watcher)).toBe(false);
    expect(awaitsSeat(null, p1)).toBe(false);
    expect(awaitsSeat({ pending: [{ seat: 'p1', kind: 'declare' }] }, p1)).toBe(false);
    // A player running the mission as GM decides the GM's steps.
    const view = threeSixteen.view(t.state, gm) as object;
    expect(awaitsSeat({ ...view, actingRole: 'gm' }, p1)).toBe(true);
    expect(
      awaitsSeat({ ...view, actingRole: 'player', pending: [{ seat: 'gm', kind: 'declare' }] }, p1),
    ).toBe(false);
  });
});
