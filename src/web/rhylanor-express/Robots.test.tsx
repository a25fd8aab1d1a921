import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { robotFight } from '../../rules/rhylanor-express/robot-kit.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { Firefight } from './Firefight.tsx';
import type { SeatRef } from './model.ts';
import { ANA, REFEREE, Recording, viewFor } from './test-kit.tsx';

/**
 * Robots at the table (§7.14): the referee brings an idle robot into the fight at a point, then
 * moves and fires it through the man's own forms; what the rules would refuse is said in words.
 * The fixture: a security robot (m1) and a cargo robot (m2) on side b, which moves first; a
 * medical robot (m3) in play but not in the fight.
 */

function fight(seat: SeatRef, raw: Seat, state: RhylanorState): string {
  return renderToStaticMarkup(
    <Recording>
      <Firefight view={viewFor(state, raw)} seat={seat} />
    </Recording>,
  );
}

function withMachine(s: RhylanorState, id: string, change: object): RhylanorState {
  const m = s.machines[id];
  if (!m) throw new Error(`no ${id}`);
  return { ...s, machines: { ...s.machines, [id]: { ...m, ...change } } };
}

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

/** The part of the page inside one robot's actions. */
function actionsOf(html: string, name: string): string {
  const at = html.indexOf(`aria-label="Actions of ${name}"`);
  if (at < 0) throw new Error(`no actions of ${name}`);
  return html.slice(at, html.indexOf('</fieldset>', at));
}

describe('robots at the table', () => {
  it('offers the referee an idle robot’s way into the fight: a side and a point picked on the map', () => {
    const gm = fight(REFEREE, GM_SEAT, robotFight());
    expect(gm).toContain('aria-label="Medical robot joins the fight"');
    // Those already in the fight are not offered again; a robot says nothing of what it is doing.
    expect(gm).not.toContain('aria-label="Security robot joins the fight"');
    const form = gm.slice(gm.indexOf('aria-label="Medical robot joins the fight"'));
    expect(form.slice(0, form.indexOf('</form>'))).toContain('Pick on the map');
    expect(form.slice(0, form.indexOf('</form>'))).not.toContain('name="activity"');
    expect(fight(ANA, PLAYER, robotFight())).not.toContain('joins the fight');
  });

  it('moves a robot with the man’s form, its options from its pack movement; for the referee only', () => {
    const s = robotFight();
    const gm = fight(REFEREE, GM_SEAT, s);
    const cargo = text(actionsOf(gm, 'Cargo robot'));
    expect(cargo).toContain('walk (12 m, snap fire −2)');
    expect(cargo).not.toContain('evade');
    expect(cargo).not.toContain('run (');
    expect(text(actionsOf(gm, 'Security robot'))).toContain('run (45 m, snap fire −4)');
    // The first robot is on the map with its move.
    expect(gm).toContain('data-testid="move-marker"');
    expect(fight(ANA, PLAYER, s)).not.toContain('Actions of Security robot');
  });

  it('says in words why a robot cannot move or act', () => {
    const jammed = withMachine(robotFight(), 'm2', { damage: ['locomotionJammed'] });
    expect(text(actionsOf(fight(REFEREE, GM_SEAT, jammed), 'Cargo robot'))).toContain(
      'walk (Cargo robot cannot move: its locomotion is out)',
    );
    const resting = withMachine(robotFight(), 'm1', { lostTurns: { from: 1, through: 2 } });
    const html = actionsOf(fight(REFEREE, GM_SEAT, resting), 'Security robot');
    expect(html).toContain('data-testid="move-refusal"');
    expect(text(html)).toContain('Security robot sits out turns 1 to 2');
  });

  it('fires a robot’s weapon with the man’s form: the rules’ chance, or why it cannot', () => {
    const s = play(robotFight(), { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('directFire');
    const shot = text(actionsOf(fight(REFEREE, GM_SEAT, s), 'Security robot'));
    expect(shot).toContain('Marchetti');
    expect(shot).toMatch(/\d+\+: \d+\/36/);
    const jammed = withMachine(s, 'm1', { damage: ['weaponJammed'] });
    expect(text(actionsOf(fight(REFEREE, GM_SEAT, jammed), 'Security robot'))).toContain('is out of action');
    // A robot does not strike in melee (the rules give it fire only).
    const melee = play(play(s, { type: 'combat.next' }).state, { type: 'combat.next' }).state;
    expect(melee.combat?.phase).toBe('melee');
    expect(actionsOf(fight(REFEREE, GM_SEAT, melee), 'Security robot')).not.toContain('Strike');
  });
});
