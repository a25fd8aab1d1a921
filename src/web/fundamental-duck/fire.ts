import { inFrontArc } from '../../engine/board/square-grid.ts';
import type { Arena, ArenaState } from '../../rules/fundamental-duck/arena/model.ts';
import { type BlockerKind, lineOfFire, lineOfThrow } from '../../rules/fundamental-duck/arena/sight.ts';
import type { PackWeapon } from '../../rules/fundamental-duck/data/pack-schema.ts';
import type { Teamer, Threat } from '../../rules/fundamental-duck/state.ts';

/**
 * The fire overlay: for a Teamer and one weapon, every square of the arena with whether he can
 * fire into it now and, when not, why (the ruleset's own line of fire and throw, arcs and ranges),
 * and for a gun the exact chance to hit the Threat there. The dice arithmetic follows decideShoot
 * in src/rules/fundamental-duck/combat.ts (dice, upgrades, the dash penalty, eagle eye, a
 * chicken's BINGE test first).
 */

export type FireBlock = 'arc' | 'range' | BlockerKind | 'empty' | 'self' | 'ducked' | 'ammo';

export interface FireSquare {
  readonly ok: boolean;
  /** Why not (when !ok). */
  readonly why?: FireBlock;
  /** Teamers in the way who would -DUCK! (their ids) so the shot goes ahead. */
  readonly duck?: readonly string[];
  /** Chance of at least one hit on the Threat there (guns), or of hitting each figure (flamer, grenade). */
  readonly chance?: number;
  /** Chance that the shot kills the Threat there (guns). */
  readonly kill?: number;
}

export const BLOCK_WORDS: Readonly<Record<FireBlock, string>> = {
  arc: 'outside his front arc',
  range: 'out of range',
  wall: 'a wall is in the way',
  door: 'a closed door is in the way',
  obstacle: 'an obstacle is in the way',
  figure: 'a figure is in the way',
  duck: 'a comrade is in the way (he may -DUCK!)',
  empty: 'no Threat there to shoot at',
  self: 'his own square',
  ducked: 'he is ducked: stand up first',
  ammo: 'no ammunition left (reload)',
};

/** Distribution of hits from `dice` d6 each hitting on face + plus ≥ hitOn, one near miss +1 with eagle eye. */
export function hitDistribution(dice: number, plus: number, hitOn: number, eagle: boolean): number[] {
  // dp[h][e]: probability of h hits so far with the eagle-eye bonus still unused (e = 1) or gone.
  let dp: number[][] = [[eagle ? 0 : 1, eagle ? 1 : 0]];
  for (let d = 0; d < dice; d++) {
    const next: number[][] = Array.from({ length: dp.length + 1 }, () => [0, 0]);
    dp.forEach(([gone, left], h) => {
      for (let f = 1; f <= 6; f++) {
        const v = f + plus;
        const p = 1 / 6;
        // Without the bonus left
        if (gone) {
          const row = next[v >= hitOn ? h + 1 : h] as number[];
          row[0] = (row[0] as number) + (gone as number) * p;
        }
        if (left) {
          if (v >= hitOn) {
            const row = next[h + 1] as number[];
            row[1] = (row[1] as number) + (left as number) * p;
          } else if (v + 1 >= hitOn) {
            const row = next[h + 1] as number[];
            row[0] = (row[0] as number) + (left as number) * p;
          } else {
            const row = next[h] as number[];
            row[1] = (row[1] as number) + (left as number) * p;
          }
        }
      }
    });
    dp = next;
  }
  return dp.map(([a, b]) => (a as number) + (b as number));
}

/** Chance to hit and to kill a Threat with a gun, for this Teamer as he stands. */
export function gunOdds(
  t: Teamer,
  weaponId: string,
  w: PackWeapon,
  woundsLeft: number,
): { chance: number; kill: number } {
  if (w.kind !== 'gun') return { chance: 0, kill: 0 };
  const dice = w.dice + ((t.bonus[`${weaponId}:dice`] ?? 0) > 0 ? 1 : 0);
  const plus = (t.chicken ? 0 : (t.bonus[weaponId] ?? 0)) - (t.dash === 'penalised' ? 2 : 0);
  const eagle = t.abilities.includes('eagle-eye') && !t.chicken;
  const dist = hitDistribution(dice, plus, w.hitOn, eagle);
  // A chicken shoots only after a BINGE test (a roll at or under his BINGE).
  const steady = t.chicken ? Math.min(6, Math.max(0, t.binge)) / 6 : 1;
  const atLeast = (n: number) => dist.slice(Math.max(0, n)).reduce((a, b) => a + b, 0);
  return { chance: steady * atLeast(1), kill: steady * atLeast(Math.max(1, woundsLeft)) };
}

export interface FireContext {
  readonly arena: Arena;
  readonly state: ArenaState;
  readonly teamer: Teamer;
  readonly weaponId: string;
  readonly weapon: PackWeapon;
  readonly threatAt: (x: number, y: number) => Threat | undefined;
  /** Teamer ids standing (not ducked, able) in a square, other than the shooter. */
  readonly comradesAt: (x: number, y: number) => readonly string[];
  readonly woundsLeft: (th: Threat) => number;
}

/** Whether and how well the Teamer can fire `weapon` into (x, y). */
export function fireSquare(c: FireContext, x: number, y: number): FireSquare {
  const t = c.teamer;
  const w = c.weapon;
  if (t.x === null || t.y === null) return { ok: false, why: 'range' };
  const dx = x - t.x;
  const dy = y - t.y;
  if (dx === 0 && dy === 0) return { ok: false, why: 'self' };
  if (!inFrontArc(t.facing, dx, dy)) return { ok: false, why: 'arc' };
  const range = Math.max(Math.abs(dx), Math.abs(dy));
  const from = { x: t.x, y: t.y };
  const to = { x, y };
  if (w.kind === 'grenade') {
    if (t.grenades <= 0) return { ok: false, why: 'ammo' };
    if (range > (t.ducked ? w.throwRangeDucked : w.throwRange)) return { ok: false, why: 'range' };
    const line = lineOfThrow(c.arena, c.state, from, to);
    if (!line.clear) return { ok: false, why: line.blockedBy?.kind ?? 'wall' };
    return { ok: true, chance: (7 - w.hitOn) / 6 };
  }
  if (w.kind !== 'gun' && w.kind !== 'flamer') return { ok: false, why: 'range' };
  if (t.ducked) return { ok: false, why: 'ducked' };
  if (range > w.range) return { ok: false, why: 'range' };
  const target = c.threatAt(x, y);
  if (w.kind === 'gun' && !target) return { ok: false, why: 'empty' };
  if (w.kind === 'gun' && w.magazine !== null && (t.ammo[c.weaponId] ?? 0) <= 0)
    return { ok: false, why: 'ammo' };
  if (w.kind === 'flamer' && (t.ammo[c.weaponId] ?? 0) <= 0) return { ok: false, why: 'ammo' };
  const line = lineOfFire(c.arena, c.state, from, to, {
    firesPastFigures: w.firesPastFigures,
    shooter: 'teamer',
  });
  let duck: string[] = [];
  if (!line.clear) {
    if (line.blockedBy?.kind !== 'duck' || !line.duckers)
      return { ok: false, why: line.blockedBy?.kind ?? 'wall' };
    duck = line.duckers.flatMap((s) => c.comradesAt(s.x, s.y));
  }
  if (w.kind === 'flamer') return { ok: true, chance: (7 - w.hitOn) / 6, ...(duck.length ? { duck } : {}) };
  const odds = gunOdds(t, c.weaponId, w, target ? c.woundsLeft(target) : 1);
  return { ok: true, chance: odds.chance, kill: odds.kill, ...(duck.length ? { duck } : {}) };
}

export function percent(p: number): string {
  const v = Math.round(p * 1000) / 10;
  return `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
}
