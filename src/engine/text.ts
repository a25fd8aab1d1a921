import { z } from 'zod';

/**
 * What typed text may hold, for every field people type: table and seat names on the server,
 * trooper names, narration and chat in the rules.
 */

/**
 * A lone surrogate (half of a UTF-16 pair): not text. Stored and sent back as JSON it turns into
 * U+FFFD garbage, so it is refused. (`String.prototype.isWellFormed` says the same, but is not in
 * the ES2022 lib this project compiles against; with the `u` flag a lone half matches \p{Cs}.)
 */
const LONE_SURROGATE = /\p{Cs}/u;
/** C0 and C1 control characters (U+0000–U+001F, U+007F–U+009F). */
const CONTROL = /\p{Cc}/u;
/** Control characters other than the line breaks and tabs a paragraph of text may hold. */
const CONTROL_BUT_LINES = /[^\P{Cc}\n\r\t]/u;
/**
 * A character someone can see: not white space, not a control or format character (zero-width
 * space, joiners, bidi marks), not default-ignorable (variation selectors, Hangul fillers, tags),
 * not the blank braille pattern. A name of only such characters looks empty in every list.
 */
const VISIBLE = /[^\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/u;

const WELL_FORMED = 'not well-formed text (a lone UTF-16 surrogate)';

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): in a name they
 * make the text show in another order than it is stored ("Bob" shown as some other seat's name),
 * and a name needs none of them, so they are removed.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/gu;

/**
 * A name as people type it: bidi controls removed, trimmed, `min`–`max` characters, well-formed,
 * no controls, something visible.
 */
export function nameText(max: number, min = 1) {
  return z
    .string()
    .transform((s) => s.replace(BIDI_CONTROLS, ''))
    .pipe(nameChecks(max, min));
}

function nameChecks(max: number, min: number) {
  return z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((s) => !LONE_SURROGATE.test(s), WELL_FORMED)
    .refine((s) => !CONTROL.test(s), 'no control characters')
    .refine((s) => VISIBLE.test(s), 'needs at least one visible character');
}

/** Free text (narration, notes, chat): up to `max` characters, well-formed, line breaks allowed. */
export function freeText(max: number) {
  return z
    .string()
    .max(max)
    .refine((s) => !LONE_SURROGATE.test(s), WELL_FORMED)
    .refine((s) => !CONTROL_BUT_LINES.test(s), 'no control characters but line breaks and tabs');
}

/** Free text that must say something: trimmed, at least one character. */
export function nonEmptyFreeText(max: number) {
  return z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !LONE_SURROGATE.test(s), WELL_FORMED)
    .refine((s) => !CONTROL_BUT_LINES.test(s), 'no control characters but line breaks and tabs');
}
