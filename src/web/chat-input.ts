import type { Visibility } from '../rules/dice-chat/chat.ts';

/**
 * What a line typed into the chat box means:
 * - `/roll 2d6+3 Morale` (or `/r`): a roll with the visibility chosen beside the box;
 * - `/gmroll …` (`/gr`): a roll only the roller and the GM see; `/blindroll …` (`/br`): only the GM;
 * - `/say text` or any line not starting with `/`: a chat line.
 * The notation is the first word, joined with the next ones while they continue an arithmetic
 * expression (`2d6 + 3`); what follows is the label, the reason for the roll.
 */
export type ChatLine =
  | {
      readonly type: 'chat.roll';
      readonly notation: string;
      readonly visibility: Visibility;
      readonly label?: string;
    }
  | { readonly type: 'chat.say'; readonly text: string }
  | { readonly type: 'error'; readonly code: string; readonly message: string }
  | { readonly type: 'empty' };

const ROLLS: Readonly<Record<string, Visibility | 'chosen'>> = {
  roll: 'chosen',
  r: 'chosen',
  gmroll: 'gm',
  gr: 'gm',
  blindroll: 'blind',
  br: 'blind',
};

const OPERATOR = /^[-+*/]/;
const ENDS_WITH_OPERATOR = /[-+*/(,]$/;

export function splitRoll(rest: string): { notation: string; label: string } {
  const words = rest.trim().split(/\s+/).filter(Boolean);
  let n = 0;
  let notation = '';
  while (n < words.length) {
    const word = words[n] as string;
    if (n > 0 && !OPERATOR.test(word) && !ENDS_WITH_OPERATOR.test(notation)) break;
    notation += word;
    n++;
  }
  const label = words
    .slice(n)
    .join(' ')
    .replace(/^[#:]\s*/, '');
  return { notation, label };
}

export function parseChatLine(line: string, chosen: Visibility): ChatLine {
  const text = line.trim();
  if (!text) return { type: 'empty' };
  if (!text.startsWith('/')) return { type: 'chat.say', text };
  const match = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
  const name = (match?.[1] ?? '').toLowerCase();
  const rest = match?.[2] ?? '';
  if (name === 'say' || name === 's') {
    return rest.trim()
      ? { type: 'chat.say', text: rest.trim() }
      : { type: 'error', code: 'EMPTY_LINE', message: 'write something after /say' };
  }
  const visibility = ROLLS[name];
  if (!visibility) {
    return {
      type: 'error',
      code: 'UNKNOWN_CHAT_COMMAND',
      message: `there is no /${name}; try /roll, /gmroll, /blindroll or /say`,
    };
  }
  const { notation, label } = splitRoll(rest);
  if (!notation) {
    return {
      type: 'error',
      code: 'NOTATION_MISSING',
      message: `write the dice after /${name}, e.g. /${name} 2d6+3`,
    };
  }
  return {
    type: 'chat.roll',
    notation,
    visibility: visibility === 'chosen' ? chosen : visibility,
    ...(label ? { label } : {}),
  };
}

/** How each notation error starts, for people (the code itself stays out of the sentence). */
const NOTATION_LEAD: Readonly<Record<string, string>> = {
  NOTATION_SYNTAX: 'Those dice could not be read',
  NOTATION_LIMIT: 'That roll goes over a limit',
  NOTATION_INVALID: 'That roll cannot be made',
  NOTATION_DIVIDE_BY_ZERO: 'That roll could divide by zero',
  NOTATION_TOO_COMPLEX: 'That roll is too complex to work out',
};

/**
 * The sentence an error note shows: the message with a capital letter, a notation error led by
 * what went wrong ("Those dice could not be read at column 5: expected …"). Never the bare code.
 */
export function errorSentence(code: string, message: string): string {
  const text = message.trim();
  const lead = NOTATION_LEAD[code];
  if (lead) {
    const at = /^at column (\d+):\s*/.exec(text);
    if (at) return `${lead} at column ${at[1]}: ${text.slice(at[0].length)}`;
    return text ? `${lead}: ${text}` : `${lead}.`;
  }
  if (!text) return 'Something went wrong.';
  return text.charAt(0).toUpperCase() + text.slice(1);
}
