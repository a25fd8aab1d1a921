import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import type { AbilityId } from '../state.ts';
import { ALIENS_SET, EncounterRecord, Step } from './record.ts';
import { aaBoosted, aliensAmbush, aliensEnraged, squadIsolated, testsImpaired } from './round.ts';
import { fightAt, finishRound, playRound, type TestTable } from './test-kit.ts';

/**
 * The aliens' standing abilities (Ambush, Boost Ability, Enrage, Impair, Isolate) and Regeneration
 * of an older round live on the encounter record: round.ts's functions change it, the write-back
 * keeps them on the state, and a record taken of a state reads them back.
 */

const H2H = { kind: 'fa', weapon: 'handToHand' } as const;
const never = { armourPolicy: 'never' } as const;

function table(abilities: AbilityId[], tokens = 4) {
  return fightAt(
    'close',
    [
      { name: 'A', fa: 6, nfa: 4, patch: never },
      { name: 'B', fa: 6, nfa: 4, patch: never },
    ],
    { aa: 5, abilities, threat: 10, tokens },
  );
}
const use = (t: TestTable, gm: Seat, c: Record<string, unknown>) =>
  t.send(gm, { type: 'useAbility', ...c } as never);

describe('3:16 standing abilities on the encounter record', () => {
  it('the table spends them, and a record of its state reads them', () => {
    const { t, gm } = table(['boostAbility', 'impair', 'enrage', 'isolate']);
    use(t, gm, { ability: 'boostAbility', amount: 2, from: 'pool' });
    use(t, gm, { ability: 'impair', amount: 1, from: 'pool' });
    use(t, gm, { ability: 'enrage', from: 'pool' });
    use(t, gm, { ability: 'isolate', from: 'pool' });
    expect(t.state.encounter?.effects).toMatchObject({
      aaBonus: 2,
      impair: 1,
      enraged: true,
      isolated: true,
    });
    const r = new EncounterRecord(t.state);
    expect([r.aaBonus, r.aa, r.impair, r.enraged, r.isolated]).toEqual([2, 7, 1, true, true]);
    expect([r.target(0, false), r.target(0, true)]).toEqual([5, 3]);
  });

  it("round.ts's functions on a record, written back, are the abilities' effects", () => {
    const { t } = table([]);
    const r = new EncounterRecord(t.state);
    aaBoosted(r, 2);
    testsImpaired(r, 1);
    aliensEnraged(r);
    squadIsolated(r);
    expect([r.aa, r.target(1, false), r.target(1, true)]).toEqual([7, 5, 3]);
    const s = r.writeBack(t.state);
    expect(s.encounter?.effects).toMatchObject({ aaBonus: 2, impair: 1, enraged: true, isolated: true });
    // Enrage, kept on the record, raises the AA as the next round opens.
    const next = new EncounterRecord(s);
    expect(next.enraged).toBe(true);
  });

  it('a record loaded again reads them from its new state, not what it was told before', () => {
    const { t } = table([]);
    const r = new EncounterRecord(t.state);
    testsImpaired(r, 2);
    aliensEnraged(r);
    squadIsolated(r);
    expect(r.load(t.state)).toBe(true);
    expect([r.impair, r.enraged, r.isolated, r.target(0, false)]).toEqual([0, false, false, 6]);
  });

  it('Ambush on the record: the aliens set the range, every fighter takes the ambush Kill', () => {
    const { t, gm } = table([]);
    t.send(gm, { type: 'gmEndEncounter' });
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    const r = new EncounterRecord(t.state);
    aliensAmbush(r);
    expect([r.ambush, r.rangeSetter, r.step]).toEqual([1, ALIENS_SET, Step.SetRange]);
    const s = r.writeBack(t.state);
    expect(s.encounter).toMatchObject({ ambush: 'aliens', rangeSetter: 'aliens', step: 'setRange' });
    expect(s.troopers.t1?.health).toEqual(['X', null, null]);
    expect(s.troopers.t2?.health).toEqual(['X', null, null]);
  });

  it('Regeneration from a log made before the event named its round: the latest round that removed tokens, even an older one', () => {
    const { t, gm } = table(['regeneration']);
    // Round 1 removes two tokens; rounds 2 and 3 remove none.
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 2, t2: 1 });
    finishRound(t, gm);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 8 });
    finishRound(t, gm);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 9, t1: 9, t2: 8 });
    finishRound(t, gm);
    expect(t.state.encounter).toMatchObject({ round: 4, tokens: 2 });
    expect(new EncounterRecord(t.state)).toMatchObject({ olderRound: 1, removedOlder: 2 });
    const removed = t.state.planet?.threat.removed ?? 0;
    // An old log's event: no round named.
    t.apply({ type: 'ability.used', ability: 'regeneration', from: 'pool', cost: 1 });
    expect(t.state.encounter?.tokens).toBe(4);
    expect(t.state.encounter?.tokensRemovedByRound['1']).toBe(0);
    expect(t.state.planet?.threat.removed).toBe(removed - 2);
    expect(t.state.troopers.t1?.killsThisMission).toBe(1);
  });
});
