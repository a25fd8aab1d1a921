/**
 * View patches: the change from one view to the next as JSON Patch (RFC 6902) operations, so a
 * seat receives what changed instead of its whole view after every command. The server diffs (it
 * holds the last view each socket got), the browser applies; both import this file.
 *
 * Why hand-written: the diff leans on the rules' structural sharing (`evolve` returns new objects
 * only along what changed), so it stops at `===` and costs about the size of the change, not of
 * the campaign. The JSON Patch libraries walk both documents whole, and their copy-on-apply clones
 * the whole document; a pure `add`/`replace`/`remove` subset is a few dozen lines here.
 *
 * Views are compared as JSON would write them: a property whose value is `undefined`, a function
 * or a symbol is absent; `undefined` in an array, NaN and ±Infinity are `null`; `toJSON` is used.
 * So applying a patch to the parsed old view gives exactly the parsed new view.
 */

export type PatchOp =
  | { readonly op: 'add'; readonly path: string; readonly value: unknown }
  | { readonly op: 'replace'; readonly path: string; readonly value: unknown }
  | { readonly op: 'remove'; readonly path: string };

type JsonObject = Record<string, unknown>;

function isContainer(v: unknown): v is JsonObject | unknown[] {
  return v !== null && typeof v === 'object';
}

/** The value as JSON.stringify would treat it in an object: `undefined` means the key is left out. */
function asJson(v: unknown): unknown {
  if (v !== null && typeof v === 'object') {
    const toJSON = (v as { toJSON?: unknown }).toJSON;
    return typeof toJSON === 'function' ? asJson(toJSON.call(v)) : v;
  }
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (v === undefined || typeof v === 'function' || typeof v === 'symbol') return undefined;
  return v;
}

/** The value as JSON.stringify would treat it in an array (left-out values become null). */
function asJsonItem(v: unknown): unknown {
  const j = asJson(v);
  return j === undefined ? null : j;
}

/** One JSON Pointer reference token (RFC 6901): `~` is written `~0` and `/` is written `~1`. */
export function escapeToken(token: string): string {
  if (token.indexOf('~') < 0 && token.indexOf('/') < 0) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function unescapeToken(token: string): string {
  if (token.indexOf('~') < 0) return token;
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Length in UTF-16 units of `JSON.stringify(value)`, or any number above `budget` as soon as it
 * is known to exceed it: the walk stops there, so asking "is this bigger than the patch?" costs
 * about the patch's size, not the document's.
 */
export function jsonLength(value: unknown, budget = Number.POSITIVE_INFINITY): number {
  let total = 0;
  const walk = (v: unknown): void => {
    if (total > budget) return;
    if (Array.isArray(v)) {
      total += 2; // brackets
      for (let i = 0; i < v.length; i++) {
        if (i > 0) total += 1; // comma
        walk(asJsonItem(v[i]));
        if (total > budget) return;
      }
    } else if (isContainer(v)) {
      const o = v as JsonObject;
      total += 2;
      let first = true;
      for (const key of Object.keys(o)) {
        const item = asJson(o[key]);
        if (item === undefined) continue;
        total += (first ? 0 : 1) + JSON.stringify(key).length + 1; // comma, key, colon
        first = false;
        walk(item);
        if (total > budget) return;
      }
    } else {
      total += JSON.stringify(v).length;
    }
  };
  const root = asJson(value);
  if (root !== undefined) walk(root);
  return total;
}

/**
 * The operations that turn `from` into `to` (both read as JSON). Applied with `applyPatch` to
 * the parsed `from`, they give the parsed `to`. The root changing kind is one `replace` at "".
 */
export function diff(from: unknown, to: unknown): PatchOp[] {
  const ops: PatchOp[] = [];
  diffValue(asJsonItem(from), asJsonItem(to), '', ops);
  return ops;
}

/** `a` and `b` are already JSON-normalised (asJson / asJsonItem). */
function diffValue(a: unknown, b: unknown, path: string, ops: PatchOp[]): void {
  if (a === b) return;
  if (isContainer(a) && isContainer(b)) {
    const aArray = Array.isArray(a);
    if (aArray === Array.isArray(b)) {
      if (aArray) diffArray(a as unknown[], b as unknown[], path, ops);
      else diffObject(a as JsonObject, b as JsonObject, path, ops);
      return;
    }
  }
  ops.push({ op: 'replace', path, value: b });
}

function diffObject(a: JsonObject, b: JsonObject, path: string, ops: PatchOp[]): void {
  for (const key of Object.keys(a)) {
    if (a[key] === undefined || asJson(a[key]) === undefined) continue;
    if (!Object.hasOwn(b, key) || asJson(b[key]) === undefined) {
      ops.push({ op: 'remove', path: `${path}/${escapeToken(key)}` });
    }
  }
  for (const key of Object.keys(b)) {
    const bv = b[key];
    const av = Object.hasOwn(a, key) ? a[key] : undefined;
    if (av === bv) continue; // the common case under structural sharing: nothing below changed
    const bj = asJson(bv);
    if (bj === undefined) continue;
    const aj = asJson(av);
    if (aj === undefined) ops.push({ op: 'add', path: `${path}/${escapeToken(key)}`, value: bj });
    else diffValue(aj, bj, `${path}/${escapeToken(key)}`, ops);
  }
}

/**
 * Arrays: the common prefix by identity is skipped (a log that grew shares every old entry), the
 * rest of the overlap is diffed item by item (equal items give nothing), items past the end are
 * appended with `/-` or removed from the back. When those operations would outweigh the whole
 * new array, one `replace` of it is sent instead.
 */
function diffArray(a: unknown[], b: unknown[], path: string, ops: PatchOp[]): void {
  const overlap = Math.min(a.length, b.length);
  let prefix = 0;
  while (prefix < overlap && a[prefix] === b[prefix]) prefix++;
  if (prefix === a.length && prefix === b.length) return;
  const local: PatchOp[] = [];
  for (let i = prefix; i < overlap; i++) diffValue(asJsonItem(a[i]), asJsonItem(b[i]), `${path}/${i}`, local);
  for (let i = a.length - 1; i >= b.length; i--) local.push({ op: 'remove', path: `${path}/${i}` });
  for (let i = a.length; i < b.length; i++)
    local.push({ op: 'add', path: `${path}/-`, value: asJsonItem(b[i]) });
  if (local.length === 0) return; // deep-equal after all
  const cost = JSON.stringify(local).length;
  const whole = `{"op":"replace","path":${JSON.stringify(path)},"value":}`.length;
  if (whole + jsonLength(b, cost - whole) < cost) ops.push({ op: 'replace', path, value: b });
  else for (const op of local) ops.push(op);
}

/** A patch that does not fit the document it is applied to (wrong base, or a broken patch). */
export class PatchError extends Error {
  override readonly name = 'PatchError';
}

/**
 * Applies `ops` to `doc` without changing it: every object or array on a patched path is copied
 * (once per call, however many operations touch it), every other subtree is shared with `doc`,
 * so React sees a new object exactly where something changed. Throws PatchError when an
 * operation does not fit (a missing path, an index out of range); `doc` is untouched then too.
 */
export function applyPatch(doc: unknown, ops: readonly PatchOp[]): unknown {
  const copies = new Set<unknown>();
  let root = doc;
  for (const op of ops) root = applyOp(root, op, copies);
  return root;
}

function ownCopy(v: unknown, copies: Set<unknown>, path: string): JsonObject | unknown[] {
  if (!isContainer(v)) throw new PatchError(`${path}: not an object or array`);
  if (copies.has(v)) return v;
  // Spread makes own data properties, so a "__proto__" key stays a key (no prototype change).
  const copy = Array.isArray(v) ? v.slice() : { ...v };
  copies.add(copy);
  return copy;
}

function setKey(target: JsonObject, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
  } else target[key] = value;
}

function arrayIndex(array: unknown[], token: string, path: string, allowEnd: boolean): number {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`${path}: "${token}" is not an array index`);
  const index = Number(token);
  if (index > array.length || (!allowEnd && index === array.length)) {
    throw new PatchError(`${path}: index ${index} is out of range (length ${array.length})`);
  }
  return index;
}

function applyOp(root: unknown, op: PatchOp, copies: Set<unknown>): unknown {
  const { path } = op;
  if (path === '') {
    if (op.op === 'remove') throw new PatchError('the root cannot be removed');
    return op.value;
  }
  if (path[0] !== '/') throw new PatchError(`${path}: a JSON Pointer starts with /`);
  const tokens = path.slice(1).split('/').map(unescapeToken);
  const top = ownCopy(root, copies, '');
  let parent = top;
  for (let i = 0; i < tokens.length - 1; i++) {
    const token = tokens[i] as string;
    let child: unknown;
    if (Array.isArray(parent)) child = parent[arrayIndex(parent, token, path, false)];
    else if (Object.hasOwn(parent, token)) child = parent[token];
    else throw new PatchError(`${path}: no "${token}"`);
    const copy = ownCopy(child, copies, path);
    if (Array.isArray(parent)) parent[Number(token)] = copy;
    else setKey(parent, token, copy);
    parent = copy;
  }
  const last = tokens[tokens.length - 1] as string;
  if (Array.isArray(parent)) {
    if (op.op === 'add') {
      if (last === '-') parent.push(op.value);
      else parent.splice(arrayIndex(parent, last, path, true), 0, op.value);
    } else {
      const index = arrayIndex(parent, last, path, false);
      if (op.op === 'replace') parent[index] = op.value;
      else parent.splice(index, 1);
    }
  } else if (op.op === 'add') {
    setKey(parent, last, op.value);
  } else {
    if (!Object.hasOwn(parent, last)) throw new PatchError(`${path}: no "${last}"`);
    if (op.op === 'replace') setKey(parent, last, op.value);
    else delete parent[last];
  }
  return top;
}
