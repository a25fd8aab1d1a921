import { describe, expect, it } from 'vitest';
import { clearIfUnchanged } from './clear-if-unchanged.ts';

/** A field's state as React would hold it: updates are applied to the current value. */
function field(start: string) {
  let value = start;
  return {
    set: (update: (now: string) => string) => {
      value = update(value);
    },
    get: () => value,
  };
}

describe('clearIfUnchanged', () => {
  it('empties the field once the command it sent is accepted', () => {
    const f = field('Masked Enforcer');
    clearIfUnchanged(f.set, 'Masked Enforcer')(true);
    expect(f.get()).toBe('');
  });
  it('keeps a refused entry so it can be corrected', () => {
    const f = field('Masked Enforcer');
    clearIfUnchanged(f.set, 'Masked Enforcer')(false);
    expect(f.get()).toBe('Masked Enforcer');
  });
  it('keeps what was typed after sending when the acknowledgement comes late', () => {
    const f = field('');
    const ack = clearIfUnchanged(f.set, '');
    f.set(() => 'Masked Enforcer');
    ack(true);
    expect(f.get()).toBe('Masked Enforcer');
  });
});
