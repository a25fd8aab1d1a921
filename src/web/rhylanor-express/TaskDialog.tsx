import { useMemo, useState } from 'react';
import { canAct } from '../../rules/rhylanor-express/character.ts';
import {
  CHARACTERISTICS,
  type Characteristic,
  DIFFICULTIES,
  SUBSTITUTIONS,
} from '../../rules/rhylanor-express/data/tables.ts';
import type { RhylanorCommand } from '../../rules/rhylanor-express/ruleset.ts';
import { isSheet, mayAct, type SeatRef, signed, type View } from './model.ts';
import { chanceText, previewTask } from './preview.ts';
import { useRunner } from './runner.tsx';
import { allSkills } from './Sheet.tsx';
import { playsSide } from './your-move.ts';

/**
 * The task dialog (§1): a character, the skill (or a substitution row) and characteristic, the
 * difficulty, and situational modifiers ticked with their values. Before the dice the ruleset
 * itself (run on this seat's view) lists every modifier it will apply and the exact chance; the
 * roll's breakdown then lands in the log.
 */

interface Situational {
  readonly id: number;
  readonly source: string;
  readonly value: number;
  readonly on: boolean;
}

const DIFFICULTY_WORDS: Record<string, string> = {
  easy: 'Easy',
  average: 'Average',
  aboveAverage: 'Above average',
  hard: 'Hard',
  veryHard: 'Very hard',
  daunting: 'Daunting',
  nearImpossible: 'Near impossible',
};

export function TaskDialog({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const mine = Object.values(view.characters).filter((c) => isSheet(c) && mayAct(seat, c) && canAct(c));
  const [characterId, setCharacterId] = useState('');
  const [skill, setSkill] = useState('');
  const [characteristic, setCharacteristic] = useState<Characteristic | ''>('');
  const [difficulty, setDifficulty] = useState<string>('average');
  const [label, setLabel] = useState('');
  const [mods, setMods] = useState<Situational[]>([]);
  const [newSource, setNewSource] = useState('');
  const [newValue, setNewValue] = useState('1');
  const chosen = mine.find((c) => c.id === characterId) ?? mine[0];
  const skills = allSkills(view);
  const held = chosen && isSheet(chosen) ? Object.keys(chosen.skills).sort() : [];

  const command = useMemo((): RhylanorCommand | null => {
    if (!chosen) return null;
    const dms = mods.filter((m) => m.on).map((m) => ({ source: m.source, value: m.value }));
    const base = {
      type: 'task.roll' as const,
      characterId: chosen.id,
      ...(skill.startsWith('sub:') ? { substitution: skill.slice(4) } : skill ? { skills: [skill] } : {}),
      ...(characteristic ? { characteristic } : {}),
      ...(difficulty.startsWith('t:') ? { target: Number(difficulty.slice(2)) } : { difficulty }),
      ...(dms.length > 0 ? { dms } : {}),
      ...(label.trim() ? { label: label.trim() } : {}),
    };
    return base as RhylanorCommand;
  }, [chosen, skill, characteristic, difficulty, mods, label]);

  const preview = command ? previewTask(view, seat, command) : null;

  if (mine.length === 0)
    return (
      <section className="re-card" aria-label="Task roll">
        <h3>Task roll</h3>
        <p className="re-muted">
          Take a character first (Crew): tasks are rolled for a character who can act.
        </p>
      </section>
    );

  return (
    <form
      className="re-card re-task"
      aria-label="Task roll"
      onSubmit={(e) => {
        e.preventDefault();
        if (command) run(command, 'task roll');
      }}
    >
      <h3>Task roll</h3>
      <div className="re-grid">
        <label>
          Character
          <select name="character" value={chosen?.id ?? ''} onChange={(e) => setCharacterId(e.target.value)}>
            {mine.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Skill
          <select name="skill" value={skill} onChange={(e) => setSkill(e.target.value)}>
            <option value="">none (characteristic only)</option>
            <optgroup label="Held">
              {held.map((s) => (
                <option key={`h-${s}`} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
            <optgroup label="Substitutions">
              {Object.entries(SUBSTITUTIONS).map(([id, sub]) => (
                <option key={id} value={`sub:${id}`}>
                  {sub.task} (
                  {sub.skills.map((x) => `${x.skill}${x.dm ? ` ${signed(x.dm)}` : ''}`).join(' or ')})
                </option>
              ))}
            </optgroup>
            <optgroup label="Every skill">
              {skills.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </optgroup>
          </select>
        </label>
        <label>
          Characteristic
          <select
            name="characteristic"
            value={characteristic}
            onChange={(e) => setCharacteristic(e.target.value as Characteristic | '')}
          >
            <option value="">none</option>
            {CHARACTERISTICS.map((ch) => (
              <option key={ch} value={ch}>
                {ch}
              </option>
            ))}
          </select>
        </label>
        <label>
          Difficulty
          <select name="difficulty" value={difficulty} onChange={(e) => setDifficulty(e.target.value)}>
            {Object.entries(DIFFICULTIES).map(([id, target]) => (
              <option key={id} value={id}>
                {DIFFICULTY_WORDS[id] ?? id} ({target}+)
              </option>
            ))}
            {[2, 3, 4, 5, 7, 9, 11, 13, 15].map((t) => (
              <option key={`t${t}`} value={`t:${t}`}>
                {t}+ (set by the referee)
              </option>
            ))}
          </select>
        </label>
        <label className="re-wide">
          What is tried (for the log)
          <input name="label" value={label} maxLength={120} onChange={(e) => setLabel(e.target.value)} />
        </label>
      </div>
      <fieldset className="re-mods">
        <legend>Situational modifiers</legend>
        {mods.length === 0 ? <p className="re-muted">None yet: add what the referee rules applies.</p> : null}
        {mods.map((m) => (
          <label key={m.id} className="re-mod">
            <input
              type="checkbox"
              checked={m.on}
              onChange={(e) =>
                setMods((all) => all.map((x) => (x.id === m.id ? { ...x, on: e.target.checked } : x)))
              }
            />{' '}
            {m.source} <strong>{signed(m.value)}</strong>
          </label>
        ))}
        <div className="re-inline">
          <label>
            Modifier{' '}
            <input
              name="modSource"
              value={newSource}
              maxLength={80}
              onChange={(e) => setNewSource(e.target.value)}
            />
          </label>{' '}
          <label>
            Value{' '}
            <select name="modValue" value={newValue} onChange={(e) => setNewValue(e.target.value)}>
              {[-6, -5, -4, -3, -2, -1, 1, 2, 3, 4, 5, 6].map((n) => (
                <option key={n} value={n}>
                  {signed(n)}
                </option>
              ))}
            </select>
          </label>{' '}
          <button
            type="button"
            disabled={!newSource.trim()}
            onClick={() => {
              setMods((all) => [
                ...all,
                {
                  id: (all.at(-1)?.id ?? 0) + 1,
                  source: newSource.trim(),
                  value: Number(newValue),
                  on: true,
                },
              ]);
              setNewSource('');
            }}
          >
            Add modifier
          </button>
        </div>
      </fieldset>
      <div className="re-preview" aria-live="polite" data-testid="task-preview">
        {preview?.ok ? (
          <>
            <ul>
              {preview.mods.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rules' list, in order
                <li key={i}>
                  {m.source} <strong>{signed(m.value)}</strong>
                </li>
              ))}
              {view.staged.length > 0 ? (
                <li>
                  pool points before the dice{' '}
                  <strong>{signed(view.staged.reduce((s, p) => s + p.delta, 0))}</strong>
                </li>
              ) : null}
            </ul>
            <p>
              2d6 {signed(preview.dm)} against {preview.target}+: chance{' '}
              <strong data-testid="task-chance">{chanceText(preview.outOf36)}</strong>
            </p>
          </>
        ) : preview ? (
          <p className="re-problem" data-code={preview.code}>
            {preview.message}
          </p>
        ) : null}
      </div>
      {view.combat ? <PoolBefore view={view} seat={seat} /> : null}
      <button type="submit" disabled={busy || !preview?.ok}>
        Roll the task
      </button>
    </form>
  );
}

/**
 * Tactics-pool points put down before the dice (§7.3): they go on the next roll made, and the
 * chance above counts them. Only in a fight, by a seat playing a side with points left.
 */
function PoolBefore({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const combat = view.combat;
  if (!combat || view.window) return null;
  const sides = (['a', 'b'] as const).filter((s) => combat.sides[s].pool > 0 && playsSide(view, seat, s));
  if (sides.length === 0) return null;
  return (
    <fieldset className="re-mods" aria-label="Pool points before the dice">
      <legend>Tactics pool, before the dice</legend>
      {sides.map((s) => (
        <p key={s}>
          {combat.sides[s].name}: {combat.sides[s].pool} left{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => run({ type: 'pool.spend', side: s, delta: 1 })}
          >
            +1 on the next roll
          </button>{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => run({ type: 'pool.spend', side: s, delta: -1 })}
          >
            −1 on the next roll
          </button>
        </p>
      ))}
    </fieldset>
  );
}
