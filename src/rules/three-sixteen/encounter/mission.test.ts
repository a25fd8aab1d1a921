import { describe, expect, it } from 'vitest';
import { TestTable } from './test-kit.ts';

describe('3:16 setting a planet', () => {
  it('reads the AA method from the PCs only; NPC squad members count for Threat', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    // A GM-run squad member with FA 2: method 1 (lowest FA) would read 2 if it counted.
    t.send(gm, { type: 'createTrooper', ownerSeatId: null, name: 'Pvt Dummy', fa: 2, nfa: 8 }, [1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'Kalta', aaMethod: 1 });
    expect(t.state.planet).toMatchObject({ aa: 5, threat: { initial: 10 } });
  });

  it('a squad of NPCs alone stands in for its own PCs', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    t.send(gm, { type: 'createTrooper', ownerSeatId: null, name: 'Pvt Dummy', fa: 3, nfa: 7 }, [1, 1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'Kalta', aaMethod: 1 });
    expect(t.state.planet?.aa).toBe(3);
  });
});

describe('3:16 a new planet', () => {
  it('resets armour, per-planet uses and Lasting Wounds, and opens the mission record afresh', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'First', aa: 5 });
    t.send(gm, { type: 'briefMission', text: '' });
    // What a mission leaves on her: armour spent, a Lasting Wound, kills and flags.
    const before = t.state.troopers.t1;
    if (!before) throw new Error('no trooper');
    t.state = {
      ...t.state,
      troopers: {
        ...t.state.troopers,
        t1: {
          ...before,
          armour: 'used',
          lastingWounds: 1,
          health: ['X', null, null],
          killsThisMission: 7,
          planetUses: { ...before.planetUses, dropShipArmourUsed: true },
          missionFlags: { ...before.missionFlags, usedStrength: true, woundsTaken: 2 },
        },
      },
    };
    t.send(gm, { type: 'endMission' });
    t.send(gm, { type: 'debrief' });
    t.send(gm, { type: 'rollLevels' });
    t.send(gm, { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5 });
    const after = t.state.troopers.t1;
    expect(after).toMatchObject({ armour: 'available', lastingWounds: 0, killsThisMission: 0 });
    expect(after?.planetUses).toEqual(before.planetUses);
    expect(after?.missionFlags).toEqual(before.missionFlags);
  });
});
