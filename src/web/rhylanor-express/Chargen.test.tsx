import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { characteristicDm } from '../../rules/rhylanor-express/data/tables.ts';
import { OTHER_PLAYER, PLAYER } from '../../rules/rhylanor-express/test-kit.ts';
import { Generation, NewCharacter, rollableCareers, uppDmText } from './Chargen.tsx';
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
