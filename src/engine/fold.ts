/**
 * Folding a log in linear time while states stay immutable.
 *
 * A state's growing lists (the chat, 3:16's story log and GM notes) were extended with
 * `[...list, item]`: every event copied the whole list, so folding n events cost O(n²) (a 20,000
 * event import took a minute and stalled the server). Inside a fold nobody sees the states
 * between the first event and the last, so a list the fold itself made may simply grow in place:
 * `appended` copies a list once, the first time a fold extends it, and pushes onto that copy
 * afterwards. Outside a fold (one live event, a test calling `evolve`) it copies as before, so a
 * state that anyone holds (the hub's last view, a snapshot, a test's `before`) never changes.
 *
 * Lists stay plain arrays, so views, JSON, the view-patch diff (which compares by identity) and
 * every reader work unchanged. The one rule for reducers: a list made by `appended` belongs to
 * one place in the state; keep no second reference to it (copy it if you must keep one).
 */

/** Lists the running fold made and may grow in place; null outside a fold. */
let owned: WeakSet<readonly unknown[]> | null = null;

/**
 * Runs `body` (a loop of `evolve` calls whose intermediate states nobody keeps) with in-place
 * growth of the lists it makes. Nested folds share the outer one's lists: none of theirs escapes
 * before the outermost fold returns.
 */
export function folding<T>(body: () => T): T {
  if (owned !== null) return body();
  return new Fold().run(body);
}

/**
 * A fold done in pieces (an import that yields to the event loop between chunks): each `run`
 * is one synchronous piece, and the lists made in earlier pieces stay this fold's own, so they
 * are not copied again. Other folds running between the pieces (live tables) own only theirs.
 */
export class Fold {
  private readonly lists = new WeakSet<readonly unknown[]>();
  run<T>(body: () => T): T {
    const outer = owned;
    owned = this.lists;
    try {
      return body();
    } finally {
      owned = outer;
    }
  }
}

/** Folds `events` into `state` with `evolve`, in time linear in the log. */
export function foldEvents<S, E>(state: S, events: Iterable<E>, evolve: (state: S, event: E) => S): S {
  return folding(() => {
    let s = state;
    for (const event of events) s = evolve(s, event);
    return s;
  });
}

function own<T>(list: readonly T[]): T[] {
  if (owned?.has(list)) return list as T[];
  const copy = list.slice();
  owned?.add(copy);
  return copy;
}

/** `list` with `item` at the end: a new list, or inside a fold this fold's own list grown in place. */
export function appended<T>(list: readonly T[], item: T): readonly T[] {
  const out = own(list);
  out.push(item);
  return out;
}

/** `list` with the item at `index` replaced (copied once per fold, as `appended`). */
export function replacedAt<T>(list: readonly T[], index: number, item: T): readonly T[] {
  if (index < 0 || index >= list.length) throw new RangeError(`no item ${index} in a list of ${list.length}`);
  const out = own(list);
  out[index] = item;
  return out;
}
