import { describe, expect, it } from 'vitest';
import { EnteredDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import type { EliteUnitCommand } from './commands.ts';
import { defaultPack } from './data/pack.ts';
import type { Pack } from './data/pack-schema.ts';
import { eliteUnitEventProblem, eliteUnitEventSchemas } from './event-schemas.ts';
import { effectiveValue } from './rules/effective.ts';
import { eliteUnit } from './ruleset.ts';
import { GM, P1, P2, Table } from './test-kit.ts';
import { whoseMove } from './your-move.ts';

/**
 * Drain Will and Spell Scramble (§16, §18.7): the caster pays and the spell waits; the target's
 * seat rolls its own save with `resist` (or gives it up, §3 step 4), as a defender answers an attack.
 */

/** The default pack with Sable Orr knowing the two save spells. */
const pack: Pack = {
  ...defaultPack,
  characters: defaultPack.characters.map((c) =>
    c.id === 'orr' ? { ...c, spells: [...c.spells, 'drain-will', 'spell-scramble'] } : c,
  ),
};

function refused(t: Table, command: unknown, seat = GM, faces: number[] = [10, 10, 10]): string {
  const before = stateHash(t.state);
  const parsed = eliteUnit.commandSchema.parse(command) as EliteUnitCommand;
  const code = refusalCode(() =>
    eliteUnit.decide(t.state, parsed, { actor: seat, dice: new EnteredDice(faces) }),
  );
  expect(stateHash(t.state)).toBe(before);
  return code;
}

const drain = (target: string, id = 'orr') => ({
  type: 'cast',
  id,
  spell: 'drain-will',
  targets: [{ id: target, distance: 5 }],
});

describe('spell saves at the seat', () => {
  it("Drain Will waits for the target's seat; a failed save costs a spell reduction that hours do not heal", () => {
    const t = new Table(pack);
    t.add('orr', 'orr', P1);
    t.add('castell', 'c', P2); // Willpower 12
    const events = t.run(drain('c'), P1, [4]); // NE cost 1D6 = 4
    expect(events.map((e) => e.type)).toEqual(['character.changed', 'save.asked']);
    expect(t.char('orr').ne).toBe(36);
    expect(t.state.pendingSave).toEqual({
      saveId: 's1',
      casterId: 'orr',
      targetId: 'c',
      spell: 'drain-will',
      attribute: 'willpower',
    });
    expect(whoseMove(t.state)).toMatchObject({ kind: 'save', characterId: 'c', seatId: 'p2' });
    // Nobody acts, and only the target's seat (or the GM) answers, for the target it waits for.
    expect(
      refused(t, { type: 'cast', id: 'orr', spell: 'mend', targets: [{ id: 'orr', distance: 0 }] }, P1),
    ).toBe('SAVE_PENDING');
    expect(refused(t, { type: 'resist', targetId: 'c' }, P1)).toBe('NOT_YOUR_CHARACTER');
    expect(refused(t, { type: 'resist', targetId: 'orr' }, P1)).toBe('NOT_YOUR_SAVE');
    // The seat's d20 15 is not below 12: failed; the drain's 1D6 shows 5.
    const [resolved] = t.run({ type: 'resist', targetId: 'c' }, P2, [15, 5]);
    expect(resolved).toMatchObject({
      type: 'save.resolved',
      save: { target: 12, faces: [15], success: false, bareFail: false },
    });
    expect(t.state.pendingSave).toBeNull();
    expect(t.char('c').spellReductions).toEqual({ willpower: 5 });
    expect(effectiveValue(t.char('c'), t.state.pack, 'willpower')).toBe(7);
    t.run({ type: 'time.pass', hours: 5 });
    expect(effectiveValue(t.char('c'), t.state.pack, 'willpower')).toBe(7);
    expect(refused(t, { type: 'resist', targetId: 'c' }, P2)).toBe('NO_SAVE_PENDING');
  });

  it('Spell Scramble: a save below Willpower shrugs it off; a given-up save primes the next spell to scramble', () => {
    const t = new Table(pack);
    t.add('orr', 'orr', P1);
    t.add('orr', 'o2', P2);
    const scramble = {
      type: 'cast',
      id: 'orr',
      spell: 'spell-scramble',
      targets: [{ id: 'o2', distance: 20 }],
    };
    t.run(scramble, P1, [3, 3]);
    t.run({ type: 'resist', targetId: 'o2' }, P2, [5]); // 5 < 15: saved
    expect(t.char('o2').conditions).toEqual([]);
    t.run(scramble, P1, [2, 2]);
    // The target welcomes it: no die rolled, the save simply fails (§3 step 4).
    const [resolved] = t.run({ type: 'resist', targetId: 'o2', waive: true }, P2);
    expect(resolved).toMatchObject({ save: { waived: true, success: false, faces: [] } });
    expect(t.char('o2').conditions).toEqual([{ id: 'scrambleNext' }]);
    // o2's next spell scrambles: Mend 1D10 cost 2, heals 1D10 3, chaos d20 11 (spells double) for 1D6 = 2 Turns.
    const [cast] = t.run(
      { type: 'cast', id: 'o2', spell: 'mend', targets: [{ id: 'o2', distance: 0 }] },
      P2,
      [2, 3, 11, 2],
    );
    expect(cast).toMatchObject({ detail: { scrambled: true, chaos: 11 } });
    expect(t.char('o2').conditions).toEqual([{ id: 'spellsDouble', turns: 2 }]);
  });

  it('in a battle the slot holds until the save is answered; a bare fail asks the GM', () => {
    const t = new Table(pack);
    t.add('orr', 'orr', P1);
    t.add('castell', 'c', P2);
    t.run({ type: 'gm.set', id: 'orr', field: 'actions', value: 1 });
    t.run({ type: 'battle.start', ids: ['orr', 'c'] }, GM, [20, 1]);
    t.run(drain('c'), P1, [1]);
    // Orr's one action is spent, yet the slot waits for Castell's save.
    expect(t.state.battle).toMatchObject({ slot: 0, actionsUsed: 1 });
    expect(refused(t, { type: 'slot.end', id: 'orr' }, P1)).toBe('SAVE_PENDING');
    const events = t.run({ type: 'resist', targetId: 'c' }, P2, [12, 1]); // equal to Willpower 12
    expect(events.map((e) => e.type)).toEqual(['save.resolved', 'question.asked', 'slot.advanced']);
    expect(events[1]).toMatchObject({ question: { kind: 'bareFail', characterId: 'c' } });
    expect(t.state.battle).toMatchObject({ slot: 1 });
    expect(t.char('c').spellReductions).toEqual({ willpower: 1 });
  });

  it("a hidden NPC's save is the GM's; a player's copy shows that it was made, not its numbers", () => {
    const t = new Table(pack);
    t.add('orr', 'orr', P1);
    t.add('enforcer', 'boss');
    t.run({ type: 'gm.set', id: 'boss', field: 'attribute', name: 'willpower', value: 777 });
    t.run(drain('boss'), P1, [3]);
    expect(whoseMove(t.state)).toMatchObject({ kind: 'save', seatId: null });
    expect(refused(t, { type: 'resist', targetId: 'boss' }, P1)).toBe('NOT_YOUR_CHARACTER');
    t.run({ type: 'resist', targetId: 'boss' }, GM, [4]);
    for (const seat of [P1, P2]) {
      const json = JSON.stringify([
        ...t.log.map((e) => eliteUnit.redact(e, seat)),
        eliteUnit.view(t.state, seat),
      ]);
      expect(json).not.toMatch(/777/);
      expect(json).not.toContain('"faces":[4]');
    }
    expect(JSON.stringify(t.log.map((e) => eliteUnit.redact(e, GM)))).toMatch(/777/);
  });

  it('the GM undo takes the cast back with its waiting save; the battle ending drops it', () => {
    const t = new Table(pack);
    t.add('orr', 'orr', P1);
    t.add('castell', 'c', P2);
    t.run(drain('c'), P1, [6]);
    t.run({ type: 'gm.undo' });
    expect(t.state.pendingSave).toBeNull();
    expect(t.char('orr').ne).toBe(40);
    t.run({ type: 'battle.start', ids: ['orr', 'c'] }, GM, [20, 1]);
    t.run(drain('c'), P1, [6]);
    t.run({ type: 'battle.end' });
    expect(t.state.pendingSave).toBeNull();
  });

  it('the events fit their schemas and their place', () => {
    const t = new Table(pack);
    t.add('orr', 'orr', P1);
    t.add('castell', 'c', P2);
    const before = t.state;
    const [, asked] = t.run(drain('c'), P1, [2]);
    const waiting = t.state;
    const [resolved] = t.run({ type: 'resist', targetId: 'c' }, P2, [19, 2]);
    for (const e of [asked, resolved]) {
      if (!e) throw new Error('missing event');
      expect(eliteUnitEventSchemas[e.type].safeParse(e).success).toBe(true);
    }
    if (!asked || !resolved || resolved.type !== 'save.resolved') throw new Error('missing event');
    expect(eliteUnitEventProblem(waiting, resolved)).toBeNull();
    // A resolution nothing waits for, an answer for someone else, a second question while one waits.
    expect(eliteUnitEventProblem(before, resolved)).toMatch(/not waiting/);
    expect(eliteUnitEventProblem(waiting, { ...resolved, characterId: 'orr' })).toMatch(/someone else/);
    expect(
      eliteUnitEventProblem(waiting, { ...resolved, patches: [{ id: 'orr', set: { money: 1 } }] }),
    ).toMatch(/someone other/);
    expect(eliteUnitEventProblem(waiting, asked)).toMatch(/still waits/);
    expect(eliteUnitEventSchemas['save.resolved'].safeParse({ ...resolved, save: { bad: 1 } }).success).toBe(
      false,
    );
  });
});
