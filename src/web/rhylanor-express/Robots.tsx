import { useState } from 'react';
import type { Character } from '../../rules/rhylanor-express/character.ts';
import { robotActor } from '../../rules/rhylanor-express/robots.ts';
import type { RhylanorState } from '../../rules/rhylanor-express/ruleset.ts';
import type { Combat, Machine, SideId } from '../../rules/rhylanor-express/state.ts';
import { robotSkillDm } from '../../rules/rhylanor-express/vehicles.ts';
import { byId, Choice, NumberField, named } from './Fields.tsx';
import { mayAct, type SeatRef, sheets, signed, type View } from './model.ts';
import { OddsLine } from './Odds.tsx';
import { mayRoll, previewOdds } from './preview.ts';
import { Riders } from './Riders.tsx';
import { useRunner } from './runner.tsx';
import { JoinFight } from './Vehicles.tsx';

/**
 * Robots and vehicles in play (§7.13, §7.14): the referee brings a robot from the pack; anyone
 * at the table applies hits of a given penetration (each through the damage tables, the dice in
 * the log); a technician the seat plays repairs an effect, the chance shown before the dice.
 * A robot's skills suffer its damage: the DM shows on its card.
 */

function MachineCard({ view, seat, m }: { view: View; seat: SeatRef; m: Machine }) {
  const { run, busy } = useRunner();
  const techs = sheets(view).filter((c) => mayAct(seat, c));
  const [pen, setPen] = useState('10');
  const [hits, setHits] = useState('1');
  const [effect, setEffect] = useState('');
  const [tech, setTech] = useState('');
  const fix = m.damage.includes(effect) ? effect : (m.damage[0] ?? '');
  const technicianId = techs.some((c) => c.id === tech) ? tech : (techs[0]?.id ?? '');
  const repair =
    fix && technicianId
      ? ({ type: 'machine.repair', machineId: m.id, technicianId, effect: fix } as const)
      : null;
  const odds = repair ? previewOdds(view, seat, repair) : null;
  const skillDm = m.kind === 'robot' ? robotSkillDm(m) : 0;
  return (
    <article className="re-card" aria-label={`${m.kind === 'robot' ? 'Robot' : 'Vehicle'} ${m.name}`}>
      <h4>
        {m.name}{' '}
        <span className="re-muted">
          ({m.kind}, armour {m.armour})
        </span>
      </h4>
      <p data-testid="machine-state">
        {m.destroyed
          ? 'destroyed'
          : m.inert
            ? 'inert'
            : m.damage.length > 0
              ? m.damage.join(', ')
              : 'undamaged'}
        {m.kind === 'robot' && skillDm !== 0 ? ` · skills ${signed(skillDm)}` : ''}
      </p>
      {/* Outside a fight its riders are here; in one, with the vehicle's orders (Vehicles.tsx). */}
      {m.kind === 'vehicle' && !view.combat?.combatants[m.id] ? (
        <Riders view={view} seat={seat} m={m} />
      ) : null}
      {m.destroyed ? null : (
        <form
          className="re-inline"
          aria-label={`Hit ${m.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            run(
              {
                type: 'machine.hit',
                machineId: m.id,
                pen: Math.trunc(Number(pen)),
                hits: Math.trunc(Number(hits)),
              },
              `hits on ${m.name}`,
            );
          }}
        >
          <NumberField label="PEN" name="pen" min={0} max={200} value={pen} onChange={setPen} />
          <NumberField label="hits" name="hits" min={1} max={20} value={hits} onChange={setHits} />
          <button type="submit" disabled={busy}>
            Apply the hits
          </button>
        </form>
      )}
      {m.damage.length > 0 && techs.length > 0 ? (
        <form
          aria-label={`Repair ${m.name}`}
          onSubmit={(e) => {
            e.preventDefault();
            if (repair) run(repair, `repair of ${m.name}`);
          }}
        >
          <div className="re-grid">
            <Choice
              label="Effect"
              name="repairEffect"
              options={named(m.damage)}
              value={fix}
              onChange={setEffect}
            />
            <Choice
              label="Technician"
              name="technician"
              options={byId(techs)}
              value={technicianId}
              onChange={setTech}
            />
          </div>
          <OddsLine odds={odds} testId="repair-odds" />
          <button type="submit" disabled={busy || !mayRoll(odds)}>
            Repair
          </button>
        </form>
      ) : null}
    </article>
  );
}

export function Robots({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const [packId, setPackId] = useState('');
  const [name, setName] = useState('');
  const machines = Object.values(view.machines);
  const gm = seat.role === 'gm';
  if (!gm && machines.length === 0) return null;
  const robot = view.pack.robots.find((r) => r.id === packId) ?? view.pack.robots[0];
  return (
    <section className="re-card" aria-label="Robots and vehicles">
      <h3>Robots and vehicles</h3>
      {machines.length === 0 ? <p className="re-muted">None in play.</p> : null}
      {seat.role === 'spectator'
        ? machines.map((m) => (
            <p key={m.id}>
              {m.name}: {m.destroyed ? 'destroyed' : m.damage.join(', ') || 'undamaged'}
            </p>
          ))
        : machines.map((m) => <MachineCard key={m.id} view={view} seat={seat} m={m} />)}
      {gm && robot ? (
        <form
          className="re-inline"
          aria-label="Bring a robot into play"
          onSubmit={(e) => {
            e.preventDefault();
            run(
              {
                type: 'machine.add',
                kind: 'robot',
                packId: robot.id,
                ...(name.trim() ? { name: name.trim() } : {}),
              },
              'robot',
            );
          }}
        >
          <Choice
            label="Robot"
            name="packRobot"
            options={byId(view.pack.robots)}
            value={robot.id}
            onChange={setPackId}
          />
          <label>
            Name{' '}
            <input name="robotName" value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </label>
          <button type="submit" disabled={busy}>
            Bring the robot into play
          </button>
        </form>
      ) : null}
    </section>
  );
}

/**
 * The robots of a side in the fight as the rules read them (§7.14): a character-shaped sheet under
 * the machine's id (`robotActor`: its pack skills, its weapon and the rounds left), so the man's
 * move and fire forms serve it too. The referee's only (the rules refuse players a robot); a
 * wrecked one is left out, one that cannot act now stays, its refusal said in words.
 */
export function robotsOnSide(view: View, seat: SeatRef, combat: Combat, side: SideId): Character[] {
  if (seat.role !== 'gm') return [];
  return Object.values(combat.combatants).flatMap((at) => {
    const m = view.machines[at.id];
    if (m?.kind !== 'robot' || at.side !== side || m.destroyed) return [];
    if (!view.pack.robots.some((r) => r.id === m.packId)) return [];
    // The referee's view is the whole state.
    return [robotActor(view as unknown as RhylanorState, m)];
  });
}

/** The referee's: robots in play but not in the fight, each with its way in. */
export function RobotsToJoin({ view, combat }: { view: View; combat: Combat }) {
  const idle = Object.values(view.machines).filter(
    (m) => m.kind === 'robot' && !m.destroyed && !m.inert && !combat.combatants[m.id],
  );
  if (idle.length === 0) return null;
  return (
    <section className="re-vehicles" aria-label="Robots to bring in">
      <h4>Robots</h4>
      {idle.map((m) => (
        <JoinFight key={m.id} combat={combat} m={m} />
      ))}
    </section>
  );
}
