import { describe, expect, it } from 'vitest';
import { SeededDice } from '../engine/dice/source.ts';
import { rollNotation } from '../engine/notation/index.ts';
import type { AnyRuleset } from '../engine/ruleset.ts';
import { rulesetFor } from '../rules/registry.ts';
import { CampaignFileError, checkCampaignViews, readCampaign } from './campaign-file.ts';

/**
 * Issue 20, finding 6: an import checks each event's contents against its schema (as decide
 * makes it) and its place in the log, and names the first bad event's seq.
 */

const at = '2026-11-26T06:00:00.000Z';
const result = rollNotation('2d6', new SeededDice(1));

function file(system: string, events: Record<string, unknown>[]) {
  return {
    table: { system, name: 'Tampered' },
    events: [
      { type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'GM' },
      { type: 'seat.joined', seatId: 'sAnn', role: 'player', name: 'Ann' },
      ...events,
    ].map((event, i) => ({ seq: i + 1, at, by: null, commandId: null, event })),
  };
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

const said = { type: 'chat.said', by: 'sAnn', text: 'hello' };
const rolled = { type: 'chat.rolled', rollId: 'r1', by: 'sGm', notation: '2d6', visibility: 'blind', result };

describe('importing tampered events', () => {
  for (const system of ['fundamental-duck', 'elite-unit', 'rhylanor-express', 'three-sixteen']) {
    it(`${system}: a clean log imports`, () => {
      const ok = readCampaign(
        file(system, [said, rolled, { type: 'chat.revealed', rollId: 'r1', by: 'sGm', result }]),
        rulesetFor,
      );
      expect(ok.events).toHaveLength(5);
    });

    it(`${system}: refuses an event whose contents do not fit, naming its seq`, () => {
      const cases: [Record<string, unknown>[], RegExp][] = [
        [[said, { ...said, mood: 'angry' }], /event 4 \(chat\.said\) does not fit its schema/],
        [[said, { ...said, text: '' }], /event 4 \(chat\.said\)/],
        [[{ ...rolled, result: { ...result, total: 'lots' } }], /event 3 \(chat\.rolled\).*result\.total/],
        [[{ ...rolled, visibility: 'everyone' }], /event 3 \(chat\.rolled\).*visibility/],
        [[{ ...rolled, rollId: 'r7' }], /event 3 \(chat\.rolled\) cannot follow.*next roll is r1/],
        [[said, { type: 'chat.revealed', rollId: 'r1', by: 'sGm', result }], /event 4 .*no roll r1/],
        [
          [rolled, { type: 'chat.revealed', rollId: 'r1', by: 'sGm', result: { ...result, total: 99 } }],
          /event 4 .*not roll r1's/,
        ],
      ];
      for (const [events, message] of cases) {
        const e = refusal(file(system, events));
        expect(e.code).toBe('IMPORT_INVALID');
        expect(e.message).toMatch(message);
        const seq = Number(/event (\d+)/.exec(e.message)?.[1]);
        expect(e.details).toMatchObject({ seq });
      }
    });
  }

  it('three-sixteen: refuses a tampered story line, GM note or override', () => {
    const cases: Record<string, unknown>[] = [
      { type: 'narration', actor: 'gm', text: 'x', secret: 'yes' },
      { type: 'gm.noted', text: 'x', by: 'sGm', extra: 1 },
      {
        type: 'gm.adjusted',
        adjustment: { target: 'health', trooperId: 't1', value: [null, 'Q', null] },
        reason: 'r',
      },
      { type: 'gm.adjusted', adjustment: { target: 'aa', value: 99 }, reason: 'r' },
    ];
    for (const event of cases) {
      const e = refusal(file('three-sixteen', [event]));
      expect(e.message, JSON.stringify(event)).toMatch(/event 3 .* does not fit its schema/);
      expect(e.details).toMatchObject({ seq: 3 });
    }
  });
});

describe('a log the rules replay but cannot show', () => {
  it('is refused naming the seat whose view fails', () => {
    const chat = rulesetFor('three-sixteen') as AnyRuleset;
    // A ruleset whose GM view throws (as a view that chokes on a state its schemas let through).
    const choking: AnyRuleset = {
      ...chat,
      view: (state, seat) => {
        if (seat.role === 'gm') throw new Error('no view of this');
        return chat.view(state, seat);
      },
    };
    const campaign = readCampaign(file('three-sixteen', [said]), () => choking);
    let error: unknown;
    try {
      checkCampaignViews(campaign, choking);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CampaignFileError);
    expect((error as CampaignFileError).code).toBe('IMPORT_INVALID');
    expect((error as CampaignFileError).message).toMatch(
      /cannot be shown to seat sGm \(gm\): no view of this/,
    );
    expect((error as CampaignFileError).details).toMatchObject({ seatId: 'sGm', role: 'gm' });
  });
});
