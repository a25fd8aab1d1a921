import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { MAX_CAMPAIGN_BYTES } from '../../server/campaign-limits.ts';
import type { CreateTableResponse, ImportTableResponse } from '../../server/protocol.ts';
import { api, describeError, type System } from '../api.ts';
import { CopyField } from '../components/CopyField.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Link } from '../components/Link.tsx';
import { LinkAddressNote } from '../components/LinkAddressNote.tsx';
import { linkOn, useLinkBase } from '../link-base.ts';
import { navigate } from '../router.ts';
import { allSeats, saveSeat } from '../storage.ts';

const ROLE_NAMES = { gm: 'GM', player: 'player', spectator: 'spectator' } as const;

function Created({ created, tableName }: { created: CreateTableResponse; tableName: string }) {
  const tablePath = `/t/${created.tableId}`;
  const base = useLinkBase();
  const absolute = (path: string) => linkOn(base, path);
  return (
    <section className="card created" aria-labelledby="created-title">
      <h2 id="created-title">“{tableName}” is ready</h2>
      <p>Send the invite link to your players. Keep the GM link to yourself: whoever opens it is the GM.</p>
      <LinkAddressNote base={base} />
      <CopyField
        label="Invite link (players)"
        value={absolute(created.invite.url)}
        hint="Each player opens it, types a name and gets a seat."
      />
      <CopyField
        label="Spectate link (watch only)"
        value={absolute(created.spectate.url)}
        hint="For anyone who should watch without playing."
      />
      <CopyField
        label="GM link (private)"
        value={absolute(created.gm.url)}
        hint="Opens the table as GM on another device. This browser remembers your seat already."
      />
      <button type="button" className="primary big" onClick={() => navigate(tablePath)}>
        Open the table
      </button>
    </section>
  );
}

function Imported({ imported }: { imported: ImportTableResponse }) {
  const base = useLinkBase();
  const absolute = (path: string) => linkOn(base, path);
  return (
    <section className="card created" aria-labelledby="imported-title">
      <h2 id="imported-title">“{imported.name}” is imported</h2>
      <p>
        A new table with the whole campaign ({imported.headSeq} events). Every seat has a new link: send each
        player their own. The old links do not open this table.
      </p>
      {imported.rulesChanged ? (
        <p className="notice" role="status">
          The campaign was replayed under today’s rules, so some numbers may differ from the file’s last
          state. Check the troopers' sheets before you play on.
        </p>
      ) : null}
      <LinkAddressNote base={base} />
      <CopyField
        label={`GM link: ${imported.gm.name} (private)`}
        value={absolute(imported.gm.url)}
        hint="Your seat. This browser remembers it already."
      />
      {imported.seats.length > 0 ? (
        <>
          <h3>Seats to hand out</h3>
          {imported.seats.map((s) => (
            <CopyField
              key={s.seatId}
              label={`${s.name} (${ROLE_NAMES[s.role]})`}
              value={absolute(s.url)}
              hint={`Opens the table as ${s.name}; whoever has the link takes the seat.`}
            />
          ))}
        </>
      ) : null}
      <CopyField label="Invite link (new players)" value={absolute(imported.invite.url)} />
      <CopyField label="Spectate link (watch only)" value={absolute(imported.spectate.url)} />
      <button type="button" className="primary big" onClick={() => navigate(`/t/${imported.tableId}`)}>
        Open the table
      </button>
    </section>
  );
}

/** Import a campaign export: a file picker and a button, both reachable by keyboard. */
function ImportCampaign({ onImported }: { onImported: (imported: ImportTableResponse) => void }) {
  const fileId = useId();
  const hintId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);

  // A file that replays to another state under today's rules is offered again, on the user's word.
  const [rulesChanged, setRulesChanged] = useState(false);

  const submit = async (e: FormEvent, acceptRulesChange = false) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    setRulesChanged(false);
    const file = input.current?.files?.[0];
    if (!file) {
      setError({ code: 'NO_FILE', message: 'choose the campaign file (.json) first' });
      return;
    }
    if (file.size > MAX_CAMPAIGN_BYTES) {
      setError({
        code: 'IMPORT_TOO_LARGE',
        message: `the file is over ${MAX_CAMPAIGN_BYTES / (1024 * 1024)} MiB; is it a Bughunt export?`,
      });
      return;
    }
    setBusy(true);
    try {
      const imported = await api.importCampaign(await file.text(), acceptRulesChange);
      saveSeat({
        tableId: imported.tableId,
        token: imported.gm.token,
        seatId: imported.gm.seatId,
        role: 'gm',
        name: imported.gm.name,
        tableName: imported.name,
        system: imported.system,
      });
      onImported(imported);
    } catch (err) {
      const described = describeError(err);
      if (described.code === 'IMPORT_RULES_CHANGED') setRulesChanged(true);
      else setError(described);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card" onSubmit={(e) => submit(e)} aria-labelledby="import-title">
      <h2 id="import-title">Import a campaign</h2>
      <div className="field">
        <label htmlFor={fileId}>Campaign file</label>
        <input
          id={fileId}
          ref={input}
          type="file"
          accept="application/json,.json"
          aria-describedby={hintId}
          onChange={() => {
            setError(null);
            setRulesChanged(false);
          }}
        />
        <p id={hintId} className="muted">
          A table's export (the GM's Export button). It becomes a new table here, with new links for every
          seat.
        </p>
      </div>
      {error ? <ErrorNote code={error.code} message={error.message} /> : null}
      {rulesChanged ? (
        <div className="notice" role="alert">
          <p>
            This file was exported under another version of the rules (or edited since): its events replay
            here to a different state. You can import it anyway; the campaign is then what today’s rules make
            of it.
          </p>
          <button type="button" className="primary" disabled={busy} onClick={(e) => submit(e, true)}>
            Import under today’s rules
          </button>
        </div>
      ) : null}
      <button type="submit" className="big" disabled={busy}>
        {busy ? 'Importing…' : 'Import campaign'}
      </button>
    </form>
  );
}

export function HomePage() {
  const [systems, setSystems] = useState<System[] | null>(null);
  const [loadError, setLoadError] = useState<{ code: string; message: string } | null>(null);
  const [system, setSystem] = useState('');
  const [name, setName] = useState('');
  const [gmName, setGmName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [created, setCreated] = useState<{ response: CreateTableResponse; name: string } | null>(null);
  const [imported, setImported] = useState<ImportTableResponse | null>(null);
  const nameId = useId();
  const gmNameId = useId();
  const [mine] = useState(allSeats);

  useEffect(() => {
    document.title = 'Bughunt';
    api.systems().then(
      (list) => {
        setSystems(list);
        setSystem((s) => s || (list.find((x) => x.playable) ?? list[0])?.id || '');
      },
      (e: unknown) => setLoadError(describeError(e)),
    );
  }, []);

  const chosen = systems?.find((s) => s.id === system);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (!system) {
      setError({ code: 'NO_SYSTEM', message: 'pick a system first' });
      return;
    }
    if (!name.trim()) {
      setError({ code: 'NAME_MISSING', message: 'give the table a name' });
      return;
    }
    setBusy(true);
    try {
      const response = await api.createTable(system, name.trim(), gmName.trim() || undefined);
      saveSeat({
        tableId: response.tableId,
        token: response.gm.token,
        seatId: response.gm.seatId,
        role: 'gm',
        name: gmName.trim() || 'GM',
        tableName: name.trim(),
        system,
      });
      setCreated({ response, name: name.trim() });
    } catch (err) {
      setError(describeError(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="page narrow">
      <header className="hero">
        <h1>
          <span className="logo" aria-hidden="true">
            ⚃
          </span>{' '}
          Bughunt
        </h1>
        <p className="lede">
          A live table for sci-fi military games: shared dice, chat and rules, in any browser.
        </p>
      </header>

      {imported ? <Imported imported={imported} /> : null}
      {created ? (
        <Created created={created.response} tableName={created.name} />
      ) : imported ? null : (
        <form className="card" onSubmit={submit} aria-labelledby="new-title">
          <h2 id="new-title">Start a table</h2>
          <fieldset className="systems">
            <legend>Game system</legend>
            {loadError ? <ErrorNote code={loadError.code} message={loadError.message} /> : null}
            {!systems && !loadError ? <p className="muted">Loading systems…</p> : null}
            {systems?.map((s) => (
              <label key={s.id} className={`system-option${s.id === system ? ' chosen' : ''}`}>
                <input
                  type="radio"
                  name="system"
                  value={s.id}
                  checked={s.id === system}
                  onChange={() => setSystem(s.id)}
                />
                <span className="system-text">
                  <span className="system-title">{s.title}</span>
                  {s.summary ? <span className="system-summary">{s.summary}</span> : null}
                  {s.playable ? null : <span className="badge">Dice chat only for now</span>}
                </span>
              </label>
            ))}
          </fieldset>
          {chosen && !chosen.playable ? (
            <p className="note" role="status">
              The rules of {chosen.title} are not playable here yet in the browser. You can still open a table
              with dice chat: rolls, hidden GM rolls and chat for everyone at the table.
            </p>
          ) : null}
          <div className="field">
            <label htmlFor={nameId}>Table name</label>
            <input
              id={nameId}
              value={name}
              onChange={(e) => setName(e.target.value)}
              maxLength={60}
              autoComplete="off"
              placeholder="Friday bug hunt"
              required
            />
          </div>
          <div className="field">
            <label htmlFor={gmNameId}>
              Your name as GM <span className="muted">(optional)</span>
            </label>
            <input
              id={gmNameId}
              value={gmName}
              onChange={(e) => setGmName(e.target.value)}
              maxLength={60}
              autoComplete="nickname"
              placeholder="GM"
            />
          </div>
          {error ? <ErrorNote code={error.code} message={error.message} /> : null}
          <button type="submit" className="primary big" disabled={busy || !systems}>
            {busy ? 'Creating…' : chosen && !chosen.playable ? 'Create dice-chat table' : 'Create table'}
          </button>
        </form>
      )}

      {created || imported ? null : <ImportCampaign onImported={setImported} />}

      {mine.length > 0 ? (
        <section className="card" aria-labelledby="mine-title">
          <h2 id="mine-title">Your tables</h2>
          <ul className="my-tables">
            {mine.map((s) => (
              <li key={s.tableId}>
                <Link to={`/t/${s.tableId}`}>{s.tableName ?? s.tableId}</Link>
                <span className="muted">
                  {s.role ? ` as ${s.name ?? ''} (${ROLE_NAMES[s.role]})` : ''}
                  {s.system ? ` · ${s.system}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
