import { type FormEvent, useEffect, useId, useState } from 'react';
import type { TableInfoResponse } from '../../server/protocol.ts';
import { api, describeError } from '../api.ts';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Link } from '../components/Link.tsx';
import { navigate } from '../router.ts';
import { loadSeat, saveSeat, takeFragment } from '../storage.ts';

/** The invite code for a table: from the link's fragment, kept for this tab so a reload still works. */
function useInviteCode(tableId: string): string | null {
  const [code] = useState(() => {
    const key = `bughunt.invite.${tableId}`;
    const fromLink = takeFragment().get('code');
    try {
      if (fromLink) sessionStorage.setItem(key, fromLink);
      return fromLink ?? sessionStorage.getItem(key);
    } catch {
      return fromLink;
    }
  });
  return code;
}

export function JoinPage({ tableId }: { tableId: string }) {
  const code = useInviteCode(tableId);
  const [table, setTable] = useState<TableInfoResponse | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const existing = loadSeat(tableId);
  const nameId = useId();

  useEffect(() => {
    api.table(tableId).then(
      (t) => {
        setTable(t);
        document.title = `Join ${t.name} · Bughunt`;
      },
      (e: unknown) => setError(describeError(e)),
    );
  }, [tableId]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || !code) return;
    if (!name.trim()) {
      setError({ code: 'NAME_MISSING', message: 'type the name the others will see' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const seat = await api.join(tableId, code, name.trim());
      saveSeat({
        tableId,
        token: seat.token,
        seatId: seat.seatId,
        role: seat.role,
        name: name.trim(),
        ...(table ? { tableName: table.name, system: table.system } : {}),
      });
      try {
        sessionStorage.removeItem(`bughunt.invite.${tableId}`);
      } catch {
        // nothing kept
      }
      navigate(`/t/${tableId}`);
    } catch (err) {
      setError(describeError(err));
      setBusy(false);
    }
  };

  return (
    <main className="page narrow">
      <p className="crumbs">
        <Link to="/">Bughunt</Link>
      </p>
      <form className="card" onSubmit={submit} aria-labelledby="join-title">
        <h1 id="join-title">{table ? `Join “${table.name}”` : 'Join a table'}</h1>
        {existing ? (
          <div className="note">
            <p>
              This browser already has a seat here{existing.name ? ` as ${existing.name}` : ''}.{' '}
              <Link to={`/t/${tableId}`}>Go back to your seat</Link>. Joining again makes a new seat.
            </p>
          </div>
        ) : null}
        {code ? (
          <>
            <div className="field">
              <label htmlFor={nameId}>Your name at the table</label>
              <input
                id={nameId}
                value={name}
                onChange={(e) => setName(e.target.value)}
                maxLength={60}
                autoComplete="nickname"
                placeholder="Vasquez"
                required
              />
            </div>
            {error ? <ErrorNote code={error.code} message={error.message} /> : null}
            <button type="submit" className="primary big" disabled={busy}>
              {busy ? 'Taking a seat…' : 'Take a seat'}
            </button>
          </>
        ) : (
          <>
            {error ? <ErrorNote code={error.code} message={error.message} /> : null}
            <ErrorNote
              code="INVITE_MISSING"
              message="this link has no invite code; ask the GM to send the whole invite link again"
            />
          </>
        )}
      </form>
    </main>
  );
}
