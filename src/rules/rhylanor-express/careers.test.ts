import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { isKnownSkill } from './character.ts';
import { defaultPack, parsePack } from './data/pack.ts';
import { CASCADES } from './data/tables.ts';
import { type RhylanorEvent, type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/**
 * Character generation (§3) end to end over the default pack's sample career, "Belt Prospector"
 * (our own table: the document has no career tables), with scripted dice.
 */

/** Ana's new character in the career, no terms served yet. */
function recruit(name: string, upp: string, career: string) {
  return play(fresh(), { type: 'character.create', name, upp, career, owner: 'p1' }, [], PLAYER).state;
}

const prospector = () => recruit('Ilse Marr', '786895', 'Belt Prospector');

describe('character generation over the sample career', () => {
  it('the default pack ships a sample career whose every entry is a skill or cascade the rules know', () => {
    const sample = defaultPack.careers.find((c) => c.name === 'Belt Prospector');
    expect(sample?.tables.map((t) => t.length)).toEqual([6, 6, 6, 6]);
    for (const entry of sample?.tables.flat() ?? [])
      expect(CASCADES[entry] !== undefined || isKnownSkill(entry, defaultPack), entry).toBe(true);
  });

  it('special duty earns an extra roll; a cascade result waits for the pick; a plain one lands at once', () => {
    let s = prospector();
    const duty = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [5, 4], PLAYER);
    expect(of(duty.events, 'chargen.rolled')[0]).toMatchObject({ extraSkillRolls: 1 });
    s = duty.state;
    // Table 1, a 3: Gun Combat, a cascade; a civilian may not take artillery.
    const gun = play(s, { type: 'chargen.skillRoll', characterId: 'c1', table: 0 }, [3], PLAYER);
    expect(of(gun.events, 'chargen.skillRolled')[0]).toMatchObject({ result: 'Gun Combat', cascade: true });
    s = gun.state;
    expect(
      refusalCode(() =>
        play(
          s,
          {
            type: 'character.gainSkill',
            characterId: 'c1',
            result: 'Gun Combat',
            pick: 'Field Artillery Gunner',
          },
          [],
          PLAYER,
        ),
      ),
    ).not.toBe('accepted');
    s = play(
      s,
      { type: 'character.gainSkill', characterId: 'c1', result: 'Gun Combat', pick: 'Rifles' },
      [],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skills.Rifles).toBe(1);
    // The extra roll on table 3, a 2: Navigation, a plain skill.
    const extra = play(
      s,
      { type: 'chargen.skillRoll', characterId: 'c1', table: 2, extra: true },
      [2],
      PLAYER,
    );
    expect(of(extra.events, 'character.skillGained')[0]).toMatchObject({ skill: 'Navigation', level: 1 });
    expect(extra.state.characters.c1?.skillRollsOwed).toBe(0);
  });

  it('a natural 10–12 on a career roll gives a bonus skill roll; the gun default and the level-0 fill use the table', () => {
    let s = prospector();
    const survival = play(
      s,
      { type: 'chargen.roll', characterId: 'c1', kind: 'survival', target: 5 },
      [6, 5],
      PLAYER,
    );
    expect(of(survival.events, 'chargen.rolled')[0]).toMatchObject({
      extraSkillRolls: 1,
      roll: { natural: 11 },
    });
    s = survival.state;
    s = play(s, { type: 'chargen.gunDefault', characterId: 'c1', skill: 'Pistols' }, [], PLAYER).state;
    expect(s.characters.c1?.skills.Pistols).toBe(0);
    expect(
      refusalCode(() =>
        play(s, { type: 'chargen.gunDefault', characterId: 'c1', skill: 'Rifles' }, [], PLAYER),
      ),
    ).toBe('ALREADY_HAS_GUN_SKILL');
    // Service Skills at level 0: the cascades need their picks.
    expect(refusalCode(() => play(s, { type: 'chargen.fillLevelZero', characterId: 'c1' }, [], PLAYER))).toBe(
      'CASCADE_PICK_NEEDED',
    );
    s = play(
      s,
      {
        type: 'chargen.fillLevelZero',
        characterId: 'c1',
        picks: { Vehicle: 'Grav', 'Vacc Suit': 'Vacc Suit', Electronics: 'Electronics' },
      },
      [],
      PLAYER,
    ).state;
    expect(s.characters.c1?.skills).toMatchObject({
      Grav: 0,
      'Vacc Suit': 0,
      Mechanical: 0,
      Electronics: 0,
      "Ship's Boat": 0,
      Computer: 0,
    });
  });

  it('another career’s table only on an extra roll with Edu 8+; an empty stub table is refused', () => {
    let s = prospector();
    expect(
      refusalCode(() =>
        play(s, { type: 'chargen.skillRoll', characterId: 'c1', table: 0, career: 'Navy' }, [1], PLAYER),
      ),
    ).toBe('OTHER_CAREER_NOT_ALLOWED');
    s = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [6, 6], PLAYER).state;
    // Navy's tables are the referee's to fill: the stub is empty.
    expect(
      refusalCode(() =>
        play(
          s,
          { type: 'chargen.skillRoll', characterId: 'c1', table: 0, career: 'Navy', extra: true },
          [1],
          PLAYER,
        ),
      ),
    ).toBe('NO_CAREER_TABLE');
  });

  it('Flyers: Brawling reads Forward Observer on table 2 (Service Skills) only, the F-O cascade then open to him', () => {
    // The referee's Flyers career (the document has no career tables): Brawling on every face of
    // tables 1 and 2.
    const brawling = ['Brawling', 'Brawling', 'Brawling', 'Brawling', 'Brawling', 'Brawling'];
    const base = fresh();
    const flyers = { name: 'Flyers', military: true, tables: [brawling, brawling, brawling, brawling] };
    let s = { ...base, pack: { ...base.pack, careers: [...base.pack.careers, flyers] } };
    s = play(
      s,
      { type: 'character.create', name: 'Tam Oduya', upp: '787787', career: 'Flyers', owner: 'p1' },
      [],
      PLAYER,
    ).state;
    const first = play(s, { type: 'chargen.skillRoll', characterId: 'c1', table: 0 }, [2], PLAYER);
    expect(of(first.events, 'chargen.skillRolled')[0]).toMatchObject({ result: 'Brawling', cascade: false });
    expect(first.state.characters.c1?.skills.Brawling).toBe(1);
    const service = play(
      first.state,
      { type: 'chargen.skillRoll', characterId: 'c1', table: 1 },
      [2],
      PLAYER,
    );
    expect(of(service.events, 'chargen.skillRolled')[0]).toMatchObject({
      result: 'Forward Observer',
      cascade: true,
    });
  });

  it('special duty once a term: a second roll waits for the term’s re-enlistment roll', () => {
    let s = prospector();
    s = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [2, 3], PLAYER).state;
    expect(s.characters.c1?.specialDutyThisTerm).toBe(true);
    const again = { type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' };
    expect(refusalCode(() => play(s, again, [6, 6], PLAYER))).toBe('SPECIAL_DUTY_TAKEN');
    // Other career rolls of the term do not end it; the re-enlistment roll does.
    s = play(
      s,
      { type: 'chargen.roll', characterId: 'c1', kind: 'survival', target: 5 },
      [3, 4],
      PLAYER,
    ).state;
    expect(refusalCode(() => play(s, again, [6, 6], PLAYER))).toBe('SPECIAL_DUTY_TAKEN');
    s = play(
      s,
      { type: 'chargen.roll', characterId: 'c1', kind: 'reenlist', target: 6 },
      [3, 4],
      PLAYER,
    ).state;
    expect(s.characters.c1?.specialDutyThisTerm).toBe(false);
    const next = play(s, again, [5, 4], PLAYER);
    expect(of(next.events, 'chargen.rolled')[0]).toMatchObject({ kind: 'specialDuty', extraSkillRolls: 1 });
  });
});

describe('the Scientist’s field (§3.5): a level in it every term served', () => {
  const scientist = () => recruit('Orla Venn', '6779A8', 'Scientist');
  // The re-enlistment roll ends a term, whether he stays on or not.
  const endTerm = (s: RhylanorState, faces: number[]) =>
    play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'reenlist', target: 5 }, faces, PLAYER);

  it('the default pack’s Scientist names its fields, each a skill the table knows; a field it lacks is refused', () => {
    const sci = defaultPack.careers.find((k) => k.name === 'Scientist');
    expect(sci?.fields).toEqual(['Biology', 'Chemistry', 'Physics', 'Medicine']);
    const careers = defaultPack.careers.map((k) =>
      k.name === 'Scientist' ? { ...k, fields: ['Alchemy'] } : k,
    );
    expect(refusalCode(() => parsePack({ ...defaultPack, careers }))).toBe('PACK_INVALID');
  });

  it('each term’s re-enlistment roll owes a level; the first names the field, later ones go to it', () => {
    let s = scientist();
    const get = { type: 'chargen.fieldGain', characterId: 'c1', field: 'Physics' };
    // Nothing owed before a term is served.
    expect(refusalCode(() => play(s, get, [], PLAYER))).toBe('NOT_OWED');
    // A failed re-enlistment still ends a term served.
    const first = endTerm(s, [1, 2]);
    expect(of(first.events, 'chargen.rolled')[0]).toMatchObject({
      fieldTerm: true,
      roll: { success: false },
    });
    s = first.state;
    expect(s.characters.c1?.fieldTermsOwed).toBe(1);
    expect(refusalCode(() => play(s, { type: 'chargen.fieldGain', characterId: 'c1' }, [], PLAYER))).toBe(
      'FIELD_PICK_NEEDED',
    );
    expect(refusalCode(() => play(s, { ...get, field: 'Medic' }, [], PLAYER))).toBe('NOT_A_FIELD');
    const took = play(s, get, [], PLAYER);
    expect(took.events).toEqual([
      { type: 'chargen.fieldGained', characterId: 'c1', field: 'Physics', level: 1 },
    ]);
    s = took.state;
    expect(s.characters.c1).toMatchObject({ field: 'Physics', fieldTermsOwed: 0, skills: { Physics: 1 } });
    // Two more terms: both owed, both to Physics; another field is refused.
    s = endTerm(endTerm(s, [4, 4]).state, [3, 5]).state;
    expect(s.characters.c1?.fieldTermsOwed).toBe(2);
    expect(refusalCode(() => play(s, { ...get, field: 'Biology' }, [], PLAYER))).toBe('FIELD_ALREADY_CHOSEN');
    s = play(s, { type: 'chargen.fieldGain', characterId: 'c1' }, [], PLAYER).state;
    s = play(s, get, [], PLAYER).state;
    expect(s.characters.c1).toMatchObject({ fieldTermsOwed: 0, skills: { Physics: 3 } });
    expect(refusalCode(() => play(s, get, [], PLAYER))).toBe('NOT_OWED');
    // The referee overrides both as an event: another field, a term's level owed again.
    s = play(s, { type: 'character.edit', characterId: 'c1', field: 'Biology', fieldTermsOwed: 1 }).state;
    s = play(s, { type: 'chargen.fieldGain', characterId: 'c1' }, [], PLAYER).state;
    expect(s.characters.c1?.skills).toMatchObject({ Physics: 3, Biology: 1 });
  });

  it('other careers owe nothing at re-enlistment; a secret NPC’s field reaches players bare', () => {
    const prospect = play(
      prospector(),
      { type: 'chargen.roll', characterId: 'c1', kind: 'reenlist', target: 5 },
      [4, 4],
      PLAYER,
    );
    expect(of(prospect.events, 'chargen.rolled')[0]).not.toHaveProperty('fieldTerm');
    expect(prospect.state.characters.c1?.fieldTermsOwed).toBeUndefined();
    let s = play(fresh(), {
      type: 'character.create',
      name: 'Dr Quell',
      upp: '6779A8',
      career: 'Scientist',
      secret: true,
    }).state;
    s = play(s, { type: 'chargen.roll', characterId: 'c1', kind: 'reenlist', target: 5 }, [4, 4]).state;
    const gained = play(s, { type: 'chargen.fieldGain', characterId: 'c1', field: 'Chemistry' });
    const seen = rhylanorExpress.redact(gained.events[0] as RhylanorEvent, PLAYER);
    expect(seen).toEqual({ type: 'chargen.fieldGained', characterId: 'c1' });
  });
});
