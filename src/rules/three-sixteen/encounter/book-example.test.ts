import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { pendingDecisions } from '../ruleset.ts';
import { ones, TestTable } from './test-kit.ts';

/**
 * The book's "An example of combat": Cpl Bam (FA 8 / NFA 2), Tpr Dog (FA 7 / NFA 3) and Sgt Alvida
 * (FA 3 / NFA 7) against Eel-beasts, 4 Threat Tokens, AA 6. Replayed turn by turn with the book's
 * dice. (The PDF interleaves the two rounds; read in column order they are round one with the
 * aliens' 5 and round two with their 7.)
 */
function bookTable() {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const pBam = t.seat('p1', 'player');
  const pDog = t.seat('p2', 'player');
  const pAlvida = t.seat('p3', 'player');
  t.send(
    gm,
    { type: 'createTrooper', ownerSeatId: 'p1', name: 'Bam', reputation: '', fa: 8, nfa: 2, rank: 1 },
    ones(8),
  );
  t.send(
    gm,
    { type: 'createTrooper', ownerSeatId: 'p2', name: 'Dog', reputation: '', fa: 7, nfa: 3, rank: 0 },
    ones(7),
  );
  t.send(
    gm,
    {
      type: 'createTrooper',
      ownerSeatId: 'p3',
      name: 'Alvida',
      reputation: '',
      fa: 3,
      nfa: 7,
      rank: 2,
      weaponChoice: 'slugRifle',
    },
    ones(3),
  );
  // Alvida walks in with her sidearm: the example has her switch to the Slug Rifle with an NFA roll.
  t.send(pAlvida, { type: 'setDefaultWeapon', trooperId: 't3', weapon: 'sidearm' });
  t.send(gm, { type: 'setPlanet', name: 'Eel world', form: 'Eel-beasts with razor hands', aa: 6, threat: 4 });
  t.send(gm, { type: 'briefMission', text: 'Clear the trenches.' });
  t.send(gm, { type: 'startEncounter', tokens: 4 });
  return { t, gm, pBam, pDog, pAlvida };
}

describe('3:16 book: an example of combat', () => {
  it('plays dominance and two rounds as the book tells them', () => {
    const { t, gm, pBam, pDog, pAlvida } = bookTable();
    const bam = 't1';
    const dog = 't2';
    const alvida = 't3';
    const s = () => t.state;
    const enc = () => {
      const e = t.state.encounter;
      if (!e) throw new Error('no encounter');
      return e;
    };

    // Dominance: aliens 6 (success), Bam 6 (fail), Dog 5 (fail), Alvida 3 (success).
    t.send(gm, { type: 'rollDominance', actor: 'aliens' }, [6]);
    t.send(pBam, { type: 'rollDominance', actor: bam }, [6]);
    t.send(pDog, { type: 'rollDominance', actor: dog }, [5]);
    t.send(pAlvida, { type: 'rollDominance', actor: alvida }, [3]);
    // The aliens hold the highest success: the GM sets the range.
    expect(enc().step).toBe('setRange');
    expect(enc().rangeSetter).toBe('aliens');
    expect(enc().ambush).toBeNull();
    expect(t.refuse(pAlvida, { type: 'setRange', range: 'near' })).toBe('NOT_YOUR_TURN');
    t.send(gm, { type: 'setRange', range: 'close' });
    expect(enc().positions).toEqual({ t1: 'close', t2: 'close', t3: 'close' });
    expect(enc().round).toBe(1);

    // Round one: Alvida NFA to Near (and to her Slug Rifle); Bam and Dog switch to Hand-to-Hand for free.
    t.send(pAlvida, {
      type: 'declare',
      trooperId: alvida,
      declaration: { kind: 'nfa', task: { kind: 'manoeuvre', move: 'farther', switchTo: 'slugRifle' } },
    });
    t.send(pBam, { type: 'declare', trooperId: bam, declaration: { kind: 'fa', weapon: 'handToHand' } });
    t.send(pDog, { type: 'declare', trooperId: dog, declaration: { kind: 'fa', weapon: 'handToHand' } });
    t.send(gm, { type: 'declareAliens' });
    // Aliens 5, Bam 5, Alvida 1 (successes), Dog 9 (failure).
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [5]);
    t.send(pBam, { type: 'rollTest', actor: bam }, [5]);
    t.send(pAlvida, { type: 'rollTest', actor: alvida }, [1]);
    // The last die completes the round; aliens and Bam tie at 5, so the engine rolls them off
    // (Bam 3, aliens 7: the aliens' kills land first, but ties are simultaneous anyway).
    t.send(pDog, { type: 'rollTest', actor: dog }, [9, 3, 7]);
    expect(enc().step).toBe('resolve');
    expect(enc().queue.map((q) => [q.actor, q.face, q.success])).toEqual([
      ['aliens', 5, true],
      [bam, 5, true],
      [alvida, 1, true],
      [dog, 9, false],
    ]);
    expect(pendingDecisions(s())).toEqual([{ seat: 'gm', kind: 'takeTurn', actor: 'aliens' }]);

    // On 5 the aliens cause a kill to every PC: Bam tied (equal), Alvida lower, Dog failed.
    t.send(gm, { type: 'takeTurn', actor: 'aliens', narration: 'Razor hands everywhere.' });
    expect(enc().pendingKills.map((p) => p.trooperId)).toEqual([bam, dog, alvida]);
    expect(t.refuse(pBam, { type: 'takeTurn', actor: bam })).toBe('PENDING_DECISION');
    expect(t.refuse(pBam, { type: 'answerKill', trooperId: dog, useArmour: false })).toBe('NOT_YOUR_TROOPER');
    // No one uses armour: everyone is A Mess.
    t.send(pBam, { type: 'answerKill', trooperId: bam, useArmour: false });
    t.send(pDog, { type: 'answerKill', trooperId: dog, useArmour: false });
    t.send(pAlvida, { type: 'answerKill', trooperId: alvida, useArmour: false });
    for (const id of [bam, dog, alvida]) expect(s().troopers[id]?.health).toEqual(['X', null, null]);

    // Also on 5, Bam removes a token and kills 1 (Hand-to-Hand at Close kills exactly 1: no die).
    const bamKills = s().troopers[bam]?.totalKills ?? 0;
    t.send(pBam, { type: 'takeTurn', actor: bam });
    expect(enc().tokens).toBe(3);
    expect(s().troopers[bam]?.killsThisMission).toBe(1);
    expect(s().troopers[bam]?.totalKills).toBe(bamKills + 1);
    // Bam was not before the aliens (they tied), so he could not have moved.
    // On 1 Alvida moves to Near and takes up her Slug Rifle.
    t.send(pAlvida, { type: 'takeTurn', actor: alvida });
    expect(enc().positions[alvida]).toBe('near');
    expect(s().troopers[alvida]?.currentWeapon).toBe('slugRifle');
    // Dog's failure on 9: colour only.
    t.send(pDog, { type: 'takeTurn', actor: dog, narration: 'Slashes at nothing and dives into a trench.' });
    expect(enc().round).toBe(2);
    expect(enc().step).toBe('declare');

    // Round two: Alvida fights at Near, Bam keeps to Hand-to-Hand, Dog switches to Grenades for free.
    t.send(pAlvida, { type: 'declare', trooperId: alvida, declaration: { kind: 'fa', weapon: 'slugRifle' } });
    t.send(pBam, { type: 'declare', trooperId: bam, declaration: { kind: 'fa', weapon: 'handToHand' } });
    t.send(pDog, { type: 'declare', trooperId: dog, declaration: { kind: 'fa', weapon: 'grenades' } });
    t.send(gm, { type: 'declareAliens' });
    // Aliens 7 (fail), Bam 6 (success), Alvida 8 (fail), Dog 5 (success): no tie among successes.
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [7]);
    t.send(pBam, { type: 'rollTest', actor: bam }, [6]);
    t.send(pAlvida, { type: 'rollTest', actor: alvida }, [8]);
    t.send(pDog, { type: 'rollTest', actor: dog }, [5]);
    expect(enc().queue.map((q) => q.actor)).toEqual([bam, dog, alvida, 'aliens']);

    // On 6 Bam kills 1 and, having beaten the aliens to it, runs to Near.
    t.send(pBam, { type: 'takeTurn', actor: bam, move: 'farther' });
    expect(enc().positions[bam]).toBe('near');
    expect(enc().tokens).toBe(2);
    // On 5 Dog's grenades (d10) frag 8. Bam succeeded and Alvida is at Near: the blast spares them.
    t.send(pDog, { type: 'takeTurn', actor: dog }, [8]);
    expect(s().troopers[dog]?.killsThisMission).toBe(8);
    expect(enc().tokens).toBe(1);
    expect(enc().pendingKills).toEqual([]);
    expect(s().troopers[bam]?.health).toEqual(['X', null, null]);
    expect(s().troopers[alvida]?.health).toEqual(['X', null, null]);
    // Failures: Alvida's 8, then the aliens' 7, add colour.
    t.send(pAlvida, { type: 'takeTurn', actor: alvida, narration: 'Too fast to hit.' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens', narration: 'They fall back to regroup.' });

    // One token left: the encounter goes on.
    expect(enc().tokens).toBe(1);
    expect(enc().round).toBe(3);
    expect(s().planet?.threat.removed).toBe(3);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});
