import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { GM_SEAT, PLAYER } from '../../rules/rhylanor-express/test-kit.ts';
import { Firefight } from './Firefight.tsx';
import type { SeatRef } from './model.ts';
import { ANA, fightState, REFEREE, Recording, viewFor } from './test-kit.tsx';

function fight(seat: SeatRef, raw: Seat): string {
  return renderToStaticMarkup(
    <Recording>
      <Firefight view={viewFor(fightState(), raw)} seat={seat} />
    </Recording>,
  );
}

describe('the firefight panel', () => {
  it('shows the acting player the map and his character’s move on it', () => {
    const html = fight(ANA, PLAYER);
    expect(html).toContain('re-fight-map');
    expect(html).toContain('aria-label="Actions of Sgt. Dara Okonkwo"');
    expect(html).toContain('data-testid="move-marker"');
    expect(html).not.toContain('Cover and concealment');
  });

  it('gives the referee cover and concealment for each character in the fight', () => {
    const html = fight(REFEREE, GM_SEAT);
    expect(html).toContain('Referee: cover and concealment');
    expect(html).toContain('name="concealed"');
  });
});
