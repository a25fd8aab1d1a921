import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { defaultPack } from '../../rules/elite-unit/data/pack.ts';
import type { Pack } from '../../rules/elite-unit/data/pack-schema.ts';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { describeEliteUnitEvent } from './describe-event.ts';
import { ResistPrompt } from './Resist.tsx';
import { render, viewFor } from './render-kit.tsx';
import { awaitsSeat } from './your-move.ts';

/**
 * A spell's save at the target's seat (Drain Will, Spell Scramble): the prompt on the target's
 * screen only, its chance, the log lines, and "your move" while it waits.
 */

/** The default pack with Sable Orr knowing the two save spells. */
const pack: Pack = {
  ...defaultPack,
  characters: defaultPack.characters.map((c) =>
    c.id === 'orr' ? { ...c, spells: [...c.spells, 'drain-will', 'spell-scramble'] } : c,
  ),
};

/** Orr (Pia's) casts Drain Will on Castell (Pol's, Willpower 12). */
function drained(hiddenTarget = false): Table {
  const t = new Table(pack);
  t.add('orr', 'orr', P1);
  if (hiddenTarget) t.add('enforcer', 'c', null, true);
  else t.add('castell', 'c', P2);
  t.run({ type: 'cast', id: 'orr', spell: 'drain-will', targets: [{ id: 'c', distance: 5 }] }, P1, [4]);
  return t;
}

const prompt = (t: Table, seat: Seat) => render(<ResistPrompt view={viewFor(t.state, seat)} seat={seat} />);

describe('the resist prompt', () => {
  it('asks the target’s seat to roll or give up the save, with its exact chance', () => {
    const html = prompt(drained(), P2);
    expect(html).toContain('Orr casts Drain Will on Sgt Rhea Castell');
    expect(html).toContain('saves on Willpower');
    // Willpower 12: faces 1 to 11 hold, 11 in 20.
    expect(html).toContain('<strong data-testid="save-chance">55.0%</strong>');
    expect(html).toContain('a failure costs 1D6 willpower');
    expect(html).toContain('Roll the save');
    expect(html).toContain('Give up the save');
  });

  it('is on no other seat’s screen; the GM answers for an NPC', () => {
    expect(prompt(drained(), P1)).toBe('');
    expect(prompt(drained(), GM)).toBe('');
    expect(prompt(drained(true), GM)).toContain('Roll the save');
    expect(prompt(drained(true), P1)).toBe('');
  });

  it('makes it the target’s seat’s move while the save waits, and nobody’s once it is rolled', () => {
    const t = drained();
    const waiting = () =>
      [GM, P1, P2].filter((s) => awaitsSeat(eliteUnit.view(t.state, s), s)).map((s) => s.seatId);
    expect(waiting()).toEqual(['p2']);
    t.run({ type: 'resist', targetId: 'c' }, P2, [5]);
    expect(waiting()).toEqual([]);
    expect(prompt(t, P2)).toBe('');
  });
});

describe('spell saves in the log', () => {
  const who = (id: string) => ({ orr: 'Orr', c: 'Castell', p1: 'Pia', p2: 'Pol' })[id] ?? id;
  const said = (t: Table, seat: Seat) =>
    t.log.flatMap((e) => {
      const r = eliteUnit.redact?.(e, seat) as ({ type: string } & Record<string, unknown>) | null;
      const line = r ? describeEliteUnitEvent(r, who) : null;
      return line ? [line] : [];
    });

  it('says the cast, the save and what it cost', () => {
    const t = drained();
    t.run({ type: 'resist', targetId: 'c' }, P2, [15, 3]);
    const lines = said(t, P1);
    expect(lines).toContain('Orr casts drain will on Castell, who must save on willpower.');
    expect(lines).toContain(
      'Castell resists on willpower: rolls 15 against 12, fails; the spell takes [3] = 3.',
    );
  });

  it('says a given-up save as such', () => {
    const t = drained();
    t.run({ type: 'resist', targetId: 'c', waive: true }, P2, [2]);
    expect(
      said(t, P2).some((l) => l.startsWith('Castell resists on willpower') && l.includes('gives it up')),
    ).toBe(true);
  });

  it('tells a player only that a hidden NPC resisted, not its roll or Willpower', () => {
    const t = drained(true);
    t.run({ type: 'resist', targetId: 'c' }, GM, [15, 3]);
    const lines = said(t, P1).join('\n');
    expect(lines).toContain('Castell resists the spell out of sight.');
    expect(lines).not.toMatch(/rolls 15|against \d/);
  });
});
