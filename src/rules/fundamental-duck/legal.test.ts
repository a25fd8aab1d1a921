import { describe, expect, it } from 'vitest';
import { inFrontArc } from '../../engine/board/square-grid.ts';
import { SeededDice } from '../../engine/dice/source.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { lineOfFire } from './arena/sight.ts';
import { arenaOf, arenaStateOf } from './board-adapter.ts';
import { shotPreview } from './combat.ts';
import { aimOdds, legalShots, shotAims, shutDoorBlocksFire, wallsBlockFire } from './legal.ts';
import { initialState } from './setup.ts';
import { policyStep } from './simulate/policy.ts';
import type { FdState, Teamer } from './state.ts';

const SIM: Seat = { seatId: 'sim', role: 'player' };

/** Every state of a simulated mission (up to `limit` commands), boarding included. */
function statesOf(mission: string, seed: number, limit: number): FdState[] {
  let state = initialState({ mission });
  const ctx = { actor: SIM, dice: new SeededDice(seed) };
  const out = [state];
  for (let i = 0; i < limit && state.phase !== 'ended'; i++) {
    const step = policyStep(state, ctx);
    if (!step) break;
    state = step.state;
    out.push(state);
  }
  return out;
}

/** Teamers standing in the arena. */
function aboard(state: FdState): Teamer[] {
  return state.teamOrder
    .map((id) => state.teamers[id] as Teamer)
    .filter((t) => t.x !== null && t.y !== null && !t.left);
}

const STATES = [...statesOf('clean-sweep', 4, 500), ...statesOf('black-box', 9, 500)];

describe('the line of fire the walls alone, or a door shut now, block (wallsBlockFire, shutDoorBlocksFire)', () => {
  it('is never clear in play: doors, figures and machines only block more', () => {
    let blocked = 0;
    let clear = 0;
    let byDoor = 0;
    for (const state of STATES.filter((_, i) => i % 20 === 0)) {
      const arena = arenaOf(state);
      const as = arenaStateOf(state);
      for (const t of aboard(state)) {
        const from = (t.y as number) * arena.width + (t.x as number);
        for (let to = 0; to < arena.size; to++) {
          if (arena.isSquare[to] !== 1 || to === from) continue;
          const end = { x: to % arena.width, y: Math.floor(to / arena.width) };
          const line = lineOfFire(arena, as, { x: t.x as number, y: t.y as number }, end);
          if (wallsBlockFire(arena, from, to)) {
            blocked++;
            // Refused outright: not even a line that comrades could duck out of.
            expect(line.clear).toBe(false);
            expect(line.blockedBy?.kind).not.toBe('duck');
          } else clear++;
          if (shutDoorBlocksFire(arena, as, from, to) && !wallsBlockFire(arena, from, to)) {
            byDoor++;
            expect(line.clear).toBe(false);
            expect(line.blockedBy?.kind).not.toBe('duck');
          }
        }
      }
    }
    // Both answers come up often on the starter arena.
    expect(blocked).toBeGreaterThan(300);
    expect(clear).toBeGreaterThan(300);
    expect(byDoor).toBeGreaterThan(50);
  });
});

describe('shots aimed, then previewed (shotAims, legalShots)', () => {
  it('list exactly the shots at Threats in arc and range the rules preview as possible, with their odds', () => {
    let listed = 0;
    for (const state of STATES) {
      for (const t of aboard(state)) {
        const shots = legalShots(state, t);
        listed += shots.length;
        if (shotAims(state, t).length === 0 && shots.length === 0) continue;
        // The reference: every gun or flamer at every Threat in arc, previewed by the rules.
        const expected: string[] = [];
        for (const id of state.threatOrder) {
          const th = state.threats[id];
          if (!th || (th.x === t.x && th.y === t.y)) continue;
          if (!inFrontArc(t.facing, th.x - (t.x as number), th.y - (t.y as number))) continue;
          for (const weapon of t.weapons) {
            const kind = state.rules.weapons[weapon]?.kind;
            if (kind !== 'gun' && kind !== 'flamer') continue;
            if (shotPreview(state, t.id, weapon, th.x, th.y).ok) expected.push(`${weapon}@${th.x},${th.y}`);
          }
        }
        expect(shots.map((s) => `${s.command.weapon}@${s.command.x},${s.command.y}`)).toEqual(expected);
        // An aim's odds are its preview's.
        for (const aim of shotAims(state, t)) {
          const p = shotPreview(state, t.id, aim.weapon, aim.x, aim.y);
          if (!p.ok) continue;
          const odds = aimOdds(state, t, aim);
          expect({ chance: p.chance, kill: p.kill }).toEqual({ chance: odds.chance, kill: odds.kill });
        }
      }
    }
    expect(listed).toBeGreaterThan(20);
  });
});
