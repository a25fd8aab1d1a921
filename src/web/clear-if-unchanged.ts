/**
 * After a command carrying a typed field is accepted, empty the field, but only if it still holds
 * what was sent. The acknowledgement can arrive after the user has started typing the next entry
 * (a GM adding two characters quickly), and clearing then would throw that entry away.
 */
export function clearIfUnchanged(set: (update: (now: string) => string) => void, sent: string) {
  return (ok: boolean): void => {
    if (ok) set((now) => (now === sent ? '' : now));
  };
}
