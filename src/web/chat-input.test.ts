import { describe, expect, it } from 'vitest';
import { parseChatLine, splitRoll } from './chat-input.ts';

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
});
