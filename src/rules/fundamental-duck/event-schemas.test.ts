import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { CampaignFileError, readCampaign } from '../../server/campaign-file.ts';
import { rulesetFor } from '../registry.ts';
import { coreEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { CORE_EVENT_TYPES } from './ruleset.ts';
import { Table } from './test-kit.ts';

/**
 * Issue 20, finding 6, for Fundamental Duck!: an import checks every event's contents against the
 * schema of the event as decide makes it, and that what it names exists, so a tampered log is
 * refused with the seq of the first bad event.
 */

const at = '2026-11-26T06:00:00.000Z';

function file(events: readonly unknown[]) {
  return {
    table: { system: 'fundamental-duck', name: 'Tampered' },
    events: [
      { type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'GM' },
      { type: 'seat.joined', seatId: 'p1', role: 'player', name: 'Ann' },
      ...events,
    ].map((event, i) => ({ seq: i + 1, at, by: null, commandId: null, event })),
  };
}

/** A real log: boarding, YOU's move and the rest of turn 1 run by the engine. */
function realLog(): FdEvent[] {
  const t = new Table(new SeededDice(5));
  t.send({ type: 'board' });
  t.send({ type: 'activate', teamerId: 'you' });
  t.send({ type: 'move', teamerId: 'you' });
  t.send({ type: 'step', teamerId: 'you', x: 0, y: 7 });
  t.send({ type: 'endMove', teamerId: 'you' });
  t.send({ type: 'endActivation', teamerId: 'you' });
  t.send({ type: 'endTeamPhase' });
  return t.log;
}

function refusal(input: unknown): CampaignFileError {
  try {
    readCampaign(input, rulesetFor);
  } catch (e) {
    if (e instanceof CampaignFileError) return e;
    throw e;
  }
  throw new Error('the file was accepted');
}

describe('importing a Fundamental Duck! log', () => {
  it('has a schema for every event type it emits', () => {
    expect(Object.keys(coreEventSchemas).sort()).toEqual([...CORE_EVENT_TYPES].sort());
  });

  it('imports a real log', () => {
    const log = realLog();
    expect(log.some((e) => e.type === 'threat.decided')).toBe(true);
    expect(readCampaign(file(log), rulesetFor).events).toHaveLength(log.length + 2);
  });

  it('refuses a tampered event, naming its seq', () => {
    const log = realLog();
    const i = log.findIndex((e) => e.type === 'teamer.stepped');
    const step = log[i] as Extract<FdEvent, { type: 'teamer.stepped' }>;
    const decidedAt = log.findIndex((e) => e.type === 'threat.decided');
    const decided = log[decidedAt] as Extract<FdEvent, { type: 'threat.decided' }>;
    const cases: [number, unknown, RegExp][] = [
      [i, { ...step, x: 999 }, /does not fit its schema: x/],
      [i, { ...step, teleport: true }, /does not fit its schema/],
      [i, { ...step, x: 60 }, /cannot follow.*off the arena/],
      [i, { ...step, teamerId: 'ghost' }, /cannot follow.*no Teamer ghost/],
      [i, { type: 'teamer.wounded', teamerId: 'you', wounds: 9, armourFace: null }, /wounds/],
      [
        decidedAt,
        {
          ...decided,
          decision: { ...decided.decision, actions: [{ kind: 'teleport', to: 5 }] },
        },
        /does not fit its schema: decision\.actions/,
      ],
      [i, { type: 'door.changed', door: 400, state: { open: true }, why: 'x' }, /door/],
      [i, { type: 'drone.powered', droneId: 'd9', power: 3 }, /cannot follow.*no drone d9/],
      [
        i,
        {
          type: 'drone.set',
          droneId: 'd1',
          teamerId: 'you',
          x: 2,
          y: 99,
          facing: 0,
          power: 10,
          walking: false,
        },
        /off the arena/,
      ],
      [i, { type: 'gear.dropped', teamerId: 'you', x: 0, y: 7, weapons: ['hemg'] }, /you holds no hemg/],
      [i, { type: 'gear.dropped', teamerId: 'you', x: 0, y: 99, weapons: ['cutlass'] }, /off the arena/],
      [
        i,
        { type: 'gear.dropped', teamerId: 'you', x: 0, y: 7, weapons: [] },
        /does not fit its schema: weapons/,
      ],
      [
        i,
        { type: 'load.blasted', load: 99, cargo: 'explosive', targets: [], faces: [], hitOn: 4, hits: {} },
        /cannot follow.*no load 99/,
      ],
    ];
    for (const [at, event, message] of cases) {
      const tampered = log.slice();
      tampered[at] = event as FdEvent;
      const e = refusal(file(tampered));
      expect(e.code).toBe('IMPORT_INVALID');
      expect(e.message, JSON.stringify(event)).toMatch(message);
      // Seats take seqs 1 and 2.
      expect(e.message).toContain(`event ${at + 3} `);
    }
  });
});
