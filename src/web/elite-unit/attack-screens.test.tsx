import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { foldEvents } from '../log.ts';
import { TableLogContext } from '../pages/TablePage.tsx';
import { directAsker } from '../worker/asker.ts';
import { AttackResult, Bystanders, DefendPrompt } from './Attack.tsx';
import { OddsContext } from './odds-context.ts';
import { answerOdds } from './odds-question.ts';
import { render, viewFor } from './render-kit.tsx';

/**
 * The defend prompt's partial-armour choice (the GM's ruling, §9.1) and the blast sketch beside
 * the bystander list, rendered from real views of a test table.
 */

/** The Enforcer swings at Castell (flak vest a1): the GM's NPC attacks a player's PC. */
function swingAtCastell(): Table {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.add('enforcer', 'e', null, true);
  t.run({ type: 'battle.start', ids: ['e', 'c'] }, GM, [20, 1]);
  t.run({ type: 'attack', attackerId: 'e', weapon: 'w1', targets: [{ id: 'c', distance: 2 }] }, GM, [15]);
  return t;
}

/** Castell's raider swings at the GM's Raider, so the GM answers the defence. */
function swingAtRaider(): Table {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.add('raider', 'r', null, true);
  t.run({ type: 'battle.start', ids: ['c', 'r'] }, GM, [20, 1]);
  t.run({ type: 'attack', attackerId: 'c', weapon: 'w1', targets: [{ id: 'r', distance: 20 }] }, P1, [10]);
  return t;
}

const defend = (t: Table, seat: Seat) => render(<DefendPrompt view={viewFor(t.state, seat)} seat={seat} />);

describe('the defend prompt', () => {
  it('lets the GM rule that a worn layer does not cover where the blow lands', () => {
    const html = defend(swingAtRaider(), GM);
    expect(html).toContain('Raider');
    expect(html).toContain('data-testid="partial-armour"');
    expect(html).toContain('Flak vest (DC 40) does not cover it');
  });

  it('gives a player no partial-armour choice (only the GM rules on it)', () => {
    const html = defend(swingAtCastell(), P1);
    expect(html).toContain('Sgt Rhea Castell');
    expect(html).toContain('Dodge and roll');
    expect(html).not.toContain('partial-armour');
    expect(html).not.toContain('does not cover');
  });

  it('shows the chances as being counted while the odds worker works (it answers after the first paint)', () => {
    const t = swingAtCastell();
    const html = render(
      <OddsContext.Provider value={directAsker(answerOdds)}>
        <DefendPrompt view={viewFor(t.state, P1)} seat={P1} />
      </OddsContext.Provider>,
    );
    expect(html).toContain('Counting the chances');
    // Outside a table (no asker given), nothing claims to be counting.
    expect(defend(t, P1)).not.toContain('Counting');
  });

  it('is shown only to the seat that must defend', () => {
    expect(defend(swingAtCastell(), P2)).toBe('');
    expect(defend(swingAtCastell(), GM)).toBe('');
  });
});

describe('the bystanders question', () => {
  function blast(): Table {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('raider', 'b');
    t.add('enforcer', 'c', null, true);
    t.state = {
      ...t.state,
      characters: {
        ...t.state.characters,
        a: {
          ...t.char('a'),
          weapons: [
            {
              ...(t.char('a').weapons[0] ?? { key: 'w1' }),
              ...{ weapon: 'grenade-launcher', loaded: 1, spares: [], loose: 2 },
            } as ReturnType<Table['char']>['weapons'][number],
          ],
        },
      },
    };
    t.run(
      { type: 'attack', attackerId: 'a', weapon: 'w1', mode: 'manual', targets: [{ id: 'b', distance: 40 }] },
      P1,
      [20],
    );
    t.run({ type: 'defend', targetId: 'b' }, GM, [1, 3, 3, 3, 3]);
    return t;
  }

  it('draws the blast as a labelled picture beside the list, which keeps a field per person', () => {
    const html = render(<Bystanders view={viewFor(blast().state, GM)} />);
    expect(html).toContain('data-testid="blast-sketch"');
    expect(html).toContain('role="img"');
    expect(html).toContain(
      'aria-label="A blast of 5 m: full damage within 2.5 m, half within 5 m; nobody marked yet."',
    );
    expect(html).toContain('aria-label="Metres from Enforcer to the impact"');
    expect(html).toContain('Place on the sketch');
  });
});

describe('the result card after a partial-armour ruling', () => {
  function ruled(): Table {
    const t = swingAtRaider();
    // The raider's flak vest (a1) is ruled not to cover the point: d20 1 to defend, then damage.
    t.run({ type: 'defend', targetId: 'r', uncovered: ['a1'] }, GM, [1, 6, 6, 1, 1]);
    return t;
  }
  const card = (t: Table, seat: Seat) => {
    const items = foldEvents(
      [],
      t.log.flatMap((event, i) => {
        const e = eliteUnit.redact?.(event, seat) as ({ type: string } & Record<string, unknown>) | null;
        return e ? [{ seq: i + 1, at: '2026-01-01T10:00:00.000Z', by: null, event: e }] : [];
      }),
    );
    return render(
      <TableLogContext.Provider value={items}>
        <AttackResult view={viewFor(t.state, seat)} seat={seat} />
      </TableLogContext.Provider>,
    );
  };

  it('names the layers left out for the GM, and not for a player who does not hold the sheet', () => {
    const t = ruled();
    expect(card(t, GM)).toContain('The GM ruled that Flak vest did not cover');
    expect(card(t, P1)).toContain('Raider: hit');
    expect(card(t, P1)).not.toContain('did not cover');
    expect(card(t, P1)).not.toContain('Flak vest');
  });
});
