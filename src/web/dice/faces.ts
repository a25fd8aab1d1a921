import { plainIssue } from '../api.ts';

/**
 * Typed physical dice, for every system: what the engine asks for when entered faces run out,
 * how a typed face is read, and a refusal in words. No system's rules are imported here.
 */

/** What the engine asks for when entered faces run out (a DICE_NEEDED refusal's `details.needed`). */
export interface DieRequest {
  readonly die: string;
  readonly faces: readonly (number | string)[];
  readonly purpose: string;
}

/**
 * Where the wanted die sits among the dice rolled for the same purpose ("kills of Hicks": one d10
 * per weapon die), so a player with real dice can roll the whole set at once.
 */
export interface DicePlan {
  /** 1-based: this is die `index` of the purpose's dice. */
  readonly index: number;
  /** How many dice the purpose takes, or null when it depends on the faces still to come. */
  readonly count: number | null;
}

/** A refusal as the screens show it: the stable code and a sentence. */
export interface Refusal {
  readonly code: string;
  readonly message: string;
}

/**
 * Dice whose real faces print 0 (or 00) where the rules read their highest face: a d10's 0 is 10,
 * percentile dice's 00 is 100.
 */
export const ZERO_IS_TOP: Readonly<Record<string, number>> = { d10: 10, d100: 100 };

/**
 * The face typed into the dice box, or null when it is not a whole number. A 0 typed for a d10 (or
 * 00 for a d100) is taken as its top face. Any other die's 0 goes to the ruleset as typed, to be
 * refused there if the die cannot show it.
 */
export function readFace(text: string, die: string): number | null {
  const typed = text.trim();
  if (typed === '') return null;
  const n = Number(typed);
  if (!Number.isInteger(n)) return null;
  return n === 0 ? (ZERO_IS_TOP[die] ?? 0) : n;
}

/** "2d10" for a set of one kind of die, "d10" for one. */
export function diceFormula(count: number, die: string): string {
  return count > 1 ? `${count}${die}` : die;
}

/** Reads `details.needed` of a DICE_NEEDED rejection. */
export function dieRequestOf(details: unknown): DieRequest | null {
  if (typeof details !== 'object' || details === null) return null;
  const needed = (details as { needed?: unknown }).needed;
  if (typeof needed !== 'object' || needed === null) return null;
  const n = needed as Record<string, unknown>;
  if (typeof n.die !== 'string' || !Array.isArray(n.faces)) return null;
  return {
    die: n.die,
    faces: n.faces.filter((f): f is number | string => typeof f === 'number' || typeof f === 'string'),
    purpose: typeof n.purpose === 'string' ? n.purpose : '',
  };
}

/** The server's refusal in words: a schema refusal lists its problems as sentences. */
export function refusalOf(result: { code: string; message: string; details?: unknown }): Refusal {
  const issues = (result.details as { issues?: { path?: unknown; message?: unknown }[] } | undefined)?.issues;
  if (result.code !== 'BAD_COMMAND' || !Array.isArray(issues) || issues.length === 0)
    return { code: result.code, message: result.message };
  const sentences = issues.map((i) =>
    plainIssue(typeof i.path === 'string' ? i.path : '', typeof i.message === 'string' ? i.message : ''),
  );
  return { code: result.code, message: sentences.join('; ') };
}

/** "declare and roll" for `declareAndRoll`: a command's type in words, for a prompt with no purpose. */
export function commandWords(type: string): string {
  return type
    .replace(/([A-Z])/g, ' $1')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
}
