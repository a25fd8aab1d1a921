import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { errorSentence, parseChatLine, splitRoll } from './chat-input.ts';
import { ErrorNote } from './components/ErrorNote.tsx';

describe('chat line parsing', () => {
  it('treats plain text and /say as chat', () => {
    expect(parseChatLine('  hello there ', 'public')).toEqual({ type: 'chat.say', text: 'hello there' });
    expect(parseChatLine('/say /roll is a command', 'public')).toEqual({
      type: 'chat.say',
      text: '/roll is a command',
    });
    expect(parseChatLine('   ', 'public')).toEqual({ type: 'empty' });
  });

  it('rolls with the chosen visibility, or the one the command names', () => {
    expect(parseChatLine('/roll 2d6+3 Morale check', 'public')).toEqual({
      type: 'chat.roll',
      notation: '2d6+3',
      visibility: 'public',
      label: 'Morale check',
    });
    expect(parseChatLine('/r d20', 'blind')).toEqual({
      type: 'chat.roll',
      notation: 'd20',
      visibility: 'blind',
    });
    expect(parseChatLine('/gmroll 3d6 ambush', 'public')).toMatchObject({
      visibility: 'gm',
      label: 'ambush',
    });
    expect(parseChatLine('/BlindRoll d100', 'public')).toMatchObject({
      visibility: 'blind',
      notation: 'd100',
    });
  });

  it('joins spaced arithmetic into the notation and strips a label marker', () => {
    expect(splitRoll('2d6 + 3 to hit')).toEqual({ notation: '2d6+3', label: 'to hit' });
    expect(splitRoll('4d6kh3 -1')).toEqual({ notation: '4d6kh3-1', label: '' });
    expect(splitRoll('(2d6 + 1) * 2 # damage')).toEqual({ notation: '(2d6+1)*2', label: 'damage' });
    expect(splitRoll('d20 : dodge')).toEqual({ notation: 'd20', label: 'dodge' });
  });

  it('explains lines it cannot send, with a code', () => {
    expect(parseChatLine('/shout hi', 'public')).toMatchObject({
      type: 'error',
      code: 'UNKNOWN_CHAT_COMMAND',
    });
    expect(parseChatLine('/roll', 'public')).toMatchObject({ type: 'error', code: 'NOTATION_MISSING' });
    expect(parseChatLine('/say', 'public')).toMatchObject({ type: 'error', code: 'EMPTY_LINE' });
  });

  it('shows errors as sentences for people, the code kept out of the text', () => {
    expect(errorSentence('NOTATION_SYNTAX', "at column 5: expected a number, found '+'")).toBe(
      "Those dice could not be read at column 5: expected a number, found '+'",
    );
    expect(errorSentence('NOTATION_LIMIT', 'at column 1: at most 100 dice may be rolled in one group')).toBe(
      'That roll goes over a limit at column 1: at most 100 dice may be rolled in one group',
    );
    expect(errorSentence('NOTATION_SYNTAX', 'a dice notation must be text')).toBe(
      'Those dice could not be read: a dice notation must be text',
    );
    const unknown = parseChatLine('/shout hi', 'public');
    if (unknown.type !== 'error') throw new Error('expected an error');
    expect(errorSentence(unknown.code, unknown.message)).toBe(
      'There is no /shout; try /roll, /gmroll, /blindroll or /say',
    );
    expect(errorSentence('SOMETHING', '  ')).toBe('Something went wrong.');
    for (const code of ['NOTATION_SYNTAX', 'NOTATION_LIMIT', 'UNKNOWN_CHAT_COMMAND'])
      expect(errorSentence(code, 'at column 2: too many')).not.toContain(code);
  });

  it('renders an error note with the sentence as its text and the code as an attribute', () => {
    const html = renderToStaticMarkup(
      createElement(ErrorNote, {
        code: 'NOTATION_SYNTAX',
        message: "at column 5: expected a number, found '+' (you sent “/roll 2d6++”)",
        onDismiss: () => {},
      }),
    );
    expect(html).toContain('data-code="NOTATION_SYNTAX"');
    expect(html).toContain('title="Error code: NOTATION_SYNTAX"');
    const text = html.replace(/<[^>]*>/g, '');
    expect(text).not.toContain('NOTATION_SYNTAX');
    expect(text).toContain('Those dice could not be read at column 5');
  });
});
