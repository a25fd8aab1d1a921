import {
  createContext,
  type FormEvent,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import type { CreateTableResponse } from '../../server/protocol.ts';
import { api, describeError, type System } from '../api.ts';
import { ChatBox } from '../components/ChatBox.tsx';
import { ConnectionBadge, WaitingToSend } from '../components/ConnectionBadge.tsx';
import { CopyField } from '../components/CopyField.tsx';
import { ErrorNote } from '../components/ErrorNote.tsx';
import { Link } from '../components/Link.tsx';
import { LinkAddressNote } from '../components/LinkAddressNote.tsx';
import { LogView } from '../components/LogView.tsx';
import { SeatList } from '../components/SeatList.tsx';
import { TableTabs, type TableView, useUnread } from '../components/TableTabs.tsx';
import { type ConnectionStatus, TableClient } from '../connection.ts';
import { linkOn, useLinkBase } from '../link-base.ts';
import { type LogItem, namesFromLog } from '../log.ts';
import { forgetSeat, loadSeat, saveSeat, takeFragment } from '../storage.ts';
import {
  type DescribeEvent,
  SYSTEM_AWAITS,
  SYSTEM_DESCRIBERS,
  SYSTEM_NAMES,
  SYSTEM_PANELS,
  useGameScreen,
} from '../systems.tsx';

function wsUrl(tableId: string): string {
  const proto = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${proto}//${window.location.host}/ws/tables/${encodeURIComponent(tableId)}`;
}

/**
 * Whether the screen fits the side-by-side layout. A table with a game screen needs more room
 * than a dice-chat table: seats, game and log side by side below 1200 px would leave the game a
 * strip (a tablet held sideways), so it keeps the tabs until then.
 */
function useWide(minWidth: number): boolean {
  const query = `(min-width: ${minWidth}px)`;
  const subscribe = useCallback(
    (cb: () => void) => {
      const m = window.matchMedia(query);
      m.addEventListener('change', cb);
      return () => m.removeEventListener('change', cb);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

function InvitePanel({ tableId, token }: { tableId: string; token: string }) {
  const [links, setLinks] = useState<Pick<CreateTableResponse, 'invite' | 'spectate'> | null>(null);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const [rotating, setRotating] = useState<'idle' | 'confirm' | 'busy' | 'done'>('idle');
  const base = useLinkBase();
  useEffect(() => {
    api.invite(tableId, token).then(setLinks, (e: unknown) => setError(describeError(e)));
  }, [tableId, token]);
  if (error) return <ErrorNote code={error.code} message={error.message} />;
  if (!links) return <p className="muted">Loading links…</p>;
  const abs = (p: string) => linkOn(base, p);
  const rotate = async () => {
    setRotating('busy');
    try {
      setLinks(await api.rotateInvite(tableId, token));
      setRotating('done');
    } catch (e) {
      setError(describeError(e));
      setRotating('idle');
    }
  };
  return (
    <div className="invites">
      <CopyField label="Invite link (players)" value={abs(links.invite.url)} />
      <CopyField label="Spectate link" value={abs(links.spectate.url)} />
      <LinkAddressNote base={base} />
      {rotating === 'confirm' || rotating === 'busy' ? (
        // biome-ignore lint/a11y/useSemanticElements: an inline question, not a fieldset of inputs
        <div className="seat-confirm" role="group" aria-label="Make a new invite code?">
          <span>A new code: the invite link above stops working for anyone who has not joined yet.</span>
          <button
            type="button"
            className="danger"
            disabled={rotating === 'busy'}
            onClick={() => void rotate()}
          >
            Make a new invite link
          </button>
          <button type="button" disabled={rotating === 'busy'} onClick={() => setRotating('idle')}>
            Keep this one
          </button>
        </div>
      ) : (
        <p>
          <button type="button" className="link-button" onClick={() => setRotating('confirm')}>
            New invite code…
          </button>
          {rotating === 'done' ? (
            <span role="status" className="muted">
              {' '}
              The invite link changed; the old one opens nothing now.
            </span>
          ) : null}
        </p>
      )}
    </div>
  );
}

/**
 * The GM's campaign export: fetched with the seat's token (a plain link could not send it) and
 * saved through a temporary blob link, which the CSP allows (no inline script involved).
 */
function ExportButton({ tableId, token }: { tableId: string; token: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const download = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const { blob, fileName } = await api.exportCampaign(tableId, token);
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileName;
      document.body.append(a);
      a.click();
      a.remove();
      // Revoked later: some browsers read the blob after click() returns.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="export">
      <button type="button" onClick={() => void download()} disabled={busy}>
        {busy ? 'Exporting…' : 'Export campaign (JSON)'}
      </button>
      <p className="muted">
        The whole log as a file: a backup, for <code>bughunt sheet</code>, or to import on another server.
      </p>
      {error ? (
        <ErrorNote code={error.code} message={error.message} onDismiss={() => setError(null)} />
      ) : null}
    </div>
  );
}

function Spectate({
  tableId,
  code,
  onSeat,
}: {
  tableId: string;
  code: string;
  onSeat: (token: string) => void;
}) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ code: string; message: string } | null>(null);
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const seat = await api.spectate(tableId, code, name.trim() || undefined);
      saveSeat({
        tableId,
        token: seat.token,
        seatId: seat.seatId,
        role: 'spectator',
        name: name.trim() || 'Spectator',
      });
      onSeat(seat.token);
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
      <form className="card" onSubmit={submit}>
        <h1>Watch this table</h1>
        <p>You will see the public log and rolls live, and cannot send anything.</p>
        <div className="field">
          <label htmlFor={id}>
            Your name <span className="muted">(optional)</span>
          </label>
          <input
            id={id}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            placeholder="Spectator"
          />
        </div>
        {error ? <ErrorNote code={error.code} message={error.message} /> : null}
        <button type="submit" className="primary big" disabled={busy}>
          {busy ? 'Opening…' : 'Watch'}
        </button>
      </form>
    </main>
  );
}

/**
 * The seat's token for this table: from the link's fragment (then stored), or from storage. A seat
 * link pasted into a tab already at this table changes only the fragment (the browser does not
 * load the page again), so a later fragment is read the same way and the page switches to it.
 */
function useSeatToken(tableId: string) {
  const [initial] = useState(() => {
    const link = seatFromFragment(tableId);
    return { spectate: link.spectate, token: link.token ?? loadSeat(tableId)?.token ?? null };
  });
  const [token, setToken] = useState(initial.token);
  const [spectate, setSpectate] = useState(initial.spectate);
  useEffect(() => {
    const onHash = () => {
      const link = seatFromFragment(tableId);
      if (link.token) setToken(link.token);
      else if (link.spectate) setSpectate(link.spectate);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [tableId]);
  return { token, setToken, spectate };
}

/** What the link's fragment carries (a seat token is stored at once), and clears it from the bar. */
function seatFromFragment(tableId: string): { token: string | null; spectate: string | null } {
  const fragment = takeFragment();
  const token = fragment.get('token');
  if (token) saveSeat({ tableId, token });
  return { token, spectate: fragment.get('spectate') };
}

/**
 * The events this seat has received, for a system's screens that tell what an event alone records
 * (a Development Roll's die and what it brought). Empty outside a live table.
 */
export const TableLogContext = createContext<readonly LogItem[]>([]);

/**
 * Whether the connection is up, for a system's screens that say where a command stands (a dice
 * box waiting to send). Live outside a table page, where nothing waits for a socket.
 */
export const TableConnectionContext = createContext<ConnectionStatus['kind']>('live');

/** Whether the server knows this table: null while asking (or when it cannot be reached). */
function useTableExists(tableId: string): boolean | null {
  const [exists, setExists] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    api.table(tableId).then(
      () => live && setExists(true),
      (e: unknown) => live && setExists(describeError(e).code === 'TABLE_NOT_FOUND' ? false : null),
    );
    return () => {
      live = false;
    };
  }, [tableId]);
  return exists;
}

export function TablePage({ tableId }: { tableId: string }) {
  const { token, setToken, spectate } = useSeatToken(tableId);
  const exists = useTableExists(tableId);
  if (exists === false) {
    return (
      <main className="page narrow">
        <p className="crumbs">
          <Link to="/">Bughunt</Link>
        </p>
        <section className="card" data-testid="no-such-table">
          <h1>There is no such table</h1>
          <p>
            No table on this server has the id <code>{tableId}</code>. Check the link (a character may be
            missing), or ask the GM for a new one; a table imported from a campaign file has a new id and new
            links.
          </p>
        </section>
      </main>
    );
  }
  if (!token && spectate) return <Spectate tableId={tableId} code={spectate} onSeat={setToken} />;
  if (!token) {
    return (
      <main className="page narrow">
        <p className="crumbs">
          <Link to="/">Bughunt</Link>
        </p>
        <section className="card">
          <h1>No seat here yet</h1>
          <p>
            This browser has no seat at this table. Open the invite link the GM sent you (it starts with{' '}
            <code>/join/</code>), or the GM link if you run this table.
          </p>
        </section>
      </main>
    );
  }
  return <LiveTable key={token} tableId={tableId} token={token} onForget={() => setToken(null)} />;
}

function LiveTable({ tableId, token, onForget }: { tableId: string; token: string; onForget: () => void }) {
  const client = useMemo(() => new TableClient({ url: wsUrl(tableId), token }), [tableId, token]);
  useEffect(() => {
    client.start();
    return () => client.stop();
  }, [client]);
  const snap = useSyncExternalStore(client.subscribe, client.getSnapshot);
  const wideForChat = useWide(860);
  const wideForGame = useWide(1200);
  const [systems, setSystems] = useState<System[]>([]);
  useEffect(() => {
    api.systems().then(setSystems, () => setSystems([]));
  }, []);

  const welcome = snap.welcome;
  const me = welcome?.seat;
  useEffect(() => {
    if (!welcome) return;
    saveSeat({
      tableId,
      token,
      seatId: welcome.seat.seatId,
      role: welcome.seat.role,
      name: welcome.seat.name,
      tableName: welcome.tableName,
      system: welcome.system,
    });
  }, [welcome, tableId, token]);

  const fromLog = useMemo(() => namesFromLog(snap.items), [snap.items]);
  const name = useCallback(
    (seatId: string | null) => {
      if (!seatId) return 'Server';
      return snap.seats.find((s) => s.seatId === seatId)?.name ?? fromLog.get(seatId) ?? 'someone';
    },
    [snap.seats, fromLog],
  );
  const [describer, setDescriber] = useState<{ describe: DescribeEvent } | null>(null);
  const systemId = welcome?.system;
  useEffect(() => {
    const load = systemId ? SYSTEM_DESCRIBERS[systemId] : undefined;
    if (!load) return;
    let live = true;
    load().then(
      (describe) => live && setDescriber({ describe }),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [systemId]);
  // For a system's log lines: seat names, then the view's own named things (3:16 troopers).
  const view = snap.view;
  const describe = useMemo((): DescribeEvent | undefined => {
    if (!describer) return undefined;
    const troopers = (view as { troopers?: Record<string, { name?: unknown }> } | null)?.troopers ?? {};
    const who = (id: string) => {
      const seat = snap.seats.find((s) => s.seatId === id)?.name ?? fromLog.get(id);
      if (seat) return seat;
      const trooper = troopers[id]?.name;
      if (typeof trooper === 'string') return trooper;
      const own = systemId ? SYSTEM_NAMES[systemId]?.(view, id, snap.items) : undefined;
      if (own) return own;
      return id === 'aliens' ? 'the aliens' : id;
    };
    return (event, _who, earlier) => describer.describe(event, who, earlier);
  }, [describer, view, snap.seats, fromLog, systemId, snap.items]);
  const onReveal = useCallback(
    (rollId: string) => client.send({ type: 'chat.reveal', rollId }, `reveal ${rollId}`),
    [client],
  );

  const system = systems.find((s) => s.id === welcome?.system);
  const Panel = welcome ? SYSTEM_PANELS[welcome.system] : undefined;
  const { Screen, failed: screenFailed } = useGameScreen(Panel);
  const wide = Panel && me ? wideForGame : wideForChat;
  const [tab, setTab] = useState<TableView>('game');
  // Counted here, not in the tabs, so the count lasts while the tabs come and go (wide ↔ narrow).
  const unread = useUnread(
    snap.items,
    wide || tab === 'chat' || !Panel,
    snap.status.kind === 'live',
    me?.seatId,
  );
  const send = useCallback(
    (command: { readonly type: string }, dice?: number[]) => client.request({ ...command }, dice),
    [client],
  );
  const online = snap.seats.filter((s) => s.online).length;
  const awaits = welcome ? SYSTEM_AWAITS[welcome.system] : undefined;
  const yourMove = me && awaits ? awaits(snap.view, me) : false;
  const tableName = welcome?.tableName;
  useEffect(() => {
    // Said in the browser's tab too, for a player who has switched to another page meanwhile.
    if (tableName) document.title = `${yourMove ? 'Your move · ' : ''}${tableName} · Bughunt`;
  }, [tableName, yourMove]);
  const renameSeat = useCallback(
    (seatId: string, name: string) =>
      api.renameSeat(tableId, seatId, name, token).then(
        () => null,
        (e: unknown) => describeError(e).message,
      ),
    [tableId, token],
  );

  const seatTools = useMemo(
    () => ({
      disconnect: (seatId: string) =>
        api.disconnectSeat(tableId, seatId, token).then(
          () => null,
          (e: unknown) => describeError(e).message,
        ),
      remove: (seatId: string) =>
        api.removeSeat(tableId, seatId, token).then(
          () => null,
          (e: unknown) => describeError(e).message,
        ),
    }),
    [tableId, token],
  );

  const side = (
    <>
      <h2 className="side-title">
        Seats{' '}
        <span className="muted">
          ({snap.status.kind === 'live' ? `${online} online` : 'presence unknown'})
        </span>
      </h2>
      <SeatList
        seats={snap.seats}
        me={me?.seatId}
        gm={me?.role === 'gm'}
        rename={renameSeat}
        tools={me?.role === 'gm' ? seatTools : undefined}
        presenceKnown={snap.status.kind === 'live'}
      />
      {me?.role === 'gm' ? (
        <>
          <h2 className="side-title">Invite</h2>
          <InvitePanel tableId={tableId} token={token} />
          <h2 className="side-title">Campaign</h2>
          <ExportButton tableId={tableId} token={token} />
        </>
      ) : null}
    </>
  );

  return (
    <div className="table-page">
      <header className="topbar">
        <Link to="/" className="brand">
          <span aria-hidden="true">⚃</span> Bughunt
        </Link>
        <div className="table-title">
          <h1>{welcome?.tableName ?? 'Table'}</h1>
          <p className="muted">
            {system ? system.title : (welcome?.system ?? '')}
            {system && !system.playable ? ' · dice chat' : ''}
            {me ? ` · you are ${me.name} (${me.role === 'gm' ? 'GM' : me.role})` : ''}
          </p>
        </div>
        <ConnectionBadge status={snap.status} onRetry={() => client.retryNow()} />
      </header>
      <WaitingToSend status={snap.status} waiting={snap.pending} />

      {snap.status.kind === 'failed' ? (
        <div className="banner">
          <ErrorNote code={snap.status.code} message={snap.status.message} />
          <button
            type="button"
            onClick={() => {
              forgetSeat(tableId);
              onForget();
            }}
          >
            Forget this seat
          </button>
        </div>
      ) : null}

      <div className={`table-body${Panel && me ? ' with-panel' : ''}${wide ? ' wide' : ''}`}>
        {wide ? (
          <aside className="side" aria-label="Table">
            {side}
          </aside>
        ) : (
          <details className="side side-compact">
            <summary>
              Seats: {online} online of {snap.seats.length}
              {me?.role === 'gm' ? ' · invite links' : ''}
            </summary>
            {side}
          </details>
        )}
        {Panel && me && !wide ? (
          <TableTabs view={tab} onView={setTab} unread={unread} yourMove={yourMove} />
        ) : null}
        {Panel && me && (wide || tab === 'game') ? (
          <section className="game" aria-label="Game">
            {Screen ? (
              <TableLogContext.Provider value={snap.items}>
                <TableConnectionContext.Provider value={snap.status.kind}>
                  <Screen tableId={tableId} view={snap.view} seat={me} seats={snap.seats} send={send} />
                </TableConnectionContext.Provider>
              </TableLogContext.Provider>
            ) : screenFailed ? (
              <ErrorNote
                code="SCREEN_NOT_LOADED"
                message="The game screen could not be loaded. Check the connection and reload the page."
              />
            ) : (
              <p className="muted">Loading the game screen…</p>
            )}
          </section>
        ) : null}
        {!Panel || !me || wide || tab === 'chat' ? (
          <section className={`chat${Panel && me ? ' chat-narrow' : ''}`} aria-label="Log and dice chat">
            <LogView
              items={snap.items}
              name={name}
              isGm={me?.role === 'gm'}
              onReveal={onReveal}
              mySeat={me?.seatId}
              describe={describe}
            />
            <div className="errors">
              {snap.rejections.map((r) => (
                <ErrorNote
                  key={r.n}
                  code={r.code}
                  message={r.tried ? `${r.message} (you sent “${r.tried}”)` : r.message}
                  onDismiss={() => client.dismiss(r.n)}
                />
              ))}
            </div>
            {me?.role === 'spectator' ? (
              <p className="watching">You are watching: the log updates live.</p>
            ) : (
              <ChatBox
                disabled={!welcome}
                onLine={(line, typed) => {
                  const { type, ...rest } = line;
                  client.send({ type, ...rest }, typed);
                }}
                onError={(code, message, typed) => client.reject(code, message, typed)}
              />
            )}
          </section>
        ) : null}
      </div>
    </div>
  );
}
