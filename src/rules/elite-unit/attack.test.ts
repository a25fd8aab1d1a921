import { describe, expect, it } from 'vitest';
import { effective } from './rules/effective.ts';
import { GM, P1, P2, Table } from './test-kit.ts';

/** Attacks, near misses, damage and the GM's undo (§6–§9). */

function duel(attacker = 'castell', defender = 'raider'): Table {
  const t = new Table();
  t.add(attacker, 'a', P1);
  t.add(defender, 'b');
  return t;
}

describe('attacks', () => {
  it('Full Auto spread: one attack total, each target defends, damage × rounds ÷ targets', () => {
    const t = duel('dunne', 'raider');
    t.add('enforcer', 'c');
    // Dunne: Attack 8 − 5 (minigun in hand) = 3; column 1 +4; d20 15 → 22. 300 rounds ÷ 1 action.
    t.run(
      {
        type: 'attack',
        attackerId: 'a',
        weapon: 'w1',
        mode: 'fullAuto',
        rounds: 20,
        targets: [
          { id: 'b', distance: 100 },
          { id: 'c', distance: 100 },
        ],
      },
      P1,
      [15],
    );
    expect(t.char('a').weapons[0]).toMatchObject({ loaded: 280, recoil: 20, firedThisTurn: 20 });
    // b: 4 + 10 = 14 < 22: hit, 2D6 = 6 → 6 × 20 ÷ 2 = 60 through the flak vest (R 6, DC 40): 14 to Stamina.
    const [b] = t.run({ type: 'defend', targetId: 'b' }, GM, [10, 3, 3, 5, 5]);
    expect(b).toMatchObject({ hit: true, blow: { dealt: 60, toStamina: 14, location: { part: 'legs' } } });
    // c: the same damage roll, no new dice for it: 6 + 19 = 25 > 22, a miss.
    const [c] = t.run({ type: 'defend', targetId: 'c' }, GM, [19]);
    expect(c).toMatchObject({ hit: false });
    expect(t.state.pending).toBeNull();
  });

  it('a shotgun miss can still catch: miss distance from the totals, half beyond half the spread', () => {
    const t = new Table();
    t.add('enforcer', 'b');
    t.add('castell', 'a', P1);
    t.run({ type: 'gm.set', id: 'a', field: 'attribute', name: 'attack', value: 11 });
    t.setSheet('a', {
      weapons: [{ ...t.char('a').weapons[0]!, weapon: 'combat-shotgun', loaded: 8, spares: [], loose: 8 }],
    });
    // Shotgun {-3}: Attack 11 − 1 = 10; column 2 (25 m, +1, spread 2 m); d20 5 → 16. Enforcer 6 + 15 = 21.
    // m = (21 − 16) × 20 ÷ 100 = 1 m: caught (< 2), not beyond half (1 is not > 1): full 2D6 = 8.
    t.run({ type: 'attack', attackerId: 'a', weapon: 'w1', targets: [{ id: 'b', distance: 20 }] }, P1, [5]);
    const events = t.run({ type: 'defend', targetId: 'b' }, GM, [15, 4, 4]);
    expect(events[0]).toMatchObject({
      hit: false,
      nearMiss: { metres: 1, caught: true, share: 'full' },
      blow: { dealt: 8 },
    });
    expect(events[1]).toMatchObject({
      type: 'question.asked',
      question: { kind: 'bystanders', area: 'spread' },
    });
  });

  it('a blast asks the GM for bystanders: full within half the radius, half beyond, none outside', () => {
    const t = duel('castell', 'raider');
    t.add('enforcer', 'c');
    t.add('vey', 'd');
    t.add('orr', 'e');
    t.setSheet('a', {
      weapons: [{ ...t.char('a').weapons[0]!, weapon: 'grenade-launcher', loaded: 1, spares: [], loose: 2 }],
    });
    t.run(
      { type: 'attack', attackerId: 'a', weapon: 'w1', mode: 'manual', targets: [{ id: 'b', distance: 40 }] },
      P1,
      [20],
    );
    // Hit: 4D6 = 12 through the flak vest: 6 off its DC.
    t.run({ type: 'defend', targetId: 'b' }, GM, [1, 3, 3, 3, 3]);
    const q = t.state.questions[0];
    expect(q).toMatchObject({ kind: 'bystanders', area: 'blast', radius: 5 });
    const [answer] = t.run({
      type: 'gm.bystanders',
      questionId: q!.id,
      bystanders: [
        { id: 'c', metres: 2 },
        { id: 'd', metres: 3 },
        { id: 'e', metres: 5 },
      ],
    });
    expect(answer).toMatchObject({ blows: { c: { dealt: 12 }, d: { dealt: 6 } } });
    expect(t.char('e').stamina).toBe(28);
    expect(t.char('a').weapons[0]).toMatchObject({ loaded: 0, needsReload: true });
    t.run({ type: 'reload', id: 'a', weapon: 'w1' }, P1);
    expect(t.char('a').weapons[0]).toMatchObject({ loaded: 1, loose: 1, needsReload: false });
  });

  it('the fatal surprise attack kills on a hit and leaves the armour as it was', () => {
    const t = duel('castell', 'raider');
    t.run({ type: 'hold', id: 'a', weapon: 'w2', inHands: true }, P1);
    t.run(
      {
        type: 'attack',
        attackerId: 'a',
        weapon: 'w2',
        targets: [{ id: 'b', distance: 1 }],
        fatal: true,
        situation: { unaware: true },
      },
      P1,
      [2],
    );
    const [r] = t.run({ type: 'defend', targetId: 'b' }, GM, [20]);
    expect(r).toMatchObject({ hit: true, fatal: true });
    expect(t.char('b').dead).toBe('fatal surprise attack');
    expect(t.char('b').armour[0]?.dc).toBe(40);
  });

  it('a helpless defender rolls d20 + 0 and cannot parry', () => {
    const t = duel('castell', 'enforcer');
    t.run({ type: 'gm.set', id: 'b', field: 'stamina', value: 7 });
    t.run({ type: 'attack', attackerId: 'a', targets: [{ id: 'b', distance: 1 }] }, P1, [1]);
    expect(() => t.run({ type: 'defend', targetId: 'b', parry: 'w1' }, GM, [5, 5])).toThrow(/helpless/);
    const [r] = t.run({ type: 'defend', targetId: 'b' }, GM, [10]);
    expect(r).toMatchObject({ defence: { dodge: 0, total: 10, helpless: true }, hit: false });
  });

  it('a second Trunk hit kills; the GM can undo the last resolution', () => {
    const t = duel('castell', 'raider');
    t.run({ type: 'gm.set', id: 'b', field: 'part', name: 'trunk', value: 'damaged' });
    t.run({ type: 'gm.set', id: 'b', field: 'layerDc', name: 'a1', value: 0 });
    t.run(
      { type: 'attack', attackerId: 'a', weapon: 'w1', mode: 'burst', targets: [{ id: 'b', distance: 50 }] },
      P1,
      [20],
    );
    const before = t.state.undo?.characters;
    // 2D6 = 4 × 3 = 12 > 24 / 4: location 1,0 → 10, Trunk again.
    const [r] = t.run({ type: 'defend', targetId: 'b' }, GM, [1, 2, 2, 1, 10]);
    expect(r).toMatchObject({
      blow: { toStamina: 12, location: { part: 'trunk', after: 'destroyed' }, died: 'trunk hit twice' },
    });
    t.run({ type: 'gm.undo' });
    expect(t.state.characters).toBe(before);
    expect(t.char('b').dead).toBeNull();
    expect(t.char('a').weapons[0]?.loaded).toBe(30);
  });

  it('unarmed: 1D10 + Strength, which may be pulled', () => {
    const t = duel('enforcer', 'castell');
    t.run({ type: 'attack', attackerId: 'a', targets: [{ id: 'b', distance: 1 }], strength: 0 }, P1, [20]);
    const [r] = t.run({ type: 'defend', targetId: 'b' }, GM, [1, 3]);
    expect(r).toMatchObject({
      hit: true,
      blow: { dealt: 3, toStamina: 0, layers: [{ outcome: 'bounced' }, { outcome: 'skipped' }] },
    });
  });
});

describe('effective values (§4, one fixed order)', () => {
  it('body part, drains, poison, wounds, carrying, in that order, with a breakdown', () => {
    const t = duel('castell', 'raider');
    t.run({ type: 'gm.set', id: 'a', field: 'part', name: 'arms', value: 'damaged' });
    t.run({ type: 'gm.set', id: 'a', field: 'poison', value: 15 });
    t.run({ type: 'gm.set', id: 'a', field: 'stamina', value: 19 });
    const e = effective(t.char('a'), t.state.pack, 'strength');
    // 11 → 5 (arms) → 4 (poison −1) → 2 (wounded) → 1 (rifle in hand −1).
    expect(e.steps.map((s) => s.value)).toEqual([11, 5, 4, 2, 1]);
    expect(e.value).toBe(1);
  });
  it('partial armour: a layer the GM rules off the point of impact lets the blow by, untouched', () => {
    const attack = {
      type: 'attack',
      attackerId: 'a',
      weapon: 'w1',
      mode: 'auto',
      targets: [{ id: 'b', distance: 40 }],
    };
    // Covered: 2D6 = 12 against the flak vest (R 6, DC 40) dents it to 34, nothing through.
    const covered = duel();
    covered.run(attack, P1, [20]);
    const [kept] = covered.run({ type: 'defend', targetId: 'b' }, GM, [1, 6, 6]);
    expect(kept).toMatchObject({ hit: true, blow: { toStamina: 0 } });
    expect(covered.char('b').armour[0]?.dc).toBe(34);
    // Not covered: all 12 reach Stamina (more than a quarter of 24: a location roll, 15 = Trunk).
    const t = duel();
    t.run({ type: 'character.assign', id: 'b', ownerSeatId: 'p2' });
    t.run(attack, P1, [20]);
    const before = t.state;
    expect(() => t.run({ type: 'defend', targetId: 'b', uncovered: ['a1'] }, P2, [1])).toThrow(
      expect.objectContaining({ code: 'GM_ONLY' }),
    );
    expect(() => t.run({ type: 'defend', targetId: 'b', uncovered: ['a9'] }, GM, [1])).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_LAYER' }),
    );
    expect(t.state).toBe(before);
    const [hit] = t.run({ type: 'defend', targetId: 'b', uncovered: ['a1'] }, GM, [1, 6, 6, 1, 5]);
    expect(hit).toMatchObject({
      defence: { uncovered: ['a1'] },
      blow: {
        dealt: 12,
        toStamina: 12,
        layers: [{ outcome: 'skipped', dcAfter: 40 }],
        location: { part: 'trunk' },
      },
    });
    expect(t.char('b')).toMatchObject({ stamina: 12, armour: [{ dc: 40 }] });
  });
  it('refill: the emptiest spare takes up to Reactions rounds from the loose ones in one action', () => {
    const t = duel();
    const rifle = t.char('a').weapons[0]!;
    t.setSheet('a', {
      weapons: [{ ...rifle, spares: [30, 4, 20], loose: 50 }, ...t.char('a').weapons.slice(1)],
    });
    const reactions = effective(t.char('a'), t.state.pack, 'reactions').value;
    const [e] = t.run({ type: 'refill', id: 'a', weapon: 'w1' }, P1);
    const moved = Math.min(26, reactions);
    expect(e).toMatchObject({ reason: 'refill', detail: { moved } });
    expect(t.char('a').weapons[0]).toMatchObject({ spares: [30, 4 + moved, 20], loose: 50 - moved });
    t.setSheet('a', { weapons: [{ ...rifle, spares: [30, 30], loose: 5 }, ...t.char('a').weapons.slice(1)] });
    expect(() => t.run({ type: 'refill', id: 'a', weapon: 'w1' }, P1)).toThrow(
      expect.objectContaining({ code: 'NOTHING_TO_REFILL' }),
    );
  });
});
