import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { FdEvent } from './events.ts';
import { fixedDeal, ScriptThenSeeded, Table, threatPlaced } from './test-kit.ts';

const ENTRY = 3;

/** YOU activated in the corridor at (1,7) facing east, his move ended; a Scavenger (intellect, 2 actions, HAR) at (3,7). */
function scavengerInFront(seed: number): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  t.dice = new ScriptedDice([3, 1, 1]);
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  t.send({ type: 'step', teamerId: 'you', x: 1, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you', facing: 2 });
  t.fold([threatPlaced(ENTRY, { id: 's1', species: 'scavenger', x: 3, y: 7, facing: 6 }, 'orange')]);
  t.dice = new ScriptThenSeeded([], seed);
  return t;
}

/** As `scavengerInFront`, YOU's activation over; the Team phase ends. */
function scavengerTurn(seed: number): { t: Table; events: FdEvent[] } {
  const t = scavengerInFront(seed);
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

describe('the "shot at" WAIT trigger (8.3 c)', () => {
  /** As above, but YOU keeps his second chit on WAIT; interrupts other than the shot are let pass. */
  function waitingTurn(seed: number): Table {
    const t = scavengerInFront(seed);
    t.send({ type: 'wait', teamerId: 'you' });
    t.send({ type: 'endTeamPhase' });
    while (t.state.interrupt && t.state.interrupt.trigger !== 'shot')
      t.send({ type: 'holdWait', teamerId: 'you' });
    return t;
  }
  const seed = (() => {
    for (let s = 1; s < 400; s++) if (waitingTurn(s).state.interrupt?.trigger === 'shot') return s;
    throw new Error('no seed has the Scavenger shoot a waiting YOU who can still reply');
  })();

  it('pauses the Threat after its shot is resolved: the Teamer shot at may reply with his WAIT chit', () => {
    const t = waitingTurn(seed);
    const types = t.log.map((e) => (e.type === 'attack.resolved' && e.by === 's1' ? 'shot' : e.type));
    const shotAt = types.lastIndexOf('shot');
    const raised = types.lastIndexOf('interrupt.raised');
    expect(shotAt).toBeGreaterThanOrEqual(0);
    expect(raised).toBeGreaterThan(shotAt);
    expect(t.state.interrupt).toMatchObject({ threatId: 's1', trigger: 'shot', teamerIds: ['you'] });
    expect(t.state.phase).toBe('threat');
    // He replies: the shot uses the WAIT chit and the phase goes on.
    const s1 = t.state.threats.s1;
    if (!s1) throw new Error('the Scavenger is there');
    t.dice = new ScriptThenSeeded([], 7);
    const reply = t.send({ type: 'shoot', teamerId: 'you', weapon: 'hand-blaster', x: s1.x, y: s1.y });
    expect(reply.some((e) => e.type === 'chit.used' && e.teamerId === 'you' && e.kind === 'shoot')).toBe(
      true,
    );
    expect(reply.some((e) => e.type === 'interrupt.answered' && e.used)).toBe(true);
    expect(t.state.interrupt?.trigger).not.toBe('shot');
  });

  it('a Teamer without a WAIT chit is shot at with no pause', () => {
    const { events } = scavengerTurn(seed);
    expect(events.some((e) => e.type === 'attack.resolved' && e.by === 's1')).toBe(true);
    expect(events.some((e) => e.type === 'interrupt.raised' && e.trigger === 'shot')).toBe(false);
  });
});
