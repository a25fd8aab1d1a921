import { type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import type { Visibility } from '../../rules/dice-chat/chat.ts';
import { type ChatLine, parseChatLine } from '../chat-input.ts';

const CHOICES: readonly { value: Visibility; label: string }[] = [
  { value: 'public', label: 'Rolls: everyone sees' },
  { value: 'gm', label: 'Rolls: me + GM' },
  { value: 'blind', label: 'Rolls: GM only (blind)' },
];

/** The chat line: plain text is said, `/roll 2d6+3 reason` rolls. Enter sends. */
export function ChatBox({
  onLine,
  onError,
  disabled,
}: {
  onLine: (line: Exclude<ChatLine, { type: 'error' } | { type: 'empty' }>, typed: string) => void;
  onError: (code: string, message: string, typed: string) => void;
  disabled: boolean;
}) {
  const [text, setText] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('public');
  const history = useRef<string[]>([]);
  const back = useRef(0);
  const inputId = useId();
  const visId = useId();
  const helpId = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const line = parseChatLine(text, visibility);
    if (line.type === 'empty') return;
    history.current = [...history.current.slice(-49), text];
    back.current = 0;
    if (line.type === 'error') onError(line.code, line.message, text);
    else onLine(line, text);
    setText('');
  };

  const recall = (e: KeyboardEvent<HTMLInputElement>) => {
    // Up/Down walk through lines sent before, like a terminal.
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    const h = history.current;
    if (!h.length) return;
    e.preventDefault();
    back.current = Math.max(0, Math.min(h.length, back.current + (e.key === 'ArrowUp' ? 1 : -1)));
    setText(back.current === 0 ? '' : (h[h.length - back.current] ?? ''));
  };

  return (
    <form className="chatbox" onSubmit={submit}>
      <label htmlFor={inputId} className="sr-only">
        Message or roll
      </label>
      <input
        id={inputId}
        className="chat-text"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={recall}
        placeholder="Say something, or /roll 2d6+3 reason"
        autoComplete="off"
        enterKeyHint="send"
        maxLength={2000}
        aria-describedby={helpId}
        disabled={disabled}
      />
      <div className="chat-controls">
        <label htmlFor={visId} className="sr-only">
          Who sees /roll results
        </label>
        <select
          id={visId}
          value={visibility}
          onChange={(e) => setVisibility(e.target.value as Visibility)}
          disabled={disabled}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <button type="submit" className="primary" disabled={disabled}>
          Send
        </button>
      </div>
      <p id={helpId} className="hint chat-help">
        <code>/roll 2d6+3 Morale</code> rolls
        <span className="wide-only"> for everyone to see (or as chosen)</span> · <code>/gmroll</code>
        <span className="wide-only"> only you and the GM</span> · <code>/blindroll</code>
        <span className="wide-only"> only the GM · plain text is chat</span>
      </p>
    </form>
  );
}
