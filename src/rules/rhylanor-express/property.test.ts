import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { type RhylanorCommand, type RhylanorEvent, type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fitsSchema, fresh, GM_SEAT, PLAYER, play } from './test-kit.ts';

/**
 * Random legal play through personal combat: at each step one of the commands decide accepts is
 * taken (dice from a seed). Invariants: ammunition, pools and wounds within bounds; replaying the
 * log gives the live state; a player's view never holds a referee secret.
 */

function table(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'vashti', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
  s = play(s, { type: 'character.create', sheet: 'pirate-gunner' }).state;
  return play(s, {
    type: 'combat.start',
    sides: [
      {
        id: 'a',
        name: 'Crew',
        leaderId: 'c1',
        members: [
          { characterId: 'c1', x: 0, y: 0 },
          { characterId: 'c2', x: 3, y: 0 },
        ],
      },
      {
        id: 'b',
        name: 'Guards',
        military: true,
        leaderId: 'c3',
        members: [
          { characterId: 'c3', x: 40, y: 0 },
          { characterId: 'c4', x: 40, y: 3 },
        ],
      },
    ],
  }).state;
}

/** Commands worth trying now (decide sorts out which are legal). */
function candidates(s: RhylanorState, pick: (n: number) => number): { command: unknown; actor: Seat }[] {
  const out: { command: unknown; actor: Seat }[] = [];
  const gm = (command: unknown) => out.push({ command, actor: GM_SEAT });
  const combat = s.combat;
  if (!combat) return out;
  if (s.window) {
    for (const side of ['a', 'b']) {
      gm({ type: 'pool.pass', side });
      gm({ type: 'pool.spend', side, delta: pick(2) === 0 ? 1 : -1, rollIndex: 0 });
    }
    return out;
  }
  gm({ type: 'combat.rollOff' });
  gm({ type: 'combat.order', intruder: pick(2) === 0 ? 'a' : 'b' });
  gm({ type: 'combat.next' });
  for (const side of ['a', 'b']) gm({ type: 'combat.morale', side, rally: pick(3) === 0 });
  for (const m of Object.values(combat.combatants)) {
    const options = ['stand', 'evade', 'walk', 'run'] as const;
    const option = options[pick(4)] as (typeof options)[number];
    const reach = { stand: 0, evade: 9, walk: 18, run: 45 }[option];
    const enemies = Object.values(combat.combatants).filter((e) => e.side !== m.side);
    const toward = enemies[pick(enemies.length)];
    const dx = toward ? toward.x - m.x : 0;
    const dy = toward ? toward.y - m.y : 0;
    const len = Math.hypot(dx, dy) || 1;
    const step = Math.min(reach * 0.9, Math.max(0, len - 1));
    gm({
      type: 'combat.move',
      characterId: m.id,
      option,
      x: Math.round(m.x + (dx / len) * step),
      y: Math.round(m.y + (dy / len) * step),
      ...(pick(4) === 0 ? { reload: 0 } : {}),
    });
    for (const e of enemies) {
      gm({
        type: 'combat.fire',
        characterId: m.id,
        weaponIndex: 0,
        targets: [e.id],
        ...(pick(2) ? { rounds: 1 } : {}),
      });
      gm({ type: 'combat.melee', characterId: m.id, targetId: e.id });
    }
    // Now and then a drug: its clock runs with the turns (take hold, wear off, crash).
    if (pick(20) === 0) gm({ type: 'drug.take', characterId: m.id, drug: pick(2) ? 'combat' : 'slow' });
  }
  return out;
}

function secretsIn(view: unknown): string[] {
  const text = JSON.stringify(view);
  const found: string[] = [];
  // Lock and network numbers, research targets, the secret NPC sheets (their UPPs, an unused template).
  const needles = [
    '"securityTarget"',
    '"pick":',
    '"researchTarget"',
    '"corsair-captain"',
    '[8,8,8,7,7,7]',
    '[7,7,7,7,7,7]',
  ];
  for (const needle of needles) if (text.includes(needle)) found.push(needle);
  return found;
}

describe('random legal play through personal combat', () => {
  it('keeps its invariants, replays to the same state and leaks nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(1000), { minLength: 40, maxLength: 120 }),
        (seed, choices) => {
          const start = table();
          let s = start;
          const log: RhylanorEvent[] = [];
          const dice = new SeededDice(seed);
          let k = 0;
          const pick = (n: number) => (n <= 0 ? 0 : (choices[k++ % choices.length] as number) % n);
          for (const choice of choices) {
            const list = candidates(s, pick);
            if (list.length === 0) break;
            // Try candidates from a chosen starting point until one is accepted.
            for (let i = 0; i < list.length; i++) {
              const { command, actor } = list[(choice + i) % list.length] as {
                command: unknown;
                actor: Seat;
              };
              const parsed = rhylanorExpress.commandSchema.safeParse(command);
              if (!parsed.success) continue;
              let events: RhylanorEvent[];
              try {
                events = rhylanorExpress.decide(s, parsed.data as RhylanorCommand, { actor, dice });
              } catch (e) {
                if (isRuleError(e)) continue;
                throw e;
              }
              for (const e of events) {
                fitsSchema(e);
                s = rhylanorExpress.evolve(s, e);
              }
              log.push(...events);
              break;
            }
          }
          if (process.env.RE_DEBUG) {
            const counts: Record<string, number> = {};
            for (const e of log) counts[e.type] = (counts[e.type] ?? 0) + 1;
            console.log(JSON.stringify(counts));
          }
          // Invariants.
          for (const c of Object.values(s.characters)) {
            c.weapons.forEach((w) => {
              const magazine = s.pack.weapons.find((x) => x.id === w.weaponId)?.magazine ?? 0;
              expect(w.loaded).toBeGreaterThanOrEqual(0);
              expect(w.loaded).toBeLessThanOrEqual(magazine);
              expect(w.spare).toBeGreaterThanOrEqual(0);
            });
            for (const w of c.wounds) {
              expect(w.endLost).toBeGreaterThanOrEqual(0);
              expect(['graze', 'light', 'moderate', 'serious', 'mortal', 'dead', 'destroyed']).toContain(
                w.level,
              );
            }
            expect(new Set(c.wounds.map((w) => w.id)).size).toBe(c.wounds.length);
            // The combat drug's +2 is on exactly while a dose works (+2 a dose).
            const working = (c.drugs ?? []).filter((d) => d.drug === 'combat' && d.stage === 'active').length;
            expect(c.mods[0]).toBe(2 * working);
          }
          if (s.combat)
            for (const side of ['a', 'b'] as const)
              expect(s.combat.sides[side].pool).toBeGreaterThanOrEqual(0);
          // Replay equals live.
          let replayed = start;
          for (const e of log) replayed = rhylanorExpress.evolve(replayed, e);
          expect(JSON.stringify(replayed)).toBe(JSON.stringify(s));
          // No referee secret in a player's view or in the events it receives.
          expect(secretsIn(rhylanorExpress.view(s, PLAYER))).toEqual([]);
          for (const e of log) expect(secretsIn(rhylanorExpress.redact(e, PLAYER))).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
