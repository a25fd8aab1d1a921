import { errorSentence } from '../chat-input.ts';

/**
 * Why a form cannot be sent yet, in a sentence. The ruleset's stable code stays out of the text
 * (it is for the API and tests): it is kept in `data-code` and shown as a tooltip for bug reports.
 */
export function Problem({
  code,
  message,
  status = false,
}: {
  code: string;
  message: string;
  status?: boolean;
}) {
  return (
    <p
      className="ts-problems"
      data-code={code}
      title={`Code: ${code}`}
      {...(status ? { role: 'status' } : {})}
    >
      {errorSentence(code, message)}
    </p>
  );
}
