import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import type { EliteUnitCommand } from './commands.ts';
import {
  attackOdds,
  defenceOdds,
  riskyOdds,
  saveChance,
  vehicleAttackOdds,
  vehicleDefenceOdds,
} from './odds.ts';
import { effectiveValue } from './rules/effective.ts';
import { decideAndFold, eliteUnit } from './ruleset.ts';
import type { EliteUnitState } from './state.ts';
import { GM, P1, P2, Table } from './test-kit.ts';

describe('exact odds of one attack', () => {
  it('saves: below the target, a 20 chains', () => {
    expect(saveChance(13)).toBeCloseTo(12 / 20);
    expect(saveChance(1)).toBe(0);
    expect(saveChance(25)).toBeCloseTo(19 / 20 + 4 / 400);
  });
  it('hit chance matches counting the d20 pairs; probabilities stay in 0…1', () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('raider', 'b');
    const command = eliteUnit.commandSchema.parse({
      type: 'attack',
      attackerId: 'a',
      weapon: 'w1',
      mode: 'auto',
      targets: [{ id: 'b', distance: 40 }],
    }) as Extract<EliteUnitCommand, { type: 'attack' }>;
    const odds = attackOdds(t.state, command, P1);
    // Attack d20 + 11 against defence d20 + 4: hit when a + 7 > d.
    let pairs = 0;
    for (let a = 1; a <= 20; a++) for (let d = 1; d <= 20; d++) if (a + 7 > d) pairs++;
    expect(odds.hit).toBeCloseTo(pairs / 400, 12);
    // 2D6 against a flak vest (R 6, DC 40): nothing ever reaches Stamina.
    expect(odds.hurt).toBe(0);
    expect(odds.dead).toBe(0);
  });
  it('after the declaration: the odds of the pending attack, per defence choice', () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('enforcer', 'b');
    t.run({ type: 'attack', attackerId: 'b', weapon: 'w1', targets: [{ id: 'a', distance: 1 }] }, GM, [10]);
    const total = t.state.pending?.attackTotal as number;
    const dodge = effectiveValue(t.char('a'), t.state.pack, 'dodge');
    const hits = (bonus: number) => {
      let n = 0;
      for (let d = 1; d <= 20; d++) if (total > d + dodge + bonus) n++;
      return n / 20;
    };
    expect(defenceOdds(t.state).hit).toBeCloseTo(hits(0), 12);
    // Parrying with the rifle: the Reactions save gives its Dodge Bonus (+2) when it holds.
    const ok = saveChance(effectiveValue(t.char('a'), t.state.pack, 'reactions'));
    expect(defenceOdds(t.state, 'w1').hit).toBeCloseTo(ok * hits(2) + (1 - ok) * hits(0), 12);
    expect(() => defenceOdds(new Table().state)).toThrow(RangeError);
  });
  it("a prosthetic trunk's 1-in-10 failure on a hit counts among the deaths", () => {
    const odds = (prosthetic: boolean) => {
      const t = new Table();
      t.add('enforcer', 'a');
      t.add('raider', 'b');
      // No armour, so the sword's 2D10 often passes a quarter of Stamina 24 and rolls a location.
      t.run({ type: 'gm.set', id: 'b', field: 'layerDc', name: 'a1', value: 0 });
      if (prosthetic) t.run({ type: 'gm.set', id: 'b', field: 'part', name: 'trunk', value: 'prosthetic' });
      const command = eliteUnit.commandSchema.parse({
        type: 'attack',
        attackerId: 'a',
        weapon: 'w1',
        targets: [{ id: 'b', distance: 1 }],
      }) as Extract<EliteUnitCommand, { type: 'attack' }>;
      return attackOdds(t.state, command, GM);
    };
    const intact = odds(false);
    const fitted = odds(true);
    expect(fitted.hit).toBeCloseTo(intact.hit, 12);
    // A first hit on an intact trunk only damages it; a prosthetic one fails on a d10 of 1.
    const extra = fitted.dead - intact.dead;
    expect(extra).toBeGreaterThan(0);
    expect(extra).toBeLessThanOrEqual(0.1 * 0.2 * fitted.hit + 1e-12);
  });
});

/**
 * The pending attack's defence played through the ruleset for every defence face and every
 * damage face (location faces fixed: they move no Stamina): hit chance, Stamina and hull DC lost.
 */
function playedOut(
  t: Table,
  seat: Seat,
  targetId: string,
  dice: { count: number; sides: number },
  uncovered?: string[],
) {
  const combos: number[][] = [[]];
  for (let i = 0; i < dice.count; i++)
    combos.splice(
      0,
      combos.length,
      ...combos.flatMap((c) => Array.from({ length: dice.sides }, (_, f) => [...c, f + 1])),
    );
  let hit = 0;
  let stamina = 0;
  let dc = 0;
  const staminaOf = (s: EliteUnitState) => s.characters[targetId]?.stamina ?? 0;
  const dcOf = (s: EliteUnitState) => s.vehicles[targetId]?.dc ?? 0;
  for (let d = 1; d <= 20; d++)
    for (const faces of combos) {
      const command = { type: 'defend' as const, targetId, ...(uncovered ? { uncovered } : {}) };
      const events = eliteUnit.decide(t.state, command, {
        actor: seat,
        dice: new ScriptedDice([d, ...faces, 5, 5, 2]),
      });
      let after = t.state;
      for (const e of events) after = eliteUnit.evolve(after, e);
      const w = 1 / (20 * combos.length);
      if (events.some((e) => e.type === 'attack.resolved' && e.hit)) hit += w;
      stamina += w * (staminaOf(t.state) - staminaOf(after));
      dc += w * (dcOf(t.state) - dcOf(after));
    }
  return { hit, stamina, dc };
}

describe('odds the rulings and vehicles change', () => {
  it("the GM's partial-armour ruling counts: the uncovered layers pass the blow untouched", () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('enforcer', 'b');
    t.run({ type: 'attack', attackerId: 'b', weapon: 'w1', targets: [{ id: 'a', distance: 1 }] }, GM, [15]);
    // A sword's 2D10 never passes the flak vest: nothing reaches Stamina while it covers.
    expect(defenceOdds(t.state).staminaLost).toBe(0);
    const ruled = defenceOdds(t.state, undefined, ['a1']);
    const played = playedOut(t, GM, 'a', { count: 2, sides: 10 }, ['a1']);
    expect(ruled.hit).toBeCloseTo(played.hit, 12);
    expect(ruled.staminaLost).toBeGreaterThan(0);
    expect(ruled.staminaLost).toBeCloseTo(played.stamina, 12);
    expect(defenceOdds(t.state, undefined, [])).toEqual(defenceOdds(t.state));
  });

  it("an enclosed vehicle's hull stands before an occupant's own layers", () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('enforcer', 'b');
    t.run({ type: 'gm.set', id: 'a', field: 'layerDc', name: 'a1', value: 0 });
    t.run({ type: 'gm.set', id: 'a', field: 'layerDc', name: 'a2', value: 0 });
    t.run({ type: 'vehicle.add', from: 'hatchback', id: 'car' });
    const bare = (() => {
      const u = new Table();
      u.add('castell', 'a', P1);
      u.add('enforcer', 'b');
      u.run({ type: 'gm.set', id: 'a', field: 'layerDc', name: 'a1', value: 0 });
      u.run({ type: 'gm.set', id: 'a', field: 'layerDc', name: 'a2', value: 0 });
      u.run({ type: 'attack', attackerId: 'b', weapon: 'w1', targets: [{ id: 'a', distance: 1 }] }, GM, [15]);
      return defenceOdds(u.state);
    })();
    t.run({ type: 'vehicle.board', vehicleId: 'car', characterId: 'a', as: 'seated' }, P1);
    t.run({ type: 'attack', attackerId: 'b', weapon: 'w1', targets: [{ id: 'a', distance: 1 }] }, GM, [15]);
    const odds = defenceOdds(t.state);
    expect(bare.staminaLost).toBeGreaterThan(0);
    // 2D10 against the hatchback's hull (Resilience 8, DC 200): dented, never through.
    expect(odds.staminaLost).toBe(0);
    expect(odds.staminaLost).toBeCloseTo(playedOut(t, P1, 'a', { count: 2, sides: 10 }).stamina, 12);
  });

  it('an attack on a vehicle: hit, hull DC lost and wrecks; evasion adds half the modified Reactions', () => {
    const t = new Table();
    t.add('castell', 'a', P1);
    t.add('vey', 'v', P2);
    t.run({ type: 'vehicle.add', from: 'buggy', id: 'bug' });
    t.run({ type: 'vehicle.drive', vehicleId: 'bug', dc: 20 });
    const command = eliteUnit.commandSchema.parse({
      type: 'attack',
      attackerId: 'a',
      weapon: 'w1',
      mode: 'burst',
      targets: [{ id: 'bug', distance: 40 }],
    }) as Extract<EliteUnitCommand, { type: 'attack' }>;
    // Attack d20 + 11 (Attack 8, column +3) against a driverless d20 + 0.
    let pairs = 0;
    for (let a = 1; a <= 20; a++) for (let d = 1; d <= 20; d++) if (a + 11 > d) pairs++;
    const before = vehicleAttackOdds(t.state, command, P1);
    expect(before.hit).toBeCloseTo(pairs / 400, 12);
    expect(before.wrecked).toBeGreaterThan(0);
    expect(() => attackOdds(t.state, command, P1)).toThrow(RangeError);

    t.run({ type: 'vehicle.board', vehicleId: 'bug', characterId: 'v', as: 'driver', controls: 'port' }, P2);
    t.run({ type: 'vehicle.drive', vehicleId: 'bug', evasive: true }, P2);
    t.run(command, P1, [4]);
    const odds = vehicleDefenceOdds(t.state);
    const played = playedOut(t, P2, 'bug', { count: 2, sides: 6 });
    expect(odds.hit).toBeCloseTo(played.hit, 12);
    expect(odds.dcLost).toBeCloseTo(played.dc, 12);
    // Vey's modified Reactions through the port: 15 (pilot 3 ≥ level 1) + handling 2 = 17, half 8.
    expect(odds.hit).toBeCloseTo(Math.max(0, 15 - 8 - 1) / 20, 12);
    expect(() => defenceOdds(t.state)).toThrow(RangeError);
  });
});

describe('exact odds of driving (§13.3, §13.6)', () => {
  type Risky = Extract<EliteUnitCommand, { type: 'vehicle.risky' }>;
  type Ram = Extract<EliteUnitCommand, { type: 'vehicle.ram' }>;

  it("a risky action: the save's target and chance, the same as the faces the ruleset passes", () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    // Vey in the APC by port: Reactions 15, handling −2, narrow space −5 → 8.
    const command: Risky = {
      type: 'vehicle.risky',
      driverId: 'vey',
      vehicle: 'apc',
      controls: 'port',
      action: 'narrowSpace',
    };
    const odds = riskyOdds(t.state, command, P2);
    expect(odds.target).toBe(8);
    let passed = 0;
    for (let face = 1; face <= 20; face++) {
      const { events } = decideAndFold(t.state, command, { actor: P2, dice: new ScriptedDice([face, 1]) });
      const save = events.find((e) => e.type === 'save.rolled');
      if (save?.type === 'save.rolled' && save.save.success) passed++;
    }
    expect(odds.success).toBeCloseTo(passed / 20, 12);
    expect(odds.success).toBeCloseTo(7 / 20, 12);
    // A target of 1 or less never succeeds: the gunship's air gap (level 5 over pilot 3, −7).
    expect(riskyOdds(t.state, { ...command, vehicle: 'gunship', action: 'airGap' }, P2)).toEqual({
      target: 1,
      success: 0,
    });
    // What the rules refuse is refused here too, with their code.
    expect(() => riskyOdds(t.state, { ...command, action: 'bumpyGround' }, P2)).toThrow(/tracked/);
    expect(() => riskyOdds(t.state, command, P1)).toThrow(/not yours/);
  });

  it('a ram on a character: its hit chance counts the d20 pairs of the ram and the dodge', () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    t.add('raider', 'r');
    const command: Ram = {
      type: 'vehicle.ram',
      driverId: 'vey',
      vehicle: 'buggy',
      controls: 'port',
      kph: 25,
      targetId: 'r',
      situation: { speedKph: 25 },
    };
    const odds = attackOdds(t.state, command, P2);
    // Ram d20 + 17 (Reactions 15, handling +2) against the raider's d20 + 4: a hit when a + 13 > d.
    let pairs = 0;
    for (let a = 1; a <= 20; a++) for (let d = 1; d <= 20; d++) if (a + 13 > d) pairs++;
    expect(odds.hit).toBeCloseTo(pairs / 400, 12);
    // 4D6 (25 kph) never passes the flak vest (R 6, DC 40) to Stamina.
    expect(odds.hurt).toBe(0);
    expect(() => vehicleAttackOdds(t.state, command, P2)).toThrow(RangeError);
  });

  it('a ram on a vehicle in the scene: hit, hull DC lost and wrecks', () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    t.run({ type: 'vehicle.add', from: 'hatchback', id: 'car' });
    const id = 'car';
    const command: Ram = {
      type: 'vehicle.ram',
      driverId: 'vey',
      vehicle: 'buggy',
      controls: 'port',
      kph: 60,
      targetId: id,
      situation: {},
    };
    const odds = vehicleAttackOdds(t.state, command, P2);
    // A standing vehicle defends with d20 + 0: the ram's d20 + 17 hits when a + 17 > d.
    let pairs = 0;
    for (let a = 1; a <= 20; a++) for (let d = 1; d <= 20; d++) if (a + 17 > d) pairs++;
    expect(odds.hit).toBeCloseTo(pairs / 400, 12);
    expect(odds.dcLost).toBeGreaterThan(0);
    expect(odds.wrecked).toBeGreaterThanOrEqual(0);
    expect(odds.wrecked).toBeLessThanOrEqual(odds.hit);
  });
});
