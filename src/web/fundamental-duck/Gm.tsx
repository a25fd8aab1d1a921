import { useId, useState } from 'react';
import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import { type CommandOf, commandSchema } from '../../rules/fundamental-duck/commands.ts';
import type { Facing } from '../../rules/fundamental-duck/state.ts';
import { DOOR_RULES } from '../../rules/fundamental-duck/threat/door-rules.ts';
import { FACING_NAMES, type FdView, figureName, teamersOf, threatsOf, WOUND_LABEL } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * The GM's overrides (the ruleset's `gmOverride`, logged with its reason, as 3:16's "GM overrides
 * and notes" and Elite Unit's "Override a value"): put a Teamer or a Threat on another square or
 * facing (a module nobody has entered counts as entered by a Teamer put in it, unless the GM
 * leaves it for his first step: `moduleEntered`), set its wounds (a Teamer's BINGE and chicken
 * too), take a Threat off the board, open or
 * shut a door or set its battering damage so far. Only the fields changed are sent; the square must be one of the arena's, and the
 * form says what is still missing before it lets the GM send.
 */

type Target = 'teamer' | 'threat' | 'door';

export interface OverrideForm {
  readonly target: Target;
  readonly id: string;
  /** "x,y" as typed, or '' to leave the figure where it is. */
  readonly square: string;
  readonly facing: '' | `${Facing}`;
  readonly wounds: string;
  readonly binge: string;
  readonly chicken: '' | 'yes' | 'no';
  /**
   * A Teamer put on a new square: leave its module unentered, so his first step inside is the
   * first into it with its BINGE test (12); unticked, the placement counts as his entering it.
   */
  readonly leaveUnentered: boolean;
  readonly remove: boolean;
  readonly open: '' | 'open' | 'closed';
  /** A door's battering damage so far, as typed ('' leaves it). */
  readonly damage: string;
  readonly reason: string;
}

export const EMPTY_FORM: OverrideForm = {
  target: 'teamer',
  id: '',
  square: '',
  facing: '',
  wounds: '',
  binge: '',
  chicken: '',
  leaveUnentered: false,
  remove: false,
  open: '',
  damage: '',
  reason: '',
};

type Override = CommandOf<'gmOverride'>;

/**
 * The command the form asks for, or what is wrong with it in words (`hint`: a step still to take;
 * `problem`: a value the arena or the rules refuse).
 */
export function overrideCommand(
  view: FdView,
  arena: Arena,
  f: OverrideForm,
): { command: Override } | { hint: string } | { problem: string } {
  const id = f.id || defaultId(view, arena, f.target);
  if (id === '') return { problem: `there is no ${f.target} to change` };
  const change: Record<string, unknown> = {};
  if (f.target === 'door') {
    const door = arena.doors.find((d) => String(d.index) === id);
    if (!door) return { problem: `there is no door ${id}` };
    change.door = door.index;
    if (f.open !== '') change.open = f.open === 'open';
    if (f.damage.trim() !== '') {
      const damage = Number(f.damage);
      // A hole is the battering Threat's roll (it picks the side); the rules refuse setting one.
      if (!Number.isInteger(damage) || damage < 0 || damage >= DOOR_RULES.holeAtDamage)
        return { problem: `damage is a whole number from 0 to ${DOOR_RULES.holeAtDamage - 1}` };
      change.damage = damage;
    }
  } else {
    if (f.target === 'teamer') change.teamerId = id;
    else change.threatId = id;
    if (f.target === 'threat' && f.remove) change.remove = true;
    else {
      if (f.square.trim() !== '') {
        const m = /^\s*(\d+)\s*[, ]\s*(\d+)\s*$/.exec(f.square);
        if (!m) return { problem: 'type the square as x,y (e.g. 4,7)' };
        const x = Number(m[1]);
        const y = Number(m[2]);
        if (x >= arena.width || y >= arena.height || arena.isSquare[y * arena.width + x] !== 1)
          return { problem: `(${x},${y}) is not a square of the arena` };
        change.x = x;
        change.y = y;
        if (f.target === 'teamer' && f.leaveUnentered) change.moduleEntered = false;
      }
      if (f.facing !== '') change.facing = Number(f.facing);
      if (f.wounds !== '') change.wounds = Number(f.wounds);
      if (f.target === 'teamer') {
        if (f.binge !== '') change.binge = Number(f.binge);
        if (f.chicken !== '') change.chicken = f.chicken === 'yes';
      }
    }
  }
  const fields = Object.keys(change).filter((k) => !['teamerId', 'threatId', 'door'].includes(k));
  if (fields.length === 0) return { hint: 'change something first' };
  if (f.reason.trim() === '') return { hint: 'give a reason first' };
  const parsed = commandSchema.safeParse({ type: 'gmOverride', ...change, reason: f.reason.trim() });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return {
      problem: issue ? `${issue.path.join('.') || 'override'}: ${issue.message}` : 'not a valid override',
    };
  }
  return { command: parsed.data as Override };
}

function defaultId(view: FdView, arena: Arena, target: Target): string {
  if (target === 'teamer') return view.teamOrder[0] ?? '';
  if (target === 'threat') return view.threatOrder[0] ?? '';
  return arena.doors[0] ? String(arena.doors[0].index) : '';
}

/** Where the chosen thing stands now, in words (so the GM sees what he is changing). */
function now(view: FdView, target: Target, id: string): string {
  if (target === 'door') {
    const d = view.doors[Number(id)];
    if (!d) return '';
    return `${d.jammed ? 'jammed' : d.open ? 'open' : 'closed'}${d.holes.length ? ', holed' : ''}, damage ${d.damage}`;
  }
  if (target === 'teamer') {
    const t = Object.hasOwn(view.teamers, id) ? view.teamers[id] : undefined;
    if (!t) return '';
    const where = t.x === null ? 'on the bridge' : `at ${t.x},${t.y}`;
    return `${where}, facing ${FACING_NAMES[t.facing]}, ${WOUND_LABEL[Math.min(3, t.wounds)]}, BINGE ${t.binge}${t.chicken ? ', chicken' : ''}`;
  }
  const th = Object.hasOwn(view.threats, id) ? view.threats[id] : undefined;
  if (!th) return '';
  return `at ${th.x},${th.y}, facing ${FACING_NAMES[th.facing]}, ${th.wounds} wound(s)`;
}

export function GmOverrides({
  view,
  arena,
  runner,
  picked,
}: {
  view: FdView;
  arena: Arena;
  runner: FdRunner;
  /** The square last chosen on the board ("x,y"), offered as the new square. */
  picked: string | null;
}) {
  const whyId = useId();
  const [form, setForm] = useState<OverrideForm>(EMPTY_FORM);
  const set = (patch: Partial<OverrideForm>) => setForm((f) => ({ ...f, ...patch }));
  const id = form.id || defaultId(view, arena, form.target);
  const verdict = overrideCommand(view, arena, form);
  const hint = 'hint' in verdict ? verdict.hint : null;
  const problem = 'problem' in verdict ? verdict.problem : null;
  const figure = form.target !== 'door';
  return (
    <details className="fd-card fd-gm" data-testid="fd-gm">
      <summary>GM overrides</summary>
      <form
        className="fd-gm-form"
        onSubmit={async (ev) => {
          ev.preventDefault();
          if (!('command' in verdict)) return;
          if (await runner.run(verdict.command)) setForm({ ...EMPTY_FORM, target: form.target, id: form.id });
        }}
      >
        <div className="fd-buttons">
          <select
            aria-label="What to change"
            value={form.target}
            onChange={(e) =>
              setForm({ ...EMPTY_FORM, target: e.target.value as Target, reason: form.reason })
            }
          >
            <option value="teamer">a Teamer</option>
            <option value="threat">a Threat</option>
            <option value="door">a door</option>
          </select>
          <select aria-label="Which" value={id} onChange={(e) => set({ id: e.target.value })}>
            {form.target === 'teamer'
              ? teamersOf(view).map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))
              : form.target === 'threat'
                ? threatsOf(view).map((t) => (
                    <option key={t.id} value={t.id}>
                      {figureName(view, t.id)}
                    </option>
                  ))
                : arena.doors.map((d) => (
                    <option key={d.index} value={String(d.index)}>
                      Door {d.id}
                    </option>
                  ))}
          </select>
        </div>
        {id ? <p className="fd-muted">Now: {now(view, form.target, id)}.</p> : null}
        {figure && !form.remove ? (
          <div className="fd-buttons">
            <label>
              Square{' '}
              <input
                aria-label="New square (x,y)"
                placeholder="x,y"
                size={6}
                value={form.square}
                onChange={(e) => set({ square: e.target.value })}
              />
            </label>
            {picked && picked !== form.square ? (
              <button type="button" onClick={() => set({ square: picked })}>
                Use {picked} (picked on the board)
              </button>
            ) : null}
            <label>
              Facing{' '}
              <select
                aria-label="New facing"
                value={form.facing}
                onChange={(e) => set({ facing: e.target.value as OverrideForm['facing'] })}
              >
                <option value="">as now</option>
                {FACING_NAMES.map((n, k) => (
                  <option key={n} value={String(k)}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            <label>
              Wounds{' '}
              <select value={form.wounds} onChange={(e) => set({ wounds: e.target.value })}>
                <option value="">as now</option>
                {(form.target === 'teamer' ? WOUND_LABEL : ['0', '1', '2', '3']).map((n, k) => (
                  <option key={n} value={String(k)}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
            {form.target === 'teamer' ? (
              <>
                <label>
                  BINGE{' '}
                  <select value={form.binge} onChange={(e) => set({ binge: e.target.value })}>
                    <option value="">as now</option>
                    {[1, 2, 3, 4, 5, 6].map((n) => (
                      <option key={n} value={String(n)}>
                        {n}
                      </option>
                    ))}
                  </select>
                </label>
                {form.square.trim() !== '' ? (
                  <label title="Unticked, a module nobody has entered yet counts as entered by him (no BINGE test)">
                    <input
                      type="checkbox"
                      checked={form.leaveUnentered}
                      onChange={(e) => set({ leaveUnentered: e.target.checked })}
                    />{' '}
                    his first step there is the first into the module (BINGE test)
                  </label>
                ) : null}
                <label>
                  Chicken{' '}
                  <select
                    value={form.chicken}
                    onChange={(e) => set({ chicken: e.target.value as OverrideForm['chicken'] })}
                  >
                    <option value="">as now</option>
                    <option value="yes">yes</option>
                    <option value="no">no</option>
                  </select>
                </label>
              </>
            ) : null}
          </div>
        ) : null}
        {form.target === 'threat' ? (
          <label className="fd-buttons">
            <input
              type="checkbox"
              checked={form.remove}
              onChange={(e) => set({ remove: e.target.checked })}
            />{' '}
            take it off the board
          </label>
        ) : null}
        {form.target === 'door' ? (
          <label className="fd-buttons">
            Door{' '}
            <select value={form.open} onChange={(e) => set({ open: e.target.value as OverrideForm['open'] })}>
              <option value="">as now</option>
              <option value="open">open</option>
              <option value="closed">closed</option>
            </select>{' '}
            <input
              aria-label="Battering damage"
              inputMode="numeric"
              placeholder={`damage (0–${DOOR_RULES.holeAtDamage - 1})`}
              size={10}
              value={form.damage}
              onChange={(e) => set({ damage: e.target.value })}
            />
          </label>
        ) : null}
        <div className="fd-buttons">
          <input
            aria-label="Reason"
            placeholder="reason (required, in the log)"
            maxLength={400}
            value={form.reason}
            onChange={(e) => set({ reason: e.target.value })}
          />
          <button
            type="submit"
            disabled={hint !== null || problem !== null || runner.busy}
            aria-describedby={hint || problem ? whyId : undefined}
            data-testid="fd-gm-override"
          >
            Override
          </button>
          {hint || problem ? (
            <span id={whyId} className={problem ? 'fd-problem' : 'fd-muted'}>
              {hint ?? problem}
            </span>
          ) : null}
        </div>
      </form>
    </details>
  );
}
