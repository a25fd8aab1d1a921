import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { charDm } from '../../rules/rhylanor-express/character.ts';
import { chanceOutOf36 } from '../../rules/rhylanor-express/index.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import { GM_SEAT, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import { DiseaseTreatment, Drugs } from './Drugs.tsx';
import { Firefight } from './Firefight.tsx';
import { Intrusion } from './Intrusion.tsx';
import { isSheet, type SeatRef } from './model.ts';
import { Robots } from './Robots.tsx';
import { ANA, fightState, played, REFEREE, Recording, viewFor } from './test-kit.tsx';

/**
 * The table's screens for intrusion, drugs, disease treatment, robots and the fight's rarer calls:
 * what each seat sees and may send, and the chance each shows before the dice — the count of 36
 * the rules' own roll would make (a natural 2 that jams a lock counted out), with no target a
 * player may not know.
 */

type Screen = (p: { view: ReturnType<typeof viewFor>; seat: SeatRef }) => React.ReactNode;

function html(Part: Screen, s: RhylanorState, seat: SeatRef, raw: Seat): string {
  return renderToStaticMarkup(
    <Recording>
      <Part view={viewFor(s, raw)} seat={seat} />
    </Recording>,
  );
}

/** The text of the element with this data-testid (tags dropped). */
function testIdText(markup: string, id: string): string {
  const m = markup.match(new RegExp(`data-testid="${id}"[^>]*>(.*?)</p>`));
  return (m?.[1] ?? '').replace(/<[^>]+>/g, '');
}

/** Ways 2d6 + dm reaches the target, natural totals in `fails` not counted. */
function ways(dm: number, target: number, fails: readonly number[] = []): number {
  let n = 0;
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) if (a + b + dm >= target && !fails.includes(a + b)) n++;
  return n;
}

describe('intrusion at the table', () => {
  const withArrano = () => played([[{ type: 'character.create', sheet: 'arrano' }, [], PLAYER]]);

  it('the referee sees a lock pick chance with the natural 2 left out; the player his DM only', () => {
    const s = withArrano();
    const c = s.characters.c1;
    if (!c) throw new Error('no sheet');
    const dm = 2 + charDm(c, 'Dex', s.pack);
    // The simple mechanical lock's pick number is 6 (the default pack).
    const gm = testIdText(html(Intrusion, s, REFEREE, GM_SEAT), 'intrusion-odds');
    expect(gm).toContain('Intrusion-2 +2');
    expect(gm).toContain(`against 6+: chance ${ways(dm, 6, [2])}/36`);
    expect(gm).toContain('a natural 2 jams the lock');
    const ana = testIdText(html(Intrusion, s, ANA, PLAYER), 'intrusion-odds');
    expect(ana).toContain('against a number the referee keeps');
    expect(ana).not.toMatch(/against \d+\+/);
  });

  it('a player picks one of his own characters only; a spectator gets no form', () => {
    const s = played([
      [{ type: 'character.create', sheet: 'arrano' }, [], PLAYER],
      [{ type: 'character.create', sheet: 'marchetti' }],
    ]);
    const ana = html(Intrusion, s, ANA, PLAYER);
    expect(ana).toContain('Kez Arrano');
    expect(ana).not.toContain('Dr. Lio Marchetti');
    expect(html(Intrusion, s, { seatId: 'x', role: 'spectator', name: 'X' }, GM_SEAT)).toBe('');
  });
});

describe('drugs and disease treatment', () => {
  it('the anti-toxin shows the giver’s Medic against 6+ (known poison) before the dice', () => {
    const s = played([[{ type: 'character.create', sheet: 'marchetti' }, [], PLAYER]]);
    const markup = renderToStaticMarkup(
      <Recording>
        <Drugs view={viewFor(s, PLAYER)} seat={ANA} />
      </Recording>,
    );
    // The default pick is the combat drug: no roll, no odds line.
    expect(markup).toContain('Take the combat drug');
    expect(markup).not.toContain('data-testid="drug-odds"');
    expect(markup).toContain('has no drug working');
    const anti = renderToStaticMarkup(
      <Recording>
        <Drugs view={viewFor(s, PLAYER)} seat={ANA} initialDrug="antiToxin" />
      </Recording>,
    );
    // Medic-3: 2d6 + 3 against 6+.
    expect(testIdText(anti, 'drug-odds')).toContain(
      `Medic-3 +3; 2d6 +3 against 6+: chance ${chanceOutOf36(3, 6)}/36`,
    );
  });

  it('a treatment once research found one: the referee sees the target and chance, the player his DM', () => {
    const s = played([
      [{ type: 'character.create', sheet: 'marchetti' }, [], PLAYER],
      [
        {
          type: 'research.start',
          characterId: 'c1',
          name: 'Monkey fever',
          kind: 'disease',
          fromPack: 'screaming-monkey-fever',
          successes: 1,
        },
      ],
      [{ type: 'research.roll', researchId: 'r1' }, [6, 6], PLAYER],
    ]);
    expect(s.research.r1?.done).toBe(true);
    const c = s.characters.c1;
    if (!c) throw new Error('no sheet');
    // Medic-3 and Int DM; the pack's treatment target 8; his own scanner counts.
    const gmOdds = testIdText(html(DiseaseTreatment, s, REFEREE, GM_SEAT), 'cure-odds');
    const outcome = play(
      s,
      { type: 'disease.treat', researchId: 'r1', medicId: 'c1', patientId: 'c1' },
      [1, 1],
      GM_SEAT,
    );
    const roll = outcome.events.find((e) => e.type === 'task.rolled') as unknown as {
      roll: { mods: { value: number }[] };
    };
    const dm = roll.roll.mods.reduce((t, m) => t + m.value, 0);
    expect(dm).toBeGreaterThanOrEqual(3 + charDm(c, 'Int', s.pack));
    expect(gmOdds).toContain(`against 8+: chance ${chanceOutOf36(dm, 8)}/36`);
    const ana = testIdText(html(DiseaseTreatment, s, ANA, PLAYER), 'cure-odds');
    expect(ana).toContain('Medic-3 +3');
    expect(ana).toContain('against a number the referee keeps');
  });
});

describe('robots', () => {
  it('the referee brings one from the pack; a hit’s effect can be repaired, the chance first', () => {
    const s = played([
      [{ type: 'character.create', sheet: 'orr' }, [], PLAYER],
      [{ type: 'machine.add', kind: 'robot', packId: 'security-robot' }],
      // 1d6 5 + PEN 10 − armour 10 = 5: a surface hit; 1d6 3: locomotion impeded.
      [{ type: 'machine.hit', machineId: 'm1', pen: 10 }, [5, 3]],
    ]);
    expect(s.machines.m1?.damage).toEqual(['locomotionImpeded']);
    const gm = html(Robots, s, REFEREE, GM_SEAT);
    expect(gm).toContain('Bring the robot into play');
    const ana = html(Robots, s, ANA, PLAYER);
    expect(ana).not.toContain('Bring the robot into play');
    expect(testIdText(ana, 'machine-state')).toBe('locomotionImpeded');
    const c = s.characters.c1;
    if (!c) throw new Error('no sheet');
    // Orr's Mechanical-1 and Int DM against locomotion impeded's 6+.
    const dm = 1 + charDm(c, 'Int', s.pack);
    expect(testIdText(ana, 'repair-odds')).toContain(`against 6+: chance ${chanceOutOf36(dm, 6)}/36`);
  });

  it('a player at a table with no robot sees nothing of them', () => {
    const s = played([[{ type: 'character.create', sheet: 'orr' }, [], PLAYER]]);
    expect(html(Robots, s, ANA, PLAYER)).toBe('');
  });
});

describe('the fight’s rarer calls', () => {
  /** Steps the fight on to the Crew's command phase of turn 1. */
  function toCommand(s0: RhylanorState): RhylanorState {
    let s = s0;
    for (let i = 0; i < 12 && !(s.combat?.phasing === 'a' && s.combat.phase === 'command'); i++)
      s = play(s, { type: 'combat.next' }).state;
    expect(s.combat?.phase).toBe('command');
    return s;
  }

  it('a concealed enemy: Ana looks for him in her command phase, the chance against 6+ (a noisy side)', () => {
    let s = fightState();
    s = play(s, { type: 'combat.place', characterId: 'c2', concealed: true }).state;
    s = toCommand(s);
    const markup = html(Firefight, s, ANA, PLAYER);
    expect(markup).toContain('Look for');
    const rolled = play(s, { type: 'combat.seek', characterId: 'c1', targetId: 'c2' }, [1, 1], PLAYER);
    const sought = rolled.events.find((e) => e.type === 'combat.sought') as unknown as {
      roll: { mods: { value: number }[]; target: number };
    };
    const dm = sought.roll.mods.reduce((t, m) => t + m.value, 0);
    expect(sought.roll.target).toBe(6);
    expect(testIdText(markup, 'seek-odds-c1')).toContain(`against 6+: chance ${chanceOutOf36(dm, 6)}/36`);
    // His position stays unknown to her all the while.
    expect(markup).not.toContain('60, 0');
  });

  it('a forward observer calls fire: the landing chance from his DMs against the first shot’s 18+', () => {
    let s = fightState();
    s = play(s, { type: 'character.edit', characterId: 'c1', skills: { 'Forward Observer': 2 } }).state;
    s = toCommand(s);
    const markup = html(Firefight, s, ANA, PLAYER);
    expect(markup).toContain('Call the fire');
    // Forward Observer-2 and no gunner: 2d6 + 2 (and her battle computer, if the rules count it).
    const called = play(
      s,
      { type: 'combat.callFire', observerId: 'c1', attack: 'firstShot', x: 0, y: 0, distanceKm: 3 },
      [],
      PLAYER,
    );
    const call = (called.events[0] as unknown as { call: { dms: { value: number }[] } }).call;
    const dm = call.dms.reduce((t, m) => t + m.value, 0);
    expect(testIdText(markup, 'call-odds-c1')).toContain(`against 18+: chance ${ways(dm, 18)}/36`);
    expect(called.state.combat?.indirect).toHaveLength(1);
    expect(html(Firefight, called.state, ANA, PLAYER)).toContain('lands in turn 2');
  });

  it('a fresh graze: its owner steadies him with the group’s morale DMs against 7+', () => {
    let s = fightState();
    s = play(s, { type: 'character.wound', characterId: 'c1', level: 'graze' }).state;
    const c = s.characters.c1;
    expect(isSheet(c) && c.wounds[0]?.level).toBe('graze');
    const markup = html(Firefight, s, ANA, PLAYER);
    expect(markup).toContain('keeps his nerve?');
    const steadied = play(s, { type: 'combat.steady', characterId: 'c1' }, [1, 1], PLAYER);
    const roll = (steadied.events[0] as unknown as { roll: { mods: { value: number }[] } }).roll;
    const dm = roll.mods.reduce((t, m) => t + m.value, 0);
    expect(testIdText(markup, 'steady-odds-c1')).toContain(`against 7+: chance ${chanceOutOf36(dm, 7)}/36`);
    // Answered: the call is gone.
    expect(html(Firefight, steadied.state, ANA, PLAYER)).not.toContain('keeps his nerve?');
  });

  it('a fled side with a leader is offered its rally in its own command phase', () => {
    let s = played([
      [{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER],
      [{ type: 'character.create', sheet: 'starport-guard' }],
      [
        {
          type: 'combat.start',
          sides: [
            { id: 'a', name: 'Crew', leaderId: 'c1', members: [{ characterId: 'c1', x: 0, y: 0 }] },
            { id: 'b', name: 'Guards', members: [{ characterId: 'c2', x: 60, y: 0 }] },
          ],
        },
      ],
      [{ type: 'combat.order', intruder: 'a' }],
      [{ type: 'combat.setMorale', side: 'a', morale: 'fled' }],
    ]);
    expect(html(Firefight, s, ANA, PLAYER)).not.toContain('Rally: Crew');
    s = toCommand(s);
    expect(html(Firefight, s, ANA, PLAYER)).toContain('Rally: Crew');
  });

  it('the referee rules a side’s morale; a player has no such form', () => {
    const s = fightState();
    expect(html(Firefight, s, REFEREE, GM_SEAT)).toContain('aria-label="Referee: morale ruling"');
    expect(html(Firefight, s, ANA, PLAYER)).not.toContain('morale ruling');
  });
});
