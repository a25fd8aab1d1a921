/**
 * Checks on untrusted JSON that the schemas cannot make: how deep it nests, and keys that would
 * poison prototypes. No Fastify here: the campaign file reader (and so the CLI) uses it too.
 */

/**
 * Deepest nesting of arrays and objects an imported event may have (the event object itself is
 * level 1). Real events nest a few levels; the state hash, the views and their patches walk
 * values recursively, and a log nested thousands deep would overflow the stack there.
 */
export const MAX_EVENT_DEPTH = 64;

/**
 * True when `value` nests arrays and objects more than `max` levels deep (a scalar is level 0,
 * `[]` and `{}` level 1). The walk goes no deeper than `max` + 1, so the check itself cannot
 * overflow the stack whatever it is given.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (max <= 0) return true;
  const children: unknown[] = Array.isArray(value) ? value : Object.values(value);
  for (const child of children) if (nestedDeeperThan(child, max - 1)) return true;
  return false;
}

/** A text that may hold a `__proto__` or `constructor` key, spelled out or with \u escapes. */
const MAY_HOLD_PROTOTYPE_KEY = /proto|constructor|\\u/;

interface Visit {
  readonly value: unknown;
  readonly key: string | number | null;
  readonly parent: Visit | null;
}

function pathOf(visit: Visit): string {
  const keys: (string | number)[] = [];
  for (let v: Visit | null = visit; v?.key != null; v = v.parent) keys.push(v.key);
  keys.reverse();
  // A path thousands of keys long says nothing more than its first few.
  const shown = keys.length > 12 ? [...keys.slice(0, 12), '…'] : keys;
  let out = '';
  for (const k of shown) out += typeof k === 'number' ? `[${k}]` : `${out ? '.' : ''}${k}`;
  return out || '(top level)';
}

/**
 * Where a parsed JSON value has a key that would poison a prototype when the value is merged
 * into another object: an own `__proto__` key, or a `constructor` object with a `prototype` key
 * (what Fastify's JSON parser refuses). Returns the key and its path, or null when there is none.
 * `text` is the JSON the value was parsed from: without either word in it the walk is skipped.
 * Iterative, so any depth is fine.
 */
export function prototypeKeyIn(value: unknown, text: string): { key: string; path: string } | null {
  if (!MAY_HOLD_PROTOTYPE_KEY.test(text)) return null;
  const stack: Visit[] = [{ value, key: null, parent: null }];
  for (let visit = stack.pop(); visit !== undefined; visit = stack.pop()) {
    const node = visit.value;
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push({ value: node[i], key: i, parent: visit });
      continue;
    }
    if (Object.hasOwn(node, '__proto__')) return { key: '__proto__', path: pathOf(visit) };
    if (Object.hasOwn(node, 'constructor')) {
      const ctor = (node as Record<string, unknown>).constructor;
      if (ctor !== null && typeof ctor === 'object' && Object.hasOwn(ctor, 'prototype')) {
        return { key: 'constructor.prototype', path: pathOf(visit) };
      }
    }
    const keys = Object.keys(node);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push({ value: (node as Record<string, unknown>)[key], key, parent: visit });
    }
  }
  return null;
}
