import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, PLAYER } from '../../rules/rhylanor-express/test-kit.ts';
import { Between } from './Between.tsx';
import type { SeatRef } from './model.ts';
import { ANA, played, REFEREE, Recording, viewFor } from './test-kit.tsx';

/** Between adventures: research clocks the referee starts and players roll, medicine's form rows. */

function screen(s: RhylanorState, seat: SeatRef, raw: Seat): string {
  return renderToStaticMarkup(
    <Recording>
      <Between view={viewFor(s, raw)} seat={seat} />
    </Recording>,
  );
}

describe('research between adventures', () => {
  const withMarine = () => played([[{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER]]);

  it('the referee starts a clock from the pack or his own numbers; a player cannot', () => {
    const gm = screen(withMarine(), REFEREE, GM_SEAT);
    expect(gm).toContain('aria-label="Start research"');
    expect(gm).toContain('my own numbers');
    expect(screen(withMarine(), ANA, PLAYER)).not.toContain('Start research');
  });

  it('a started clock is the researcher’s to roll, its target and weeks kept from the player', () => {
    const s = played([
      [{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER],
      [
        {
          type: 'research.start',
          characterId: 'c1',
          name: 'The rust plague',
          kind: 'question',
          skill: 'Medic',
          target: 11,
          successes: 4,
        },
      ],
    ]);
    const ana = screen(s, ANA, PLAYER);
    expect(ana).toContain('The rust plague');
    expect(ana).toContain('Roll a week');
    expect(ana).not.toContain('/4 weeks');
    expect(screen(s, REFEREE, GM_SEAT)).toContain('0/4 weeks');
  });

  it('the medicine form picks medic, patient and wound with the shared choice rows', () => {
    const s = played([
      [{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER],
      [{ type: 'character.wound', characterId: 'c1', level: 'light' }],
    ]);
    const html = screen(s, ANA, PLAYER);
    expect(html).toContain('name="medic"');
    expect(html).toContain('name="patient"');
    expect(html).toMatch(/name="wound"><option value="\d+" selected="">light/);
  });
});
