import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { threeSixteen } from '../ruleset.ts';
import { fightAt } from './test-kit.ts';

const SECRET = 'ZX-SECRET-7731';

describe('3:16 views keep GM secrets', () => {
  it('no player or spectator view or event carries GM notes or secret entries', () => {
    const { t, gm, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    t.send(gm, { type: 'gmNote', text: `the hive is under the lake ${SECRET}` });
    t.send(gm, { type: 'narrate', text: `only I know ${SECRET}`, secret: true });
    t.send(gm, { type: 'narrate', text: 'everyone sees this' });
    t.send(gm, { type: 'gmEndEncounter' });
    t.send(gm, { type: 'addScene', text: `a scene for me ${SECRET}`, secret: true });
    const lookers: Seat[] = [players[0] as Seat, { seatId: 'watcher', role: 'spectator' }];
    for (const seat of lookers) {
      const view = JSON.stringify(threeSixteen.view(t.state, seat));
      expect(view).not.toContain(SECRET);
      expect(view).toContain('everyone sees this');
      for (const e of t.log) {
        const r = threeSixteen.redact(e, seat);
        if (r) expect(JSON.stringify(r)).not.toContain(SECRET);
      }
    }
    // The GM sees everything.
    const gmView = JSON.stringify(threeSixteen.view(t.state, gm));
    expect(gmView).toContain(SECRET);
  });

  it('the view says whom the table waits for', () => {
    const { t, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    const view = threeSixteen.view(t.state, players[0] as Seat) as { pending: unknown };
    expect(view.pending).toEqual([
      { seat: 'p1', kind: 'declare', actor: 't1' },
      { seat: 'gm', kind: 'declare', actor: 'aliens' },
    ]);
  });
});
