import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { stateHash } from '../../../engine/state-hash.ts';
import { generatePlanet, NO_CROSSED_OFF } from '../data/index.ts';
import { threeSixteen } from '../ruleset.ts';
import type { Declaration, Health, WeaponId } from '../state.ts';
import { TestTable } from './test-kit.ts';

/**
 * The book's Planet Goya and its whole example of play, step by step with the book's dice:
 * Sgt Wheeler (FA 5 / NFA 5), Cpl Jones (7/3), Tprs Fraser (6/4) and McNeil (6/4) against
 * Dinosaurs (Ambush, AA 5, 20 Threat Tokens); Torres replaces Fraser.
 *
 * Where the book gives no dice (the landing's NFA tests, the third and final encounters, the
 * roll-offs the book calls simultaneous) the faces below are ours and say so. The PDF interleaves
 * the second encounter's rounds; read by their numbers they are 1 (Jones cancels), 2 (Wheeler's
 * NFA), 3 (the acid), 4 (Wheeler's Strength).
 */

const W = 't1';
const J = 't2';
const F = 't3';
const M = 't4';
const TORRES = 't5';

const MESS: Health = ['X', null, null];
const CRIPPLED: Health = ['X', 'X', null];
const WELL: Health = [null, null, null];

function goyaTable() {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const seats = {
    [W]: t.seat('p1', 'player', 'Wheeler’s player'),
    [J]: t.seat('p2', 'player', 'Jones’s player'),
    [F]: t.seat('p3', 'player', 'Fraser’s player'),
    [M]: t.seat('p4', 'player', 'McNeil’s player'),
  } as Record<string, Seat>;
  return { t, gm, seats, seat: (id: string) => seats[id] as Seat };
}

describe('3:16 book: Planet Goya', () => {
  it('the planet from the lists: Goya, Dinosaurs, Forested surface, Ambush, highest NFA → AA 5, 20 tokens', () => {
    const squad = [
      { name: 'Wheeler', fa: 5, nfa: 5, rank: 2 },
      { name: 'Jones', fa: 7, nfa: 3, rank: 1 },
      { name: 'Fraser', fa: 6, nfa: 4, rank: 0 },
      { name: 'McNeil', fa: 6, nfa: 4, rank: 0 },
    ];
    const { planet } = generatePlanet(NO_CROSSED_OFF, squad, new ScriptedDice([]), {
      name: 6,
      form: 6,
      description: 7,
      abilities: [1],
      aaMethod: 10,
    });
    expect([planet.name, planet.form.name, planet.description.name]).toEqual([
      'Goya',
      'Dinosaurs',
      'Forested surface',
    ]);
    expect(planet.abilities).toEqual(['ambush']);
    expect(planet.aa.value).toBe(5);
    expect(planet.threat.tokens).toBe(20);
    // The book plans 3, 4 and 5 tokens, then the final encounter with the rest.
    expect(planet.encounterPlan.slice(0, 3)).toEqual([3, 4, 5]);
  });

  it('plays the whole example of play', () => {
    const { t, gm, seat } = goyaTable();
    const s = () => t.state;
    const tr = (id: string) => {
      const x = t.state.troopers[id];
      if (!x) throw new Error(`no trooper ${id}`);
      return x;
    };
    const enc = () => {
      const e = t.state.encounter;
      if (!e) throw new Error('no encounter');
      return e;
    };
    const declare = (id: string, declaration: Declaration) =>
      t.send(seat(id), { type: 'declare', trooperId: id, declaration });
    const fa = (id: string, weapon: WeaponId) => declare(id, { kind: 'fa', weapon });
    const roll = (actor: string, faces: number[]) =>
      t.send(actor === 'aliens' ? gm : seat(actor), { type: 'rollTest', actor: actor as 'aliens' }, faces);
    const turn = (actor: string, extra: Record<string, unknown> = {}, faces: number[] = []) =>
      t.send(
        actor === 'aliens' ? gm : seat(actor),
        { type: 'takeTurn', actor: actor as 'aliens', ...extra },
        faces,
      );
    const answer = (id: string, useArmour: boolean) =>
      t.send(seat(id), { type: 'answerKill', trooperId: id, useArmour });
    const health = () => [W, J, F, M].map((id) => tr(id).health);

    // ---- Character creation (sheets on the book's pages 70–73) ---------------------------
    // Starting kills are d10 per FA point; the faces give the sheets' totals 15, 41, 45, 48.
    // The Sergeant's "Slug Rifle or Heavy MG" is picked when the rank is given: Wheeler's sheet
    // shows the Heavy MG, so the GM enters his sheet with that pick; the players make the others.
    t.send(
      gm,
      {
        type: 'createTrooper',
        ownerSeatId: 'p1',
        name: 'Wheeler',
        reputation: 'Shrewd Judge of Character',
        fa: 5,
        nfa: 5,
        rank: 2,
        weaponChoice: 'heavyMg',
      },
      [3, 3, 3, 3, 3],
    );
    t.send(
      seat(J),
      { type: 'createTrooper', name: 'Jones', reputation: 'Stupid and Loyal', fa: 7, nfa: 3 },
      [6, 6, 6, 6, 6, 6, 5],
    );
    t.send(
      seat(F),
      { type: 'createTrooper', name: 'Fraser', reputation: 'Eternal Optimist', fa: 6, nfa: 4 },
      [8, 8, 8, 8, 8, 5],
    );
    t.send(
      seat(M),
      {
        type: 'createTrooper',
        name: 'McNeil',
        reputation: 'Sarcastic Pig',
        fa: 6,
        nfa: 4,
        weaponChoice: 'slugRifle',
      },
      [8, 8, 8, 8, 8, 8],
    );
    // The Heavy MG is no Trooper's pick: refused, nothing changes (McNeil already plays one PC, so
    // the GM tries it).
    expect(
      t.refuse(
        gm,
        { type: 'createTrooper', name: 'X', fa: 6, nfa: 4, weaponChoice: 'heavyMg' },
        [1, 1, 1, 1, 1, 1],
      ),
    ).toBe('WEAPON_NOT_A_RANK_CHOICE');
    // Highest NFA (Wheeler's 5) is Sergeant; highest FA of the rest (Jones's 7) Corporal. No ties,
    // no dice.
    t.send(gm, { type: 'assignInitialRanks' });
    expect([W, J, F, M].map((id) => tr(id).rank)).toEqual([2, 1, 0, 0]);
    expect([W, J, F, M].map((id) => tr(id).totalKills)).toEqual([15, 41, 45, 48]);
    expect(tr(W).weapons.map((w) => w.weapon)).toEqual(['heavyMg', 'sidearm', 'handToHand']);
    expect(tr(J).weapons.map((w) => w.weapon)).toEqual(['eCannon', 'grenades', 'handToHand']);
    expect(tr(F).weapons.map((w) => w.weapon)).toEqual(['energyRifle', 'grenades', 'handToHand']);
    expect(tr(M).weapons.map((w) => w.weapon)).toEqual(['slugRifle', 'grenades', 'handToHand']);
    // Kit as on the sheets: the Sergeant's radio, the Corporal's mitt and ball (a Sergeant has none).
    expect(tr(W).kit).toContain('radio');
    expect(tr(W).kit).not.toContain('mitt and ball');
    expect(tr(J).kit).toContain('mitt and ball');
    expect(tr(F).kit).not.toContain('radio');
    // Level 10: one Strength and one Weakness each.
    for (const id of [W, J, F, M]) {
      expect(tr(id).strengths.filter((x) => x.status === 'available')).toHaveLength(1);
      expect(tr(id).weaknesses.filter((x) => x.status === 'available')).toHaveLength(1);
    }

    // ---- Planet, briefing, landing ---------------------------------------------------------
    t.send(gm, {
      type: 'setPlanet',
      name: 'Goya',
      form: 'Dinosaurs',
      description: 'Forested surface',
      abilities: ['ambush'],
      aaMethod: 10,
      entries: { name: 6, form: 6, description: 7, ability: [1], aaMethod: 10 },
    });
    expect(s().planet?.aa).toBe(5);
    expect(s().planet?.threat.initial).toBe(20);
    t.send(gm, { type: 'briefMission', text: 'Find the lost landing party and hand over a radio pack.' });
    // Default weapons: Wheeler has his Sidearm out; the others carry their rank's first weapon.
    t.send(seat(W), { type: 'setDefaultWeapon', trooperId: W, weapon: 'sidearm' });
    expect([W, J, F, M].map((id) => tr(id).defaultWeapon)).toEqual([
      'sidearm',
      'eCannon',
      'energyRifle',
      'slugRifle',
    ]);
    // Air sickness during the descent: Fraser alone holds steady, rolling 2 (the others' faces are
    // ours: failures against NFA 5, 3 and 4).
    for (const [id, face] of [
      [W, 8],
      [J, 6],
      [F, 2],
      [M, 7],
    ] as const)
      t.send(seat(id), { type: 'nfaTest', trooperId: id, text: 'Keep the breakfast down.' }, [face]);
    expect(s().mission?.scenes.map((x) => x.success)).toEqual([false, false, true, false]);
    // Wheeler orients the group with his Field Manual (a success), then fails to placate Goodman.
    t.send(seat(W), { type: 'nfaTest', trooperId: W, text: 'Field Manual bearings.' }, [3]);
    t.send(seat(W), { type: 'nfaTest', trooperId: W, text: 'Placate Lt Goodman.' }, [9]);
    expect(
      s()
        .mission?.scenes.slice(-2)
        .map((x) => x.success),
    ).toEqual([true, false]);

    // ---- First encounter [3 Encounter Threat, 17 Planet Threat] -----------------------------
    t.send(gm, { type: 'startEncounter', tokens: 3, description: 'Raptors out of the trees.' });
    expect(s().planet?.threat.pool).toBe(17);
    // Ambush costs one token, from the planet's pool: [3 Encounter Threat, 16 Planet Threat].
    t.send(gm, { type: 'useAbility', ability: 'ambush', from: 'pool' });
    expect([enc().tokens, s().planet?.threat.pool]).toEqual([3, 16]);
    expect(enc().pendingKills.map((p) => p.trooperId)).toEqual([W, J, F, M]);
    answer(W, true);
    answer(J, false);
    answer(F, false);
    answer(M, false);
    expect(tr(W).armour).toBe('used');
    expect(health()).toEqual([WELL, MESS, MESS, MESS]);
    t.send(gm, { type: 'setRange', range: 'close' });

    // Round 1: McNeil 6, Jones 4, the Dinosaurs and Wheeler 2, Fraser 1: all successes. Jones
    // switches to Hand-to-Hand for free (the butt of his E-Cannon).
    fa(M, 'slugRifle');
    fa(J, 'handToHand');
    fa(W, 'sidearm');
    fa(F, 'energyRifle');
    t.send(gm, { type: 'declareAliens' });
    roll('aliens', [2]);
    roll(M, [6]);
    roll(J, [4]);
    roll(F, [1]);
    // The book calls the 2s simultaneous; the engine still rolls them off for the order (ours:
    // Wheeler 8, the Dinosaurs 3), and simultaneity is kept below: the Dinosaurs tied with the
    // turn that took the last token still strike.
    roll(W, [2, 8, 3]);
    expect(enc().queue.map((q) => [q.actor, q.face, q.success])).toEqual([
      [M, 6, true],
      [J, 4, true],
      [W, 2, true],
      ['aliens', 2, true],
      [F, 1, true],
    ]);
    // McNeil kills one (Slug Rifle at Close: 1) and, acting before the Dinosaurs, climbs to Near.
    turn(M, { move: 'farther' });
    expect(enc().tokens).toBe(2);
    // Jones kills one with the butt and climbs too: 1 token left.
    turn(J, { move: 'farther' });
    expect(enc().tokens).toBe(1);
    expect([enc().positions[M], enc().positions[J]]).toEqual(['near', 'near']);
    // On 2 Wheeler's Sidearm (d6) rolls 5 and takes the final token; Wheeler tied with the aliens,
    // so he could not have moved.
    expect(t.refuse(seat(W), { type: 'takeTurn', actor: W, move: 'farther' }, [5])).toBe('INVALID_VALUE');
    turn(W, {}, [5]);
    expect(tr(W).killsThisMission).toBe(5);
    expect(enc().tokens).toBe(0);
    // Also on 2 the Raptors slash Wheeler (tied) and Fraser (lower) for a Kill each.
    turn('aliens', { narration: 'Raptors slash at the Sarge and the kid.' });
    expect(enc().pendingKills.map((p) => p.trooperId)).toEqual([W, F]);
    answer(W, false);
    answer(F, false);
    // The encounter is over: Fraser's 1 is only colour, told through the table.
    expect(s().encounter).toBeNull();
    expect(s().lastEncounter?.endReason).toBe('noTokens');
    // The log says so right after Fraser's answer: a record the state does not need.
    expect(t.log.slice(-2)).toMatchObject([
      { type: 'kill.answered', trooperId: F },
      { type: 'encounter.ended', reason: 'noTokens', squadAlive: true, planetCleared: false },
    ]);
    t.send(seat(F), {
      type: 'narrate',
      trooperId: F,
      text: 'Guns down a swathe of foliage, then passes out.',
    });
    expect([W, J, F, M].map((id) => tr(id).killsThisMission)).toEqual([5, 1, 0, 1]);
    expect(s().planet?.threat).toMatchObject({ pool: 16, removed: 3, spent: 1 });

    // ---- Between encounters: one wound heals ------------------------------------------------
    // Wheeler, Jones and McNeil were A Mess and are uninjured; Fraser, Crippled, is A Mess.
    expect(health()).toEqual([WELL, WELL, MESS, WELL]);

    // McNeil, put on grave-digging duty, fails his NFA (our face); Trooper Carson dies in colour.
    t.send(seat(M), { type: 'nfaTest', trooperId: M, text: 'Dig the graves.' }, [9]);
    t.send(gm, { type: 'addScene', text: 'A barbed needle drops Carson into the grave he dug.' });

    // ---- Second encounter [4 Encounter Threat, 12 Planet Threat] ------------------------------
    t.send(gm, { type: 'startEncounter', tokens: 4 });
    expect(s().planet?.threat.pool).toBe(12);
    t.send(gm, { type: 'useAbility', ability: 'ambush', from: 'pool' });
    expect([enc().tokens, s().planet?.threat.pool]).toEqual([4, 11]);
    // Everyone takes a Kill and nobody uses Armour yet.
    for (const id of [W, J, F, M]) answer(id, false);
    expect(health()).toEqual([MESS, MESS, CRIPPLED, MESS]);
    // The GM sets the range at Far: needles arc out of the forest.
    t.send(gm, { type: 'setRange', range: 'far' });

    // Round 1: Jones 7 (FA) and the Dinosaurs 4 succeed; McNeil 10, Fraser 7, Wheeler 6 fail.
    fa(J, 'eCannon');
    fa(W, 'sidearm');
    fa(F, 'energyRifle');
    fa(M, 'slugRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(J, [7]);
    roll('aliens', [4]);
    roll(M, [10]);
    roll(F, [7]);
    roll(W, [6]);
    expect(enc().queue.map((q) => [q.actor, q.face, q.success])).toEqual([
      [J, 7, true],
      ['aliens', 4, true],
      [M, 10, false],
      [F, 7, false],
      [W, 6, false],
    ]);
    // The book's aside: had he not cancelled, the E-Cannon would kill 0 at Far (no die, no token)
    // but he could have moved to Near. Checked without playing it:
    const wouldBe = threeSixteen.decide(
      s(),
      { type: 'takeTurn', actor: J, move: 'closer' },
      { actor: seat(J), dice: new ScriptedDice([]) },
    );
    expect(wouldBe[0]).toMatchObject({ type: 'turn.taken', outcome: { kind: 'fa', kills: null } });
    expect(threeSixteen.evolve(s(), wouldBe[0] as never).encounter?.positions[J]).toBe('near');
    expect(t.refuse(seat(J), { type: 'takeTurn', actor: J, cancel: true, move: 'closer' })).toBe(
      'INVALID_VALUE',
    );
    // On 7 Jones cancels: everyone yet to act fails. No kills either way.
    turn(J, { cancel: true, narration: 'Shreds the forest with the E-Cannon; everyone dives for a grave.' });
    expect(enc().queue.find((q) => q.actor === 'aliens')?.cancelled).toBe(true);
    turn('aliens');
    turn(M);
    turn(F);
    turn(W);
    expect(health()).toEqual([MESS, MESS, CRIPPLED, MESS]);
    expect(enc().round).toBe(2);

    // Round 2: Wheeler 1 on NFA succeeds; Jones 9, the Dinosaurs 8, McNeil 7 and Fraser 7 fail.
    declare(W, { kind: 'nfa', task: { kind: 'manoeuvre', move: 'closer', switchTo: 'heavyMg' } });
    fa(J, 'eCannon');
    fa(F, 'energyRifle');
    fa(M, 'slugRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(W, [1]);
    roll(J, [9]);
    roll('aliens', [8]);
    roll(M, [7]);
    roll(F, [7]);
    // Wheeler makes his way from the graves to Near and takes up the Heavy MG.
    turn(W);
    expect(enc().positions[W]).toBe('near');
    expect(tr(W).currentWeapon).toBe('heavyMg');
    // Colour: the Dinosaurs shriek and spit, the squad's kill counters read zero.
    turn(J);
    turn('aliens', { narration: 'Shrill shrieks and caustic spit, high and wide.' });
    turn(F);
    turn(M);
    expect(enc().round).toBe(3);

    // Round 3: Fraser and the Dinosaurs 5 (tied), Wheeler 4, McNeil 3, Jones 1: all successes.
    fa(W, 'heavyMg');
    fa(J, 'eCannon');
    fa(F, 'energyRifle');
    fa(M, 'slugRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(W, [4]);
    roll(J, [1]);
    roll(M, [3]);
    roll('aliens', [5]);
    // Simultaneous 5s; our roll-off faces put the Dinosaurs' kills first (Fraser 2, Dinosaurs 9).
    roll(F, [5, 2, 9]);
    expect(enc().queue.map((q) => q.actor)).toEqual(['aliens', F, W, M, J]);
    // On 5 the acid gives everyone a Kill: Fraser (Crippled) ticks his Armour; the rest are Crippled.
    turn('aliens', { narration: 'Acidic ichor rains down.' });
    expect(enc().pendingKills.map((p) => p.trooperId)).toEqual([W, J, F, M]);
    answer(F, true);
    for (const id of [W, J, M]) answer(id, false);
    expect(health()).toEqual([CRIPPLED, CRIPPLED, CRIPPLED, CRIPPLED]);
    // Also on 5 Fraser's Energy Rifle kills 1 at Far: 3 tokens left.
    turn(F);
    expect(enc().tokens).toBe(3);
    // On 4 Wheeler's Heavy MG at Near kills 9 (2d6); nobody may move: no success beat the aliens.
    expect(t.refuse(seat(W), { type: 'takeTurn', actor: W, move: 'farther' }, [4, 5])).toBe('INVALID_VALUE');
    turn(W, {}, [4, 5]);
    expect(tr(W).killsThisMission).toBe(14);
    // On 3 McNeil's Slug Rifle at Far kills only 1 (d6).
    turn(M, {}, [1]);
    // On 1 Jones's E-Cannon kills 0 at Far: he does not take the final token.
    turn(J);
    expect(enc().tokens).toBe(1);
    expect(s().planet?.threat.pool).toBe(11);
    expect(enc().round).toBe(4);

    // Round 4: Wheeler, McNeil and the Dinosaurs 5, Jones 1: successes; Fraser 10 fails.
    fa(W, 'heavyMg');
    fa(J, 'eCannon');
    fa(F, 'energyRifle');
    fa(M, 'slugRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(F, [10]);
    roll(J, [1]);
    roll('aliens', [5]);
    roll(M, [5]);
    // Three 5s: Wheeler and McNeil "would roll a d10 each" for the last token (ours: 3, 8, 6).
    roll(W, [5, 3, 8, 6]);
    // Everyone is about to take a Kill and Wheeler and Fraser have no Armour left. Before any
    // turn, Wheeler uses his Strength: the encounter ends, its token goes, and his Heavy MG rolls
    // its best kills (Near, 2d6): 12.
    t.send(seat(W), { type: 'useStrength', trooperId: W, text: 'Deadly when backed into a corner' }, [6, 6]);
    expect(tr(W).strengths[0]).toEqual({ status: 'used', text: 'Deadly when backed into a corner' });
    expect(tr(W).killsThisMission).toBe(26);
    expect(tr(W).missionFlags.usedStrength).toBe(true);
    expect(s().lastEncounter?.endReason).toBe('strength');
    // The book says the GM "removes" that last token; by the Strength rule it is discarded, which
    // is how the ledger records it (no kill of its own beyond the Strength's 12).
    expect(s().planet?.threat).toMatchObject({ pool: 11, removed: 6, spent: 2, discarded: 1 });
    // Between encounters again: everybody heals to A Mess; 11 Planet Threat left.
    expect(health()).toEqual([MESS, MESS, MESS, MESS]);

    // Weapons go back to the default after an encounter; Wheeler now walks with the Heavy MG (ours).
    expect(tr(W).currentWeapon).toBe('sidearm');
    t.send(seat(W), { type: 'setDefaultWeapon', trooperId: W, weapon: 'heavyMg' });

    // ---- Third encounter: a trap, so no Ambush; the book gives no dice from here on ------------
    t.send(gm, { type: 'startEncounter', tokens: 5, description: 'Dead troopers as bait.' });
    // A normal Dominance roll that the squad wins (ours: Wheeler's 4 is the best success).
    t.send(seat(W), { type: 'rollDominance', actor: W }, [4]);
    t.send(seat(J), { type: 'rollDominance', actor: J }, [2]);
    t.send(seat(F), { type: 'rollDominance', actor: F }, [9]);
    t.send(seat(M), { type: 'rollDominance', actor: M }, [8]);
    t.send(gm, { type: 'rollDominance', actor: 'aliens' }, [7]);
    expect(enc().rangeSetter).toBe(W);
    expect(t.refuse(seat(J), { type: 'setRange', range: 'far' })).toBe('NOT_YOUR_TROOPER');
    t.send(seat(W), { type: 'setRange', range: 'near' });
    // Round 1 (ours): Jones 7 (E-Cannon 2d10 = 7), McNeil 6 (d6 = 3), Wheeler 3 (2d6 = 2) strike
    // before the Dinosaurs' 2, which catch only Fraser (a 9): Crippled.
    fa(W, 'heavyMg');
    fa(J, 'eCannon');
    fa(F, 'energyRifle');
    fa(M, 'slugRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(W, [3]);
    roll(J, [7]);
    roll(M, [6]);
    roll(F, [9]);
    roll('aliens', [2]);
    turn(J, {}, [3, 4]);
    turn(M, {}, [3]);
    turn(W, {}, [1, 1]);
    expect(enc().tokens).toBe(2);
    turn('aliens');
    answer(F, false);
    turn(F);
    // Round 2 (ours): Jones kills again (2d10 = 4); Wheeler and McNeil keep their heads (NFA);
    // the Dinosaurs' 2 catches Fraser's 8 and his player lets him die.
    fa(J, 'eCannon');
    declare(W, { kind: 'nfa', task: { kind: 'other', text: 'Bellows orders.' } });
    declare(M, { kind: 'nfa', task: { kind: 'other', text: 'Drags a body into cover.' } });
    fa(F, 'energyRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(J, [7]);
    roll(W, [3]);
    roll(M, [4]);
    roll(F, [8]);
    roll('aliens', [2]);
    turn(J, {}, [2, 2]);
    turn(M);
    turn(W);
    turn('aliens');
    expect(enc().pendingKills.map((p) => p.trooperId)).toEqual([F]);
    answer(F, false);
    expect(tr(F).status).toBe('dead');
    expect(enc().out[F]).toBe('dead');
    // Round 3 (ours): Jones takes the last token (2d10 = 2).
    fa(J, 'eCannon');
    fa(W, 'heavyMg');
    fa(M, 'slugRifle');
    t.send(gm, { type: 'declareAliens' });
    roll(W, [9]);
    roll(M, [9]);
    roll('aliens', [9]);
    roll(J, [7]);
    turn(J, {}, [1, 1]);
    expect(s().lastEncounter?.endReason).toBe('noTokens');
    expect(s().planet?.threat.pool).toBe(6);

    // Torres replaces Fraser: unmarked boxes, Fraser's unused Flashbacks.
    t.send(
      seat(F),
      {
        type: 'createReplacement',
        predecessorId: F,
        name: 'Torres',
        reputation: 'Cynic',
        fa: 6,
        nfa: 4,
        rank: 0,
      },
      [1, 1, 1, 1, 1, 1],
    );
    expect(tr(TORRES).health).toEqual(WELL);
    expect(tr(TORRES).strengths.map((x) => x.status)).toEqual(tr(F).strengths.map((x) => x.status));
    expect(tr(TORRES).weaknesses.map((x) => x.status)).toEqual(tr(F).weaknesses.map((x) => x.status));

    // ---- Final encounter: every token left; the GM's Ambush; McNeil's Strength ends it --------
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 5, final: true })).toBe('INVALID_VALUE');
    t.send(gm, { type: 'startEncounter', tokens: 6, final: true, description: 'The nest and the Mother.' });
    t.send(gm, { type: 'useAbility', ability: 'ambush' });
    expect(enc().tokens).toBe(5);
    // A bloody affair (ours): the Ambush marks everyone; Jones and McNeil keep their Armour.
    expect(enc().pendingKills.map((p) => p.trooperId)).toEqual([W, J, M, TORRES]);
    for (const id of [W, J, M, TORRES])
      t.send(seat(id === TORRES ? F : id), { type: 'answerKill', trooperId: id, useArmour: false });
    t.send(gm, { type: 'setRange', range: 'close' });
    // McNeil's Strength: the battle ends, the last Dinosaurs die (his Slug Rifle's best, d6 at
    // Near or Far, he names Far: 4), and he took the planet's final tokens.
    t.send(
      seat(M),
      { type: 'useStrength', trooperId: M, text: 'Never misses a sitting target', range: 'far' },
      [4],
    );
    expect(s().lastEncounter?.endReason).toBe('strength');
    expect(s().planet?.threat.pool).toBe(0);
    expect(tr(M).missionFlags).toMatchObject({ usedStrength: true, removedFinalToken: true });
    const th = s().planet?.threat;
    expect(th && th.pool + th.removed + th.discarded + th.spent).toBe(20);

    // ---- Between missions: Wheeler killed the most dinosaurs -------------------------------
    const kills = [W, J, M, TORRES].map((id) => tr(id).killsThisMission);
    expect(kills[0]).toBe(Math.max(...kills));
    t.send(gm, { type: 'endMission' });
    expect(s().campaign.phase).toBe('afterMission');
    // The debrief: McNeil's Crimson Sword for the planet's final token.
    t.send(gm, { type: 'debrief' });
    expect(tr(M).medals).toContainEqual({ medal: 'crimsonSword', count: 0 });
    // Levels: Wheeler for the most kills; the others roll, Jones 3, McNeil 1, Torres 10.
    t.send(gm, { type: 'rollLevels' }, [3, 1, 10]);
    expect(t.log.at(-1)).toMatchObject({ topKiller: W, gainers: [W, TORRES] });
    t.send(seat(W), { type: 'takeLevel', trooperId: W, ability: 'nfa', slot: 'strength' });
    t.send(seat(F), { type: 'takeLevel', trooperId: TORRES, ability: 'fa', slot: 'weakness' });
    // Every one advances a weapon a step, then the Development Rolls: Wheeler to Lieutenant on a
    // 4, Torres a PowerClaw, Jones a Flame-Gun, McNeil no Rocketpod (the last three faces ours).
    t.send(seat(W), { type: 'improveWeapon', trooperId: W, weapon: 'heavyMg', range: 'near' });
    t.send(seat(J), { type: 'improveWeapon', trooperId: J, weapon: 'eCannon', range: 'close' });
    t.send(seat(M), { type: 'improveWeapon', trooperId: M, weapon: 'slugRifle', range: 'near' });
    t.send(seat(F), { type: 'improveWeapon', trooperId: TORRES, weapon: 'energyRifle', range: 'close' });
    t.send(seat(W), { type: 'developmentRoll', trooperId: W, choice: { kind: 'promotion' } }, [4]);
    t.send(
      seat(F),
      { type: 'developmentRoll', trooperId: TORRES, choice: { kind: 'weapon', weapon: 'powerClaw' } },
      [2],
    );
    t.send(
      seat(J),
      { type: 'developmentRoll', trooperId: J, choice: { kind: 'weapon', weapon: 'flameGun' } },
      [3],
    );
    t.send(
      seat(M),
      { type: 'developmentRoll', trooperId: M, choice: { kind: 'weapon', weapon: 'rocketpod' } },
      [9],
    );
    expect(tr(W).rank).toBe(3);
    expect(tr(W).vehicles).toContain('dropPods');
    expect(tr(TORRES).weapons.map((w) => w.weapon)).toContain('powerClaw');
    expect(tr(J).weapons.map((w) => w.weapon)).toContain('flameGun');
    expect(tr(M).weapons.map((w) => w.weapon)).not.toContain('rocketpod');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});
