import { useId, useState } from 'react';
import {
  type Conflict,
  type ConflictAction,
  type ConflictEnd,
  type ConflictSide,
  type ConflictStep,
  campaignOf,
  type SideKey,
} from '../../rules/three-sixteen/campaign/model.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import { WEAPONS } from '../../rules/three-sixteen/data/weapons.ts';
import { RANGES, type WeaponId } from '../../rules/three-sixteen/state.ts';
import { check, POSITION_LABEL, type SeatRef, type View } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * Conflicts without Threat Tokens (PC against PC or an NPC): start one, then Dominance, range,
 * declarations and rounds, combat drugs on an FA die, the better success landing or called off,
 * hits with the armour question, flashbacks, yielding, a Weakness answering a winning Strength and
 * the winner's order. Buttons appear only when the ruleset would take the command from this seat
 * (the start button, always shown, says why it is greyed out).
 */

const STEP_WORDS: Readonly<Record<ConflictStep, string>> = {
  dominance: 'Dominance',
  setRange: 'setting the range',
  declare: 'declarations',
  act: 'the better success to land or call off',
  answer: 'answering a hit',
  ended: 'over',
};

const END_WORDS: Readonly<Record<ConflictEnd, string>> = {
  yield: 'a side yielded',
  dead: 'a side is dead',
  exhausted: 'a side broke down',
  strength: 'a Strength settled it',
  weakness: 'a Weakness settled it',
  gm: 'the GM ended it',
};

/** The step in words; `act` also covers a round held for a combat-drugs choice. */
function stepWords(c: Conflict): string {
  if (c.step === 'act' && (c.dice?.open.length ?? 0) > 0)
    return 'keeping or re-rolling an FA die (combat drugs)';
  return STEP_WORDS[c.step];
}

function Go({
  view,
  seat,
  command,
  children,
}: {
  view: View;
  seat: SeatRef;
  command: ThreeSixteenCommand;
  children: React.ReactNode;
}) {
  const runner = useRunner();
  if (!check(view, seat, command).ok) return null;
  return (
    <button type="button" disabled={runner.busy} onClick={() => void runner.run(command)}>
      {children}
    </button>
  );
}

function StartButton({ view, seat, command }: { view: View; seat: SeatRef; command: ThreeSixteenCommand }) {
  const runner = useRunner();
  const whyId = useId();
  const v = check(view, seat, command);
  return (
    <span className="ts-go">
      <button
        type="button"
        disabled={!v.ok || runner.busy}
        aria-describedby={v.ok ? undefined : whyId}
        onClick={() => void runner.run(command)}
      >
        Start the conflict
      </button>
      {v.ok ? null : (
        <span id={whyId} className="ts-why">
          {v.message}
        </span>
      )}
    </span>
  );
}

function sideName(view: View, s: ConflictSide): string {
  return s.kind === 'trooper' ? (view.troopers[s.trooperId]?.name ?? s.trooperId) : s.name;
}

function sideHealth(view: View, s: ConflictSide): string {
  const h = s.kind === 'trooper' ? (view.troopers[s.trooperId]?.health ?? []) : s.health;
  return h.map((m) => m ?? '□').join(' ');
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
  const loser = sideName(view, c.sides[c.winner === 'a' ? 'b' : 'a']);
  const command = {
    type: 'answerConflictStrength' as const,
    text: text.trim(),
    ...(home && homeOpen ? { hatredForHome: true } : {}),
  };
  return (
    <form
      className="ts-row ts-wrap"
      data-testid="conflict-weakness-answer"
      onSubmit={(e) => {
        e.preventDefault();
        if (command.text) void runner.run(command);
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

function StartConflict({ view, seat }: { view: View; seat: SeatRef }) {
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
        <StartButton view={view} seat={seat} command={command} />
      </div>
    </details>
  );
}

export function ConflictPanel({ view, seat }: { view: View; seat: SeatRef }) {
  const c = campaignOf(view).conflict;
  const [text, setText] = useState('');
  // `switch:<weapon>` takes another carried weapon in hand (an NFA manoeuvre).
  const [kind, setKind] = useState<string>('fa');
  const [reason, setReason] = useState('');
  if (!c) {
    const last = campaignOf(view).lastConflict;
    return (
      <>
        {last ? (
          <p className="ts-muted" data-testid="last-conflict">
            Last conflict: {sideName(view, last.sides.a)} against {sideName(view, last.sides.b)} —{' '}
            {last.winner ? `${sideName(view, last.sides[last.winner])} won` : 'no winner'}
            {last.endReason ? ` (${END_WORDS[last.endReason]})` : ''}
            {last.ownTerms ? '; the loser answered with a Weakness' : ''}
            {last.order ? `; order: “${last.order}”` : ''}
          </p>
        ) : null}
        {seat.role === 'spectator' ? null : <StartConflict view={view} seat={seat} />}
      </>
    );
  }
  const sides: SideKey[] = ['a', 'b'];
  const { dice, ownTerms } = c;
  const held = c.step === 'act' ? (dice?.open ?? []) : [];
  const action: ConflictAction =
    kind === 'closer' || kind === 'farther'
      ? { kind: 'manoeuvre', move: kind }
      : kind.startsWith('switch:')
        ? { kind: 'manoeuvre', switchTo: kind.slice('switch:'.length) as WeaponId }
        : kind === 'other'
          ? { kind: 'other', text: text || '…' }
          : { kind: kind === 'emotional' ? 'emotional' : 'fa' };
  // The weapons the troopers in it carry, for the "change weapon" choice.
  const carried = [
    ...new Set(
      sides.flatMap((s) => {
        const sd = c.sides[s];
        return sd.kind === 'trooper' ? (view.troopers[sd.trooperId]?.weapons.map((w) => w.weapon) ?? []) : [];
      }),
    ),
  ];
  return (
    <section className="ts-card ts-actions" aria-label="Conflict">
      <h3>
        Conflict: {sideName(view, c.sides.a)} against {sideName(view, c.sides.b)}
      </h3>
      {c.description ? <p className="ts-briefing">{c.description}</p> : null}
      <p>
        Step: {stepWords(c)}, round {c.round}, range {c.range ? POSITION_LABEL[c.range] : 'not set'}.
      </p>
      <table className="ts-round">
        <tbody>
          {sides.map((s) => (
            <tr key={s}>
              <th scope="row">{sideName(view, c.sides[s])}</th>
              <td>{sideHealth(view, c.sides[s])}</td>
              <td>{actionText(c.declarations[s])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {c.queue.length > 0 ? (
        <p>
          Next:{' '}
          {c.queue
            .map((q) => `${sideName(view, c.sides[q.side])} (${q.face}, ${actionText(q.action)})`)
            .join(', ')}
        </p>
      ) : null}
      {c.winner || c.endReason ? (
        <p className="ts-alert" data-testid="conflict-outcome">
          {c.winner ? `${sideName(view, c.sides[c.winner])} wins` : 'No winner'}
          {c.endReason ? ` (${END_WORDS[c.endReason]})` : ''}.{' '}
          {ownTerms
            ? `${sideName(view, c.sides[ownTerms.side])} answered with a Weakness and took the loss on their own terms: “${ownTerms.text}”. `
            : ''}
          {c.winner && !c.order ? 'The winner may type an order below and impose it.' : ''}
          {c.order ? `Order: “${c.order}”` : ''}
        </p>
      ) : null}
      <WeaknessAnswer view={view} seat={seat} c={c} />
      {held.length > 0 ? (
        <p className="ts-alert" data-testid="conflict-drugs">
          {held
            .map((k) => {
              const test = dice?.tests[k];
              const name = sideName(view, c.sides[k]);
              return `${name}’s FA die ${test ? `(${test.face} against ${test.target}) ` : ''}${test?.success ? 'ties' : 'fails'}`;
            })
            .join('; ')}
          . Combat drugs (once per planet) roll it again; a 10 on the new roll deals the user a Kill. Or keep
          the die as it fell.
        </p>
      ) : null}
      {c.step === 'act' && c.queue[0] && held.length === 0 ? (
        <p className="ts-alert" data-testid="conflict-waiting">
          {sideName(view, c.sides[c.queue[0].side])}’s success ({c.queue[0].face}) goes first. Calling it off
          makes the other side’s lower success fail too.
        </p>
      ) : null}
      {c.pendingHit ? (
        <p className="ts-alert">
          {sideName(view, c.sides[c.pendingHit.target])} is hit ({c.pendingHit.mark})
          {c.pendingHit.by === c.pendingHit.target ? ' by the combat drugs' : ''}.
        </p>
      ) : null}
      <div className="ts-row ts-wrap">
        <Go view={view} seat={seat} command={{ type: 'rollConflictDominance' }}>
          Roll Dominance
        </Go>
        {sides.map((s) => (
          <Go key={s} view={view} seat={seat} command={{ type: 'rollConflictDominance', stayOut: s }}>
            Keep {sideName(view, c.sides[s])} out of the Dominance roll
          </Go>
        ))}
        {RANGES.map((r) => (
          <Go key={r} view={view} seat={seat} command={{ type: 'setConflictRange', range: r }}>
            Range: {POSITION_LABEL[r]}
          </Go>
        ))}
        <Go view={view} seat={seat} command={{ type: 'rollConflictRound' }}>
          Roll the round
        </Go>
        {sides.map((s) => (
          <Go key={s} view={view} seat={seat} command={{ type: 'useConflictDrugs', side: s }}>
            Combat drugs: roll {sideName(view, c.sides[s])}’s FA die again
          </Go>
        ))}
        {/* Worded apart from every other button (role names match by substring). While a die is
            held for the drugs, going on keeps it. */}
        {held.length > 0 ? (
          <Go view={view} seat={seat} command={{ type: 'takeConflictTurn' }}>
            Keep the die as it fell
          </Go>
        ) : (
          <Go view={view} seat={seat} command={{ type: 'takeConflictTurn' }}>
            Let this success land
          </Go>
        )}
        <Go view={view} seat={seat} command={{ type: 'takeConflictTurn', cancel: true }}>
          Call off this success
        </Go>
        <Go view={view} seat={seat} command={{ type: 'answerConflictHit', useArmour: true }}>
          Tick armour
        </Go>
        <Go view={view} seat={seat} command={{ type: 'answerConflictHit', useArmour: false }}>
          Take the hit
        </Go>
        <Go view={view} seat={seat} command={{ type: 'moveConflict', move: 'closer' }}>
          Move closer
        </Go>
        <Go view={view} seat={seat} command={{ type: 'moveConflict', move: 'farther' }}>
          Move farther
        </Go>
        <Go view={view} seat={seat} command={{ type: 'answerYield', accept: true }}>
          Accept the yield
        </Go>
        <Go view={view} seat={seat} command={{ type: 'answerYield', accept: false }}>
          Refuse the yield
        </Go>
      </div>
      <div className="ts-row ts-wrap">
        {/* The action is chosen only while declaring: at any other step it would read as a choice
            still open when the table waits on something else. */}
        {c.step === 'declare' ? (
          <select
            aria-label="Conflict action"
            value={kind}
            onChange={(e) => setKind(e.target.value as typeof kind)}
          >
            <option value="fa">FA: wound</option>
            <option value="emotional">NFA: emotional attack</option>
            <option value="closer">move closer</option>
            <option value="farther">move farther</option>
            {carried.map((w) => (
              <option key={w} value={`switch:${w}`}>
                NFA: take the {WEAPONS[w].name}
              </option>
            ))}
            <option value="other">something else</option>
          </select>
        ) : null}
        <label>
          Conflict text{' '}
          <input
            placeholder="an action, a flashback, the order"
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
        </label>
        {sides.map((s) => (
          <span key={s} className="ts-row ts-wrap">
            <Go view={view} seat={seat} command={{ type: 'declareConflict', side: s, action }}>
              Declare for {sideName(view, c.sides[s])}
            </Go>
            <Go view={view} seat={seat} command={{ type: 'yieldConflict', side: s }}>
              {sideName(view, c.sides[s])} yields
            </Go>
            {text.trim() ? (
              <>
                <Go
                  view={view}
                  seat={seat}
                  command={{ type: 'conflictFlashback', side: s, kind: 'strength', text }}
                >
                  Strength for {sideName(view, c.sides[s])}
                </Go>
                <Go
                  view={view}
                  seat={seat}
                  command={{ type: 'conflictFlashback', side: s, kind: 'weakness', text }}
                >
                  Weakness for {sideName(view, c.sides[s])}
                </Go>
              </>
            ) : null}
          </span>
        ))}
        {text.trim() ? (
          <Go view={view} seat={seat} command={{ type: 'imposeOrder', text }}>
            Impose the order
          </Go>
        ) : null}
      </div>
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
              End: {w ? `${sideName(view, c.sides[w])} wins` : 'no winner'}
            </Go>
          ))}
        </div>
      ) : null}
    </section>
  );
}
