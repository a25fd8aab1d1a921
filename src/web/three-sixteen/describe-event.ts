import {
  alienAbilityInfo,
  isAbilityId,
  isWeaponId,
  rankName,
  WEAPONS,
} from '../../rules/three-sixteen/data/index.ts';
import { STARKILLER_MULTIPLIER } from '../../rules/three-sixteen/encounter/strategic.ts';
import { VEHICLE_RULES } from '../../rules/three-sixteen/encounter/vehicle-rules.ts';
import type { EncounterEndReason } from '../../rules/three-sixteen/state.ts';
import { END_REASON_LABEL } from './model.ts';

/**
 * One 3:16 event, as a seat receives it, in a sentence for the table's live log (the shell shows
 * `type` for events it does not know). Pure: `who` names a trooper id, 'aliens' or a seat id;
 * `earlier` gives the latest event of a type before this one, if the seat's log holds one.
 * Returns null for events that need no line of their own (chat and seat events the shell shows).
 */

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);

function test(e: Json): string {
  const face = num(e.face);
  const target = num(e.target);
  if (face === null || target === null) return '';
  return `${face} against ${target}, ${e.success ? 'success' : 'failure'}`;
}

function roll(v: unknown): string {
  if (typeof v !== 'object' || v === null) return '';
  const r = v as Json;
  const faces = Array.isArray(r.faces) ? (r.faces as unknown[]).join(', ') : '';
  return `${str(r.formula)} [${faces}] = ${num(r.total) ?? '?'}`;
}

function weapon(v: unknown): string {
  return isWeaponId(v) ? WEAPONS[v].name : str(v);
}

function declaration(v: unknown): string {
  if (typeof v !== 'object' || v === null) return 'something';
  const d = v as Json;
  if (d.kind === 'fa') return d.bomb ? `FA with the ${weapon(d.bomb)}` : `FA with the ${weapon(d.weapon)}`;
  const task = (d.task ?? {}) as Json;
  switch (task.kind) {
    case 'manoeuvre': {
      const parts = [
        task.move ? `move ${str(task.move)}` : '',
        task.switchTo ? `switch to the ${weapon(task.switchTo)}` : '',
        str(task.text),
      ].filter(Boolean);
      return `NFA: ${parts.join(', ') || 'manoeuvre'}`;
    }
    case 'other':
      return `NFA: ${str(task.text)}`;
    default:
      return `NFA: ${str(task.kind)}`;
  }
}

const ARMOUR_POLICY: Record<string, string> = {
  ask: 'asked each time',
  useWhenAvailable: 'used on the first Kill',
  never: 'kept back',
};

function vehicle(v: unknown): string {
  return v === 'apc' || v === 'dropShip' ? VEHICLE_RULES[v].name : str(v);
}

/** What a GM override changed, e.g. "range of Drake → far, alone". */
function adjustment(v: unknown, who: (id: string) => string): string {
  if (typeof v !== 'object' || v === null) return 'something';
  const a = v as Json;
  const target = str(a.target);
  const of = a.trooperId ? ` of ${who(str(a.trooperId))}` : '';
  let value: string;
  if (target === 'kills') value = `${num(a.killsThisMission)} this mission / ${num(a.totalKills)} total`;
  else if (target === 'ability') value = `${str(a.ability).toUpperCase()} ${num(a.value)}`;
  else if (Array.isArray(a.value))
    value = (a.value as unknown[]).map((m) => (m === null ? '-' : str(m))).join('');
  else value = typeof a.value === 'number' ? String(a.value) : str(a.value);
  return `${target}${of} → ${value}${a.alone ? ', out of its vehicle' : ''}`;
}

/** "Name face, Name face" for roll-off faces; each round of a roll-off after a semicolon. */
function faces(v: unknown, perRound: number, who: (id: string) => string): string {
  const all = Array.isArray(v) ? (v as Json[]) : [];
  const rounds: string[] = [];
  for (let i = 0; i < all.length; i += Math.max(1, perRound)) {
    rounds.push(
      all
        .slice(i, i + Math.max(1, perRound))
        .map((f) => `${who(str(f.trooperId))} ${num(f.face)}`)
        .join(', '),
    );
  }
  return rounds.join('; ');
}

/**
 * Why each level was gained: who had the most kills (and the roll-off if they tied), and everyone
 * else's d10. Empty for an event without those fields.
 */
function levelRolls(e: Json, who: (id: string) => string): string {
  const leaders = Array.isArray(e.leaders) ? (e.leaders as string[]) : [];
  const parts: string[] = [];
  if (leaders.length === 1) parts.push(`most kills ${who(leaders[0] as string)}`);
  if (leaders.length > 1) {
    const top = e.topKiller ? `: ${who(str(e.topKiller))}` : '';
    parts.push(
      `most kills tied between ${leaders.map(who).join(' and ')}, rolled off (${faces(e.leaderRollOffs, leaders.length, who)})${top}`,
    );
  }
  const rolls = faces(e.rolls, Number.POSITIVE_INFINITY, who);
  if (rolls) parts.push(`d10 for the rest: ${rolls}`);
  return parts.length > 0 ? `${parts.join('; ')}. ` : '';
}

/** A conflict side's name: the trooper's (through `who`) or the NPC's. */
function sideName(x: Json | undefined, who: (id: string) => string): string {
  return x?.kind === 'trooper' ? who(str(x.trooperId)) : str(x?.name);
}

/**
 * Who each side of the conflict is, from the `conflict.started` before this event (one conflict
 * runs at a time); "side A" / "side B" when this seat's log does not hold it.
 */
function conflictSides(
  earlier: ((type: string) => Json | undefined) | undefined,
  who: (id: string) => string,
): (k: unknown) => string {
  let sides: Record<string, Json> | null | undefined;
  return (k) => {
    // Looked up on first use: most events name no side.
    if (sides === undefined)
      sides = (earlier?.('conflict.started')?.sides ?? null) as Record<string, Json> | null;
    const key = str(k);
    const name = sides ? sideName(sides[key], who) : '';
    return name || `side ${key.toUpperCase()}`;
  };
}

const OTHER_SIDE: Record<string, string> = { a: 'b', b: 'a' };

export function describeThreeSixteenEvent(
  event: { readonly type: string } & Json,
  who: (id: string) => string,
  earlier?: (type: string) => Json | undefined,
): string | null {
  const e = event as Json;
  const w = (k: string) => who(str(e[k]));
  const side = conflictSides(earlier, who);
  switch (event.type) {
    case 'trooper.created': {
      const t = (e.trooper ?? {}) as Json;
      return `${str(t.name)} joins the squad (FA ${num(t.fa)}, NFA ${num(t.nfa)}); starting kills ${roll(e.startingKills)}`;
    }
    case 'campaign.brigadierFell': {
      const fp = (e.fieldPromotion ?? null) as Json | null;
      return fp
        ? `The Brigadier is dead (${str(e.text)}): ${who(str(fp.promoted))} is promoted in the field to Brigadier`
        : `The Brigadier is dead (${str(e.text)}): the rank is open`;
    }
    case 'campaign.gearTaken':
      return `${w('trooperId')} takes ${str(e.item)}`;
    case 'trooper.rankWeaponChosen':
      return `${w('trooperId')} takes the ${weapon(e.weapon)} instead of the ${weapon(e.replaces)}`;
    case 'ranks.assigned': {
      const ranks = (e.ranks ?? {}) as Record<string, number>;
      return `Ranks: ${Object.entries(ranks)
        .map(([id, r]) => `${who(id)} ${rankName(r)}`)
        .join(', ')}`;
    }
    case 'planet.set': {
      const p = (e.planet ?? {}) as Json;
      const threat = ((p.threat ?? {}) as Json).initial;
      return `Landing on ${str(p.name)}: AA ${num(p.aa)}, ${num(threat)} Threat Tokens`;
    }
    case 'mission.briefed':
      return `Briefing: ${str(e.text)}`;
    case 'encounter.started':
      return `An encounter begins with ${num(e.tokens)} Threat Tokens${e.final ? ' (the final one)' : ''}`;
    case 'dominance.rolled':
      return `${w('actor')} ${e.actor === 'aliens' ? 'roll' : 'rolls'} for Dominance: ${test(e)}`;
    case 'dominance.declined':
      return `${w('trooperId')} stays out of the Dominance roll`;
    case 'dominance.resolved': {
      const outcome: Record<string, string> = {
        pcAmbush: 'the troopers ambush the aliens',
        alienAmbush: 'the aliens ambush the troopers',
        pc: `${e.winner ? who(str(e.winner)) : 'a trooper'} sets the range`,
        aliens: 'the aliens set the range',
        allFail: 'nobody dominates: the fight opens at Far',
      };
      return `Dominance: ${outcome[str(e.outcome)] ?? str(e.outcome)}`;
    }
    case 'range.set':
      return `The range is ${str(e.range)}`;
    case 'round.declared':
      return `${w('trooperId')} declares ${declaration(e.declaration)}`;
    case 'aliens.declared':
      return 'The aliens declare their attack';
    case 'test.rolled':
      return `${w('actor')} ${e.actor === 'aliens' ? 'roll' : 'rolls'} ${test(e)}`;
    case 'round.ordered': {
      const queue = Array.isArray(e.queue) ? (e.queue as Json[]) : [];
      return `Order of the round: ${queue
        .map((s) => `${who(str(s.actor))} ${num(s.face)}${s.success ? '' : ' (fails)'}`)
        .join(', ')}`;
    }
    case 'turn.taken': {
      const o = (e.outcome ?? {}) as Json;
      let what: string;
      switch (o.kind) {
        case 'fa':
          what = o.kills
            ? `fights with the ${weapon(o.weapon)}: ${roll(o.kills)} kills`
            : 'fights, but kills nothing';
          break;
        case 'bomb':
          what = `sets off the ${weapon(o.bomb)}`;
          break;
        case 'nfa':
          what = 'carries out the task';
          break;
        case 'aa':
          // Whom they hit follows from the round's faces (evolve works it out), not from the event.
          what = 'strike every trooper who failed or rolled no higher than them';
          break;
        case 'cancelled':
          what = 'cancels the success';
          break;
        default:
          what = e.actor === 'aliens' ? 'fail' : 'fails';
      }
      const move = e.move ? `, then moves ${str(e.move)}` : '';
      const said = e.narration ? ` — “${str(e.narration)}”` : '';
      return `${w('actor')} ${what}${move}${said}`;
    }
    case 'kill.answered':
      return `${w('trooperId')} ${e.useArmour ? 'ticks armour against the Kill' : 'takes the Kill: a box is marked'}`;
    case 'strength.used':
      return `${w('trooperId')} shows a Strength: “${str(e.text)}” — ${roll(e.kills)} kills; the encounter ends`;
    case 'weakness.used':
      return `${w('trooperId')} shows a Weakness: “${str(e.text)}” and leaves the encounter`;
    case 'ability.used': {
      const name = isAbilityId(e.ability) ? alienAbilityInfo(e.ability).name : str(e.ability);
      const cost = num(e.cost);
      return `The aliens use ${name}${cost ? ` (${cost} token${cost > 1 ? 's' : ''} from the ${str(e.from)})` : ''}`;
    }
    case 'narration':
      return `${w('actor')}: ${str(e.text)}`;
    case 'gm.encounterEnded':
      return `The GM ends the encounter${e.reason ? `: ${str(e.reason)}` : ''}`;
    case 'gm.adjusted':
      return `GM override (${adjustment(e.adjustment, who)}): ${str(e.reason)}`;
    case 'gm.noted':
      return `GM note: ${str(e.text)}`;
    case 'bonus.granted':
      return `The GM grants ${w('trooperId')} +1 for preparation`;
    case 'trooper.armourPolicySet':
      return `${w('trooperId')}'s armour: ${ARMOUR_POLICY[str(e.policy)] ?? str(e.policy)}`;
    case 'trooper.defaultWeaponSet':
      return `${w('trooperId')} readies the ${weapon(e.weapon)} by default`;
    // Support and vehicles
    case 'dropPods.used':
      return `${w('trooperId')} calls the Drop Pods: the squad ambushes`;
    case 'kineticField.used':
      return `${w('trooperId')} switches on the Kinetic Field Armour`;
    case 'drugs.used':
      return `${w('trooperId')} takes combat drugs and re-rolls: ${test(e)}`;
    case 'ambush.resolved': {
      const attacks = Array.isArray(e.attacks) ? (e.attacks as Json[]) : [];
      const parts = attacks.map((a) => `${who(str(a.trooperId))} ${a.kills ? roll(a.kills) : 'no kills'}`);
      return `Ambush: ${parts.join('; ') || 'nobody fires'}`;
    }
    case 'vehicle.deployed':
      return `${w('ownerId')}'s ${vehicle(e.vehicle)} comes in, ${w('driverId')} at the controls`;
    case 'vehicle.boarded':
      return `${w('trooperId')} gets into ${w('ownerId')}'s ${vehicle(e.vehicle)}`;
    case 'vehicle.left':
      return `${w('trooperId')} gets out of ${w('ownerId')}'s ${vehicle(e.vehicle)}`;
    case 'starkiller.fired':
      return `${w('trooperId')} fires the Starkiller at ${str(e.planet)}: ${roll(e.roll)} × ${STARKILLER_MULTIPLIER} = ${num(e.kills)} kills`;
    case 'device.activated':
      return `${w('trooperId')} sets off The Device; the campaign is over`;
    case 'encounter.ended': {
      const how = END_REASON_LABEL[str(e.reason) as EncounterEndReason] ?? str(e.reason);
      return `The encounter is over: ${how}; ${
        e.planetCleared ? 'the planet is cleared' : `${num(e.pool)} tokens in the planet's pool`
      }${e.squadAlive ? '' : '; nobody is left standing'}`;
    }
    case 'mission.ended':
      return 'The mission is over';
    case 'nfaTest.rolled':
      return `${w('trooperId')} tests NFA${e.text ? ` (${str(e.text)})` : ''}: ${test(e)}`;
    case 'scene.flashback':
      return `${w('trooperId')} shows a ${e.kind === 'weakness' ? 'Weakness' : 'Strength'} in a scene: “${str(e.text)}”`;
    case 'scene.added':
      return `Scene: ${str(e.text)}`;
    // Between missions and conflicts (the campaign part)
    case 'campaign.debriefed': {
      const survivors = Array.isArray(e.survivors) ? (e.survivors as string[]) : [];
      return `Mission ${num(e.mission)} debriefed; back alive: ${survivors.map(who).join(', ') || 'nobody'}`;
    }
    case 'campaign.levelsRolled': {
      const gainers = Array.isArray(e.gainers) ? (e.gainers as string[]) : [];
      return `Levels: ${levelRolls(e, who)}${gainers.map(who).join(', ') || 'nobody'} gain one`;
    }
    case 'campaign.levelTaken':
      return `${w('trooperId')} raises ${str(e.ability).toUpperCase()}${e.slot ? ` and opens a ${str(e.slot)} slot` : ''}`;
    case 'campaign.weaponImproved':
      return `${w('trooperId')} improves the ${weapon(e.weapon)} at ${str(e.range)}`;
    case 'campaign.developmentRolled':
      return `${w('trooperId')} makes a Development Roll: ${test(e)}`;
    case 'campaign.demotionTried':
      return `${w('nominatorId')} nominates ${w('targetId')} for demotion: ${e.demoted ? 'demoted' : 'not proven'}`;
    case 'campaign.replacementJoined': {
      const t = (e.trooper ?? {}) as Json;
      return `${str(t.name)} replaces ${w('predecessorId')}`;
    }
    case 'campaign.fieldPromotionRolled':
      return `Field promotion: ${w('promoted')} becomes ${rankName(num(e.rank) ?? 0)}`;
    case 'conflict.started': {
      const sides = (e.sides ?? {}) as Record<string, Json>;
      return `A conflict: ${sideName(sides.a, who)} against ${sideName(sides.b, who)}`;
    }
    case 'conflict.dominanceRolled': {
      const tests = (e.tests ?? {}) as Record<string, Json>;
      const winner = e.winner
        ? `${side(e.winner)} wins${e.outcome === 'ambush' ? ' with an ambush' : ''}`
        : 'nobody wins';
      const roll = (k: 'a' | 'b') =>
        e.stayedOut === k ? `${side(k)} stays out` : `${side(k)} ${test(tests[k] ?? {})}`;
      return `Conflict Dominance: ${roll('a')}; ${roll('b')}: ${winner}`;
    }
    case 'conflict.rangeSet':
      return `Conflict range: ${str(e.range)}`;
    case 'conflict.declared': {
      const a = (e.action ?? {}) as Json;
      const what: Record<string, string> = { fa: 'fights (FA)', emotional: 'wears the other down (NFA)' };
      const text =
        a.kind === 'manoeuvre'
          ? `${[a.move ? `moves ${str(a.move)}` : '', a.switchTo ? `switches to the ${weapon(a.switchTo)}` : ''].filter(Boolean).join(' and ')} (NFA)`
          : a.kind === 'other'
            ? `NFA: ${str(a.text)}`
            : (what[str(a.kind)] ?? str(a.kind));
      return `Conflict: ${side(e.side)} ${text}`;
    }
    case 'conflict.roundRolled': {
      const tests = (e.tests ?? {}) as Record<string, Json>;
      return `Conflict round: ${side('a')} ${test(tests.a ?? {})}; ${side('b')} ${test(tests.b ?? {})}`;
    }
    case 'conflict.turnTaken': {
      const other = OTHER_SIDE[str(e.side)];
      return e.cancelled
        ? `Conflict: ${side(e.side)} calls off the success; ${side(other)}'s lower success fails with it`
        : `Conflict: ${side(e.side)}'s better success goes ahead`;
    }
    case 'conflict.hitAnswered':
      return e.useArmour ? 'Conflict: armour takes the hit' : 'Conflict: the hit lands';
    case 'conflict.moved':
      return `Conflict: ${side(e.side)} moves ${str(e.move)}`;
    case 'conflict.flashback':
      return `Conflict: ${side(e.side)} uses a ${e.kind === 'strength' ? 'Strength' : 'Weakness'}: “${str(e.text)}”`;
    case 'conflict.yielded':
      return `Conflict: ${side(e.side)} yields`;
    case 'conflict.yieldAnswered':
      return e.accept ? 'Conflict: the yield is accepted' : 'Conflict: the yield is refused, it goes on';
    case 'conflict.gmEnded':
      return `The GM ends the conflict (${e.winner ? `${side(e.winner)} wins` : 'no winner'}): ${str(e.reason)}`;
    case 'campaign.missionGmSet':
      return `Mission ${num(e.mission)} is run by ${e.seatId ? who(str(e.seatId)) : 'the table’s GM'}`;
    case 'campaign.planetRolled':
      return `Planet rolled: ${str(e.aaExplanation)}; ${str(e.threatReason)}`;
    case 'campaign.hatredForHomeAdopted':
      return `${w('trooperId')} takes Hatred for Home`;
    case 'conflict.orderImposed':
      return `The winner's order: “${str(e.text)}”`;
    default:
      return null;
  }
}
