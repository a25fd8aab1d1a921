import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { legalCommands, pendingDecisions } from '../ruleset.ts';
import type { Trooper } from '../state.ts';
import { campaignOf } from './model.ts';
import { settleLevels, squad } from './test-kit.ts';

/** A conflict between two troopers, or a trooper and an NPC (side a starts it). */
const pcVsPc = (a: string, b: string) =>
  ({
    type: 'startConflict',
    a: { kind: 'trooper', trooperId: a },
    b: { kind: 'trooper', trooperId: b },
  }) as const;
const pcVsNpc = (a: string, name: string) =>
  ({ type: 'startConflict', a: { kind: 'trooper', trooperId: a }, b: { kind: 'npc', name } }) as const;

const conflict = (t: { state: Parameters<typeof campaignOf>[0] }) => {
  const c = campaignOf(t.state).conflict;
  if (!c) throw new Error('no conflict');
  return c;
};

describe('3:16 book: Trooper Smile versus Lieutenant Frinks', () => {
  it('plays the example: roll-off, Far, Armour, exhaustion, a yield and latrine duty', () => {
    const { t, gm, p } = squad([
      { name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle' },
      { name: 'Frinks', fa: 4, nfa: 8, rank: 3 },
    ]);
    t.send(p(1), pcVsPc('t1', 't2'));
    // Dominance: both roll 1s (both succeed); the roll-off gives Smile 8, Frinks 10.
    t.send(gm, { type: 'rollConflictDominance' }, [1, 1, 8, 10]);
    expect(conflict(t)).toMatchObject({ step: 'setRange', rangeSetter: 'b' });
    expect(t.refuse(p(1), { type: 'setConflictRange', range: 'close' })).toBe('NOT_YOUR_TROOPER');
    t.send(p(2), { type: 'setConflictRange', range: 'far' });

    // Round 1: Smile shoots (his rifle kills 1 at Far); Frinks bullies him over the comms.
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    t.send(gm, { type: 'rollConflictRound' }, [7, 1]);
    // Both succeed: Smile's better 7 waits for his player, who could cancel it (and Frinks's 1).
    expect(conflict(t)).toMatchObject({ step: 'act', queue: [{ side: 'a', face: 7 }, { side: 'b' }] });
    t.send(p(1), { type: 'takeConflictTurn' });
    // Smile's 7 acts first: Frinks is asked about his Armour and ticks it.
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'b', mark: 'X' } });
    t.send(p(2), { type: 'answerConflictHit', useArmour: true });
    expect(t.state.troopers.t2).toMatchObject({ armour: 'used', health: [null, null, null] });
    // Frinks's 1 then hits Smile with an E. Armour never stops it, but Smile could answer with a
    // Strength or Weakness now that the dice are seen: he is asked, and takes it.
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', mark: 'E' } });
    expect(t.refuse(p(1), { type: 'answerConflictHit', useArmour: true })).toBe('NOT_AVAILABLE');
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    expect(t.state.troopers.t1?.health).toEqual(['E', null, null]);
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2, mayMove: 'a' });

    // Round 2: Frinks 2, Smile 3.
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    t.send(gm, { type: 'rollConflictRound' }, [3, 2]);
    t.send(p(1), { type: 'takeConflictTurn' });
    t.send(p(2), { type: 'answerConflictHit', useArmour: false });
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    expect(t.state.troopers.t1?.health).toEqual(['E', 'E', null]);

    // Smile cannot afford more: he yields, Frinks accepts and gives his order.
    t.send(p(1), { type: 'yieldConflict', side: 'a' });
    expect(t.refuse(p(1), { type: 'answerYield', accept: true })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p(2), { type: 'rollConflictRound' })).toBe('YIELD_PENDING');
    t.send(p(2), { type: 'answerYield', accept: true });
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'b', endReason: 'yield' });
    expect(t.refuse(p(1), { type: 'imposeOrder', text: 'Frinks digs' })).toBe('NOT_YOUR_TROOPER');
    expect(legalCommands(t.state, p(2))).toContainEqual({ type: 'imposeOrder', text: 'An order.' });
    t.send(p(2), { type: 'imposeOrder', text: 'Latrine duty.' });
    expect(conflict(t).order).toBe('Latrine duty.');
    // Each answer names the side that gave it, so the log can say who.
    const answers = t.log
      .filter((ev) =>
        [
          'conflict.rangeSet',
          'conflict.hitAnswered',
          'conflict.yieldAnswered',
          'conflict.orderImposed',
        ].includes(ev.type),
      )
      .map((ev) => [ev.type, 'side' in ev ? ev.side : null]);
    expect(answers).toEqual([
      ['conflict.rangeSet', 'b'],
      ['conflict.hitAnswered', 'b'],
      ['conflict.hitAnswered', 'a'],
      ['conflict.hitAnswered', 'b'],
      ['conflict.hitAnswered', 'a'],
      ['conflict.yieldAnswered', 'b'],
      ['conflict.orderImposed', 'b'],
    ]);
    // Exhaustion clears after the conflict; Frinks keeps his real wound.
    expect(t.state.troopers.t1?.health).toEqual([null, null, null]);
    expect(t.state.troopers.t2?.health).toEqual(['X', null, null]);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});

describe('3:16 conflicts without Threat Tokens', () => {
  it('PC against an NPC: the NPC uses the planet AA and dies on its one box; the kill counts', () => {
    const { t, gm, p } = squad([{ name: 'Smile', fa: 7, nfa: 3 }], { aa: 6 });
    expect(
      t.refuse(gm, {
        type: 'startConflict',
        a: { kind: 'trooper', trooperId: 't1' },
        b: { kind: 'npc', name: 'Deserter', ability: 4 },
      }),
    ).toBe('NPC_USES_AA');
    t.send(gm, pcVsNpc('t1', 'Deserter'));
    expect(conflict(t).sides.b).toEqual({ kind: 'npc', name: 'Deserter', ability: 6, health: [null] });
    // Smile succeeds (3 ≤ NFA 3), the NPC fails (9 > AA 6): an ambush, and a free kill ends it.
    t.send(p(1), { type: 'rollConflictDominance' }, [3, 9]);
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a', endReason: 'dead' });
    expect(t.state.troopers.t1).toMatchObject({ killsThisMission: 1, totalKills: 1 });
  });

  it('an officer NPC with two boxes is worn out by emotional attacks; a tied success still strikes', () => {
    const { t, gm, p } = squad([{ name: 'Smile', fa: 7, nfa: 5 }], { aa: 6 });
    t.send(gm, {
      type: 'startConflict',
      a: { kind: 'trooper', trooperId: 't1' },
      b: { kind: 'npc', name: 'Major Payne', boxes: 2 },
    });
    // Both fail: Far, round 1.
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    expect(conflict(t)).toMatchObject({ step: 'declare', range: 'far', round: 1 });
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'emotional' } });
    t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    t.send(gm, { type: 'rollConflictRound' }, [4, 2]);
    t.send(p(1), { type: 'takeConflictTurn' });
    // The Major's E on Smile waits: Smile has flashbacks he could answer with. He takes it.
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'emotional' } });
    t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    // Tied at 3: both act; the Major's second box fills with an E and he is worn out.
    t.send(gm, { type: 'rollConflictRound' }, [3, 3]);
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a', endReason: 'exhausted' });
    expect(conflict(t).sides.b).toMatchObject({ health: ['E', 'E'] });
    // Smile took two E in the meantime, cleared now; no kill is counted for wearing someone out.
    expect(t.state.troopers.t1).toMatchObject({
      health: [null, null, null],
      killsThisMission: 0,
      status: 'active',
    });
  });

  it('a Strength wins the conflict, a Weakness loses it; both mark the mission flags', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    const start = pcVsPc('t1', 't2');
    t.send(p(1), start);
    t.send(p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'Iron will' });
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'b', endReason: 'strength' });
    expect(t.state.troopers.t2?.strengths[0]).toEqual({ status: 'used', text: 'Iron will' });
    expect(t.state.troopers.t2?.missionFlags.usedStrength).toBe(true);
    t.send(p(1), start);
    t.send(p(1), { type: 'conflictFlashback', side: 'a', kind: 'weakness', text: 'Freezes up' });
    expect(conflict(t)).toMatchObject({ winner: 'b', endReason: 'weakness' });
    expect(t.state.troopers.t1?.missionFlags.usedWeakness).toBe(true);
    expect(campaignOf(t.state).lastConflict?.endReason).toBe('strength');
    void gm;
  });

  it('a PC killed in a conflict mid-mission is dead, counts as a kill, and triggers field promotion', () => {
    const { t, gm, p } = squad([
      { name: 'Sarge', fa: 5, nfa: 5, rank: 2, patch: { health: ['X', 'X', null], armourPolicy: 'never' } },
      { name: 'Cpl', fa: 5, nfa: 5, rank: 1 },
      { name: 'Tpr', fa: 8, nfa: 2 },
    ]);
    t.send(p(3), pcVsPc('t3', 't1'));
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    t.send(p(3), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(p(1), { type: 'declareConflict', side: 'b', action: { kind: 'manoeuvre', move: 'closer' } });
    const events = t.send(gm, { type: 'rollConflictRound' }, [8, 7]);
    expect(t.state.troopers.t1?.status).toBe('dead');
    // The round's event names the mark that landed, who fell and how the conflict ended (the log
    // reads "…; Sarge takes an X; Sarge is dead; Tpr wins the conflict with a death").
    expect(events.flatMap((e) => e.struck ?? [])).toEqual([{ side: 'b', mark: 'X' }]);
    expect(events.flatMap((e) => e.fell ?? [])).toEqual([{ trooperId: 't1', status: 'dead' }]);
    expect(events.flatMap((e) => (e.conflictWon ? [e.conflictWon] : []))).toEqual([
      { winner: 'a', reason: 'dead' },
    ]);
    expect(t.state.troopers.t3?.totalKills).toBe(1);
    expect(t.state.troopers.t2?.rank).toBe(2);
    expect(conflict(t)).toMatchObject({ endReason: 'dead', winner: 'a' });
  });

  it('refuses bad moves with stable codes and changes nothing', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5, weaponChoice: 'energyRifle' },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    const start = pcVsPc('t1', 't2');
    expect(t.refuse(p(1), { type: 'rollConflictDominance' })).toBe('NO_CONFLICT');
    expect(
      t.refuse(p(1), { ...start, a: { kind: 'trooper', trooperId: 't2' }, b: { kind: 'npc', name: 'X' } }),
    ).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(gm, { ...start, b: { kind: 'trooper', trooperId: 't1' } })).toBe('INVALID_VALUE');
    expect(t.refuse(gm, { ...start, b: { kind: 'trooper', trooperId: 't9' } })).toBe('UNKNOWN_TROOPER');
    expect(t.refuse(gm, { ...start, b: { kind: 'npc', name: 'X', boxes: 3 } })).toBe('INVALID_COMMAND');
    expect(t.refuse(p(1), { ...start, b: { kind: 'npc', name: 'X', boxes: 2 } })).toBe('INVALID_VALUE');
    t.send(p(1), start);
    expect(t.refuse(gm, start)).toBe('CONFLICT_RUNNING');
    expect(t.refuse(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } })).toBe('WRONG_STEP');
    expect(t.refuse({ seatId: 'eve', role: 'spectator' }, { type: 'rollConflictDominance' })).toBe(
      'ROLE_NOT_ALLOWED',
    );
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    expect(t.refuse(p(1), { type: 'declareConflict', side: 'b', action: { kind: 'fa' } })).toBe(
      'NOT_YOUR_TROOPER',
    );
    expect(
      t.refuse(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'manoeuvre', move: 'farther' } }),
    ).toBe('INVALID_VALUE');
    // At Far, A's Energy Rifle kills 1: shooting is allowed.
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    expect(t.refuse(p(1), { type: 'rollConflictRound' })).toBe('NOT_DECLARED');
    expect(t.refuse(p(2), { type: 'moveConflict', move: 'closer' })).toBe('NOT_AVAILABLE');
    expect(t.refuse(p(2), { type: 'answerConflictHit', useArmour: true })).toBe('WRONG_STEP');
    expect(t.refuse(p(2), { type: 'answerYield', accept: true })).toBe('NOT_AVAILABLE');
    expect(t.refuse(p(2), { type: 'imposeOrder', text: 'x' })).toBe('NO_CONFLICT');
    expect(t.refuse(p(2), { type: 'gmEndConflict', winner: null, reason: '' })).toBe('ROLE_NOT_ALLOWED');
    t.send(gm, { type: 'gmEndConflict', winner: null, reason: 'the MPs break it up' });
    expect(t.refuse(p(1), { type: 'imposeOrder', text: 'x' })).toBe('NOT_AVAILABLE');
  });

  it('at Close a Hand-to-Hand fight is always possible; at Far an E-Cannon (0) is not', () => {
    const { t, gm, p } = squad([
      { name: 'Gunner', fa: 5, nfa: 5, rank: 1, weaponChoice: 'eCannon' },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    t.send(p(1), pcVsPc('t1', 't2'));
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    expect(t.refuse(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } })).toBe(
      'WEAPON_CANNOT_KILL_HERE',
    );
    // A better success may move the range one step: Gunner 5 beats B's failure, then moves closer.
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'other', text: 'Stares him down' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    t.send(gm, { type: 'rollConflictRound' }, [5, 10]);
    expect(t.refuse(p(2), { type: 'moveConflict', move: 'closer' })).toBe('NOT_YOUR_TROOPER');
    t.send(p(1), { type: 'moveConflict', move: 'closer' });
    expect(conflict(t).range).toBe('near');
    expect(t.refuse(p(1), { type: 'moveConflict', move: 'closer' })).toBe('NOT_AVAILABLE');
  });

  it('a blow that would kill waits for the player: a Weakness answers it, and nobody is credited a kill', () => {
    const { t, gm, p } = squad(
      // No Armour to tick (none yet on this planet), one Weakness Available.
      [{ name: 'Crippled', fa: 5, nfa: 5, patch: { health: ['X', 'X', null], armour: 'notYetAvailable' } }],
      { aa: 5 },
    );
    t.send(gm, pcVsNpc('t1', 'Provost'));
    // The PC fails (9), the NPC succeeds (2): an ambush, and its free kill would fill the last box.
    t.send(gm, { type: 'rollConflictDominance' }, [9, 2]);
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', mark: 'X' } });
    expect(t.state.troopers.t1?.status).toBe('active');
    t.send(p(1), { type: 'conflictFlashback', side: 'a', kind: 'weakness', text: 'Drops the rifle' });
    expect(conflict(t)).toMatchObject({
      step: 'ended',
      winner: 'b',
      endReason: 'weakness',
      pendingHit: null,
    });
    expect(t.state.troopers.t1).toMatchObject({ status: 'active', health: ['X', 'X', null] });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('with no Armour and no flashback left the blow lands at once', () => {
    const spent = { status: 'used' as const, text: 'x' };
    const { t, gm } = squad(
      [
        {
          name: 'Spent',
          fa: 5,
          nfa: 5,
          patch: {
            health: ['X', 'X', null],
            armour: 'notYetAvailable',
            strengths: [spent],
            weaknesses: [spent],
          },
        },
      ],
      { aa: 5 },
    );
    t.send(gm, pcVsNpc('t1', 'Provost'));
    t.send(gm, { type: 'rollConflictDominance' }, [9, 2]);
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'b', endReason: 'dead' });
    expect(t.state.troopers.t1?.status).toBe('dead');
  });

  it('a flashback in a conflict counts for promotion in the mission it is used in, briefing included', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    const start = pcVsPc('t1', 't2');
    t.send(gm, { type: 'endMission' });
    t.send(gm, { type: 'debrief' });
    // After the mission: the Strength fills its slot but makes nobody promotable now.
    t.send(p(1), start);
    t.send(p(1), { type: 'conflictFlashback', side: 'a', kind: 'strength', text: 'Stands tall' });
    expect(t.state.troopers.t1?.strengths[0]).toEqual({ status: 'used', text: 'Stands tall' });
    expect(t.state.troopers.t1?.missionFlags.usedStrength).toBe(false);
    // At the next planet's briefing (part of the next mission) it counts, and the briefing keeps it.
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    t.send(p(2), { ...start, a: start.b, b: start.a });
    t.send(p(2), { type: 'conflictFlashback', side: 'a', kind: 'strength', text: 'Keeps cool' });
    t.send(gm, { type: 'briefMission', text: 'Go again.' });
    expect(t.state.troopers.t2?.missionFlags.usedStrength).toBe(true);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('an NFA test at the briefing is a line of the log, not a scene of the mission before', () => {
    const { t, gm, p } = squad([{ name: 'A', fa: 5, nfa: 5 }]);
    t.send(gm, { type: 'endMission' });
    t.send(gm, { type: 'debrief' });
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    const scenes = t.state.mission?.scenes.length;
    t.send(p(1), { type: 'nfaTest', trooperId: 't1', text: 'Reads the orders' }, [3]);
    expect(t.state.mission?.scenes.length).toBe(scenes);
    expect(t.state.log.at(-1)?.text).toBe('A tests NFA (Reads the orders): 3 against 5, a success.');
  });

  it('an NFA manoeuvre takes another carried weapon in hand, as in an encounter', () => {
    const { t, gm, p } = squad(
      [
        {
          name: 'Sarge',
          fa: 5,
          nfa: 5,
          rank: 2,
          weaponChoice: 'slugRifle',
          patch: { currentWeapon: 'sidearm' },
        },
      ],
      { aa: 5 },
    );
    t.send(gm, pcVsNpc('t1', 'Deserter'));
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    expect(conflict(t).range).toBe('far');
    // The Sidearm kills nothing at Far; the Slug Rifle would, once in hand.
    expect(t.refuse(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } })).toBe(
      'WEAPON_CANNOT_KILL_HERE',
    );
    const take = (switchTo: string) =>
      ({ type: 'declareConflict', side: 'a', action: { kind: 'manoeuvre', switchTo } }) as const;
    expect(t.refuse(p(1), take('flameGun') as never)).toBe('NOT_AVAILABLE');
    expect(t.refuse(p(1), take('sidearm') as never)).toBe('INVALID_VALUE');
    expect(t.refuse(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'manoeuvre' } })).toBe(
      'INVALID_VALUE',
    );
    expect(
      t.refuse(gm, {
        type: 'declareConflict',
        side: 'b',
        action: { kind: 'manoeuvre', switchTo: 'slugRifle' },
      }),
    ).toBe('INVALID_VALUE');
    t.send(p(1), take('slugRifle') as never);
    t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'other', text: 'Runs' } });
    // Sarge succeeds (4 ≤ NFA 5), the deserter fails: the rifle is in hand.
    t.send(gm, { type: 'rollConflictRound' }, [4, 8]);
    expect(t.state.troopers.t1?.currentWeapon).toBe('slugRifle');
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a side may stay out of the Dominance roll: no die, a failure, so the other may ambush', () => {
    const { t, p } = squad([
      { name: 'Ann', fa: 5, nfa: 5 },
      { name: 'Ben', fa: 5, nfa: 5 },
    ]);
    t.send(p(1), pcVsPc('t1', 't2'));
    // Only Ben's player (or the GM) keeps Ben out.
    expect(t.refuse(p(1), { type: 'rollConflictDominance', stayOut: 'b' })).toBe('NOT_YOUR_TROOPER');
    // Ann rolls 3 and succeeds; Ben rolls nothing: an ambush by Ann.
    t.send(p(2), { type: 'rollConflictDominance', stayOut: 'b' }, [3]);
    expect(t.log.find((e) => e.type === 'conflict.dominanceRolled')).toMatchObject({
      stayedOut: 'b',
      tests: { a: { face: 3, success: true }, b: { face: 0, success: false } },
      outcome: 'ambush',
      winner: 'a',
    });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});

describe('3:16 conflicts: a Weakness answering a Strength', () => {
  /** Ann (side a) against Ben (side b); Ben's Strength wins it before Dominance. */
  function benWinsByStrength() {
    const table = squad([
      { name: 'Ann', fa: 5, nfa: 5 },
      { name: 'Ben', fa: 5, nfa: 5 },
    ]);
    const { t, p } = table;
    t.send(p(1), pcVsPc('t1', 't2'));
    t.send(p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'Iron will' });
    return table;
  }

  it('the loser shows a Weakness: slot Used, demotion flag, still the loss, on its own terms', () => {
    const { t, gm, p } = benWinsByStrength();
    const answer = { type: 'answerConflictStrength', text: 'Cannot look him in the eye' } as const;
    // Optional: nothing waits for it, but it is offered to the loser's player (and only to them).
    expect(pendingDecisions(t.state).some((d) => d.kind.startsWith('conflict'))).toBe(false);
    expect(legalCommands(t.state, p(1))).toContainEqual({ ...answer, text: 'A flashback.' });
    expect(legalCommands(t.state, p(2)).filter((c) => c.type === 'answerConflictStrength')).toEqual([]);
    expect(t.refuse(p(2), answer)).toBe('NOT_YOUR_TROOPER');
    t.send(p(1), answer);
    expect(t.log.at(-1)).toEqual({
      type: 'conflict.strengthAnswered',
      side: 'a',
      text: 'Cannot look him in the eye',
      slot: 0,
    });
    expect(t.state.troopers.t1?.weaknesses[0]).toEqual({
      status: 'used',
      text: 'Cannot look him in the eye',
    });
    expect(t.state.troopers.t1?.missionFlags.usedWeakness).toBe(true);
    expect(conflict(t)).toMatchObject({
      step: 'ended',
      winner: 'b',
      endReason: 'strength',
      ownTerms: { side: 'a', text: 'Cannot look him in the eye' },
    });
    expect(t.state.log.at(-1)?.text).toBe(
      'Ann answers the Strength with a Weakness and takes the loss on their own terms: Cannot look him in the eye',
    );
    expect(t.refuse(p(1), answer)).toBe('ALREADY_DONE');
    expect(t.refuse(gm, answer)).toBe('ALREADY_DONE');
    // The winner still gives its order.
    t.send(p(2), { type: 'imposeOrder', text: 'Clean the latrines.' });
    expect(conflict(t).order).toBe('Clean the latrines.');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('the GM may answer for the loser; Hatred for Home only when asked for; NO_SLOT without one', () => {
    const { t, gm, p } = benWinsByStrength();
    const hatred = { type: 'answerConflictStrength', text: 'Misses the farm', hatredForHome: true } as const;
    expect(t.refuse(gm, hatred)).toBe('NO_SLOT');
    t.send(gm, { type: 'answerConflictStrength', text: 'Misses the farm' });
    expect(t.state.troopers.t1?.weaknesses[0]?.status).toBe('used');
    // A fresh conflict: Ann's only Weakness is gone, so she cannot answer Ben's second Strength.
    const spent = { status: 'used' as const, text: 'x' };
    const table = squad([
      { name: 'Ann', fa: 5, nfa: 5, patch: { weaknesses: [spent] } },
      { name: 'Ben', fa: 5, nfa: 5 },
    ]);
    table.t.send(table.p(1), pcVsPc('t1', 't2'));
    table.t.send(table.p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'Cool' });
    expect(table.t.refuse(table.p(1), { type: 'answerConflictStrength', text: 'x' })).toBe('NO_SLOT');
    // With a Hatred for Home slot Available it is used only when the player asks for it.
    const home = squad([
      {
        name: 'Ann',
        fa: 5,
        nfa: 5,
        patch: { weaknesses: [{ status: 'available' }, { status: 'available', hatredForHome: true }] },
      },
      { name: 'Ben', fa: 5, nfa: 5 },
    ]);
    home.t.send(home.p(1), pcVsPc('t1', 't2'));
    home.t.send(home.p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'Cool' });
    home.t.send(home.p(1), hatred);
    expect(home.t.state.troopers.t1?.weaknesses).toEqual([
      { status: 'available' },
      { status: 'used', text: 'Misses the farm', hatredForHome: true },
    ]);
    void p;
  });

  it('only a Strength can be answered, never by a Strength; an NPC has nothing to answer with', () => {
    const { t, gm, p } = squad(
      [
        { name: 'Ann', fa: 5, nfa: 5 },
        { name: 'Ben', fa: 5, nfa: 5 },
      ],
      { aa: 5 },
    );
    const answer = { type: 'answerConflictStrength', text: 'x' } as const;
    expect(t.refuse(p(1), answer)).toBe('NO_CONFLICT');
    t.send(p(1), pcVsPc('t1', 't2'));
    expect(t.refuse(p(1), answer)).toBe('NO_CONFLICT');
    // Ann loses by her own Weakness: Ben cannot answer that with a Strength (the conflict is over).
    t.send(p(1), { type: 'conflictFlashback', side: 'a', kind: 'weakness', text: 'Freezes' });
    expect(t.refuse(p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'x' })).toBe(
      'NO_CONFLICT',
    );
    expect(t.refuse(p(2), answer)).toBe('NOT_AVAILABLE');
    // Nor is a Strength answered by a Strength.
    t.send(p(1), pcVsPc('t1', 't2'));
    t.send(p(1), { type: 'conflictFlashback', side: 'a', kind: 'strength', text: 'Steady' });
    expect(t.refuse(p(2), { type: 'conflictFlashback', side: 'b', kind: 'strength', text: 'x' })).toBe(
      'NO_CONFLICT',
    );
    // An NPC losing to a Strength has no Weakness to show.
    t.send(gm, pcVsNpc('t2', 'Provost'));
    t.send(p(2), { type: 'conflictFlashback', side: 'a', kind: 'strength', text: 'Loud voice' });
    expect(t.refuse(gm, answer)).toBe('INVALID_VALUE');
    // A yield, a death or the GM's word is not a Strength either.
    t.send(gm, pcVsNpc('t2', 'Provost'));
    t.send(gm, { type: 'gmEndConflict', winner: 'b', reason: 'stop' });
    expect(t.refuse(p(2), answer)).toBe('NOT_AVAILABLE');
  });
});

describe('3:16 conflicts: the preparation bonus and combat drugs, as in an encounter', () => {
  /** Smile (FA 7, NFA 3, Energy Rifle) against a deserter (AA 6), optionally at Far after Dominance. */
  function smile(patch: Partial<Trooper> = {}, atFar = true) {
    const table = squad([{ name: 'Smile', fa: 7, nfa: 3, weaponChoice: 'energyRifle', patch }], { aa: 6 });
    const { t, gm, p } = table;
    t.send(gm, pcVsNpc('t1', 'Deserter'));
    if (atFar) {
      t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
      t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
      t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'fa' } });
    }
    return table;
  }

  it("the GM's +1 goes into the trooper's next test (Dominance) and is spent by it", () => {
    const { t, gm } = smile({}, false);
    t.send(gm, { type: 'grantPreparationBonus', trooperId: 't1' });
    // Staying out of the roll keeps the bonus for later.
    t.send(gm, { type: 'rollConflictDominance', stayOut: 'a' }, [9]);
    expect(t.log.at(-1)).not.toHaveProperty('prepared');
    expect(t.state.troopers.t1?.preparationBonus).toBe(1);
    t.send(gm, { type: 'gmEndConflict', winner: null, reason: 'called off' });
    t.send(gm, pcVsNpc('t1', 'Deserter'));
    // NFA 3 + 1: a 4 succeeds, the deserter's 9 fails: an ambush, the deserter dies.
    t.send(gm, { type: 'rollConflictDominance' }, [4, 9]);
    expect(t.log.at(-1)).toMatchObject({
      type: 'conflict.dominanceRolled',
      tests: { a: { face: 4, target: 4, success: true } },
      prepared: ['a'],
      outcome: 'ambush',
    });
    expect(t.state.troopers.t1?.preparationBonus).toBe(0);
    expect(conflict(t)).toMatchObject({ winner: 'a', endReason: 'dead' });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('the +1 goes into an FA round test too (never above 10); a log without `prepared` spends nothing', () => {
    const { t, gm } = smile();
    t.send(gm, { type: 'grantPreparationBonus', trooperId: 't1' });
    // FA 7 + 1: an 8 succeeds and kills the deserter (who failed).
    t.send(gm, { type: 'rollConflictRound' }, [8, 9]);
    expect(t.log.at(-1)).toMatchObject({ tests: { a: { face: 8, target: 8 } }, prepared: ['a'] });
    expect(conflict(t)).toMatchObject({ winner: 'a', endReason: 'dead' });
    expect(t.state.troopers.t1?.preparationBonus).toBe(0);
    // An older log's round (no `prepared`) left the bonus alone, and still does.
    const old = smile();
    old.t.send(old.gm, { type: 'grantPreparationBonus', trooperId: 't1' });
    old.t.apply({
      type: 'conflict.roundRolled',
      tests: { a: { face: 7, target: 7, success: true }, b: { face: 9, target: 6, success: false } },
    });
    expect(old.t.state.troopers.t1?.preparationBonus).toBe(1);
    const ten = smile({ fa: 10 });
    ten.t.send(ten.gm, { type: 'grantPreparationBonus', trooperId: 't1' });
    ten.t.send(ten.gm, { type: 'rollConflictRound' }, [10, 9]);
    expect(ten.t.log.at(-1)).toMatchObject({ tests: { a: { target: 10 } } });
  });

  it('a failed FA die holds the round: the player re-rolls it with combat drugs, once per planet', () => {
    const { t, gm, p } = smile();
    // Smile 9 fails (FA 7), the deserter 8 fails (AA 6).
    t.send(gm, { type: 'rollConflictRound' }, [9, 8]);
    expect(t.log.at(-1)).toMatchObject({ type: 'conflict.roundRolled', drugsFor: ['a'] });
    expect(t.log.at(-1)).not.toHaveProperty('waitFor');
    expect(conflict(t)).toMatchObject({ step: 'act', round: 1, dice: { open: ['a'] } });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'p1', kind: 'conflictDrugs', actor: 't1' }]);
    expect(legalCommands(t.state, p(1))).toContainEqual({ type: 'useConflictDrugs', side: 'a' });
    expect(legalCommands(t.state, p(1))).toContainEqual({ type: 'takeConflictTurn' });
    expect(t.refuse(p(1), { type: 'takeConflictTurn', cancel: true })).toBe('DICE_NOT_SETTLED');
    expect(t.refuse(gm, { type: 'useConflictDrugs', side: 'b' })).toBe('INVALID_VALUE');
    expect(t.refuse(gm, { type: 'rollConflictRound' })).toBe('WRONG_STEP');
    // The re-roll: 5 against the same 7, a success; Smile shoots and the deserter dies.
    t.send(p(1), { type: 'useConflictDrugs', side: 'a' }, [5]);
    expect(t.log.at(-1)).toEqual({
      type: 'conflict.drugsUsed',
      side: 'a',
      face: 5,
      target: 7,
      success: true,
      // What it led to, for the log: the deserter's one box marked, and the end.
      struck: [{ side: 'b', mark: 'X' }],
      conflictWon: { winner: 'a', reason: 'dead' },
    });
    expect(t.state.troopers.t1?.planetUses.combatDrugs).toBe(true);
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a', endReason: 'dead' });
    expect(conflict(t)).not.toHaveProperty('dice');
    expect(t.state.troopers.t1).toMatchObject({ health: [null, null, null], totalKills: 1 });
    expect(t.replayHash()).toBe(stateHash(t.state));
    // Spent for the planet: the next failed die does not hold the round.
    t.send(gm, pcVsNpc('t1', 'Deserter'));
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(gm, { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    t.send(gm, { type: 'rollConflictRound' }, [9, 8]);
    expect(t.log.at(-1)).not.toHaveProperty('drugsFor');
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2 });
  });

  it('keeping the die goes on with the round; the drugs stay for later', () => {
    const { t, gm, p } = smile();
    // Smile 9 fails, the deserter's 3 hits (Smile ticks no Armour: he is asked, and takes it).
    t.send(gm, { type: 'rollConflictRound' }, [9, 3]);
    expect(t.refuse(p(1), { type: 'answerConflictHit', useArmour: false })).toBe('WRONG_STEP');
    t.send(p(1), { type: 'takeConflictTurn' });
    expect(t.log.at(-1)).toEqual({ type: 'conflict.diceKept', sides: ['a'] });
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', by: 'b', mark: 'X' } });
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2, mayMove: 'b' });
    expect(conflict(t)).not.toHaveProperty('dice');
    expect(t.state.troopers.t1?.planetUses.combatDrugs).toBe(false);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a 10 on the re-roll is a Kill on the user, answered like any Kill; it credits nobody', () => {
    const { t, gm, p } = smile();
    t.send(gm, { type: 'rollConflictRound' }, [9, 3]);
    t.send(p(1), { type: 'useConflictDrugs', side: 'a' }, [10]);
    // The drugs' Kill waits for Smile's answer first (Armour is there to tick); he ticks it.
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', by: 'a', mark: 'X' } });
    t.send(p(1), { type: 'answerConflictHit', useArmour: true });
    // Then the deserter's 3 lands too.
    expect(conflict(t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', by: 'b' } });
    t.send(p(1), { type: 'answerConflictHit', useArmour: false });
    expect(t.state.troopers.t1).toMatchObject({ armour: 'used', health: ['X', null, null] });
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2 });
    expect(t.state.log.some((l) => l.text === 'The drugs turn on Smile: a Kill.')).toBe(true);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('drugs that kill their user end the conflict at once; no kill is counted', () => {
    const { t, gm, p } = squad([
      {
        name: 'Smile',
        fa: 7,
        nfa: 3,
        weaponChoice: 'energyRifle',
        patch: { health: ['X', 'X', null], armour: 'used', armourPolicy: 'never' },
      },
      { name: 'Frinks', fa: 4, nfa: 8, rank: 3 },
    ]);
    t.send(p(1), pcVsPc('t1', 't2'));
    t.send(gm, { type: 'rollConflictDominance' }, [9, 9]);
    t.send(p(1), { type: 'declareConflict', side: 'a', action: { kind: 'fa' } });
    t.send(p(2), { type: 'declareConflict', side: 'b', action: { kind: 'emotional' } });
    // Smile 9 fails; Frinks's 2 would wear him down, but the drugs kill Smile first.
    t.send(gm, { type: 'rollConflictRound' }, [9, 2]);
    t.send(p(1), { type: 'useConflictDrugs', side: 'a' }, [10]);
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.troopers.t1?.health).toEqual(['X', 'X', 'X']);
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'b', endReason: 'dead' });
    expect(t.state.troopers.t1?.totalKills).toBe(0);
    expect(t.state.troopers.t2?.totalKills).toBe(0);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a lower success may re-roll while the better one waits; a re-roll that beats it goes first', () => {
    const { t, gm, p } = smile();
    // Smile 2 succeeds, the deserter's 6 is better and waits for the GM (nothing held).
    t.send(gm, { type: 'rollConflictRound' }, [2, 6]);
    expect(t.log.at(-1)).toMatchObject({ waitFor: 'b', drugsFor: ['a'] });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'conflictTurn' }]);
    expect(t.refuse(p(1), { type: 'takeConflictTurn' })).toBe('NOT_YOUR_TROOPER');
    // Smile re-rolls a 7: now his success is the better one, and it waits for his player.
    t.send(p(1), { type: 'useConflictDrugs', side: 'a' }, [7]);
    expect(conflict(t)).toMatchObject({
      step: 'act',
      mayMove: 'a',
      queue: [
        { side: 'a', face: 7 },
        { side: 'b', face: 6 },
      ],
    });
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'p1', kind: 'conflictTurn', actor: 't1' }]);
    expect(t.refuse(p(1), { type: 'useConflictDrugs', side: 'a' }, [1])).toBe('NOT_AVAILABLE');
    t.send(p(1), { type: 'takeConflictTurn' });
    expect(conflict(t)).toMatchObject({ step: 'ended', winner: 'a', endReason: 'dead' });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a tied success holds the round; a die a re-roll cannot better does not', () => {
    const tie = smile();
    tie.t.send(tie.gm, { type: 'rollConflictRound' }, [4, 4]);
    expect(conflict(tie.t)).toMatchObject({ step: 'act', dice: { open: ['a'] } });
    tie.t.send(tie.p(1), { type: 'takeConflictTurn' });
    // Kept: the tied successes act together (the deserter dies, Smile is asked about his Kill).
    expect(conflict(tie.t)).toMatchObject({ step: 'answer', pendingHit: { target: 'a', by: 'b' } });
    // A success at its number, or one already beating the other side, has nothing to gain.
    for (const faces of [
      [7, 3],
      [5, 3],
      [5, 9],
    ]) {
      const { t, gm } = smile();
      t.send(gm, { type: 'rollConflictRound' }, faces);
      expect(t.log.at(-1)).not.toHaveProperty('drugsFor');
    }
    // Dominance is an NFA test: no drugs there.
    const { t, gm, p } = smile({}, false);
    expect(t.refuse(p(1), { type: 'useConflictDrugs', side: 'a' })).toBe('WRONG_STEP');
    void gm;
  });

  it('a log from before the drugs (no `drugsFor`) resolves a failed die at once, as it did', () => {
    const { t } = smile();
    t.apply({
      type: 'conflict.roundRolled',
      tests: { a: { face: 9, target: 7, success: false }, b: { face: 8, target: 6, success: false } },
    });
    expect(conflict(t)).toMatchObject({ step: 'declare', round: 2 });
    expect(conflict(t)).not.toHaveProperty('dice');
  });
});
