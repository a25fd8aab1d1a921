import { useLayoutEffect, useRef } from 'react';
import { errorSentence } from '../chat-input.ts';

/** The dismiss action of each dismissable note on the page, by its element. */
const dismissers = new WeakMap<Element, () => void>();

/**
 * An error as the server (or the app) names it: the sentence for people, with the stable code
 * kept out of the text (in `data-code`, and as a tooltip for whoever reports it).
 *
 * Dismissable notes side by side in one place (the refusals above the chat box) replace one
 * another: when one appears, the dismissable notes before it in the same container are dismissed,
 * so only the latest shows instead of a pile to close one by one.
 */
export function ErrorNote({
  code,
  message,
  onDismiss,
}: {
  code: string;
  message: string;
  onDismiss?: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;
  const dismissable = onDismiss !== undefined;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || !dismissable) return;
    for (let before = el.previousElementSibling; before; before = before.previousElementSibling) {
      dismissers.get(before)?.();
    }
    dismissers.set(el, () => dismiss.current?.());
    return () => {
      dismissers.delete(el);
    };
  }, [dismissable]);

  return (
    <div ref={ref} className="error-note" role="alert" data-code={code} title={`Error code: ${code}`}>
      {/* The stylesheet puts the sentence on a line of its own below the code on phones; with no
          code shown, it shares the line with the close button instead. */}
      <span className="error-message" style={{ order: 1, flexBasis: 0, minWidth: 0 }}>
        {errorSentence(code, message)}
      </span>
      {onDismiss ? (
        <button type="button" className="ghost small" onClick={onDismiss} aria-label="Dismiss this error">
          ×
        </button>
      ) : null}
    </div>
  );
}
