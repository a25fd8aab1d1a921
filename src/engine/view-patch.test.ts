import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, diff, jsonLength, PatchError, type PatchOp } from './view-patch.ts';

/** What a client holds after the value went over the wire. */
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The client's side: the parsed old view and the parsed operations. */
const patched = (a: unknown, b: unknown): unknown => applyPatch(wire(a), wire(diff(a, b)));

/**
 * `doc` with one edit at the place `steps` leads to, copying only along the way (as the rules'
 * evolve does): so the diff meets shared subtrees, appends, removals and replacements.
 */
function edit(doc: unknown, steps: readonly number[], value: unknown, kind: number): unknown {
  if (doc !== null && typeof doc === 'object') {
    if (Array.isArray(doc)) {
      if (steps.length > 0 && doc.length > 0) {
        const i = (steps[0] as number) % doc.length;
        const copy = doc.slice();
        copy[i] = edit(doc[i], steps.slice(1), value, kind);
        return copy;
      }
      if (kind === 1) return [...doc, value];
      if (kind === 2) return doc.slice(0, -1);
      if (kind === 3) return [value, ...doc];
      return value;
    }
    const record = doc as Record<string, unknown>;
    const keys = Object.keys(record);
    if (steps.length > 0 && keys.length > 0) {
      const key = keys[(steps[0] as number) % keys.length] as string;
      return { ...record, [key]: edit(record[key], steps.slice(1), value, kind) };
    }
    if (kind === 1) return { ...record, [`k${keys.length}/~x`]: value };
    if (kind === 2 && keys.length > 0) {
      const { [keys[0] as string]: _gone, ...rest } = record;
      return rest;
    }
    return value;
  }
  return value;
}

const edits = fc.array(
  fc.record({
    steps: fc.array(fc.nat(), { maxLength: 6 }),
    value: fc.jsonValue({ maxDepth: 2 }),
    kind: fc.nat(3),
  }),
  { maxLength: 8 },
);

describe('diff and applyPatch', () => {
  it('apply(a, diff(a, b)) is b as JSON, for any two JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(patched(a, b)).toEqual(wire(b));
      }),
    );
  });

  it('apply(a, diff(a, b)) is b as JSON when b is a with edits sharing structure', () => {
    fc.assert(
      fc.property(fc.jsonValue(), edits, (a, changes) => {
        let b: unknown = a;
        for (const c of changes) b = edit(b, c.steps, c.value, c.kind);
        expect(patched(a, b)).toEqual(wire(b));
        // The old view is never written to (React compares the old and new objects).
        const before = wire(a);
        const held = wire(a);
        applyPatch(held, wire(diff(a, b)));
        expect(held).toEqual(before);
      }),
    );
  });

  it('reads values as JSON.stringify does: undefined, functions, NaN, dates', () => {
    const values = fc.oneof(
      fc.constant(undefined),
      fc.constant(Number.NaN),
      fc.constant(Number.POSITIVE_INFINITY),
      fc.constant(() => 1),
      fc.constant(new Date(0)),
      fc.double(),
      fc.string(),
      fc.boolean(),
      fc.constant(null),
    );
    const anything = fc.anything({ values: [values] });
    fc.assert(
      fc.property(anything, anything, (a, b) => {
        fc.pre(JSON.stringify(b) !== undefined);
        const ops = diff(a, b);
        const base = JSON.stringify(a) === undefined ? null : wire(a);
        expect(applyPatch(base, wire(ops))).toEqual(wire(b));
      }),
    );
    expect(diff({ a: 1, b: undefined }, { a: 1 })).toEqual([]);
    expect(diff({ a: 1 }, { a: 1, b: undefined, f: () => 1 })).toEqual([]);
    expect(diff([undefined], [null])).toEqual([]);
    expect(diff({ n: Number.NaN }, { n: null })).toEqual([]);
  });

  it('jsonLength is the length of JSON.stringify, and stops past its budget', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        expect(jsonLength(v)).toBe(JSON.stringify(v).length);
      }),
    );
    expect(jsonLength({ a: undefined, b: [undefined, Number.NaN], c: new Date(0) })).toBe(
      JSON.stringify({ a: undefined, b: [undefined, Number.NaN], c: new Date(0) }).length,
    );
    const big = Array.from({ length: 10_000 }, (_, i) => ({ i, text: 'x'.repeat(50) }));
    const n = jsonLength(big, 100);
    expect(n).toBeGreaterThan(100);
    expect(n).toBeLessThan(1000); // it stopped early
  });

  it('appends to a grown array with /- and leaves the shared prefix alone', () => {
    const entries = Array.from({ length: 100 }, (_, i) => ({ n: i, text: `line ${i}` }));
    const a = { log: entries, round: 1 };
    const b = { ...a, log: [...entries, { n: 100, text: 'new' }] };
    expect(diff(a, b)).toEqual([{ op: 'add', path: '/log/-', value: { n: 100, text: 'new' } }]);
  });

  it('finds equal items by value when they are not the same objects', () => {
    const a = { pending: [{ seat: 'p1', kind: 'declare' }], x: [1, 2, 3] };
    const b = { pending: [{ seat: 'p1', kind: 'declare' }], x: [1, 2, 3] };
    expect(diff(a, b)).toEqual([]);
    expect(diff(a, { ...b, x: [1, 5, 3] })).toEqual([{ op: 'replace', path: '/x/1', value: 5 }]);
  });

  it('removes from the back of a shrunk array, and replaces it whole when that is smaller', () => {
    const long = ['a long entry that is cheaper to drop than to send again', 'another long entry'];
    expect(diff({ a: [...long, 3, 4] }, { a: long })).toEqual([
      { op: 'remove', path: '/a/3' },
      { op: 'remove', path: '/a/2' },
    ]);
    // Every item shifted by one: per-index operations would outweigh the new array.
    const a = { a: [1, 2, 3, 4, 5, 6, 7, 8] };
    expect(diff(a, { a: [0, 1, 2, 3, 4, 5, 6, 7, 8] })).toEqual([
      { op: 'replace', path: '/a', value: [0, 1, 2, 3, 4, 5, 6, 7, 8] },
    ]);
  });

  it('escapes ~ and / in keys (RFC 6901)', () => {
    const ops = diff({}, { 'a/b': 1, 'c~d': 2 });
    expect(ops).toEqual([
      { op: 'add', path: '/a~1b', value: 1 },
      { op: 'add', path: '/c~0d', value: 2 },
    ]);
    expect(applyPatch({}, ops)).toEqual({ 'a/b': 1, 'c~d': 2 });
    expect(applyPatch({ '~1': { x: 0 } }, [{ op: 'replace', path: '/~01/x', value: 1 }])).toEqual({
      '~1': { x: 1 },
    });
  });

  it('keeps "__proto__" a key, never a prototype', () => {
    const a = JSON.parse('{"__proto__":{"x":1}}') as unknown;
    const b = JSON.parse('{"__proto__":{"x":2,"polluted":true}}') as unknown;
    const out = patched(a, b) as Record<string, unknown>;
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(out).toEqual(b);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies only along the patched paths: unchanged subtrees keep their identity', () => {
    const a = wire({ troopers: { t1: { hp: 3 }, t2: { hp: 2 } }, log: [{ n: 1 }], chat: { entries: [] } });
    const ops: PatchOp[] = [
      { op: 'replace', path: '/troopers/t1/hp', value: 2 },
      { op: 'add', path: '/log/-', value: { n: 2 } },
      { op: 'add', path: '/log/-', value: { n: 3 } },
    ];
    const out = applyPatch(a, ops) as typeof a;
    expect(out).not.toBe(a);
    expect(out.troopers).not.toBe(a.troopers);
    expect(out.troopers.t2).toBe(a.troopers.t2);
    expect(out.chat).toBe(a.chat);
    expect(out.log[0]).toBe(a.log[0]);
    expect(out.log).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(a.troopers.t1.hp).toBe(3);
    expect(a.log).toHaveLength(1);
  });

  it('replaces the root when its kind changes', () => {
    expect(diff({ a: 1 }, [1])).toEqual([{ op: 'replace', path: '', value: [1] }]);
    expect(applyPatch({ a: 1 }, diff({ a: 1 }, [1]))).toEqual([1]);
    expect(patched(1, 'x')).toBe('x');
  });

  it('refuses operations that do not fit the document', () => {
    const doc = { a: [1], b: { c: 1 } };
    const bad: PatchOp[][] = [
      [{ op: 'replace', path: '/missing', value: 1 }],
      [{ op: 'remove', path: '/b/missing' }],
      [{ op: 'replace', path: '/a/1', value: 1 }],
      [{ op: 'add', path: '/a/2', value: 1 }],
      [{ op: 'replace', path: '/a/01', value: 1 }],
      [{ op: 'add', path: '/b/c/d', value: 1 }],
      [{ op: 'add', path: '/nowhere/x', value: 1 }],
      [{ op: 'replace', path: 'a', value: 1 }],
      [{ op: 'remove', path: '' }],
    ];
    for (const ops of bad) {
      expect(() => applyPatch(doc, ops), JSON.stringify(ops)).toThrow(PatchError);
    }
    expect(doc).toEqual({ a: [1], b: { c: 1 } });
  });
});
