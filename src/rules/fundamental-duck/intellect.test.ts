import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { FdEvent } from './events.ts';
import { fixedDeal, ScriptThenSeeded, Table } from './test-kit.ts';

const ENTRY = 3;

/** YOU in the corridor at (1,7) facing east; a Scavenger (intellect, 2 actions, HAR) at (3,7); the Team phase ends. */
function scavengerTurn(seed: number): { t: Table; events: FdEvent[] } {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  t.dice = new ScriptedDice([3, 1, 1]);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you', facing: 2 });
  t.fold([
    {
      type: 'threats.placed',
      tile: ENTRY,
      marker: 0,
      ping: 'orange',
      countFaces: [],
      threats: [{ id: 's1', species: 'scavenger', x: 3, y: 7, facing: 6, faces: [] }],
      tieFaces: [],
    },
  ]);
  t.dice = new ScriptThenSeeded([], seed);
  t.send({ type: 'endActivation', teamerId: 'you' });
  const events = t.send({ type: 'endTeamPhase' });
  return { t, events };
}

describe('intellect-driven Threats (13.1): two actions, and their guns', () => {
  // The first seed whose Threat phase has the Scavenger shoot (found once; the dice are then fixed).
  const seed = (() => {
    for (let s = 1; s < 300; s++) {
      const { events } = scavengerTurn(s);
      if (events.some((e) => e.type === 'attack.resolved' && e.by === 's1')) return s;
    }
    throw new Error('no seed has the Scavenger shoot');
  })();

  it('acts twice in its activation, the AI deciding each action afresh', () => {
    const { events } = scavengerTurn(seed);
    const mine = events.filter((e) => e.type === 'threat.decided' && e.decision.threat === 's1');
    // Two actions (the pack's `actions: 2`): two decisions, each with its own reaction roll.
    expect(mine.length).toBe(2);
  });

  it('shoots with its species’ HAR: the weapon’s dice, each hit a wound', () => {
    const { t, events } = scavengerTurn(seed);
    const shot = events.find((e) => e.type === 'attack.resolved' && e.by === 's1') as Extract<
      FdEvent,
      { type: 'attack.resolved' }
    >;
    const har = t.state.rules.weapons.har;
    if (har?.kind !== 'gun') throw new Error('the HAR is a gun');
    expect(shot).toMatchObject({ weapon: 'har', targets: ['you'], hitOn: har.hitOn });
    expect(shot.faces).toHaveLength(har.dice);
    const hits = shot.faces.filter((f) => f >= har.hitOn).length;
    expect(shot.hits).toEqual({ you: hits });
    const wounded = events.filter((e) => e.type === 'teamer.wounded' && e.teamerId === 'you');
    expect(wounded.length).toBeGreaterThanOrEqual(Math.min(hits, 1));
  });
});
