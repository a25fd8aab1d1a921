import { useContext, useId, useState } from 'react';
import { campaignOf, currentBetween, FRESH_RECORD } from '../../rules/three-sixteen/campaign/model.ts';
import { REQUISITION_SUPPORT, REQUISITION_WEAPONS } from '../../rules/three-sixteen/campaign/schemas.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import {
  levelUpSlotKinds,
  MAX_RANK,
  promotionWeaponChoices,
  rankWeaponChoices,
  SUPPORT_ITEMS,
} from '../../rules/three-sixteen/data/index.ts';
import type { ThreeSixteenEvent } from '../../rules/three-sixteen/events.ts';
import {
  type HeldSupport,
  type OwnedWeapon,
  RANGES,
  type Range,
  type Trooper,
  type WeaponId,
} from '../../rules/three-sixteen/state.ts';
import type { LogItem } from '../log.ts';
import { TableLogContext } from '../pages/TablePage.tsx';
import {
  check,
  POSITION_LABEL,
  rankTitle,
  type SeatName,
  type SeatRef,
  type View,
  weaponName,
} from './model.ts';
import { useRunner } from './runner.tsx';

/**
 * After the mission (the campaign part): the GM's debrief (medals, healing) and level roll; each
 * survivor's level choice, free weapon step, Development Roll, demotion nomination and the
 * rotating GM's reward; replacements for the dead; who runs the next mission. Every button asks
 * the ruleset first, and a greyed-out one says why next to it.
 */

function Go({
  view,
  seat,
  command,
  children,
  hideWhenIllegal,
  name,
  needs,
}: {
  view: View;
  seat: SeatRef;
  command: ThreeSixteenCommand;
  children: React.ReactNode;
  hideWhenIllegal?: boolean;
  /** The button's accessible name when its words alone repeat across cards (e.g. "… for Hicks"). */
  name?: string;
  /**
   * A step the player has still to take before the command makes sense ("type the text first"):
   * shown as the reason instead of the ruleset's complaint about the empty field.
   */
  needs?: string | null | undefined;
}) {
  const runner = useRunner();
  const whyId = useId();
  const v = check(view, seat, command);
  if (!v.ok && hideWhenIllegal) return null;
  const why = needs ?? (v.ok ? null : v.message);
  return (
    <span className="ts-go">
      <button
        type="button"
        disabled={why !== null || runner.busy}
        aria-label={name}
        aria-describedby={why !== null ? whyId : undefined}
        onClick={() => void runner.run(command)}
      >
        {children}
      </button>
      {why !== null ? (
        <span id={whyId} className="ts-why">
          {why}
        </span>
      ) : null}
    </span>
  );
}

type DevelopmentRolled = Extract<ThreeSixteenEvent, { type: 'campaign.developmentRolled' }>;
type WeaponImproved = Extract<ThreeSixteenEvent, { type: 'campaign.weaponImproved' }>;

/** This seat’s events since the latest debrief: the between-missions phase under way, oldest first. */
function sinceDebrief(items: readonly LogItem[]): ({ readonly type: string } & Record<string, unknown>)[] {
  const events = items.flatMap((i) => (i.kind === 'other' ? [i.event] : []));
  let start = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]?.type === 'campaign.debriefed') {
      start = i + 1;
      break;
    }
  }
  return events.slice(start);
}

/** "a", "a and b", "a, b and c". */
function listed(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

function supportName(h: HeldSupport): string {
  return SUPPORT_ITEMS[h]?.name ?? h;
}

/** What a successful Development Roll brought, from its event, as "bringing …" goes on. */
function developmentGains(e: DevelopmentRolled): string {
  const weapons = (e.weapons ?? []).map((w: OwnedWeapon) => `the ${weaponName(w.weapon)}`);
  const vehicles = (e.vehicles ?? []).map((h) => `the ${supportName(h)}`);
  const kit = [...weapons, ...vehicles];
  switch (e.choice.kind) {
    case 'promotion':
      return `promotion to ${e.rank !== null ? rankTitle(e.rank) : 'the next rank'}${kit.length > 0 ? `, with ${listed(kit)}` : ''}`;
    case 'improve':
      return `one more step on the ${weaponName(e.choice.weapon)} at ${POSITION_LABEL[e.choice.range]}`;
    default:
      return kit.length > 0 ? listed(kit) : 'nothing new';
  }
}

/** What a failed Development Roll aimed for, said as what does not come. */
function developmentMissed(e: DevelopmentRolled): string {
  const c = e.choice;
  switch (c.kind) {
    case 'promotion':
      return 'no promotion this time';
    case 'weapon':
      return `no ${weaponName(c.weapon)} this time`;
    case 'vehicle':
      return `no ${supportName(c.vehicle)} this time`;
    default:
      return `no step on the ${weaponName(c.weapon)} this time`;
  }
}

/**
 * The Development Roll's outcome for the card: the between-missions record says only that it was
 * made (and a promotion), the roll's event in this seat's log says the die and what it brought.
 */
function developmentSummary(e: DevelopmentRolled | undefined, promoted: boolean): string {
  if (!e || typeof e.success !== 'boolean')
    return promoted
      ? 'Development Roll made: a success, promoted.'
      : 'Development Roll made: the log tells how it went.';
  const dice = typeof e.face === 'number' ? ` (${e.face} against NFA ${e.target})` : '';
  return e.success
    ? `Development Roll made: success${dice}, bringing ${developmentGains(e)}.`
    : `Development Roll made: failed${dice}, ${developmentMissed(e)}.`;
}

function WeaponRange({
  t,
  weapon,
  range,
  setWeapon,
  setRange,
  label,
}: {
  t: Trooper;
  weapon: string;
  range: Range;
  setWeapon: (w: string) => void;
  setRange: (r: Range) => void;
  label: string;
}) {
  return (
    <>
      <select aria-label={`${label}: weapon`} value={weapon} onChange={(e) => setWeapon(e.target.value)}>
        {t.weapons.map((w) => (
          <option key={w.weapon} value={w.weapon}>
            {weaponName(w.weapon)}
          </option>
        ))}
      </select>
      <select
        aria-label={`${label}: range`}
        value={range}
        onChange={(e) => setRange(e.target.value as Range)}
      >
        {RANGES.map((r) => (
          <option key={r} value={r}>
            {POSITION_LABEL[r]}
          </option>
        ))}
      </select>
    </>
  );
}

function SurvivorCard({ view, seat, t }: { view: View; seat: SeatRef; t: Trooper }) {
  const b = campaignOf(view).between;
  const record = b?.records[t.id] ?? FRESH_RECORD;
  // Every card repeats the same fields: each control's name says whose it is.
  const whose = `${t.name}’s`;
  // This trooper's events of the phase, newest first: what the record alone does not keep.
  const logged = sinceDebrief(useContext(TableLogContext))
    .filter((e) => e.trooperId === t.id)
    .reverse();
  const developed = record.developed
    ? (logged.find((e) => e.type === 'campaign.developmentRolled') as DevelopmentRolled | undefined)
    : undefined;
  const freeStep = record.autoImproved
    ? (logged.find(
        (e) =>
          e.type === 'campaign.weaponImproved' &&
          e.source === 'automatic' &&
          e.weapon === record.autoImproved,
      ) as WeaponImproved | undefined)
    : undefined;
  const [ability, setAbility] = useState<'fa' | 'nfa'>('fa');
  const [slot, setSlot] = useState<'' | 'strength' | 'weakness'>('');
  const [autoWeapon, setAutoWeapon] = useState<string>(t.weapons[0]?.weapon ?? 'handToHand');
  const [autoRange, setAutoRange] = useState<Range>('near');
  const [devKind, setDevKind] = useState<'promotion' | 'weapon' | 'vehicle' | 'improve'>('improve');
  const [devWeapon, setDevWeapon] = useState<string>(REQUISITION_WEAPONS[0] as string);
  const [devVehicle, setDevVehicle] = useState<(typeof REQUISITION_SUPPORT)[number]>('apc');
  const [devImpWeapon, setDevImpWeapon] = useState<string>(
    t.weapons[1]?.weapon ?? t.weapons[0]?.weapon ?? '',
  );
  const [devRange, setDevRange] = useState<Range>('near');
  const [promoPick, setPromoPick] = useState('');
  const [target, setTarget] = useState('');
  const [rewardKind, setRewardKind] = useState<'level' | 'weapon'>('level');
  const others = (b?.survivors ?? []).filter((id) => id !== t.id);
  // The level's new flashback slot: the ruleset opens the kind that is behind; when the two kinds
  // are even, the player chooses.
  const slotKinds = levelUpSlotKinds(t.strengths, t.weaknesses);
  const slotChoice = slotKinds.length > 1;
  // Only the new rank's own "pick one" group: the weapons it shares with the old rank are not handed out again.
  const promoChoices = t.rank < MAX_RANK ? promotionWeaponChoices(t.rank, t.rank + 1).flat() : [];
  let choice: Extract<ThreeSixteenCommand, { type: 'developmentRoll' }>['choice'];
  switch (devKind) {
    case 'promotion':
      choice = { kind: 'promotion', ...(promoPick ? { weaponChoice: promoPick as WeaponId } : {}) };
      break;
    case 'weapon':
      choice = { kind: 'weapon', weapon: devWeapon as (typeof REQUISITION_WEAPONS)[number] } as typeof choice;
      break;
    case 'vehicle':
      choice = { kind: 'vehicle', vehicle: devVehicle };
      break;
    default:
      choice = { kind: 'improve', weapon: devImpWeapon as WeaponId, range: devRange };
  }
  return (
    <section className="ts-card" aria-label={`Between missions: ${t.name}`}>
      <h4>
        {rankTitle(t.rank)} {t.name}
      </h4>
      {record.levelPending ? (
        <div className="ts-row ts-wrap">
          <strong>A level:</strong>
          <select
            aria-label={`${whose} level: raise FA or NFA`}
            value={ability}
            onChange={(e) => setAbility(e.target.value as 'fa' | 'nfa')}
          >
            <option value="fa">
              FA {t.fa} → {t.fa + 1}
            </option>
            <option value="nfa">
              NFA {t.nfa} → {t.nfa + 1}
            </option>
          </select>
          {slotChoice ? (
            <select
              aria-label={`${whose} new flashback slot`}
              value={slot}
              onChange={(e) => setSlot(e.target.value as '' | 'strength' | 'weakness')}
            >
              <option value="">new slot: choose…</option>
              <option value="strength">a Strength slot</option>
              <option value="weakness">a Weakness slot</option>
            </select>
          ) : slotKinds[0] ? (
            <span className="ts-muted">
              and a new {slotKinds[0] === 'strength' ? 'Strength' : 'Weakness'} slot
            </span>
          ) : null}
          <Go
            view={view}
            seat={seat}
            command={{ type: 'takeLevel', trooperId: t.id, ability, ...(slot && slotChoice ? { slot } : {}) }}
            needs={
              slotChoice && !slot
                ? 'Strengths and Weaknesses are even: choose which kind of flashback slot this level opens'
                : null
            }
            name={`Take the level for ${t.name}`}
          >
            Take the level
          </Go>
        </div>
      ) : null}
      {record.autoImproved === null ? (
        <div className="ts-row ts-wrap">
          <strong>Free weapon step:</strong>
          <WeaponRange
            t={t}
            weapon={autoWeapon}
            range={autoRange}
            setWeapon={setAutoWeapon}
            setRange={setAutoRange}
            label={`${whose} free step`}
          />
          <Go
            view={view}
            seat={seat}
            command={{
              type: 'improveWeapon',
              trooperId: t.id,
              weapon: autoWeapon as WeaponId,
              range: autoRange,
            }}
            name={`Improve: ${t.name}’s free step`}
          >
            Improve
          </Go>
        </div>
      ) : (
        <p className="ts-muted">
          Free step taken on the {weaponName(record.autoImproved)}
          {freeStep ? ` at ${POSITION_LABEL[freeStep.range]}` : ''}.
        </p>
      )}
      {!record.developed ? (
        <div className="ts-row ts-wrap">
          <strong>Development Roll (NFA):</strong>
          <select
            aria-label={`${whose} Development Roll: what for`}
            value={devKind}
            onChange={(e) => setDevKind(e.target.value as typeof devKind)}
          >
            <option value="improve">improve another weapon</option>
            <option value="weapon">a new weapon</option>
            <option value="vehicle">a vehicle or strategic weapon</option>
            <option value="promotion">promotion (needs a Strength used)</option>
          </select>
          {devKind === 'improve' ? (
            <WeaponRange
              t={t}
              weapon={devImpWeapon}
              range={devRange}
              setWeapon={setDevImpWeapon}
              setRange={setDevRange}
              label={`${whose} Development Roll`}
            />
          ) : null}
          {devKind === 'weapon' ? (
            <select
              aria-label={`${whose} new weapon`}
              value={devWeapon}
              onChange={(e) => setDevWeapon(e.target.value)}
            >
              {REQUISITION_WEAPONS.map((w) => (
                <option key={w} value={w}>
                  {weaponName(w)}
                </option>
              ))}
            </select>
          ) : null}
          {devKind === 'vehicle' ? (
            <select
              aria-label={`${whose} vehicle or support`}
              value={devVehicle}
              onChange={(e) => setDevVehicle(e.target.value as (typeof REQUISITION_SUPPORT)[number])}
            >
              {REQUISITION_SUPPORT.map((h) => (
                <option key={h} value={h}>
                  {SUPPORT_ITEMS[h].name}
                </option>
              ))}
            </select>
          ) : null}
          {devKind === 'promotion' && promoChoices.length > 0 ? (
            <select
              aria-label={`${whose} weapon at the new rank`}
              value={promoPick}
              onChange={(e) => setPromoPick(e.target.value)}
            >
              <option value="">{rankTitle(t.rank + 1)}’s first choice</option>
              {promoChoices.map((w) => (
                <option key={w} value={w}>
                  {weaponName(w)}
                </option>
              ))}
            </select>
          ) : null}
          <Go
            view={view}
            seat={seat}
            command={{ type: 'developmentRoll', trooperId: t.id, choice }}
            name={`Roll NFA: ${t.name}’s Development Roll`}
          >
            Roll NFA
          </Go>
        </div>
      ) : (
        <p className="ts-muted" data-testid="development-outcome">
          {developmentSummary(developed, record.promoted)}
        </p>
      )}
      {others.length > 0 ? (
        <div className="ts-row ts-wrap">
          <strong>Nominate for demotion:</strong>
          <select
            aria-label={`Whom ${t.name} nominates for demotion`}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
          >
            <option value="">—</option>
            {others.map((id) => (
              <option key={id} value={id}>
                {view.troopers[id]?.name}
              </option>
            ))}
          </select>
          {target ? (
            <Go
              view={view}
              seat={seat}
              command={{ type: 'nominateDemotion', nominatorId: t.id, targetId: target }}
              name={`Both test NFA: ${t.name} and ${view.troopers[target]?.name ?? target}`}
            >
              Both test NFA
            </Go>
          ) : null}
        </div>
      ) : null}
      {record.gmRewardPending ? (
        <div className="ts-row ts-wrap">
          <strong>Reward for running the mission:</strong>
          <select
            aria-label={`${whose} reward for running the mission`}
            value={rewardKind}
            onChange={(e) => setRewardKind(e.target.value as 'level' | 'weapon')}
          >
            <option value="level">a level ({ability.toUpperCase()})</option>
            <option value="weapon">a weapon step</option>
          </select>
          <Go
            view={view}
            seat={seat}
            command={{
              type: 'takeGmReward',
              trooperId: t.id,
              reward:
                rewardKind === 'level'
                  ? { kind: 'level', ability }
                  : { kind: 'weapon', weapon: autoWeapon as WeaponId, range: autoRange },
            }}
            name={`Take ${t.name}’s reward`}
          >
            Take it
          </Go>
        </div>
      ) : null}
      <Go view={view} seat={seat} command={{ type: 'adoptHatredForHome', trooperId: t.id }} hideWhenIllegal>
        Turn an open Weakness into Hatred for Home
      </Go>
    </section>
  );
}

function Replacement({ view, seat, dead }: { view: View; seat: SeatRef; dead: Trooper }) {
  const total = dead.fa + dead.nfa;
  const [name, setName] = useState('');
  // Kept as typed, so the box can be emptied and retyped; read as a number when checked.
  const [faText, setFaText] = useState(String(Math.ceil(total / 2)));
  const fa = Number(faText);
  const faTyped = faText.trim() !== '';
  const [rank, setRank] = useState(0);
  // One pick per "pick one" group of the chosen rank (a Major has two), keyed by the group's index.
  const [picks, setPicks] = useState<Record<number, string>>({});
  const groups = rankWeaponChoices(rank);
  const chosen = groups.flatMap((g, i) => {
    const pick = picks[i];
    return pick && g.includes(pick as WeaponId) ? [pick as WeaponId] : [];
  });
  const command = {
    type: 'createReplacement' as const,
    predecessorId: dead.id,
    name: name.trim(),
    fa,
    nfa: total - fa,
    rank,
    ...(chosen.length > 0 ? { weaponChoices: chosen } : {}),
  };
  return (
    <section className="ts-card" aria-label={`Replacement for ${dead.name}`}>
      <h4>Replacement for {dead.name}</h4>
      <div className="ts-row ts-wrap">
        <label>
          Name{' '}
          <input
            placeholder="the new trooper's name"
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
        </label>
        <label>
          FA{' '}
          <input
            type="number"
            className="ts-narrow"
            min={2}
            max={10}
            value={faText}
            onChange={(e) => setFaText(e.target.value)}
          />
        </label>
        <span>
          NFA {faTyped && Number.isFinite(fa) ? total - fa : '?'} (total {total})
        </span>
        <label>
          Rank{' '}
          <select value={rank} onChange={(e) => setRank(Number(e.target.value))}>
            {Array.from({ length: Math.max(1, dead.rank) }, (_, r) => r).map((r) => (
              <option key={r} value={r}>
                {rankTitle(r)}
              </option>
            ))}
          </select>
        </label>
        {groups.map((g, i) => (
          <label key={g.join('|')}>
            {i === 0 ? 'Weapon choice' : `Weapon choice ${i + 1}`}{' '}
            <select value={picks[i] ?? ''} onChange={(e) => setPicks({ ...picks, [i]: e.target.value })}>
              <option value="">first choice</option>
              {g.map((w) => (
                <option key={w} value={w}>
                  {weaponName(w)}
                </option>
              ))}
            </select>
          </label>
        ))}
        <Go
          view={view}
          seat={seat}
          command={command}
          needs={!name.trim() ? 'type a name first' : !faTyped ? 'type the FA first' : null}
        >
          Bring in the replacement
        </Go>
      </div>
    </section>
  );
}

export function BetweenMissions({
  view,
  seat,
  seats,
}: {
  view: View;
  seat: SeatRef;
  seats: readonly SeatName[];
}) {
  const gm = seat.role === 'gm';
  // This mission's record only: the campaign keeps the last one until the next debrief replaces it,
  // and reading that one would skip mission 2's debrief as done.
  const b = currentBetween(view);
  // The seat already named to run the coming mission (null: the table's GM).
  const nextMission = view.campaign.missionsCount + 1;
  const named = campaignOf(view).gmRota.find((g) => g.mission === nextMission)?.seatId ?? null;
  const [heroes, setHeroes] = useState<string[]>([]);
  const [nextGm, setNextGm] = useState(named ?? '');
  const [brigadierNews, setBrigadierNews] = useState('');
  const namedName = named ? (seats.find((s) => s.seatId === named)?.name ?? named) : null;
  const mine = (t: Trooper) => t.ownerSeatId === seat.seatId || (gm && t.ownerSeatId === null) || gm;
  const survivors = (b?.survivors ?? []).map((id) => view.troopers[id]).filter((t): t is Trooper => !!t);
  const dead = view.trooperOrder
    .map((id) => view.troopers[id])
    .filter((t): t is Trooper => !!t && (t.status === 'dead' || t.status === 'wreck') && mine(t));
  return (
    <div className="ts-columns">
      <section className="ts-card" aria-label="After the mission">
        <h3>After the mission</h3>
        {!b ? (
          gm ? (
            <>
              <p>Debrief: medals, full healing, and the inquiry for any Orbital Bombardment.</p>
              <fieldset className="ts-choice">
                <legend>Heroism (Crimson Sword or Skull at your word)</legend>
                {view.trooperOrder.map((id) => (
                  <label key={id} className="ts-radio">
                    <input
                      type="checkbox"
                      checked={heroes.includes(id)}
                      onChange={(e) =>
                        setHeroes((h) => (e.target.checked ? [...h, id] : h.filter((x) => x !== id)))
                      }
                    />
                    {view.troopers[id]?.name}
                  </label>
                ))}
              </fieldset>
              <Go view={view} seat={seat} command={{ type: 'debrief', ...(heroes.length ? { heroes } : {}) }}>
                Debrief the mission
              </Go>
            </>
          ) : (
            <p className="ts-muted">The GM is debriefing the mission.</p>
          )
        ) : (
          <>
            <p>
              Mission {b.mission} debriefed. Survivors: {survivors.map((t) => t.name).join(', ') || 'none'}.
            </p>
            {gm && !b.levelsRolled ? (
              <Go view={view} seat={seat} command={{ type: 'rollLevels' }}>
                Roll for levels (most kills gains one; the best d10 of the rest too)
              </Go>
            ) : null}
            {b.levelsRolled ? <p className="ts-muted">Levels rolled.</p> : null}
          </>
        )}
        {named ? (
          <p data-testid="next-gm">
            {named !== seat.seatId
              ? `Mission ${nextMission} is run by ${namedName}.`
              : // The chair passes at the debrief (standInGmSeat): say so only while it has not yet.
                seat.role === 'gm'
                ? `You run mission ${nextMission}: the GM’s controls are yours from now on, so you make its planet and brief the squad. They go back to the table’s GM once mission ${nextMission} is debriefed.`
                : `You run mission ${nextMission}: the GM’s controls come to you when mission ${view.campaign.missionsCount} is debriefed, so that you make its planet.`}
          </p>
        ) : null}
        {gm ? (
          <div className="ts-row ts-wrap">
            <label>
              Next mission’s GM{' '}
              <select value={nextGm} onChange={(e) => setNextGm(e.target.value)}>
                <option value="">the table’s GM</option>
                {seats
                  .filter((s) => s.role === 'player')
                  .map((s) => (
                    <option key={s.seatId} value={s.seatId}>
                      {s.name}
                    </option>
                  ))}
              </select>
            </label>
            <Go
              view={view}
              seat={seat}
              command={{ type: 'setMissionGm', seatId: nextGm || null }}
              needs={b && (nextGm || null) === named ? 'choose someone other than the one named now' : null}
            >
              Name the next mission’s GM
            </Go>
          </div>
        ) : null}
        {/* Rare (the NPC Brigadier dies in the story): folded away, with its words in view when open. */}
        {gm && !campaignOf(view).npcBrigadierDead ? (
          <details className="ts-brigadier">
            <summary>The NPC Brigadier falls…</summary>
            <label className="ts-field-wide">
              How the Brigadier fell{' '}
              <input
                value={brigadierNews}
                maxLength={2000}
                placeholder="what happened, in a line"
                onChange={(e) => setBrigadierNews(e.target.value)}
              />
            </label>
            <Go
              view={view}
              seat={seat}
              command={{ type: 'brigadierFalls', text: brigadierNews }}
              needs={brigadierNews.trim() ? null : 'type how the Brigadier fell first'}
            >
              The Brigadier falls (opens the rank)
            </Go>
          </details>
        ) : null}
      </section>
      {b
        ? survivors.filter(mine).map((t) => <SurvivorCard key={t.id} view={view} seat={seat} t={t} />)
        : null}
      {dead.map((t) => (
        <Replacement key={t.id} view={view} seat={seat} dead={t} />
      ))}
    </div>
  );
}

/**
 * Field promotion waits on a roll whenever the most senior PC falls with more than one PC next in
 * line. The ruleset takes the roll from the GM or a candidate's player, so each of them gets the
 * button; everyone else reads who is in line and how it is settled.
 */
export function FieldPromotion({ view, seat }: { view: View; seat: SeatRef }) {
  const p = campaignOf(view).fieldPromotion;
  if (!p) return null;
  const command: ThreeSixteenCommand = { type: 'rollFieldPromotion' };
  return (
    <section className="ts-alert" aria-label="Field promotion">
      <p>
        {view.troopers[p.deadId]?.name ?? p.deadId} has fallen: a {rankTitle(p.rank)} is needed among{' '}
        {p.candidates.map((id) => view.troopers[id]?.name ?? id).join(', ')}.
      </p>
      <p className="ts-muted">
        Each of them tests NFA: the best success takes the rank (if all fail, the highest roll); a tie rolls
        again.
        {check(view, seat, command).ok ? '' : ' The GM or a candidate’s player rolls.'}
      </p>
      <Go view={view} seat={seat} command={command} hideWhenIllegal>
        Test the candidates’ NFA
      </Go>
    </section>
  );
}
