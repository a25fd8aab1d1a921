import { describe, expect, it } from 'vitest';
import { MAX_EVENT_DEPTH, nestedDeeperThan, prototypeKeyIn } from './json-limits.ts';

/** `[[…]]` nested `n` levels deep, parsed (JSON.parse is not recursive; building it by hand would be). */
const nested = (n: number): unknown => JSON.parse(`${'['.repeat(n)}${']'.repeat(n)}`);

describe('nestedDeeperThan', () => {
  it('counts levels of arrays and objects, scalars being level 0', () => {
    expect(nestedDeeperThan('text', 0)).toBe(false);
    expect(nestedDeeperThan(null, 0)).toBe(false);
    expect(nestedDeeperThan([], 0)).toBe(true);
    expect(nestedDeeperThan([], 1)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: 1 }] }, 3)).toBe(false);
    expect(nestedDeeperThan({ a: [{ b: {} }] }, 3)).toBe(true);
    expect(nestedDeeperThan(nested(MAX_EVENT_DEPTH), MAX_EVENT_DEPTH)).toBe(false);
    expect(nestedDeeperThan(nested(MAX_EVENT_DEPTH + 1), MAX_EVENT_DEPTH)).toBe(true);
  });

  it('stops at the limit, so a value far deeper than the stack allows is answered, not overflowed', () => {
    expect(nestedDeeperThan(nested(200_000), MAX_EVENT_DEPTH)).toBe(true);
    // Deep on one side only, found after a wide shallow side.
    const wide = { many: Array.from({ length: 10_000 }, (_, i) => ({ i })), deep: nested(100_000) };
    expect(nestedDeeperThan(wide, MAX_EVENT_DEPTH)).toBe(true);
  });
});

describe('prototypeKeyIn', () => {
  const find = (text: string) => prototypeKeyIn(JSON.parse(text), text);

  it('finds an own __proto__ key or a constructor.prototype, with where it is', () => {
    expect(find('{"a":[{"b":1},{"__proto__":{"x":1}}]}')).toEqual({ key: '__proto__', path: 'a[1]' });
    expect(find('{"__proto__":null}')).toEqual({ key: '__proto__', path: '(top level)' });
    // Spelled with escapes, it is the same key once parsed.
    expect(find('{"e":{"\\u005f_proto__":1}}')).toEqual({ key: '__proto__', path: 'e' });
    expect(find('{"c":{"constructor":{"prototype":{"x":1}}}}')).toEqual({
      key: 'constructor.prototype',
      path: 'c',
    });
  });

  it('lets everything else through, words in values and keys that only look alike included', () => {
    expect(find('{"text":"__proto__ and constructor"}')).toBeNull();
    expect(find('{"constructor":"a string"}')).toBeNull();
    expect(find('{"constructor":{"name":"x"}}')).toBeNull();
    expect(find('{"proto":1,"_proto_":2}')).toBeNull();
    expect(find('[1,2,{"a":"b"}]')).toBeNull();
  });

  it('walks without recursion, and keeps a deep path short', () => {
    const text = `{"a":${'['.repeat(100_000)}{"__proto__":1}${']'.repeat(100_000)}}`;
    const found = find(text);
    expect(found?.key).toBe('__proto__');
    expect(found?.path.startsWith('a[0][0]')).toBe(true);
    expect(found?.path.length).toBeLessThan(60);
  });
});
