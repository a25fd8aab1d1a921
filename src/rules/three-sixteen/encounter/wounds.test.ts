import { describe, expect, it } from 'vitest';
import { fightAt, finishRound } from './test-kit.ts';

const H2H = { kind: 'fa', weapon: 'handToHand' } as const;

describe('3:16 emotional attacks', () => {
  it('a round the GM declares emotional marks E: no armour stops it, three make a wreck', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'Armoured', fa: 5, nfa: 5, patch: { armourPolicy: 'useWhenAvailable' } },
        { name: 'Shaken', fa: 5, nfa: 5, patch: { armourPolicy: 'never', health: ['E', 'E', null] } },
      ],
      { tokens: 3 },
    );
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: H2H });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
    t.send(gm, { type: 'declareAliens', emotional: true });
    expect(t.state.encounter?.roundEffects.emotional).toBe(true);
    // Both troopers fail (9, 10); the aliens' 3 succeeds and hits both.
    t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [10]);
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [3]);
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    // MandelBrite is no use against an E; the third E leaves a wreck, not a corpse.
    expect(t.state.troopers.t1).toMatchObject({ health: ['E', null, null], armour: 'available' });
    expect(t.state.troopers.t2).toMatchObject({ health: ['E', 'E', 'E'], status: 'wreck' });
    // The event that felled it says so, for the log.
    expect(t.log.filter((e) => e.type === 'turn.taken').at(-1)).toMatchObject({
      actor: 'aliens',
      fell: [{ trooperId: 't2', status: 'wreck' }],
    });
    // Next round the attack is a plain one again unless declared so.
    finishRound(t, gm);
    expect(t.state.encounter?.round).toBe(2);
    expect(t.state.encounter?.roundEffects.emotional).toBeUndefined();
    expect(t.log.filter((e) => e.type === 'aliens.declared')).toEqual([
      { type: 'aliens.declared', emotional: true },
    ]);
  });
});

describe('3:16 Kills on the record', () => {
  it('every Kill an event deals is named on it, with its cause and what became of it', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'Never', fa: 5, nfa: 5, patch: { armourPolicy: 'never' } },
        { name: 'Armoured', fa: 5, nfa: 5, patch: { armourPolicy: 'useWhenAvailable' } },
        { name: 'Asks', fa: 5, nfa: 5 },
        { name: 'Thrower', fa: 5, nfa: 5, patch: { armourPolicy: 'never' } },
      ],
      { tokens: 3 },
    );
    for (const id of ['t1', 't2', 't3']) t.send(gm, { type: 'declare', trooperId: id, declaration: H2H });
    t.send(gm, { type: 'declare', trooperId: 't4', declaration: { kind: 'fa', weapon: 'grenades' } });
    t.send(gm, { type: 'declareAliens' });
    // The thrower's 1 is the only success: its blast catches the three who failed.
    t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't3' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't4' }, [1]);
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [10]);
    const [blast] = t.send(gm, { type: 'takeTurn', actor: 't4' }, [4]);
    expect(blast?.hits).toEqual([
      { trooperId: 't1', source: 'grenades', result: 'X' },
      { trooperId: 't2', source: 'grenades', result: 'armour' },
      { trooperId: 't3', source: 'grenades', result: 'asked' },
    ]);
    const [answer] = t.send(t.seat('p3', 'player'), {
      type: 'answerKill',
      trooperId: 't3',
      useArmour: false,
    });
    expect(answer?.hits).toEqual([{ trooperId: 't3', source: 'grenades', result: 'X' }]);
    // Events that deal no Kill carry nothing new.
    expect(t.log.filter((e) => e.type === 'test.rolled').some((e) => 'hits' in e)).toBe(false);
  });

  it("a grenade's blast felling two lands on the record with the thrower's kill roll, in the encounter's order", () => {
    const never = { armourPolicy: 'never' } as const;
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'First', fa: 5, nfa: 5, patch: { ...never, health: ['X', 'X', null] } },
        { name: 'Second', fa: 5, nfa: 5, patch: { ...never, health: ['X', 'X', null] } },
        { name: 'Thrower', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: H2H });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
    t.send(gm, { type: 'declare', trooperId: 't3', declaration: { kind: 'fa', weapon: 'grenades' } });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't3' }, [1]);
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [10]);
    const before = t.state.log.length;
    const [blast] = t.send(gm, { type: 'takeTurn', actor: 't3' }, [4]);
    expect(blast).toMatchObject({
      hits: [
        { trooperId: 't1', source: 'grenades', result: 'X' },
        { trooperId: 't2', source: 'grenades', result: 'X' },
      ],
      fell: [
        { trooperId: 't1', status: 'dead' },
        { trooperId: 't2', status: 'dead' },
      ],
    });
    expect(t.state.troopers.t1).toMatchObject({ health: ['X', 'X', 'X'], status: 'dead' });
    expect(t.state.troopers.t2).toMatchObject({ health: ['X', 'X', 'X'], status: 'dead' });
    expect(t.state.encounter?.out).toMatchObject({ t1: 'dead', t2: 'dead' });
    // The kill roll still took its token: 4 kills, and one for each fellow trooper it left dead.
    expect(t.state.encounter?.tokens).toBe(2);
    expect(t.state.troopers.t3?.killsThisMission).toBe(6);
    const told = t.state.log.slice(before).map((l) => l.text);
    expect(told.indexOf('First is dead.')).toBeLessThan(told.indexOf('Second is dead.'));
    expect(told.indexOf('First is dead.')).toBeGreaterThanOrEqual(0);
  });
});
