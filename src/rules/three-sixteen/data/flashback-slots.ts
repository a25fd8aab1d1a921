import { RuleError } from '../../../engine/rule-error.ts';
import type { FlashbackSlot } from '../state.ts';

/**
 * Flashback slots: five Strengths and five Weaknesses on the sheet, opened by level (FA + NFA).
 * The fifth Weakness slot is "Hatred for Home".
 */
export const MIN_LEVEL = 10;
export const MAX_LEVEL = 18;
export const SLOTS_PER_KIND = 5;
/** Index of the Weakness slot that reads "Hatred for Home". */
export const HATRED_FOR_HOME_SLOT = 4;

export type SlotKind = 'strength' | 'weakness';

/** The book's table: open Strengths / Weaknesses at each level. */
export const SLOTS_BY_LEVEL: Readonly<Record<number, readonly [strengths: number, weaknesses: number]>> = {
  10: [1, 1],
  11: [2, 1],
  12: [2, 2],
  13: [3, 2],
  14: [3, 3],
  15: [4, 3],
  16: [4, 4],
  17: [5, 4],
  18: [5, 5],
};

export function levelOf(fa: number, nfa: number): number {
  return fa + nfa;
}

/**
 * Open slots at a level. At odd levels one kind is a slot ahead; the table puts Strengths ahead,
 * but a level-up from an even level lets the player pick either kind, so `ahead` may say Weakness.
 */
export function slotCounts(
  level: number,
  ahead: SlotKind = 'strength',
): { strengths: number; weaknesses: number } {
  const row = SLOTS_BY_LEVEL[Math.min(MAX_LEVEL, Math.max(MIN_LEVEL, Math.trunc(level)))] as readonly [
    number,
    number,
  ];
  const [s, w] = row;
  if (s !== w && ahead === 'weakness') return { strengths: w, weaknesses: s };
  return { strengths: s, weaknesses: w };
}

function row(open: number, hatred: boolean): FlashbackSlot[] {
  return Array.from({ length: SLOTS_PER_KIND }, (_, i) => ({
    status: i < open ? 'available' : 'notYetAvailable',
    ...(hatred && i === HATRED_FOR_HOME_SLOT ? { hatredForHome: true } : {}),
  }));
}

/** A new sheet's slots for its level: nothing Used, the fifth Weakness marked Hatred for Home. */
export function initialFlashbackSlots(
  fa: number,
  nfa: number,
  ahead: SlotKind = 'strength',
): { strengths: FlashbackSlot[]; weaknesses: FlashbackSlot[] } {
  const { strengths, weaknesses } = slotCounts(levelOf(fa, nfa), ahead);
  return { strengths: row(strengths, false), weaknesses: row(weaknesses, true) };
}

export function countStatus(slots: readonly FlashbackSlot[], status: FlashbackSlot['status']): number {
  return slots.filter((s) => s.status === status).length;
}

/**
 * Which kind a level-up may open: the kind with more slots Not Yet Available; both when equal (the
 * player chooses); none when every slot is open.
 */
export function levelUpSlotKinds(
  strengths: readonly FlashbackSlot[],
  weaknesses: readonly FlashbackSlot[],
): SlotKind[] {
  const s = countStatus(strengths, 'notYetAvailable');
  const w = countStatus(weaknesses, 'notYetAvailable');
  if (s === 0 && w === 0) return [];
  if (s > w) return ['strength'];
  if (w > s) return ['weakness'];
  return ['strength', 'weakness'];
}

function openFirst(slots: readonly FlashbackSlot[]): FlashbackSlot[] {
  const i = slots.findIndex((s) => s.status === 'notYetAvailable');
  return slots.map((s, j) => (j === i ? { ...s, status: 'available' } : s));
}

/** Opens the slot a level-up brings. `kind` is needed only when both kinds are allowed. */
export function addLevelSlot(
  strengths: readonly FlashbackSlot[],
  weaknesses: readonly FlashbackSlot[],
  kind?: SlotKind,
): { strengths: FlashbackSlot[]; weaknesses: FlashbackSlot[]; kind: SlotKind } {
  const allowed = levelUpSlotKinds(strengths, weaknesses);
  if (allowed.length === 0)
    throw new RuleError('FLASHBACK_SLOTS_FULL', 'every Flashback slot is already open', {});
  const chosen = kind ?? (allowed.length === 1 ? allowed[0] : undefined);
  if (chosen === undefined)
    throw new RuleError(
      'FLASHBACK_KIND_NEEDED',
      'Strengths and Weaknesses are level: the player picks which opens',
      {
        allowed,
      },
    );
  if (!allowed.includes(chosen))
    throw new RuleError('FLASHBACK_KIND_NOT_ALLOWED', `this level opens a ${allowed[0]} slot`, {
      allowed,
      kind,
    });
  return chosen === 'strength'
    ? { strengths: openFirst(strengths), weaknesses: [...weaknesses], kind: chosen }
    : { strengths: [...strengths], weaknesses: openFirst(weaknesses), kind: chosen };
}

/** The PC can use (or has used) a Hatred for Home Weakness. */
export function hasHatredForHome(weaknesses: readonly FlashbackSlot[]): boolean {
  return weaknesses.some((s) => s.hatredForHome && s.status !== 'notYetAvailable');
}

/**
 * The book's option: once any PC has Hatred for Home open, any other PC may turn one of its own
 * Available Weakness slots into it. Bughunt reads "existing" as Available (a Used slot is spent)
 * and allows one Hatred for Home per PC.
 */
export function hatredForHomeConversionBlocker(
  weaknesses: readonly FlashbackSlot[],
  someoneHasIt: boolean,
  index?: number,
): RuleError | null {
  if (!someoneHasIt)
    return new RuleError('HATRED_FOR_HOME_LOCKED', 'no PC has reached Hatred for Home yet', {});
  if (hasHatredForHome(weaknesses))
    return new RuleError('HATRED_FOR_HOME_ALREADY', 'this PC already has Hatred for Home', {});
  const target = index ?? lastPlainAvailable(weaknesses);
  const slot = target === undefined ? undefined : weaknesses[target];
  if (target === undefined || !slot || slot.status !== 'available')
    return new RuleError('HATRED_FOR_HOME_NO_SLOT', 'an Available Weakness slot is needed to convert', {
      index,
    });
  return null;
}

function lastPlainAvailable(weaknesses: readonly FlashbackSlot[]): number | undefined {
  for (let i = weaknesses.length - 1; i >= 0; i--) if (weaknesses[i]?.status === 'available') return i;
  return undefined;
}

/**
 * Turns an Available Weakness slot (the given one, else the last Available) into Hatred for Home.
 * The fifth slot's mark is cleared so the PC holds a single Hatred for Home; reaching that slot
 * later opens an ordinary Weakness.
 */
export function convertToHatredForHome(
  weaknesses: readonly FlashbackSlot[],
  someoneHasIt: boolean,
  index?: number,
): FlashbackSlot[] {
  const blocker = hatredForHomeConversionBlocker(weaknesses, someoneHasIt, index);
  if (blocker) throw blocker;
  const target = index ?? (lastPlainAvailable(weaknesses) as number);
  return weaknesses.map((s, i) => {
    if (i === target) return { ...s, hatredForHome: true };
    if (s.hatredForHome) {
      const { hatredForHome: _dropped, ...rest } = s;
      return rest;
    }
    return s;
  });
}
