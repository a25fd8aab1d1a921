import { useState } from 'react';
import { serviceOf } from '../../rules/three-sixteen/campaign/model.ts';
import { levelOf } from '../../rules/three-sixteen/data/flashback-slots.ts';
import {
  EVERYDAY_GEAR,
  type EverydayGear,
  MEDALS,
  type MedalId,
  rankWeaponChoices,
  SUPPORT_ITEMS,
} from '../../rules/three-sixteen/data/index.ts';
import type { FlashbackSlot, Trooper, WeaponId } from '../../rules/three-sixteen/state.ts';
import {
  NOT_PLACED,
  POSITION_LABEL,
  rankTitle,
  SLOT_LABEL,
  STATUS_LABEL,
  stepLabel,
  type View,
  weaponName,
} from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * A trooper's sheet, laid out like the paper one: identity, abilities, kills, health boxes,
 * armour, weapons with their kill dice per range, flashback slots, kit and medals. Read-only
 * except the owner's standing choices (armour answer, default weapon), which are commands.
 */

const HEALTH_BOXES = ['A Mess', 'Crippled', 'Dead'] as const;
const ARMOUR_STATES = ['notYetAvailable', 'available', 'used'] as const;

function Slots({ title, slots }: { title: string; slots: readonly FlashbackSlot[] }) {
  return (
    <section className="ts-slots" aria-label={title}>
      <h4>{title}</h4>
      <ol>
        {slots.map((s, i) => (
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positions on the sheet
            key={i}
            className={`ts-slot ts-slot-${s.status}`}
          >
            <span className="ts-slot-status">
              {s.hatredForHome ? 'Hatred for Home — ' : ''}
              {SLOT_LABEL[s.status]}
            </span>
            {s.status === 'used' && s.text ? <span className="ts-slot-text">{s.text}</span> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** A labelled weapon select that sends the pick at once (the ruleset answers, the view follows). */
function WeaponPicker({
  label,
  weapons,
  value,
  onPick,
}: {
  label: string;
  weapons: readonly WeaponId[];
  value: WeaponId;
  onPick: (weapon: WeaponId) => void;
}) {
  return (
    <label className="ts-inline ts-noprint">
      {label}{' '}
      <select value={value} onChange={(ev) => onPick(ev.target.value as WeaponId)}>
        {weapons.map((w) => (
          <option key={w} value={w}>
            {weaponName(w)}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * Everyday gear needs no roll: the owner picks an item the trooper lacks and takes it. The
 * ruleset checks the rest (a dead trooper, a duplicate) and the runner shows any refusal.
 */
function GearPicker({ t }: { t: Trooper }) {
  const runner = useRunner();
  const missing = EVERYDAY_GEAR.filter((g) => !t.kit.includes(g));
  const [item, setItem] = useState<EverydayGear | ''>('');
  const chosen = item && missing.includes(item) ? item : missing[0];
  if (!chosen) return null;
  // Its own row under the kit list: the select takes the room the button leaves (see the CSS).
  return (
    <div className="ts-gear-pick ts-noprint">
      <select
        aria-label="Everyday gear"
        value={chosen}
        onChange={(ev) => setItem(ev.target.value as EverydayGear)}
      >
        {missing.map((g) => (
          <option key={g} value={g}>
            {g}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={runner.busy}
        onClick={() => void runner.run({ type: 'takeGear', trooperId: t.id, item: chosen })}
      >
        Take it
      </button>
    </div>
  );
}

export function TrooperSheet({
  view,
  trooper: t,
  canEdit,
  ownerName,
}: {
  view: View;
  trooper: Trooper;
  canEdit: boolean;
  ownerName?: string | undefined;
}) {
  const runner = useRunner();
  const e = view.encounter;
  // In the encounter but with no range yet (before Dominance): said as the range map says it.
  const at = e?.positions[t.id];
  let position: string | undefined;
  if (e?.pcs.includes(t.id))
    position = e.out[t.id] ? POSITION_LABEL.beyondFar : at ? POSITION_LABEL[at] : NOT_PLACED;
  const switchable: WeaponId[] = [...new Set<WeaponId>([...t.weapons.map((w) => w.weapon), 'handToHand'])];
  // The rank's "one or the other" weapons stay open until the first mission (the ruleset says so too).
  const beforeFirstMission =
    (view.campaign.phase === 'setup' || view.campaign.phase === 'briefing') &&
    view.campaign.missionsCount === 0;
  // A field promotion's "or" picks, made for the player mid-fight, stay open outside a fight.
  const fieldPicks = view.encounter ? [] : (serviceOf(t).fieldPicks ?? []);
  const rankChoices = !canEdit
    ? []
    : beforeFirstMission
      ? rankWeaponChoices(t.rank)
      : rankWeaponChoices(t.rank).filter((g) => fieldPicks.some((f) => f.some((w) => g.includes(w))));
  return (
    <article
      className={`ts-sheet ts-status-${t.status}`}
      aria-label={`Sheet of ${t.name}`}
      data-trooper={t.id}
    >
      <header className="ts-sheet-head">
        <div>
          <div className="ts-rank">{rankTitle(t.rank)}</div>
          <h3 className="ts-name">{t.name}</h3>
          {t.reputation ? <div className="ts-reputation">“{t.reputation}”</div> : null}
          {ownerName ? (
            <div className="ts-muted">played by {ownerName}</div>
          ) : (
            <div className="ts-muted">NPC</div>
          )}
        </div>
        <dl className="ts-stats">
          <div>
            <dt>FA</dt>
            <dd>{t.fa}</dd>
          </div>
          <div>
            <dt>NFA</dt>
            <dd>{t.nfa}</dd>
          </div>
          <div>
            <dt>Level</dt>
            <dd>{levelOf(t.fa, t.nfa)}</dd>
          </div>
        </dl>
      </header>
      {t.status !== 'active' ? <p className="ts-banner">{STATUS_LABEL[t.status]}</p> : null}
      <div className="ts-sheet-grid">
        <section aria-label="Kills">
          <h4>Kills</h4>
          <dl className="ts-pairs">
            <dt>This mission</dt>
            <dd data-testid="kills-mission">{t.killsThisMission}</dd>
            <dt>Total</dt>
            <dd data-testid="kills-total">{t.totalKills}</dd>
          </dl>
        </section>
        <section aria-label="Health">
          <h4>Health</h4>
          <ol className="ts-health">
            {HEALTH_BOXES.map((label, i) => {
              const mark = t.health[i] ?? null;
              return (
                <li key={label} className={`ts-box ${mark ? `ts-box-${mark}` : ''}`}>
                  <span className="ts-box-mark">
                    {mark ?? ''}
                    <span className="ts-sr">
                      {label}: {mark ?? 'empty'}
                    </span>
                  </span>
                  <span className="ts-box-label">{label}</span>
                </li>
              );
            })}
          </ol>
          {t.lastingWounds > 0 ? (
            <p className="ts-muted">{t.lastingWounds} lasting (heal off-planet)</p>
          ) : null}
        </section>
        <section aria-label="Armour">
          <h4>MandelBrite Armour</h4>
          <ul className="ts-states">
            {ARMOUR_STATES.map((s) => (
              <li
                key={s}
                className={t.armour === s ? 'ts-on' : ''}
                aria-current={t.armour === s ? 'true' : undefined}
              >
                {SLOT_LABEL[s]}
              </li>
            ))}
          </ul>
          {canEdit ? (
            <label className="ts-inline ts-noprint">
              When a Kill lands{' '}
              <select
                value={t.armourPolicy}
                onChange={(ev) =>
                  void runner.run({
                    type: 'setArmourPolicy',
                    trooperId: t.id,
                    policy: ev.target.value as Trooper['armourPolicy'],
                  })
                }
              >
                <option value="ask">ask me</option>
                <option value="useWhenAvailable">use armour if I can</option>
                <option value="never">never use armour</option>
              </select>
            </label>
          ) : null}
        </section>
        {position ? (
          <section aria-label="Range">
            <h4>Range</h4>
            <p className="ts-big">{position}</p>
          </section>
        ) : null}
      </div>
      <section aria-label="Weapons">
        <h4>Weapons</h4>
        <table className="ts-weapons">
          <thead>
            <tr>
              <th scope="col">Weapon</th>
              <th scope="col">Close</th>
              <th scope="col">Near</th>
              <th scope="col">Far</th>
            </tr>
          </thead>
          <tbody>
            {t.weapons.map((w) => (
              <tr key={w.weapon} className={t.currentWeapon === w.weapon ? 'ts-current' : ''}>
                <th scope="row">
                  {weaponName(w.weapon)}
                  {t.currentWeapon === w.weapon ? <span className="ts-tag">in hand</span> : null}
                  {t.defaultWeapon === w.weapon ? <span className="ts-tag ts-tag-quiet">default</span> : null}
                </th>
                <td>{stepLabel(w.steps.close)}</td>
                <td>{stepLabel(w.steps.near)}</td>
                <td>{stepLabel(w.steps.far)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {rankChoices.map((group) => (
          <WeaponPicker
            key={group.join('-')}
            label="Rank weapon"
            weapons={group}
            value={t.weapons.find((w) => group.includes(w.weapon))?.weapon ?? (group[0] as WeaponId)}
            onPick={(weapon) => void runner.run({ type: 'chooseRankWeapon', trooperId: t.id, weapon })}
          />
        ))}
        {canEdit ? (
          <WeaponPicker
            label="Default weapon"
            weapons={switchable}
            value={t.defaultWeapon}
            onPick={(weapon) => void runner.run({ type: 'setDefaultWeapon', trooperId: t.id, weapon })}
          />
        ) : null}
      </section>
      <div className="ts-flashbacks">
        <Slots title="Strengths" slots={t.strengths} />
        <Slots title="Weaknesses" slots={t.weaknesses} />
      </div>
      <div className="ts-sheet-grid">
        <section aria-label="Kit" className="ts-kit-section">
          <h4>Kit</h4>
          <ul className="ts-kit">
            {t.kit.map((k) => (
              <li key={k}>{k}</li>
            ))}
            {t.vehicles.map((v) => (
              <li key={v}>{SUPPORT_ITEMS[v]?.name ?? v}</li>
            ))}
          </ul>
          {canEdit && t.status === 'active' ? <GearPicker t={t} /> : null}
        </section>
        <section aria-label="Medals">
          <h4>Medals</h4>
          {t.medals.length === 0 ? (
            <p className="ts-muted">None yet</p>
          ) : (
            <ul className="ts-kit">
              {t.medals.map((m) => (
                <li key={m.medal}>
                  {MEDALS[m.medal as MedalId]?.name ?? m.medal}
                  {m.count > 1 ? ` ×${m.count}` : ''}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </article>
  );
}
