import { useId, useRef, useState } from 'react';

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    // Only in secure contexts (https, localhost); a phone on the LAN over http has no clipboard API.
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // fall back below
  }
  if (!input) return false;
  input.focus();
  input.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/** A labelled read-only link with a Copy button. */
export function CopyField({ label, value, hint }: { label: string; value: string; hint?: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    const ok = await copyText(value, input.current);
    setState(ok ? 'copied' : 'failed');
    setTimeout(() => setState('idle'), 2000);
  };
  return (
    <div className="copy-field">
      <label htmlFor={id}>{label}</label>
      {hint ? <p className="hint">{hint}</p> : null}
      <div className="copy-row">
        <input id={id} ref={input} readOnly value={value} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy} aria-label={`Copy ${label}`}>
          {state === 'copied' ? 'Copied' : state === 'failed' ? 'Select + copy' : 'Copy'}
        </button>
      </div>
      <span className="sr-only" aria-live="polite">
        {state === 'copied' ? `${label} copied` : ''}
      </span>
    </div>
  );
}
