import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { fightAt } from './encounter/test-kit.ts';
import { threeSixteen } from './ruleset.ts';

describe('dice chat at a 3:16 table', () => {
  it('rolls in the middle of an encounter without touching the fight, and hides GM-only and blind results', () => {
    const { t, gm, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    const player = players[0] as Seat;
    const encounterBefore = JSON.stringify(t.state.encounter);
    t.send(
      player,
      { type: 'chat.roll', notation: '2d10', visibility: 'public', label: 'just checking' },
      [3, 4],
    );
    t.send(gm, { type: 'chat.roll', notation: 'd100', visibility: 'blind' }, [77]);
    t.send(player, { type: 'chat.say', text: 'Go go go' });
    expect(JSON.stringify(t.state.encounter)).toBe(encounterBefore);

    const gmView = threeSixteen.view(t.state, gm) as typeof t.state;
    expect(gmView.chat.entries.map((e) => e.kind === 'roll' && e.result?.total)).toEqual([7, 77, false]);

    for (const seat of [player, { seatId: 'watcher', role: 'spectator' } as Seat]) {
      const view = threeSixteen.view(t.state, seat) as typeof t.state;
      const blind = view.chat.entries[1];
      expect(blind).toMatchObject({ kind: 'roll', hidden: true });
      expect(blind && 'result' in blind).toBe(false);
      const seen = t.log.map((e) => threeSixteen.redact(e, seat)).filter((e) => e?.type === 'chat.rolled');
      expect(JSON.stringify(seen[1])).not.toContain('77');
    }
  });

  it('refuses chat from spectators and reveals only for the GM', () => {
    const { t, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    expect(t.refuse({ seatId: 'watcher', role: 'spectator' }, { type: 'chat.say', text: 'hi' })).toBe(
      'ROLE_NOT_ALLOWED',
    );
    t.send(players[0] as Seat, { type: 'chat.roll', notation: 'd6', visibility: 'gm' }, [2]);
    expect(t.refuse(players[0] as Seat, { type: 'chat.reveal', rollId: 'r1' })).toBe('ROLE_NOT_ALLOWED');
  });
});
