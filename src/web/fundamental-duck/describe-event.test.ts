import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import { candidateCommands } from '../../rules/fundamental-duck/candidates.ts';
import type { FdEvent } from '../../rules/fundamental-duck/events.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import { CORE_EVENT_TYPES } from '../../rules/fundamental-duck/ruleset.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import { describeDecision, describeFdEvent } from './describe-event.ts';

const PLAYER = { seatId: 'p1', role: 'player' as const };

/** A solo game played by the first legal candidate of a seeded shuffle, for `commands` commands. */
function play(seed: number, commands: number): FdEvent[] {
  let s: FdState = fd.setup({});
  const dice = new SeededDice(seed);
  let lcg = seed;
  const pick = (n: number) => {
    lcg = (lcg * 1103515245 + 12345) & 0x7fffffff;
    return lcg % n;
  };
  const log: FdEvent[] = [];
  for (let n = 0; n < commands && s.phase !== 'ended'; n++) {
    const options = candidateCommands(s);
    for (let tries = 0; tries < 40 && options.length > 0; tries++) {
      const k = pick(options.length);
      const c = options.splice(k, 1)[0];
      if (!c) break;
      try {
        const events = fd.decide(s, c, { actor: PLAYER, dice });
        for (const e of events) s = fd.evolve(s, e);
        log.push(...events);
        break;
      } catch (e) {
        if (!isRuleError(e)) throw e;
      }
    }
  }
  return log;
}

// The table page's namer: seats by name, every other id as it is (the describer names those).
const said = (e: { type: string }) => describeFdEvent(e, (id) => (id.startsWith('p') ? `seat ${id}` : id));

describe('describeFdEvent', () => {
  it('has a sentence for every event type of the ruleset (the undo bookmark excepted)', () => {
    for (const type of CORE_EVENT_TYPES) {
      const line = said({ type });
      if (type === 'undo.saved') expect(line).toBeNull();
      else {
        expect(line, type).not.toBeNull();
        expect(line, type).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it('tells the ceiling extension (19): hatches counted, weak spots never named before a drop', () => {
    expect(
      said({
        type: 'ceiling.rolled',
        tile: 3,
        face: 6,
        level: true,
        exits: [{ x: 0, y: 5, kind: 'hatch', faces: [1, 1, 2] }],
      } as { type: string }),
    ).toBe('Module 3 has a ceiling level (rolled 6): 1 hatch in sight.');
    expect(
      said({
        type: 'ceiling.decided',
        threatId: 'h1',
        why: 'drops on a Teamer',
        allowance: 3,
        faces: [3],
        rollOffs: [],
        target: 'you',
        exit: { x: 2, y: 5, kind: 'weak' },
      } as { type: string }),
    ).toBe('Threat 1 in the ceiling moves 3 and drops on YOU by the weak spot above (2,5).');
    expect(
      said({ type: 'ceiling.dropped', threatId: 'h1', x: 0, y: 5, facing: 2, kind: 'hatch' } as {
        type: string;
      }),
    ).toBe('Threat 1 drops from the ceiling through a hatch at (0,5).');
    expect(
      said({ type: 'ceiling.climbed', teamerId: 'you', up: true, x: 7, y: 6, cost: 2 } as { type: string }),
    ).toBe('YOU climbs up into the ceiling above (7,6) (2 movement).');
    expect(
      said({ type: 'ceiling.climbed', teamerId: 'you', up: false, x: 7, y: 6, cost: 1 } as { type: string }),
    ).toBe('YOU climbs down from the ceiling to (7,6) (1 movement).');
    expect(
      said({ type: 'ceiling.threatClimbed', threatId: 'h1', x: 7, y: 6, target: 'you' } as { type: string }),
    ).toBe('Threat 1 climbs up into the ceiling through the exit at (7,6), after YOU.');
    expect(
      said({
        type: 'ceiling.decided',
        threatId: 'h1',
        why: 'grapples a Teamer up here',
        allowance: 2,
        faces: [2],
        rollOffs: [],
        target: 'you',
      } as { type: string }),
    ).toBe('Threat 1 in the ceiling moves 2 and goes for YOU up there with it.');
  });

  it('tells a played game in plain words, as a player receives it (no codes, no undefined)', () => {
    const seen = new Set<string>();
    for (const seed of [3, 11]) {
      for (const event of play(seed, 300)) {
        const redacted = fd.redact(event, PLAYER);
        if (!redacted) continue;
        const line = said(redacted);
        if (redacted.type === 'undo.saved' || redacted.type.startsWith('chat.')) continue;
        seen.add(redacted.type);
        expect(line, redacted.type).not.toBeNull();
        expect(line).not.toMatch(/undefined|NaN|\[object|null/);
      }
    }
    // The aliens acted and were explained.
    expect(seen.has('threat.decided')).toBe(true);
    expect(seen.has('threat.queue')).toBe(true);
  });

  it('explains a Threat decision with its dice, modifiers, column and target', () => {
    const text = describeDecision(
      {
        threat: 'h2',
        species: 'harpy',
        turn: 2,
        mode: 'phase',
        because: 'reaction',
        choice: 'attack',
        reaction: {
          face: 4,
          modifiers: [{ code: 'wounded', value: 2 }],
          total: 6,
          row: 6,
          column: 'team',
          columnReason: 'teamerInStimulusRange',
          reaction: 'attack',
        },
        movement: { faces: [3], die: 'd6', add: 0, carryPenalty: 0, allowance: 3, from: 'own' },
        target: { teamer: 'brick', reachable: true, priority: 'back', tie: 'none' },
        door: null,
        weakSpot: null,
        outcome: 'grappled',
        rollOffs: [],
        dice: [],
        actions: [],
      },
      (id) => (id === 'h2' ? 'Harpy 2' : id),
    );
    expect(text).toBe(
      'Harpy 2: reaction 4 + 2 (wounded) = 6 on the Team column (a Teamer within its senses’ range): ATTACK; movement 3 (d6 3); goes for Brick (his back is turned); closes in and grapples.',
    );
  });

  it('explains a floor Threat going up after a man in the ceiling (19)', () => {
    const text = describeDecision(
      {
        threat: 'h5',
        species: 'harpy',
        turn: 2,
        mode: 'phase',
        because: 'climbingAfter',
        choice: 'attack',
        reaction: null,
        movement: { faces: [6], die: 'd6', add: 0, carryPenalty: 0, allowance: 6, from: 'own' },
        target: { teamer: 'you', reachable: false, priority: null, tie: 'none' },
        door: null,
        weakSpot: null,
        outcome: 'climbed',
        rollOffs: [],
        dice: [],
        actions: [],
      },
      (id) => (id === 'h5' ? 'Harpy 5' : id === 'you' ? 'YOU' : id),
    );
    expect(text).toContain('it goes after a man up in the ceiling');
    expect(text).toContain('climbs up into the ceiling after him');
    expect(text).not.toMatch(/undefined|climbingAfter|climbed\b/);
  });

  it('names a figure the namer knows by that name in every line, and an unknown Threat as “Threat N”', () => {
    const who = (id: string) => (id === 'h7' ? 'Harpy 7' : id === 'brick' ? 'Brick' : id);
    expect(describeFdEvent({ type: 'threat.wounded', threatId: 'h7', wounds: 1 } as never, who)).toBe(
      'Harpy 7 takes a wound (1 in all).',
    );
    expect(describeFdEvent({ type: 'threat.killed', threatId: 'h7', by: 'brick' } as never, who)).toBe(
      'Harpy 7 is killed by Brick.',
    );
    expect(describeDecision({ threat: 'h7', species: 'harpy', because: 'noTeamers' }, who)).toMatch(
      /^Harpy 7:/,
    );
    expect(describeFdEvent({ type: 'threat.killed', threatId: 'h8', by: null } as never, who)).toBe(
      'Threat 8 is killed.',
    );
    // A Threat the namer no longer knows says its species where it was placed.
    expect(
      describeFdEvent(
        {
          type: 'threats.placed',
          tile: 2,
          ping: 'red',
          threats: [{ id: 'h8', species: 'harpy', x: 1, y: 2 }],
        } as never,
        who,
      ),
    ).toMatch(/Threat 8 \(harpy\) at \(1,2\)/);
  });

  it('tells a load going up, its dice and whom it hit, and the cargo bonus', () => {
    expect(
      said({
        type: 'load.blasted',
        load: 3,
        cargo: 'explosive',
        targets: ['jonesy', 'h1'],
        faces: [4, 2],
        hitOn: 4,
        hits: { jonesy: 1, h1: 0 },
      } as never),
    ).toBe('Cargo load 4 blows up (dice 4, 2), hits on 4+: Jonesy hit and Threat 1 missed.');
    expect(
      said({
        type: 'mission.evaluated',
        evaluation: {
          outcome: 'failed',
          objectives: [false],
          teamStars: 0,
          catastrophe: false,
          cargo: { intact: 6, lost: 1, bonus: 5 },
        },
      } as never),
    ).toMatch(/Cargo: 6 load\(s\) intact, 1 lost, bonus 5k\./);
  });

  it('tells the new orders at the evaluation: carried out with their stars, or not', () => {
    const evaluated = (bonus: boolean, bonusStars: number) =>
      said({
        type: 'mission.evaluated',
        evaluation: {
          outcome: 'completed',
          objectives: [true, true],
          teamStars: 10 + bonusStars,
          catastrophe: false,
          bonus,
          bonusStars,
        },
      } as never);
    expect(evaluated(true, 1)).toBe(
      'The mission is completed; the Team earns 11 gold star(s). The new orders were carried out (1 of those stars).',
    );
    expect(evaluated(false, 0)).toBe(
      'The mission is completed; the Team earns 10 gold star(s). The new orders were not carried out.',
    );
  });

  it('tells the multi-team sequence pack: Threat cards, their end, and an ambush called to a seat', () => {
    expect(
      said({ type: 'sequence.drawn', order: [1, 'threat', 0, 'threat'], faces: [2, 1, 2] } as never),
    ).toBe('This round’s sequence pack: team 2, Threats, team 1 and Threats (dice 2, 1, 2).');
    expect(said({ type: 'sequence.threatCard', card: 1 } as never)).toBe(
      'Threat card 1 of the round turns up: the Threats nearest the teams act now.',
    );
    expect(said({ type: 'sequence.resumed' } as never)).toBe(
      'The Threat card is played out: the teams’ cards go on.',
    );
    expect(
      said({ type: 'threat.called', threatId: 'h1', team: 1, why: 'opponent', ambush: 'you' } as never),
    ).toBe(
      'Threat 1 springs an ambush on YOU: team 2’s player runs it (the opponent of the team on its module).',
    );
  });

  it('tells the weapons a seized man leaves where he fell (13.6)', () => {
    expect(said({ type: 'gear.dropped', teamerId: 'brick', x: 4, y: 7, weapons: ['hemg'] } as never)).toBe(
      'Brick’s weapons stay where he fell, at (4,7): hemg.',
    );
    expect(
      said({
        type: 'gear.dropped',
        teamerId: 'you',
        x: 7,
        y: 7,
        up: true,
        weapons: ['hand-blaster', 'cutlass'],
      } as never),
    ).toBe('YOU’s weapons stay where he fell, at (7,7) up in the ceiling: hand-blaster and cutlass.');
  });

  it('tells the bridge override set and lifted (15.1)', () => {
    expect(said({ type: 'override.set', teamerId: 'you', on: true } as never)).toBe(
      'YOU sets the door override: Door Check is skipped.',
    );
    expect(said({ type: 'override.set', teamerId: 'you', on: false } as never)).toBe(
      'YOU lifts the door override.',
    );
  });

  it('tells drone guns set up, firing and running down', () => {
    expect(
      said({
        type: 'drone.set',
        droneId: 'd1',
        teamerId: 'you',
        x: 2,
        y: 7,
        facing: 0,
        power: 10,
        walking: false,
      } as never),
    ).toBe('YOU sets up a drone gun at (2,7), facing north (power 10).');
    expect(
      said({ type: 'drone.fired', droneId: 'd1', threatId: 'h1', faces: [5, 6], hitOn: 4, hits: 2 } as never),
    ).toBe('The drone gun fires at Threat 1 (dice 5, 6), hits on 4+: 2 hit(s).');
    expect(
      said({ type: 'threat.burned', threatId: 'h1', x: 1, y: 7, face: 4, hitOn: 4, hit: true } as never),
    ).toBe('Threat 1 is in the flames at (1,7) (die 4), burns on 4+: burnt.');
    expect(said({ type: 'drone.powered', droneId: 'd1', power: 0 } as never)).toBe(
      'A drone gun runs out of power and stops.',
    );
  });

  it('tells drones walked, pods delivered, figures run down, vehicles attacked and wrecked', () => {
    expect(
      said({
        type: 'drone.moved',
        droneId: 'd1',
        teamerId: 'you',
        path: [32, 33],
        x: 3,
        y: 2,
        facing: 2,
      } as never),
    ).toBe('YOU walks his drone gun to (3,2) (2 squares), facing east.');
    expect(said({ type: 'vehicle.pods-delivered', vehicleId: 'loader-1', loads: [0] } as never)).toBe(
      'The vehicle loader-1 stands at the boarding bridge: cargo load 1 goes home to Mother.',
    );
    expect(
      said({
        type: 'vehicle.ran-down',
        vehicleId: 'loader-1',
        teamerId: 'you',
        figure: { kind: 'threat', id: 'h1' },
        face: 5,
        hitOn: 4,
        hit: true,
      } as never),
    ).toBe('The vehicle loader-1 drives into Threat 1 (die 5), crushes on 4+: crushed.');
    expect(said({ type: 'vehicle.stopped', vehicleId: 'loader-1', teamerId: 'you' } as never)).toBe(
      "The vehicle loader-1 stops dead against someone still in its way: YOU's drive is over.",
    );
    expect(
      said({
        type: 'vehicle.attacked',
        vehicleId: 'loader-1',
        threatId: 'h1',
        how: 'grapple',
        faces: [4],
        hits: 1,
        damage: 2,
      } as never),
    ).toBe('Threat 1 tears at the vehicle loader-1 (die 4): 1 hit(s) on the hull (2 so far).');
    expect(said({ type: 'vehicle.wrecked', vehicleId: 'loader-1' } as never)).toBe(
      'The vehicle loader-1 is wrecked: it will never move again.',
    );
  });

  it('tells vehicles got into, driven, rammed and left', () => {
    expect(said({ type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' } as never)).toBe(
      'YOU climbs into the vehicle loader-1.',
    );
    expect(
      said({
        type: 'vehicle.drive-began',
        vehicleId: 'loader-1',
        teamerId: 'you',
        faces: [3, 4],
        allowance: 7,
      } as never),
    ).toBe('YOU drives the vehicle loader-1 (dice 3, 4): 7 movement.');
    expect(
      said({
        type: 'vehicle.moved',
        vehicleId: 'loader-1',
        manoeuvre: 'forward',
        x: 7,
        y: 5,
        facing: 4,
        cost: 1,
        bulldozed: [],
        smashed: [3],
      } as never),
    ).toBe(
      'The vehicle loader-1 drives forward: its front at (7,5), facing south, smashing through the door.',
    );
    expect(
      said({ type: 'vehicle.rammed', vehicleId: 'loader-1', teamerId: 'you', turn: 2 } as never),
    ).toMatch(/set to ram/);
    expect(said({ type: 'vehicle.left', vehicleId: 'loader-1', teamerId: 'you', x: 6, y: 2 } as never)).toBe(
      'YOU climbs out of the vehicle loader-1 to (6,2).',
    );
    expect(
      said({ type: 'vehicle.pod-loaded', vehicleId: 'loader-1', teamerId: 'you', load: 2 } as never),
    ).toBe('YOU has the vehicle loader-1 lift cargo load 3 aboard.');
    expect(
      said({
        type: 'vehicle.pod-unloaded',
        vehicleId: 'loader-1',
        teamerId: 'you',
        load: 2,
        to: 40,
      } as never),
    ).toBe('YOU has the vehicle loader-1 set cargo load 3 down on the floor beside it.');
  });
});
