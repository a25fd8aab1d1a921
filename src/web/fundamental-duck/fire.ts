import type { ShotPreview } from '../../rules/fundamental-duck/combat.ts';

/**
 * The fire overlay reads the ruleset's own `shotPreview` for every square (the same checks as a
 * SHOOT command: arc, range, line of fire or throw, target, ammunition, and the exact chances).
 * Here it is only sorted into what the board shows: a class per square, and why a square is closed.
 */

export type FireBlock =
  | 'arc'
  | 'range'
  | 'wall'
  | 'door'
  | 'obstacle'
  | 'figure'
  | 'duck'
  | 'empty'
  | 'self'
  | 'ducked'
  | 'ammo'
  | 'other';

export interface FireSquare {
  readonly ok: boolean;
  /** Why not (when !ok), as a kind for the board and the rules' own sentence. */
  readonly why?: FireBlock;
  readonly reason?: string;
  /** Teamers in the way who would -DUCK! (their ids) so the shot goes ahead. */
  readonly duck?: readonly string[];
  /** Chance of at least one hit (on the Threat there, or on each figure in the square). */
  readonly chance?: number;
  /** Chance that the shot kills the Threat there (guns). */
  readonly kill?: number;
  /** The Threat shot at (guns). */
  readonly target?: string;
  /** A chicken passes a BINGE test before the shot (not counted in `chance`). */
  readonly chicken?: boolean;
}

const BLOCKERS: readonly FireBlock[] = ['wall', 'door', 'obstacle', 'figure', 'duck'];

const CODES: Readonly<Record<string, FireBlock>> = {
  OUT_OF_ARC: 'arc',
  OUT_OF_RANGE: 'range',
  NO_TARGET: 'empty',
  TARGET_INVALID: 'self',
  NEEDS_RELOAD: 'ammo',
  NO_AMMO: 'ammo',
  DUCKED: 'ducked',
};

export function fireSquare(p: ShotPreview): FireSquare {
  if (p.ok)
    return {
      ok: true,
      chance: p.chance,
      ...(p.kill !== null ? { kill: p.kill } : {}),
      ...(p.target !== null ? { target: p.target } : {}),
      ...(p.duckers.length ? { duck: p.duckers } : {}),
      ...(p.chicken ? { chicken: true } : {}),
    };
  const blocker = BLOCKERS.find((b) => b === p.blocker);
  return { ok: false, why: blocker ?? CODES[p.code] ?? 'other', reason: p.reason };
}

/** The class a square gets in fire mode: none outside the arc, dim out of range, red when blocked. */
export function fireClass(f: FireSquare | undefined): string | undefined {
  if (!f) return undefined;
  if (f.ok) return f.target !== undefined ? 'fd-fire-target' : 'fd-fire-ok';
  if (f.why === 'arc' || f.why === 'self') return undefined;
  if (f.why === 'range') return 'fd-fire-far';
  if (f.why === 'empty') return 'fd-fire-ok';
  return 'fd-fire-blocked';
}

export function percent(p: number): string {
  const v = Math.round(p * 1000) / 10;
  return `${Number.isInteger(v) ? v : v.toFixed(1)}%`;
}
