import { describe, expect, it } from 'vitest';
import type { Seat } from '../../../engine/ruleset.ts';
import { threeSixteen } from '../ruleset.ts';
import { fightAt, TestTable } from './test-kit.ts';

/** Bad input of every kind: a stable code, and the state unchanged (TestTable.refuse checks both). */

describe('3:16 refuses bad commands', () => {
  it('rejects malformed or out-of-range commands at the schema', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const bad: unknown[] = [
      { type: 'noSuchCommand' },
      { type: 'createTrooper', name: '', fa: 5, nfa: 5 },
      { type: 'createTrooper', name: 'A', fa: 11, nfa: -1 },
      { type: 'createTrooper', name: 'A', fa: 5.5, nfa: 4.5 },
      { type: 'createTrooper', name: 'x'.repeat(81), fa: 5, nfa: 5 },
      { type: 'narrate', text: 'x'.repeat(2001) },
      { type: 'startEncounter', tokens: 0 },
      { type: 'setRange', range: 'orbit' },
      { type: 'declare', trooperId: 'aliens', declaration: { kind: 'fa', weapon: 'handToHand' } },
      { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'lightsaber' } },
      { type: 'takeTurn', actor: 't1', moves: [{ trooperId: 't2', steps: 3 }] },
      { type: 'useAbility', ability: 'telepathy' },
      { type: 'gmAdjust', adjustment: { target: 'aa', value: 11 }, reason: 'x' },
      { type: 'gmAdjust', adjustment: { target: 'aa', value: 5 }, reason: '' },
      { type: 'answerKill', trooperId: 't1' },
      // Unknown fields are refused, not dropped: a mistyped privacy flag must not publish a secret.
      { type: 'narrate', text: 'the spy', Secret: true },
      { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'handToHand', bomb2: 'x' } },
      { type: 'declareAliens', emotionl: true },
      // Text must be text: no lone surrogate halves or control characters, names visible.
      { type: 'narrate', text: 'half a pair \ud800' },
      { type: 'narrate', text: 'bell \u0007' },
      { type: 'createTrooper', name: '\u200b', fa: 5, nfa: 5 },
    ];
    for (const c of bad) expect(t.refuse(gm, c)).toBe('INVALID_COMMAND');
  });

  it('checks phase, role and ownership', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player');
    const p2 = t.seat('p2', 'player');
    const spectator: Seat = { seatId: 's', role: 'spectator' };
    // Players create only for themselves, with exactly 10 points.
    expect(t.refuse(p1, { type: 'createTrooper', ownerSeatId: 'p2', name: 'A', fa: 5, nfa: 5 })).toBe(
      'NOT_YOUR_TROOPER',
    );
    expect(t.refuse(p1, { type: 'createTrooper', name: 'A', fa: 6, nfa: 6 })).toBe('INVALID_VALUE');
    expect(t.refuse(p1, { type: 'createTrooper', name: 'A', fa: 5, nfa: 5, rank: 3 })).toBe('INVALID_VALUE');
    expect(t.refuse(gm, { type: 'createTrooper', ownerSeatId: 'nobody', name: 'A', fa: 5, nfa: 5 })).toBe(
      'UNKNOWN_SEAT',
    );
    // Names of the object prototype are no seats; a spectator seat cannot own a trooper.
    for (const seatId of ['constructor', '__proto__', 'toString'])
      expect(t.refuse(gm, { type: 'createTrooper', ownerSeatId: seatId, name: 'A', fa: 5, nfa: 5 })).toBe(
        'UNKNOWN_SEAT',
      );
    t.seat('w', 'spectator');
    expect(t.refuse(gm, { type: 'createTrooper', ownerSeatId: 'w', name: 'A', fa: 5, nfa: 5 })).toBe(
      'INVALID_VALUE',
    );
    expect(t.refuse(spectator, { type: 'createTrooper', name: 'A', fa: 5, nfa: 5 })).toBe('ROLE_NOT_ALLOWED');
    t.send(p1, { type: 'createTrooper', name: 'A', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    t.send(p2, { type: 'createTrooper', name: 'B', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    expect(t.refuse(p2, { type: 'setArmourPolicy', trooperId: 't1', policy: 'never' })).toBe(
      'NOT_YOUR_TROOPER',
    );
    expect(t.refuse(p1, { type: 'setDefaultWeapon', trooperId: 't1', weapon: 'powerBlade' })).toBe(
      'NOT_AVAILABLE',
    );
    expect(t.refuse(p1, { type: 'setArmourPolicy', trooperId: 't9', policy: 'never' })).toBe(
      'UNKNOWN_TROOPER',
    );
    // GM-only commands.
    expect(t.refuse(p1, { type: 'setPlanet', name: 'X', aa: 5 })).toBe('ROLE_NOT_ALLOWED');
    expect(t.refuse(p1, { type: 'gmNote', text: 'mine' })).toBe('ROLE_NOT_ALLOWED');
    // Wrong phase.
    expect(t.refuse(gm, { type: 'briefMission', text: '' })).toBe('WRONG_PHASE');
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 2 })).toBe('WRONG_PHASE');
    expect(t.refuse(p1, { type: 'rollDominance', actor: 't1' })).toBe('WRONG_PHASE');
    expect(t.refuse(gm, { type: 'useAbility', ability: 'swarm' })).toBe('WRONG_PHASE');
    expect(t.refuse(gm, { type: 'endMission' })).toBe('WRONG_PHASE');
    expect(t.refuse(gm, { type: 'setPlanet', name: 'X' })).toBe('INVALID_VALUE');
    t.send(gm, { type: 'setPlanet', name: 'X', aaMethod: 20, threat: 10 });
    expect(t.state.planet?.aa).toBe(10);
    t.send(gm, { type: 'briefMission', text: 'Go' });
    // Token rules for encounters.
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 5 })).toBe('OVER_TOKEN_CAP');
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 11 })).toBe('NOT_ENOUGH_TOKENS');
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 4, final: true })).toBe('INVALID_VALUE');
    // The final encounter is capped too: 10 left for 2 PCs means 6 go to an encounter before it.
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 10, final: true })).toBe('OVER_TOKEN_CAP');
    expect(t.refuse(gm, { type: 'startEncounter', tokens: 2, troopers: ['t7'] })).toBe('TROOPER_NOT_ACTIVE');
    expect(t.refuse(p1, { type: 'addScene', text: 'hidden', secret: true })).toBe('INVALID_VALUE');
    expect(t.refuse(p1, { type: 'nfaTest', trooperId: 't2' })).toBe('NOT_YOUR_TROOPER');
  });

  it('checks steps and turns inside an encounter', () => {
    const { t, gm, players } = fightAt('close', [
      {
        name: 'A',
        fa: 5,
        nfa: 5,
        patch: {
          weapons: [
            { weapon: 'energyRifle', steps: { close: 1, near: 3, far: 1 } },
            { weapon: 'slugRifle', steps: { close: 1, near: 2, far: 2 } },
          ],
        },
      },
      { name: 'B', fa: 5, nfa: 5 },
    ]);
    const [p1, p2] = players as [Seat, Seat];
    const fa = { kind: 'fa', weapon: 'handToHand' } as const;
    expect(t.refuse(p1, { type: 'rollDominance', actor: 't1' })).toBe('WRONG_STEP');
    expect(t.refuse(p1, { type: 'setRange', range: 'near' })).toBe('WRONG_STEP');
    expect(t.refuse(p1, { type: 'declare', trooperId: 't2', declaration: fa })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p1, { type: 'rollTest', actor: 't1' })).toBe('WRONG_STEP');
    expect(t.refuse(p1, { type: 'rollTest', actor: 'aliens' })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p1, { type: 'declareAliens' })).toBe('ROLE_NOT_ALLOWED');
    expect(
      t.refuse(p1, { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'powerBlade' } }),
    ).toBe('NOT_AVAILABLE');
    expect(
      t.refuse(p1, { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'slugRifle' } }),
    ).toBe('NEEDS_NFA_SWITCH');
    expect(
      t.refuse(p1, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'nfa', task: { kind: 'manoeuvre', move: 'closer' } },
      }),
    ).toBe('INVALID_VALUE');
    expect(
      t.refuse(p1, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'fa', weapon: 'slugRifle', bomb: 'tpkBomb' },
      }),
    ).toBe('RANK_TOO_LOW');
    expect(
      t.refuse(p1, {
        type: 'declare',
        trooperId: 't1',
        declaration: { kind: 'nfa', task: { kind: 'orbitalBombardment' } },
      }),
    ).toBe('RANK_TOO_LOW');
    expect(t.refuse(p1, { type: 'useDropPods', trooperId: 't1' })).toBe('WRONG_STEP');
    expect(t.refuse(p1, { type: 'takeTurn', actor: 't1' })).toBe('WRONG_STEP');
    expect(t.refuse(p1, { type: 'answerKill', trooperId: 't1', useArmour: true })).toBe('WRONG_STEP');
    expect(t.refuse(p1, { type: 'useCombatDrugs', trooperId: 't1' })).toBe('WRONG_STEP');
    t.send(p1, { type: 'declare', trooperId: 't1', declaration: fa });
    t.send(p2, { type: 'declare', trooperId: 't2', declaration: fa });
    t.send(gm, { type: 'declareAliens' });
    expect(t.refuse(gm, { type: 'declareAliens' })).toBe('ALREADY_DONE');
    t.send(p1, { type: 'rollTest', actor: 't1' }, [2]);
    expect(t.refuse(p1, { type: 'rollTest', actor: 't1' }, [2])).toBe('ALREADY_DONE');
    expect(t.refuse(p1, { type: 'declare', trooperId: 't1', declaration: fa })).toBe('WRONG_STEP');
    t.send(p2, { type: 'rollTest', actor: 't2' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [9]);
    // t1 (success on 2) is up; others must wait.
    expect(t.refuse(p2, { type: 'takeTurn', actor: 't2' })).toBe('NOT_YOUR_TURN');
    expect(t.refuse(p2, { type: 'takeTurn', actor: 't1' })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p1, { type: 'takeTurn', actor: 't1', moves: [{ trooperId: 't2', steps: 1 }] })).toBe(
      'INVALID_VALUE',
    );
    expect(t.refuse(p1, { type: 'takeTurn', actor: 't1', move: 'closer' })).toBe('INVALID_VALUE');
    expect(t.refuse(p1, { type: 'takeTurn', actor: 't1', alienMovement: 'swarm' })).toBe('INVALID_VALUE');
    t.send(p1, { type: 'takeTurn', actor: 't1' });
    // A failure only narrates.
    expect(t.refuse(p2, { type: 'takeTurn', actor: 't2', cancel: true })).toBe('INVALID_VALUE');
    expect(t.refuse(p2, { type: 'narrate', trooperId: 't1', text: 'not mine' })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(p2, { type: 'narrate', text: 'as the GM' })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(gm, { type: 'useAbility', ability: 'enrage' })).toBe('ABILITY_NOT_ON_PLANET');
    expect(
      t.refuse(gm, {
        type: 'gmAdjust',
        adjustment: { target: 'range', trooperId: 't9', value: 'near' },
        reason: 'r',
      }),
    ).toBe('UNKNOWN_TROOPER');
    // Total Kills count this mission's too: a total below them is refused, not stored.
    expect(
      t.refuse(gm, {
        type: 'gmAdjust',
        adjustment: { target: 'kills', trooperId: 't1', killsThisMission: 5, totalKills: 0 },
        reason: 'typo',
      }),
    ).toBe('INVALID_VALUE');
  });

  it('every command type in the schema has roles', () => {
    for (const [type, roles] of Object.entries(threeSixteen.commandRoles)) {
      expect(Array.isArray(roles) && (roles as unknown[]).length > 0, type).toBe(true);
    }
  });
});
