import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { threeSixteen } from '../ruleset.ts';
import { endAndDebrief, squad } from './test-kit.ts';

const SECRET = 'QQ-SECRET-4242';

describe('3:16 campaign views', () => {
  it('between missions and conflicts are public; GM notes stay hidden', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    t.send(p(1), {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'npc', name: 'Clerk' },
    });
    t.send(gm, { type: 'gmNote', text: `the clerk is a spy ${SECRET}` });
    t.send(gm, { type: 'gmEndConflict', winner: 'a', reason: 'paperwork' });
    endAndDebrief(t, gm);
    // Nobody killed anything: A and B roll off for most kills (3, 5), then A rolls for the other level.
    t.send(gm, { type: 'rollLevels' }, [3, 5, 1]);
    const lookers: Seat[] = [p(2), { seatId: 'watcher', role: 'spectator' }];
    for (const seat of lookers) {
      const view = JSON.stringify(threeSixteen.view(t.state, seat));
      expect(view).not.toContain(SECRET);
      expect(view).toContain('Clerk');
      expect(view).toContain('"levelsRolled":true');
      for (const e of t.log) {
        const r = threeSixteen.redact(e, seat);
        if (e.type.startsWith('campaign.') || e.type.startsWith('conflict.')) expect(r).toEqual(e);
        if (r) expect(JSON.stringify(r)).not.toContain(SECRET);
      }
    }
  });
});
