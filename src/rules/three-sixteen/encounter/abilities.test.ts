import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import type { AbilityId } from '../state.ts';
import { fightAt, finishRound, playRound } from './test-kit.ts';

const H2H = { kind: 'fa', weapon: 'handToHand' } as const;
const RIFLE = { kind: 'fa', weapon: 'energyRifle' } as const;
const never = { armourPolicy: 'never' } as const;

function table(abilities: AbilityId[], range: 'close' | 'near' | 'far' = 'close', tokens = 4) {
  return fightAt(
    range,
    [
      { name: 'A', fa: 6, nfa: 4, patch: never },
      { name: 'B', fa: 6, nfa: 4, patch: never },
    ],
    { aa: 5, abilities, threat: 10, tokens },
  );
}
const use = (t: ReturnType<typeof table>['t'], gm: Seat, c: Record<string, unknown>, faces: number[] = []) =>
  t.send(gm, { type: 'useAbility', ...c } as never, faces);

describe('3:16 alien special abilities', () => {
  it('refuses an ability the planet does not have', () => {
    const { t, gm } = table([]);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'enrage' })).toBe('ABILITY_NOT_ON_PLANET');
  });

  it('Ambush: spend 1 at the start, every PC takes a Kill, the GM sets the range', () => {
    const t0 = fightAt('far', [{ name: 'A', fa: 5, nfa: 5, patch: never }], {
      abilities: ['ambush'],
      tokens: 2,
    });
    // fightAt already resolved dominance; build a fresh encounter for the ambush.
    const { t, gm } = t0;
    t.send(gm, { type: 'gmEndEncounter' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    use(t, gm, { ability: 'ambush' });
    expect(t.state.encounter?.step).toBe('setRange');
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.encounter?.tokens).toBe(1);
    expect(t.state.planet?.threat.spent).toBe(1);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'ambush' })).toBe('WRONG_STEP');
  });

  it('Armour: free, once an encounter, voids the kills of a round', () => {
    const { t, gm } = table(['armour']);
    use(t, gm, { ability: 'armour' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 1 }, []);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.tokens).toBe(4);
    expect(t.state.troopers.t1?.killsThisMission).toBe(0);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'armour' })).toBe('ALREADY_DONE');
  });

  it('Boost Ability: spend n for AA + n, never above 10', () => {
    const { t, gm } = table(['boostAbility']);
    use(t, gm, { ability: 'boostAbility', amount: 2, from: 'pool' });
    expect(t.state.encounter?.effects.aaBonus).toBe(2);
    expect(t.state.planet?.threat.pool).toBe(4);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'boostAbility', amount: 4 })).toBe('INVALID_VALUE');
  });

  it('End Encounter: the encounter ends after the aliens take their turn; tokens go back', () => {
    const { t, gm } = table(['endEncounter']);
    use(t, gm, { ability: 'endEncounter' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('endEncounterAbility');
    expect(t.state.planet?.threat.pool).toBe(6 + 3);
  });

  it('Enrage: AA + 1 each further round', () => {
    const { t, gm } = table(['enrage']);
    use(t, gm, { ability: 'enrage' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    for (const a of ['t1', 't2', 'aliens']) t.send(gm, { type: 'takeTurn', actor: a as 't1' });
    expect(t.state.encounter?.effects.aaBonus).toBe(1);
  });

  it('Exploding Bodies: after a token fell to kills this round, a Kill to everyone at Close', () => {
    const { t, gm } = table(['explodingBodies']);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'explodingBodies' })).toBe('WRONG_STEP');
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    use(t, gm, { ability: 'explodingBodies' });
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
  });

  it('Exploding Bodies for the round just ended: before the next round’s dice', () => {
    const { t, gm } = table(['explodingBodies']);
    // B's 2 kills, the aliens' 1 hits A (who failed), A's failure closes the round.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 2 });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.round).toBe(2);
    // Round 1 removed a token; round 2 has no dice yet: the bodies may still explode.
    use(t, gm, { ability: 'explodingBodies', from: 'pool' });
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: H2H });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [9]);
    // Once a die of the new round is down, the old round's kills no longer count.
    expect(t.refuse(gm, { type: 'useAbility', ability: 'explodingBodies', from: 'pool' })).toBe('WRONG_STEP');
  });

  it('Flee and Swarm move every PC on the aliens’ turn, even a failed one', () => {
    const { t, gm } = table(['flee', 'swarm'], 'near');
    // All fail on 9: the failures narrate troopers first, then the aliens.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens', alienMovement: 'flee' });
    expect(t.state.encounter?.positions).toEqual({ t1: 'far', t2: 'far' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens', alienMovement: 'swarm' });
    expect(t.state.encounter?.positions).toEqual({ t1: 'close', t2: 'close' });
  });

  it('Ignore Armour: alien kills cannot be stopped by MandelBrite', () => {
    const { t, gm } = fightAt(
      'close',
      [{ name: 'A', fa: 5, nfa: 5, patch: { armourPolicy: 'useWhenAvailable' } }],
      {
        abilities: ['ignoreArmour'],
        tokens: 2,
      },
    );
    playRound(t, gm, { t1: H2H }, { aliens: 1, t1: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.armour).toBe('available');
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
  });

  it('Ignore Wounds: spend 1, this round’s kills are undone', () => {
    const { t, gm } = table(['ignoreWounds']);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.tokens).toBe(3);
    use(t, gm, { ability: 'ignoreWounds', from: 'pool' });
    expect(t.state.encounter?.tokens).toBe(4);
    expect(t.state.troopers.t1?.killsThisMission).toBe(0);
    expect(t.state.planet?.threat.removed).toBe(0);
    // Once the round's kills are void there is nothing left to ignore: no second token spent.
    expect(t.refuse(gm, { type: 'useAbility', ability: 'ignoreWounds', from: 'pool' })).toBe('ALREADY_DONE');
  });

  it('Ignore Wounds for the round just ended: before the next round’s dice', () => {
    const { t, gm } = table(['ignoreWounds']);
    // B's 2 kills, the aliens' 1 hits A, A's failure closes the round; then round 2 opens.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 9, t2: 2 });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter).toMatchObject({ round: 2, tokens: 3 });
    expect(t.state.troopers.t2?.killsThisMission).toBe(1);
    use(t, gm, { ability: 'ignoreWounds', from: 'pool' });
    expect(t.state.encounter?.tokens).toBe(4);
    expect(t.state.troopers.t2?.killsThisMission).toBe(0);
    expect(t.state.planet?.threat.removed).toBe(0);
    // The new round's own kills still count.
    expect(t.state.encounter?.roundEffects.killsVoid).toBe(false);
  });

  it('Ignore Wounds: kills it cancels are no kills, so the standoff still comes', () => {
    const quiet = (t: ReturnType<typeof table>['t'], gm: Seat) => {
      playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
      finishRound(t, gm);
    };
    // Cancelled during the round that made them.
    const a = table(['ignoreWounds']);
    quiet(a.t, a.gm);
    quiet(a.t, a.gm);
    playRound(a.t, a.gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 9 });
    a.t.send(a.gm, { type: 'takeTurn', actor: 't1' });
    use(a.t, a.gm, { ability: 'ignoreWounds', from: 'pool' });
    finishRound(a.t, a.gm);
    expect(a.t.state.encounter).toBeNull();
    expect(a.t.state.lastEncounter?.endReason).toBe('standoff');

    // Cancelled once the round is over, before the next round's dice.
    const b = table(['ignoreWounds']);
    quiet(b.t, b.gm);
    quiet(b.t, b.gm);
    playRound(b.t, b.gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 2 });
    finishRound(b.t, b.gm);
    expect(b.t.state.encounter).toMatchObject({ round: 4, roundsWithoutKills: 0 });
    use(b.t, b.gm, { ability: 'ignoreWounds', from: 'pool' });
    expect(b.t.state.lastEncounter?.endReason).toBe('standoff');
    expect(b.t.replayHash()).toBe(stateHash(b.t.state));

    // A Kill the aliens dealt in that round still holds the standoff off.
    const c = table(['ignoreWounds']);
    quiet(c.t, c.gm);
    quiet(c.t, c.gm);
    playRound(c.t, c.gm, { t1: H2H, t2: H2H }, { aliens: 3, t1: 9, t2: 2 });
    finishRound(c.t, c.gm);
    use(c.t, c.gm, { ability: 'ignoreWounds', from: 'pool' });
    expect(c.t.state.encounter).toMatchObject({ round: 4, roundsWithoutKills: 0 });
  });

  it('Impair: spend n, every PC tests FA and NFA at −n', () => {
    const { t, gm } = table(['impair']);
    use(t, gm, { ability: 'impair', amount: 2 });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 5, t2: 4 });
    expect(t.state.encounter?.queue.find((q) => q.actor === 't1')?.success).toBe(false);
    expect(t.state.encounter?.queue.find((q) => q.actor === 't2')?.success).toBe(true);
  });

  it('Induce Weakness: on the aliens’ next turn an AA success forces the target to show a Weakness', () => {
    const { t, gm, players } = table(['induceWeakness']);
    use(t, gm, { ability: 'induceWeakness', targetId: 't2' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' }, [3]);
    expect(t.state.encounter?.forcedWeakness).toEqual(['t2']);
    expect(t.refuse(players[1] as Seat, { type: 'useStrength', trooperId: 't2', text: 'no' })).toBe(
      'PENDING_DECISION',
    );
    t.send(players[1] as Seat, { type: 'useWeakness', trooperId: 't2', text: 'Panic' });
    expect(t.state.encounter?.out.t2).toBe('weakness');
    expect(t.refuse(gm, { type: 'useAbility', ability: 'induceWeakness', targetId: 't2' })).toBe(
      'NOT_IN_ENCOUNTER',
    );
  });

  it('Induce Weakness: a failed attempt does not use up the once-per-mission limit; a success does', () => {
    const { t, gm, players } = table(['induceWeakness'], 'close', 4);
    use(t, gm, { ability: 'induceWeakness', targetId: 't2', from: 'pool' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    // The aliens' 8 fails against AA 5: nothing is induced, and the GM may try again.
    t.send(gm, { type: 'takeTurn', actor: 'aliens' }, [8]);
    expect(t.state.encounter?.forcedWeakness).toEqual([]);
    expect(t.state.troopers.t2?.missionFlags.inducedWeakness).toBe(false);
    use(t, gm, { ability: 'induceWeakness', targetId: 't2', from: 'pool' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' }, [2]);
    expect(t.state.encounter?.forcedWeakness).toEqual(['t2']);
    expect(t.state.troopers.t2?.missionFlags.inducedWeakness).toBe(true);
    t.send(players[1] as Seat, { type: 'useWeakness', trooperId: 't2', text: 'Panic' });
    expect(t.state.troopers.t2?.missionFlags.inducedWeakness).toBe(true);
  });

  it('Induce Weakness on the same alien turn as End Encounter: the Weakness is shown, then it ends', () => {
    const { t, gm, players } = table(['induceWeakness', 'endEncounter']);
    use(t, gm, { ability: 'induceWeakness', targetId: 't2' });
    use(t, gm, { ability: 'endEncounter' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' }, [3]);
    expect(t.state.encounter?.forcedWeakness).toEqual(['t2']);
    expect(t.state.encounter?.endReason).toBe('endEncounterAbility');
    // Only the owed Weakness is still accepted; nobody else may act in an encounter that is over.
    expect(t.refuse(players[0] as Seat, { type: 'useWeakness', trooperId: 't1', text: 'Run' })).toBe(
      'WRONG_STEP',
    );
    t.send(players[1] as Seat, { type: 'useWeakness', trooperId: 't2', text: 'Panic' });
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('endEncounterAbility');
    expect(t.state.troopers.t2?.weaknesses.some((w) => w.status === 'used' && w.text === 'Panic')).toBe(true);
  });

  it('End Encounter: a Kill dealt on the turn that ends the fight may still be answered with a flashback', () => {
    const ask = { armourPolicy: 'ask' } as const;
    const { t, gm, players } = fightAt(
      'close',
      [
        { name: 'A', fa: 6, nfa: 4, patch: ask },
        { name: 'B', fa: 6, nfa: 4, patch: ask },
      ],
      { aa: 5, abilities: ['endEncounter'], threat: 10, tokens: 4 },
    );
    use(t, gm, { ability: 'endEncounter' });
    // The aliens succeed (3) and both troopers fail: the aliens act first and strike both.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 3, t1: 9, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter?.endReason).toBe('endEncounterAbility');
    expect(t.state.encounter?.pendingKills.map((k) => k.trooperId)).toEqual(['t1', 't2']);
    // A flashback answers a Kill whenever it comes, as after an E-Vac: the Strength spares A (and
    // kills nothing: the fight is over). B's Kill still waits.
    t.send(players[0] as Seat, { type: 'useStrength', trooperId: 't1', text: 'Not today' });
    expect(t.state.troopers.t1?.strengths.some((x) => x.status === 'used')).toBe(true);
    expect(t.state.troopers.t1?.killsThisMission).toBe(0);
    expect(t.state.encounter?.pendingKills.map((k) => k.trooperId)).toEqual(['t2']);
    t.send(players[1] as Seat, { type: 'answerKill', trooperId: 't2', useArmour: false });
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('endEncounterAbility');
  });

  it('Isolate: no E-Vac or Orbital Bombardment ends the encounter', () => {
    const { t, gm } = fightAt('close', [{ name: 'Lt', fa: 5, nfa: 5, rank: 3 }], {
      abilities: ['isolate'],
      tokens: 2,
    });
    use(t, gm, { ability: 'isolate' });
    expect(
      t.refuse(gm, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'nfa', task: { kind: 'eVac' } },
      }),
    ).toBe('NOT_AVAILABLE');
    expect(
      t.refuse(gm, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'nfa', task: { kind: 'orbitalBombardment' } },
      }),
    ).toBe('NOT_AVAILABLE');
  });

  it('Lasting Wounds: alien wounds do not heal between encounters', () => {
    const { t, gm } = fightAt('close', [{ name: 'A', fa: 5, nfa: 5, patch: never }], {
      abilities: ['lastingWounds'],
      tokens: 2,
    });
    playRound(t, gm, { t1: H2H }, { aliens: 1, t1: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(gm, { type: 'gmEndEncounter' });
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
  });

  it('Leaping: the aliens may move PCs two steps', () => {
    const { t, gm } = table(['leaping'], 'far');
    playRound(t, gm, { t1: RIFLE, t2: RIFLE }, { aliens: 5, t1: 9, t2: 9 });
    t.send(gm, {
      type: 'takeTurn',
      actor: 'aliens',
      moves: [
        { trooperId: 't1', steps: -2 },
        { trooperId: 't2', steps: -1 },
      ],
    });
    expect(t.state.encounter?.positions).toEqual({ t1: 'close', t2: 'near' });
  });

  it('without Leaping the aliens move PCs one step only, and only those they acted before', () => {
    const { t, gm } = table([], 'far');
    // t1 succeeds on 6, before the aliens' 5; t2 fails.
    playRound(t, gm, { t1: RIFLE, t2: RIFLE }, { aliens: 5, t1: 6, t2: 9 });
    expect(t.refuse(gm, { type: 'takeTurn', actor: 'aliens' })).toBe('NOT_YOUR_TURN');
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    const move = (trooperId: string, steps: number) => ({
      type: 'takeTurn',
      actor: 'aliens',
      moves: [{ trooperId, steps }],
    });
    expect(t.refuse(gm, move('t1', -1))).toBe('INVALID_VALUE');
    expect(t.refuse(gm, move('t2', -2))).toBe('INVALID_VALUE');
    t.send(gm, move('t2', -1) as never);
    expect(t.state.encounter?.positions.t2).toBe('near');
  });

  it('Rapid Movement: spend 1 on the aliens’ turn, every PC to the one new range', () => {
    const { t, gm } = table(['rapidMovement'], 'far');
    const all = (range: 'close' | 'near') => [
      { trooperId: 't1', range },
      { trooperId: 't2', range },
    ];
    // Not before the aliens' turn.
    expect(t.refuse(gm, { type: 'useAbility', ability: 'rapidMovement', ranges: all('close') })).toBe(
      'WRONG_STEP',
    );
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 2, t2: 9 });
    expect(t.refuse(gm, { type: 'useAbility', ability: 'rapidMovement', ranges: all('close') })).toBe(
      'WRONG_STEP',
    );
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    // The aliens' turn: everyone, to one range.
    const split = [
      { trooperId: 't1', range: 'close' as const },
      { trooperId: 't2', range: 'near' as const },
    ];
    expect(t.refuse(gm, { type: 'useAbility', ability: 'rapidMovement', ranges: split })).toBe(
      'INVALID_VALUE',
    );
    expect(
      t.refuse(gm, { type: 'useAbility', ability: 'rapidMovement', ranges: all('close').slice(0, 1) }),
    ).toBe('INVALID_VALUE');
    use(t, gm, { ability: 'rapidMovement', ranges: all('close') });
    expect(t.state.encounter?.positions).toEqual({ t1: 'close', t2: 'close' });
  });

  it('Reduce Visibility: no kills at Far, by either side', () => {
    const { t, gm } = table(['reduceVisibility'], 'far');
    playRound(t, gm, { t1: RIFLE, t2: RIFLE }, { aliens: 1, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.tokens).toBe(4);
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t2?.health).toEqual([null, null, null]);
  });

  it('Regeneration: the tokens removed in the latest round come back; kills stay', () => {
    const { t, gm } = table(['regeneration']);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 1 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    use(t, gm, { ability: 'regeneration', from: 'pool' });
    expect(t.state.encounter?.tokens).toBe(4);
    expect(t.state.troopers.t1?.killsThisMission).toBe(1);
  });

  it('Regeneration reaches only the most recent combat round', () => {
    const { t, gm } = table(['regeneration'], 'close', 4);
    // Round 1 removes two tokens; round 2 removes none.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 1 });
    finishRound(t, gm);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 8 });
    finishRound(t, gm);
    // Round 3: the most recent round (2) removed nothing, and round 1 is out of reach.
    expect(t.state.encounter?.round).toBe(3);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'regeneration', from: 'pool' })).toBe('WRONG_STEP');
  });

  it('Regeneration at the start of a round brings back the round before, once', () => {
    const { t, gm } = table(['regeneration'], 'close', 4);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 1 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.encounter).toMatchObject({ round: 2, tokens: 2 });
    use(t, gm, { ability: 'regeneration', from: 'pool' });
    expect(t.state.encounter?.tokens).toBe(4);
    expect(t.refuse(gm, { type: 'useAbility', ability: 'regeneration', from: 'pool' })).toBe('WRONG_STEP');
  });

  it('Suicide with the last token: the attack still comes, without a normal AA roll, then it ends', () => {
    const { t, gm } = table(['suicide'], 'close', 1);
    use(t, gm, { ability: 'suicide' });
    expect(t.state.encounter?.tokens).toBe(0);
    expect(t.state.encounter?.endReason).toBeNull();
    expect(t.refuse(gm, { type: 'declareAliens' })).toBe('NOT_AVAILABLE');
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: H2H });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: H2H });
    expect(t.refuse(gm, { type: 'rollTest', actor: 'aliens' })).toBe('NOT_AVAILABLE');
    t.send(gm, { type: 'rollTest', actor: 't1' }, [2]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [9]);
    // A's 2 acts first (nothing left to kill), then the suicide attack (a 1) hits B, who failed.
    expect(t.state.encounter?.queue.map((q) => q.actor)).toEqual(['t1', 'aliens:suicide', 't2']);
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    // (The wound is healed again as the encounter closes: count the wounds taken.)
    expect(t.state.troopers.t2?.missionFlags.woundsTaken).toBe(1);
    expect(t.state.troopers.t1?.missionFlags.woundsTaken).toBe(0);
    expect(t.state.encounter).toBeNull();
    expect(t.state.lastEncounter?.endReason).toBe('noTokens');
  });

  it('Stop Technology: only Hand-to-Hand kills this round', () => {
    const { t, gm } = table(['stopTechnology']);
    use(t, gm, { ability: 'stopTechnology' });
    playRound(t, gm, { t1: RIFLE, t2: H2H }, { aliens: 9, t1: 2, t2: 1 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.encounter?.tokens).toBe(3);
    t.send(gm, { type: 'takeTurn', actor: 't2' });
    expect(t.state.encounter?.tokens).toBe(2);
    expect(t.state.troopers.t1?.killsThisMission).toBe(0);
  });

  it('Suicide: sacrifice a token for an automatic alien success at 1', () => {
    const { t, gm } = table(['suicide']);
    use(t, gm, { ability: 'suicide' });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 1, t2: 9 }, [5, 2]);
    expect(t.state.encounter?.tokens).toBe(3);
    // t1 rolled 1 and ties the suicide attack (roll-off: t1 5, suicide 2): t1 acts first, then the
    // attack hits t1 (equal) and t2 (failed).
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(t.state.troopers.t1?.health).toEqual(['X', null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
  });
});
