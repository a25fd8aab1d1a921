import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { type RhylanorEvent, type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, GM_SEAT, OTHER_PLAYER, PLAYER, play, startDuel } from './test-kit.ts';

/** Referee secrets never reach a player's view or the events it receives. */

const SPECTATOR = { seatId: 's1', role: 'spectator' as const };

/** The fight: c1 of side a in the open against `lurkers` of side b, concealed at 60 m. */
function againstLurkers(s: RhylanorState, lurkers: readonly string[]): RhylanorState {
  return play(s, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      {
        id: 'b',
        name: 'Lurkers',
        disposition: 'concealed',
        members: lurkers.map((characterId) => ({ characterId, x: 60, y: 0 })),
      },
    ],
  }).state;
}

/** A's sheet (c1, p1) against Arrano (c2, p2), concealed in a G-carrier (m1) that side a has spotted. */
function lurking(sheet: string): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet, owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'arrano', owner: 'p2' }).state;
  s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
  s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c2' }, [], OTHER_PLAYER).state;
  s = againstLurkers(s, ['c2']);
  s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'b', x: 60, y: 0 }).state;
  return play(s, { type: 'combat.spot', side: 'a', result: true }).state;
}

describe('referee secrets', () => {
  it('lock and network numbers, research targets and NPC sheets stay with the referee', () => {
    let s = fresh();
    const log: RhylanorEvent[] = [];
    const step = (command: unknown, faces: number[] = [], actor = GM_SEAT) => {
      const r = play(s, command, faces, actor);
      s = r.state;
      log.push(...r.events);
    };
    step({ type: 'character.create', sheet: 'arrano', owner: 'p1' }); // c1
    step({
      type: 'character.create',
      name: 'Mr Black',
      upp: '9A9B77',
      skills: { Rifles: 3, Intrusion: 2 },
      secret: true,
    }); // c2
    step({ type: 'character.edit', characterId: 'c2', skills: { Tactics: 2 } });
    step({ type: 'intrusion.pickLock', characterId: 'c1', lockId: 'military-electronic' }, [3, 4], PLAYER);
    step({ type: 'intrusion.hack', characterId: 'c1', networkId: 'naval' }, [5, 5], PLAYER);
    step({
      type: 'research.start',
      characterId: 'c1',
      name: 'A better lock-pick',
      kind: 'device',
      skill: 'Intrusion',
      target: 11,
      successes: 7,
    });
    step({ type: 'research.roll', researchId: 'r1' }, [6, 5], PLAYER);
    step(
      { type: 'task.roll', characterId: 'c2', skills: ['Rifles'], characteristic: 'Dex', target: 8 },
      [3, 3],
    );
    for (const seat of [PLAYER, SPECTATOR]) {
      const view = JSON.stringify(rhylanorExpress.view(s, seat));
      expect(view).not.toContain('"pick"');
      expect(view).not.toContain('securityTarget');
      expect(view).not.toContain('Mr Black');
      expect(view).not.toContain('"target":11');
      expect(view).not.toContain('"needed"');
      expect(view).not.toContain('corsair-captain');
      const received = JSON.stringify(log.map((e) => rhylanorExpress.redact(e, seat)));
      expect(received).not.toContain('Mr Black');
      expect(received).not.toContain('Rifles-3');
      expect(received).not.toContain('"Tactics":2');
      expect(received).not.toMatch(/"target":(12|16|11)/);
    }
    // The referee sees it all.
    const gm = JSON.stringify(rhylanorExpress.view(s, GM_SEAT));
    expect(gm).toContain('Mr Black');
    expect(gm).toContain('securityTarget');
    // The player still sees his own roll's dice, modifiers and whether it worked.
    const pick = log.find((e) => e.type === 'intrusion.rolled');
    expect(rhylanorExpress.redact(pick as never, PLAYER)).toMatchObject({
      roll: { faces: [3, 4], success: false },
    });
  });

  it('a secret NPC in a fight shows by name only, its shots as one lump of modifiers', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
    s = startDuel(s);
    s = play(s, { type: 'combat.order', intruder: 'b' }).state;
    s = play(s, { type: 'combat.move', characterId: 'c2', option: 'stand' }).state;
    s = play(s, { type: 'combat.next' }).state;
    const r = play(s, { type: 'combat.fire', characterId: 'c2', weaponIndex: 0, targets: ['c1'] }, [3, 3]);
    const view = rhylanorExpress.view(r.state, PLAYER) as {
      characters: Record<string, unknown>;
      window: { rolls: { mods: unknown[] }[] };
    };
    expect(view.characters.c2).toEqual({ id: 'c2', name: 'Starport guard', secret: true });
    expect(view.window.rolls[0]?.mods).toEqual([{ source: 'modifiers', value: 1 }]);
    const opened = r.events.find((e) => e.type === 'window.opened');
    expect(JSON.stringify(rhylanorExpress.redact(opened as never, PLAYER))).not.toContain('Rifles-1');
    expect(JSON.stringify(rhylanorExpress.redact(opened as never, GM_SEAT))).toContain('Rifles-1');
  });
});

describe('an unfound man aboard a vehicle (§7.15)', () => {
  type Seen = { machines: Record<string, { riders?: { characterId: string }[] }> };
  const riders = (s: RhylanorState, seat: typeof PLAYER) =>
    (rhylanorExpress.view(s, seat) as Seen).machines.m1?.riders?.map((r) => r.characterId) ?? [];

  it('neither the view nor the events show the other side where he got in or out until he is found', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state; // c1
    s = play(s, { type: 'character.create', sheet: 'arrano', owner: 'p2' }).state; // c2
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state; // m1
    s = againstLurkers(s, ['c2']);
    // The G-carrier stands in plain sight beside him.
    s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'b', x: 60, y: 3 }).state;
    s = play(s, { type: 'combat.spot', side: 'a', result: true }).state;
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'b' }).state;
    const log: RhylanorEvent[] = [];
    const step = (command: unknown, actor = GM_SEAT) => {
      const r = play(s, command, [], actor);
      s = r.state;
      log.push(...r.events);
    };
    step({ type: 'machine.board', machineId: 'm1', characterId: 'c2', seat: 'driver' }, OTHER_PLAYER);
    step({ type: 'machine.seat', machineId: 'm1', characterId: 'c2', seat: 'gunner' });
    expect(s.combat?.combatants.c2).toMatchObject({ x: 60, y: 3, concealed: true });
    expect(riders(s, PLAYER)).toEqual([]);
    expect(riders(s, { seatId: 's1', role: 'spectator' })).toEqual([]);
    expect(JSON.stringify(rhylanorExpress.view(s, PLAYER))).not.toMatch(/"characterId":"c2"/);
    for (const e of log) {
      expect(JSON.stringify(rhylanorExpress.redact(e, PLAYER))).not.toContain('c2');
      expect(JSON.stringify(rhylanorExpress.redact(e, PLAYER))).not.toContain('p2');
      expect(rhylanorExpress.redact(e, GM_SEAT)).toBe(e);
      // His own player reads his own getting in and changing seat whole (issue 15).
      expect(rhylanorExpress.redact(e, OTHER_PLAYER)).toBe(e);
    }
    // His own seat and the referee know he is aboard.
    expect(riders(s, OTHER_PLAYER)).toEqual(['c2']);
    expect(riders(s, GM_SEAT)).toEqual(['c2']);
    // Found: now the other side sees him in it, and his getting out is told in full.
    s = play(s, { type: 'combat.place', characterId: 'c2', concealed: false }).state;
    expect(riders(s, PLAYER)).toEqual(['c2']);
    // On to his side's next movement phase.
    const turn = s.combat?.turn ?? 0;
    while (!(s.combat?.turn === turn + 1 && s.combat.phasing === 'b' && s.combat.phase === 'movement'))
      s = play(s, { type: 'combat.next' }).state;
    const out = play(s, { type: 'machine.alight', machineId: 'm1', characterId: 'c2' }, [], OTHER_PLAYER);
    const alighted = out.events.find((e) => e.type === 'machine.alighted');
    expect(rhylanorExpress.redact(alighted as never, PLAYER)).toEqual(alighted);
  });

  it('an unfound man getting out keeps where he stepped out to himself', () => {
    let s = lurking('vashti');
    s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
    s = play(s, { type: 'combat.order', intruder: 'b' }).state;
    expect(riders(s, PLAYER)).toEqual([]);
    const out = play(
      s,
      { type: 'machine.alight', machineId: 'm1', characterId: 'c2', x: 62, y: 1 },
      [],
      OTHER_PLAYER,
    );
    const alighted = out.events.find((e) => e.type === 'machine.alighted');
    expect(rhylanorExpress.redact(alighted as never, PLAYER)).toEqual({
      type: 'machine.alighted',
      hidden: true,
    });
    expect(rhylanorExpress.redact(alighted as never, GM_SEAT)).toMatchObject({ characterId: 'c2', x: 62 });
    // His own player's copy is whole: he knows where he stepped out (issue 15); a spectator's is not.
    expect(rhylanorExpress.redact(alighted as never, OTHER_PLAYER)).toMatchObject({
      characterId: 'c2',
      machineId: 'm1',
      x: 62,
      y: 1,
    });
    expect(rhylanorExpress.redact(alighted as never, SPECTATOR)).toEqual({
      type: 'machine.alighted',
      hidden: true,
    });
  });

  it('a hit reaching unseen men of two players names them to neither: one seat sees only events all his own', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state; // c1
    s = play(s, { type: 'character.create', sheet: 'arrano', owner: 'p2' }).state; // c2
    s = play(s, { type: 'character.create', sheet: 'marchetti', owner: 'p3' }).state; // c3
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c2' }, [], OTHER_PLAYER).state;
    const p3 = { seatId: 'p3', role: 'player' as const };
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c3' }, [], p3).state;
    s = againstLurkers(s, ['c2', 'c3']);
    s = play(s, { type: 'combat.vehicle', machineId: 'm1', side: 'b', x: 60, y: 0 }).state;
    // 1 + 44 − 30 = 15, a major penetration; effect 2 + 2 = 4: every crewman; wounds 1 + 1 each.
    const r = play(s, { type: 'machine.hit', machineId: 'm1', pen: 44 }, [1, 2, 2, 1, 1, 1, 1]);
    const hit = r.events.find((e) => e.type === 'machine.crewAttacked');
    expect(hit).toMatchObject({ characterIds: ['c2', 'c3'], hidden: true });
    expect(hit).not.toHaveProperty('seenBy');
    for (const seat of [PLAYER, OTHER_PLAYER, p3])
      expect(rhylanorExpress.redact(hit as never, seat)).toEqual({
        type: 'machine.crewAttacked',
        machineId: 'm1',
        effect: 'allCrewAttacked',
        hidden: true,
      });
    // Each wound roll is its own man's: his player alone reads it whole.
    const unhurt = r.events.filter((e) => e.type === 'combat.unhurt');
    expect(unhurt.map((e) => (e as { seenBy?: string }).seenBy)).toEqual(['p2', 'p3']);
    const [arrano, marchetti] = unhurt;
    expect(rhylanorExpress.redact(arrano as never, OTHER_PLAYER)).toBe(arrano);
    expect(rhylanorExpress.redact(arrano as never, p3)).toEqual({ type: 'combat.unhurt', hidden: true });
    expect(rhylanorExpress.redact(marchetti as never, p3)).toBe(marchetti);
    expect(rhylanorExpress.redact(marchetti as never, OTHER_PLAYER)).toEqual({
      type: 'combat.unhurt',
      hidden: true,
    });
  });

  it('a secret NPC aboard outside a fight is neither in the rider list nor named by the event', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state; // c1, secret
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    const r = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' });
    expect(riders(r.state, PLAYER)).toEqual([]);
    expect(riders(r.state, GM_SEAT)).toEqual(['c1']);
    expect(rhylanorExpress.redact(r.events[0] as never, PLAYER)).toEqual({
      type: 'machine.boarded',
      hidden: true,
    });
  });

  it('a seat held by a man the player cannot see is not refused: he gets the lowest seat really free', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state; // c1, secret
    s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state; // c2
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1', place: 1 }).state;
    const wants1 = { type: 'machine.board', machineId: 'm1', characterId: 'c2', place: 1 };
    // The referee sees him there: the seat is refused to the referee's command.
    expect(refusalCode(() => play(s, wants1, [], GM_SEAT))).toBe('SEAT_TAKEN');
    // To Ana seat 1 shows free; asking for it seats her in seat 2, the lowest really free.
    const r = play(s, wants1, [], PLAYER);
    expect(r.state.machines.m1?.riders).toEqual([
      { characterId: 'c1', seat: 'passenger', place: 1 },
      { characterId: 'c2', seat: 'passenger', place: 2 },
    ]);
    // Nothing she receives names the guard or says who sits in seat 1.
    const seen = JSON.stringify([
      rhylanorExpress.view(r.state, PLAYER),
      ...r.events.map((e) => rhylanorExpress.redact(e, PLAYER)),
    ]);
    expect(seen).not.toContain('"characterId":"c1"');
    expect(seen).not.toContain('Starport guard');
    expect(riders(r.state, PLAYER)).toEqual(['c2']);
    // A seat held by a man she sees is still refused by number.
    const arrano = play(r.state, { type: 'character.create', sheet: 'arrano', owner: 'p1' }).state; // c3, hers too
    expect(
      refusalCode(() =>
        play(arrano, { type: 'machine.board', machineId: 'm1', characterId: 'c3', place: 2 }, [], PLAYER),
      ),
    ).toBe('SEAT_TAKEN');
  });

  it('a hit on the vehicle that reaches a secret NPC aboard names nobody to players', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state; // c1, secret
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' }).state;
    // 1 + 40 − 30 = 11, a minor penetration; effect 2d6 = 4, one crewman (only he is aboard); wound 3 + 3.
    const r = play(s, { type: 'machine.hit', machineId: 'm1', pen: 40 }, [1, 2, 2, 3, 3]);
    const hit = r.events.find((e) => e.type === 'machine.crewAttacked');
    expect(hit).toMatchObject({ characterIds: ['c1'], hidden: true });
    expect(rhylanorExpress.redact(hit as never, PLAYER)).toEqual({
      type: 'machine.crewAttacked',
      machineId: 'm1',
      effect: 'oneCrewAttacked',
      hidden: true,
    });
    expect(rhylanorExpress.redact(hit as never, GM_SEAT)).toBe(hit);
  });
});

/**
 * Issue 15, hidden riders: the wound rolls that follow a hit on a vehicle name nobody in players'
 * copies when they fall on an unfound man aboard (the events, the open window in the view, his
 * sheet). Export needs no check of its own: only the referee's seat may export the log
 * (`/api/tables/:id/export` refuses others), and his copy is whole.
 */
describe('wound rolls on an unseen man aboard', () => {
  it('the window, the view and the wound keep his name from players; the referee sees it all', () => {
    // 1 + 40 − 30 = 11, a minor penetration; effect 2 + 2 = 4, one crewman (only he is aboard);
    // a straight wound roll 3 + 3 = 6: light.
    // Okonkwo's Tactics 1 gives his side a pool: the wound rolls wait in a window.
    const start = play(lurking('okonkwo'), { type: 'combat.order', intruder: 'b' }).state;
    const hit = play(start, { type: 'machine.hit', machineId: 'm1', pen: 40 }, [1, 2, 2, 3, 3]);
    const opened = hit.events.find((e) => e.type === 'window.opened');
    expect(opened).toMatchObject({ unseen: [0] });
    const forPlayer = rhylanorExpress.redact(opened as never, PLAYER);
    expect(forPlayer).toMatchObject({
      rolls: [{ purpose: 'wound roll on someone unseen aboard', faces: [3, 3] }],
      after: { kind: 'wounds', hits: [{ targetId: 'someone unseen aboard' }] },
    });
    expect(opened).toMatchObject({ unseenBy: ['p2'] });
    for (const seat of [PLAYER, SPECTATOR]) {
      const copy = JSON.stringify(rhylanorExpress.redact(opened as never, seat));
      expect(copy).not.toContain('c2');
      expect(copy).not.toContain('Arrano');
      expect(copy).not.toContain('"unseen');
      expect(copy).not.toContain('p2');
    }
    // Arrano's own player (p2) reads the roll on him by name, without the others' lists.
    const ownCopy = rhylanorExpress.redact(opened as never, OTHER_PLAYER);
    expect(ownCopy).toMatchObject({
      rolls: [{ purpose: 'wound roll on Kez Arrano', faces: [3, 3] }],
      after: { kind: 'wounds', hits: [{ targetId: 'c2' }] },
    });
    expect(JSON.stringify(ownCopy)).not.toContain('unseen');
    expect(rhylanorExpress.eventSchemas?.['window.opened']?.safeParse(opened).success).toBe(true);
    expect(rhylanorExpress.redact(opened as never, GM_SEAT)).toBe(opened);
    // The open window in a player's view, and Arrano's sheet (its wounds would tell).
    const view = rhylanorExpress.view(hit.state, PLAYER) as {
      window: unknown;
      characters: Record<string, unknown>;
    };
    expect(JSON.stringify(view.window)).not.toContain('c2');
    expect(JSON.stringify(view.window)).not.toContain('Arrano');
    expect(view.characters.c2).toEqual({ id: 'c2', name: expect.any(String), secret: true });
    // His own player sees his sheet; the referee, the window as it is.
    const own = rhylanorExpress.view(hit.state, OTHER_PLAYER) as {
      characters: Record<string, { wounds?: unknown }>;
    };
    expect(own.characters.c2?.wounds).toEqual([]);
    const gm = rhylanorExpress.view(hit.state, GM_SEAT) as { window: { after: unknown } };
    expect(gm.window.after).toMatchObject({ hits: [{ targetId: 'c2' }] });

    const closed = play(hit.state, { type: 'window.close' });
    const shut = closed.events.find((e) => e.type === 'window.closed');
    expect(shut).toMatchObject({ unseen: [0] });
    expect(JSON.stringify(rhylanorExpress.redact(shut as never, PLAYER))).not.toContain('Arrano');
    const wounded = closed.events.find((e) => e.type === 'character.wounded');
    expect(wounded).toMatchObject({ characterId: 'c2', hidden: true });
    expect(rhylanorExpress.redact(wounded as never, PLAYER)).toEqual({
      type: 'character.wounded',
      hidden: true,
      level: 'light',
    });
    expect(rhylanorExpress.redact(wounded as never, GM_SEAT)).toBe(wounded);
    // His own player reads his own wound whole.
    expect(wounded).toMatchObject({ seenBy: 'p2' });
    expect(rhylanorExpress.redact(wounded as never, OTHER_PLAYER)).toBe(wounded);
    expect(JSON.stringify(rhylanorExpress.redact(wounded as never, PLAYER))).not.toContain('p2');
    const after = rhylanorExpress.view(closed.state, PLAYER) as { characters: Record<string, unknown> };
    expect(JSON.stringify(after.characters.c2)).not.toContain('light');
  });

  it('an unhurt roll on a secret NPC aboard names nobody either; a seen rider is named', () => {
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state; // c1, secret
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    s = play(s, { type: 'machine.board', machineId: 'm1', characterId: 'c1' }).state;
    // As above, the wound roll 1 + 1 = 2: unhurt.
    const r = play(s, { type: 'machine.hit', machineId: 'm1', pen: 40 }, [1, 2, 2, 1, 1]);
    const unhurt = r.events.find((e) => e.type === 'combat.unhurt');
    expect(rhylanorExpress.redact(unhurt as never, PLAYER)).toEqual({ type: 'combat.unhurt', hidden: true });
    // A PC aboard is seen: his wound roll names him.
    let t = fresh();
    t = play(t, { type: 'character.create', sheet: 'arrano', owner: 'p1' }).state;
    t = play(t, { type: 'machine.add', kind: 'vehicle', packId: 'g-carrier' }).state;
    t = play(t, { type: 'machine.board', machineId: 'm1', characterId: 'c1' }, [], PLAYER).state;
    const seen = play(t, { type: 'machine.hit', machineId: 'm1', pen: 40 }, [1, 2, 2, 1, 1]);
    const named = seen.events.find((e) => e.type === 'combat.unhurt');
    expect(named).not.toHaveProperty('hidden');
    expect(rhylanorExpress.redact(named as never, PLAYER)).toBe(named);
  });
});
