import { describe, expect, it } from 'vitest';
import { GM_SEAT, OTHER_PLAYER, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { loadingText } from './Gunners.tsx';
import { ANA, ambush, BO, REFEREE, spacePanel, viewFor } from './test-kit.tsx';

/** Gunners loading at a turret (§6.10): the count set at the table and shown on the turret's line. */

describe('gunners loading at a turret', () => {
  it('the referee sets them on every ship, one by default; a commander sees the count only (the rules refuse him)', () => {
    const s = ambush();
    const express = viewFor(s, PLAYER).space.ships.s1;
    if (!express) throw new Error('Ana sees her ship');
    const gm = spacePanel(s, REFEREE, GM_SEAT);
    for (const t of express.turrets) {
      expect(gm).toContain(`aria-label="Gunners loading at Rhylanor Express ${t.name}"`);
    }
    expect(gm).toContain('Gunners loading at Black Lantern');
    const ana = spacePanel(s, ANA, PLAYER);
    expect(ana).toContain('1 gunner loading, 0 rounds loaded this turn');
    expect(ana).not.toContain('Gunners loading at');
    expect(spacePanel(s, BO, OTHER_PLAYER)).not.toContain('Gunners loading at');
    const assign = { type: 'space.gunner.assign', ship: 's1', turret: 0, person: null, hands: 3 };
    expect(() => play(s, assign, [], PLAYER)).toThrow(/may not send space.gunner.assign/);
  });

  it('shows the hands the rules recorded, and the field starts there', () => {
    const s = ambush([[{ type: 'space.gunner.assign', ship: 's1', turret: 0, person: null, hands: 3 }]]);
    expect(s.space.ships.s1?.turrets[0]?.hands).toBe(3);
    expect(spacePanel(s, ANA, PLAYER)).toContain('3 gunners loading, 0 rounds loaded this turn');
    expect(spacePanel(s, REFEREE, GM_SEAT)).toMatch(/name="hands-0"[^>]*value="3"/);
  });

  it('counts the rounds loaded only in the player turn they were loaded', () => {
    const loaded = { hands: 4, loadedTurn: 6, loadedRounds: 3 };
    expect(loadingText(loaded, 6)).toBe(' · 4 gunners loading, 3 rounds loaded this turn');
    expect(loadingText(loaded, 8)).toBe(' · 4 gunners loading, 0 rounds loaded this turn');
    expect(loadingText({}, 0)).toBe(' · 1 gunner loading, 0 rounds loaded this turn');
  });
});
