import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { activateThreat } from './activate.ts';
import { beginPack, findPacks, planThreatPhase } from './order.ts';
import { FakeWorld } from './test-world.ts';

describe('phase order (13.2)', () => {
  it('nearest the Team first; ties rolled off in placement order, tied again re-rolled; acted Threats left out', () => {
    const w = new FakeWorld()
      .addTeamer('A', 4, 4, 0)
      .addThreat('t1', 0, 0, 0, { species: 'skitter' }) // 4 away
      .addThreat('t2', 4, 0, 0, { species: 'skitter' }) // 4 away
      .addThreat('t3', 3, 3, 0, { species: 'skitter' }) // 1 away
      .addThreat('t4', 2, 2, 0, { species: 'skitter', acted: true })
      .addThreat('t5', 0, 4, 0, { species: 'skitter', waiting: true }); // 4 away, waiting: still in the order
    const dice = new ScriptedDice([4, 4, 2, 1, 6]);
    const plan = planThreatPhase(w, dice);
    expect(dice.remaining).toBe(0);
    expect(plan.units.map((u) => (u.kind === 'threat' ? u.threat : u.members.join('+')))).toEqual([
      't3',
      't2',
      't1',
      't5',
    ]);
    expect(plan.rollOffs[0]).toMatchObject({
      purpose: 'Threat phase order',
      parties: ['t1', 't2', 't5'],
      rounds: [
        [4, 4, 2],
        [1, 6],
      ],
      result: ['t2', 't1', 't5'],
    });
  });

  it('distance counts through closed doors, not through walls', () => {
    const w = new FakeWorld().addTeamer('A', 6, 2, 0);
    w.wallColumn(5, 0, 14);
    w.door('d', 4, 2, 5, 2);
    w.addThreat('near', 4, 2, 0, { species: 'skitter' }).addThreat('far', 4, 7, 0, { species: 'skitter' });
    const plan = planThreatPhase(w, new ScriptedDice([]));
    expect(plan.units).toEqual([
      { kind: 'threat', threat: 'near', distance: 2 },
      { kind: 'threat', threat: 'far', distance: 7 },
    ]);
  });

  it('a species without a profile is refused when the phase is planned', () => {
    const w = new FakeWorld().addTeamer('A', 6, 2, 0).addThreat('x', 1, 1, 0, { species: 'gloop' });
    expect(() => planThreatPhase(w, new ScriptedDice([]))).toThrowError(
      expect.objectContaining({ code: 'THREAT_PROFILE_MISSING' }),
    );
  });
});

describe('packs (13.6)', () => {
  it('two or more Harpies joined orthogonally, never diagonally; others join along; waiting or carrying ones and Skitters do not', () => {
    const w = new FakeWorld()
      .addTeamer('A', 12, 12, 0)
      .addThreat('a', 1, 1)
      .addThreat('b', 2, 1)
      .addThreat('c', 2, 2) // joins through b
      .addThreat('d', 3, 3) // only diagonal to c
      .addThreat('e', 6, 6)
      .addThreat('f', 6, 7, 0, { waiting: true })
      .addThreat('k', 11, 1, 0, { carrying: 'T' })
      .addThreat('l', 12, 1)
      .addThreat('g', 9, 9, 0, { species: 'skitter' })
      .addThreat('h', 9, 10, 0, { species: 'skitter' });
    expect(findPacks(w)).toEqual([['a', 'b', 'c']]);
  });

  it('a pack counts as its nearest member in the phase order', () => {
    const w = new FakeWorld()
      .addTeamer('A', 7, 7, 0)
      .addThreat('solo', 7, 2, 0, { species: 'skitter' }) // 5 away
      .addThreat('p1', 7, 13) // 6 away
      .addThreat('p2', 7, 11); // 4 away
    w.addThreat('p3', 7, 12); // joins p1 and p2
    const plan = planThreatPhase(w, new ScriptedDice([]));
    expect(plan.units).toEqual([
      { kind: 'pack', members: ['p1', 'p2', 'p3'], distance: 4 },
      { kind: 'threat', threat: 'solo', distance: 5 },
    ]);
  });

  it('each member throws its movement die (nearest first) and all use the best; none can reach: all hide, no reaction rolls', () => {
    const w = new FakeWorld().addTeamer('A', 8, 1, 6).addThreat('h1', 1, 1).addThreat('h2', 2, 1);
    w.wallColumn(5, 0, 14);
    w.door('d', 4, 1, 5, 1); // closed: the pack cannot get at A this turn
    const dice = new ScriptedDice([2, 5]);
    const pack = beginPack(w, ['h1', 'h2'], dice);
    expect(dice.remaining).toBe(0);
    expect(pack).toMatchObject({
      members: ['h2', 'h1'],
      throws: [
        { threat: 'h2', faces: [2], value: 2 },
        { threat: 'h1', faces: [5], value: 5 },
      ],
      allowance: 5,
      allHide: true,
    });
    const d = activateThreat(w, 'h2', new ScriptedDice([]), { pack });
    expect(d).toMatchObject({ mode: 'pack', because: 'packCannotReach', choice: 'hide', reaction: null });
    expect(d.movement).toMatchObject({ faces: [], allowance: 5, from: 'pack' });
  });

  it('a pack that can reach rolls each reaction with −2, and moves with the best throw', () => {
    const w = new FakeWorld().addTeamer('A', 1, 4, 0).addThreat('h1', 1, 0, 4).addThreat('h2', 2, 0, 4);
    const pack = beginPack(w, ['h1', 'h2'], new ScriptedDice([1, 6, 3, 2]));
    expect(pack.members).toEqual(['h2', 'h1']); // tied at 4 squares: roll-off 1 v 6
    expect(pack.allowance).toBe(3);
    expect(pack.allHide).toBe(false);
    const dice = new ScriptedDice([6]);
    const d = activateThreat(w, 'h1', dice, { pack });
    expect(dice.remaining).toBe(0);
    expect(d.reaction).toMatchObject({
      face: 6,
      modifiers: [{ code: 'inPack', value: -2 }],
      total: 4,
      row: 4,
    });
    expect(d.choice).toBe('attack');
    expect(d.actions.at(-1)).toMatchObject({ kind: 'grapple', teamer: 'A' });
  });
});
