import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { fightAt } from './encounter/test-kit.ts';
import { threeSixteen } from './ruleset.ts';
import type { ThreeSixteenState } from './state.ts';

/**
 * Issue 20, finding 8: a player's view must not tell how many secret lines the log holds or
 * where: the ids it sees run 1, 2, 3 … over what it is shown, and nextLogId follows them.
 */
describe('log ids in a seat’s view', () => {
  const table = (secrets: boolean) => {
    const { t, gm, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    const say = (text: string, secret = false) => t.send(gm, { type: 'narrate', text, secret });
    say('The dropship lands.');
    if (secrets) say('The colony is already lost.', true);
    say('Bugs on the ridge.');
    if (secrets) {
      say('A second swarm waits below.', true);
      t.send(gm, { type: 'gmNote', text: 'ambush at round 3' });
    }
    say('Contact!');
    return { t, gm, player: players[0] as Seat };
  };
  const viewOf = (state: ThreeSixteenState, seat: Seat) =>
    threeSixteen.view(state, seat) as ThreeSixteenState;
  const ids = (view: ThreeSixteenState) => ({
    log: view.log.map((e) => [e.id, e.text]),
    nextLogId: view.nextLogId,
    notes: view.gmNotes.map((n) => n.id),
  });

  it('a player and a spectator see the same ids with and without secret lines', () => {
    const plain = table(false);
    const secret = table(true);
    for (const seat of [plain.player, { seatId: 'watcher', role: 'spectator' } as Seat]) {
      const withSecrets = ids(viewOf(secret.t.state, seat));
      expect(withSecrets).toEqual(ids(viewOf(plain.t.state, seat)));
      expect(withSecrets.log.map(([id]) => id)).toEqual(withSecrets.log.map((_, i) => i + 1));
      expect(withSecrets.nextLogId).toBe(withSecrets.log.length + 1);
    }
    // The GM sees every line with its own id.
    const gmView = viewOf(secret.t.state, secret.gm);
    expect(gmView.log.length).toBe(plain.t.state.log.length + 2);
    expect(gmView.gmNotes.map((n) => n.id)).toEqual([1]);
  });

  it('gives a seat the same entry objects from one view to the next (cheap view patches)', () => {
    const { t, gm, player } = table(true);
    const before = viewOf(t.state, player);
    t.send(gm, { type: 'narrate', text: 'More bugs.' });
    const after = viewOf(t.state, player);
    expect(after.log.slice(0, before.log.length).every((e, i) => e === before.log[i])).toBe(true);
    expect(after.log.at(-1)).toMatchObject({ id: before.log.length + 1, text: 'More bugs.' });
  });
});
