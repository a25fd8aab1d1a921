import { describe, expect, it } from 'vitest';
import defaultJson from './data/default-pack.json' with { type: 'json' };
import { parsePack } from './data/pack.ts';
import { nearMiss, sharedDamage } from './rules/attack.ts';
import { GM, P1, Table } from './test-kit.ts';

/** The chapter's worked examples (digest §20), played through the ruleset with scripted dice. */

function packWith(edit: (p: typeof defaultJson) => void) {
  const copy = structuredClone(defaultJson);
  edit(copy);
  return parsePack(copy);
}

describe('worked examples (§20)', () => {
  it('parry with a sword (R 5, DC 150) against 20 → sword DC 135, nothing reaches the wielder', () => {
    const t = new Table();
    t.add('castell', 'castell', P1);
    t.add('enforcer', 'enforcer');
    // Castell hits bare-handed, pulling the blow to Strength 10 with a 10 on the d10: 20 damage.
    t.run(
      { type: 'attack', attackerId: 'castell', targets: [{ id: 'enforcer', distance: 1 }], strength: 10 },
      P1,
      [18],
    );
    // Enforcer: parry save 5 < Reactions 11, defence 3 + Dodge 6 + Dodge Bonus 4 = 13 < 26; damage d10 = 10.
    const [resolved] = t.run({ type: 'defend', targetId: 'enforcer', parry: 'w1' }, GM, [5, 3, 10]);
    expect(resolved).toMatchObject({
      hit: true,
      defence: { total: 13, parry: { save: { success: true }, dodgeBonus: 4 } },
    });
    expect(t.char('enforcer').weapons[0]?.dc).toBe(135);
    expect(t.char('enforcer').stamina).toBe(32);
    expect(t.char('enforcer').armour[0]?.dc).toBe(15);
  });

  it('parry with a packet of crisps (R 1, DC 5) against 20 → crisps destroyed, 14 to the wielder', () => {
    const pack = packWith((p) => {
      p.armour.push({
        id: 'crisps',
        name: 'Packet of crisps',
        code: -5,
        dc: 5,
        resilience: 1,
        held: true,
        grade: 0,
        cost: 1,
      } as never);
      const enforcer = p.characters.find((c) => c.id === 'enforcer');
      if (enforcer) enforcer.armour = ['crisps'];
    });
    const t = new Table(pack);
    t.add('castell', 'castell', P1);
    t.add('enforcer', 'enforcer');
    t.run(
      { type: 'attack', attackerId: 'castell', targets: [{ id: 'enforcer', distance: 1 }], strength: 10 },
      P1,
      [18],
    );
    // Save 5, defence 3 + 6 + 0; damage 10; 14 > 32/4 so a location: 6,5 → 65, Legs.
    const [resolved] = t.run({ type: 'defend', targetId: 'enforcer', parry: 'h1' }, GM, [5, 3, 10, 6, 5]);
    expect(resolved).toMatchObject({
      hit: true,
      blow: { toStamina: 14, location: { part: 'legs', after: 'damaged' } },
    });
    expect(t.char('enforcer').held[0]?.dc).toBe(0);
    expect(t.char('enforcer').stamina).toBe(18);
  });

  it("Bill's rifle: vent −2, burst of 10 → Recoil 8; the single shot after it is at −8 and leaves it at 8", () => {
    const pack = packWith((p) => {
      const rifle = p.weapons.find((w) => w.id === 'assault-rifle');
      if (rifle) rifle.modes = [{ kind: 'auto' }, { kind: 'burst', rounds: 10 }] as never;
    });
    const t = new Table(pack);
    t.add('castell', 'castell', P1);
    t.add('raider', 'raider');
    t.run({ type: 'battle.start', ids: ['castell', 'raider'] }, GM, [15, 3]);
    t.run(
      {
        type: 'attack',
        attackerId: 'castell',
        weapon: 'w1',
        mode: 'burst',
        targets: [{ id: 'raider', distance: 40 }],
      },
      P1,
      [1],
    );
    t.run({ type: 'defend', targetId: 'raider' }, GM, [20]);
    expect(t.char('castell').weapons[0]).toMatchObject({ recoil: 8, loaded: 20 });
    const [declared] = t.run(
      {
        type: 'attack',
        attackerId: 'castell',
        weapon: 'w1',
        mode: 'auto',
        targets: [{ id: 'raider', distance: 40 }],
      },
      P1,
      [1],
    );
    expect(declared).toMatchObject({ steps: expect.arrayContaining([{ step: 'recoil', value: -8 }]) });
    const after = t.run({ type: 'defend', targetId: 'raider' }, GM, [20]);
    // Castell's two actions are spent: the raider's slot comes, and at the Turn's end recoil is 0.
    expect(after.map((e) => e.type)).toContain('slot.advanced');
    expect(t.char('castell').weapons[0]?.recoil).toBe(8);
    t.run({ type: 'slot.end', id: 'raider' });
    expect(t.char('castell').weapons[0]?.recoil).toBe(0);
    expect(t.state.battle?.turn).toBe(2);
  });

  it('plasma: a 0.5 m miss caught in the spread divides the damage by 2.5', () => {
    const miss = nearMiss(10, 11, 50, 1, true);
    expect(miss).toEqual({ metres: 0.5, caught: true, share: 'plasma' });
    expect(sharedDamage(25, miss.share, miss.metres)).toBe(10);
  });

  it('Anna (Reactions 12, rolls 5 → 17) creeps past Ben (Alertness 7, rolls 9 → 16): unnoticed', () => {
    const t = new Table();
    t.add('castell', 'anna', P1);
    t.add('vey', 'ben');
    t.run({ type: 'hold', id: 'anna', weapon: 'w1', inHands: false }, P1);
    t.run({ type: 'gm.set', id: 'anna', field: 'attribute', name: 'reactions', value: 12 });
    t.run({ type: 'gm.set', id: 'ben', field: 'attribute', name: 'alertness', value: 7 });
    const [rolled] = t.run({ type: 'sneak', id: 'anna', observers: ['ben'] }, P1, [5, 9]);
    expect(rolled).toMatchObject({
      actor: { total: 17 },
      others: [{ id: 'ben', total: 16, actorWins: true }],
    });
  });

  it('the Limtex Mini Gun block (§8.1) is in the default pack as printed', () => {
    const t = new Table();
    const mini = t.state.pack.weapons.find((w) => w.id === 'minigun');
    expect(mini).toMatchObject({
      code: -1,
      columns: [
        { range: 500, attackBonus: 4, damage: '2D6' },
        { range: 1000, attackBonus: 4, damage: '1D6' },
        { range: 1500, attackBonus: 3, damage: '1D4' },
        { range: 2000, attackBonus: 2, damage: '2' },
      ],
      ammo: { calibre: '13 mm', feed: 'belt' },
      parry: { dc: 250, resilience: 20, dodgeBonus: 4 },
      modes: [{ kind: 'fullAuto', rounds: 300 }],
      grade: 4,
      cost: 20,
    });
  });
});
