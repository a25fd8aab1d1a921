import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { CampaignFileError, readCampaign } from '../../server/campaign-file.ts';
import { rulesetFor } from '../registry.ts';
import { type RhylanorCommand, rhylanorExpress } from './ruleset.ts';

/**
 * Issue 20, finding 6 for Rhylanor Express: an imported log's events must look as decide makes
 * them. A real log (characters, a task, a fight, a space battle) imports; the same log with one
 * event tampered is refused, naming that event.
 */

const GM: Seat = { seatId: 'sGm', role: 'gm' };
const at = '2026-11-26T06:00:00.000Z';

function realLog(): { readonly type: string }[] {
  let s = rhylanorExpress.setup({});
  const log: ({ readonly type: string } & Record<string, unknown>)[] = [
    { type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'Referee' },
    { type: 'seat.joined', seatId: 'sAnn', role: 'player', name: 'Ann' },
  ];
  for (const e of log) s = rhylanorExpress.evolve(s, e as never);
  const send = (command: unknown, seed: number) => {
    const parsed = rhylanorExpress.commandSchema.parse(command) as RhylanorCommand;
    for (const e of rhylanorExpress.decide(s, parsed, { actor: GM, dice: new SeededDice(seed) })) {
      s = rhylanorExpress.evolve(s, e);
      log.push(e as { readonly type: string } & Record<string, unknown>);
    }
  };
  send({ type: 'character.create', sheet: 'okonkwo', owner: 'sAnn' }, 1);
  send({ type: 'character.create', sheet: 'starport-guard' }, 2);
  send({ type: 'task.roll', characterId: 'c1', skills: ['Rifles'], target: 8 }, 3);
  send(
    {
      type: 'combat.start',
      sides: [
        { id: 'a', name: 'Crew', leaderId: 'c1', members: [{ characterId: 'c1', x: 0, y: 0 }] },
        { id: 'b', name: 'Guards', leaderId: 'c2', members: [{ characterId: 'c2', x: 30, y: 0 }] },
      ],
    },
    4,
  );
  send({ type: 'space.scenario.load', scenario: 'Standard meeting' }, 5);
  send({ type: 'space.initiative' }, 6);
  return log;
}

function file(events: readonly { readonly type: string }[]) {
  return {
    table: { system: 'rhylanor-express', name: 'Tampered' },
    events: events.map((event, i) => ({ seq: i + 1, at, by: null, commandId: null, event })),
  };
}

function refusal(events: readonly { readonly type: string }[]): CampaignFileError {
  try {
    readCampaign(file(events), rulesetFor);
  } catch (e) {
    if (e instanceof CampaignFileError) return e;
    throw e;
  }
  throw new Error('the tampered file was accepted');
}

/** The log with the first event of `type` replaced by `change(event)`. */
function tamper(
  log: readonly { readonly type: string }[],
  type: string,
  change: (e: Record<string, unknown>) => Record<string, unknown>,
): { events: { readonly type: string }[]; seq: number } {
  const i = log.findIndex((e) => e.type === type);
  if (i < 0) throw new Error(`the log has no ${type}`);
  const events = [...log];
  events[i] = change(structuredClone(log[i]) as Record<string, unknown>) as { type: string };
  return { events, seq: i + 1 };
}

describe('importing a Rhylanor Express log', () => {
  const log = realLog();

  it('every event type the ruleset emits has an import schema', () => {
    const schemas = rhylanorExpress.eventSchemas ?? {};
    for (const type of rhylanorExpress.eventTypes ?? []) expect(schemas, type).toHaveProperty([type]);
  });

  it('a log as the rules made it imports and replays', () => {
    const campaign = readCampaign(file(log), rulesetFor);
    expect(campaign.events).toHaveLength(log.length);
    const types = new Set(log.map((e) => e.type));
    for (const t of ['character.created', 'task.rolled', 'combat.started', 'space.ship.added'])
      expect(types, t).toContain(t);
  });

  it('refuses a tampered event, naming its seq and what is wrong', () => {
    const roll = (e: Record<string, unknown>) => e.roll as Record<string, unknown>;
    const cases: [string, (e: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
      // A roll's total raised by hand: the sums no longer add up.
      [
        'task.rolled',
        (e) => ({ ...e, roll: { ...roll(e), total: 20, margin: 12, success: true } }),
        /roll\.total/,
      ],
      // A die face no die has.
      ['task.rolled', (e) => ({ ...e, roll: { ...roll(e), faces: [9, 1] } }), /roll\.faces/],
      // A field decide never writes.
      ['task.rolled', (e) => ({ ...e, bonus: 3 }), /does not fit its schema/],
      // A characteristic of 40 on a created sheet.
      [
        'character.created',
        (e) => ({ ...e, character: { ...(e.character as object), upp: [40, 7, 7, 7, 7, 7] } }),
        /character\.upp/,
      ],
      // A fight where side b starts with a tactics pool of −5.
      [
        'combat.started',
        (e) => {
          const combat = e.combat as { sides: { b: Record<string, unknown> } };
          combat.sides.b.pool = -5;
          return e;
        },
        /combat\.sides\.b\.pool/,
      ],
      // A ship with hull points of "lots".
      [
        'space.ship.added',
        (e) => ({ ...e, ship: { ...(e.ship as object), hullPoints: 'lots' } }),
        /ship\.hullPoints/,
      ],
      // An initiative roll-off with a face of 7.
      ['space.initiative.rolled', (e) => ({ ...e, rollOffs: [{ a: [7, 1], b: [1, 1] }] }), /rollOffs/],
    ];
    for (const [type, change, message] of cases) {
      const { events, seq } = tamper(log, type, change);
      const e = refusal(events);
      expect(e.code, type).toBe('IMPORT_INVALID');
      expect(e.message, type).toMatch(new RegExp(`event ${seq} \\(${type.replace('.', '\\.')}\\)`));
      expect(e.message, type).toMatch(message);
      expect(e.details).toMatchObject({ seq });
    }
  });

  it('refuses an event that names what the table does not hold, naming its seq', () => {
    const cases: [string, (e: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
      // A task rolled by a character nobody created.
      ['task.rolled', (e) => ({ ...e, characterId: 'c99' }), /characterId c99 names no character/],
    ];
    for (const [type, change, message] of cases) {
      const { events, seq } = tamper(log, type, change);
      const e = refusal(events);
      expect(e.code, type).toBe('IMPORT_INVALID');
      expect(e.message, type).toMatch(new RegExp(`event ${seq} \\(${type.replace('.', '\\.')}\\)`));
      expect(e.message, type).toMatch(message);
    }
    // Events added at the end that the table cannot take: a second fight, a move by no fighter…
    const fightStart = log.find((e) => e.type === 'combat.started') as { readonly type: string };
    expect(refusal([...log, fightStart]).message).toMatch(/a fight is already running/);
    const created = log.find((e) => e.type === 'character.created') as { readonly type: string };
    expect(refusal([...log, created]).message).toMatch(/c1 already exists/);
    const additions: [Record<string, unknown> & { type: string }, RegExp][] = [
      [
        {
          type: 'combat.moved',
          id: 'c7',
          option: 'stand',
          x: 0,
          y: 0,
          reloading: null,
          handhold: false,
          contacts: {},
        },
        /c7 is not in the fight/,
      ],
      [{ type: 'pool.passed', side: 'a' }, /no roll waits for pool points/],
      [
        { type: 'clock.deathRolled', characterId: 'c1', woundId: 40, face: 3, diesAt: 10800 },
        /has no wound 40/,
      ],
      [{ type: 'drug.changed', characterId: 'c1', index: 2, stage: 'over' }, /took no dose 2/],
      [{ type: 'space.sand.cast', ship: 's9', turret: 0, weapon: 0 }, /ship s9 is not in play/],
      [{ type: 'space.roll.closed' }, /no roll waits for pool points/],
      [{ type: 'space.missile.struck', missile: 'm4', target: 's1', early: false, hits: 1 }, /no missile m4/],
    ];
    for (const [event, message] of additions) {
      const e = refusal([...log, event]);
      expect(e.code, event.type).toBe('IMPORT_INVALID');
      expect(e.message, event.type).toMatch(new RegExp(`event ${log.length + 1} `));
      expect(e.message, event.type).toMatch(message);
    }
    // The same events where the table holds what they name are taken.
    const ended = [...log, { type: 'combat.ended', reason: 'over' }];
    expect(() => readCampaign(file(ended), rulesetFor)).not.toThrow();
  });

  it('a secret NPC flag and a quiet ship flag, as decide writes them, are accepted', () => {
    const flagged = tamper(log, 'task.rolled', (e) => ({ ...e, secret: true }));
    expect(() => readCampaign(file(flagged.events), rulesetFor)).not.toThrow();
    const notTrue = tamper(log, 'task.rolled', (e) => ({ ...e, secret: 'yes' }));
    expect(refusal(notTrue.events).message).toMatch(/secret/);
  });
});
