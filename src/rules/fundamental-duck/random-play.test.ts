import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { arenaOf } from './board-adapter.ts';
import { candidateCommands } from './candidates.ts';
import { defaultPack, parsePack } from './data/pack.ts';
import type { FdPack } from './data/pack-schema.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import type { FdState, Teamer } from './state.ts';
import { packWith } from './test-kit.ts';

const PLAYER: Seat = { seatId: 'p1', role: 'player' };

/** The invariants of the issue: no figure in a wall or over capacity, chits and wounds in bounds. */
function checkInvariants(s: FdState): void {
  const arena = arenaOf(s);
  const w = arena.width;
  const teamers = new Map<number, number>();
  const threats = new Map<number, number>();
  const up = new Map<number, number>();
  const deadAt = s.rules.pack.combat.teamerWounds.deadAt;
  // A body a Threat drags along (prey, 13.6) travels in its square and takes no room there.
  // So does a comrade a Teamer carries (24.3).
  const carried = new Set(
    [
      ...s.threatOrder.map((id) => s.threats[id]?.carrying),
      ...s.teamOrder.map((id) => s.teamers[id]?.carrying),
    ].filter((c) => typeof c === 'string'),
  );
  for (const id of s.teamOrder) {
    const t = s.teamers[id] as Teamer;
    expect(t.wounds).toBeGreaterThanOrEqual(0);
    expect(t.wounds).toBeLessThanOrEqual(deadAt);
    expect(t.binge).toBeGreaterThanOrEqual(1);
    expect(t.binge).toBeLessThanOrEqual(6);
    expect(t.chits.filter((c) => c === 'WAIT').length).toBeLessThanOrEqual(1);
    if (t.x === null || t.y === null || t.wounds >= deadAt || t.left || carried.has(t.id)) continue;
    const sq = t.y * w + t.x;
    if (t.up === true) {
      // Up in a ceiling (19): over a square of a tile with a level, two at most, never on the floor's count.
      expect(s.ceiling?.levels[arena.tileOf[sq] as number]).toBe(true);
      up.set(sq, (up.get(sq) ?? 0) + 1);
      continue;
    }
    expect(arena.isSquare[sq]).toBe(1);
    expect(arena.wholeHeight[sq]).not.toBe(3);
    teamers.set(sq, (teamers.get(sq) ?? 0) + 1);
  }
  for (const id of s.threatOrder) {
    const th = s.threats[id];
    if (!th) throw new Error(`threat ${id} in the order but not in the record`);
    const sq = th.y * w + th.x;
    expect(arena.isSquare[sq]).toBe(1);
    expect(arena.wholeHeight[sq]).not.toBe(3);
    threats.set(sq, (threats.get(sq) ?? 0) + 1);
  }
  for (const [sq, n] of teamers) expect(n).toBeLessThanOrEqual(arena.capacity[sq] as number);
  for (const n of up.values()) expect(n).toBeLessThanOrEqual(2);
  for (const [sq, n] of threats) {
    expect(n).toBe(1);
    // A Threat shares a square with at most one Teamer (the reading of digest §4).
    expect(teamers.get(sq) ?? 0).toBeLessThanOrEqual(1);
  }
}

/** Hidden markers, Source identities, the deck and stress values never reach a player. */
function checkNoLeak(s: FdState, events: readonly FdEvent[]): void {
  const view = fd.view(s, PLAYER) as {
    tiles: { pings: string[]; chits: { h?: boolean; examined: boolean }[] }[];
  };
  view.tiles.forEach((t, i) => {
    const real = s.tiles[i];
    if (!real) return;
    t.pings.forEach((p, k) => {
      expect(p).toBe(real.revealed[k] ? real.pings[k] : 'hidden');
    });
    for (const c of t.chits) if (!c.examined) expect(c.h).toBeUndefined();
  });
  const json = JSON.stringify(view);
  // 19: a weak spot shows only once a Threat has dropped through it.
  const ceiling = (view as { ceiling?: { exits: Record<string, { kind: string; revealed: boolean }[]> } })
    .ceiling;
  for (const list of Object.values(ceiling?.exits ?? {}))
    for (const x of list) if (x.kind === 'weak') expect(x.revealed).toBe(true);
  for (const card of Object.values(s.rules.events)) expect(json).not.toContain(card.text);
  for (const e of events) {
    const r = fd.redact(e, PLAYER) as Record<string, unknown> | null;
    if (e.type === 'arena.dealt') expect(JSON.stringify(r)).not.toMatch(/red|orange|blue|green|purple/);
    if (e.type === 'stress.added') expect(r?.values).toBeUndefined();
    if (e.type === 'ceiling.rolled') expect(JSON.stringify(r)).not.toContain('weak');
  }
}

/** Odd seeds play with the ceiling extension (19) on, so its events and hidden weak spots are checked too. */
const ceilingPack = packWith({ ceiling: true });

/**
 * Every third seed YOU holds the vehicle licence (the §24.1 team has none) and a second loader
 * with a pod beside it stands by the airlock, so random play rides, drives, rams and lifts pods
 * (the arena's own loader is two modules away, rarely reached).
 */
function withVehicles(pack: FdPack): FdPack {
  const arena = pack.arenas[0] as FdPack['arenas'][number];
  return parsePack({
    ...pack,
    team: {
      ...pack.team,
      teamers: pack.team.teamers.map((t) =>
        t.leader ? { ...t, abilities: [...t.abilities, 'vehicle-licence' as const] } : t,
      ),
    },
    arenas: [
      {
        ...arena,
        vehicles: [...arena.vehicles, { id: 'loader-2', type: 'cargo-loader', x: 2, y: 6, facing: 4 }],
        loads: [
          ...arena.loads,
          { id: 'pod-3', x: 3, y: 6, height: 'low', cargo: 'inert', marked: false, portable: true },
        ],
      },
      ...pack.arenas.slice(1),
    ],
  });
}
/**
 * Every fourth seed (from 2) a second console that overrides the doors (15.1) stands on the entry square by the
 * airlock, so random play sets and lifts the override (the Bridge's own is two tiles away, rarely
 * reached) and Door Checks are skipped while it holds.
 */
function withOverrideConsole(pack: FdPack): FdPack {
  const arena = pack.arenas[0] as FdPack['arenas'][number];
  return parsePack({
    ...pack,
    arenas: [
      {
        ...arena,
        specials: [
          ...arena.specials,
          {
            id: 'airlock-console',
            kind: 'console',
            x: 0,
            y: 7,
            name: 'Airlock console',
            overridesDoors: true,
          },
        ],
      },
      ...pack.arenas.slice(1),
    ],
  });
}
const overridePack = withOverrideConsole(defaultPack);
const setupFor = (seed: number) => {
  const base = seed % 2 === 1 ? ceilingPack : seed % 4 === 2 ? overridePack : defaultPack;
  return seed % 3 === 0 ? { pack: withVehicles(base) } : base === defaultPack ? {} : { pack: base };
};

function play(
  seed: number,
  picks: readonly number[],
): { state: FdState; events: FdEvent[]; accepted: number } {
  const ctx = { actor: PLAYER, dice: new SeededDice(seed) };
  let s = fd.setup(setupFor(seed));
  const events: FdEvent[] = [];
  let accepted = 0;
  let refusalsChecked = 0;
  for (const pick of picks) {
    const options = candidateCommands(s);
    if (options.length === 0) break;
    const command = options[pick % options.length] as (typeof options)[number];
    // Hashing the whole state is slow: check that a refusal changes nothing on a sample.
    const before = refusalsChecked < 20 ? stateHash(s) : null;
    let out: FdEvent[];
    try {
      out = fd.decide(s, command, ctx);
    } catch (e) {
      if (!isRuleError(e)) throw e;
      if (before !== null) {
        refusalsChecked++;
        expect(stateHash(s)).toBe(before);
      }
      continue;
    }
    accepted++;
    for (const e of out) s = fd.evolve(s, e);
    events.push(...out);
    checkInvariants(s);
  }
  return { state: s, events, accepted };
}

describe('random legal play', () => {
  it('keeps the invariants, hides what is hidden, and replays to the live state', () => {
    let total = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat(), { minLength: 500, maxLength: 500 }),
        (seed, picks) => {
          const { state, events } = play(seed, picks);
          total += picks.length;
          checkNoLeak(state, events);
          // Replay as an import does: every event fits its schema and may follow the state before it.
          let replayed = fd.setup(setupFor(seed));
          for (const e of events) {
            const fits = fd.eventSchemas?.[e.type]?.safeParse(e);
            expect(fits?.success, `${e.type}: ${fits?.error?.message}`).toBe(true);
            expect(fd.eventProblem?.(replayed, e), e.type).toBeNull();
            // An exported log is JSON: no Infinity or NaN that would come back as null.
            expect(JSON.parse(JSON.stringify(e)), e.type).toEqual(e);
            replayed = fd.evolve(replayed, e);
          }
          expect(stateHash(replayed)).toBe(stateHash(state));
        },
      ),
      // No shrinking: a failing run of 500 commands shrinks for minutes; the seed and path replay it.
      {
        numRuns: 20,
        endOnFailure: true,
        ...(process.env.FD_SEED
          ? { seed: Number(process.env.FD_SEED), path: process.env.FD_PATH, endOnFailure: true }
          : {}),
      },
    );
    expect(total).toBeGreaterThanOrEqual(10_000);
  });

  it('sets and lifts the bridge override where a console for it stands on the entry square', () => {
    // Fixed picks (a plain LCG) over sixteen seeds that get the airlock console: random play's
    // fast-check seeds change each run, so this one asks for the override deterministically.
    let sets = 0;
    for (let k = 0; k < 16 && sets === 0; k++) {
      const seed = 2 + 4 * k;
      let x = seed;
      const picks = Array.from({ length: 500 }, () => {
        x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
        // Its high bits: the low ones of an LCG repeat with a short period.
        return Math.floor(x / 65_536);
      });
      const { events } = play(seed, picks);
      sets += events.filter((e) => e.type === 'override.set').length;
    }
    expect(sets).toBeGreaterThan(0);
  });
});
