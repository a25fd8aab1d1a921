import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, PLAYER } from '../../rules/rhylanor-express/test-kit.ts';
import { Between, waitText } from './Between.tsx';
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

  it('a roll waits a period of game time, as the rules do: the button shut and the wait said until the referee passes it', () => {
    const start: Parameters<typeof played>[0] = [
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
          period: 'day',
        },
      ],
      [{ type: 'research.roll', researchId: 'r1' }, [2, 3], PLAYER],
    ];
    const waiting = screen(played([...start, [{ type: 'time.pass', hours: 5 }]]), ANA, PLAYER);
    expect(waiting).toContain('next roll after 19 hours more game time');
    expect(waiting).toMatch(/<button type="button" disabled="">Roll a day<\/button>/);
    const due = screen(played([...start, [{ type: 'time.pass', days: 1 }]]), ANA, PLAYER);
    expect(due).not.toContain('next roll after');
    expect(due).toMatch(/<button type="button">Roll a day<\/button>/);
    expect(waitText(7 * 86400 - 1)).toBe('7 days');
    expect(waitText(3600)).toBe('1 hour');
    // The referee sets a question's pace when he starts one.
    expect(screen(played(start.slice(0, 1)), REFEREE, GM_SEAT)).toContain('name="researchPeriod"');
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
