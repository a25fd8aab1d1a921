import { describe, expect, it } from 'vitest';
import { defaultPack } from '../../rules/rhylanor-express/data/pack.ts';
import { rhylanorExpress } from '../../rules/rhylanor-express/ruleset.ts';
import { fresh, OTHER_PLAYER, of, PLAYER, play, startDuel } from '../../rules/rhylanor-express/test-kit.ts';
import { describeRhylanorEvent } from './describe-event.ts';
import { fightState } from './test-kit.tsx';
import { nameIn } from './your-move.ts';

/** Log sentences: every event type of the ruleset has one, and real events read as their rolls went. */

const names: Record<string, string> = {
  p1: 'Ana',
  c1: 'Sgt. Dara Okonkwo',
  c2: 'Starport guard',
  s1: 'Rhylanor Express',
};
const who = (id: string) => names[id] ?? id;

describe('describeRhylanorEvent', () => {
  it('has its own sentence for every event type, even with its fields missing (redacted)', () => {
    expect(rhylanorExpress.eventTypes?.length).toBeGreaterThan(60);
    for (const type of rhylanorExpress.eventTypes ?? []) {
      const text = describeRhylanorEvent({ type }, who);
      if (type.startsWith('chat.')) {
        expect(text).toBeNull();
        continue;
      }
      expect(text, type).not.toBeNull();
      expect(text, type).not.toContain('Rhylanor Express:');
      expect(text, type).not.toMatch(/undefined|NaN|null|\[object/);
      expect(text?.charAt(0), type).toMatch(/[A-Z0-9]/);
    }
  });

  it('says a Scientist’s term owes a level in his field, and the level he takes (§3.5)', () => {
    let s = play(
      fresh(),
      { type: 'character.create', name: 'Orla', upp: '6779A8', career: 'Scientist' },
      [],
      PLAYER,
    ).state;
    const term = play(
      s,
      { type: 'chargen.roll', characterId: 'c1', kind: 'reenlist', target: 5 },
      [4, 4],
      PLAYER,
    );
    s = term.state;
    expect(describeRhylanorEvent(term.events[0] as { type: string }, who)).toMatch(
      /re-enlist.*A term served: a level in his academic field is owed\.$/i,
    );
    const took = play(s, { type: 'chargen.fieldGain', characterId: 'c1', field: 'Physics' }, [], PLAYER);
    expect(describeRhylanorEvent(took.events[0] as { type: string }, who)).toBe(
      "Sgt. Dara Okonkwo takes the term's level in his academic field: Physics-1.",
    );
  });

  it('names a taken character and shows a task roll with every modifier, the target and the margin', () => {
    let s = fresh();
    const taken = play(s, { type: 'character.create', sheet: 'okonkwo' }, [], PLAYER);
    s = taken.state;
    expect(describeRhylanorEvent(taken.events[0] as { type: string }, who)).toBe(
      'Sgt. Dara Okonkwo joined the table, played by Ana.',
    );
    const rolled = play(
      s,
      {
        type: 'task.roll',
        characterId: 'c1',
        skills: ['Rifles'],
        characteristic: 'Dex',
        difficulty: 'average',
        dms: [{ source: 'poor light', value: -1 }],
        label: 'a long shot',
      },
      [3, 4],
      PLAYER,
    );
    const line = describeRhylanorEvent(rolled.events[0] as { type: string }, who);
    expect(line).toBe(
      'Sgt. Dara Okonkwo: a long shot, 3+4, Rifles-2 +2, Dex DM +1, poor light −1 = 9 against 8+: success by 1. Rifles is ticked for advancement.',
    );
  });

  it('tells the referee’s morale ruling apart from a rolled check', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo' }, [], PLAYER).state;
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
    s = startDuel(s, 60, 'Guards');
    const ruled = play(s, { type: 'combat.setMorale', side: 'b', morale: 'surrendered' });
    const line = describeRhylanorEvent(ruled.events[0] as { type: string }, (id) =>
      id === 'b' ? 'Guards' : who(id),
    );
    expect(line).toMatch(/^The referee rules .*surrendered\.$/);
    expect(line).not.toContain('against');
  });

  it('reads the vehicles’ point-defence setting and reloads (events of the rules branch)', () => {
    const name = (id: string) => (id === 'm1' ? 'the ATV' : id);
    expect(
      describeRhylanorEvent(
        {
          type: 'combat.pointDefenceSet',
          machineId: 'm1',
          slot: 1,
          on: true,
          covers: { kind: 'area', x: 5, y: 10 },
        } as never,
        name,
      ),
    ).toBe('The ATV sets point defence on weapon 2 covering 5, 10 m.');
    expect(
      describeRhylanorEvent(
        { type: 'combat.pointDefenceSet', machineId: 'm1', slot: 0, on: false } as never,
        name,
      ),
    ).toBe('The ATV stands down point defence on weapon 1.');
    expect(
      describeRhylanorEvent({ type: 'combat.vehicleReloaded', machineId: 'm1', slot: 0 } as never, name),
    ).toBe('The ATV reloads weapon 1.');
  });

  it('tells a move under gravity from the event the rules made', () => {
    let s = fresh();
    s = play(s, { type: 'space.scenario.load', scenario: 'Gravity well' }).state;
    s = play(s, { type: 'space.override', ship: 's1', at: { q: -3, r: 1 }, vel: { q: 2, r: 0 } }).state;
    s = play(s, { type: 'space.initiative' }).state;
    if (s.space.phase === 'roles') s = play(s, { type: 'space.roles', intruder: 'a' }).state;
    const moved = play(s, { type: 'space.move', ship: 's1', thrust: { q: 0, r: 1 } });
    const event = moved.events.find((e) => e.type === 'space.ship.moved') as { type: string };
    expect(describeRhylanorEvent(event, (id) => nameIn(moved.state, id) ?? id)).toBe(
      'Rhylanor Express moved from -3,1 to -1,1 with thrust 0,1; gravity pulled it 1 time; new vector 3,0.',
    );
  });

  it('reads getting in and out of a vehicle, the crew a hit reaches, a bomb run and the cover map (events the rules made)', () => {
    const pack = {
      ...defaultPack,
      vehicles: defaultPack.vehicles.map((v) => (v.id === 'air-raft' ? { ...v, bombRack: true } : v)),
    };
    let s = fightState([[{ type: 'pack.load', pack }]]);
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'air-raft' }).state;
    s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 3, y: 0 }).state;
    const name = (id: string) => (id === 'm1' ? 'the air/raft' : who(id));
    const line = (e: unknown) => describeRhylanorEvent(e as { type: string }, name);

    const placed = play(s, { type: 'combat.coverPlace', x: 40, y: 5, radius: 3, cover: 2, name: 'Crates' });
    expect(line(placed.events[0])).toBe('The referee puts Crates: cover −2 3 m around 40, 5 m.');
    s = placed.state;
    const full = play(s, { type: 'combat.coverPlace', x: -10, y: 0, radius: 2, cover: 'full', name: '' });
    expect(line(full.events[0])).toBe('The referee puts full cover 2 m around -10, 0 m.');
    const removed = play(full.state, { type: 'combat.coverRemove', coverId: 2 });
    expect(line(removed.events[0])).toBe('The referee takes cover 2 off the map.');

    const boarded = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', seat: 'driver' },
      [],
      PLAYER,
    );
    expect(line(boarded.events[0])).toBe('Sgt. Dara Okonkwo gets into the air/raft as its driver.');
    expect(line({ type: 'machine.boarded', machineId: 'm1', characterId: 'c1', seat: 'gunner' })).toBe(
      'Sgt. Dara Okonkwo gets into the air/raft as a gunner.',
    );
    // An unfound man's getting in or out, as the other side reads it.
    expect(line({ type: 'machine.boarded', hidden: true })).toBe('Someone unseen gets into a vehicle.');
    expect(line({ type: 'machine.alighted', hidden: true })).toBe('Someone unseen gets out of a vehicle.');
    expect(line({ type: 'machine.reseated', hidden: true })).toBe(
      'The referee moves someone unseen to another seat.',
    );
    expect(
      line({ type: 'machine.crewAttacked', machineId: 'm1', effect: 'oneCrewAttacked', hidden: true }),
    ).toBe('The hit on the air/raft reaches someone unseen aboard.');
    expect(line({ type: 'machine.crewAttacked', machineId: 'm1', effect: 'explode', hidden: true })).toBe(
      'The air/raft explodes with someone unseen aboard.',
    );
    s = play(boarded.state, { type: 'combat.next' }).state;

    // A bomb that misses by 20 m straight on, far from anyone.
    const bombed = play(
      s,
      { type: 'combat.bomb', machineId: 'm1', pilotId: 'c1', x: 30, y: 30 },
      [6, 6, 12, 1, 1],
      PLAYER,
    );
    expect(line(bombed.events[0])).toMatch(
      /^The air\/raft drops a bomb, 6\+6, unskilled −3 = 9 against 10\+: failure by 1: it falls 20 m off toward 12 o'clock; nobody is within the blast\.$/,
    );
    expect(
      line({
        type: 'combat.bombed',
        machineId: 'm1',
        pilotId: 'c1',
        x: 60,
        y: 0,
        clock: null,
        metres: 0,
        caught: ['c2'],
      }),
    ).toBe('The air/raft drops a bomb: a direct hit; the blast catches Starport guard.');

    const crew = {
      type: 'machine.crewAttacked',
      machineId: 'm1',
      effect: 'exposedCrewAttacked',
      pick: 3,
      characterIds: ['c1'],
    };
    expect(line(crew)).toBe('The hit on the air/raft reaches Sgt. Dara Okonkwo (exposed).');
    expect(
      line({
        ...crew,
        effect: 'explode',
        pick: null,
        characterIds: ['c1', 'c2'],
        escapes: [
          { characterId: 'c1', escaped: true },
          { characterId: 'c2', escaped: false },
        ],
      }),
    ).toBe(
      'The air/raft explodes around Sgt. Dara Okonkwo and Starport guard: Sgt. Dara Okonkwo gets clear.',
    );

    // Out again in the next movement phase, beside the vehicle: where he stands is named.
    expect(line({ type: 'machine.alighted', machineId: 'm1', characterId: 'c1', x: 3, y: 0 })).toBe(
      'Sgt. Dara Okonkwo gets out of the air/raft at 3, 0 m.',
    );
    expect(line({ type: 'machine.alighted', machineId: 'm1', characterId: 'c1' })).toBe(
      'Sgt. Dara Okonkwo gets out of the air/raft.',
    );
  });

  it('names a passenger’s seat when he gets in, is moved, and fires through its port (events the rules made)', () => {
    let s = fightState();
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'a', x: 3, y: 0 }).state;
    const name = (id: string) => (id === 'm1' ? 'the G-carrier' : who(id));
    const line = (e: unknown) => describeRhylanorEvent(e as { type: string }, name);

    const boarded = play(
      s,
      { type: 'machine.board', machineId: 'm1', characterId: 'c1', place: 3 },
      [],
      PLAYER,
    );
    expect(line(boarded.events[0])).toBe(
      'Sgt. Dara Okonkwo gets into the G-carrier as a passenger in seat 3.',
    );
    // Seat 3 has one of the G-carrier's four ports: his shot (1+1, a miss) goes through it.
    s = play(boarded.state, { type: 'combat.next' }).state;
    const fired = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] },
      [1, 1],
      PLAYER,
    );
    expect(line(of(fired.events, 'combat.fired')[0])).toMatch(
      /^Sgt\. Dara Okonkwo fires [a-z-]+ through a firing port of the G-carrier \(seat 3\) at Starport guard \(/,
    );
    // Okonkwo's Tactics hold the roll open for pool points: the referee closes it.
    const closed = play(fired.state, { type: 'window.close' }).state;
    const moved = play(closed, {
      type: 'machine.seat',
      machineId: 'm1',
      characterId: 'c1',
      seat: 'passenger',
      place: 7,
    });
    expect(line(moved.events[0])).toBe(
      'The referee moves Sgt. Dara Okonkwo to a passenger’s seat (seat 7) of the G-carrier.',
    );
    // Older logs numbered no seats: the sentences name none.
    expect(line({ type: 'machine.reseated', machineId: 'm1', characterId: 'c1', seat: 'passenger' })).toBe(
      'The referee moves Sgt. Dara Okonkwo to a passenger’s seat of the G-carrier.',
    );
    expect(line({ type: 'machine.boarded', machineId: 'm1', characterId: 'c1', seat: 'passenger' })).toBe(
      'Sgt. Dara Okonkwo gets into the G-carrier as a passenger.',
    );
    expect(
      line({
        type: 'combat.fired',
        shooterId: 'c1',
        weaponId: 'carbine',
        port: { machineId: 'm1' },
        targets: [{ targetId: 'c2', band: 'long', rounds: 1 }],
      }),
    ).toBe(
      'Sgt. Dara Okonkwo fires carbine through a firing port of the G-carrier at Starport guard (long range, 1 round).',
    );
  });

  it('gives an unseen rider’s own player his own getting in, seat changes and wounds by name (issue 15)', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state; // c1
    s = play(s, { type: 'character.create', sheet: 'arrano', owner: 'p2' }).state; // c2
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c2' }, [], OTHER_PLAYER).state;
    s = play(s, {
      type: 'combat.start',
      sides: [
        { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
        { id: 'b', name: 'Lurkers', disposition: 'concealed', members: [{ characterId: 'c2', x: 60, y: 0 }] },
      ],
    }).state;
    s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'b', x: 60, y: 0 }).state;
    const names: Record<string, string> = { c2: 'Kez Arrano', m1: 'the G-carrier' };
    const line = (e: unknown, seat: typeof PLAYER) =>
      describeRhylanorEvent(
        rhylanorExpress.redact(e as never, seat) as { type: string },
        (id) => names[id] ?? id,
      );
    const moved = play(s, {
      type: 'machine.seat',
      machineId: 'm1',
      characterId: 'c2',
      seat: 'passenger',
      place: 5,
    });
    expect(line(moved.events[0], OTHER_PLAYER)).toBe(
      'The referee moves Kez Arrano to a passenger’s seat (seat 5) of the G-carrier, unseen by the other side.',
    );
    expect(line(moved.events[0], PLAYER)).toBe('The referee moves someone unseen to another seat.');
    // A hit reaching him: 1 + 40 − 30 = 11, minor; effect 2 + 2 = 4, one crewman; wound 3 + 3, light.
    const hit = play(moved.state, { type: 'machine.hit', machineId: 'm1', pen: 40 }, [1, 2, 2, 3, 3]);
    const wounded = of(hit.events, 'character.wounded')[0];
    expect(line(wounded, OTHER_PLAYER)).toMatch(/^Kez Arrano takes a light wound \(.*3\+3/);
    expect(line(wounded, PLAYER)).toBe('Someone unseen aboard takes a light wound.');
  });

  it('counts the gunners loading at a turret when the assignment names them (branch reaudit’s hands)', () => {
    const person = { name: 'Gunner Ives' };
    expect(
      describeRhylanorEvent(
        { type: 'space.gunner.assigned', ship: 's1', turret: 1, person, hands: 3 } as never,
        who,
      ),
    ).toBe('Gunner Ives mans turret 2 of Rhylanor Express, 3 gunners loading.');
    expect(
      describeRhylanorEvent({ type: 'space.gunner.assigned', ship: 's1', turret: 0, person } as never, who),
    ).toBe('Gunner Ives mans turret 1 of Rhylanor Express.');
  });
});
