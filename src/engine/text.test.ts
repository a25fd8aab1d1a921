import { describe, expect, it } from 'vitest';
import { freeText, nameText, nonEmptyFreeText } from './text.ts';

describe('typed text', () => {
  it('names: trimmed, well-formed, no controls, something visible', () => {
    const name = nameText(10);
    expect(name.parse('  Hicks ')).toBe('Hicks');
    for (const bad of ['', '   ', '\u200b\u200b', 'a\ud800', 'a\u0007b', 'x'.repeat(11)])
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('free text keeps line breaks and tabs but refuses other controls and lone surrogates', () => {
    expect(freeText(50).parse('line one\n\tline two\r\n')).toBe('line one\n\tline two\r\n');
    expect(freeText(50).parse('')).toBe('');
    for (const bad of ['\ud83d', 'bell\u0007', 'nul\u0000', 'c1\u0085'])
      expect(freeText(50).safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(nonEmptyFreeText(50).safeParse('   ').success).toBe(false);
    expect(nonEmptyFreeText(50).parse(' hi ')).toBe('hi');
  });
});
