import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { describeThreeSixteenEvent } from './describe-event.ts';

describe('3:16 events in words', () => {
  it('tells a round as the log received it', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    const from = t.log.length;
    playRound(t, gm, { t1: { kind: 'fa', weapon: 'energyRifle' } }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1', narration: 'Short bursts.' }, [7]);
    const names = (id: string) => (id === 't1' ? 'Hicks' : id === 'aliens' ? 'The aliens' : id);
    const lines = t.log
      .slice(from)
      .map((e) => describeThreeSixteenEvent(e as never, names))
      .filter((l): l is string => l !== null);
    expect(lines).toEqual([
      'Hicks declares FA with the Energy Rifle',
      'The aliens declare their attack',
      'Hicks rolls 5 against 6, success',
      'The aliens roll 9 against 5, failure',
      'Order of the round: Hicks 5, The aliens 9 (fails)',
      'Hicks fights with the Energy Rifle: d10 [7] = 7 kills — “Short bursts.”',
    ]);
  });

  it('tells the between-missions steps', () => {
    const names = (id: string) => ({ t1: 'Hicks', t2: 'Vasquez' })[id] ?? id;
    expect(describeThreeSixteenEvent({ type: 'campaign.levelsRolled', gainers: ['t1', 't2'] }, names)).toBe(
      'Levels: Hicks, Vasquez gain one',
    );
    // The whole roll: the tie for most kills and its roll-off, then everyone else's d10.
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.levelsRolled',
          leaders: ['t1', 't2'],
          leaderRollOffs: [
            { trooperId: 't1', face: 5 },
            { trooperId: 't2', face: 5 },
            { trooperId: 't1', face: 2 },
            { trooperId: 't2', face: 7 },
          ],
          topKiller: 't2',
          rolls: [{ trooperId: 't1', face: 6 }],
          gainers: ['t2', 't1'],
        },
        names,
      ),
    ).toBe(
      'Levels: most kills tied between Hicks and Vasquez, rolled off (Hicks 5, Vasquez 5; Hicks 2, Vasquez 7): Vasquez; d10 for the rest: Hicks 6. Vasquez, Hicks gain one',
    );
    expect(
      describeThreeSixteenEvent(
        { type: 'campaign.weaponImproved', trooperId: 't2', weapon: 'eCannon', range: 'near' },
        names,
      ),
    ).toBe('Vasquez improves the E-Cannon at near');
  });

  it('tells vehicles and what a GM override changed', () => {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Ripley', fa: 5, nfa: 5, rank: 4 },
        { name: 'Drake', fa: 5, nfa: 5 },
      ],
      { tokens: 2 },
    );
    const [p1, p2] = players as [Seat, Seat];
    const from = t.log.length;
    t.send(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' });
    t.send(p2, { type: 'boardVehicle', trooperId: 't2', vehicle: 'apc', ownerId: 't1' });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't2', value: 'far', alone: true },
      reason: 'blown clear',
    });
    const names = (id: string) => ({ t1: 'Ripley', t2: 'Drake' })[id] ?? id;
    expect(t.log.slice(from).map((e) => describeThreeSixteenEvent(e as never, names))).toEqual([
      "Ripley's APC comes in, Ripley at the controls",
      "Drake gets into Ripley's APC",
      'GM override (range of Drake → far, out of its vehicle): blown clear',
    ]);
  });

  it('has a line for every 3:16 event but chat (the shell shows chat), even with fields missing', () => {
    const types = threeSixteen.eventTypes ?? [];
    expect(types.length).toBeGreaterThan(50);
    for (const type of types) {
      const line = describeThreeSixteenEvent({ type }, (x) => x);
      if (type.startsWith('chat.')) expect(line).toBeNull();
      else expect(line, type).toEqual(expect.any(String));
    }
  });

  it('tells everyday gear and the Brigadier’s fall, with or without a field promotion', () => {
    const names = (id: string) => ({ t1: 'Hicks' })[id] ?? id;
    expect(
      describeThreeSixteenEvent({ type: 'campaign.gearTaken', trooperId: 't1', item: 'radium gum' }, names),
    ).toBe('Hicks takes radium gum');
    expect(describeThreeSixteenEvent({ type: 'campaign.brigadierFell', text: 'ambushed' }, names)).toBe(
      'The Brigadier is dead (ambushed): the rank is open',
    );
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.brigadierFell',
          text: 'ambushed',
          fieldPromotion: { candidates: ['t1'], tests: [], promoted: 't1', vehicles: ['theDevice'] },
        },
        names,
      ),
    ).toBe('The Brigadier is dead (ambushed): Hicks is promoted in the field to Brigadier');
  });

  it('names the sides of a conflict from the conflict.started before each event', () => {
    const names = (id: string) => (id === 't1' ? 'Hicks' : id);
    const started = {
      type: 'conflict.started',
      sides: { a: { kind: 'trooper', trooperId: 't1' }, b: { kind: 'npc', name: 'Lt Frinks', ability: 6 } },
      description: '',
    };
    const earlier = (type: string) => (type === 'conflict.started' ? started : undefined);
    const line = (e: { type: string } & Record<string, unknown>) =>
      describeThreeSixteenEvent(e, names, earlier);
    const face = (f: number, target: number) => ({ face: f, target, success: f <= target });
    expect(line(started)).toBe('A conflict: Hicks against Lt Frinks');
    expect(
      line({
        type: 'conflict.dominanceRolled',
        tests: { a: face(4, 6), b: face(9, 6) },
        rollOffs: [],
        outcome: 'best',
        winner: 'a',
      }),
    ).toBe('Conflict Dominance: Hicks 4 against 6, success; Lt Frinks 9 against 6, failure: Hicks wins');
    expect(
      line({
        type: 'conflict.dominanceRolled',
        tests: { a: face(0, 6), b: face(2, 6) },
        stayedOut: 'a',
        rollOffs: [],
        outcome: 'ambush',
        winner: 'b',
      }),
    ).toBe(
      'Conflict Dominance: Hicks stays out; Lt Frinks 2 against 6, success: Lt Frinks wins with an ambush',
    );
    expect(line({ type: 'conflict.declared', side: 'b', action: { kind: 'fa' } })).toBe(
      'Conflict: Lt Frinks fights (FA)',
    );
    expect(line({ type: 'conflict.roundRolled', tests: { a: face(5, 6), b: face(3, 6) } })).toBe(
      'Conflict round: Hicks 5 against 6, success; Lt Frinks 3 against 6, success',
    );
    expect(line({ type: 'conflict.turnTaken', side: 'a', cancelled: true })).toBe(
      "Conflict: Hicks calls off the success; Lt Frinks's lower success fails with it",
    );
    expect(line({ type: 'conflict.turnTaken', side: 'b', cancelled: false })).toBe(
      "Conflict: Lt Frinks's better success goes ahead",
    );
    expect(line({ type: 'conflict.moved', side: 'a', move: 'closer' })).toBe('Conflict: Hicks moves closer');
    expect(
      line({ type: 'conflict.flashback', side: 'a', kind: 'strength', text: 'Cool head', slot: 0 }),
    ).toBe('Conflict: Hicks uses a Strength: “Cool head”');
    expect(line({ type: 'conflict.yielded', side: 'b' })).toBe('Conflict: Lt Frinks yields');
    expect(line({ type: 'conflict.gmEnded', winner: 'a', reason: 'enough', end: 'gm' })).toBe(
      'The GM ends the conflict (Hicks wins): enough',
    );
  });

  it('falls back to side letters when the log does not hold the conflict.started', () => {
    const line = (cancelled: boolean) =>
      describeThreeSixteenEvent(
        { type: 'conflict.turnTaken', side: 'b', cancelled },
        (x) => x,
        () => undefined,
      );
    expect(line(true)).toBe("Conflict: side B calls off the success; side A's lower success fails with it");
    expect(line(false)).toBe("Conflict: side B's better success goes ahead");
    expect(describeThreeSixteenEvent({ type: 'conflict.yielded', side: 'a' }, (x) => x)).toBe(
      'Conflict: side A yields',
    );
  });

  it('leaves unknown events to the shell', () => {
    expect(describeThreeSixteenEvent({ type: 'chat.said', text: 'hi' }, (x) => x)).toBeNull();
  });
});
