import { describe, expect, it } from 'vitest';
import { canonicalJson, stateHash } from './state-hash.ts';

describe('stateHash', () => {
  it('ignores property order', () => {
    expect(stateHash({ a: 1, b: { c: [1, 2], d: 'x' } })).toBe(stateHash({ b: { d: 'x', c: [1, 2] }, a: 1 }));
  });
  it('tells different states apart', () => {
    expect(stateHash({ a: 1 })).not.toBe(stateHash({ a: 2 }));
    expect(stateHash([1, 2])).not.toBe(stateHash([2, 1]));
  });
  it('writes sorted keys', () => {
    expect(canonicalJson({ z: 1, a: { y: 2, b: 3 } })).toBe('{"a":{"b":3,"y":2},"z":1}');
  });
});
