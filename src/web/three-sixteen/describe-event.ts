import {
  alienAbilityInfo,
  isAbilityId,
  isWeaponId,
  MEDALS,
  type MedalId,
  RANKS,
  SUPPORT_ITEMS,
  WEAPONS,
} from '../../rules/three-sixteen/data/index.ts';
import { STARKILLER_MULTIPLIER } from '../../rules/three-sixteen/encounter/strategic.ts';
import { VEHICLE_RULES } from '../../rules/three-sixteen/encounter/vehicle-rules.ts';
import type { EncounterEndReason } from '../../rules/three-sixteen/state.ts';
import { arr, capital, type Json, list, num, obj, str } from '../log-words.ts';

/**
 * One 3:16 event, as a seat receives it, in a sentence for the table's live log (the shell shows
 * `type` for events it does not know). Pure: `who` names a trooper id, 'aliens' or a seat id;
 * `earlier` gives the latest event of a type before this one, if the seat's log holds one (a
 * type may list several, `a|b`: the latest of any of them).
 * Returns null for events that need no line of their own (chat and seat events the shell shows).
 *
 * Every line starts with a capital letter and reads as plain English: no internal codes, and a
 * field missing from an older (or partial) event leaves its part of the sentence out instead of
 * showing "undefined".
 */

/** "1 Threat Token", "3 Threat Tokens". */
function count(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

const tokens = (n: number) => count(n, 'Threat Token');

/** The alien actor of a suicide attack (state.ts SUICIDE). */
const SUICIDE = 'aliens:suicide';

/** Actors that take a plural verb ("the aliens roll"). */
const isPlural = (id: unknown) => id === 'aliens' || id === SUICIDE;

function test(e: Json): string {
  const face = num(e.face);
  const target = num(e.target);
  if (face === null || target === null) return '';
  return `${face} against ${target}, ${e.success ? 'success' : 'failure'}`;
}

/** " (5 against 6, success)" or nothing. */
function testNote(e: Json): string {
  const t = test(e);
  return t ? ` (${t})` : '';
}

/** A dice roll as "2d10 [3, 4] = 7"; empty when the event holds none. */
function roll(v: unknown): string {
  const r = obj(v);
  const total = num(r.total);
  if (total === null) return '';
  const rolled = arr(r.faces);
  const faces = rolled.length > 0 ? ` [${rolled.join(', ')}]` : '';
  const formula = str(r.formula);
  // A fixed number (no dice) is just that number.
  return formula && formula !== String(total) ? `${formula}${faces} = ${total}` : String(total);
}

/** "7 kills (d10 [7] = 7)" from a kill roll; "no kills" without one. */
function killsOf(v: unknown): string {
  const total = num(obj(v).total);
  if (total === null) return 'no kills';
  return `${count(total, 'kill')} (${roll(v)})`;
}

function weapon(v: unknown): string {
  return isWeaponId(v) ? WEAPONS[v].name : str(v) || 'weapon';
}

/** A held support item (vehicle, Drop Pods, bomb, Starkiller, The Device) by name. */
function support(v: unknown): string {
  const id = str(v);
  if (id in SUPPORT_ITEMS) return SUPPORT_ITEMS[id as keyof typeof SUPPORT_ITEMS].name;
  return isWeaponId(v) ? WEAPONS[v].name : id || 'support';
}

function vehicle(v: unknown): string {
  return v === 'apc' || v === 'dropShip' ? VEHICLE_RULES[v].name : str(v) || 'vehicle';
}

function rank(v: unknown): string {
  const r = num(v);
  return r !== null && RANKS[r] ? RANKS[r].name : 'a new rank';
}

const RANGE: Readonly<Record<string, string>> = {
  close: 'Close',
  near: 'Near',
  far: 'Far',
  beyondFar: 'beyond Far',
};

/** A range as the table says it: "Close", "Near", "Far". */
function range(v: unknown): string {
  return RANGE[str(v)] ?? str(v);
}

const MOVE: Readonly<Record<string, string>> = { closer: 'closer', farther: 'farther away' };

/** Why an encounter ended, in words ("The encounter is over: …"). */
export const END_REASON_WORDS: Readonly<Record<EncounterEndReason, string>> = {
  allDead: 'every trooper in it is down',
  strength: 'a Strength ends it',
  allBeyondFar: 'every trooper has gone beyond Far',
  standoff: 'a standoff, three rounds without a kill',
  noTokens: 'the aliens are wiped out',
  gm: 'the GM ends it',
  endEncounterAbility: 'an alien ability ends it',
  eVac: 'the E-Vac pulls the squad out',
  orbitalBombardment: 'an Orbital Bombardment ends it',
};

/** How a conflict ended, after "The conflict ends". */
const CONFLICT_END_WORDS: Readonly<Record<string, string>> = {
  yield: 'with a yield',
  dead: 'with a death',
  exhausted: 'when a side is worn out',
  strength: 'on a Strength',
  weakness: 'on a Weakness',
  gm: 'at the GM’s word',
};

/** Why a trooper left an encounter, after "leaves the encounter". */
const OUT_WORDS: Readonly<Record<string, string>> = {
  weakness: 'after showing a Weakness',
  beyondFar: 'beyond Far',
  dead: 'dead',
};

const STATUS_WORDS: Readonly<Record<string, string>> = {
  active: 'back in action',
  dead: 'dead',
  wreck: 'broken beyond saving',
  replaced: 'replaced',
  retired: 'retired',
};

const ARMOUR_STATE: Readonly<Record<string, string>> = {
  notYetAvailable: 'not yet available',
  available: 'available',
  used: 'used',
};

const ADJUST_TARGET: Readonly<Record<string, string>> = {
  threatPool: 'the Threat pool',
  encounterTokens: 'the encounter’s Threat Tokens',
  aa: 'AA',
  range: 'range',
  health: 'health',
  kills: 'kills',
  ability: 'an ability',
  rank: 'rank',
  armour: 'armour',
  status: 'status',
};

/**
 * Lines written by the rules into the state's story log, and by the round report, name a few
 * things by their internal codes ("The encounter ends (noTokens).", "leaves the encounter
 * (weakness)", "is now wreck"). This puts those codes in words; any other text is returned as is.
 * For the screens that show those lines (the Story tab and its round report).
 */
export function readableStoryText(text: string): string {
  return text
    .replace(/\b([Tt])he encounter ends \((\w+)\)/g, (m, t: string, code: string) => {
      const words = END_REASON_WORDS[code as EncounterEndReason];
      return words ? `${t}he encounter ends: ${words}` : m;
    })
    .replace(/\b([Tt])he conflict ends \((\w+)\)/g, (m, t: string, code: string) => {
      const words = CONFLICT_END_WORDS[code];
      return words ? `${t}he conflict ends ${words}` : m;
    })
    .replace(/\bleaves the encounter \((\w+)\)/g, (m, code: string) => {
      const words = OUT_WORDS[code];
      return words ? `leaves the encounter ${words}` : m;
    })
    .replace(
      /\bis now (active|dead|wreck|replaced|retired)\b/g,
      (_m, code: string) => `is now ${STATUS_WORDS[code]}`,
    )
    .replace(/\bGM override \((\w+)\)/g, (m, code: string) => {
      const words = ADJUST_TARGET[code];
      return words ? `GM override (${words})` : m;
    });
}

/** What a GM override changed, e.g. "Drake is moved to Far, out of the vehicle". */
function adjustment(v: unknown, name: (id: unknown) => string): string {
  const a = obj(v);
  const target = str(a.target);
  const n = name(a.trooperId);
  const value = num(a.value);
  const set = (what: string, to: string) => (to ? `${what} is set to ${to}` : `${what} is changed`);
  switch (target) {
    case 'threatPool':
      return set('the planet’s Threat pool', value === null ? '' : tokens(value));
    case 'encounterTokens':
      return set('the encounter', value === null ? '' : tokens(value));
    case 'aa':
      return set('AA', value === null ? '' : String(value));
    case 'range': {
      const alone = a.alone ? ', out of the vehicle' : '';
      if (a.value === 'beyondFar') return `${n} leaves the encounter beyond Far${alone}`;
      return a.value ? `${n} is moved to ${range(a.value)}${alone}` : `${n} is moved${alone}`;
    }
    case 'health': {
      const marks = arr(a.value).map((m) => (m === 'X' || m === 'E' ? m : 'empty'));
      return set(`${n}’s health boxes`, list(marks));
    }
    case 'kills': {
      const mission = num(a.killsThisMission);
      const total = num(a.totalKills);
      const parts = [
        mission === null ? '' : `${mission} this mission`,
        total === null ? '' : `${total} in total`,
      ].filter(Boolean);
      return set(`${n}’s kills`, parts.join(', '));
    }
    case 'ability':
      return set(`${n}’s ${str(a.ability).toUpperCase() || 'ability'}`, value === null ? '' : String(value));
    case 'rank':
      return set(`${n}’s rank`, value === null ? '' : rank(value));
    case 'armour':
      return set(`${n}’s armour`, ARMOUR_STATE[str(a.value)] ?? '');
    case 'status': {
      const words = STATUS_WORDS[str(a.value)];
      return words ? `${n} is now ${words}` : `${n}’s status is changed`;
    }
    default:
      return 'the table is changed';
  }
}

/** "Name face, Name face" for roll-off faces; each round of a roll-off after "; then". */
function faces(v: unknown, perRound: number, name: (id: unknown) => string): string {
  const all = arr(v).map(obj);
  const rounds: string[] = [];
  const step = Math.max(1, perRound);
  for (let i = 0; i < all.length; i += step) {
    rounds.push(
      all
        .slice(i, i + step)
        .map((f) => `${name(f.trooperId)} ${num(f.face) ?? '?'}`)
        .join(', '),
    );
  }
  return rounds.join('; then ');
}

/**
 * Why each level was gained: who had the most kills (and the roll-off if they tied), and everyone
 * else's d10. Empty for an event without those fields.
 */
function levelRolls(e: Json, name: (id: unknown) => string): string {
  const leaders = arr(e.leaders).map(str).filter(Boolean);
  const parts: string[] = [];
  if (leaders.length === 1) parts.push(`${name(leaders[0])} has the most kills`);
  if (leaders.length > 1) {
    const rolled = faces(e.leaderRollOffs, leaders.length, name);
    const top = e.topKiller ? `: ${name(e.topKiller)} wins` : '';
    parts.push(
      `${list(leaders.map(name))} tie for the most kills${rolled ? ` and roll off (${rolled})${top}` : ''}`,
    );
  }
  const rolls = faces(e.rolls, Number.POSITIVE_INFINITY, name);
  if (rolls) parts.push(`the rest roll a d10 (${rolls})`);
  return parts.length > 0 ? `${parts.join('; ')}. ` : '';
}

/** One medal change: "the Campaign Medal", "a Bar on the Kill Badge". */
function medalChange(v: unknown): string {
  const c = obj(v);
  const id = str(c.medal);
  const info = id in MEDALS ? MEDALS[id as MedalId] : null;
  const name = str(c.name) || info?.name || 'a medal';
  const repeat = info?.repeat ?? 'Bar';
  const bars = num(c.barsAdded) ?? 0;
  const barText = (n: number) =>
    repeat === 'Oak Leaves' ? 'Oak Leaves' : count(n, repeat).replace(/^1 /, 'a ');
  if (c.newMedal === false) return bars > 0 ? `${barText(bars)} on the ${name}` : `the ${name} again`;
  return bars > 0 ? `the ${name} with ${barText(bars)}` : `the ${name}`;
}

/** The debrief: who came back, the medals, the deeds, the inquiries. */
function debrief(e: Json, name: (id: unknown) => string): string {
  const mission = num(e.mission);
  const survivors = arr(e.survivors).map(name);
  const parts = [
    `${mission === null ? 'The mission' : `Mission ${mission}`} is debriefed`,
    `Back alive: ${list(survivors) || 'nobody'}`,
  ];
  const returning = arr(e.returning).map(name);
  if (returning.length > 0) parts.push(`Back from sitting out: ${list(returning)}`);
  const medals = arr(e.medals)
    .map(obj)
    .map((m) => {
      const changes = arr(m.changes).map(medalChange);
      return changes.length > 0 ? `${name(m.trooperId)} gets ${list(changes)}` : '';
    })
    .filter(Boolean);
  parts.push(medals.length > 0 ? `Medals: ${medals.join('; ')}` : 'No new medals');
  for (const d of arr(e.deeds).map(obj)) {
    const id = str(d.medal);
    const medal = id in MEDALS ? MEDALS[id as MedalId].name : 'A medal for heroism';
    const why =
      d.why === 'finalToken'
        ? 'for removing the planet’s last Threat Token'
        : 'for heroism, at the GM’s word';
    parts.push(`${capital(id in MEDALS ? `the ${medal}` : medal)} goes to ${name(d.trooperId)} ${why}`);
  }
  for (const q of arr(e.inquiries).map(obj)) {
    parts.push(
      `Orbital Bombardment inquiry: ${name(q.trooperId)} ${q.success ? 'passes' : 'fails'}${testNote(q)}`,
    );
  }
  return parts.join('. ');
}

/** What a Development Roll went for: "a promotion", "the Slug Rifle", "a step on the … at Near". */
function developmentAim(v: unknown): string {
  const c = obj(v);
  switch (c.kind) {
    case 'promotion':
      return 'a promotion';
    case 'weapon':
      return `the ${weapon(c.weapon)}`;
    case 'vehicle':
      return `the ${support(c.vehicle)}`;
    case 'improve':
      return `a step on the ${weapon(c.weapon)}${c.range ? ` at ${range(c.range)}` : ''}`;
    default:
      return '';
  }
}

function development(e: Json, name: (id: unknown) => string): string {
  const aim = developmentAim(e.choice);
  const tried = `${name(e.trooperId)} makes a Development Roll${aim ? ` for ${aim}` : ''}`;
  if (typeof e.success !== 'boolean') return `${tried}${testNote(e)}`;
  if (!e.success) return `${tried} and fails${testNote(e)}`;
  const gains = [
    num(e.rank) === null ? '' : `is promoted to ${rank(e.rank)}`,
    arr(e.weapons).length > 0 ? `receives the ${list(arr(e.weapons).map((w) => weapon(obj(w).weapon)))}` : '',
    arr(e.vehicles).length > 0 ? `receives the ${list(arr(e.vehicles).map(support))}` : '',
  ].filter(Boolean);
  return `${tried} and succeeds${testNote(e)}${gains.length > 0 ? `: ${list(gains)}` : ''}`;
}

/** A declared action ("FA with the Energy Rifle", "NFA: move closer"). */
function declaration(v: unknown, name: (id: unknown) => string): string {
  const d = obj(v);
  if (d.kind === 'fa') return d.bomb ? `FA with the ${support(d.bomb)}` : `FA with the ${weapon(d.weapon)}`;
  const task = obj(d.task);
  switch (task.kind) {
    case 'manoeuvre': {
      const parts = [
        task.move ? `move ${MOVE[str(task.move)] ?? str(task.move)}` : '',
        task.switchTo ? `switch to the ${weapon(task.switchTo)}` : '',
        str(task.text),
      ].filter(Boolean);
      return `NFA: ${parts.join(', ') || 'manoeuvre'}`;
    }
    case 'other':
      return `NFA: ${str(task.text) || 'a task'}`;
    case 'eVac':
      return 'NFA: call the E-Vac';
    case 'orbitalBombardment':
      return 'NFA: call an Orbital Bombardment';
    case 'forceWeakness':
      return `NFA: force a Weakness on ${name(task.targetId)}`;
    case 'vehicleAttack':
      return `NFA: attack with the ${vehicle(task.vehicle)}`;
    default:
      return d.kind === 'nfa' ? 'NFA' : 'an action';
  }
}

const ARMOUR_POLICY: Record<string, (n: string) => string> = {
  ask: (n) => `${n} will be asked before armour is used`,
  useWhenAvailable: (n) => `${n}’s armour will take the first Kill`,
  never: (n) => `${n} keeps the armour back`,
};

/**
 * What a successful NFA did, from the actor's declaration of the round (the turn's event does not
 * repeat it): "moves closer and switches to the Slug Rifle".
 */
function nfaDone(e: Json, earlier: ((type: string) => Json | undefined) | undefined): string {
  const declared = obj(earlier?.(`round.declared#${str(e.actor)}`)?.declaration);
  const task = obj(declared.task);
  if (declared.kind !== 'nfa') return 'carries out the task';
  if (task.kind === 'manoeuvre') {
    const parts = [
      task.move ? `moves ${MOVE[str(task.move)] ?? str(task.move)}` : '',
      task.switchTo ? `switches to the ${weapon(task.switchTo)}` : '',
    ].filter(Boolean);
    const what = str(task.text);
    if (parts.length === 0) return what ? `carries out the task: ${what}` : 'carries out the task';
    return `${list(parts)}${what ? ` (${what})` : ''}`;
  }
  if (task.kind === 'other' && str(task.text)) return `carries out the task: ${str(task.text)}`;
  return 'carries out the task';
}

/** What a turn did, after the actor's name. */
function turnOutcome(
  e: Json,
  name: (id: unknown) => string,
  earlier: ((type: string) => Json | undefined) | undefined,
): string {
  const o = obj(e.outcome);
  const plural = isPlural(e.actor);
  switch (o.kind) {
    case 'fa': {
      const fizzled = o.blast === false ? ' (the grenade does not go off)' : '';
      return o.kills
        ? `${plural ? 'fight' : 'fights'} with the ${weapon(o.weapon)}: ${killsOf(o.kills)}${fizzled}`
        : `${plural ? 'fight' : 'fights'} with the ${weapon(o.weapon)}, but ${plural ? 'kill' : 'kills'} nothing${fizzled}`;
    }
    case 'bomb': {
      const kills = arr(o.kills).reduce<number>((sum, k) => sum + (num(obj(k).total) ?? 0), 0);
      const victims = arr(o.victims).map(name);
      return `sets off the ${support(o.bomb)}: ${count(kills, 'kill')}${
        victims.length > 0
          ? `, and ${list(victims)} ${victims.length > 1 ? 'are' : 'is'} caught in the blast`
          : ''
      }`;
    }
    case 'nfa': {
      if (o.bonusKills) {
        const second = o.secondBombardment
          ? `; a second bombardment costs the caller’s life, and ${name(e.actor)} is dead`
          : '';
        return `calls down an Orbital Bombardment: every alien on the planet dies, ${killsOf(o.bonusKills)}${second}`;
      }
      if ('kills' in o)
        return o.kills
          ? `attacks from the vehicle: ${killsOf(o.kills)}`
          : 'attacks from the vehicle, but kills nothing';
      return nfaDone(e, earlier);
    }
    case 'aa':
      // Whom they hit follows from the round's faces (evolve works it out), not from the event.
      return 'strike every trooper who failed or rolled no higher than them';
    case 'cancelled':
      return plural ? 'call off their success' : 'calls off the success';
    default:
      return plural ? 'fail' : 'fails';
  }
}

/** Movement at the end of a turn and what the aliens did to the troopers' ranges. */
function turnMoves(e: Json, name: (id: unknown) => string): string {
  const parts: string[] = [];
  if (e.move) parts.push(`${isPlural(e.actor) ? 'move' : 'moves'} ${MOVE[str(e.move)] ?? str(e.move)}`);
  const pushed = arr(e.moves)
    .map(obj)
    .map((m) => {
      const steps = num(m.steps) ?? 0;
      if (steps === 0) return '';
      return `${name(m.trooperId)} ${count(Math.abs(steps), 'step')} ${steps < 0 ? 'closer' : 'farther away'}`;
    })
    .filter(Boolean);
  if (pushed.length > 0) parts.push(`push ${list(pushed)}`);
  if (e.alienMovement === 'flee') parts.push('fall back, leaving every trooper a step farther away');
  if (e.alienMovement === 'swarm') parts.push('swarm in, bringing every trooper to Close');
  return parts.length > 0 ? `, then ${list(parts)}` : '';
}

/** A conflict side's name: the trooper's (through `name`) or the NPC's. */
function sideName(x: Json | undefined, name: (id: unknown) => string): string {
  return x?.kind === 'trooper' ? name(x.trooperId) : str(x?.name);
}

/**
 * Who each side of the conflict is, from the `conflict.started` before this event (one conflict
 * runs at a time); "side A" / "side B" when this seat's log does not hold it.
 */
function conflictSides(
  earlier: ((type: string) => Json | undefined) | undefined,
  name: (id: unknown) => string,
): (k: unknown) => string {
  let sides: Record<string, Json> | null | undefined;
  return (k) => {
    // Looked up on first use: most events name no side.
    if (sides === undefined)
      sides = (earlier?.('conflict.started')?.sides ?? null) as Record<string, Json> | null;
    const key = str(k);
    const side = sides ? sideName(sides[key], name) : '';
    return side || (key ? `side ${key.toUpperCase()}` : 'a side');
  };
}

const OTHER_SIDE: Record<string, string> = { a: 'b', b: 'a' };

/** " (Hicks with the GM's +1 for preparation)" for the sides a conflict test's bonus went into. */
function preparedNote(v: unknown, side: (k: unknown) => string): string {
  const sides = arr(v).map(side);
  return sides.length > 0 ? ` (${list(sides)} with the GM’s +1 for preparation)` : '';
}

/** How the planet stands when a mission ends, from the last encounter.ended of this planet. */
function missionEnd(earlier: ((type: string) => Json | undefined) | undefined): string {
  const last = earlier?.('encounter.ended|planet.set');
  if (last?.type !== 'encounter.ended')
    return last?.type === 'planet.set' ? '; the planet is not cleared' : '';
  if (last.planetCleared) return ': the planet is cleared';
  const pool = num(last.pool);
  return `; the planet is not cleared${pool === null ? '' : ` (${tokens(pool)} left)`}`;
}

/** The AA working of a planet roll, as "AA 5 by method 19, fixed at 5". */
function aaWorking(explanation: string): string {
  const m = /^Method (\d+) \(.*?\): (.*)\. AA (\d+)\.$/s.exec(explanation.trim());
  if (m) return `AA ${m[3]} by method ${m[1]}, ${m[2]}`;
  return explanation.trim().replace(/\.$/, '');
}

function threatWords(reason: string): string {
  if (reason === 'standard planet') return 'the standard number of Threat Tokens';
  if (reason === 'shorter sessions option') return 'fewer Threat Tokens, for shorter sessions';
  const led = /^a (.+) or higher leads the mission$/.exec(reason);
  if (led) return `more Threat Tokens, as a ${led[1]} or higher leads the mission`;
  return reason ? `Threat Tokens set by ${reason}` : '';
}

/**
 * The event's line, then one line (after a newline) for each Kill, wound and death it brought, so
 * none hides inside a turn's sentence: the log shows each as an entry of its own.
 */
export function describeThreeSixteenEvent(
  event: { readonly type: string } & Json,
  who: (id: string) => string,
  earlier?: (type: string) => Json | undefined,
): string | null {
  const line = describe(event as Json, who, earlier);
  if (line === null) return null;
  return [capital(line), ...aftermathLines(event as Json, who, earlier).map(capital)].join('\n');
}

/** A Kill's cause, as the log names it. */
const HIT_CAUSE: Readonly<Record<string, string>> = {
  aliens: 'the aliens’ attack',
  ambush: 'the aliens’ ambush',
  suicide: 'a suicide attack',
  grenades: 'a grenade blast',
  explodingBodies: 'exploding bodies',
  tpkBomb: 'the TPK Bomb',
  paradiseBomb: 'the Paradise Bomb',
  orbitalBombardment: 'the Orbital Bombardment',
  eVac: 'the E-Vac',
  combatDrugs: 'combat drugs',
  vehicleDestroyed: 'their vehicle blowing up',
  trooper: 'another trooper',
  gm: 'the GM',
};

/** One Kill as it landed: "Hicks takes a Kill from the aliens’ attack: an X". */
function hitLine(h: Json, name: string): string {
  const cause = HIT_CAUSE[str(h.source)] ?? 'the fight';
  switch (h.result) {
    case 'X':
      return `${name} takes a Kill from ${cause}: an X on the health track`;
    case 'E':
      return `${name} takes a Kill from ${cause}: an E on the health track`;
    case 'armour':
      return `${name} takes a Kill from ${cause}; the armour soaks it up`;
    case 'stopped':
      return `${name} takes a Kill from ${cause}; the kinetic field turns it aside`;
    case 'asked':
      return `${name} takes a Kill from ${cause}: waiting for ${name}’s answer (armour, a flashback, or take it)`;
    default:
      return `${name} takes a Kill from ${cause}`;
  }
}

/**
 * "Frinks takes an X in the conflict", "Frinks is dead", "Smile wins the conflict with a death":
 * what the event led to, as decide recorded it (`Aftermath`: each Kill and its cause, a conflict's
 * marks, the troopers felled, the PCs a fall promoted, the conflict's end). Events from older logs
 * lack some of it and say less.
 */
function aftermathLines(
  e: Json,
  who: (id: string) => string,
  earlier: ((type: string) => Json | undefined) | undefined,
): string[] {
  const side = conflictSides(earlier, (id) => who(str(id)) || str(id));
  const parts = arr(e.hits)
    .map(obj)
    .map((h) => hitLine(h, who(str(h.trooperId)) || 'a trooper'));
  for (const s of arr(e.struck).map(obj))
    parts.push(`${side(s.side)} takes ${s.mark === 'E' ? 'an E' : 'an X'} in the conflict`);
  for (const f of arr(e.fell).map(obj))
    parts.push(
      f.status === 'wreck'
        ? `${who(str(f.trooperId))} is broken beyond saving`
        : `${who(str(f.trooperId))} is dead`,
    );
  for (const p of arr(e.risen).map(obj))
    parts.push(`${who(str(p.trooperId))} is promoted in the field to ${rank(p.rank)}`);
  // The GM's own ending already names the winner.
  const won = e.conflictWon && e.type !== 'conflict.gmEnded' ? obj(e.conflictWon) : null;
  if (won) {
    const how = CONFLICT_END_WORDS[str(won.reason)] ?? '';
    parts.push(
      won.winner
        ? `${side(won.winner)} wins the conflict${how ? ` ${how}` : ''}`
        : `the conflict ends${how ? ` ${how}` : ''}`,
    );
  }
  return parts;
}

function describe(
  e: Json,
  who: (id: string) => string,
  earlier: ((type: string) => Json | undefined) | undefined,
): string | null {
  /** A trooper, seat or actor by name ("someone" when the event does not say). */
  const name = (id: unknown): string => {
    const s = str(id);
    if (!s) return 'someone';
    if (s === SUICIDE) return 'the suicide attackers';
    return who(s) || s;
  };
  const w = (k: string) => name(e[k]);
  const side = conflictSides(earlier, name);
  switch (e.type) {
    case 'trooper.created':
    case 'campaign.replacementJoined': {
      const t = obj(e.trooper);
      const fa = num(t.fa);
      const nfa = num(t.nfa);
      const stats = fa !== null && nfa !== null ? ` (FA ${fa}, NFA ${nfa})` : '';
      const kills = roll(e.startingKills);
      const who = str(t.name) || 'A new trooper';
      const joins = e.type === 'trooper.created' ? 'joins the squad' : `replaces ${w('predecessorId')}`;
      return `${who} ${joins}${stats}${kills ? `; starting kills ${kills}` : ''}`;
    }
    case 'campaign.brigadierFell': {
      const fp = e.fieldPromotion ? obj(e.fieldPromotion) : null;
      const how = str(e.text) ? ` (${str(e.text)})` : '';
      return fp
        ? `The Brigadier is dead${how}: ${name(fp.promoted)} is promoted in the field to Brigadier`
        : `The Brigadier is dead${how}: the rank is open`;
    }
    case 'campaign.gearTaken':
      return `${w('trooperId')} takes ${str(e.item) || 'some gear'}`;
    case 'trooper.rankWeaponChosen':
      return `${w('trooperId')} takes the ${weapon(e.weapon)} instead of the ${weapon(e.replaces)}`;
    case 'ranks.assigned': {
      const ranks = Object.entries(obj(e.ranks)).map(([id, r]) => `${rank(r)} ${name(id)}`);
      return ranks.length > 0 ? `Ranks: ${list(ranks)}` : 'The ranks are handed out';
    }
    case 'planet.set': {
      const p = obj(e.planet);
      const aa = num(p.aa);
      const threat = num(obj(p.threat).initial);
      const facts = [aa === null ? '' : `AA ${aa}`, threat === null ? '' : tokens(threat)].filter(Boolean);
      return `Landing on ${str(p.name) || 'a new planet'}${facts.length > 0 ? `: ${facts.join(', ')}` : ''}`;
    }
    case 'mission.briefed':
      return str(e.text) ? `Briefing: ${str(e.text)}` : 'The mission is briefed';
    case 'encounter.started': {
      const n = num(e.tokens);
      const desc = str(e.description);
      return `${e.final ? 'The final encounter' : 'An encounter'} begins${n === null ? '' : ` with ${tokens(n)}`}${desc ? `: ${desc}` : ''}`;
    }
    case 'dominance.rolled': {
      const t = test(e);
      return `${w('actor')} ${isPlural(e.actor) ? 'roll' : 'rolls'} for Dominance${t ? `: ${t}` : ''}`;
    }
    case 'dominance.declined':
      return `${w('trooperId')} stays out of the Dominance roll`;
    case 'dominance.resolved': {
      const outcome: Record<string, string> = {
        pcAmbush: 'the troopers ambush the aliens',
        alienAmbush: 'the aliens ambush the troopers',
        pc: `${e.winner ? name(e.winner) : 'a trooper'} sets the range`,
        aliens: 'the aliens set the range',
        allFail: 'nobody dominates, so the fight opens at Far',
      };
      const said = outcome[str(e.outcome)];
      return said ? `Dominance: ${said}` : 'Dominance is settled';
    }
    case 'range.set':
      return e.range ? `The range is set to ${range(e.range)}` : 'The range is set';
    case 'round.declared':
      return `${w('trooperId')} declares ${declaration(e.declaration, name)}`;
    case 'aliens.declared':
      return e.emotional
        ? 'The aliens declare an emotional attack (E marks, armour is no use)'
        : 'The aliens declare their attack';
    case 'test.rolled': {
      const t = test(e);
      return `${w('actor')} ${isPlural(e.actor) ? 'roll' : 'rolls'}${t ? ` ${t}` : ''}`;
    }
    case 'round.ordered': {
      const queue = arr(e.queue).map(obj);
      if (queue.length === 0) return 'The round’s order is set';
      return `Order of the round: ${queue
        .map((s) => `${name(s.actor)} ${num(s.face) ?? '?'}${s.success ? '' : ' (fails)'}`)
        .join(', ')}`;
    }
    case 'turn.taken': {
      const induce = e.induce ? obj(e.induce) : null;
      const induced = induce
        ? `; they try to induce a Weakness in ${name(induce.targetId)}${testNote(induce)}`
        : '';
      const said = e.narration ? ` — “${str(e.narration)}”` : '';
      return `${w('actor')} ${turnOutcome(e, name, earlier)}${turnMoves(e, name)}${induced}${said}`;
    }
    case 'kill.answered':
      // The event does not say whether the box was the last one: the rules' story log does.
      return e.useArmour
        ? `${w('trooperId')} ticks armour against the Kill`
        : `${w('trooperId')} takes the Kill and marks a health box`;
    case 'strength.used': {
      const kills = num(obj(e.kills).total);
      const text = str(e.text) ? `: “${str(e.text)}”` : '';
      return `${w('trooperId')} shows a Strength${text}${kills === null ? '' : ` — ${killsOf(e.kills)}`}, and the encounter ends`;
    }
    case 'weakness.used':
      return `${w('trooperId')} shows a Weakness${str(e.text) ? `: “${str(e.text)}”` : ''} and leaves the encounter`;
    case 'ability.used': {
      const ability = isAbilityId(e.ability) ? alienAbilityInfo(e.ability).name : 'a special ability';
      const cost = num(e.cost);
      const from = e.from === 'pool' ? 'the planet’s pool' : 'the encounter';
      const on = e.targetId ? ` on ${w('targetId')}` : '';
      const paid = cost ? ` (${cost} ${cost === 1 ? 'token' : 'tokens'} from ${from})` : '';
      const moved = arr(e.ranges)
        .map(obj)
        .map((r) => `${name(r.trooperId)} to ${range(r.range)}`);
      const after = [e.test ? test(obj(e.test)) : '', list(moved)].filter(Boolean);
      return `The aliens use ${ability}${on}${paid}${after.length > 0 ? `: ${after.join('; ')}` : ''}`;
    }
    case 'narration': {
      const by = e.actor === 'gm' ? 'GM' : w('actor');
      const text = str(e.text);
      return `${e.secret ? '(GM only) ' : ''}${text ? `${by}: ${text}` : `${by} adds to the story`}`;
    }
    case 'gm.encounterEnded':
      return `The GM ends the encounter${str(e.reason) ? `: ${str(e.reason)}` : ''}`;
    case 'gm.adjusted':
      return `GM override: ${adjustment(e.adjustment, name)}${str(e.reason) ? ` (${str(e.reason)})` : ''}`;
    case 'gm.noted':
      return str(e.text) ? `GM note: ${str(e.text)}` : 'The GM makes a note';
    case 'bonus.granted':
      return `The GM grants ${w('trooperId')} +1 for preparation`;
    case 'trooper.armourPolicySet': {
      const policy = ARMOUR_POLICY[str(e.policy)];
      return policy ? policy(w('trooperId')) : `${w('trooperId')} changes how armour is used`;
    }
    case 'trooper.defaultWeaponSet':
      return `${w('trooperId')} readies the ${weapon(e.weapon)} by default`;
    // Support and vehicles
    case 'dropPods.used':
      return `${w('trooperId')} calls the Drop Pods: the squad ambushes`;
    case 'kineticField.used':
      return `${w('trooperId')} switches on the Kinetic Field Armour`;
    case 'drugs.used': {
      const t = test(e);
      return `${w('trooperId')} takes combat drugs and re-rolls${t ? `: ${t}` : ''}`;
    }
    case 'ambush.resolved': {
      const attacks = arr(e.attacks).map(obj);
      const parts = attacks.map((a) => `${name(a.trooperId)} ${a.kills ? killsOf(a.kills) : 'no kills'}`);
      // The order d10s say who fired first (it matters when the tokens run out).
      const order = attacks
        .filter((a) => num(a.face) !== null)
        .map((a) => `${name(a.trooperId)} ${num(a.face)}`);
      const rolled = order.length > 1 ? ` (order: ${order.join(', ')})` : '';
      return `Ambush${rolled}: ${parts.join('; ') || 'nobody fires'}`;
    }
    case 'vehicle.deployed':
      return `${w('ownerId')}’s ${vehicle(e.vehicle)} comes in, ${w('driverId')} at the controls`;
    case 'vehicle.boarded':
      return `${w('trooperId')} gets into ${w('ownerId')}’s ${vehicle(e.vehicle)}`;
    case 'vehicle.left':
      return `${w('trooperId')} gets out of ${w('ownerId')}’s ${vehicle(e.vehicle)}`;
    case 'starkiller.fired': {
      const total = num(obj(e.roll).total);
      const kills = num(e.kills);
      const how = total === null ? '' : ` (${roll(e.roll)}, × ${STARKILLER_MULTIPLIER})`;
      const medal =
        str(e.medal) in MEDALS ? `; ${w('trooperId')} earns the ${MEDALS[str(e.medal) as MedalId].name}` : '';
      const said = str(e.text) ? ` — “${str(e.text)}”` : '';
      return `${w('trooperId')} fires the Starkiller at ${str(e.planet) || 'the planet'}: the planet and its star are gone${
        kills === null ? '' : `, ${count(kills, 'kill')}${how}`
      }${medal}${said}`;
    }
    case 'device.activated':
      return `${w('trooperId')} sets off The Device: every trooper is dead and the campaign is over${
        str(e.text) ? ` — “${str(e.text)}”` : ''
      }`;
    case 'encounter.ended': {
      const how = END_REASON_WORDS[str(e.reason) as EncounterEndReason];
      const parts = [`The encounter is over${how ? `: ${how}` : ''}`];
      const pool = num(e.pool);
      if (e.planetCleared) parts.push('the planet is cleared');
      else if (pool !== null)
        parts.push(`${tokens(pool)} ${pool === 1 ? 'remains' : 'remain'} in the planet’s pool`);
      if (e.squadAlive === false && e.reason !== 'allDead') parts.push('no trooper is left standing');
      return parts.join('; ');
    }
    case 'mission.ended':
      return `The mission is over${missionEnd(earlier)}`;
    case 'nfaTest.rolled': {
      const t = test(e);
      return `${w('trooperId')} tests NFA${e.text ? ` (${str(e.text)})` : ''}${t ? `: ${t}` : ''}`;
    }
    case 'scene.flashback':
      return `${w('trooperId')} shows a ${e.kind === 'weakness' ? 'Weakness' : 'Strength'} in a scene${
        str(e.text) ? `: “${str(e.text)}”` : ''
      }`;
    case 'scene.added':
      return str(e.text)
        ? `${e.secret ? 'Secret scene (GM only)' : 'Scene'}: ${str(e.text)}`
        : `${e.secret ? 'A secret scene (GM only)' : 'A scene'} is added`;
    // Between missions and conflicts (the campaign part)
    case 'campaign.debriefed':
      return debrief(e, name);
    case 'campaign.healedBeforePlanet': {
      const healed = arr(e.troopers).map(name);
      return healed.length > 0
        ? `${list(healed)} ${healed.length > 1 ? 'are' : 'is'} fully healed before the next planet`
        : 'Everyone is fully healed before the next planet';
    }
    case 'campaign.levelsRolled': {
      const gainers = arr(e.gainers).map(name);
      const gain =
        gainers.length === 0
          ? 'nobody gains a level'
          : `${list(gainers)} ${gainers.length > 1 ? 'each gain' : 'gains'} a level`;
      return `Levels: ${levelRolls(e, name)}${gain}`;
    }
    case 'campaign.levelTaken': {
      const ability = str(e.ability).toUpperCase() || 'an ability';
      const slot =
        e.slot === 'strength' || e.slot === 'weakness' ? ` and opens a ${capital(str(e.slot))} slot` : '';
      const reward = e.source === 'gmReward' ? ' (the GM’s reward)' : '';
      return `${w('trooperId')} raises ${ability}${slot}${reward}`;
    }
    case 'campaign.weaponImproved': {
      const at = e.range ? ` at ${range(e.range)}` : '';
      return e.source === 'gmReward'
        ? `${w('trooperId')} improves the ${weapon(e.weapon)}${at} (the GM’s reward)`
        : `${w('trooperId')} takes a free step on the ${weapon(e.weapon)}${at}`;
    }
    case 'campaign.developmentRolled':
      return development(e, name);
    case 'campaign.demotionTried': {
      const nominator = e.nominator ? test(obj(e.nominator)) : '';
      const target = e.target ? test(obj(e.target)) : '';
      const rolls =
        nominator && target ? ` (${w('nominatorId')} ${nominator}; ${w('targetId')} ${target})` : '';
      return `${w('nominatorId')} nominates ${w('targetId')} for demotion: ${
        e.demoted ? `${w('targetId')} loses a rank` : 'the case is not proven'
      }${rolls}`;
    }
    case 'campaign.fieldPromotionRolled':
      return `Field promotion: ${w('promoted')} becomes ${rank(e.rank)}`;
    case 'conflict.started': {
      const sides = obj(e.sides) as Record<string, Json>;
      const a = sideName(sides.a, name) || 'side A';
      const b = sideName(sides.b, name) || 'side B';
      return `A conflict: ${a} against ${b}${str(e.description) ? ` (${str(e.description)})` : ''}`;
    }
    case 'conflict.dominanceRolled': {
      const tests = obj(e.tests);
      const winner = e.winner
        ? `${side(e.winner)} wins${e.outcome === 'ambush' ? ' with an ambush' : ''}`
        : 'nobody wins';
      const rolled = (k: 'a' | 'b') => {
        if (e.stayedOut === k) return `${side(k)} stays out`;
        const t = test(obj(tests[k]));
        return t ? `${side(k)} ${t}` : side(k);
      };
      return `Conflict Dominance: ${rolled('a')}; ${rolled('b')}: ${winner}${preparedNote(e.prepared, side)}`;
    }
    case 'conflict.rangeSet':
      return e.side
        ? `Conflict: ${side(e.side)} sets the range at ${range(e.range) || 'a range'}`
        : e.range
          ? `Conflict range: ${range(e.range)}`
          : 'The conflict’s range is set';
    case 'conflict.declared': {
      const a = obj(e.action);
      const what: Record<string, string> = { fa: 'fights (FA)', emotional: 'wears the other down (NFA)' };
      let text: string;
      if (a.kind === 'manoeuvre') {
        const parts = [
          a.move ? `moves ${MOVE[str(a.move)] ?? str(a.move)}` : '',
          a.switchTo ? `switches to the ${weapon(a.switchTo)}` : '',
        ].filter(Boolean);
        text = `${parts.join(' and ') || 'manoeuvres'} (NFA)`;
      } else if (a.kind === 'other') text = `NFA: ${str(a.text) || 'a task'}`;
      else text = what[str(a.kind)] ?? 'acts';
      return `Conflict: ${side(e.side)} ${text}`;
    }
    case 'conflict.roundRolled': {
      const tests = obj(e.tests);
      const rolled = (k: 'a' | 'b') => {
        const t = test(obj(tests[k]));
        return t ? `${side(k)} ${t}` : side(k);
      };
      return `Conflict round: ${rolled('a')}; ${rolled('b')}${preparedNote(e.prepared, side)}`;
    }
    case 'conflict.turnTaken': {
      const other = OTHER_SIDE[str(e.side)];
      return e.cancelled
        ? `Conflict: ${side(e.side)} calls off the success; ${side(other)}’s lower success fails with it`
        : `Conflict: ${side(e.side)}’s better success goes ahead`;
    }
    case 'conflict.hitAnswered': {
      const on = e.side ? ` on ${side(e.side)}` : '';
      return e.useArmour ? `Conflict: armour takes the hit${on}` : `Conflict: the hit${on} lands`;
    }
    case 'conflict.moved':
      return `Conflict: ${side(e.side)} moves ${MOVE[str(e.move)] ?? 'elsewhere'}`;
    case 'conflict.flashback':
      return `Conflict: ${side(e.side)} uses a ${e.kind === 'strength' ? 'Strength' : 'Weakness'}${
        str(e.text) ? `: “${str(e.text)}”` : ''
      }`;
    case 'conflict.drugsUsed': {
      const t = test(e);
      return `Conflict: ${side(e.side)} takes combat drugs and rolls the FA die again${t ? `: ${t}` : ''}${
        num(e.face) === 10 ? `, and the drugs deal ${side(e.side)} a Kill` : ''
      }`;
    }
    case 'conflict.diceKept': {
      const sides = arr(e.sides).map(side);
      return `Conflict: ${list(sides) || 'nobody'} ${sides.length > 1 ? 'keep' : 'keeps'} the FA die as it fell, without combat drugs`;
    }
    case 'conflict.strengthAnswered':
      return `Conflict: ${side(e.side)} meets the winning Strength with a Weakness and loses on their own terms${
        str(e.text) ? `: “${str(e.text)}”` : ''
      }`;
    case 'conflict.yielded':
      return `Conflict: ${side(e.side)} yields`;
    case 'conflict.yieldAnswered': {
      const by = e.side ? ` by ${side(e.side)}` : '';
      return e.accept
        ? `Conflict: the yield is accepted${by}`
        : `Conflict: the yield is refused${by}, it goes on`;
    }
    case 'conflict.gmEnded':
      return `The GM ends the conflict (${e.winner ? `${side(e.winner)} wins` : 'no winner'})${
        str(e.reason) ? `: ${str(e.reason)}` : ''
      }`;
    case 'campaign.missionGmSet': {
      const mission = num(e.mission);
      const out = arr(e.sittingOut).map(name);
      const back = arr(e.returning).map(name);
      return `${mission === null ? 'The next mission' : `Mission ${mission}`} is run by ${
        e.seatId ? name(e.seatId) : 'the table’s GM'
      }${out.length > 0 ? `; sitting out: ${list(out)}` : ''}${back.length > 0 ? `; back in the squad: ${list(back)}` : ''}`;
    }
    case 'campaign.planetRolled': {
      const threat = threatWords(str(e.threatReason));
      const aa = aaWorking(str(e.aaExplanation));
      // Each list's d20 (and any re-roll of an entry already crossed off), as the table rolled it.
      const dice = arr(e.rolls)
        .map(obj)
        .map((r) => (str(r.purpose) && num(r.total) !== null ? `${str(r.purpose)} ${num(r.total)}` : ''))
        .filter(Boolean);
      return `A new planet is rolled${threat ? `, with ${threat}` : ''}${aa ? `: ${aa}` : ''}${
        dice.length > 0 ? ` (rolls: ${dice.join('; ')})` : ''
      }`;
    }
    case 'campaign.hatredForHomeAdopted':
      return `${w('trooperId')} takes Hatred for Home`;
    case 'conflict.orderImposed': {
      const order = str(e.text) ? `: “${str(e.text)}”` : '';
      return e.side
        ? `${side(e.side)}, the winner, gives an order${order}`
        : `The winner gives an order${order}`;
    }
    default:
      return null;
  }
}
