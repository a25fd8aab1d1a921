import { useId, useState } from 'react';
import { campaignOf, FRESH_RECORD } from '../../rules/three-sixteen/campaign/model.ts';
import { REQUISITION_SUPPORT, REQUISITION_WEAPONS } from '../../rules/three-sixteen/campaign/schemas.ts';
import type { ThreeSixteenCommand } from '../../rules/three-sixteen/commands.ts';
import {
  levelUpSlotKinds,
  MAX_RANK,
  promotionWeaponChoices,
  rankWeaponChoices,
  SUPPORT_ITEMS,
} from '../../rules/three-sixteen/data/index.ts';
import { RANGES, type Range, type Trooper, type WeaponId } from '../../rules/three-sixteen/state.ts';
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
  needs,
}: {
  view: View;
  seat: SeatRef;
  command: ThreeSixteenCommand;
  children: React.ReactNode;
  hideWhenIllegal?: boolean;
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
            aria-label="Raise"
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
              aria-label="New flashback slot"
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
            label="Free step"
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
          >
            Improve
          </Go>
        </div>
      ) : (
        <p className="ts-muted">Free step taken on the {weaponName(record.autoImproved)}.</p>
      )}
      {!record.developed ? (
        <div className="ts-row ts-wrap">
          <strong>Development Roll (NFA):</strong>
          <select
            aria-label="Development"
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
              label="Development"
            />
          ) : null}
          {devKind === 'weapon' ? (
            <select aria-label="New weapon" value={devWeapon} onChange={(e) => setDevWeapon(e.target.value)}>
              {REQUISITION_WEAPONS.map((w) => (
                <option key={w} value={w}>
                  {weaponName(w)}
                </option>
              ))}
            </select>
          ) : null}
          {devKind === 'vehicle' ? (
            <select
              aria-label="Vehicle or support"
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
              aria-label="New rank's weapon"
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
          <Go view={view} seat={seat} command={{ type: 'developmentRoll', trooperId: t.id, choice }}>
            Roll NFA
          </Go>
        </div>
      ) : (
        <p className="ts-muted">Development Roll made{record.promoted ? ': promoted' : ''}.</p>
      )}
      {others.length > 0 ? (
        <div className="ts-row ts-wrap">
          <strong>Nominate for demotion:</strong>
          <select aria-label="Whom" value={target} onChange={(e) => setTarget(e.target.value)}>
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
            aria-label="Reward"
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
        <input
          aria-label="Name"
          placeholder="name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.target.value)}
        />
        <label>
          FA{' '}
          <input
            type="number"
            className="ts-narrow"
            value={faText}
            onChange={(e) => setFaText(e.target.value)}
          />
        </label>
        <span>
          NFA {faTyped && Number.isFinite(fa) ? total - fa : '?'} (total {total})
        </span>
        <select aria-label="Rank" value={rank} onChange={(e) => setRank(Number(e.target.value))}>
          {Array.from({ length: Math.max(1, dead.rank) }, (_, r) => r).map((r) => (
            <option key={r} value={r}>
              {rankTitle(r)}
            </option>
          ))}
        </select>
        {groups.map((g, i) => (
          <select
            key={g.join('|')}
            aria-label={i === 0 ? 'Weapon choice' : `Weapon choice ${i + 1}`}
            value={picks[i] ?? ''}
            onChange={(e) => setPicks({ ...picks, [i]: e.target.value })}
          >
            <option value="">first choice</option>
            {g.map((w) => (
              <option key={w} value={w}>
                {weaponName(w)}
              </option>
            ))}
          </select>
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
  const b = campaignOf(view).between;
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
            {named === seat.seatId
              ? `You run mission ${nextMission}: the GM’s controls are yours once this mission is debriefed, so you make the planet, and go back after your mission’s debrief.`
              : `Mission ${nextMission} is run by ${namedName}.`}
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
        {gm && !campaignOf(view).npcBrigadierDead ? (
          <div className="ts-row ts-wrap">
            <input
              aria-label="How the Brigadier fell"
              placeholder="The NPC Brigadier falls: how?"
              value={brigadierNews}
              maxLength={2000}
              onChange={(e) => setBrigadierNews(e.target.value)}
            />
            <Go
              view={view}
              seat={seat}
              command={{ type: 'brigadierFalls', text: brigadierNews }}
              needs={brigadierNews.trim() ? null : 'type how the Brigadier fell first'}
            >
              The Brigadier falls (opens the rank)
            </Go>
          </div>
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
