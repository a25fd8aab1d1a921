import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { defaultPack } from './data/pack.ts';
import type { PersonalScenario } from './data/pack-schema.ts';
import type { RhylanorEvent } from './ruleset.ts';
import {
  type FirefightPolicy,
  fightFirefight,
  firefightStart,
  simulateFirefights,
} from './simulate-personal.ts';

describe('firefight simulator (through the ruleset)', () => {
  it('plays the pack scenarios to an end, the same seed the same numbers', () => {
    for (const scenario of defaultPack.scenarios) {
      const a = simulateFirefights(defaultPack, scenario, 40, 7);
      const b = simulateFirefights(defaultPack, scenario, 40, 7);
      expect(a).toEqual(b);
      expect(a.wins.a.count + a.wins.b.count + a.undecided.count).toBe(40);
      // Fights end: most are decided inside the turn limit.
      expect(a.undecided.count).toBeLessThan(40);
      expect(a.turns.mean).toBeGreaterThan(0);
    }
  });

  it('begins the fight with the scenario’s cover on the map', () => {
    const start = firefightStart(
      defaultPack,
      defaultPack.scenarios[0] as (typeof defaultPack.scenarios)[number],
    );
    expect(start.combat?.coverMap).toEqual([
      { id: 1, x: 14, y: 1.5, radius: 3, cover: 2, name: 'cargo pallets' },
    ]);
  });
});

describe('the firefight policy', () => {
  const brawl = defaultPack.scenarios[0] as (typeof defaultPack.scenarios)[number];

  /** The events of `n` fights from seed 1. */
  function logs(
    scenario: PersonalScenario,
    n: number,
    policy: Partial<FirefightPolicy> = {},
  ): RhylanorEvent[][] {
    const start = firefightStart(defaultPack, scenario);
    const dice = new SeededDice(1);
    const out: RhylanorEvent[][] = [];
    for (let i = 0; i < n; i++) {
      const log: RhylanorEvent[] = [];
      fightFirefight(start, dice, 20, { log, policy });
      out.push(log);
    }
    return out;
  }

  it('spends pool points only where they turn the roll, and not at all when told not to', () => {
    let spends = 0;
    for (const log of logs(brawl, 60)) {
      for (let i = 0; i < log.length; i++) {
        const e = log[i] as RhylanorEvent;
        if (e.type !== 'pool.spent' || e.rollIndex === null) continue;
        spends++;
        // Where nobody answered it, the roll closes on the spender's side of the line: a hit or a
        // held check he needed, a miss he wanted, a wound that drops the man (9+) or does not.
        const closed = log.slice(i).find((x) => x.type === 'window.closed');
        const roll = closed?.type === 'window.closed' ? closed.rolls[e.rollIndex] : undefined;
        expect(roll).toBeDefined();
        if (roll?.pool.length !== 1) continue;
        const wound = roll.purpose.startsWith('wound roll');
        const turned = wound ? roll.total >= 9 : roll.success;
        expect(turned).toBe(e.delta > 0);
      }
    }
    expect(spends).toBeGreaterThan(10);
    const none = logs(brawl, 30, { spendPool: false }).flat();
    expect(none.some((e) => e.type === 'pool.spent')).toBe(false);
  });

  it('has a fled side’s leader try a rally in its own command phase', () => {
    const rallies = logs(brawl, 100)
      .flat()
      .filter((e) => e.type === 'combat.moraleRolled' && e.rally);
    expect(rallies.length).toBeGreaterThan(0);
    const off = logs(brawl, 100, { rally: false })
      .flat()
      .filter((e) => e.type === 'combat.moraleRolled' && e.rally);
    expect(off).toEqual([]);
  });

  it('strikes with the cutlass, not bare hands, when in contact', () => {
    const close: PersonalScenario = {
      ...brawl,
      name: 'Blades drawn',
      cover: [],
      sides: [
        {
          ...(brawl.sides[0] as PersonalScenario['sides'][number]),
          members: [{ sheet: 'okonkwo', x: 0, y: 0, cover: 0 }],
        },
        {
          ...(brawl.sides[1] as PersonalScenario['sides'][number]),
          members: [{ sheet: 'starport-guard', x: 1, y: 0, cover: 0 }],
        },
      ],
    };
    const struck = logs(close, 20)
      .flat()
      .filter((e) => e.type === 'combat.meleeStruck' && e.attackerId === 'c1');
    expect(struck.length).toBeGreaterThan(0);
    for (const e of struck) expect(e.type === 'combat.meleeStruck' && e.weaponId).toBe('cutlass');
    const bare = logs(close, 20, { chooseMelee: false })
      .flat()
      .filter((e) => e.type === 'combat.meleeStruck' && e.attackerId === 'c1');
    for (const e of bare) expect(e.type === 'combat.meleeStruck' && e.weaponId).toBe('unarmed');
  });

  it('fights the pack’s contact scenario hand to hand: blades and claws, no walk on the spot', () => {
    const hold = defaultPack.scenarios.find((x) => x.name === 'Pouncers in the hold');
    if (!hold) throw new Error('the default pack lost its melee scenario');
    // Every pouncer starts within contact of a crewman.
    const start = firefightStart(defaultPack, hold);
    const combat = start.combat;
    if (!combat) throw new Error('no fight');
    for (const id of combat.sides.b.members) {
      const m = combat.combatants[id];
      const near = combat.sides.a.members.some((a) => {
        const o = combat.combatants[a];
        return m && o && Math.hypot(m.x - o.x, m.y - o.y) <= 2;
      });
      expect(near, id).toBe(true);
    }
    const events = logs(hold, 40).flat();
    const struck = events.filter((e) => e.type === 'combat.meleeStruck');
    // Arrano (c1) strikes with his dagger, Marchetti (c2) with bare hands, the pouncers with claws.
    expect(struck.filter((e) => e.attackerId === 'c1').map((e) => e.weaponId)).toContain('dagger');
    expect(new Set(struck.filter((e) => e.attackerId === 'c1').map((e) => e.weaponId))).toEqual(
      new Set(['dagger']),
    );
    expect(new Set(struck.filter((e) => e.attackerId === 'c2').map((e) => e.weaponId))).toEqual(
      new Set(['unarmed']),
    );
    expect(
      new Set(struck.filter((e) => e.attackerId === 'c3' || e.attackerId === 'c4').map((e) => e.weaponId)),
    ).toEqual(new Set(['claws']));
    // A pouncer walks only to go somewhere (to the next crewman once his own is down), never on the spot.
    let walks = 0;
    for (const log of logs(hold, 40)) {
      const at = new Map(Object.values(combat.combatants).map((m) => [m.id, `${m.x},${m.y}`]));
      for (const e of log) {
        if (e.type !== 'combat.moved' || e.x === undefined) continue;
        const to = `${e.x},${e.y}`;
        if ((e.id === 'c3' || e.id === 'c4') && e.option === 'walk') {
          walks++;
          expect(to).not.toBe(at.get(e.id));
        }
        at.set(e.id, to);
      }
    }
    expect(walks).toBeGreaterThan(0);
  });
});
