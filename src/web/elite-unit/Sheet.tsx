import type { Pack } from '../../rules/elite-unit/data/pack-schema.ts';
import { PARTS } from '../../rules/elite-unit/data/tables.ts';
import { carryPenalty, effective } from '../../rules/elite-unit/rules/effective.ts';
import type { Character } from '../../rules/elite-unit/state.ts';
import { words } from './describe-event.ts';
import { carried, isWhole, type SeatRef, type SheetView, stateWords } from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * A character sheet. A whole sheet shows every number with the breakdown behind each effective
 * attribute (the ruleset's `effective`, step by step); a hidden NPC, seen by a player, shows its
 * name and state words only. Its owner (or the GM) gets the buttons of the sheet's own actions.
 */
export function Sheet({
  c,
  pack,
  seat,
  ownerName,
}: {
  c: SheetView;
  pack: Pack;
  seat: SeatRef;
  ownerName?: string | undefined;
}) {
  const state = stateWords(c);
  if (!isWhole(c))
    return (
      <article className="eu-card eu-sheet" aria-label={`Sheet of ${c.name}`} data-hidden="true">
        <h3>{c.name}</h3>
        <p className="eu-muted">
          {c.kind === 'npc' ? 'NPC' : 'PC'}; the GM keeps this sheet.
          {state.length > 0 ? ` ${state.join(', ')}.` : ''}
        </p>
      </article>
    );
  const mine = seat.role === 'gm' || (seat.role === 'player' && c.ownerSeatId === seat.seatId);
  return (
    <article className="eu-card eu-sheet" aria-label={`Sheet of ${c.name}`} data-id={c.id}>
      <h3>
        {c.name}{' '}
        <span className="eu-muted">
          {c.kind === 'npc' ? 'NPC' : 'PC'}, {c.role}
          {ownerName ? `, played by ${ownerName}` : ''}
          {c.hidden ? ', hidden from the players' : ''}
        </span>
      </h3>
      {state.length > 0 ? (
        <p className="eu-state" data-testid="state-words">
          {state.join(', ')}
        </p>
      ) : null}
      <dl className="eu-resources">
        <div>
          <dt>Stamina</dt>
          <dd data-testid="stamina">
            {c.stamina} / {c.staminaMax}
          </dd>
        </div>
        <div>
          <dt>NE</dt>
          <dd data-testid="ne">
            {c.ne} / {c.neMax}
          </dd>
        </div>
        <div>
          <dt>Poison level</dt>
          <dd data-testid="poison">{Math.round(c.poison * 100) / 100}</dd>
        </div>
        <div>
          <dt>Actions per Turn</dt>
          <dd>{c.actions}</dd>
        </div>
        <div>
          <dt>Levels</dt>
          <dd>
            warrior {c.levels.warrior}, pilot {c.levels.pilot}, wizard {c.levels.wizard} (total{' '}
            {c.levels.total})
          </dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{c.age}</dd>
        </div>
        <div>
          <dt>Money</dt>
          <dd>{c.money}</dd>
        </div>
      </dl>
      {c.neStores.length > 0 ? (
        <p>
          NE stores:{' '}
          {c.neStores
            .map((s) => `${pack.accessories.find((a) => a.id === s.item)?.name ?? s.item} ${s.ne}/${s.max}`)
            .join(', ')}
        </p>
      ) : null}
      <Attributes c={c} pack={pack} />
      <Parts c={c} />
      {c.conditions.length > 0 ? (
        <section>
          <h4>Conditions</h4>
          <ul>
            {c.conditions.map((x) => (
              <li key={x.id}>
                {words(x.id)}
                {x.turns !== undefined ? ` (${x.turns} Turns left)` : ''}
                {x.note ? `: ${x.note}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Weapons c={c} pack={pack} canAct={mine} />
      <Armour c={c} />
      <Inventory c={c} pack={pack} />
      {c.skills.length > 0 ? <p>Skills: {c.skills.join(', ')}</p> : null}
      {c.spells.length > 0 ? (
        <p>Spells: {c.spells.map((s) => pack.spells.find((x) => x.id === s)?.name ?? s).join(', ')}</p>
      ) : null}
    </article>
  );
}

function Attributes({ c, pack }: { c: Character; pack: Pack }) {
  return (
    <section>
      <h4>Attributes</h4>
      <table className="eu-table eu-attributes">
        <thead>
          <tr>
            <th scope="col">Attribute</th>
            <th scope="col">Sheet</th>
            <th scope="col">Now</th>
            <th scope="col">Why</th>
          </tr>
        </thead>
        <tbody>
          {pack.attributes.map((a) => {
            const e = effective(c, pack, a.id);
            const sheet = c.attributes[a.id] ?? 0;
            const changed = e.steps.slice(1);
            return (
              <tr key={a.id} data-attribute={a.id} className={e.value !== sheet ? 'eu-changed' : undefined}>
                <th scope="row">{a.name}</th>
                <td>{sheet}</td>
                <td data-testid={`effective-${a.id}`}>{e.value}</td>
                <td className="eu-why">
                  {changed.length === 0 ? '' : changed.map((s) => `${s.step} → ${s.value}`).join('; ')}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

function Parts({ c }: { c: Character }) {
  return (
    <section>
      <h4>Body parts</h4>
      <ul className="eu-parts">
        {PARTS.filter((p) => p !== 'brainDeath').map((p) => {
          const s = c.parts[p] ?? 'intact';
          return (
            <li key={p} data-part={p} className={s === 'intact' ? undefined : 'eu-changed'}>
              {words(p)}: {words(s)}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Weapons({ c, pack, canAct }: { c: Character; pack: Pack; canAct: boolean }) {
  const r = useRunner();
  if (c.weapons.length === 0) return null;
  return (
    <section>
      <h4>Weapons</h4>
      <ul className="eu-weapons">
        {c.weapons.map((w) => {
          const data = pack.weapons.find((x) => x.id === w.weapon);
          const name = data?.name ?? w.weapon;
          return (
            <li key={w.key} data-weapon={w.key}>
              <strong>{name}</strong> {w.inHands ? '(in hands)' : '(stowed)'}
              {data?.ammo ? (
                <span data-testid={`ammo-${w.key}`}>
                  {' '}
                  — loaded {w.loaded}/{data.ammo.capacity}
                  {w.spares.length > 0
                    ? `, spare ${data.ammo.feed === 'belt' ? 'belts' : 'magazines'} ${w.spares.join(', ')}`
                    : ''}
                  {w.loose > 0 ? `, ${w.loose} loose` : ''}
                  {w.needsReload ? ', needs reloading' : ''}
                </span>
              ) : null}
              <span data-testid={`recoil-${w.key}`}>
                {' '}
                — recoil {w.recoil}
                {w.vent ? ` (vent −${w.vent})` : ''}
              </span>
              {w.dc !== null ? <span> — parry DC {w.dc}</span> : null}
              {data ? (
                <div className="eu-muted eu-block">
                  {data.modes.length > 0
                    ? `Modes: ${data.modes.map((m) => (m.kind === 'burst' || m.kind === 'fullAuto' ? `${words(m.kind)} ${m.rounds}` : m.kind)).join(', ')}. `
                    : ''}
                  Ranges:{' '}
                  {data.columns
                    .map(
                      (col) =>
                        `to ${col.range} m ${col.attackBonus >= 0 ? '+' : ''}${col.attackBonus}, ${col.damage}${col.blast ? `, blast ${col.blast} m` : ''}${col.spread ? `, spread ${col.spread} m` : ''}`,
                    )
                    .join(' | ')}
                  {data.parry
                    ? `. Parries: DC ${data.parry.dc}, resilience ${data.parry.resilience}, dodge +${data.parry.dodgeBonus}`
                    : ''}
                </div>
              ) : null}
              {canAct ? (
                <div className="eu-buttons">
                  <button
                    type="button"
                    disabled={r.busy}
                    onClick={() => void r.run({ type: 'hold', id: c.id, weapon: w.key, inHands: !w.inHands })}
                  >
                    {w.inHands ? `Stow ${name}` : `Take ${name} in hand`}
                  </button>
                  {data?.ammo ? (
                    <>
                      <button
                        type="button"
                        disabled={r.busy}
                        onClick={() => void r.run({ type: 'reload', id: c.id, weapon: w.key })}
                      >
                        Reload {name}
                      </button>
                      {data.ammo.feed === 'magazine' || data.ammo.feed === 'belt' ? (
                        <button
                          type="button"
                          disabled={r.busy}
                          onClick={() => void r.run({ type: 'refill', id: c.id, weapon: w.key })}
                        >
                          Refill a spare
                        </button>
                      ) : null}
                    </>
                  ) : null}
                  {w.recoil > 0 ? (
                    <button
                      type="button"
                      disabled={r.busy}
                      onClick={() => void r.run({ type: 'aim', id: c.id, weapon: w.key })}
                    >
                      Aim {name}
                    </button>
                  ) : null}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Armour({ c }: { c: Character }) {
  if (c.armour.length === 0 && c.held.length === 0) return null;
  return (
    <section>
      <h4>Armour, outermost first</h4>
      <ul className="eu-armour">
        {c.armour.map((l) => (
          <li key={l.key} data-layer={l.key}>
            {l.name}: <span data-testid={`dc-${l.key}`}>DC {l.dc}</span> of {l.dcMax}, resilience{' '}
            {l.resilience}
            {l.turnsLeft !== undefined ? ` (${l.turnsLeft} Turns left)` : ''}
            {l.dc === 0 ? ' — destroyed' : ''}
          </li>
        ))}
        {c.held.map((h) => (
          <li key={h.key}>
            {h.name} (held): DC {h.dc}, resilience {h.resilience}, dodge +{h.dodgeBonus}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Inventory({ c, pack }: { c: Character; pack: Pack }) {
  const items = carried(c, pack);
  const penalty = carryPenalty(c, pack);
  return (
    <section>
      <h4>Inventory and encumbrance</h4>
      <table className="eu-table">
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Code</th>
            <th scope="col">Up to kg</th>
            <th scope="col">In hands</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.key}>
              <td>{i.name}</td>
              <td>{i.code === null ? '' : `{${i.code}}`}</td>
              <td>{i.kg === null ? '' : i.kg}</td>
              <td>{i.inHands ? `yes (${i.penalty ?? 'cannot'})` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p data-testid="carry-penalty">
        Carried in the hands:{' '}
        {penalty === 0
          ? 'no penalty'
          : `${penalty} on Run Speed, Reactions, Endurance, Initiative, Strength, Attack and Dodge`}
        .
      </p>
    </section>
  );
}
