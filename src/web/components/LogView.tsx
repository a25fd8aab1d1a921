import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { NotationRoll } from '../../engine/notation/index.ts';
import { breakdownParts, type LogItem, latestBefore, type SystemEvent } from '../log.ts';
import type { DescribeEvent } from '../systems.tsx';

// A GM-only roll is seen by its roller too: a player's own /gmroll is not "GM only" to him.
const VISIBILITY = { public: '', gm: 'roller and GM only', blind: 'Blind' } as const;
const ROLE = { gm: 'GM', player: 'player', spectator: 'spectator' } as const;

/**
 * One formatter for every line: `toLocaleTimeString` with options builds a new Intl formatter at
 * each call (tens of milliseconds for a table page's first lines, and again per line of a long log).
 */
let clock: Intl.DateTimeFormat | null = null;

function time(at: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) return '';
  clock ??= new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return clock.format(d);
}

function Lock() {
  return (
    <svg className="lock" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
    </svg>
  );
}

function Dice({ result }: { result: NotationRoll }) {
  return (
    <span className="dice">
      {result.groups.map((g, gi) =>
        g.faces.map((face, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: dice have no identity beyond their place
            key={`${gi}-${i}`}
            className={`die${g.kept[i] === false ? ' dropped' : ''}${g.successes?.[i] ? ' success' : ''}`}
            title={`${g.die}${g.kept[i] === false ? ' (dropped)' : ''}`}
          >
            {face}
          </span>
        )),
      )}
    </span>
  );
}

/** Faces typed in from real dice: a badge beside them, read out in full to screen readers. */
function TypedBadge() {
  return (
    <span className="badge typed" title="Typed in from physical dice">
      <span aria-hidden="true">typed</span>
      <span className="sr-only">typed in from physical dice</span>
    </span>
  );
}

function Breakdown({ text }: { text: string }) {
  return (
    <span className="breakdown">
      {breakdownParts(text).map((p, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: parts of one fixed string
        p.dropped ? <s key={i}>{p.text}</s> : <span key={i}>{p.text}</span>,
      )}
    </span>
  );
}

function Entry({
  item,
  name,
  isGm,
  onReveal,
  describe,
  earlier,
}: {
  describe: DescribeEvent | undefined;
  /** The latest event of a type before a seq in this log (for what an event leaves to earlier ones). */
  earlier: (seq: number, type: string) => SystemEvent | undefined;
  item: LogItem;
  name: (seatId: string | null) => string;
  isGm: boolean;
  onReveal: (rollId: string) => void;
}) {
  const when = <time dateTime={item.at}>{time(item.at)}</time>;
  switch (item.kind) {
    case 'joined':
      return (
        <li className="entry system-line" data-seq={item.seq}>
          {when}
          <span>
            {item.name} joined as {ROLE[item.role]}
          </span>
        </li>
      );
    case 'renamed':
      return (
        <li className="entry system-line" data-seq={item.seq}>
          {when}
          <span>A seat is now called {item.name}</span>
        </li>
      );
    case 'say':
      return (
        <li className="entry say" data-seq={item.seq}>
          {when}
          <span className="who">{name(item.by)}</span>
          <span className="text">{item.text}</span>
        </li>
      );
    case 'roll': {
      const secret = item.visibility !== 'public';
      return (
        <li className={`entry roll${secret ? ' secret' : ''}`} data-roll-id={item.rollId} data-seq={item.seq}>
          {when}
          <div className="roll-head">
            <span className="who">{name(item.by)}</span> rolled{' '}
            <code className="notation">{item.notation}</code>
            {item.label ? <span className="label"> for {item.label}</span> : null}
            {secret ? (
              <span className={`badge vis-${item.visibility}`}>
                {VISIBILITY[item.visibility]}
                {item.revealed ? ', revealed' : ''}
              </span>
            ) : null}
          </div>
          {item.result ? (
            <div className="roll-result">
              <Dice result={item.result} />
              {item.typed ? <TypedBadge /> : null}
              <span className="total">
                <span className="sr-only">total </span>
                {item.result.total}
              </span>
              <Breakdown text={item.result.text} />
            </div>
          ) : (
            <div className="roll-result hidden-result">
              <Lock />
              {item.visibility === 'blind'
                ? 'Blind roll: only the GM sees the result.'
                : 'Only the roller and the GM see the result.'}
            </div>
          )}
          {isGm && secret && !item.revealed ? (
            <button type="button" className="small" onClick={() => onReveal(item.rollId)}>
              Reveal to everyone
            </button>
          ) : null}
        </li>
      );
    }
    case 'revealed':
      return (
        <li className="entry system-line revealed" data-seq={item.seq}>
          {when}
          <span>
            {name(item.by)} revealed{' '}
            {item.roll
              ? `${item.roll.by === item.by ? 'their' : `${name(item.roll.by)}’s`} ${item.roll.notation}`
              : 'a roll'}
            {item.roll?.label ? ` for ${item.roll.label}` : ''}
            {item.result ? (
              <>
                : <strong className="revealed-total">{item.result.total}</strong>
              </>
            ) : null}
          </span>
        </li>
      );
    case 'other': {
      const text = describe
        ? describe(
            item.event,
            (id) => name(id),
            (type) => earlier(item.seq, type),
          )
        : undefined;
      if (text === null) return null;
      // A describer puts what an event led to (a Kill, a death) on lines of their own.
      const [head, ...more] = (text ?? `${item.by ? `${name(item.by)}: ` : ''}${item.type}`).split('\n');
      return (
        <>
          <li className="entry system-line game-line" data-seq={item.seq}>
            {when}
            <span>{head}</span>
            {item.typed ? <TypedBadge /> : null}
          </li>
          {more.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one event never reorder
            <li key={i} className="entry system-line game-line aftermath-line" data-after-seq={item.seq}>
              {when}
              <span>{line}</span>
            </li>
          ))}
        </>
      );
    }
  }
}

/** Closer than this to the end counts as "at the bottom" (a nudge of the finger is not a scroll up). */
const NEAR_BOTTOM = 40;

/**
 * The live log, newest at the bottom; follows new entries unless the reader scrolled up.
 *
 * "Following" is the reader's intent, not a fact measured now and then: entries change height
 * after they are shown (the system's describer loads later and lengthens lines, a hidden roll is
 * revealed), and the browser's scroll anchoring moves the view when they do. So the log stops
 * following only when the reader scrolls up, and while it follows, a ResizeObserver on the box and
 * on every entry keeps the newest line in view whatever changes size.
 */
export function LogView({
  items,
  name,
  isGm,
  onReveal,
  mySeat,
  describe,
}: {
  /** The system's describer for its own events (loaded lazily; undefined until then). */
  describe?: DescribeEvent | undefined;
  items: readonly LogItem[];
  name: (seatId: string | null) => string;
  isGm: boolean;
  onReveal: (rollId: string) => void;
  mySeat: string | undefined;
}) {
  const box = useRef<HTMLOListElement>(null);
  const following = useRef(true);
  const lastTop = useRef(0);
  const [unseen, setUnseen] = useState(0);
  const seen = useRef(0);
  const sizes = useRef<{ observer: ResizeObserver; watched: WeakSet<Element> } | null>(null);
  const earlier = useMemo(() => latestBefore(items), [items]);

  const pin = useCallback(() => {
    const el = box.current;
    if (!el) return;
    el.scrollTop = el.scrollHeight;
    lastTop.current = el.scrollTop;
  }, []);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (following.current) pin();
    });
    observer.observe(el);
    sizes.current = { observer, watched: new WeakSet() };
    return () => {
      observer.disconnect();
      sizes.current = null;
    };
  }, [pin]);

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const s = sizes.current;
    if (s) {
      if (items.length < seen.current) {
        // The log started over (the connection resynced): let go of the entries that left.
        s.observer.disconnect();
        s.observer.observe(el);
        s.watched = new WeakSet();
      }
      for (const entry of el.children) {
        if (s.watched.has(entry)) continue;
        s.watched.add(entry);
        s.observer.observe(entry);
      }
    }
    const added = items.slice(seen.current);
    seen.current = items.length;
    const mine = added.some((i) => (i.kind === 'say' || i.kind === 'roll') && i.by === mySeat);
    if (mine) following.current = true;
    if (following.current) {
      pin();
      setUnseen(0);
    } else if (added.length) setUnseen((n) => n + added.length);
  }, [items, mySeat, pin]);

  const onScroll = () => {
    const el = box.current;
    if (!el) return;
    const top = el.scrollTop;
    if (el.scrollHeight - top - el.clientHeight < NEAR_BOTTOM) {
      following.current = true;
      setUnseen(0);
    } else if (top < lastTop.current) {
      // Only a move up lets go: content growing or the browser re-anchoring moves the view down.
      following.current = false;
    }
    lastTop.current = top;
  };

  const jump = () => {
    following.current = true;
    pin();
    setUnseen(0);
  };

  return (
    <div className="log-wrap">
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the log scrolls; keyboard users need to reach it */}
      <ol className="log" ref={box} onScroll={onScroll} role="log" aria-label="Table log" tabIndex={0}>
        {items.length === 0 ? (
          <li className="entry system-line">Nothing yet. Say hello or roll some dice.</li>
        ) : null}
        {items.map((item) => (
          <Entry
            key={item.seq}
            item={item}
            name={name}
            isGm={isGm}
            onReveal={onReveal}
            describe={describe}
            earlier={earlier}
          />
        ))}
      </ol>
      {unseen > 0 ? (
        <button type="button" className="new-below" onClick={jump}>
          {unseen} new below ↓
        </button>
      ) : null}
    </div>
  );
}
