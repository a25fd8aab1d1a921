import { createContext, type RefObject, useContext, useEffect, useId, useRef, useState } from 'react';
import {
  type Conflict,
  type ConflictAction,
  type ConflictSide,
  type ConflictStep,
  campaignOf,
  other,
  SIDES,
  type SideKey,
} from '../../rules/three-sixteen/campaign/model.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import { WEAPONS } from '../../rules/three-sixteen/data/weapons.ts';
import type { Decision } from '../../rules/three-sixteen/encounter/pending.ts';
import { RANGES } from '../../rules/three-sixteen/state.ts';
import { check, POSITION_LABEL, type SeatRef, type View } from './model.ts';
import { useRunner } from './runner.tsx';
import { isMine } from './your-move.ts';

/**
 * Conflicts without Threat Tokens (PC against PC or an NPC): start one, then Dominance, range,
 * declarations and rounds, combat drugs on an FA die, the better success landing or called off,
 * hits with the armour question, flashbacks, yielding, a Weakness answering a winning Strength and
 * the winner's order. Buttons appear only when the ruleset would take the command from this seat
 * (the start and declare buttons, when greyed out, say why).
 *
 * A conflict under way is its own panel (`ConflictPanel`, shown first on the Play tab). Once it has
 * ended, `ConflictCorner` (further down) says in one line how it went, keeps the winner's order
 * and the loser's answer to a Strength at hand, and offers to start the next one.
 */

const STEP_WORDS: Readonly<Record<ConflictStep, string>> = {
  dominance: 'Dominance',
  setRange: 'setting the range',
  declare: 'declarations',
  act: 'the better success to land or call off',
  answer: 'answering a hit',
  ended: 'over',
};

/** The step in words; `act` also covers a round held for a combat-drugs choice. */
function stepWords(c: Conflict): string {
  // A yield freezes the conflict at whatever step it was on: the step itself is not what waits.
  if (c.yielding) return 'a yield waiting for an answer';
  if (c.step === 'act' && (c.dice?.open.length ?? 0) > 0)
    return 'keeping or re-rolling an FA die (combat drugs)';
  return STEP_WORDS[c.step];
}

/**
 * Focus hand-over between the panel of a conflict under way and the corner below (they are mounted
 * in different places, so React cannot keep focus across the switch): set by the side that goes
 * away while this seat's focus was in it, read once by the side that comes. `'new'`: a conflict
 * was just started from the form; a number: the id of the conflict whose panel went away.
 */
export type ConflictHandOff = RefObject<'new' | number | null>;

/** Tells the conflict panel that this seat just sent a command from it (focus follows its outcome). */
const ActedContext = createContext<() => void>(() => {});

/** Focus is nowhere (the focused control went away, or was never there). */
function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

/** Focuses the control for what the table waits on this seat for in `box`, else `fallback`. */
function focusNext(box: HTMLElement | null, fallback: HTMLElement | null): void {
  const next = box?.querySelector<HTMLElement>('[data-next]:not(:disabled)');
  (next ?? fallback)?.focus();
}

/** Whether the table waits on this seat for a decision of this kind (about this trooper, if given). */
function waitsOn(view: View, seat: SeatRef, kind: Decision['kind'], actor?: string | null): boolean {
  return view.pending.some(
    (d) => d.kind === kind && isMine(seat, d) && (actor === undefined || (d.actor ?? null) === actor),
  );
}

function Go({
  view,
  seat,
  command,
  answers,
  children,
}: {
  view: View;
  seat: SeatRef;
  command: ThreeSixteenCommand;
  /**
   * The kind of decision this control makes: when the table waits on this seat for it, focus goes
   * here after the seat's previous action.
   */
  answers?: Decision['kind'];
  children: React.ReactNode;
}) {
  const runner = useRunner();
  const acted = useContext(ActedContext);
  if (!check(view, seat, command).ok) return null;
  const next = answers !== undefined && waitsOn(view, seat, answers);
  return (
    <button
      type="button"
      // aria-disabled, not disabled, while a command is out: a disabled button drops keyboard focus
      // to the page, and a keyboard user would start again from the top.
      aria-disabled={runner.busy || undefined}
      data-next={next ? '' : undefined}
      onClick={() => {
        if (runner.busy) return;
        acted();
        void runner.run(command);
      }}
    >
      {children}
    </button>
  );
}

function sideName(view: View, s: ConflictSide): string {
  return s.kind === 'trooper' ? (view.troopers[s.trooperId]?.name ?? s.trooperId) : s.name;
}

function sideHealth(view: View, s: ConflictSide): string {
  const h = s.kind === 'trooper' ? (view.troopers[s.trooperId]?.health ?? []) : s.health;
  return h.map((m) => m ?? '□').join(' ');
}

/** Whether this seat plays the side: the GM plays every side, a player its own trooper's. */
function playsSide(view: View, seat: SeatRef, s: ConflictSide): boolean {
  if (seat.role === 'gm') return true;
  if (seat.role !== 'player') return false;
  return s.kind === 'trooper' && view.troopers[s.trooperId]?.ownerSeatId === seat.seatId;
}

function actionText(a: ConflictAction | 'ambush' | undefined): string {
  if (!a) return '—';
  if (a === 'ambush') return 'ambush';
  switch (a.kind) {
    case 'fa':
      return 'FA (wounds)';
    case 'emotional':
      return 'NFA (emotional)';
    case 'manoeuvre':
      return [a.move ? `move ${a.move}` : '', a.switchTo ? `take the ${WEAPONS[a.switchTo].name}` : '']
        .filter(Boolean)
        .join(', ');
    case 'other':
      return a.text;
  }
}

/** How an ended conflict went, in a few words about the loser (or both sides, with no winner). */
function howItEnded(view: View, c: Conflict): string {
  const loser = c.winner ? sideName(view, c.sides[other(c.winner)]) : null;
  switch (c.endReason) {
    case 'yield':
      return `${loser ?? 'a side'} yielded`;
    case 'dead':
      return loser ? `${loser} fell` : 'both sides fell';
    case 'exhausted':
      return loser ? `${loser} was worn out` : 'both sides were worn out';
    case 'strength':
      return 'a Strength decided it';
    case 'weakness':
      return `${loser ?? 'a side'} showed a Weakness`;
    case 'gm':
      return 'the GM called it';
    default:
      return 'it is over';
  }
}

/** Typed words in quotes, closing the sentence unless they already end one. */
function quoted(text: string): string {
  const t = text.trim();
  return /[.!?…]$/.test(t) ? `“${t}”` : `“${t}”.`;
}

/** The one line an ended conflict leaves on the Play tab. */
export function conflictOutcome(view: View, c: Conflict): string {
  const a = sideName(view, c.sides.a);
  const b = sideName(view, c.sides.b);
  const result = c.winner
    ? `${sideName(view, c.sides[c.winner])} wins against ${sideName(view, c.sides[other(c.winner)])}`
    : `no winner between ${a} and ${b}`;
  const terms = c.ownTerms
    ? ` ${sideName(view, c.sides[c.ownTerms.side])} answered with a Weakness and took the loss on their own terms: ${quoted(c.ownTerms.text)}`
    : '';
  const order = c.order ? ` Order: ${quoted(c.order)}` : '';
  return `Last conflict: ${result} (${howItEnded(view, c)}).${terms}${order}`;
}

// ---------------------------------------------------------------------------------------------
// Starting one, and what follows one that ended

function StartConflict({ view, seat, handOff }: { view: View; seat: SeatRef; handOff: ConflictHandOff }) {
  const runner = useRunner();
  const whyId = useId();
  const gm = seat.role === 'gm';
  const ids = view.trooperOrder.filter((id) => view.troopers[id]?.status === 'active');
  const mine = ids.filter((id) => gm || view.troopers[id]?.ownerSeatId === seat.seatId);
  const [a, setA] = useState(mine[0] ?? '');
  const [b, setB] = useState('npc');
  const [npc, setNpc] = useState('');
  const [boxes, setBoxes] = useState(1);
  const [description, setDescription] = useState('');
  if (mine.length === 0) return null;
  const command = {
    type: 'startConflict' as const,
    a: { kind: 'trooper' as const, trooperId: a || (mine[0] as string) },
    b:
      b === 'npc'
        ? { kind: 'npc' as const, name: npc.trim() || 'someone', ...(gm ? { boxes } : {}) }
        : { kind: 'trooper' as const, trooperId: b },
    ...(description.trim() ? { description } : {}),
  };
  const v = check(view, seat, command);
  return (
    <details className="ts-card">
      <summary>Start a conflict without Threat Tokens</summary>
      <div className="ts-row ts-wrap">
        <select aria-label="Side A" value={a} onChange={(e) => setA(e.target.value)}>
          {mine.map((id) => (
            <option key={id} value={id}>
              {view.troopers[id]?.name}
            </option>
          ))}
        </select>
        <span>against</span>
        <select aria-label="Side B" value={b} onChange={(e) => setB(e.target.value)}>
          <option value="npc">an NPC</option>
          {ids
            .filter((id) => id !== a)
            .map((id) => (
              <option key={id} value={id}>
                {view.troopers[id]?.name}
              </option>
            ))}
        </select>
        {b === 'npc' ? (
          <>
            <label>
              NPC name{' '}
              <input placeholder="e.g. Lt Frinks" value={npc} onChange={(e) => setNpc(e.target.value)} />
            </label>
            {gm ? (
              <select aria-label="NPC boxes" value={boxes} onChange={(e) => setBoxes(Number(e.target.value))}>
                <option value={1}>1 box</option>
                <option value={2}>2 boxes (officer)</option>
              </select>
            ) : null}
          </>
        ) : null}
        <label>
          What the conflict is about{' '}
          <input
            placeholder="the quarrel in a few words"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        <span className="ts-go">
          <button
            type="button"
            disabled={!v.ok || runner.busy}
            aria-describedby={v.ok ? undefined : whyId}
            onClick={() => {
              // The new conflict's panel opens at the top of the tab: its first step takes focus.
              handOff.current = 'new';
              void runner.run(command).then((ok) => {
                if (!ok && handOff.current === 'new') handOff.current = null;
              });
            }}
          >
            Start the conflict
          </button>
          {v.ok ? null : (
            <span id={whyId} className="ts-why">
              {v.message}
            </span>
          )}
        </span>
      </div>
    </details>
  );
}

/**
 * The loser of a conflict a Strength won may answer it with a Weakness: shown only to a seat the
 * ruleset would take it from (the loser's player, or the GM), and only while it is still open.
 */
function WeaknessAnswer({ view, seat, c }: { view: View; seat: SeatRef; c: Conflict }) {
  const runner = useRunner();
  const [text, setText] = useState('');
  const [home, setHome] = useState(false);
  const inputId = useId();
  if (c.step !== 'ended' || c.endReason !== 'strength' || !c.winner) return null;
  const probe = { type: 'answerConflictStrength' as const, text: 'a Weakness' };
  const homeOpen = check(view, seat, { ...probe, hatredForHome: true }).ok;
  if (!check(view, seat, probe).ok && !homeOpen) return null;
  const loser = sideName(view, c.sides[other(c.winner)]);
  const command = {
    type: 'answerConflictStrength' as const,
    text: text.trim(),
    ...(home && homeOpen ? { hatredForHome: true } : {}),
  };
  return (
    <form
      className="ts-row ts-wrap ts-conflict-follow"
      data-testid="conflict-weakness-answer"
      onSubmit={(e) => {
        e.preventDefault();
        if (command.text && !runner.busy) void runner.run(command);
      }}
    >
      <label htmlFor={inputId}>{loser}’s Weakness in answer to the Strength</label>
      <input
        id={inputId}
        placeholder="what the Weakness shows"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {homeOpen ? (
        <label>
          <input type="checkbox" checked={home} onChange={(e) => setHome(e.target.checked)} /> from the Hatred
          for Home slot
        </label>
      ) : null}
      <button type="submit" disabled={runner.busy || !command.text}>
        Answer the Strength with a Weakness
      </button>
      <span className="ts-muted">Still a loss, but taken on {loser}’s own terms.</span>
    </form>
  );
}

/** The winner's one order to the loser, for the seat that may give it (the winner's player or the GM). */
function OrderForm({ view, seat, c }: { view: View; seat: SeatRef; c: Conflict }) {
  const runner = useRunner();
  const [text, setText] = useState('');
  const inputId = useId();
  if (!c.winner || c.order !== null) return null;
  if (!check(view, seat, { type: 'imposeOrder', text: 'an order' }).ok) return null;
  const winner = sideName(view, c.sides[c.winner]);
  const loser = sideName(view, c.sides[other(c.winner)]);
  const order = text.trim();
  return (
    <form
      className="ts-row ts-wrap ts-conflict-follow"
      data-testid="conflict-order"
      onSubmit={(e) => {
        e.preventDefault();
        if (order && !runner.busy) void runner.run({ type: 'imposeOrder', text: order });
      }}
    >
      <label htmlFor={inputId}>Order for {loser}</label>
      <input
        id={inputId}
        placeholder={`what ${loser} must do`}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" disabled={runner.busy || !order}>
        Impose the order
      </button>
      <span className="ts-muted">{winner} may give one order, or none.</span>
    </form>
  );
}

/**
 * Below the phase's own screens while no conflict is under way: the last conflict's outcome in one
 * line (until the next one starts), the winner's order and a Weakness answering a Strength for the
 * seats that may give them, and the form to start another for those who may.
 */
export function ConflictCorner({
  view,
  seat,
  handOff,
}: {
  view: View;
  seat: SeatRef;
  handOff: ConflictHandOff;
}) {
  const last = campaignOf(view).conflict;
  const outcome = useRef<HTMLParagraphElement>(null);
  const lastFocused = useRef<Element | null>(null);
  // The conflict this seat was acting in has just ended: carry on from its outcome (and only from
  // that one's: a hand-over left over from a panel that went away for another reason is dropped).
  const lastId = last?.step === 'ended' ? last.id : null;
  useEffect(() => {
    const from = handOff.current;
    if (typeof from !== 'number') return;
    handOff.current = null;
    if (from === lastId && focusLost()) outcome.current?.focus();
  }, [handOff, lastId]);
  // The order or the Weakness answer goes once given, taking focus with it: back to the outcome.
  useEffect(() => {
    const gone = lastFocused.current;
    if (!gone || gone.isConnected) return;
    lastFocused.current = null;
    if (focusLost()) outcome.current?.focus();
  });
  const c = last?.step === 'ended' ? last : null;
  const canStart =
    seat.role !== 'spectator' &&
    view.trooperOrder.some((id) => {
      const t = view.troopers[id];
      return t?.status === 'active' && (seat.role === 'gm' || t.ownerSeatId === seat.seatId);
    });
  if (!c && !canStart) return null;
  return (
    <section
      className="ts-conflicts"
      aria-label="Conflicts"
      onFocus={(e) => {
        lastFocused.current = e.target;
      }}
    >
      {c ? (
        // A status, so a screen reader hears how it ended, as everyone else sees the panel go.
        <p
          ref={outcome}
          tabIndex={-1}
          role="status"
          className="ts-conflict-last"
          data-testid="conflict-outcome"
        >
          {conflictOutcome(view, c)}
        </p>
      ) : null}
      {c ? <OrderForm view={view} seat={seat} c={c} /> : null}
      {c ? <WeaknessAnswer view={view} seat={seat} c={c} /> : null}
      {canStart ? <StartConflict view={view} seat={seat} handOff={handOff} /> : null}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------
// A conflict under way

/** One choice of the declaration list: its value in the list, its words, and the action. */
interface Choice {
  readonly value: string;
  readonly label: string;
  readonly action: ConflictAction | null;
}

/**
 * What a side may declare: the attacks, the range steps there is room for, and the weapons of the
 * side's own trooper other than the one in hand (an NPC has none to change to).
 */
function choicesFor(view: View, c: Conflict, side: SideKey): readonly Choice[] {
  const s = c.sides[side];
  const t = s.kind === 'trooper' ? view.troopers[s.trooperId] : undefined;
  const at = c.range ? RANGES.indexOf(c.range) : -1;
  const out: Choice[] = [
    { value: 'fa', label: 'FA: wound', action: { kind: 'fa' } },
    { value: 'emotional', label: 'NFA: emotional attack', action: { kind: 'emotional' } },
  ];
  if (at > 0)
    out.push({ value: 'closer', label: 'move closer', action: { kind: 'manoeuvre', move: 'closer' } });
  if (at >= 0 && at < RANGES.length - 1)
    out.push({ value: 'farther', label: 'move farther', action: { kind: 'manoeuvre', move: 'farther' } });
  for (const w of new Set(t?.weapons.map((o) => o.weapon) ?? []))
    if (w !== t?.currentWeapon)
      out.push({
        value: `switch:${w}`,
        label: `NFA: take the ${WEAPONS[w].name}`,
        action: { kind: 'manoeuvre', switchTo: w },
      });
  out.push({ value: 'other', label: 'something else', action: null });
  return out;
}

/** A side's declaration for the round: its own list, and the button that says why when refused. */
function Declaration({ view, seat, c, side }: { view: View; seat: SeatRef; c: Conflict; side: SideKey }) {
  const runner = useRunner();
  const acted = useContext(ActedContext);
  const name = sideName(view, c.sides[side]);
  const choices = choicesFor(view, c, side);
  const [value, setValue] = useState('fa');
  const [text, setText] = useState('');
  const textId = useId();
  const whyId = useId();
  const choice = choices.find((x) => x.value === value) ?? (choices[0] as Choice);
  const action: ConflictAction = choice.action ?? { kind: 'other', text: text.trim() };
  const command: ThreeSixteenCommand = { type: 'declareConflict', side, action };
  const declared = c.declarations[side];
  const s = c.sides[side];
  // The GM may declare for a PC too, but only the side's own decider is waited on for it.
  const next = waitsOn(view, seat, 'conflictDeclare', s.kind === 'trooper' ? s.trooperId : null);
  const v =
    choice.action === null && !text.trim()
      ? { ok: false as const, message: `say what ${name} does first` }
      : check(view, seat, command);
  return (
    <form
      className="ts-row ts-wrap"
      onSubmit={(e) => {
        e.preventDefault();
        if (!v.ok || runner.busy) return;
        acted();
        void runner.run(command);
      }}
    >
      <select
        aria-label={`Conflict action for ${name}`}
        value={choice.value}
        // Until this side has declared, choosing its action is what the table waits on.
        data-next={next ? '' : undefined}
        onChange={(e) => setValue(e.target.value)}
      >
        {choices.map((x) => (
          <option key={x.value} value={x.value}>
            {x.label}
          </option>
        ))}
      </select>
      {choice.action === null ? (
        <label htmlFor={textId}>
          What {name} does{' '}
          <input
            id={textId}
            placeholder="in a few words"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
      ) : null}
      <span className="ts-go">
        <button
          type="submit"
          disabled={!v.ok}
          aria-disabled={runner.busy || undefined}
          aria-describedby={v.ok ? undefined : whyId}
        >
          Declare for {name}
        </button>
        {v.ok ? null : (
          <span id={whyId} className="ts-why">
            {v.message}
          </span>
        )}
      </span>
      {declared ? (
        <span className="ts-muted">Declared: {actionText(declared)}. It may change until the dice roll.</span>
      ) : null}
    </form>
  );
}

/** A Strength or Weakness for a trooper's side: either ends the conflict at once. */
function Flashback({ view, seat, c, side }: { view: View; seat: SeatRef; c: Conflict; side: SideKey }) {
  const runner = useRunner();
  const acted = useContext(ActedContext);
  const [text, setText] = useState('');
  const inputId = useId();
  const name = sideName(view, c.sides[side]);
  const kinds = (['strength', 'weakness'] as const).filter(
    (kind) => check(view, seat, { type: 'conflictFlashback', side, kind, text: 'a flashback' }).ok,
  );
  if (kinds.length === 0) return null;
  const typed = text.trim();
  return (
    <div className="ts-row ts-wrap">
      <label htmlFor={inputId}>Flashback for {name}</label>
      <input
        id={inputId}
        placeholder="what the flashback shows"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {kinds.map((kind) => (
        <button
          key={kind}
          type="button"
          disabled={!typed}
          aria-disabled={runner.busy || undefined}
          onClick={() => {
            if (runner.busy) return;
            acted();
            void runner.run({ type: 'conflictFlashback', side, kind, text: typed });
          }}
        >
          {kind === 'strength' ? 'Strength' : 'Weakness'} for {name}
        </button>
      ))}
      <span className="ts-muted">A Strength wins the conflict for {name}; a Weakness loses it.</span>
    </div>
  );
}

/** Everything one side may do besides the table's shared steps, for a seat that plays it. */
function SideControls({ view, seat, c, side }: { view: View; seat: SeatRef; c: Conflict; side: SideKey }) {
  const name = sideName(view, c.sides[side]);
  const declaring =
    c.step === 'declare' &&
    check(view, seat, { type: 'declareConflict', side, action: { kind: 'emotional' } }).ok;
  const yields = check(view, seat, { type: 'yieldConflict', side }).ok;
  const flashbacks =
    c.sides[side].kind === 'trooper' &&
    (['strength', 'weakness'] as const).some(
      (kind) => check(view, seat, { type: 'conflictFlashback', side, kind, text: 'a flashback' }).ok,
    );
  if (!declaring && !yields && !flashbacks) return null;
  return (
    <fieldset className="ts-conflict-side">
      <legend>{name}</legend>
      {declaring ? <Declaration view={view} seat={seat} c={c} side={side} /> : null}
      {flashbacks ? <Flashback view={view} seat={seat} c={c} side={side} /> : null}
      <Go view={view} seat={seat} command={{ type: 'yieldConflict', side }}>
        {name} yields
      </Go>
    </fieldset>
  );
}

/** A line the table waits on: an alert for the seat that must answer it, a status for the rest. */
function Prompt({
  mine,
  testId,
  children,
}: {
  mine: boolean;
  testId?: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <p className="ts-alert" role={mine ? 'alert' : 'status'} data-testid={testId}>
      {children}
    </p>
  );
}

/** The panel of a conflict under way, for every seat; controls only for those who may use them. */
export function ConflictPanel({
  view,
  seat,
  handOff,
}: {
  view: View;
  seat: SeatRef;
  handOff: ConflictHandOff;
}) {
  const runner = useRunner();
  const [reason, setReason] = useState('');
  const section = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The view this seat acted on, until the view that follows it arrives; then focus moves on.
  // `prompted` and `sent`: a dice box was seen for it, and the command seen going out (a box
  // closed with nothing sent was cancelled, and nothing will follow).
  const actedOn = useRef<{ view: View; prompted: boolean; sent: boolean } | null>(null);
  const lastFocused = useRef<Element | null>(null);
  const viewNow = useRef(view);
  viewNow.current = view;
  const c = campaignOf(view).conflict;

  // Just started from the form below: the first step (Dominance) takes focus.
  useEffect(() => {
    if (handOff.current !== 'new') return;
    handOff.current = null;
    if (focusLost()) focusNext(section.current, heading.current);
  }, [handOff]);

  // After this seat's action, focus goes to the next thing it must do here (or the heading), once
  // the new view is in: the control it used often goes away (Roll the round) or stays, done with
  // (Declare), and the browser would otherwise leave focus on the page itself.
  useEffect(() => {
    const box = section.current;
    if (!box) return;
    const lost = focusLost();
    const a = actedOn.current;
    if (a && runner.error) actedOn.current = null;
    else if (a) {
      if (runner.busy) a.sent = true;
      if (runner.prompt) a.prompted = true;
      const cancelled = a.prompted && !a.sent && !runner.prompt && !runner.busy;
      if (cancelled) actedOn.current = null;
      if (cancelled || runner.busy || runner.prompt || view === a.view) {
        // Still going, or given up (the dice box closed either way): wait on the heading, not on
        // the page.
        if (lost) heading.current?.focus({ preventScroll: true });
        return;
      }
      actedOn.current = null;
      if (lost || box.contains(document.activeElement)) focusNext(box, heading.current);
      return;
    }
    // A control someone else's move took away: carry on from the heading, as the encounter does.
    const gone = lastFocused.current;
    if (gone && !gone.isConnected && lost) {
      lastFocused.current = null;
      heading.current?.focus();
    }
  });

  // The conflict ended (or the tab changed) with this seat's focus in the panel: hand it to the
  // outcome line below, which replaces the panel.
  const id = c?.id ?? null;
  useEffect(
    () => () => {
      if (id !== null && focusLost() && (actedOn.current !== null || lastFocused.current !== null))
        handOff.current = id;
    },
    [handOff, id],
  );

  if (!c || c.step === 'ended') return null;
  const acted = () => {
    actedOn.current = { view: viewNow.current, prompted: false, sent: false };
  };
  const { dice } = c;
  const held = c.step === 'act' ? (dice?.open ?? []) : [];
  const mySides = SIDES.filter((k) => playsSide(view, seat, c.sides[k]));
  const name = (k: SideKey) => sideName(view, c.sides[k]);
  const hit = c.pendingHit;
  return (
    <ActedContext.Provider value={acted}>
      <section
        ref={section}
        className="ts-card ts-actions"
        aria-label="Conflict"
        onFocus={(e) => {
          lastFocused.current = e.target;
        }}
      >
        <h3 ref={heading} tabIndex={-1} data-testid="conflict-heading">
          Conflict: {name('a')} against {name('b')}
        </h3>
        {c.description ? <p className="ts-briefing">{c.description}</p> : null}
        <p>
          Step: {stepWords(c)}, round {c.round}, range {c.range ? POSITION_LABEL[c.range] : 'not set'}.
        </p>
        <table className="ts-round">
          <tbody>
            {SIDES.map((s) => (
              <tr key={s}>
                <th scope="row">{name(s)}</th>
                <td>{sideHealth(view, c.sides[s])}</td>
                <td>{actionText(c.declarations[s])}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {c.queue.length > 0 ? (
          <p>Next: {c.queue.map((q) => `${name(q.side)} (${q.face}, ${actionText(q.action)})`).join(', ')}</p>
        ) : null}
        {c.yielding ? (
          <Prompt mine={waitsOn(view, seat, 'answerYield')} testId="conflict-yield">
            {name(c.yielding)} yields. If {name(other(c.yielding))} accepts, the conflict ends and{' '}
            {name(other(c.yielding))} wins it; if refused, it goes on where it was.
          </Prompt>
        ) : null}
        {held.length > 0 ? (
          <Prompt mine={waitsOn(view, seat, 'conflictDrugs')} testId="conflict-drugs">
            {held
              .map((k) => {
                const test = dice?.tests[k];
                return `${name(k)}’s FA die ${test ? `(${test.face} against ${test.target}) ` : ''}${test?.success ? 'ties' : 'fails'}`;
              })
              .join('; ')}
            . Combat drugs (once per planet) roll it again; a 10 on the new roll deals the user a Kill. Or
            keep the die as it fell.
          </Prompt>
        ) : null}
        {c.step === 'act' && c.queue[0] && held.length === 0 ? (
          <Prompt mine={waitsOn(view, seat, 'conflictTurn')} testId="conflict-waiting">
            {name(c.queue[0].side)}’s success ({c.queue[0].face}) goes first. Calling it off makes the other
            side’s lower success fail too.
          </Prompt>
        ) : null}
        {hit ? (
          <Prompt mine={waitsOn(view, seat, 'conflictHit')} testId="conflict-hit">
            {name(hit.target)} is hit ({hit.mark}: {hit.mark === 'X' ? 'a wound' : 'exhaustion'})
            {hit.by === hit.target ? ' by the combat drugs' : ''}.
          </Prompt>
        ) : null}
        <div className="ts-row ts-wrap ts-conflict-row">
          <Go view={view} seat={seat} command={{ type: 'answerYield', accept: true }} answers="answerYield">
            Accept the yield
          </Go>
          <Go view={view} seat={seat} command={{ type: 'answerYield', accept: false }}>
            Refuse the yield
          </Go>
          <Go view={view} seat={seat} command={{ type: 'rollConflictDominance' }} answers="conflictDominance">
            Roll Dominance
          </Go>
          {SIDES.map((s) => (
            <Go key={s} view={view} seat={seat} command={{ type: 'rollConflictDominance', stayOut: s }}>
              Keep {name(s)} out of the Dominance roll
            </Go>
          ))}
          {RANGES.map((r) => (
            <Go
              key={r}
              view={view}
              seat={seat}
              command={{ type: 'setConflictRange', range: r }}
              answers="conflictRange"
            >
              Range: {POSITION_LABEL[r]}
            </Go>
          ))}
          <Go view={view} seat={seat} command={{ type: 'rollConflictRound' }} answers="conflictRoll">
            Roll the round
          </Go>
          {SIDES.map((s) => (
            <Go
              key={s}
              view={view}
              seat={seat}
              command={{ type: 'useConflictDrugs', side: s }}
              answers="conflictDrugs"
            >
              Combat drugs: roll {name(s)}’s FA die again
            </Go>
          ))}
          {/* Worded apart from every other button (role names match by substring). While a die is
              held for the drugs, going on keeps it. */}
          {held.length > 0 ? (
            <Go view={view} seat={seat} command={{ type: 'takeConflictTurn' }} answers="conflictDrugs">
              Keep the die as it fell
            </Go>
          ) : (
            <Go view={view} seat={seat} command={{ type: 'takeConflictTurn' }} answers="conflictTurn">
              Let this success land
            </Go>
          )}
          <Go view={view} seat={seat} command={{ type: 'takeConflictTurn', cancel: true }}>
            Call off this success
          </Go>
          <Go
            view={view}
            seat={seat}
            command={{ type: 'answerConflictHit', useArmour: true }}
            answers="conflictHit"
          >
            Tick armour
          </Go>
          <Go
            view={view}
            seat={seat}
            command={{ type: 'answerConflictHit', useArmour: false }}
            answers="conflictHit"
          >
            Take the hit
          </Go>
          <Go view={view} seat={seat} command={{ type: 'moveConflict', move: 'closer' }}>
            Move closer
          </Go>
          <Go view={view} seat={seat} command={{ type: 'moveConflict', move: 'farther' }}>
            Move farther
          </Go>
        </div>
        {mySides.map((s) => (
          <SideControls key={s} view={view} seat={seat} c={c} side={s} />
        ))}
        {seat.role === 'gm' ? (
          <div className="ts-row ts-wrap">
            <label>
              Why the GM ends it{' '}
              <input placeholder="a few words" value={reason} onChange={(e) => setReason(e.target.value)} />
            </label>
            {(['a', 'b', null] as const).map((w) => (
              <Go
                key={String(w)}
                view={view}
                seat={seat}
                command={{ type: 'gmEndConflict', winner: w, reason }}
              >
                End: {w ? `${name(w)} wins` : 'no winner'}
              </Go>
            ))}
          </div>
        ) : null}
      </section>
    </ActedContext.Provider>
  );
}
