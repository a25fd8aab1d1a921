import { useState } from 'react';
import { DEMOLITION_TARGETS } from '../../rules/rhylanor-express/data/tables.ts';
import type { RhylanorCommand } from '../../rules/rhylanor-express/ruleset.ts';
import { byId, Choice, NumberField, named } from './Fields.tsx';
import { mayAct, type SeatRef, sheets, type View } from './model.ts';
import { OddsLine } from './Odds.tsx';
import { mayRoll, previewOdds } from './preview.ts';
import { useRunner } from './runner.tsx';

/**
 * Intrusion and forensics (§9) at the table: picking a lock, blowing a door or a safe, hacking a
 * network, forging data, searching a scene for evidence. The seat picks one of its characters and
 * what he works on; the rules' own modifiers and, where the seat may know the target, the exact
 * chance show before the dice. A lock's pick number and a network's Security Target are the
 * referee's, so a player sees his DM only.
 */

type Work = 'pickLock' | 'demolish' | 'hack' | 'forge' | 'search';

const WORK: readonly { value: Work; label: string }[] = [
  { value: 'pickLock', label: 'pick a lock' },
  { value: 'demolish', label: 'demolition' },
  { value: 'hack', label: 'hack a network' },
  { value: 'forge', label: 'forge data' },
  { value: 'search', label: 'search for evidence' },
];

const ITEMS = Object.keys(DEMOLITION_TARGETS);

export function Intrusion({ view, seat }: { view: View; seat: SeatRef }) {
  const { run, busy } = useRunner();
  const all = sheets(view);
  const mine = all.filter((c) => mayAct(seat, c));
  const [work, setWork] = useState<Work>('pickLock');
  const [who, setWho] = useState('');
  const [lockId, setLockId] = useState('');
  const [item, setItem] = useState(ITEMS[0] ?? '');
  const [chargeId, setChargeId] = useState('');
  const [mode, setMode] = useState<'breach' | 'open'>('breach');
  const [networkId, setNetworkId] = useState('');
  const [forgeTarget, setForgeTarget] = useState('');
  const [team, setTeam] = useState<string[]>([]);
  const [kind, setKind] = useState<'physical' | 'electronic' | 'accounting'>('physical');
  const [tl, setTl] = useState('10');
  const [culprit, setCulprit] = useState('');
  if (mine.length === 0 || seat.role === 'spectator') return null;
  const characterId = mine.some((c) => c.id === who) ? who : (mine[0]?.id ?? '');
  const lock = view.pack.locks.find((l) => l.id === lockId) ?? view.pack.locks[0];
  const charge = view.pack.charges.find((c) => c.id === chargeId) ?? view.pack.charges[0];
  const network = view.pack.networks.find((n) => n.id === networkId) ?? view.pack.networks[0];
  const investigators = team.filter((id) => mine.some((c) => c.id === id));
  const searchers = investigators.length > 0 ? investigators : [characterId];
  const suspect = culprit || all.find((c) => !searchers.includes(c.id))?.id || '';
  const gm = seat.role === 'gm';
  let command: RhylanorCommand | null = null;
  let note: string | undefined;
  let naturalFails: number[] = [];
  if (work === 'pickLock' && lock) {
    command = { type: 'intrusion.pickLock', characterId, lockId: lock.id };
    naturalFails = [2];
    note = 'a natural 2 jams the lock for good';
  } else if (work === 'demolish' && charge) {
    command = { type: 'intrusion.demolish', characterId, item, chargeId: charge.id, mode };
    const needed = mode === 'breach' ? DEMOLITION_TARGETS[item]?.breach : DEMOLITION_TARGETS[item]?.open;
    note =
      needed === null || needed === undefined
        ? undefined
        : charge.pen < needed
          ? `the ${charge.name} (PEN ${charge.pen}) is too weak for ${needed}: wasted, no roll`
          : 'a natural 2 is a mishap for the demolitionist';
  } else if (work === 'hack' && network) {
    command = { type: 'intrusion.hack', characterId, networkId: network.id };
    note = 'failing by 4 or more is discovery';
  } else if (work === 'forge') {
    const t = Math.trunc(Number(forgeTarget));
    command = { type: 'intrusion.forge', characterId, ...(gm && forgeTarget && t >= 2 ? { target: t } : {}) };
  } else if (work === 'search') {
    command = {
      type: 'intrusion.search',
      investigators: searchers,
      kind,
      tl: Math.trunc(Number(tl)),
      ...(kind === 'physical' || !suspect ? {} : { culpritId: suspect }),
    } as RhylanorCommand;
  }
  const odds = command ? previewOdds(view, seat, command, naturalFails) : null;
  return (
    <form
      className="re-card"
      aria-label="Intrusion and forensics"
      onSubmit={(e) => {
        e.preventDefault();
        if (command) run(command, WORK.find((w) => w.value === work)?.label);
      }}
    >
      <h3>Intrusion and forensics</h3>
      <div className="re-grid">
        <Choice
          label="Task"
          name="intrusionWork"
          options={WORK}
          value={work}
          onChange={(v) => setWork(v as Work)}
        />
        {work === 'search' ? null : (
          <Choice label="Who" name="intruder" options={byId(mine)} value={characterId} onChange={setWho} />
        )}
        {work === 'pickLock' ? (
          <Choice
            label="Lock"
            name="lock"
            options={view.pack.locks.map((l) => ({
              value: l.id,
              label: `${l.name}${view.jammedLocks.includes(l.id) ? ' (jammed)' : ''}`,
            }))}
            value={lock?.id ?? ''}
            onChange={setLockId}
          />
        ) : null}
        {work === 'demolish' ? (
          <>
            <Choice
              label="Target"
              name="demolitionItem"
              options={named(ITEMS)}
              value={item}
              onChange={setItem}
            />
            <Choice
              label="Charge"
              name="charge"
              options={view.pack.charges.map((c) => ({ value: c.id, label: `${c.name} (PEN ${c.pen})` }))}
              value={charge?.id ?? ''}
              onChange={setChargeId}
            />
            <Choice
              label="To"
              name="demolitionMode"
              options={[
                { value: 'breach', label: 'breach it' },
                { value: 'open', label: 'open it' },
              ]}
              value={mode}
              onChange={(v) => setMode(v as 'breach' | 'open')}
            />
          </>
        ) : null}
        {work === 'hack' ? (
          <Choice
            label="Network"
            name="network"
            options={byId(view.pack.networks)}
            value={network?.id ?? ''}
            onChange={setNetworkId}
          />
        ) : null}
        {work === 'forge' && gm ? (
          <NumberField
            label="Target (blank: the pack's)"
            name="forgeTarget"
            min={2}
            max={30}
            value={forgeTarget}
            onChange={setForgeTarget}
          />
        ) : null}
        {work === 'search' ? (
          <>
            <Choice
              label="Evidence"
              name="evidenceKind"
              options={[
                { value: 'physical', label: 'physical' },
                { value: 'electronic', label: 'electronic' },
                { value: 'accounting', label: 'accounting' },
              ]}
              value={kind}
              onChange={(v) => setKind(v as typeof kind)}
            />
            <NumberField label="TL" name="evidenceTl" min={0} max={25} value={tl} onChange={setTl} />
            {kind === 'physical' ? null : (
              <Choice
                label="Culprit"
                name="culprit"
                options={byId(all.filter((c) => !searchers.includes(c.id)))}
                value={suspect}
                onChange={setCulprit}
              />
            )}
          </>
        ) : null}
      </div>
      {work === 'search' ? (
        <fieldset className="re-mods">
          <legend>Investigators (the best skill counts)</legend>
          {mine.map((c) => (
            <label key={c.id} className="re-mod">
              <input
                type="checkbox"
                name="investigator"
                value={c.id}
                checked={searchers.includes(c.id)}
                onChange={(e) =>
                  setTeam(
                    e.target.checked
                      ? [...new Set([...searchers, c.id])]
                      : searchers.filter((x) => x !== c.id),
                  )
                }
              />{' '}
              {c.name}
            </label>
          ))}
        </fieldset>
      ) : null}
      <OddsLine odds={odds} testId="intrusion-odds" note={note} />
      <button type="submit" disabled={busy || !command || !mayRoll(odds)}>
        Roll
      </button>
    </form>
  );
}
