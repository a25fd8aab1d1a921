import { describe, expect, it } from 'vitest';
import { fighters } from '../../rules/three-sixteen/encounter/core.ts';
import { fightAt, playRound, type TestTable } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import type { Encounter, Trooper, TurnSlot } from '../../rules/three-sixteen/state.ts';
import { alienMoveChoices, declareFields, killsTyped, roundShortcuts, wastedFa } from './EncounterScreen.tsx';
import { asView, type View } from './model.ts';

/** The encounter screen's choices, read from the ruleset's state: what is offered and what it says. */

const RIFLE = { kind: 'fa', weapon: 'energyRifle' } as const;

function gmView(t: TestTable): { view: View; e: Encounter } {
  const view = asView(threeSixteen.view(t.state, { seatId: 'gm', role: 'gm' }));
  if (!view?.encounter) throw new Error('no encounter');
  return { view, e: view.encounter };
}

describe('the declare form', () => {
  it('starts from the declaration that stands, and from a blank FA with the weapon in hand without one', () => {
    expect(declareFields(undefined, 'slugRifle')).toEqual({
      kind: 'fa',
      weapon: 'slugRifle',
      switchTo: '',
      target: '',
      text: '',
    });
    expect(declareFields({ kind: 'fa', weapon: 'grenades' }, 'energyRifle')).toMatchObject({
      kind: 'fa',
      weapon: 'grenades',
    });
    expect(
      declareFields({ kind: 'fa', weapon: 'energyRifle', bomb: 'tpkBomb' }, 'energyRifle'),
    ).toMatchObject({
      kind: 'fa',
      weapon: 'tpkBomb',
    });
    expect(
      declareFields(
        { kind: 'nfa', task: { kind: 'manoeuvre', move: 'closer', switchTo: 'handToHand', text: 'fast' } },
        'energyRifle',
      ),
    ).toMatchObject({ kind: 'closer', switchTo: 'handToHand', text: 'fast' });
    expect(
      declareFields({ kind: 'nfa', task: { kind: 'manoeuvre', switchTo: 'grenades' } }, 'energyRifle'),
    ).toMatchObject({ kind: 'switch', switchTo: 'grenades' });
    expect(
      declareFields({ kind: 'nfa', task: { kind: 'forceWeakness', targetId: 't2' } }, 'energyRifle'),
    ).toMatchObject({ kind: 'forceWeakness', target: 't2' });
    expect(
      declareFields({ kind: 'nfa', task: { kind: 'other', text: 'pray' } }, 'energyRifle'),
    ).toMatchObject({
      kind: 'other',
      text: 'pray',
    });
    expect(declareFields({ kind: 'nfa', task: { kind: 'eVac' } }, 'energyRifle').kind).toBe('eVac');
  });

  it('warns of an FA that kills nothing where the trooper stands, and only then', () => {
    const { t } = fightAt('far', [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    const { view, e } = gmView(t);
    const hicks = view.troopers.t1 as Trooper;
    expect(wastedFa(view, hicks, e, 'energyRifle')).toBe(null);
    expect(wastedFa(view, hicks, e, 'handToHand')).toBe(
      'Hand-to-Hand: no kills at Far — a success would be wasted',
    );
    // A bomb is no weapon profile: nothing to say here.
    expect(wastedFa(view, hicks, e, 'tpkBomb')).toBe(null);
    // Not placed yet: no range to judge by.
    expect(wastedFa(view, hicks, { ...e, positions: {} }, 'handToHand')).toBe(null);
  });
});

describe('the aliens’ moves', () => {
  function aliensTurn(abilities: ('leaping' | 'ambush')[] = [], range: 'near' | 'close' = 'near') {
    // Hicks's 6 acts before the aliens' 5; Vasquez fails, so the aliens act before her.
    const { t, gm } = fightAt(
      range,
      [
        { name: 'Hicks', fa: 6, nfa: 4 },
        { name: 'Vasquez', fa: 5, nfa: 5 },
      ],
      { aa: 5, abilities },
    );
    playRound(t, gm, { t1: RIFLE, t2: RIFLE }, { t1: 6, t2: 9, aliens: 5 });
    // The Energy Rifle's kills: a d10 at Near, a fixed 1 at Close.
    t.send(gm, { type: 'takeTurn', actor: 't1' }, range === 'near' ? [1] : []);
    const { view, e } = gmView(t);
    const slot = e.queue[e.cursor] as TurnSlot;
    expect(slot.actor).toBe('aliens');
    return { view, e, slot };
  }

  it('offers only troopers whose turn comes after the aliens’, one step each way', () => {
    const { view, e, slot } = aliensTurn();
    expect(alienMoveChoices(view, e, slot)).toEqual([
      {
        trooperId: 't2',
        options: [
          { steps: -1, label: '1 closer (to Close)' },
          { steps: 0, label: 'stay' },
          { steps: 1, label: '1 farther (to Far)' },
        ],
      },
    ]);
    // A failed or cancelled success moves no one.
    expect(alienMoveChoices(view, e, { ...slot, success: false })).toEqual([]);
    expect(alienMoveChoices(view, e, { ...slot, cancelled: true })).toEqual([]);
  });

  it('offers two steps with Leaping, and none that would not change the range', () => {
    const { view, e, slot } = aliensTurn(['leaping'], 'close');
    expect(alienMoveChoices(view, e, slot)[0]?.options.map((o) => o.label)).toEqual([
      'stay',
      '1 farther (to Near)',
      '2 farther (to Far)',
    ]);
  });
});

describe('the declare form keeps a weapon switch’s words', () => {
  it('reads them back from the declaration that stands', () => {
    const declared = {
      kind: 'nfa',
      task: { kind: 'manoeuvre', switchTo: 'sidearm', text: 'under covering fire' },
    } as const;
    expect(declareFields(declared, 'energyRifle')).toMatchObject({
      kind: 'switch',
      switchTo: 'sidearm',
      text: 'under covering fire',
    });
  });
});

describe('the Kills override', () => {
  it('reads "this mission / total", and one number as this mission with the total following', () => {
    const cy = { totalKills: 39, killsThisMission: 2 };
    expect(killsTyped('4/31', cy)).toEqual({ killsThisMission: 4, totalKills: 31 });
    expect(killsTyped('4 31', cy)).toEqual({ killsThisMission: 4, totalKills: 31 });
    // 5 this mission: the 37 of the earlier career stay, 42 in all.
    expect(killsTyped('5', cy)).toEqual({ killsThisMission: 5, totalKills: 42 });
    expect(killsTyped('', cy).killsThisMission).toBeNaN();
  });
});

describe('the GM’s short path through a round', () => {
  it('rolls for everyone once all have declared, then plays the turns left, in the rules’ order', () => {
    const { t, gm } = fightAt(
      'near',
      [
        { name: 'Hicks', fa: 6, nfa: 4, patch: { armourPolicy: 'never' } },
        { name: 'Vasquez', fa: 5, nfa: 5, patch: { armourPolicy: 'never' } },
      ],
      { tokens: 4 },
    );
    const shortcuts = () => {
      const { view, e } = gmView(t);
      return roundShortcuts(e, fighters(view, e));
    };
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: RIFLE });
    // Not everyone has declared: nothing to roll for all yet.
    expect(shortcuts()).toEqual({ rolls: [], turns: [] });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: RIFLE });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
    expect(shortcuts().rolls).toEqual([
      { type: 'rollTest', actor: 't2' },
      { type: 'rollTest', actor: 'aliens' },
    ]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [2]);
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [8]);
    // Vasquez's 2 acts first; then the failures, highest first.
    expect(shortcuts()).toEqual({
      rolls: [],
      turns: [
        { type: 'takeTurn', actor: 't2' },
        { type: 'takeTurn', actor: 't1' },
        { type: 'takeTurn', actor: 'aliens' },
      ],
    });
  });
});
