import { describe, expect, it } from 'vitest';
import { SeededDice } from '../engine/dice/source.ts';
import { isRuleError } from '../engine/rule-error.ts';
import type { AnyRuleset, Role, Seat, TableEvent } from '../engine/ruleset.ts';
import { stateHash } from '../engine/state-hash.ts';
import { rulesetFor, SYSTEMS } from './registry.ts';

/**
 * What every ruleset a table can run keeps, whatever its system (the server relies on each point):
 * a fresh state from `setup({})` as the server makes it, the table's seat events folded in, the
 * dice chat embedded (public, GM-only and blind rolls, with hidden faces never in a view or event a
 * seat may not see), refusals with a stable code that change nothing, JSON states and views, and
 * replay equal to the live state. Each system's own tests go much further; this is the floor.
 */

const gm: Seat = { seatId: 'seat-gm', role: 'gm' };
const player: Seat = { seatId: 'seat-p1', role: 'player' };
const other: Seat = { seatId: 'seat-p2', role: 'player' };
const spectator: Seat = { seatId: 'seat-s', role: 'spectator' };

const joined = (seat: Seat, name: string): TableEvent => ({
  type: 'seat.joined',
  seatId: seat.seatId,
  role: seat.role,
  name,
});

/** A total (1000001–1001000) that appears nowhere else in a state or view by chance. */
const BIG = '1d1000+1000000';

function decide(rules: AnyRuleset, state: unknown, command: unknown, actor: Seat, seed: number) {
  const parsed = rules.commandSchema.safeParse(command);
  if (!parsed.success) throw new Error(`schema refused ${JSON.stringify(command)}: ${parsed.error.message}`);
  return rules.decide(state, parsed.data, { actor, dice: new SeededDice(seed) });
}

for (const system of SYSTEMS) {
  const rules = rulesetFor(system.id) as AnyRuleset;

  describe(`the ruleset contract: ${system.id} (${rules.id})`, () => {
    const start = () => {
      let s = rules.setup({});
      for (const [seat, name] of [
        [gm, 'Gail'],
        [player, 'Ann'],
        [other, 'Bo'],
        [spectator, 'Cy'],
      ] as const)
        s = rules.evolve(s, joined(seat, name));
      return s;
    };

    it('sets up from {} with the table events folded in, as plain JSON', () => {
      const s = start();
      expect(JSON.parse(JSON.stringify(s))).toEqual(s);
      for (const seat of [gm, player, spectator]) {
        const view = rules.view(s, seat);
        expect(JSON.parse(JSON.stringify(view))).toEqual(view);
      }
    });

    it('refuses unknown commands at the schema, and its role table names real roles', () => {
      expect(rules.commandSchema.safeParse({ type: 'no.such.command' }).success).toBe(false);
      expect(rules.commandSchema.safeParse({ type: 'chat.roll', notation: 'd6', extra: 1 }).success).toBe(
        false,
      );
      const roles: readonly Role[] = ['gm', 'player', 'spectator'];
      for (const [type, allowed] of Object.entries(rules.commandRoles) as [string, readonly Role[]][]) {
        expect(allowed.length, type).toBeGreaterThan(0);
        for (const r of allowed) expect(roles, type).toContain(r);
      }
    });

    it('keeps hidden chat rolls from seats that may not see them, and replays to the live state', () => {
      const log: { readonly type: string }[] = [];
      let s = start();
      const before = stateHash(s);
      // A refused command throws a RuleError and changes nothing.
      try {
        decide(rules, s, { type: 'chat.reveal', rollId: 'no-such-roll' }, gm, 1);
        expect.unreachable('revealing an unknown roll is refused');
      } catch (error) {
        expect(isRuleError(error)).toBe(true);
      }
      expect(stateHash(s)).toBe(before);

      const faces: Record<string, number> = {};
      for (const [visibility, seed] of [
        ['public', 11],
        ['gm', 12],
        ['blind', 13],
      ] as const) {
        const events = decide(rules, s, { type: 'chat.roll', notation: BIG, visibility }, player, seed);
        expect(events.length).toBeGreaterThan(0);
        for (const e of events) {
          if (rules.eventTypes) expect(rules.eventTypes).toContain(e.type);
          s = rules.evolve(s, e);
          log.push(e);
          const rolled = e as { type: string; result?: { total?: number } };
          if (e.type === 'chat.rolled' && typeof rolled.result?.total === 'number')
            faces[visibility] = rolled.result.total;
        }
      }
      expect(Object.keys(faces)).toEqual(['public', 'gm', 'blind']);
      const seen = (seat: Seat) =>
        JSON.stringify(rules.view(s, seat)) + JSON.stringify(log.map((e) => rules.redact(e as never, seat)));
      for (const seat of [gm, player, other, spectator]) {
        const text = seen(seat);
        expect(text.includes(String(faces.public)), `${seat.seatId} sees the public roll`).toBe(true);
        // GM-only: the GM and the roller; blind: the GM alone.
        expect(text.includes(String(faces.gm)), `${seat.seatId} and the GM-only roll`).toBe(
          seat === gm || seat === player,
        );
        expect(text.includes(String(faces.blind)), `${seat.seatId} and the blind roll`).toBe(seat === gm);
      }

      // Replay of the whole log from setup gives the live state.
      let replayed = rules.setup({});
      for (const [seat, name] of [
        [gm, 'Gail'],
        [player, 'Ann'],
        [other, 'Bo'],
        [spectator, 'Cy'],
      ] as const)
        replayed = rules.evolve(replayed, joined(seat, name));
      for (const e of log) replayed = rules.evolve(replayed, e as never);
      expect(stateHash(replayed)).toBe(stateHash(s));
    });
  });
}
