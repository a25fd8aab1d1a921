import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import { fightAt, finishRound, playRound, TestTable } from './test-kit.ts';

const H2H = { kind: 'fa', weapon: 'handToHand' } as const;
const never = { armourPolicy: 'never' } as const;

describe('3:16 armour and kills on troopers', () => {
  it('asks the player, who may tick armour (once per planet) or take the wound', () => {
    const { t, gm, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    const p = players[0] as Seat;
    playRound(t, gm, { t1: H2H }, { aliens: 1, t1: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(p, { type: 'answerKill', trooperId: 't1', useArmour: true });
    expect(t.state.troopers.t1?.armour).toBe('used');
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    playRound(t, gm, { t1: H2H }, { aliens: 1, t1: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.refuse(p, { type: 'answerKill', trooperId: 't1', useArmour: true })).toBe('NOT_AVAILABLE');
    t.send(p, { type: 'answerKill', trooperId: 't1', useArmour: false });
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
  });

  it('a third mark kills; the dead take no more turns, and an all-dead encounter ends', () => {
    const { t, gm } = fightAt(
      'close',
      [{ name: 'A', fa: 5, nfa: 5, patch: { ...never, health: ['X', 'X', null] } }],
      {
        tokens: 2,
      },
    );
    playRound(t, gm, { t1: H2H }, { aliens: 1, t1: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('allDead');
    expect(t.state.planet?.threat.pool).toBe(5);
  });

  it('tied successes act together: a trooper felled at the same face still takes its turn', () => {
    const { t, gm } = fightAt(
      'close',
      [{ name: 'A', fa: 5, nfa: 5, patch: { ...never, health: ['X', 'X', null] } }],
      {
        tokens: 2,
      },
    );
    // Both succeed on 3; the roll-off puts the aliens first, their Kill fells A, A still strikes.
    playRound(t, gm, { t1: H2H }, { aliens: 3, t1: 3 }, [2, 8]);
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.status).toBe('dead');
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.planet?.threat.removed).toBe(1);
    expect(t.state.lastEncounter?.endReason).toBe('allDead');
  });

  it('the aliens tied with the turn that takes the last token still strike (after tied PCs)', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 1 },
    );
    // All three on 3; roll-offs A 9, B 5, aliens 2.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 3, t1: 3, t2: 3 }, [9, 5, 2]);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.tokens).toBe(0);
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    expect(t.state.troopers.t2?.killsThisMission).toBe(0);
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.lastEncounter?.endReason).toBe('noTokens');
    expect(t.state.troopers.t1?.missionFlags.woundsTaken).toBe(1);
    expect(t.state.troopers.t2?.missionFlags.woundsTaken).toBe(1);
  });

  it('grenades catch every trooper at Close who failed this round', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    playRound(t, gm, { t1: { kind: 'fa', weapon: 'grenades' }, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [4]);
    expect(t.state.troopers.t1?.killsThisMission).toBe(4);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
  });

  it('a fellow PC felled by the grenade counts as a kill for the thrower; one only wounded does not', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: { ...never, health: ['X', 'X', null] } },
        { name: 'C', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 5 },
    );
    playRound(
      t,
      gm,
      { t1: { kind: 'fa', weapon: 'grenades' }, t2: H2H, t3: H2H },
      { aliens: 9, t1: 2, t2: 9, t3: 9 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [4]);
    // 4 aliens, and B, who ends Dead; C only takes a wound, which counts for nothing.
    expect(t.state.troopers.t2?.status).toBe('dead');
    expect(t.state.troopers.t3?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t1).toMatchObject({ killsThisMission: 5, totalKills: 5 });
  });

  it('a grenade that cannot kill never goes off: thrown from Far, or under Stop Technology', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3, abilities: ['stopTechnology'] },
    );
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't1', value: 'far' },
      reason: 'x',
    });
    // From Far the grenade profile is "–": no kill roll, and B at Close is not caught.
    playRound(t, gm, { t1: { kind: 'fa', weapon: 'grenades' }, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    finishRound(t, gm);
    // Round 2 at Close, technology stopped: the grenade fails, B is not caught either.
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't1', value: 'close' },
      reason: 'x',
    });
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'grenades' } });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'useAbility', ability: 'stopTechnology', from: 'pool' });
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't1' }, [2]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [9]);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    expect(t.state.encounter?.tokens).toBe(3);
  });

  it('every PC heals a Kill between encounters, also one the GM kept out of it', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 2 },
    );
    t.send(gm, { type: 'gmEndEncounter', reason: 'regroup' });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'health', trooperId: 't2', value: ['X', 'X', null] },
      reason: 'hurt on the march',
    });
    t.send(gm, { type: 'startEncounter', tokens: 2, troopers: ['t1'] });
    t.send(gm, { type: 'gmEndEncounter', reason: 'over' });
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
  });

  it('a cancelled success fails everyone yet to act, but not those tied with it', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 4, t1: 5, t2: 3 });
    t.send(gm, { type: 'takeTurn', actor: 't1', cancel: true });
    const q = t.state.encounter?.queue ?? [];
    expect(q.find((x) => x.actor === 'aliens')?.cancelled).toBe(true);
    expect(q.find((x) => x.actor === 't2')?.cancelled).toBe(true);
    expect(t.refuse(gm, { type: 'takeTurn', actor: 'aliens', cancel: true })).toBe('INVALID_VALUE');
    t.send(gm, { type: 'takeTurn', actor: 'aliens', narration: 'They hesitate.' });
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
  });

  it('three rounds without a kill are a standoff; the tokens go back to the pool', () => {
    const { t, gm } = fightAt('far', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    for (let r = 0; r < 3; r++) {
      playRound(t, gm, { t1: H2H }, { aliens: 9, t1: 9 });
      t.send(gm, { type: 'takeTurn', actor: 't1' });
      t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    }
    expect(t.state.lastEncounter?.endReason).toBe('standoff');
    expect(t.state.planet?.threat.pool).toBe(5);
  });

  it('moving beyond Far leaves the encounter; all gone ends it', () => {
    const { t, gm } = fightAt('far', [{ name: 'A', fa: 5, nfa: 5 }], { tokens: 2 });
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'manoeuvre', move: 'farther' } } },
      { aliens: 9, t1: 1 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.lastEncounter?.endReason).toBe('allBeyondFar');
  });
});

/** After an encounter: put tokens back in the pool if needed, start another, and reach round 1 at Far. */
function nextEncounter(t: TestTable, gm: Seat, tokens: number): void {
  const pool = t.state.planet?.threat.pool ?? 0;
  if (pool < tokens)
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'threatPool', value: tokens },
      reason: 'reinforcements',
    });
  t.send(gm, { type: 'startEncounter', tokens });
  for (const id of t.state.encounter?.pcs ?? []) t.send(gm, { type: 'declineDominance', trooperId: id });
  t.send(gm, { type: 'rollDominance', actor: 'aliens' }, [10]);
}

describe('3:16 support and gear', () => {
  it('Drop Pods (Lt+): an automatic PC ambush in the first encounter of the planet', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p = t.seat('p1', 'player');
    t.send(
      gm,
      { type: 'createTrooper', ownerSeatId: 'p1', name: 'Lt', fa: 5, nfa: 5, rank: 3 },
      [1, 1, 1, 1, 1],
    );
    t.send(gm, { type: 'setPlanet', name: 'X', aa: 5, threat: 5, abilities: ['ambush'] });
    t.send(gm, { type: 'briefMission', text: '' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    // While the Lieutenant holds unspent pods, the aliens cannot spring their own Ambush first.
    expect(t.refuse(gm, { type: 'useAbility', ability: 'ambush' })).toBe('NOT_AVAILABLE');
    t.send(p, { type: 'useDropPods', trooperId: 't1' });
    expect(t.refuse(gm, { type: 'useAbility', ability: 'ambush' })).toBe('WRONG_STEP');
    // Order d10 (no tie), then the Slug Rifle at Near: d6 = 4.
    t.send(p, { type: 'setRange', range: 'near' }, [7, 4]);
    expect(t.state.troopers.t1?.killsThisMission).toBe(4);
    expect(t.state.encounter?.tokens).toBe(1);
    expect(t.state.encounter?.round).toBe(1);
  });

  it('Kinetic Field Armour (Major+): immune to armour-stoppable kills for the encounter', () => {
    const { t, gm, players } = fightAt('close', [{ name: 'Maj', fa: 5, nfa: 5, rank: 5 }], { tokens: 2 });
    t.send(players[0] as Seat, { type: 'useKineticField', trooperId: 't1' });
    playRound(t, gm, { t1: H2H }, { aliens: 1, t1: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.pendingKills).toEqual([]);
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
  });

  it('Kinetic Field Armour fails in a Stop Technology round: MandelBrite is left', () => {
    const { t, gm, players } = fightAt(
      'close',
      [{ name: 'Maj', fa: 5, nfa: 5, rank: 5, patch: { armourPolicy: 'useWhenAvailable' } }],
      { tokens: 2, abilities: ['stopTechnology'] },
    );
    t.send(players[0] as Seat, { type: 'useKineticField', trooperId: 't1' });
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: H2H });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'useAbility', ability: 'stopTechnology' });
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [1]);
    t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.armour).toBe('used');
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
  });

  it('TPK Bomb (Capt+, Close): everyone at Close takes an unstoppable Kill, d100 per PC hit', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 4 },
    );
    playRound(
      t,
      gm,
      { t1: { kind: 'fa', weapon: 'slugRifle', bomb: 'tpkBomb' }, t2: H2H },
      { aliens: 9, t1: 2, t2: 9 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 10, 10]);
    expect(t.state.troopers.t1?.killsThisMission).toBe(12 + 100);
    expect(t.state.encounter?.tokens).toBe(2);
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t1?.planetUses.tpkBomb).toBe(true);
    // The Captain had one bomb: it is gone (a Development Roll replaces it), on any planet.
    expect(t.state.troopers.t1?.vehicles).not.toContain('tpkBomb');
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(
      t.refuse(gm, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'fa', weapon: 'slugRifle', bomb: 'tpkBomb' },
      }),
    ).toBe('NOT_AVAILABLE');
  });

  it('TPK Bomb: a PC who answers its Kill with a Weakness did not take it, so one d100 fewer', () => {
    const bomb = (tokens: number) => {
      const f = fightAt(
        'close',
        [
          { name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: never },
          { name: 'B', fa: 5, nfa: 5 },
        ],
        { tokens },
      );
      playRound(
        f.t,
        f.gm,
        { t1: { kind: 'fa', weapon: 'slugRifle', bomb: 'tpkBomb' }, t2: H2H },
        { aliens: 9, t1: 2, t2: 9 },
      );
      return f;
    };
    // Two PCs hit, two d100s (12 and 100); B answers with a Weakness: only the first d100 stands.
    const { t, gm, players } = bomb(4);
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 10, 10]);
    expect(t.state.encounter?.pendingKills.map((p) => p.trooperId)).toEqual(['t2']);
    expect(t.state.encounter?.tokens).toBe(2);
    t.send(players[1] as Seat, { type: 'useWeakness', trooperId: 't2', text: 'B dives into a trench.' });
    expect(t.state.troopers.t1?.killsThisMission).toBe(12);
    // One token back from the d100 taken away, one discarded by the Weakness itself.
    expect(t.state.encounter?.tokens).toBe(2);
    expect(t.state.planet?.threat).toMatchObject({ removed: 1, discarded: 1 });
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
    expect(t.replayHash()).toBe(stateHash(t.state));
    // With one token only one d100 was rolled for two PCs hit: B's Weakness takes nothing back.
    const one = bomb(1);
    one.t.send(one.gm, { type: 'takeTurn', actor: 't1' }, [1, 2]);
    one.t.send(one.players[1] as Seat, { type: 'useWeakness', trooperId: 't2', text: 'B runs.' });
    expect(one.t.state.troopers.t1?.killsThisMission).toBe(12);
    expect(one.t.state.planet?.threat.removed).toBe(1);
  });

  it('a second Orbital Bombardment kills its caller: no Kill of his to answer, the encounter closes', () => {
    // The Captain would be asked about a Kill (armour policy "ask", flashbacks open), but he dies.
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: { orbitalBombardmentUses: 1 } },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'orbitalBombardment' } }, t2: H2H },
      { aliens: 9, t1: 2, t2: 9 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 3]);
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('orbitalBombardment');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('Orbital Bombardment (officer): every alien on the planet dies, every PC takes a Kill, d1000 kills', () => {
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Lt', fa: 5, nfa: 5, rank: 3, patch: { armourPolicy: 'useWhenAvailable' } },
        { name: 'B', fa: 5, nfa: 5, patch: { armourPolicy: 'useWhenAvailable' } },
      ],
      { tokens: 2 },
    );
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'orbitalBombardment' } }, t2: H2H },
      { aliens: 9, t1: 2, t2: 9 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 3]);
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('orbitalBombardment');
    expect(t.state.planet?.threat.pool).toBe(0);
    expect(t.state.troopers.t1?.killsThisMission).toBe(123);
    expect(t.state.troopers.t1?.missionFlags.usedOrbitalBombardment).toBe(true);
    // Armour could not stop it; then the encounter's healing took the X back off.
    expect(t.state.troopers.t2?.armour).toBe('available');
    expect(t.state.troopers.t2?.missionFlags.woundsTaken).toBe(1);
    // Once per planet: even if more aliens turn up, no second call here.
    nextEncounter(t, gm, 2);
    expect(
      t.refuse(gm, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'nfa', task: { kind: 'orbitalBombardment' } },
      }),
    ).toBe('NOT_AVAILABLE');
  });

  it('the Kill of an Orbital Bombardment or E-Vac may be avoided with a Strength or a Weakness', () => {
    const ask = { armourPolicy: 'ask' } as const;
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Lt', fa: 5, nfa: 5, rank: 3, patch: ask },
        { name: 'B', fa: 5, nfa: 5, patch: ask },
      ],
      { tokens: 2 },
    );
    const [p1, p2] = players as [Seat, Seat];
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'orbitalBombardment' } }, t2: H2H },
      { aliens: 9, t1: 2, t2: 9 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 3]);
    // The fight is over, but both are asked about their Kill.
    expect(t.state.encounter?.endReason).toBe('orbitalBombardment');
    expect(t.state.encounter?.pendingKills.map((p) => p.trooperId)).toEqual(['t1', 't2']);
    t.send(p1, { type: 'useStrength', trooperId: 't1', text: 'Lt saw it coming.' });
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    expect(t.state.troopers.t1?.killsThisMission).toBe(123);
    expect(t.state.troopers.t1?.strengths.filter((x) => x.status === 'used')).toHaveLength(1);
    expect(t.refuse(p1, { type: 'useStrength', trooperId: 't1', text: 'again' })).toBe('WRONG_STEP');
    t.send(p2, { type: 'useWeakness', trooperId: 't2', text: 'B hid in a crater.' });
    expect(t.state.encounter).toBeNull();
    expect(t.state.troopers.t2?.missionFlags.woundsTaken).toBe(0);
    expect(t.state.troopers.t2?.missionFlags.usedWeakness).toBe(true);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('E-Vac (highest rank alive): the encounter ends, tokens discarded, every PC takes a Kill', () => {
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Sgt', fa: 5, nfa: 5, rank: 2, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    expect(
      t.refuse(gm, {
        type: 'declare',
        trooperId: 't2',
        declaration: { kind: 'nfa', task: { kind: 'eVac' } },
      }),
    ).toBe('RANK_TOO_LOW');
    playRound(t, gm, { t1: { kind: 'nfa', task: { kind: 'eVac' } }, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.lastEncounter?.endReason).toBe('eVac');
    expect(t.state.planet?.threat.discarded).toBe(3);
    expect(t.state.troopers.t2?.missionFlags.woundsTaken).toBe(1);
    // One E-Vac per planet for the group: the next encounter has none.
    nextEncounter(t, gm, 2);
    expect(
      t.refuse(gm, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'nfa', task: { kind: 'eVac' } },
      }),
    ).toBe('NOT_AVAILABLE');
  });

  it('NPC squad members are no part of the group: the top PC calls the E-Vac, the bottom PC forces', () => {
    // A GM-run Lieutenant (no player) outranks the PC Sergeant, and a GM-run Trooper is below the
    // PC Corporal; E-Vac and Force Weakness still go to the Sergeant and the Corporal.
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Lt (NPC)', fa: 5, nfa: 5, rank: 3, patch: { ...never, ownerSeatId: null } },
        { name: 'Sgt', fa: 5, nfa: 5, rank: 2, patch: never },
        { name: 'Cpl', fa: 5, nfa: 5, rank: 1, patch: never },
        { name: 'Tpr (NPC)', fa: 5, nfa: 5, rank: 0, patch: { ...never, ownerSeatId: null } },
      ],
      { tokens: 3 },
    );
    const task = (trooperId: string, kind: 'eVac' | 'forceWeakness') =>
      ({
        type: 'declare',
        trooperId,
        declaration: {
          kind: 'nfa',
          task: kind === 'eVac' ? { kind } : { kind, targetId: 't2' },
        },
      }) as const;
    expect(t.refuse(gm, task('t3', 'eVac'))).toBe('RANK_TOO_LOW');
    t.send(gm, task('t2', 'eVac'));
    t.send(gm, task('t3', 'forceWeakness'));
    expect(t.state.encounter?.declarations.t3).toMatchObject({ task: { kind: 'forceWeakness' } });
  });

  it('Orbital Bombardments are counted per player: a second PC of the same player inherits the calls', () => {
    // The player's first officer (kept on as a second PC, the GM's choice) already called one.
    const bombard = (uses: number) =>
      fightAt(
        'near',
        [
          { name: 'Capt', fa: 5, nfa: 5, rank: 4, patch: { ...never, ownerSeatId: 'p2' } },
          { name: 'Lt', fa: 5, nfa: 5, rank: 3, patch: { ...never, orbitalBombardmentUses: uses } },
        ],
        { tokens: 3 },
      );
    const call = { kind: 'nfa', task: { kind: 'orbitalBombardment' } } as const;
    const { t, gm } = bombard(1);
    playRound(t, gm, { t1: call, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    // d1000 for the caller's kills: 1, 2, 3 → 123; it is the player's second call, so the Captain dies.
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [1, 2, 3]);
    expect(t.log.find((e) => e.type === 'turn.taken')).toMatchObject({
      outcome: { kind: 'nfa', secondBombardment: true },
    });
    expect(t.state.troopers.t1?.status).toBe('dead');
    // A player with two calls behind it has none left, whichever of its troopers asks.
    const two = bombard(2);
    expect(two.t.refuse(two.gm, { type: 'declare', trooperId: 't1', declaration: call })).toBe(
      'NOT_AVAILABLE',
    );
  });

  it('a failed E-Vac or Orbital Bombardment stays available; a failed Force Weakness is spent', () => {
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Lt', fa: 5, nfa: 5, rank: 3, patch: never },
        { name: 'Tpr', fa: 5, nfa: 5, patch: never },
        { name: 'Tpr2', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    const fw = (targetId: string) => ({ kind: 'nfa', task: { kind: 'forceWeakness', targetId } }) as const;
    expect(t.refuse(gm, { type: 'declare', trooperId: 't2', declaration: fw('t2') })).toBe('INVALID_VALUE');
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: fw('t1') });
    // One caller at a time.
    expect(t.refuse(gm, { type: 'declare', trooperId: 't3', declaration: fw('t1') })).toBe('NOT_AVAILABLE');
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'orbitalBombardment' } }, t3: H2H },
      { aliens: 10, t1: 9, t2: 9, t3: 9 },
    );
    // All three fail: the Orbital Bombardment may be called again, Force Weakness may not.
    expect(t.state.troopers.t2?.planetUses.forceWeakness).toBe(true);
    for (const a of ['aliens', 't1', 't2', 't3'] as const) t.send(gm, { type: 'takeTurn', actor: a });
    t.send(gm, {
      type: 'declare',
      trooperId: 't1',
      declaration: { kind: 'nfa', task: { kind: 'orbitalBombardment' } },
    });
    expect(t.refuse(gm, { type: 'declare', trooperId: 't3', declaration: fw('t1') })).toBe('NOT_AVAILABLE');
    expect(t.refuse(gm, { type: 'declare', trooperId: 't2', declaration: fw('t1') })).toBe('NOT_AVAILABLE');
  });

  it('Force Weakness (lowest rank alive, once per planet): the named PC must show a Weakness', () => {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Tpr', fa: 5, nfa: 5, rank: 0 },
        { name: 'Sgt', fa: 5, nfa: 5, rank: 2 },
      ],
      { tokens: 3 },
    );
    playRound(
      t,
      gm,
      { t1: { kind: 'nfa', task: { kind: 'forceWeakness', targetId: 't2' } }, t2: H2H },
      { aliens: 9, t1: 2, t2: 9 },
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.forcedWeakness).toEqual(['t2']);
    expect(t.refuse(gm, { type: 'takeTurn', actor: 't2' })).toBe('PENDING_DECISION');
    t.send(players[1] as Seat, { type: 'useWeakness', trooperId: 't2', text: 'Stubborn' });
    expect(t.state.troopers.t1?.planetUses.forceWeakness).toBe(true);
  });

  it('combat drugs re-roll an FA die once per planet; a 10 hurts the user', () => {
    const { t, gm, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5, patch: never }], { tokens: 2 });
    const p = players[0] as Seat;
    playRound(t, gm, { t1: H2H }, { aliens: 9, t1: 8 });
    t.send(p, { type: 'useCombatDrugs', trooperId: 't1' }, [10]);
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.refuse(p, { type: 'useCombatDrugs', trooperId: 't1' }, [1])).toBe('ALREADY_DONE');
  });

  it('combat drugs turning a failure into a success move the turn up the order', () => {
    const { t, gm, players } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5, patch: never }], { tokens: 2 });
    playRound(t, gm, { t1: H2H }, { aliens: 2, t1: 8 });
    t.send(players[0] as Seat, { type: 'useCombatDrugs', trooperId: 't1' }, [4]);
    expect(t.state.encounter?.queue.map((q) => q.actor)).toEqual(['t1', 'aliens']);
  });

  it('combat drugs re-rolled into a success tied with another act after it (round.ts drugsNoted on the record)', () => {
    const { t, gm, players } = fightAt(
      'close',
      [
        { name: 'A', fa: 5, nfa: 5, patch: never },
        { name: 'B', fa: 5, nfa: 5, patch: never },
      ],
      { tokens: 3 },
    );
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 8, t2: 4 });
    expect(t.state.encounter?.queue.map((q) => q.actor)).toEqual(['t2', 'aliens', 't1']);
    t.send(players[0] as Seat, { type: 'useCombatDrugs', trooperId: 't1' }, [4]);
    const e = t.state.encounter;
    expect(e?.queue.map((q) => [q.actor, q.face, q.success])).toEqual([
      ['t2', 4, true],
      ['t1', 4, true],
      ['aliens', 9, false],
    ]);
    expect(e?.rolls.t1).toEqual({ face: 4, target: 5, success: true, rerolled: true });
    expect(t.state.troopers.t1?.planetUses.combatDrugs).toBe(true);
  });

  it('the GM’s preparation bonus adds 1 to the next test only', () => {
    const { t, gm } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5, patch: never }], { tokens: 2 });
    t.send(gm, { type: 'grantPreparationBonus', trooperId: 't1' });
    playRound(t, gm, { t1: H2H }, { aliens: 9, t1: 6 });
    expect(t.state.encounter?.rolls.t1).toEqual({ face: 6, target: 6, success: true });
    expect(t.state.troopers.t1?.preparationBonus).toBe(0);
  });
});
