import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { eliteUnit } from '../../rules/elite-unit/ruleset.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { foldEvents, latestBefore } from '../log.ts';
import { describeEliteUnitEvent } from './describe-event.ts';

type Event = { type: string } & Record<string, unknown>;

const NAMES: Readonly<Record<string, string>> = {
  a: 'Castell',
  o: 'Orr',
  b: 'the raider',
  g: 'the grenadier',
  p1: 'Pia',
  p2: 'Pol',
};
const who = (id: string) => NAMES[id] ?? id;

/** Internal codes (camelCase words), broken values or empty parts in a line. */
const RAW = /\b[a-z]+[A-Z][A-Za-z]*\b|undefined|\bnull\b|\bNaN\b|\[object Object\]|\(\)|\s,|\s{2}|\s$|\s\./;

/** A fight through the real ruleset: every kind of Elite Unit event, at least once. */
function fight(): Table {
  const t = new Table();
  t.add('castell', 'a', P1);
  t.add('orr', 'o', P2);
  t.add('raider', 'b', null, true);
  t.run({ type: 'battle.start', ids: ['a', 'o', 'b'] }, GM, [20, 15, 1]);
  // A burst: d20 20; the raider dodges with 1; 2D6 6 + 6, ×3 into the flak vest.
  t.run(
    { type: 'attack', attackerId: 'a', weapon: 'w1', mode: 'burst', targets: [{ id: 'b', distance: 30 }] },
    P1,
    [20],
  );
  t.run({ type: 'defend', targetId: 'b' }, GM, [1, 6, 6]);
  t.run({ type: 'gm.undo' });
  t.run({ type: 'aim', id: 'a', weapon: 'w1' }, P1);
  t.run({ type: 'reload', id: 'a', weapon: 'w1' }, P1);
  t.run({ type: 'slot.end', id: 'o' }, P2);
  t.run({ type: 'save', id: 'b', attribute: 'reactions', hidden: true }, GM, [4]);
  t.run({ type: 'table.roll', table: 'location' }, GM, [3, 4]);
  t.run({ type: 'table.roll', table: 'chaos', hidden: true }, GM, [7]);
  t.run({ type: 'gm.set', id: 'a', field: 'stamina', value: 30 });
  t.run({ type: 'battle.end' });
  t.run({ type: 'time.pass', hours: 3 });
  t.run({ type: 'birthday', id: 'a' });
  t.run({ type: 'character.reveal', id: 'b', hidden: false });
  return t;
}

/** Each event of the log as `seat` receives it, described as the live log does. */
function lines(t: Table, seat: Seat): string[] {
  const received = t.log.flatMap((e) => {
    const r = eliteUnit.redact?.(e, seat);
    return r ? [r as Event] : [];
  });
  const items = foldEvents(
    [],
    received.map((event, i) => ({ seq: i + 1, at: '2026-01-01T10:00:00.000Z', by: null, event })),
  );
  const earlier = latestBefore(items);
  return items.flatMap((item) => {
    if (item.kind !== 'other') return [];
    const line = describeEliteUnitEvent(item.event, who, (type) => earlier(item.seq, type));
    return line === null ? [`(no line for ${item.type})`] : [line];
  });
}

describe('Elite Unit log lines', () => {
  it('says every event of a fight in plain words, for the GM and for a player', () => {
    const t = fight();
    for (const seat of [GM, P1]) {
      const said = lines(t, seat);
      expect(said.length).toBeGreaterThan(15);
      for (const line of said) {
        expect(line, line).not.toMatch(RAW);
        expect(line, line).not.toMatch(/^\(no line/);
        expect(line.charAt(0), line).toBe(line.charAt(0).toUpperCase());
      }
    }
  });

  it('gives the attack, its totals, the armour and the undo', () => {
    const said = lines(fight(), GM);
    expect(said).toContain(
      'Castell attacks the raider with assault rifle, a burst (3 rounds): d20 20, total 31.',
    );
    const hit = said.find((l) => l.startsWith('The raider is hit'));
    expect(hit).toContain('attack 31 against defence 5): damage [6, 6] = 12; 36 dealt');
    expect(hit).toContain('Flak vest stopped it (DC −30)');
    expect(hit).toContain('no Stamina lost');
    expect(said).toContain('The GM takes back the last resolution (attack a1).');
    expect(said).toContain('3 hours pass: healing, poison and drains move on.');
    expect(said.some((l) => l.startsWith('A battle starts. Initiative: Castell 25, Orr 22'))).toBe(true);
    // Each slot by whose it is, read from the order the battle started with.
    expect(said).toContain('Orr’s slot (Turn 1).');
    expect(said).toContain('The raider’s slot (Turn 1).');
    expect(said).toContain('The GM sets Castell’s stamina to 30.');
  });

  it('leaves a hidden NPC’s numbers and hidden rolls out of a player’s lines', () => {
    const said = lines(fight(), P1).join('\n');
    expect(said).toContain('The raider makes a save out of sight.');
    expect(said).toContain('The GM rolls on the chaos table out of sight.');
    expect(said).not.toContain('Flak vest');
    expect(said).toContain('The GM rolls on the location table: [3, 4] = 34');
  });
});
