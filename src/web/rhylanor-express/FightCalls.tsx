import { useState } from 'react';
import { type Character, skillLevel } from '../../rules/rhylanor-express/character.ts';
import { INDIRECT_TARGETS, type IndirectAttack } from '../../rules/rhylanor-express/data/tables.ts';
import type { RhylanorCommand } from '../../rules/rhylanor-express/ruleset.ts';
import type { Combat, SideId } from '../../rules/rhylanor-express/state.ts';
import { Choice, NumberField } from './Fields.tsx';
import { mayAct, type SeatRef, sheets, type View } from './model.ts';
import { OddsLine } from './Odds.tsx';
import { mayRoll, type Odds, oddsOf, previewCommand, previewOdds } from './preview.ts';
import { useRunner } from './runner.tsx';
import { combatantName } from './Vehicles.tsx';
import { freshGraze } from './your-move.ts';

/**
 * The firefight's less common calls (§7.9, §7.11, §7.12, §7.15): a grazed man steadies himself
 * (his own morale check), a character looks for a concealed enemy in his command phase, a forward
 * observer calls indirect fire, and the referee rules a side's morale outright. Each roll shows
 * the rules' modifiers and exact chance first; indirect fire's chance is the landing roll's, made
 * when the rounds arrive.
 */

function Steady({ view, seat, combat, c }: { view: View; seat: SeatRef; combat: Combat; c: Character }) {
  const { run, busy } = useRunner();
  const command: RhylanorCommand = { type: 'combat.steady', characterId: c.id };
  const odds = previewOdds(view, seat, command);
  return (
    <fieldset className="re-inline" aria-label={`${c.name} steadies`}>
      {c.name} is grazed: <OddsLine odds={odds} testId={`steady-odds-${c.id}`} />
      <button
        type="button"
        disabled={busy || view.window !== null || !mayRoll(odds) || combat.stage !== 'turns'}
        onClick={() => run(command, `${c.name} steadies`)}
      >
        {c.name} keeps his nerve?
      </button>
    </fieldset>
  );
}

function Seek({ view, seat, combat, c }: { view: View; seat: SeatRef; combat: Combat; c: Character }) {
  const { run, busy } = useRunner();
  const side = combat.combatants[c.id]?.side;
  const hidden = Object.values(combat.combatants).filter((m) => m.side !== side && m.concealed);
  const [target, setTarget] = useState('');
  const t = hidden.find((m) => m.id === target) ?? hidden[0];
  if (!t || combat.acted[`seek:${c.id}`]) return null;
  const command: RhylanorCommand = { type: 'combat.seek', characterId: c.id, targetId: t.id };
  const odds = previewOdds(view, seat, command);
  return (
    <form
      className="re-inline"
      aria-label={`${c.name} looks for a hidden enemy`}
      onSubmit={(e) => {
        e.preventDefault();
        run(command, `${c.name} looks`);
      }}
    >
      <Choice
        label="Look for"
        name="seekTarget"
        options={hidden.map((m) => ({ value: m.id, label: combatantName(view, m.id) }))}
        value={t.id}
        onChange={setTarget}
      />
      <OddsLine odds={odds} testId={`seek-odds-${c.id}`} />
      <button type="submit" disabled={busy || !mayRoll(odds)}>
        Look
      </button>
    </form>
  );
}

const ATTACK_WORDS: Readonly<Record<IndirectAttack, string>> = {
  firstShot: 'first shot',
  laterShot: 'later shot (corrected)',
  homingMissile: 'homing missile',
  laserGuided: 'laser-guided round',
};

/** The landing roll's odds of a call the rules would accept: its DMs against the attack's target. */
export function callOdds(
  view: View,
  seat: SeatRef,
  command: RhylanorCommand & { attack: IndirectAttack },
): Odds {
  const result = previewCommand(view, seat, command);
  if (!result.ok) return result;
  const called = result.events.find((e) => e.type === 'combat.indirectCalled') as
    | { call: { dms: readonly { source: string; value: number }[] } }
    | undefined;
  if (!called) return { ok: false, code: 'NO_ROLL', message: 'no call is made' };
  return oddsOf({ mods: called.call.dms, pool: [], target: INDIRECT_TARGETS[command.attack] });
}

function CallFire({ view, seat, c }: { view: View; seat: SeatRef; c: Character }) {
  const { run, busy } = useRunner();
  const [attack, setAttack] = useState<IndirectAttack>('firstShot');
  const [x, setX] = useState('0');
  const [y, setY] = useState('0');
  const [km, setKm] = useState('3');
  const [gunner, setGunner] = useState('0');
  const [turns, setTurns] = useState('0');
  const command: RhylanorCommand & { type: 'combat.callFire' } = {
    type: 'combat.callFire',
    observerId: c.id,
    attack,
    x: Number(x),
    y: Number(y),
    distanceKm: Number(km),
    gunnerSkill: Math.trunc(Number(gunner)),
    gunnerDms: [],
    correctionTurns: Math.trunc(Number(turns)),
  };
  const odds = callOdds(view, seat, command);
  return (
    <form
      aria-label={`${c.name} calls fire`}
      onSubmit={(e) => {
        e.preventDefault();
        run(command, `${c.name} calls fire`);
      }}
    >
      <div className="re-grid">
        <Choice
          label="Fire"
          name="callAttack"
          options={(Object.keys(ATTACK_WORDS) as IndirectAttack[]).map((a) => ({
            value: a,
            label: ATTACK_WORDS[a],
          }))}
          value={attack}
          onChange={(v) => setAttack(v as IndirectAttack)}
        />
        <NumberField label="at x (m)" name="callX" value={x} onChange={setX} />
        <NumberField label="y (m)" name="callY" value={y} onChange={setY} />
        <NumberField label="guns away (km)" name="callKm" min={0} value={km} onChange={setKm} />
        <NumberField
          label="gunner's skill"
          name="callGunner"
          min={0}
          max={15}
          value={gunner}
          onChange={setGunner}
        />
        <NumberField
          label="turns correcting"
          name="callTurns"
          min={0}
          max={20}
          value={turns}
          onChange={setTurns}
        />
      </div>
      <OddsLine
        odds={odds}
        testId={`call-odds-${c.id}`}
        note="rolled when the rounds land: within 5 km next command phase, 50 km the one after, beyond 2 + 1d6 turns; a miss deviates"
      />
      <button type="submit" disabled={busy || !mayRoll(odds)}>
        Call the fire
      </button>
    </form>
  );
}

function MoraleRuling({ combat }: { combat: Combat }) {
  const { run, busy } = useRunner();
  return (
    <form
      className="re-inline"
      aria-label="Referee: morale ruling"
      onSubmit={(e) => {
        e.preventDefault();
        const d = new FormData(e.currentTarget);
        run(
          {
            type: 'combat.setMorale',
            side: String(d.get('moraleSide')) as SideId,
            morale: String(d.get('moraleState')),
          },
          'morale ruling',
        );
      }}
    >
      <Choice
        label="Side"
        name="moraleSide"
        options={(['a', 'b'] as const).map((s) => ({
          value: s,
          label: `${combat.sides[s].name} (${combat.sides[s].morale})`,
        }))}
      />
      <Choice
        label="is"
        name="moraleState"
        options={[
          { value: 'steady', label: 'steady' },
          { value: 'fled', label: 'fled' },
          { value: 'surrendered', label: 'surrendered' },
        ]}
      />
      <button type="submit" disabled={busy}>
        Rule
      </button>
    </form>
  );
}

/**
 * The calls for the seat's characters in the fight: `members` are those it may order in this
 * phase (looking and calling fire are command-phase acts of the phasing side).
 */
export function FightCalls({
  view,
  seat,
  combat,
  members,
}: {
  view: View;
  seat: SeatRef;
  combat: Combat;
  members: readonly Character[];
}) {
  const own = sheets(view).filter((c) => mayAct(seat, c) && combat.combatants[c.id]);
  const grazed = combat.stage === 'turns' ? own.filter((c) => freshGraze(c, combat)) : [];
  const command = combat.stage === 'turns' && combat.phase === 'command' ? members : [];
  const observers = command.filter((c) => skillLevel(c, 'Forward Observer') !== null);
  const pending = combat.indirect;
  const gm = seat.role === 'gm';
  if (grazed.length === 0 && command.length === 0 && pending.length === 0 && !gm) return null;
  return (
    <fieldset className="re-actions" aria-label="Other calls of the fight">
      {grazed.map((c) => (
        <Steady key={c.id} view={view} seat={seat} combat={combat} c={c} />
      ))}
      {command.map((c) => (
        <Seek key={c.id} view={view} seat={seat} combat={combat} c={c} />
      ))}
      {observers.map((c) => (
        <CallFire key={c.id} view={view} seat={seat} c={c} />
      ))}
      {pending.length > 0 ? (
        <ul aria-label="Indirect fire on its way" className="re-muted">
          {pending.map((p) => (
            <li key={p.id}>
              {ATTACK_WORDS[p.attack]} called by {combatantName(view, p.observerId)} on {p.x}, {p.y} m: lands
              in turn {p.arrivesTurn}
            </li>
          ))}
        </ul>
      ) : null}
      {gm ? <MoraleRuling combat={combat} /> : null}
    </fieldset>
  );
}
