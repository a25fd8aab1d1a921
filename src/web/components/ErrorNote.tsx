import { errorSentence } from '../chat-input.ts';

/**
 * An error as the server (or the app) names it: the sentence for people, with the stable code
 * kept out of the text (in `data-code`, and as a tooltip for whoever reports it).
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
  return (
    <div className="error-note" role="alert" data-code={code} title={`Error code: ${code}`}>
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
