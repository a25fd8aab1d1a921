import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { threeSixteen } from '../ruleset.ts';
import { endAndDebrief, settleLevels, squad } from './test-kit.ts';

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

  it("a rotating GM sees the secrets it writes, not the table GM's", () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    t.send(gm, { type: 'gmNote', text: `the colonel lies ${SECRET}` });
    t.send(gm, { type: 'narrate', text: `a spy aboard ${SECRET}`, secret: true });
    // A GM-only roll of player 1's made to the table's GM (d6: 4), before player 2 stands in.
    t.send(p(1), { type: 'chat.roll', notation: '1d6', visibility: 'gm', label: 'sneak' }, [4]);
    endAndDebrief(t, gm);
    t.send(gm, { type: 'rollLevels' }, [3, 5, 1]);
    t.send(gm, { type: 'setMissionGm', seatId: 'p2' });
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    const standIn = p(2);
    t.send(standIn, { type: 'briefMission', text: 'B runs this one.' });
    t.send(standIn, { type: 'gmNote', text: 'MINE-1' });
    t.send(standIn, { type: 'addScene', text: 'MINE-2', secret: true });
    t.send(gm, { type: 'addScene', text: `table GM scene ${SECRET}`, secret: true });
    // A blind roll of player 1's made while player 2 runs the mission: shown to the stand-in.
    t.send(p(1), { type: 'chat.roll', notation: '1d6', visibility: 'blind', label: 'listen' }, [2]);
    // The table GM's own blind roll meanwhile stays the table GM's (d6: 6).
    t.send(gm, { type: 'chat.roll', notation: '1d6', visibility: 'blind', label: 'own' }, [6]);
    // Both the seat as it is stored and as the server passes it (acting role, own role kept).
    const asServed: Seat = { seatId: 'p2', role: 'gm', seatRole: 'player' };
    for (const seat of [standIn, asServed]) {
      const view = threeSixteen.view(t.state, seat) as {
        actingRole: string;
        gmNotes: { text: string }[];
        mission: { scenes: { text: string }[] };
      };
      expect(view.actingRole).toBe('gm');
      expect(view.gmNotes.map((n) => n.text)).toEqual(['MINE-1']);
      expect(view.mission.scenes.map((s) => s.text)).toContain('MINE-2');
      expect(JSON.stringify(view)).not.toContain(SECRET);
      const rolls = (view as unknown as { chat: { entries: { label?: string; hidden?: boolean }[] } }).chat
        .entries;
      expect(rolls.map((r) => [r.label, r.hidden ?? false])).toEqual([
        ['sneak', true],
        ['listen', false],
        ['own', true],
      ]);
    }
    // Nor can the stand-in publish a roll it may not see (that would show it the result too).
    expect(t.refuse(asServed, { type: 'chat.reveal', rollId: 'r1' })).toBe('ROLL_NOT_YOURS_TO_REVEAL');
    expect(t.refuse(asServed, { type: 'chat.reveal', rollId: 'r3' })).toBe('ROLL_NOT_YOURS_TO_REVEAL');
    for (const e of t.log) {
      const r = threeSixteen.redact(e, asServed);
      if (r) expect(JSON.stringify(r)).not.toContain(SECRET);
    }
    expect(t.log.filter((e) => threeSixteen.redact(e, asServed) === null)).toHaveLength(3);
    const hiddenRolls = t.log
      .map((e) => threeSixteen.redact(e, asServed))
      .filter((r) => r?.type === 'chat.rolled' && 'hidden' in r);
    expect(hiddenRolls).toHaveLength(2);
    // The table's GM still sees everything, the stand-in's secrets included.
    const gmView = JSON.stringify(threeSixteen.view(t.state, gm));
    for (const text of [SECRET, 'MINE-1', 'MINE-2']) expect(gmView).toContain(text);
    // The other player sees none of it.
    const other = JSON.stringify(threeSixteen.view(t.state, p(1)));
    for (const text of [SECRET, 'MINE-1', 'MINE-2']) expect(other).not.toContain(text);
    // The stand-in reveals what it was shown; the table's GM reveals anything.
    t.send(asServed, { type: 'chat.reveal', rollId: 'r2' });
    t.send(gm, { type: 'chat.reveal', rollId: 'r1' });
  });
});
