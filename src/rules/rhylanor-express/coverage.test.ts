import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { currentEnd } from './character.ts';
import type { RhylanorState } from './ruleset.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/** Rules of the coverage table that had no test of their own: rest (§8.1), forgery and evidence (§9), the always-add switch (§1). */

function two(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
  return play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
}

describe('rest (§8.1)', () => {
  it('lights heal a day each, then a moderate takes a week', () => {
    let s = two();
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'light' }).state;
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'moderate' }).state;
    expect(currentEnd(s.characters.c1 as never)).toBe(10 - 1 - 2);
    s = play(s, { type: 'medic.rest', characterId: 'c1', days: 6 }).state;
    // A day for the light; six left is not a week, so the moderate stays.
    expect(s.characters.c1?.wounds.map((w) => w.level)).toEqual(['moderate']);
    s = play(s, { type: 'medic.rest', characterId: 'c1', days: 7 }).state;
    expect(s.characters.c1?.wounds).toEqual([]);
  });
});

describe('forgery and evidence (§9.3, §9.4)', () => {
  it('forgery needs the skill and meets the pack’s 8+', () => {
    let s = two();
    expect(refusalCode(() => play(s, { type: 'intrusion.forge', characterId: 'c1' }, [6, 6], PLAYER))).toBe(
      'SKILL_REQUIRED',
    );
    s = play(s, { type: 'character.edit', characterId: 'c1', skills: { Forgery: 1 } }).state;
    const r = play(s, { type: 'intrusion.forge', characterId: 'c1' }, [4, 3], PLAYER);
    expect(of(r.events, 'intrusion.rolled')[0]).toMatchObject({
      kind: 'forgery',
      roll: { target: 8, total: 8 },
      outcome: 'convincing',
    });
  });

  it('evidence: the team’s best Forensics against the TL’s target; electronic evidence against the culprit’s skills', () => {
    let s = two();
    s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state;
    s = play(s, { type: 'character.edit', characterId: 'c1', skills: { Forensics: 1 } }).state;
    s = play(s, { type: 'character.edit', characterId: 'c3', skills: { Forensics: 2, Computer: 1 } }).state;
    s = play(s, { type: 'character.edit', characterId: 'c2', skills: { Intrusion: 2, Computer: 1 } }).state;
    const search = { type: 'intrusion.search', investigators: ['c1', 'c3'], kind: 'physical', tl: 8 };
    const physical = play(s, search, [3, 3], PLAYER);
    expect(of(physical.events, 'intrusion.rolled')[0]?.roll).toMatchObject({
      mods: [{ source: 'best Forensics-2', value: 2 }],
      target: 8,
      total: 8,
    });
    expect(refusalCode(() => play(s, { ...search, tl: 4 }, [], PLAYER))).toBe('TL_TOO_LOW');
    const electronic = play(s, { ...search, kind: 'electronic', culpritId: 'c2' }, [5, 5], PLAYER);
    // 8 + the culprit's Intrusion-2 and Computer-1: 11; 10 + Forensics-2 + Computer-1 = 13.
    expect(of(electronic.events, 'intrusion.rolled')[0]?.roll).toMatchObject({ target: 11, total: 13 });
  });
});

describe('the referee switch: always add a characteristic DM (§1)', () => {
  it('adds Int when the task names none, only when the pack turns it on', () => {
    const s = two();
    const task = { type: 'task.roll', characterId: 'c1', skills: ['Tactics'], target: 8 };
    const off = play(s, task, [3, 3], PLAYER);
    expect(of(off.events, 'task.rolled')[0]?.roll.mods.map((m) => m.source)).not.toContain('Int DM');
    const on: RhylanorState = {
      ...s,
      pack: { ...s.pack, rules: { ...s.pack.rules, alwaysAddCharacteristicDm: true } },
    };
    const r = play(on, task, [3, 3], PLAYER);
    expect(of(r.events, 'task.rolled')[0]?.roll.mods.map((m) => m.source)).toContain('Int DM');
  });
});

/** Okonkwo (c1, p1, leader of side a) against a guard (c2), with extra kit, in side a's movement phase. */
function fight(c2x: number, kit: Record<string, unknown> = {}): RhylanorState {
  let s = two();
  if (Object.keys(kit).length > 0)
    s = play(s, { type: 'character.outfit', characterId: 'c1', ...kit }, [], PLAYER).state;
  s = play(s, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Crew', leaderId: 'c1', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      { id: 'b', name: 'Guard', leaderId: 'c2', members: [{ characterId: 'c2', x: c2x, y: 0 }] },
    ],
  }).state;
  return play(s, { type: 'combat.order', intruder: 'a' }).state;
}

describe('personal combat rows tested by random play only until now', () => {
  it('a targeting display halves the snap-shot penalty (§7.5)', () => {
    const snap = (s: RhylanorState) => {
      let t = play(
        s,
        { type: 'combat.move', characterId: 'c1', option: 'walk', x: 5, y: 0 },
        [],
        PLAYER,
      ).state;
      t = play(t, { type: 'combat.next' }).state;
      t = play(
        t,
        { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] },
        [3, 3],
        PLAYER,
      ).state;
      return t.window?.rolls[0]?.mods.find((m) => m.source === 'snap shot on the move')?.value;
    };
    expect(snap(fight(60))).toBe(-2);
    expect(snap(fight(60, { addGear: ['targeting-display'] }))).toBe(-1);
  });

  it('sights (gear data, §7.6) add their DM to an aimed shot only, not to a snap shot on the move', () => {
    const shot = (s: RhylanorState, option: 'stand' | 'walk') => {
      const move = option === 'stand' ? { option } : { option, x: 5, y: 0 };
      let t = play(s, { type: 'combat.move', characterId: 'c1', ...move }, [], PLAYER).state;
      t = play(t, { type: 'combat.next' }).state;
      const fire = { type: 'combat.fire', characterId: 'c1', weaponIndex: 0, targets: ['c2'] };
      return play(t, fire, [3, 3], PLAYER).state.window?.rolls[0]?.mods.find((m) => m.source === 'sights')
        ?.value;
    };
    const sighted = fight(60, { addGear: ['telescopic-sight'] });
    expect(shot(sighted, 'stand')).toBe(1);
    expect(shot(sighted, 'walk')).toBeUndefined();
    expect(shot(fight(60), 'stand')).toBeUndefined();
  });

  it('a man in melee contact leaves it only by evading (§7.8)', () => {
    let s = fight(5);
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'walk', x: 4, y: 0 }, [], PLAYER).state;
    expect(Object.keys(s.combat?.combatants.c1?.contacts ?? {})).toEqual(['c2']);
    for (let i = 0; i < 12; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat).toMatchObject({ turn: 2, phasing: 'a', phase: 'movement' });
    const away = { type: 'combat.move', characterId: 'c1', option: 'walk', x: 20, y: 0 };
    expect(refusalCode(() => play(s, away, [], PLAYER))).toBe('IN_MELEE');
    expect(refusalCode(() => play(s, { ...away, option: 'evade', x: 12 }, [], PLAYER))).toBe('accepted');
  });

  it('a fled side rallies in its own command phase only with a conscious leader (§7.9)', () => {
    let s = fight(60);
    s = play(s, { type: 'combat.setMorale', side: 'a', morale: 'fled' }).state;
    for (let i = 0; i < 5; i++) s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('command');
    const r = play(s, { type: 'combat.morale', side: 'a', rally: true }, [6, 6], PLAYER);
    // Side a still holds a Tactics point, so the roll waits in a window; closed, 12 rallies it.
    const after = r.state.window ? play(r.state, { type: 'window.close' }).state : r.state;
    expect(after.combat?.sides.a.morale).toBe('steady');
    const down = play(s, { type: 'character.wound', characterId: 'c1', level: 'serious' }).state;
    expect(refusalCode(() => play(down, { type: 'combat.morale', side: 'a', rally: true }, [6, 6]))).toBe(
      'NO_LEADER',
    );
  });

  it('a missed grenade deviates: a d12 clock direction and 4d6 metres (§7.11)', () => {
    let s = fight(15, { addWeapons: ['hand-grenade'] });
    s = play(s, { type: 'combat.move', characterId: 'c1', option: 'stand' }, [], PLAYER).state;
    s = play(s, { type: 'combat.next' }).state;
    const grenade = s.characters.c1?.weapons.findIndex((w) => w.weaponId === 'hand-grenade') ?? -1;
    s = play(
      s,
      { type: 'combat.fire', characterId: 'c1', weaponIndex: grenade, targets: ['c2'] },
      [1, 1],
      PLAYER,
    ).state;
    const r = play(s, { type: 'window.close' }, [3, 1, 2, 3, 4]);
    expect(of(r.events, 'combat.deviated')[0]).toMatchObject({ clock: 3, metres: 10 });
  });
});
