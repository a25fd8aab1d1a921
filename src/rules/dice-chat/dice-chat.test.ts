import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EnteredDice, ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import { replay } from '../../engine/replay.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { DecideContext, Seat, TableEvent } from '../../engine/ruleset.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode as refusal } from '../../engine/test-kit.ts';
import type { ChatCommand, ChatEvent } from './chat.ts';
import { type DiceChatState, diceChat } from './dice-chat.ts';

const gm: Seat = { seatId: 'gm1', role: 'gm' };
const ann: Seat = { seatId: 'p1', role: 'player' };
const bob: Seat = { seatId: 'p2', role: 'player' };
const watcher: Seat = { seatId: 's1', role: 'spectator' };

const joined: TableEvent[] = [
  { type: 'seat.joined', seatId: 'gm1', role: 'gm', name: 'Gail' },
  { type: 'seat.joined', seatId: 'p1', role: 'player', name: 'Ann' },
  { type: 'seat.joined', seatId: 'p2', role: 'player', name: 'Bob' },
];

function table() {
  let state = replay(diceChat, undefined, joined);
  const log: (ChatEvent | TableEvent)[] = [...joined];
  return {
    get state(): DiceChatState {
      return state;
    },
    log,
    send(actor: Seat, raw: unknown, dice: DecideContext['dice'] = new SeededDice(7)) {
      const command = diceChat.commandSchema.parse(raw);
      const events = diceChat.decide(state, command, { actor, dice });
      for (const e of events) state = diceChat.evolve(state, e);
      log.push(...events);
      return events;
    },
  };
}

describe('dice chat', () => {
  it('keeps formula, faces and total of a public roll, the same for everyone', () => {
    const t = table();
    const [event] = t.send(
      ann,
      { type: 'chat.roll', notation: '2d6+3', label: 'Morale' },
      new ScriptedDice([4, 6]),
    );
    expect(event).toMatchObject({
      type: 'chat.rolled',
      rollId: 'r1',
      by: 'p1',
      notation: '2d6+3',
      label: 'Morale',
    });
    expect(event?.type === 'chat.rolled' && event.result.total).toBe(13);
    expect(event?.type === 'chat.rolled' && event.result.groups[0]?.faces).toEqual([4, 6]);
    for (const seat of [gm, bob, watcher]) expect(diceChat.redact(event!, seat)).toEqual(event);
  });

  it('shows a GM-only roll to the roller and the GM, and only that it happened to others', () => {
    const t = table();
    const [event] = t.send(
      ann,
      { type: 'chat.roll', notation: 'd20', visibility: 'gm' },
      new ScriptedDice([17]),
    );
    expect(diceChat.redact(event!, ann)).toEqual(event);
    expect(diceChat.redact(event!, gm)).toEqual(event);
    for (const seat of [bob, watcher]) {
      const seen = diceChat.redact(event!, seat);
      expect(seen).toMatchObject({ type: 'chat.rolled', rollId: 'r1', hidden: true });
      expect(JSON.stringify(seen)).not.toContain('17');
      expect(JSON.stringify(diceChat.view(t.state, seat))).not.toContain('"total"');
    }
  });

  it('hides a blind roll from everyone but the GM, the roller included, until the GM reveals it', () => {
    const t = table();
    const [event] = t.send(
      ann,
      { type: 'chat.roll', notation: '3d6', visibility: 'blind' },
      new ScriptedDice([5, 5, 6]),
    );
    for (const seat of [ann, bob, watcher]) {
      expect(diceChat.redact(event!, seat)).not.toHaveProperty('result');
      expect(JSON.stringify(diceChat.view(t.state, seat))).not.toContain('"total"');
    }
    expect(diceChat.view(t.state, gm)).toMatchObject({ chat: { entries: [{ result: { total: 16 } }] } });

    expect(refusal(() => t.send(ann, { type: 'chat.reveal', rollId: 'r1' }))).toBe('ROLE_NOT_ALLOWED');
  });

  it('lets the GM reveal a hidden roll: the reveal carries the result to every seat', () => {
    const t = table();
    t.send(ann, { type: 'chat.roll', notation: '3d6', visibility: 'blind' }, new ScriptedDice([5, 5, 6]));
    const [reveal] = t.send(gm, { type: 'chat.reveal', rollId: 'r1' });
    expect(diceChat.redact(reveal!, bob)).toMatchObject({ type: 'chat.revealed', result: { total: 16 } });
    expect(diceChat.view(t.state, bob)).toMatchObject({
      chat: { entries: [{ revealed: true, result: { total: 16 } }] },
    });
    expect(refusal(() => t.send(gm, { type: 'chat.reveal', rollId: 'r1' }))).toBe('ROLL_ALREADY_PUBLIC');
    expect(refusal(() => t.send(gm, { type: 'chat.reveal', rollId: 'r9' }))).toBe('ROLL_NOT_FOUND');
  });

  it('takes physical dice entered by a player and refuses impossible faces', () => {
    const t = table();
    const [event] = t.send(
      ann,
      { type: 'chat.roll', notation: '6d10<=6' },
      new EnteredDice([1, 2, 7, 8, 10, 6]),
    );
    expect(event?.type === 'chat.rolled' && event.result.total).toBe(3);
    const before = stateHash(t.state);
    expect(refusal(() => t.send(ann, { type: 'chat.roll', notation: 'd10' }, new EnteredDice([11])))).toBe(
      'DICE_FACE_INVALID',
    );
    expect(refusal(() => t.send(ann, { type: 'chat.roll', notation: '2d10' }, new EnteredDice([3])))).toBe(
      'DICE_NEEDED',
    );
    expect(stateHash(t.state)).toBe(before);
  });

  it('refuses bad notation with the column, and changes nothing', () => {
    const t = table();
    const before = stateHash(t.state);
    let error: unknown;
    try {
      t.send(ann, { type: 'chat.roll', notation: '2d' });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'NOTATION_SYNTAX', details: { column: 3 } });
    expect(refusal(() => t.send(ann, { type: 'chat.roll', notation: '100000d6' }))).toBe('NOTATION_LIMIT');
    expect(stateHash(t.state)).toBe(before);
  });

  it('refuses malformed commands at the schema', () => {
    const bad: unknown[] = [
      { type: 'chat.roll', notation: '' },
      { type: 'chat.roll', notation: 'd6', visibility: 'secret' },
      { type: 'chat.roll', notation: 'd6'.repeat(200) },
      { type: 'chat.say', text: '   ' },
      { type: 'chat.say', text: 'x'.repeat(2001) },
      { type: 'chat.reveal' },
      { type: 'chat.shout', text: 'hi' },
      // Unknown fields are refused rather than dropped.
      { type: 'chat.say', text: 'hi', visibility: 'gm' },
    ];
    for (const raw of bad) expect(diceChat.commandSchema.safeParse(raw).success).toBe(false);
  });

  it('lets players and the GM talk; spectators only read', () => {
    expect(diceChat.commandRoles['chat.say']).toEqual(['gm', 'player']);
    expect(diceChat.commandRoles['chat.roll']).not.toContain('spectator');
    expect(diceChat.commandRoles['chat.reveal']).toEqual(['gm']);
    const t = table();
    t.send(bob, { type: 'chat.say', text: '  <b>hello</b>  ' });
    // Text is kept as written (trimmed); rendering it safely is the client's job.
    expect(diceChat.view(t.state, watcher)).toMatchObject({
      chat: { entries: [{ kind: 'say', text: '<b>hello</b>' }] },
    });
  });

  it('replays any log to the live state', () => {
    const seats = [gm, ann, bob];
    const commandArb: fc.Arbitrary<[number, ChatCommand]> = fc.tuple(
      fc.integer({ min: 0, max: 2 }),
      fc.oneof(
        fc.record({
          type: fc.constant('chat.roll' as const),
          notation: fc.constantFrom('d6', '2d6+3', '4d6kh3', '6d10<=6', 'd%', 'dF', 'dA', 'd6!'),
          visibility: fc.constantFrom('public' as const, 'gm' as const, 'blind' as const),
        }),
        fc.record({
          type: fc.constant('chat.say' as const),
          // The schema trims; blank text is a schema error, not a command this property is about.
          text: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim().length > 0),
        }),
        fc.record({ type: fc.constant('chat.reveal' as const), rollId: fc.constantFrom('r1', 'r2', 'r3') }),
      ),
    );
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 30 }), fc.integer(), (commands, seed) => {
        const t = table();
        const dice = new SeededDice(seed);
        for (const [who, command] of commands) {
          const actor = seats[who]!;
          if (!diceChat.commandRoles[command.type].includes(actor.role)) continue;
          try {
            t.send(actor, command, dice);
          } catch (e) {
            if (!isRuleError(e)) throw e;
          }
        }
        expect(stateHash(replay(diceChat, undefined, t.log))).toBe(stateHash(t.state));
        // No seat but the GM ever sees a result it may not see.
        for (const seat of [ann, bob, watcher]) {
          const view = diceChat.view(t.state, seat) as DiceChatState;
          for (const e of view.chat.entries) {
            if (e.kind === 'roll' && !e.revealed && e.visibility !== 'public') {
              expect(e.result !== undefined).toBe(e.visibility === 'gm' && e.by === seat.seatId);
            }
          }
        }
      }),
    );
  });
});
