import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { characteristicDm } from '../../rules/rhylanor-express/data/tables.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { fresh, OTHER_PLAYER, oneSkillTables, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { fieldGainCommand, Generation, NewCharacter, rollableCareers, uppDmText } from './Chargen.tsx';
import { isSheet, signed } from './model.ts';
import { CharacterSheet } from './Sheet.tsx';
import { ANA, BO, played, REFEREE, Recording, viewFor } from './test-kit.tsx';

/** Character generation on the sheet: the rules' chance before a career roll, the tables, the fills. */

const SEATS = [
  { seatId: 'gm', role: 'gm', name: 'Referee', online: true },
  { seatId: 'p1', role: 'player', name: 'Ana', online: true },
] as const;

function prospector() {
  return played([
    [{ type: 'character.create', name: 'Jessa', upp: '77A865', career: 'Belt Prospector' }, [], PLAYER],
  ]);
}

describe('typed UPP digits', () => {
  it('show each characteristic’s DM, and ? for a digit that is not one', () => {
    expect(uppDmText('77A865')).toBe(
      ['Str', 'Dex', 'End', 'Int', 'Edu', 'Soc']
        .map((ch, i) => `${ch} ${signed(characteristicDm([7, 7, 10, 8, 6, 5][i] ?? 0))}`)
        .join(' · '),
    );
    expect(uppDmText('77I865')).toContain('End ?');
    expect(uppDmText('77A')).toBe('six digits: Str Dex End Int Edu Soc');
  });
});

describe('the generation panel', () => {
  it('shows the survival roll’s exact chance from the ruleset before the dice', () => {
    const view = viewFor(prospector(), PLAYER);
    const c = view.characters.c1;
    if (!isSheet(c)) throw new Error('no sheet');
    const html = renderToStaticMarkup(
      <Recording>
        <Generation view={view} seat={ANA} c={c} />
      </Recording>,
    );
    // 2d6 ≥ 6 with no DM: 26 of 36.
    expect(html).toContain('6+ with +0: 26/36 (72.2%)');
    // The career's first table, as the pack gives it, one entry per face.
    expect(html).toContain('1 Brawling · 2 Blade Combat · 3 Gun Combat');
    // No gun skill yet: the level-0 default is offered.
    expect(html).toContain('Pistols-0');
    expect(html).toContain('Fill level 0');
  });

  it('is on the sheet for its owner and the referee, not for another player', () => {
    const s = prospector();
    const sheetHtml = (seat: typeof ANA, seatRaw: typeof PLAYER) => {
      const view = viewFor(s, seatRaw);
      const c = view.characters.c1;
      if (!isSheet(c)) throw new Error('no sheet');
      return renderToStaticMarkup(
        <Recording>
          <CharacterSheet view={view} c={c} seat={seat} ownerName="Ana" />
        </Recording>,
      );
    };
    expect(sheetHtml(ANA, PLAYER)).toContain('Generation: Belt Prospector');
    expect(sheetHtml(REFEREE, { seatId: 'gm', role: 'gm' })).toContain('Generation: Belt Prospector');
    expect(sheetHtml(BO, OTHER_PLAYER)).not.toContain('Generation:');
  });

  it('lists only careers the pack has tables for as rollable, and offers a player no other seat', () => {
    const view = viewFor(prospector(), PLAYER);
    expect(rollableCareers(view)).toContain('Belt Prospector');
    const mine = renderToStaticMarkup(
      <Recording>
        <NewCharacter view={view} seat={ANA} seats={SEATS} />
      </Recording>,
    );
    expect(mine).not.toContain('the referee (NPC)');
    const gm = renderToStaticMarkup(
      <Recording>
        <NewCharacter
          view={viewFor(prospector(), { seatId: 'gm', role: 'gm' })}
          seat={REFEREE}
          seats={SEATS}
        />
      </Recording>,
    );
    expect(gm).toContain('the referee (NPC)');
    expect(gm).toContain('>Ana<');
  });
});

/** A Navy recruit of the given UPP whose pack gives Scouts and Navy one full table each, then the rolls played. */
function recruit(upp: string, rolls: readonly (readonly [unknown, readonly number[]])[]): RhylanorState {
  let s = play(fresh(), { type: 'character.create', name: 'Recruit', upp, career: 'Navy' }, [], PLAYER).state;
  s = oneSkillTables(s, { Scouts: 'Pilot', Navy: 'Admin' });
  for (const [command, faces] of rolls) s = play(s, command, [...faces], PLAYER).state;
  return s;
}

describe('another career’s skill table (§3.1)', () => {
  const promotion10 = [
    { type: 'chargen.roll', characterId: 'c1', kind: 'promotion', target: 8 },
    [5, 5],
  ] as const;
  const specialDuty = [{ type: 'chargen.roll', characterId: 'c1', kind: 'specialDuty' }, [6, 6]] as const;
  const cases = [
    { name: 'no extra roll owed', upp: '777787', rolls: [] },
    { name: 'a high result’s bonus roll, Edu 8', upp: '777787', rolls: [promotion10] },
    { name: 'a special duty roll, Edu 7', upp: '777777', rolls: [specialDuty] },
    { name: 'a special duty roll, Edu 8', upp: '777787', rolls: [specialDuty] },
    { name: 'both owed, Edu 8', upp: '777787', rolls: [promotion10, specialDuty] },
  ];

  it.each(cases)('is offered exactly when the rules take it: $name', ({ upp, rolls }) => {
    const s = recruit(upp, rolls);
    const offered = generationHtml(s).includes('name="otherCareer"');
    const verdict = refusalCode(() =>
      play(
        s,
        { type: 'chargen.skillRoll', characterId: 'c1', table: 0, career: 'Scouts', extra: true },
        [3],
        PLAYER,
      ),
    );
    expect(verdict === 'accepted' || verdict === 'OTHER_CAREER_NOT_ALLOWED' || verdict === 'NOT_OWED').toBe(
      true,
    );
    expect(offered).toBe(verdict === 'accepted');
  });

  it('names the special duty roll; a high result’s bonus roll keeps only the extra-roll box', () => {
    const special = generationHtml(recruit('777787', [specialDuty]));
    expect(special).toContain('from (special duty roll)');
    expect(special).toContain('>Navy (own)<');
    const high = generationHtml(recruit('777787', [promotion10]));
    expect(high).not.toContain('from (special duty roll)');
    expect(high).toContain('use an extra roll');
  });
});

describe('a Scientist’s academic field (§3.5)', () => {
  const reenlist = { type: 'chargen.roll', characterId: 'c1', kind: 'reenlist', target: 5 } as const;
  function scientist(rolls: readonly (readonly [unknown, readonly number[]])[]): RhylanorState {
    let s = play(
      fresh(),
      { type: 'character.create', name: 'Orla', upp: '6779A8', career: 'Scientist' },
      [],
      PLAYER,
    ).state;
    for (const [command, faces] of rolls) s = play(s, command, [...faces], PLAYER).state;
    return s;
  }

  it('before a term ends: the field list, the button shut', () => {
    const html = generationHtml(scientist([]));
    expect(html).toContain('No field picked yet');
    expect(html).toContain('>Biology<');
    expect(html).toContain('>Physics<');
    expect(html).toMatch(/<button type="submit" disabled="">Take Biology-1<\/button>/);
  });

  it('a term served: the level is owed, the form’s command is one the rules take; then the field is fixed', () => {
    const s = scientist([[reenlist, [4, 4]]]);
    const html = generationHtml(s);
    expect(html).toContain('1 term’s level in the field owed');
    expect(html).toMatch(/<button type="submit">Take Biology-1<\/button>/);
    const c = s.characters.c1;
    if (!c) throw new Error('no character');
    const after = play(s, fieldGainCommand(c, 'Chemistry'), [], PLAYER).state;
    expect(after.characters.c1?.skills.Chemistry).toBe(1);
    const next = play(after, reenlist, [4, 4], PLAYER).state;
    const fixed = generationHtml(next);
    expect(fixed).toContain('Field: Chemistry');
    expect(fixed).not.toContain('name="academicField"');
    expect(fixed).toContain('Take Chemistry-2');
    const c2 = next.characters.c1;
    if (!c2) throw new Error('no character');
    // The list's pick no longer matters: the form sends his own field.
    expect(fieldGainCommand(c2, 'Physics').field).toBe('Chemistry');
  });
});

function generationHtml(s: RhylanorState): string {
  const view = viewFor(s, PLAYER);
  const c = view.characters.c1;
  if (!isSheet(c)) throw new Error('no sheet');
  return renderToStaticMarkup(
    <Recording>
      <Generation view={view} seat={ANA} c={c} />
    </Recording>,
  );
}
