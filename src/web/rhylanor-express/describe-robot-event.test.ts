import { describe, expect, it } from 'vitest';
import { robotFight } from '../../rules/rhylanor-express/robot-kit.ts';
import { fresh, of, play } from '../../rules/rhylanor-express/test-kit.ts';
import { describeRhylanorEvent } from './describe-event.ts';

/** Log sentences of robots acting in a fight and of riders moved between seats (issue 15). */

const names: Record<string, string> = { c1: 'Dr. Lio Marchetti', c2: 'Pirate gunner', m1: 'Security robot' };
const who = (id: string) => names[id] ?? id;

describe('robot and rider log sentences', () => {
  it('a robot joins, moves and fires, named as a machine', () => {
    let s = robotFight();
    const joined = { type: 'combat.vehicleJoined', combatant: s.combat?.combatants.m1 };
    expect(describeRhylanorEvent(joined, who)).toBe('Security robot joins the fight on side B.');
    const moved = play(s, { type: 'combat.move', characterId: 'm1', option: 'walk', x: 20, y: 10 });
    expect(describeRhylanorEvent(moved.events[0] as { type: string }, who)).toBe(
      'Security robot chose walk and is now at 20, 10 m.',
    );
    s = play(moved.state, { type: 'combat.next' }).state;
    const fired = play(
      s,
      { type: 'combat.fire', characterId: 'm1', weaponIndex: 0, targets: ['c1'] },
      [1, 1],
    );
    const shot = of(fired.events, 'combat.fired')[0] as { type: string };
    expect(describeRhylanorEvent(shot, who)).toBe(
      'Security robot fires smg at Dr. Lio Marchetti (effective range, 10 rounds).',
    );
    const hit = of(fired.events, 'combat.hits')[0] as { type: string };
    expect(describeRhylanorEvent(hit, who)).toContain(
      'Security robot on Dr. Lio Marchetti: 1+1, Machinegun-1 +1',
    );
  });

  it('a robot strikes in melee and looks for a hidden man, named as a machine', () => {
    let s = play(robotFight(), { type: 'combat.move', characterId: 'm1', option: 'run', x: 1, y: 0 }).state;
    for (let i = 0; i < 3; i++) s = play(s, { type: 'combat.next' }).state;
    const struck = play(s, { type: 'combat.melee', characterId: 'm1', targetId: 'c1' }, [1, 1]);
    expect(describeRhylanorEvent(struck.events[0] as { type: string }, who)).toBe(
      'Security robot strikes at Dr. Lio Marchetti with unarmed.',
    );
    s = play(struck.state, { type: 'combat.place', characterId: 'c1', concealed: true }).state;
    for (let i = 0; i < 2; i++) s = play(s, { type: 'combat.next' }).state;
    const looked = play(s, { type: 'combat.seek', characterId: 'm1', targetId: 'c1' }, [3, 2]);
    expect(describeRhylanorEvent(looked.events[0] as { type: string }, who)).toBe(
      'Security robot looks for Dr. Lio Marchetti: 3+2, Recon-1 +1 = 6 against 6+: success, found.',
    );
  });

  it('a player’s copy of a wound roll on someone unseen aboard names nobody', () => {
    const wounded = { type: 'character.wounded', hidden: true, level: 'light' };
    const unhurt = { type: 'combat.unhurt', hidden: true };
    expect(describeRhylanorEvent(wounded, who)).toBe('Someone unseen aboard takes a light wound.');
    expect(describeRhylanorEvent(unhurt, who)).toBe('Someone unseen aboard comes through unhurt.');
  });

  it('a robot’s lost turns follow its damage', () => {
    const hit = play(robotFight(), { type: 'machine.hit', machineId: 'm1', pen: 10 }, [6, 6, 1, 3]);
    const damaged = of(hit.events, 'machine.damaged')[0] as { type: string };
    expect(describeRhylanorEvent(damaged, who)).toBe(
      'Security robot is hit: lose1d6Turns; it sits out turns 2 to 4 (die 3).',
    );
  });

  it('the referee moves a rider to another seat', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'marchetti' }).state;
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'air-raft' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' }).state;
    const moved = play(s, { type: 'machine.seat', machineId: 'm1', characterId: 'c1', seat: 'driver' });
    expect(
      describeRhylanorEvent(moved.events[0] as { type: string }, (id) =>
        id === 'm1' ? 'Air/raft' : who(id),
      ),
    ).toBe('The referee moves Dr. Lio Marchetti to the driver’s seat of Air/raft.');
  });
});
