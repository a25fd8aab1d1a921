import { describe, expect, it } from 'vitest';
import { defaultPack } from './data/pack.ts';
import type { Pack } from './data/pack-schema.ts';
import type { EliteUnitEvent } from './events.ts';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, P2, Table } from './test-kit.ts';

/** Hidden NPC sheets and hidden rolls never reach a player's view or a player's copy of an event. */

function hiddenFight(): Table {
  const t = new Table();
  t.add('castell', 'castell', P1);
  t.add('enforcer', 'boss');
  t.run({ type: 'gm.set', id: 'boss', field: 'attribute', name: 'attack', value: 777 });
  t.run({ type: 'gm.set', id: 'boss', field: 'staminaMax', value: 888 });
  t.run({ type: 'gm.set', id: 'boss', field: 'stamina', value: 877 });
  t.run({ type: 'battle.start', ids: ['boss', 'castell'] }, GM, [20, 1]);
  t.run(
    { type: 'attack', attackerId: 'boss', weapon: 'w1', targets: [{ id: 'castell', distance: 1 }] },
    GM,
    [3],
  );
  t.run({ type: 'defend', targetId: 'castell' }, P1, [1, 5, 5]);
  t.run({ type: 'save', id: 'boss', attribute: 'willpower' }, GM, [4]);
  t.run({ type: 'save', id: 'castell', attribute: 'reactions', hidden: true }, GM, [7]);
  t.run({ type: 'table.roll', table: 'percent', hidden: true }, GM, [7, 7]);
  return t;
}

describe('hidden information', () => {
  it('NPCs are hidden by default; a player sees a name and state words only', () => {
    const t = hiddenFight();
    const view = JSON.stringify(eliteUnit.view(t.state, P2));
    expect(view).not.toMatch(/777|888|877/);
    expect(view).toContain('Enforcer');
    expect(JSON.stringify(eliteUnit.view(t.state, GM))).toMatch(/777/);
  });
  it("no player's copy of any event carries the hidden numbers or hidden rolls", () => {
    const t = hiddenFight();
    for (const seat of [P1, P2]) {
      const json = JSON.stringify(t.log.map((e) => eliteUnit.redact(e, seat)));
      expect(json).not.toMatch(/777|888|877/);
      expect(json).not.toContain('"faces":[7,7]');
      expect(json).not.toContain('"faces":[7]');
    }
    expect(JSON.stringify(t.log.map((e) => eliteUnit.redact(e, GM)))).toMatch(/777/);
  });
  it('the undo snapshot and the GM questions stay with the GM', () => {
    const t = hiddenFight();
    const view = eliteUnit.view(t.state, P1) as { undo: unknown; questions: unknown[] };
    expect(view.questions).toEqual([]);
    expect(JSON.stringify(view.undo)).not.toMatch(/777/);
  });
  it('revealing a sheet shows it', () => {
    const t = hiddenFight();
    t.run({ type: 'character.reveal', id: 'boss', hidden: false });
    expect(JSON.stringify(eliteUnit.view(t.state, P1))).toMatch(/777/);
  });
  it("a loaded pack reaches players without its NPC templates (the GM's hidden sheets)", () => {
    const t = new Table();
    const pack = structuredClone(defaultPack) as Pack & { characters: { stamina: number }[] };
    const npc = pack.characters.find((c) => c.id === 'enforcer') as { stamina: number };
    npc.stamina = 4321;
    const [loaded] = t.run({ type: 'pack.load', pack });
    for (const seat of [P1, P2]) {
      expect(JSON.stringify(eliteUnit.redact(loaded as EliteUnitEvent, seat))).not.toContain('4321');
      expect(JSON.stringify(eliteUnit.view(t.state, seat))).not.toContain('4321');
    }
    expect(JSON.stringify(eliteUnit.redact(loaded as EliteUnitEvent, GM))).toContain('4321');
    const copy = eliteUnit.redact(loaded as EliteUnitEvent, P1) as unknown as { pack: Pack };
    expect(copy.pack.characters.map((c) => c.id)).toContain('castell');
  });
});

describe('a player takes a sample character', () => {
  it('for the own seat, open: a PC template only', () => {
    const t = new Table();
    t.run({ type: 'character.add', from: 'castell', id: 'mine' }, P1);
    expect(t.char('mine')).toMatchObject({ ownerSeatId: 'p1', hidden: false });
    const before = t.state;
    for (const [command, code] of [
      [{ type: 'character.add', from: 'raider', id: 'x' }, 'PLAYER_TAKES_PC_ONLY'],
      [{ type: 'character.add', from: 'vey', id: 'x', ownerSeatId: 'p2' }, 'NOT_YOUR_SEAT'],
      [{ type: 'character.add', from: 'vey', id: 'x', hidden: true }, 'GM_ONLY'],
    ] as const) {
      expect(() => t.run(command, P1)).toThrow(expect.objectContaining({ code }));
      expect(t.state).toBe(before);
    }
  });
});

describe("a hidden sheet's totals", () => {
  it("a hidden defender's defence total stays with the GM: players learn hit or miss", () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.add('enforcer', 'boss');
    t.run({ type: 'gm.set', id: 'boss', field: 'attribute', name: 'dodge', value: 611 });
    t.run({ type: 'hold', id: 'c', weapon: 'w1', inHands: true }, P1);
    t.run(
      { type: 'attack', attackerId: 'c', weapon: 'w1', targets: [{ id: 'boss', distance: 5 }] },
      P1,
      [10],
    );
    const [resolved] = t.run({ type: 'defend', targetId: 'boss' }, GM, [7]);
    expect(resolved).toMatchObject({ type: 'attack.resolved', hit: false, defence: { total: 618 } });
    for (const seat of [P1, P2]) {
      const copy = eliteUnit.redact(resolved as EliteUnitEvent, seat);
      expect(copy).toMatchObject({ type: 'attack.resolved', targetId: 'boss', hit: false });
      const json = JSON.stringify([
        ...t.log.map((e) => eliteUnit.redact(e, seat)),
        eliteUnit.view(t.state, seat),
      ]);
      expect(json).not.toMatch(/618|611/);
    }
  });

  it("an open opposed roll (competitive piloting) shows a hidden rival's outcome, not its die or total", () => {
    const t = new Table();
    t.add('vey', 'v', P1);
    t.add('raider', 'boss');
    t.run({ type: 'gm.set', id: 'boss', field: 'attribute', name: 'reactions', value: 777 });
    t.run({ type: 'vehicle.add', from: 'buggy', id: 'bug' });
    t.run({ type: 'vehicle.add', from: 'hatchback', id: 'car' });
    t.run(
      { type: 'vehicle.board', vehicleId: 'bug', characterId: 'v', as: 'driver', controls: 'manual' },
      P1,
    );
    t.run({ type: 'vehicle.board', vehicleId: 'car', characterId: 'boss', as: 'driver', controls: 'manual' });
    const [rolled] = t.run(
      {
        type: 'vehicle.contest',
        purpose: 'the chase',
        driverId: 'v',
        vehicle: 'bug',
        rivalId: 'boss',
        rivalVehicle: 'car',
      },
      P1,
      [12, 13],
    );
    const gmCopy = JSON.stringify(eliteUnit.redact(rolled as EliteUnitEvent, GM));
    expect(gmCopy).toContain('"face":13');
    for (const seat of [P1, P2]) {
      const copy = eliteUnit.redact(rolled as EliteUnitEvent, seat) as unknown as {
        others: unknown[];
        actor: { face: number };
      };
      expect(copy.others).toEqual([{ id: 'boss', actorWins: false }]);
      // The driver's own die stays in sight.
      expect(copy.actor.face).toBe(12);
      expect(JSON.stringify(copy)).not.toMatch(/"face":13|7\d\d/);
    }
  });
});
