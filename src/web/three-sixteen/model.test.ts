import { describe, expect, it } from 'vitest';
import { fightAt, TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import {
  asView,
  check,
  describeDecision,
  hasLegal,
  legalNow,
  nextDieWanted,
  type SeatRef,
  type View,
} from './model.ts';

/** The 3:16 screens ask the ruleset; these check the questions and how the answers are read. */

function viewFor(t: TestTable, seat: SeatRef): View {
  const v = asView(threeSixteen.view(t.state, seat));
  if (!v) throw new Error('no view');
  return v;
}

describe('3:16 screen model', () => {
  it('reads a view and refuses anything that is not one', () => {
    expect(asView(null)).toBeNull();
    expect(asView({ troopers: {} })).toBeNull();
    const t = new TestTable();
    const gm = t.seat('gm', 'gm') as SeatRef;
    expect(asView(threeSixteen.view(t.state, gm))?.pending).toEqual([{ seat: 'gm', kind: 'createTroopers' }]);
  });

  it('check answers with the ruleset’s code and message, and never changes the state', () => {
    const t = new TestTable();
    t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player') as SeatRef;
    const view = viewFor(t, p1);
    const good = { type: 'createTrooper' as const, name: 'Hicks', fa: 6, nfa: 4 };
    expect(check(view, p1, good)).toEqual({ ok: true });
    const bad = check(view, p1, { ...good, nfa: 5 });
    expect(bad).toMatchObject({ ok: false, code: 'INVALID_VALUE' });
    expect(bad.ok ? '' : bad.message).toContain('add up to 10');
    // The schema runs first: an empty name is refused as the server would refuse it.
    expect(check(view, p1, { ...good, name: ' ' })).toMatchObject({ ok: false, code: 'BAD_COMMAND' });
    // A GM-only command from a player is refused by role.
    expect(check(view, p1, { type: 'assignInitialRanks' })).toMatchObject({
      ok: false,
      code: 'FORBIDDEN_ROLE',
    });
    // …before its fields, as the server does: a malformed GM-only command is still the GM's.
    expect(
      check(view, p1, { type: 'setPlanet', name: '' } as unknown as Parameters<typeof check>[2]),
    ).toMatchObject({ ok: false, code: 'FORBIDDEN_ROLE' });
    expect(check(view, { seatId: 'x', role: 'spectator' }, good)).toMatchObject({ ok: false });
    expect(t.state.trooperOrder).toEqual([]);
  });

  it('asks for physical dice one at a time, with the die and its purpose', () => {
    const t = new TestTable();
    t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player') as SeatRef;
    const view = viewFor(t, p1);
    const cmd = { type: 'createTrooper' as const, name: 'Hicks', fa: 3, nfa: 7 };
    const first = nextDieWanted(view, p1, cmd, []);
    expect(first.need).toMatchObject({ die: 'd10', faces: [1, 10] });
    expect(first.need?.purpose).toContain('Hicks');
    expect(nextDieWanted(view, p1, cmd, [4, 5]).need?.die).toBe('d10');
    expect(nextDieWanted(view, p1, cmd, [4, 5, 6])).toEqual({ need: null, error: null });
    expect(nextDieWanted(view, p1, cmd, [11]).error).toMatchObject({ code: 'DICE_FACE_INVALID' });
  });

  it('matches legal commands by their fields and says whom the table waits for', () => {
    const { t, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    const p1 = players[0] as SeatRef;
    const view = viewFor(t, p1);
    const legal = legalNow(view, p1);
    expect(hasLegal(legal, { type: 'declare', trooperId: 't1', declaration: { kind: 'fa' } })).toBe(true);
    expect(hasLegal(legal, { type: 'declareAliens' })).toBe(false);
    expect(legalNow(view, { seatId: 'w', role: 'spectator' })).toEqual([]);
    const names = (id: string) => (id === 'p1' ? 'Ann' : id);
    expect(view.pending.map((d) => describeDecision(view, d, names))).toEqual([
      'Ann for Tpr A: declare',
      'GM for the aliens: declare',
    ]);
    // A decision others may make as well names them all.
    expect(describeDecision(view, { seat: 'gm', kind: 'conflictRoll', orSeats: ['p1'] }, names)).toBe(
      'GM or Ann: roll the conflict round',
    );
  });
});
