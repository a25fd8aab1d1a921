/** An error as the server (or the app) names it: the stable code and the sentence for people. */
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
    <div className="error-note" role="alert">
      <span className="error-code">{code}</span>
      <span className="error-message">{message}</span>
      {onDismiss ? (
        <button type="button" className="ghost small" onClick={onDismiss} aria-label="Dismiss this error">
          ×
        </button>
      ) : null}
    </div>
  );
}
