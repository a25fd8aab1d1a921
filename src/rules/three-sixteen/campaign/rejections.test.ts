import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from '../commands.ts';
import { fightAt } from '../encounter/test-kit.ts';
import { threeSixteen } from '../ruleset.ts';
import { endAndDebrief, flags, happened, squad } from './test-kit.ts';

/** One well-formed instance of every campaign command, aimed at trooper t2 (the second player's). */
const ALL: ThreeSixteenCommand[] = [
  { type: 'debrief' },
  { type: 'rollLevels' },
  { type: 'takeLevel', trooperId: 't2', ability: 'fa', slot: 'strength' },
  { type: 'improveWeapon', trooperId: 't2', weapon: 'grenades', range: 'close' },
  { type: 'developmentRoll', trooperId: 't2', choice: { kind: 'weapon', weapon: 'shotgun' } },
  { type: 'nominateDemotion', nominatorId: 't2', targetId: 't1' },
  { type: 'takeGmReward', trooperId: 't2', reward: { kind: 'weapon', weapon: 'grenades', range: 'close' } },
  { type: 'setMissionGm', seatId: 'p2' },
  { type: 'brigadierFalls', text: 'Shot by his own guard.' },
  { type: 'rollNextPlanet' },
  { type: 'createReplacement', predecessorId: 't2', name: 'New', fa: 5, nfa: 5, rank: 0 },
  { type: 'rollFieldPromotion' },
  { type: 'startConflict', a: { kind: 'trooper', trooperId: 't2' }, b: { kind: 'trooper', trooperId: 't1' } },
  { type: 'rollConflictDominance' },
  { type: 'setConflictRange', range: 'near' },
  { type: 'declareConflict', side: 'a', action: { kind: 'fa' } },
  { type: 'rollConflictRound' },
  { type: 'takeConflictTurn', cancel: true },
  { type: 'answerConflictHit', useArmour: false },
  { type: 'moveConflict', move: 'closer' },
  { type: 'conflictFlashback', side: 'a', kind: 'strength', text: 'x' },
  { type: 'yieldConflict', side: 'a' },
  { type: 'answerYield', accept: true },
  { type: 'imposeOrder', text: 'Dig.' },
  { type: 'gmEndConflict', winner: null, reason: '' },
];

const spectator: Seat = { seatId: 'eve', role: 'spectator' };

describe('3:16 campaign commands refuse bad input and change nothing', () => {
  it('every command is known to the ruleset and refused for a spectator', () => {
    const { t } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    for (const c of ALL) {
      expect(threeSixteen.commandSchema.safeParse(c).success, c.type).toBe(true);
      expect(t.refuse(spectator, c, [1, 1, 1, 1, 1]), c.type).toBe('ROLE_NOT_ALLOWED');
    }
  });

  it('GM-only commands refuse players', () => {
    const { t, p } = squad([{ name: 'A', fa: 5, nfa: 5 }]);
    for (const type of [
      'debrief',
      'rollLevels',
      'setMissionGm',
      'rollNextPlanet',
      'gmEndConflict',
      'brigadierFalls',
    ])
      expect(
        t.refuse(
          p(1),
          ALL.find((c) => c.type === type),
        ),
        type,
      ).toBe('ROLE_NOT_ALLOWED');
  });

  it('nothing of the campaign runs in the middle of an encounter', () => {
    const { t, gm } = fightAt('near', [
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    for (const c of ALL.filter((x) => x.type !== 'rollFieldPromotion'))
      expect(t.refuse(gm, c, [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]), c.type).toBe('WRONG_PHASE');
    expect(t.refuse(gm, { type: 'rollFieldPromotion' })).toBe('NOT_AVAILABLE');
  });

  it('the next planet waits for the debrief of the mission that ended', () => {
    const { t, gm } = squad([{ name: 'A', fa: 5, nfa: 5 }]);
    const next: ThreeSixteenCommand = { type: 'setPlanet', name: 'Next', aa: 5 };
    t.send(gm, { type: 'endMission' });
    expect(t.refuse(gm, next)).toBe('DEBRIEF_FIRST');
    t.send(gm, { type: 'debrief' });
    // …and for its levels: a new planet starts the next mission's kills and flags.
    expect(t.refuse(gm, next)).toBe('LEVELS_NOT_ROLLED');
    t.send(gm, { type: 'rollLevels' });
    expect(t.refuse(gm, next)).toBe('LEVEL_CHOICES_PENDING');
    t.send(gm, { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
    t.send(gm, next);
    expect(t.state.planet?.name).toBe('Next');
  });

  it('a player acts only for its own trooper', () => {
    const { t, gm, p } = squad([
      { name: 'A', fa: 5, nfa: 5 },
      { name: 'B', fa: 5, nfa: 5, rank: 1 },
    ]);
    happened(t, { t2: (tr) => ({ killsThisMission: 5, ...flags(tr, { usedWeakness: true }) }) });
    expect(
      t.refuse(
        p(1),
        ALL.find((c) => c.type === 'startConflict'),
      ),
    ).toBe('NOT_YOUR_TROOPER');
    endAndDebrief(t, gm);
    t.send(gm, { type: 'rollLevels' }, [1]);
    for (const type of ['takeLevel', 'improveWeapon', 'developmentRoll', 'nominateDemotion', 'takeGmReward'])
      expect(
        t.refuse(
          p(1),
          ALL.find((c) => c.type === type),
          [1, 1],
        ),
        type,
      ).toBe('NOT_YOUR_TROOPER');
    happened(t, { t2: () => ({ status: 'dead' }) });
    expect(
      t.refuse(
        p(1),
        ALL.find((c) => c.type === 'createReplacement'),
        [1, 1, 1, 1, 1],
      ),
    ).toBe('NOT_YOUR_TROOPER');
  });

  it('impossible values never reach the rules; unknown troopers are named', () => {
    const { t, gm } = squad([{ name: 'A', fa: 5, nfa: 5 }]);
    const bad: unknown[] = [
      { type: 'takeLevel', trooperId: 't1', ability: 'aa' },
      { type: 'takeLevel', trooperId: 'bob', ability: 'fa' },
      { type: 'improveWeapon', trooperId: 't1', weapon: 'laser', range: 'close' },
      { type: 'improveWeapon', trooperId: 't1', weapon: 'grenades', range: 'beyondFar' },
      { type: 'createReplacement', predecessorId: 't1', name: 'X', fa: 11, nfa: 3, rank: 0 },
      { type: 'createReplacement', predecessorId: 't1', name: 'X', fa: 5, nfa: 5, rank: 9 },
      { type: 'createReplacement', predecessorId: 't1', name: '  ', fa: 5, nfa: 5, rank: 0 },
      { type: 'rollNextPlanet', name: 21 },
      { type: 'rollNextPlanet', abilities: [1, 2, 3, 4] },
      { type: 'debrief', heroes: ['t1', 5] },
      { type: 'declareConflict', side: 'c', action: { kind: 'fa' } },
      { type: 'declareConflict', side: 'a', action: { kind: 'other', text: '' } },
      { type: 'imposeOrder', text: 'x'.repeat(2001) },
      {
        type: 'startConflict',
        a: { kind: 'npc', name: 'X', ability: 0 },
        b: { kind: 'trooper', trooperId: 't1' },
      },
      { type: 'developmentRoll', trooperId: 't1', choice: { kind: 'bribe' } },
    ];
    for (const c of bad) expect(t.refuse(gm, c), JSON.stringify(c)).toBe('INVALID_COMMAND');
    t.send(gm, { type: 'endMission' });
    expect(t.refuse(gm, { type: 'debrief', heroes: ['t9'] })).toBe('UNKNOWN_TROOPER');
    t.send(gm, { type: 'debrief' });
    expect(t.refuse(gm, { type: 'takeLevel', trooperId: 't9', ability: 'fa' })).toBe('UNKNOWN_TROOPER');
    expect(t.refuse(gm, { type: 'nominateDemotion', nominatorId: 't1', targetId: 't9' })).toBe(
      'UNKNOWN_TROOPER',
    );
    expect(
      t.refuse(gm, { type: 'createReplacement', predecessorId: 't1', name: 'X', fa: 5, nfa: 5, rank: 0 }),
    ).toBe('NOT_DEAD');
  });
});
