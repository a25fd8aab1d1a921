/**
 * One Fundamental Duck! event, as a seat receives it (redacted for players), in a sentence for the
 * table's live log and the aliens' turn panel. Pure: it reads the event alone (`who` names seat
 * ids). Every event type of the ruleset has a line; the Threat AI's decisions are told in words
 * with their dice ("Harpy 2: reaction 4 + 2 = 6 on the Team column: HIDE, moves 3").
 */

type Json = Record<string, unknown>;

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const obj = (v: unknown): Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : {};
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const nums = (v: unknown): number[] => arr(v).filter((x): x is number => typeof x === 'number');

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function list(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const FACING = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];

function facing(v: unknown): string {
  const n = num(v);
  return n === null ? '' : (FACING[n] ?? '');
}

/** A Teamer id as a name ("you" is the leader, YOU); a Threat id ("h3") as "Threat 3". */
export function idName(id: unknown, species?: string): string {
  const s = str(id);
  if (s === '') return 'someone';
  if (s === 'you') return 'YOU';
  const m = /^h(\d+)$/.exec(s);
  if (m) return `${species ? capital(species) : 'Threat'} ${m[1]}`;
  return capital(s);
}

function faces(v: unknown): string {
  const f = nums(v);
  return f.length === 0 ? '' : ` (${f.length > 1 ? 'dice' : 'die'} ${f.join(', ')})`;
}

function square(x: unknown, y: unknown): string {
  const a = num(x);
  const b = num(y);
  return a === null || b === null ? '' : `(${a},${b})`;
}

const PHASES: Json = {
  briefing: 'the briefing',
  exploration: 'the Exploration phase',
  team: 'the Team phase',
  threat: 'the Threat phase',
  housekeeping: 'Housekeeping',
  ended: 'the end of the mission',
};

const MODIFIERS: Json = {
  wounded: 'wounded',
  teamerOnSource: 'a Teamer on the Source',
  facingAway: 'facing away',
  inPack: 'in a pack',
};

const COLUMN_REASON: Json = {
  teamerInStimulusRange: 'a Teamer within its senses’ range',
  teamerOnTileAndSighted: 'it sees a Teamer on its tile',
  noTeamerOnTile: 'no Teamer on its tile',
  noSighting: 'no Teamer in sight or in range',
};

const BECAUSE: Json = {
  waitingNotTriggered: 'it keeps waiting in hiding: nothing set it off',
  waitingTriggered: 'it was waiting in hiding and something set it off',
  ambush: 'it springs an ambush',
  packCannotReach: 'its pack cannot reach anyone',
  draggingPrey: 'it drags its prey toward the nest',
  preyAtNest: 'its prey is at the nest',
  controller: 'its moves are left to the controller',
  noTeamers: 'no Teamer is left to hunt',
};

const OUTCOME: Json = {
  grappled: 'closes in and grapples',
  closedIn: 'no one within reach: closes in by the shortest way',
  noCloserSquare: 'no square brings it nearer',
  atDoor: 'stops at a door',
  atBulkhead: 'works at a bulkhead',
  stayed: 'stays where it is',
  hidOutOfSight: 'hides out of sight',
  movedAwayInSight: 'moves away but stays in sight',
  shot: 'shoots',
  dragged: 'drags its prey',
  none: '',
};

const PRIORITY: Json = {
  back: 'his back is turned',
  heavyWeapon: 'he carries a heavy weapon',
  you: 'he is the leader',
  other: 'nearest',
};

const DOOR_STEP: Json = {
  crossShortCut: 'crawls through a short cut',
  goToShortCut: 'heads for a short cut',
  seekShortCut: 'searches for a short cut',
  batter: 'batters the door',
};

/** A Threat AI decision in words, with its dice. */
export function describeDecision(decision: unknown): string {
  const d = obj(decision);
  const species = str(d.species);
  const name = idName(d.threat, species);
  const parts: string[] = [];
  const r = obj(d.reaction);
  if (num(r.face) !== null) {
    const mods = arr(r.modifiers).map(obj);
    const modText = mods
      .map((m) => {
        const v = num(m.value) ?? 0;
        return ` ${v >= 0 ? '+' : '−'} ${Math.abs(v)} (${str(MODIFIERS[str(m.code)]) || str(m.code)})`;
      })
      .join('');
    const column = str(r.column) === 'team' ? 'Team' : 'No-Team';
    const why = str(COLUMN_REASON[str(r.columnReason)]);
    parts.push(
      `reaction ${num(r.face)}${modText}${mods.length ? ` = ${num(r.total)}` : ''} on the ${column} column${why ? ` (${why})` : ''}: ${str(r.reaction).toUpperCase()}`,
    );
  } else {
    const because = str(BECAUSE[str(d.because)]);
    if (because) parts.push(because);
    else if (str(d.choice)) parts.push(str(d.choice).toUpperCase());
  }
  const m = obj(d.movement);
  const allowance = num(m.allowance);
  if (allowance !== null) {
    const f = nums(m.faces);
    const dice = f.length
      ? ` (${str(m.die)} ${f.join(', ')}${num(m.add) ? ` + ${num(m.add)}` : ''})`
      : str(m.from) === 'pack'
        ? ' (the pack’s throw)'
        : '';
    parts.push(`movement ${allowance}${dice}`);
  }
  const t = obj(d.target);
  if (str(t.teamer)) {
    const pr = str(PRIORITY[str(t.priority)]);
    const tie =
      str(t.tie) === 'rollOff'
        ? ', a roll-off settled the tie'
        : str(t.tie) === 'nearest'
          ? ', the nearest of several'
          : '';
    parts.push(
      `${t.reachable ? 'goes for' : 'moves toward'} ${idName(t.teamer)}${pr && t.reachable ? ` (${pr}${tie})` : ''}`,
    );
  }
  const door = obj(d.door);
  if (str(door.step)) {
    const batter = nums(door.batterFaces);
    parts.push(
      `${str(DOOR_STEP[str(door.step)])}${batter.length ? ` (${batter.join(', ')})` : ''}${door.holeOpened ? ': it breaks a hole through' : door.found ? ': found one' : ''}`,
    );
  }
  const out = str(OUTCOME[str(d.outcome)]);
  if (out && !parts.some((p) => p.includes(out))) parts.push(out);
  return `${name}: ${parts.join('; ')}.`;
}

export function describeFdEvent(
  event: { readonly type: string },
  who: (id: string) => string,
): string | null {
  const e = event as Json & { type: string };
  switch (e.type) {
    case 'mission.chosen':
      return `Mission chosen: ${str(e.missionId)} on ${str(e.arenaId)}${e.activation ? ` (activation: ${str(e.activation)})` : ''}.`;
    case 'order.drawn':
      return `This turn’s activation order: ${list(arr(e.order).map((id) => idName(id)))}.`;
    case 'arena.dealt':
      return 'The arena is dealt: infestation markers and event cards lie face down on every module.';
    case 'phase.began':
      return `Turn ${num(e.turn) ?? '?'}: ${str(PHASES[str(e.phase)]) || str(e.phase)} begins.`;
    case 'tile.revealed': {
      const pings = arr(e.pings).map(str);
      const how =
        {
          sweep: 'swept',
          scan: 'scanned',
          opened: 'opened',
          event: 'shown by an event',
          catastrophe: 'shown by a catastrophe',
        }[str(e.how)] ?? 'revealed';
      return `Module ${num(e.tile)} ${how}: ${pings.length ? `pings ${list(pings.map((p) => p.toUpperCase()))}` : 'no pings'}${num(e.chits) ? `, ${num(e.chits)} Source chit(s)` : ''}.`;
    }
    case 'tile.entered':
      return `${idName(e.teamerId)} is the first into module ${num(e.tile)}.`;
    case 'test.rolled': {
      const r = obj(e.record);
      const test = str(r.test) === 'binge' ? 'BINGE' : 'fumble';
      return `${idName(e.teamerId)}: ${test} test for ${str(e.purpose)}: rolled ${num(r.face)} against ${num(r.target)}, ${r.success ? 'passed' : 'failed'}.`;
    }
    case 'binge.changed':
      return `${idName(e.teamerId)}’s BINGE is now ${num(e.binge)}${e.chicken ? ' (chicken!)' : ''}: ${str(e.why)}.`;
    case 'chit.used': {
      const kind = str(e.kind);
      const what =
        kind === 'wait'
          ? 'goes on WAIT'
          : kind === 'thrown'
            ? 'is thrown away'
            : kind === 'lost'
              ? 'is lost'
              : kind === 'duck'
                ? 'is spent to -DUCK!'
                : `pays for a ${kind.toUpperCase()} action`;
      return `${idName(e.teamerId)}: chit ${(num(e.chit) ?? 0) + 1} ${what}.`;
    }
    case 'activation.began': {
      const plans = obj(e.plans);
      const planText = Object.entries(plans)
        .map(([id, p]) => `${idName(id)} plans ${arr(p).map(str).join(' then ')}`)
        .join('; ');
      return `${list(arr(e.teamerIds).map((id) => idName(id)))} ${arr(e.teamerIds).length > 1 ? 'activate together' : 'activates'}${planText ? ` (${planText})` : ''}.`;
    }
    case 'activation.ended':
      return `${list(arr(e.teamerIds).map((id) => idName(id)))}: activation over.`;
    case 'move.began':
      return `${idName(e.teamerId)} ${e.dash ? 'dashes' : 'moves'}: ${num(e.allowance)} movement point(s)${faces(e.faces)}.`;
    case 'teamer.stepped':
      return e.x === null
        ? `${idName(e.teamerId)} goes back over the boarding bridge.`
        : `${idName(e.teamerId)} steps to ${square(e.x, e.y)}, facing ${facing(e.facing)} (${num(e.cost)} point${num(e.cost) === 1 ? '' : 's'}).`;
    case 'teamer.turned':
      return `${idName(e.teamerId)} turns to face ${facing(e.facing)}${num(e.cost) ? ` (${num(e.cost)} point)` : ' (an action)'}.`;
    case 'move.ended':
      return `${idName(e.teamerId)} ends the move facing ${facing(e.facing)}.`;
    case 'teamer.ducked':
      return e.ducked ? `${idName(e.teamerId)} -DUCKS!` : `${idName(e.teamerId)} stands up.`;
    case 'teamer.breathed':
      return `${idName(e.teamerId)} gets his breath back after the dash.`;
    case 'teamer.claimed':
      return `${idName(e.teamerId)} is now played by ${who(str(e.seatId))}.`;
    case 'door.changed': {
      const s = obj(e.state);
      const state = s.jammed ? 'jammed' : s.open ? 'open' : 'closed';
      const holes = arr(s.holes).length;
      return `Door ${num(e.door)} is ${state}${holes ? `, holed` : ''}${num(s.damage) ? `, damage ${num(s.damage)}` : ''}: ${str(e.why)}.`;
    }
    case 'card.resolved':
      return `Event card (${str(e.colour).toUpperCase()}) in module ${num(e.tile)}: ${str(e.text)}`;
    case 'threats.placed': {
      const threats = arr(e.threats).map(obj);
      const ping = str(e.ping).toUpperCase();
      if (threats.length === 0) return `The ${ping} ping in module ${num(e.tile)} brings nothing.`;
      return `The ${ping} ping in module ${num(e.tile)} brings ${threats.length} ${threats.length === 1 ? 'Threat' : 'Threats'}${faces(e.countFaces)}: ${list(threats.map((t) => `${idName(t.id, str(t.species))} at ${square(t.x, t.y)}`))}.`;
    }
    case 'chits.placed':
      return `Source chits set out in module ${num(e.tile)}.`;
    case 'chit.examined':
      return `${idName(e.teamerId)} turns a Source chit: ${e.h ? 'it is the H, the Source!' : 'nothing.'}`;
    case 'ping.added':
      return e.revealed && str(e.ping)
        ? `A ${str(e.ping).toUpperCase()} ping is added to module ${num(e.tile)}.`
        : `A face-down ping is added to module ${num(e.tile)}.`;
    case 'card.added':
      return `An event card is added to module ${num(e.tile)}.`;
    case 'contraband.found':
      return `${idName(e.teamerId)} finds contraband (${str(e.item)}).`;
    case 'attack.resolved': {
      const hits = obj(e.hits);
      const targets = arr(e.targets).map(str);
      const scatter = obj(e.scatter);
      const hitText = targets.length
        ? list(targets.map((t) => `${idName(t)} ${num(hits[t]) ? `hit ×${num(hits[t])}` : 'missed'}`))
        : 'nobody there';
      return `${idName(e.by)} fires the ${str(e.weapon)} at ${square(e.x, e.y)}${faces(e.faces)}, hits on ${num(e.hitOn)}+: ${hitText}${str(scatter.x) || num(scatter.x) !== null ? ` (scattered to ${square(scatter.x, scatter.y)})` : ''}.`;
    }
    case 'grapple.resolved': {
      const loser = str(e.loser);
      return `${idName(e.threatId)} and ${idName(e.teamerId)} grapple: ${num(e.threatTotal)} (die ${num(e.threatFace)}) against ${num(e.teamerTotal)} (die ${num(e.teamerFace)}): ${loser === 'threat' ? `${idName(e.teamerId)} wins` : loser === 'teamer' ? `${idName(e.threatId)} wins` : 'a draw'}.`;
    }
    case 'teamer.wounded':
      return `${idName(e.teamerId)} ${num(e.armourFace) !== null ? `(armour save ${num(e.armourFace)}) ` : ''}is now ${['unhurt', 'wounded', 'out of action', 'dead'][num(e.wounds) ?? 0] ?? 'hurt'}.`;
    case 'threat.wounded':
      return `${idName(e.threatId)} takes a wound (${num(e.wounds)} in all).`;
    case 'threat.killed':
      return `${idName(e.threatId)} is killed${str(e.by) ? ` by ${idName(e.by)}` : ''}.`;
    case 'ammo.changed':
      return `${idName(e.teamerId)}’s ${str(e.weapon)}: ${num(e.left)} left.`;
    case 'grenades.changed':
      return `${idName(e.teamerId)} has ${num(e.grenades)} grenade(s) left.`;
    case 'stress.added': {
      const n = num(e.chits) ?? arr(e.kinds).length;
      return `Stress: ${n} chit(s) into the Kitty${str(e.teamerId) ? ` from ${idName(e.teamerId)}` : ''} (${str(e.why)}).`;
    }
    case 'catastrophe.struck':
      return `CATASTROPHE! The Kitty held ${list(nums(e.values).map(String))} = ${num(e.total)}: ${str(e.effect).replace(/-/g, ' ')}.`;
    case 'threat.decided':
      return describeDecision(e.decision);
    case 'threat.moved':
      return `${idName(e.threatId)} moves to ${square(e.x, e.y)}, facing ${facing(e.facing)}${e.eye ? ', hidden and waiting' : ''}${str(e.dragging) ? `, dragging ${idName(e.dragging)}` : ''}.`;
    case 'threat.queue': {
      const q = arr(e.queue).map((u) => arr(u).map((id) => idName(id)));
      return q.length
        ? `The Threats act in this order: ${list(q.map((u) => (u.length > 1 ? `a pack (${list(u)})` : (u[0] ?? ''))))}.`
        : 'No Threat is on the board to act.';
    }
    case 'threat.pack': {
      const p = obj(e.pack);
      return `A pack moves together${num(p.allowance) !== null ? `: ${num(p.allowance)} movement points` : ''}.`;
    }
    case 'threat.paused':
      return `${idName(e.threatId)} pauses: a Teamer may react.`;
    case 'threat.resumed':
      return `${idName(e.threatId)} goes on.`;
    case 'threat.carried':
      return str(e.teamerId)
        ? `${idName(e.threatId)} seizes ${idName(e.teamerId)}.`
        : `${idName(e.threatId)} lets go.`;
    case 'horror.seen':
      return `${idName(e.teamerId)} sees a ${str(e.species)} for the first time.`;
    case 'flames.changed':
      return num(e.flames) ? `Flames in a square (${num(e.flames)}).` : 'The flames in a square die down.';
    case 'blasts.changed':
      return arr(e.blasts).length
        ? 'Grenade blast markers lie on the board.'
        : 'The blast markers are cleared.';
    case 'interrupt.raised': {
      const trig =
        str(e.trigger) === 'crossing'
          ? 'starts through a door'
          : str(e.trigger) === 'adjacent'
            ? 'moves next to'
            : 'moves in sight of';
      return `${idName(e.threatId)} ${trig}${str(e.trigger) === 'crossing' ? '' : ` ${list(arr(e.teamerIds).map((id) => idName(id)))}`}: WAIT chits may be used now.`;
    }
    case 'interrupt.answered':
      return `${idName(e.teamerId)} ${e.used ? 'uses his WAIT chit' : 'lets the chance pass'}.`;
    case 'source.cleared':
      return `${idName(e.teamerId)} clears the Source!`;
    case 'console.used':
      return `${idName(e.teamerId)} works the console.`;
    case 'mission.evaluated': {
      const ev = obj(e.evaluation);
      const outcome =
        { completed: 'completed', 'part-completed': 'partly completed', failed: 'failed' }[str(ev.outcome)] ??
        str(ev.outcome);
      return `The mission is ${outcome}; the Team earns ${num(ev.teamStars) ?? 0} gold star(s).`;
    }
    case 'stars.awarded':
      return `${num(e.stars)} gold star(s) to ${str(e.teamerId) ? idName(e.teamerId) : 'the Team'}: ${str(e.why)}.`;
    case 'campaign.debriefed':
      return `Debriefing: the mission ${str(e.outcome).replace('-', ' ')}; contraband worth ${num(e.contraband) ?? 0}k, black money now ${num(e.money) ?? 0}k; Threat Level ${num(e.threatLevel) ?? 0}.`;
    case 'teamer.advanced':
      return `${idName(e.teamerId)} takes a ${str(e.kind) === 'promotion' ? 'promotion' : 'development'}${faces(e.faces)}${str(e.ability) ? `: ${str(e.ability).replace(/-/g, ' ')}` : ''} (${num(e.stars) ?? 0} gold stars spent).`;
    case 'team.advanced':
      return `The Team takes an advancement: ${str(e.advancement).replace(/-/g, ' ')}${str(e.teamerId) ? ` for ${idName(e.teamerId)}` : ''} (${num(e.stars) ?? 0} gold stars).`;
    case 'teamer.replaced': {
      const sheet = obj(e.sheet);
      return `A recruit${str(sheet.name) ? `, ${str(sheet.name)},` : ''} takes ${idName(e.teamerId)}’s place${faces(e.faces)}.`;
    }
    case 'market.bought':
      return `${idName(e.teamerId)} buys ${str(e.purchase).replace(/-/g, ' ')} on the black market for ${num(e.price) ?? 0}k.`;
    case 'campaign.next':
      return `The next mission: ${str(e.missionId)} on ${str(e.arenaId)}, with the same Team.`;
    case 'load.changed': {
      const why = str(e.why);
      const what =
        why === 'exploded'
          ? 'explodes'
          : why === 'ruined'
            ? 'is ruined'
            : `warms up${num(e.warming) !== null ? ` (${num(e.warming)})` : ''}`;
      return `Cargo load ${(num(e.load) ?? 0) + 1} ${what}${e.lost && why === 'warming' ? ' and is lost' : ''}.`;
    }
    case 'orders.met':
      return `${idName(e.teamerId)} reaches module ${num(e.tile)}: the new orders are carried out.`;
    case 'undo.saved':
      // A bookmark the engine keeps before each step: nothing happened yet.
      return null;
    case 'move.undone':
      return `${idName(e.teamerId)} takes back his last step.`;
    case 'gm.overrode':
      return `The GM changes the board: ${str(e.reason)}.`;
    default:
      return null;
  }
}
