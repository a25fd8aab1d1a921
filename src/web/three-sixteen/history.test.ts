import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { endAndDebrief, settleLevels } from '../../rules/three-sixteen/campaign/test-kit.ts';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import type { Encounter } from '../../rules/three-sixteen/state.ts';
import { diffViews, fightOf, killsVoidCause, roundLabel } from './history.ts';
import { asView, type View } from './model.ts';

const gmView = (state: unknown): View =>
  asView(threeSixteen.view(state as never, { seatId: 'gm', role: 'gm' })) as View;

const RIFLE = { kind: 'fa', weapon: 'energyRifle' } as const;

describe('3:16 round report', () => {
  it('reads each turn off two views: who acted, on what roll, and what it changed', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    playRound(t, gm, { t1: { kind: 'fa', weapon: 'energyRifle' } }, { t1: 5, aliens: 9 });
    const before = gmView(t.state);
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    const after = gmView(t.state);
    expect(diffViews(before, after)).toEqual([
      {
        fight: '1.1',
        mission: 1,
        encounter: 1,
        round: 1,
        text: 'Tpr Hicks (5 success): Hicks +7 kills; tokens 2 → 1',
      },
    ]);
    // Nothing changed: nothing to report.
    expect(diffViews(after, after)).toEqual([]);
  });

  it('tells mission 2’s Encounter 1 from mission 1’s, though both are numbered 1', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5, threat: 10 });
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    const firstFight = gmView(t.state);
    t.send(gm, { type: 'gmEndEncounter' });
    const firstOver = gmView(t.state);
    endAndDebrief(t, gm);
    settleLevels(t, gm);
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5, threat: 10 });
    t.send(gm, { type: 'briefMission', text: 'Again.' });
    // Briefed, the new mission has fought nothing: the last encounter on show is still mission 1's.
    const briefed = gmView(t.state);
    t.send(gm, { type: 'startEncounter', tokens: 2 });
    const secondFight = gmView(t.state);

    expect(fightOf(firstFight)?.key).toBe('1.1');
    expect(fightOf(firstOver)?.key).toBe('1.1');
    expect(fightOf(briefed)?.key).toBe('1.1');
    expect(fightOf(secondFight)?.key).toBe('2.1');
    expect(secondFight.encounter?.number).toBe(1);
    // Whatever view the page saw last of mission 1, the new fight's lines never come from it.
    expect(diffViews(briefed, secondFight)).toEqual([]);
    expect(diffViews(firstFight, secondFight)).toEqual([]);
  });

  it('files nothing into the last encounter’s report for changes made between encounters', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    t.send(gm, { type: 'gmEndEncounter' });
    const over = gmView(t.state);
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'health', trooperId: 't1', value: ['X', null, null] },
      reason: 'fell down a shaft',
    });
    expect(diffViews(over, gmView(t.state))).toEqual([]);
  });

  it('files a trooper’s answer to a Kill as their own line, not under the next turn', () => {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Hicks', fa: 6, nfa: 4 },
        { name: 'Hudson', fa: 6, nfa: 4 },
      ],
      { tokens: 4, aa: 5 },
    );
    // The aliens' 3 comes first and hits both; Hicks's 2 is next.
    playRound(t, gm, { t1: RIFLE, t2: RIFLE }, { aliens: 3, t1: 2, t2: 9 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    t.send(players[0] as Seat, { type: 'answerKill', trooperId: 't1', useArmour: false });
    const before = gmView(t.state);
    // One view later (a reconnect, two updates in one render): Hudson's answer and Hicks's turn.
    t.send(players[1] as Seat, { type: 'answerKill', trooperId: 't2', useArmour: true });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    expect(diffViews(before, gmView(t.state)).map((l) => l.text)).toEqual([
      'Hudson ticks armour',
      'Tpr Hicks (2 success): Hicks +7 kills; tokens 4 → 3',
    ]);
  });

  it('labels what comes before round 1 as the ambush, not as round 0', () => {
    expect(roundLabel(0, { ambush: 'aliens' })).toBe('Ambush');
    expect(roundLabel(0, { ambush: 'pcs' })).toBe('Ambush');
    expect(roundLabel(0, { ambush: null })).toBe('Before R1');
    expect(roundLabel(2, { ambush: 'aliens' })).toBe('R2');
  });

  it('tells whether Ignore Wounds or the aliens’ Armour voids this round’s kills', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], {
      tokens: 2,
      aa: 5,
      threat: 20,
      abilities: ['armour', 'ignoreWounds'],
    });
    const enc = () => t.state.encounter as Encounter;
    expect(killsVoidCause(enc())).toBeNull();
    t.send(gm, { type: 'useAbility', ability: 'armour' });
    expect(killsVoidCause(enc())).toBe('armour');
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    // Round 2: the Armour is spent; Ignore Wounds after Hicks's kills voids them.
    expect(enc().round).toBe(2);
    expect(killsVoidCause(enc())).toBeNull();
    playRound(t, gm, { t1: RIFLE }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' }, [7]);
    t.send(gm, { type: 'useAbility', ability: 'ignoreWounds', from: 'pool' });
    expect(killsVoidCause(enc())).toBe('ignoreWounds');
  });
});
