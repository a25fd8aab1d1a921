import { describe, expect, it } from 'vitest';
import { rhylanorExpress } from '../../rules/rhylanor-express/ruleset.ts';
import { fresh, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { asView, isSheet, type SeatRef } from './model.ts';
import { cascadeMembers, chanceText, previewTask } from './preview.ts';

/** The task dialog's chance and the sheet's cascade lists come from the ruleset run on the view. */

const ana: SeatRef = { seatId: 'p1', role: 'player', name: 'Ana' };
const bo: SeatRef = { seatId: 'p2', role: 'player', name: 'Bo' };

function setUp() {
  const s = play(fresh(), { type: 'character.create', sheet: 'okonkwo' }, [], PLAYER).state;
  const view = asView(rhylanorExpress.view(s, PLAYER));
  if (!view) throw new Error('no view');
  return view;
}

describe('previewTask', () => {
  it('lists the modifiers the roll will carry and the exact chance of 2d6 + their sum', () => {
    const view = setUp();
    const p = previewTask(view, ana, {
      type: 'task.roll',
      characterId: 'c1',
      skills: ['Rifles'],
      characteristic: 'Dex',
      difficulty: 'hard',
      dms: [{ source: 'cover', value: -2 }],
    });
    expect(p.ok).toBe(true);
    if (!p.ok) return;
    expect(p.mods.map((m) => `${m.source} ${m.value}`)).toEqual(['Rifles-2 2', 'Dex DM 1', 'cover -2']);
    expect(p.target).toBe(12);
    // 2d6 + 1 ≥ 12: 11 or 12 on the dice, 3 of 36.
    expect(p.outOf36).toBe(3);
    expect(chanceText(p.outOf36)).toBe('3/36 (8.3%)');
  });

  it('answers with the rules’ refusal for another player’s character, and an unskilled roll carries −3', () => {
    const view = setUp();
    const other = previewTask(view, bo, { type: 'task.roll', characterId: 'c1', difficulty: 'easy' });
    expect(other).toMatchObject({ ok: false, code: 'NOT_YOUR_CHARACTER' });
    const unskilled = previewTask(view, ana, {
      type: 'task.roll',
      characterId: 'c1',
      skills: ['Medic'],
      difficulty: 'average',
    });
    expect(unskilled.ok && unskilled.mods).toEqual([{ source: 'unskilled', value: -3 }]);
  });
});

describe('cascadeMembers', () => {
  it('gives the legal picks of a cascade for this character and null for a plain skill', () => {
    const view = setUp();
    const c = view.characters.c1;
    if (!isSheet(c)) throw new Error('no sheet');
    expect(cascadeMembers(view, c, 'Blade Combat')).toEqual(['Dagger', 'Sword', 'Spear', 'Cudgel', 'Axe']);
    // Marines are military: the artillery gunners stay in the Gun Combat list.
    expect(cascadeMembers(view, c, 'Gun Combat')).toContain('Field Artillery Gunner');
    expect(cascadeMembers(view, c, 'Rifles')).toBeNull();
  });
});
