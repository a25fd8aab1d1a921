import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { CampaignFileError, readCampaign } from '../../server/campaign-file.ts';
import { rulesetFor } from '../registry.ts';
import { eliteUnitEventSchemas } from './event-schemas.ts';
import type { EliteUnitEvent } from './events.ts';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, Table } from './test-kit.ts';

/**
 * Issue 20 finding 6 for Elite Unit: an import checks every event's contents against the shape
 * decide makes, and its place in the log (a patch within maximums, a defence for the attack that
 * waits), so a tampered campaign file is refused with the seq of the first bad event.
 */

const at = '2026-11-26T06:00:00.000Z';

/** A short table: characters, a battle, attacks with a parry and a blast, time and a poison. */
function played(): EliteUnitEvent[] {
  const t = new Table();
  const dice = new SeededDice(5);
  t.add('castell', 'cas', P1);
  t.add('enforcer', 'enf');
  t.add('raider', 'rai', null, false);
  t.run({ type: 'battle.start', ids: ['enf', 'cas', 'rai'] }, GM, dice);
  // Whoever acts first strikes the next one down the order; the defender parries when it can.
  for (let i = 0; i < 3; i++) {
    const b = t.state.battle;
    const me = b?.order[b.slot]?.id as string;
    const foe = me === 'cas' ? 'rai' : 'cas';
    t.run(
      {
        type: 'attack',
        attackerId: me,
        weapon: 'w1',
        targets: [{ id: foe, distance: me === 'enf' ? 1 : 40 }],
      },
      GM,
      dice,
    );
    const parryable = t.state.pending?.parryable;
    t.run(
      { type: 'defend', targetId: foe, ...(parryable && foe === 'cas' ? { parry: 'w1' } : {}) },
      GM,
      dice,
    );
  }
  t.run({ type: 'save', id: 'enf', attribute: 'willpower', hidden: true }, GM, dice);
  t.run({ type: 'gm.undo' });
  t.run({ type: 'battle.end' });
  t.run({ type: 'reload', id: 'cas', weapon: 'w1' }, P1, dice);
  return t.log;
}

function file(events: readonly unknown[]) {
  return {
    table: { system: 'elite-unit', name: 'Tampered' },
    events: [
      { type: 'seat.joined', seatId: 'gm', role: 'gm', name: 'Gina' },
      { type: 'seat.joined', seatId: 'p1', role: 'player', name: 'Pia' },
      { type: 'seat.joined', seatId: 'p2', role: 'player', name: 'Pol' },
      ...events,
    ].map((event, i) => ({ seq: i + 1, at, by: null, commandId: null, event })),
  };
}

function refusal(events: readonly unknown[]): CampaignFileError {
  try {
    readCampaign(file(events), rulesetFor);
  } catch (e) {
    if (e instanceof CampaignFileError) return e;
    throw e;
  }
  throw new Error('the file was accepted');
}

/** A copy of the log with event `i` changed by `edit`. */
function tampered(log: readonly EliteUnitEvent[], type: string, edit: (e: Record<string, unknown>) => void) {
  const copy = structuredClone(log) as unknown as Record<string, unknown>[];
  const i = copy.findIndex((e) => e.type === type);
  if (i < 0) throw new Error(`no ${type} in the log`);
  edit(copy[i] as Record<string, unknown>);
  return { events: copy, seq: i + 4 };
}

describe('importing Elite Unit events', () => {
  it('every event type has a schema, and what decide makes fits it and its place', () => {
    expect(Object.keys(eliteUnitEventSchemas).sort()).toEqual([...(eliteUnit.eventTypes ?? [])].sort());
    const log = played();
    expect(new Set(log.map((e) => e.type)).size).toBeGreaterThanOrEqual(10);
    const campaign = readCampaign(file(log), rulesetFor);
    expect(campaign.events).toHaveLength(log.length + 3);
  });

  it('refuses a tampered event, naming its seq', () => {
    const log = played();
    const cases: [ReturnType<typeof tampered>, RegExp][] = [
      [
        tampered(log, 'character.added', (e) => {
          (e.character as Record<string, unknown>).stamina = -5;
        }),
        /does not fit its schema: character\.stamina/,
      ],
      [
        tampered(log, 'attack.resolved', (e) => {
          e.patches = [{ id: 'cas', set: { stamina: 9999 } }];
        }),
        /cannot follow.*Stamina would pass its maximum/,
      ],
      [
        tampered(log, 'attack.resolved', (e) => {
          e.patches = [{ id: 'cas', set: { secretPower: 1 } }];
        }),
        /does not fit its schema: patches\.0\.set|Unrecognized key.*secretPower/,
      ],
      [
        tampered(log, 'attack.resolved', (e) => {
          e.targetId = e.targetId === 'rai' ? 'cas' : 'rai';
        }),
        /cannot follow.*waits for someone else/,
      ],
      [
        tampered(log, 'attack.declared', (e) => {
          (e.pending as Record<string, unknown>).divisor = 0;
        }),
        /does not fit its schema: pending\.divisor/,
      ],
      [
        tampered(log, 'battle.started', (e) => {
          (e.entries as Record<string, unknown>[])[0] = { id: 'ghost', face: 3, total: 9 };
        }),
        /cannot follow.*ghost is not at the table/,
      ],
      [
        tampered(log, 'character.changed', (e) => {
          e.patches = [{ id: 'nobody', set: { money: 5 } }];
        }),
        /cannot follow.*nobody, who is not at the table/,
      ],
      [
        tampered(log, 'resolution.undone', (e) => {
          e.what = '';
        }),
        /does not fit its schema: what/,
      ],
    ];
    for (const [{ events, seq }, message] of cases) {
      let e: CampaignFileError;
      try {
        e = refusal(events);
      } catch (x) {
        throw new Error(`${message}: ${(x as Error).message}`);
      }
      expect(e.code).toBe('IMPORT_INVALID');
      expect(e.message).toMatch(message);
      expect(e.details).toMatchObject({ seq });
    }
  });

  it('refuses a loaded pack that its schema refuses', () => {
    const [loaded] = new Table().run({ type: 'pack.load', pack: eliteUnit.setup(undefined).pack });
    const bad = structuredClone(loaded) as { pack: { weapons: { columns: unknown }[] } };
    (bad.pack.weapons[0] as { columns: unknown }).columns = 'none';
    expect(refusal([bad]).message).toMatch(/event 4 \(pack\.loaded\) does not fit its schema/);
  });
});
