import { arr, capital, type Json, list, num, obj, str } from '../log-words.ts';

/**
 * One Fundamental Duck! event, as a seat receives it (redacted for players), in a sentence for the
 * table's live log and the aliens' turn panel. Pure: it reads the event alone (`who` names seat
 * ids). Every event type of the ruleset has a line; the Threat AI's decisions are told in words
 * with their dice ("Harpy 2: reaction 4 + 2 = 6 on the Team column: HIDE, moves 3").
 */

const nums = (v: unknown): number[] => arr(v).filter((x): x is number => typeof x === 'number');

const FACING = ['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west'];

function facing(v: unknown): string {
  const n = num(v);
  return n === null ? '' : (FACING[n] ?? '');
}

/**
 * How a line names a seat or a figure: the table page's namer (seats, then the view's own names:
 * a Teamer's name, a Threat on the board as "Harpy 3", see `nameIn` in your-move.ts). Every line
 * names a figure through it, so a Threat reads the same in the log, the decisions and the aliens'
 * turn panel.
 */
export type Who = (id: string) => string;

/** Names for an id the namer does not know: "you" is the leader, YOU; a Threat id ("h3") "Threat 3". */
export function idName(id: unknown): string {
  const s = str(id);
  if (s === '') return 'someone';
  if (s === 'you') return 'YOU';
  const m = /^h(\d+)$/.exec(s);
  if (m) return `Threat ${m[1]}`;
  return capital(s);
}

/** A figure's name: the namer's when it knows the id, else `idName`. */
export function figure(id: unknown, who: Who): string {
  const s = str(id);
  if (s === '') return 'someone';
  const named = who(s);
  return named !== s ? named : idName(s);
}

/**
 * A vehicle in words: the namer's name for its id (the table's names it by its type, "the Cargo
 * loader"), else "the vehicle" and its id.
 */
function vehicle(id: unknown, who: Who): string {
  const s = str(id);
  const named = s ? who(s) : s;
  return named && named !== s ? `the ${named}` : `the vehicle ${s || 'unknown'}`;
}

/**
 * A bulkhead side in words: the namer's (the table's says which wall of which square, from the
 * arena's width), else which side of the square index it is.
 */
function bulkheadSide(id: unknown, who: Who): string {
  const s = str(id);
  const named = s ? who(s) : s;
  if (named && named !== s) return named;
  const m = /^(\d+)([es])$/.exec(s);
  return m ? `the bulkhead on the ${m[2] === 'e' ? 'east' : 'south'} side of square ${m[1]}` : 'a bulkhead';
}

/** A Threat just placed: its species said once when its name does not already say it. */
function placed(name: string, species: string): string {
  return species && !name.toLowerCase().startsWith(species.toLowerCase()) ? `${name} (${species})` : name;
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

const MANOEUVRE: Json = {
  forward: 'drives forward',
  reverse: 'backs up',
  'pivot-left': 'swings left on its front',
  'pivot-right': 'swings right on its front',
};

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
  climbingAfter: 'it goes after a man up in the ceiling',
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
  climbed: 'climbs up into the ceiling after him',
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
export function describeDecision(decision: unknown, who: Who): string {
  const d = obj(decision);
  const name = figure(d.threat, who);
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
      `${t.reachable ? 'goes for' : 'moves toward'} ${figure(t.teamer, who)}${pr && t.reachable ? ` (${pr}${tie})` : ''}`,
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

export function describeFdEvent(event: { readonly type: string }, who: Who): string | null {
  const e = event as Json & { type: string };
  const name = (id: unknown) => figure(id, who);
  switch (e.type) {
    case 'pack.loaded': {
      const pack = obj(e.pack);
      return `The table now plays the data pack ${str(pack.name) || str(pack.id) || 'loaded'}: the briefing starts over.`;
    }
    case 'mission.chosen':
      return `Mission chosen: ${str(e.missionId)} on ${str(e.arenaId)}${e.activation ? ` (activation: ${str(e.activation)})` : ''}.`;
    case 'teams.formed': {
      const teams = arr(e.teams).map((t, i) => `team ${i + 1} (${list(arr(t).map((id) => name(str(id))))})`);
      return `The Team splits for a multi-team game${e.opposed ? ', the teams against each other' : ''}: ${list(teams)}.`;
    }
    case 'sequence.drawn':
      return `This round’s sequence pack: ${list(arr(e.order).map((c) => (c === 'threat' ? 'Threats' : `team ${(num(c) ?? 0) + 1}`)))}${
        arr(e.faces).length ? ` (dice ${nums(e.faces).join(', ')})` : ''
      }.`;
    case 'deck.laid': {
      const order = arr(e.order).map((id) => name(str(id)));
      return order.length
        ? `${who(str(e.seatId))} lays out team ${(num(e.team) ?? 0) + 1}’s activation deck: ${list(order)}.`
        : `Team ${(num(e.team) ?? 0) + 1}’s activation deck is laid out face down (${num(e.cards) ?? '?'} cards).`;
    }
    case 'threat.called':
      return `${name(str(e.threatId))} ${e.ambush === undefined ? 'acts next' : `springs an ambush on ${name(str(e.ambush))}`}: team ${(num(e.team) ?? 0) + 1}’s player runs it${
        e.why === 'opponent' ? ' (the opponent of the team on its module)' : ' (by turns)'
      }.`;
    case 'sequence.threatCard':
      return `Threat card ${num(e.card) ?? '?'} of the round turns up: the Threats nearest the teams act now.`;
    case 'sequence.resumed':
      return 'The Threat card is played out: the teams’ cards go on.';
    case 'threat.run':
      return `Team ${(num(e.team) ?? 0) + 1}’s player runs ${name(str(e.threatId))}.`;
    case 'order.drawn':
      return `This turn’s activation order: ${list(arr(e.order).map((id) => name(id)))}.`;
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
      return `${name(e.teamerId)} is the first into module ${num(e.tile)}.`;
    case 'test.rolled': {
      const r = obj(e.record);
      const test = str(r.test) === 'binge' ? 'BINGE' : 'fumble';
      return `${name(e.teamerId)}: ${test} test for ${str(e.purpose)}: rolled ${num(r.face)} against ${num(r.target)}, ${r.success ? 'passed' : 'failed'}.`;
    }
    case 'binge.changed':
      return `${name(e.teamerId)}’s BINGE is now ${num(e.binge)}${e.chicken ? ' (chicken!)' : ''}: ${str(e.why)}.`;
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
      return `${name(e.teamerId)}: chit ${(num(e.chit) ?? 0) + 1} ${what}.`;
    }
    case 'activation.began': {
      const plans = obj(e.plans);
      const planText = Object.entries(plans)
        .map(([id, p]) => `${name(id)} plans ${arr(p).map(str).join(' then ')}`)
        .join('; ');
      return `${list(arr(e.teamerIds).map((id) => name(id)))} ${arr(e.teamerIds).length > 1 ? 'activate together' : 'activates'}${planText ? ` (${planText})` : ''}.`;
    }
    case 'activation.ended':
      return `${list(arr(e.teamerIds).map((id) => name(id)))}: activation over.`;
    case 'move.began':
      return `${name(e.teamerId)} ${e.dash ? 'dashes' : 'moves'}: ${num(e.allowance)} movement point(s)${faces(e.faces)}.`;
    case 'teamer.stepped':
      return e.x === null
        ? `${name(e.teamerId)} goes back over the boarding bridge.`
        : `${name(e.teamerId)} steps to ${square(e.x, e.y)}, facing ${facing(e.facing)} (${num(e.cost)} point${num(e.cost) === 1 ? '' : 's'}).`;
    case 'teamer.turned':
      return `${name(e.teamerId)} turns to face ${facing(e.facing)}${num(e.cost) ? ` (${num(e.cost)} point)` : ' (an action)'}.`;
    case 'move.ended':
      return `${name(e.teamerId)} ends the move facing ${facing(e.facing)}.`;
    case 'teamer.ducked':
      return e.ducked ? `${name(e.teamerId)} -DUCKS!` : `${name(e.teamerId)} stands up.`;
    case 'position.changed': {
      const places = Object.entries(obj(e.positions)).map(
        ([id, place]) => `${name(id)} ${str(place) ?? '?'}`,
      );
      return `Places in the square: ${list(places)}.`;
    }
    case 'override.set':
      return e.on
        ? `${name(e.teamerId)} sets the door override: Door Check is skipped.`
        : `${name(e.teamerId)} lifts the door override.`;
    case 'door.held':
      return e.held
        ? `${name(e.teamerId)} holds door ${num(e.door)} open with his DOOR RC.`
        : `${name(e.teamerId)} lets door ${num(e.door)} go.`;
    case 'teamer.carried':
      return str(e.comradeId)
        ? `${name(e.teamerId)} picks up ${name(e.comradeId)} and carries him.`
        : `${name(e.teamerId)} sets his comrade down.`;
    case 'cargo.moved':
      return num(e.to) === null
        ? `${name(e.teamerId)} picks up cargo load ${(num(e.load) ?? 0) + 1}.`
        : `${name(e.teamerId)} sets cargo load ${(num(e.load) ?? 0) + 1} down beside him.`;
    case 'teamer.breathed':
      return `${name(e.teamerId)} gets his breath back after the dash.`;
    case 'teamer.claimed':
      return `${name(e.teamerId)} is now played by ${who(str(e.seatId))}.`;
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
      return `The ${ping} ping in module ${num(e.tile)} brings ${threats.length} ${threats.length === 1 ? 'Threat' : 'Threats'}${faces(e.countFaces)}: ${list(threats.map((t) => `${placed(name(t.id), str(t.species))} at ${square(t.x, t.y)}`))}.`;
    }
    case 'chits.placed':
      return `Source chits set out in module ${num(e.tile)}.`;
    case 'load.examined':
      return `${name(e.teamerId)} examines cargo load ${(num(e.load) ?? 0) + 1} for tampering: ${e.tampered ? 'it has been tampered with, worthless to the company.' : 'it is untouched.'}`;
    case 'chit.examined':
      return `${name(e.teamerId)} turns a Source chit: ${e.h ? 'it is the H, the Source!' : 'nothing.'}`;
    case 'ping.added':
      return e.revealed && str(e.ping)
        ? `A ${str(e.ping).toUpperCase()} ping is added to module ${num(e.tile)}.`
        : `A face-down ping is added to module ${num(e.tile)}.`;
    case 'card.added':
      return `An event card is added to module ${num(e.tile)}.`;
    case 'contraband.found':
      return `${name(e.teamerId)} finds contraband (${str(e.item)}).`;
    case 'attack.resolved': {
      const hits = obj(e.hits);
      const targets = arr(e.targets).map(str);
      const scatter = obj(e.scatter);
      const hitText = targets.length
        ? list(targets.map((t) => `${name(t)} ${num(hits[t]) ? `hit ×${num(hits[t])}` : 'missed'}`))
        : 'nobody there';
      return `${name(e.by)} fires the ${str(e.weapon)} at ${square(e.x, e.y)}${faces(e.faces)}, hits on ${num(e.hitOn)}+: ${hitText}${str(scatter.x) || num(scatter.x) !== null ? ` (scattered to ${square(scatter.x, scatter.y)})` : ''}.`;
    }
    case 'grapple.resolved': {
      const loser = str(e.loser);
      return `${name(e.threatId)} and ${name(e.teamerId)} grapple: ${num(e.threatTotal)} (die ${num(e.threatFace)}) against ${num(e.teamerTotal)} (die ${num(e.teamerFace)}): ${loser === 'threat' ? `${name(e.teamerId)} wins` : loser === 'teamer' ? `${name(e.threatId)} wins` : 'a draw'}.`;
    }
    case 'teamer.wounded':
      return `${name(e.teamerId)} ${num(e.armourFace) !== null ? `(armour save ${num(e.armourFace)}) ` : ''}is now ${['unhurt', 'wounded', 'out of action', 'dead'][num(e.wounds) ?? 0] ?? 'hurt'}.`;
    case 'threat.wounded':
      return `${name(e.threatId)} takes a wound (${num(e.wounds)} in all).`;
    case 'threat.killed':
      return `${name(e.threatId)} is killed${str(e.by) ? ` by ${name(e.by)}` : ''}.`;
    case 'ammo.changed':
      return `${name(e.teamerId)}’s ${str(e.weapon)}: ${num(e.left)} left.`;
    case 'grenades.changed':
      return `${name(e.teamerId)} has ${num(e.grenades)} grenade(s) left.`;
    case 'stress.added': {
      const n = num(e.chits) ?? arr(e.kinds).length;
      return `Stress: ${n} chit(s) into the Kitty${str(e.teamerId) ? ` from ${name(e.teamerId)}` : ''} (${str(e.why)}).`;
    }
    case 'catastrophe.struck':
      return `CATASTROPHE! The Kitty held ${list(nums(e.values).map(String))} = ${num(e.total)}: ${str(e.effect).replace(/-/g, ' ')}.`;
    case 'threat.decided':
      return describeDecision(e.decision, who);
    case 'threat.moved':
      return `${name(e.threatId)} moves to ${square(e.x, e.y)}, facing ${facing(e.facing)}${e.eye ? ', hidden and waiting' : ''}${str(e.dragging) ? `, dragging ${name(e.dragging)}` : ''}.`;
    case 'threat.queue': {
      const q = arr(e.queue).map((u) => arr(u).map((id) => name(id)));
      return q.length
        ? `The Threats act in this order: ${list(q.map((u) => (u.length > 1 ? `a pack (${list(u)})` : (u[0] ?? ''))))}.`
        : 'No Threat is on the board to act.';
    }
    case 'threat.pack': {
      const p = obj(e.pack);
      return `A pack moves together${num(p.allowance) !== null ? `: ${num(p.allowance)} movement points` : ''}.`;
    }
    case 'threat.paused':
      return `${name(e.threatId)} pauses: a Teamer may react.`;
    case 'threat.resumed':
      return `${name(e.threatId)} goes on.`;
    case 'threat.carried':
      return str(e.teamerId)
        ? `${name(e.threatId)} seizes ${name(e.teamerId)}.`
        : `${name(e.threatId)} lets go.`;
    case 'gear.dropped':
      return `${name(e.teamerId)}’s weapons stay where he fell, at (${num(e.x)},${num(e.y)})${e.up ? ' up in the ceiling' : ''}: ${list(arr(e.weapons).map(str))}.`;
    case 'horror.seen':
      return `${name(e.teamerId)} sees a ${str(e.species)} for the first time.`;
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
            : str(e.trigger) === 'shot'
              ? 'has shot at'
              : 'moves in sight of';
      return `${name(e.threatId)} ${trig}${str(e.trigger) === 'crossing' ? '' : ` ${list(arr(e.teamerIds).map((id) => name(id)))}`}: WAIT chits may be used now.`;
    }
    case 'interrupt.answered':
      return `${name(e.teamerId)} ${e.used ? 'uses his WAIT chit' : 'lets the chance pass'}.`;
    case 'source.cleared':
      return `${name(e.teamerId)} clears the Source!`;
    case 'console.used':
      return `${name(e.teamerId)} works the console.`;
    case 'mission.evaluated': {
      const ev = obj(e.evaluation);
      const outcome =
        { completed: 'completed', 'part-completed': 'partly completed', failed: 'failed' }[str(ev.outcome)] ??
        str(ev.outcome);
      const cargo = obj(ev.cargo);
      const bonus = num(cargo.bonus);
      const pay =
        bonus === null
          ? ''
          : ` Cargo: ${num(cargo.intact) ?? 0} load(s) intact, ${num(cargo.lost) ?? 0} lost, bonus ${bonus}k.`;
      const orders =
        ev.bonus === undefined
          ? ''
          : ev.bonus
            ? ` The new orders were carried out (${num(ev.bonusStars) ?? 0} of those stars).`
            : ' The new orders were not carried out.';
      return `The mission is ${outcome}; the Team earns ${num(ev.teamStars) ?? 0} gold star(s).${orders}${pay}`;
    }
    case 'stars.awarded':
      return `${num(e.stars)} gold star(s) to ${str(e.teamerId) ? name(e.teamerId) : 'the Team'}: ${str(e.why)}.`;
    case 'campaign.debriefed':
      return `Debriefing: the mission ${str(e.outcome).replace('-', ' ')}; contraband worth ${num(e.contraband) ?? 0}k, black money now ${num(e.money) ?? 0}k;${num(e.pay) === null ? '' : ` cargo bonus ${num(e.cargoBonus) ?? 0}k, pay now ${num(e.pay)}k;`} Threat Level ${num(e.threatLevel) ?? 0}.`;
    case 'teamer.advanced':
      return `${name(e.teamerId)} takes a ${str(e.kind) === 'promotion' ? 'promotion' : 'development'}${faces(e.faces)}${str(e.ability) ? `: ${str(e.ability).replace(/-/g, ' ')}` : ''} (${num(e.stars) ?? 0} gold stars spent).`;
    case 'team.advanced':
      return `The Team takes an advancement: ${str(e.advancement).replace(/-/g, ' ')}${str(e.teamerId) ? ` for ${name(e.teamerId)}` : ''} (${num(e.stars) ?? 0} gold stars).`;
    case 'teamer.replaced': {
      const sheet = obj(e.sheet);
      return `A recruit${str(sheet.name) ? `, ${str(sheet.name)},` : ''} takes ${name(e.teamerId)}’s place${faces(e.faces)}.`;
    }
    case 'weapon.issued':
      return `${name(e.teamerId)} draws an advanced weapon: ${str(e.weapon).replace(/-/g, ' ')}.`;
    case 'market.bought':
      return `${name(e.teamerId)} buys ${str(e.purchase).replace(/-/g, ' ')} on the black market for ${num(e.price) ?? 0}k.`;
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
    case 'load.blasted': {
      const hits = obj(e.hits);
      const targets = arr(e.targets).map(str);
      const hitText = list(targets.map((t) => `${name(t)} ${num(hits[t]) ? 'hit' : 'missed'}`));
      return `Cargo load ${(num(e.load) ?? 0) + 1} ${str(e.cargo) === 'flammable' ? 'bursts into flame' : 'blows up'}${faces(e.faces)}, hits on ${num(e.hitOn)}+: ${hitText}.`;
    }
    case 'drone.set':
      return `${name(e.teamerId)} sets up ${e.walking === true ? 'the walking' : 'a'} drone gun at ${square(e.x, e.y)}, facing ${facing(e.facing)} (power ${num(e.power) ?? 0}).`;
    case 'threat.burned':
      return `${name(e.threatId)} is in the flames at ${square(e.x, e.y)}${faces([e.face])}, burns on ${num(e.hitOn)}+: ${e.hit === true ? 'burnt' : 'unhurt'}.`;
    case 'drone.fired': {
      const hits = num(e.hits) ?? 0;
      return `The drone gun fires at ${name(e.threatId)}${faces(e.faces)}, hits on ${num(e.hitOn)}+: ${hits ? `${hits} hit(s)` : 'missed'}.`;
    }
    case 'bulkhead.searched':
      return e.found === true
        ? `${capital(name(e.threatId))} finds a weak spot in ${bulkheadSide(e.side, who)}.`
        : `${capital(name(e.threatId))} searches ${bulkheadSide(e.side, who)} and finds no weak spot.`;
    case 'vehicle.boarded':
      return `${name(e.teamerId)} climbs into ${vehicle(e.vehicleId, who)}.`;
    case 'vehicle.left':
      return `${name(e.teamerId)} climbs out of ${vehicle(e.vehicleId, who)} to ${square(e.x, e.y)}.`;
    case 'vehicle.drive-began':
      return `${name(e.teamerId)} drives ${vehicle(e.vehicleId, who)}${faces(e.faces)}: ${num(e.allowance) ?? 0} movement.`;
    case 'vehicle.moved': {
      const how = str(MANOEUVRE[str(e.manoeuvre)]) || str(e.manoeuvre);
      const extra = [
        nums(e.smashed).length > 0 ? 'smashing through the door' : '',
        nums(e.bulldozed).length > 0 ? 'shoving the obstacle aside' : '',
      ].filter(Boolean);
      return `${capital(vehicle(e.vehicleId, who))} ${how}: its front at ${square(e.x, e.y)}, facing ${facing(e.facing)}${extra.length ? `, ${list(extra)}` : ''}.`;
    }
    case 'vehicle.rammed':
      return `${name(e.teamerId)} gets ${vehicle(e.vehicleId, who)} set to ram: this turn it may smash a door or shove an obstacle aside.`;
    case 'vehicle.pod-loaded':
      return `${name(e.teamerId)} has ${vehicle(e.vehicleId, who)} lift cargo load ${(num(e.load) ?? 0) + 1} aboard.`;
    case 'vehicle.pod-unloaded':
      return `${name(e.teamerId)} has ${vehicle(e.vehicleId, who)} set cargo load ${(num(e.load) ?? 0) + 1} down on the floor beside it.`;
    case 'vehicle.pods-delivered': {
      const loads = nums(e.loads).map((l) => `${l + 1}`);
      return `${capital(vehicle(e.vehicleId, who))} stands at the boarding bridge: cargo load${loads.length === 1 ? '' : 's'} ${list(loads)} go${loads.length === 1 ? 'es' : ''} home to Mother.`;
    }
    case 'vehicle.ran-down': {
      const f = obj(e.figure);
      return `${capital(vehicle(e.vehicleId, who))} drives into ${name(f.id)}${faces([e.face])}, crushes on ${num(e.hitOn)}+: ${e.hit === true ? 'crushed' : 'not crushed'}.`;
    }
    case 'vehicle.stopped':
      return `${capital(vehicle(e.vehicleId, who))} stops dead against someone still in its way: ${name(e.teamerId)}'s drive is over.`;
    case 'vehicle.attacked': {
      const hits = num(e.hits) ?? 0;
      const how = str(e.how) === 'shot' ? 'shoots at' : 'tears at';
      return `${capital(name(e.threatId))} ${how} ${vehicle(e.vehicleId, who)}${faces(e.faces)}: ${hits ? `${hits} hit(s) on the hull` : 'the hull holds'} (${num(e.damage) ?? 0} so far).`;
    }
    case 'vehicle.wrecked':
      return `${capital(vehicle(e.vehicleId, who))} is wrecked: it will never move again.`;
    case 'drone.moved':
      return `${name(e.teamerId)} walks his drone gun to ${square(e.x, e.y)} (${nums(e.path).length} square${nums(e.path).length === 1 ? '' : 's'}), facing ${facing(e.facing)}.`;
    case 'drone.powered':
      return (num(e.power) ?? 0) > 0
        ? `A drone gun's power runs down to ${num(e.power)}.`
        : 'A drone gun runs out of power and stops.';
    case 'orders.met':
      return `${name(e.teamerId)} reaches module ${num(e.tile)}: the new orders are carried out.`;
    case 'undo.saved':
      // A bookmark the engine keeps before each step: nothing happened yet.
      return null;
    case 'move.undone':
      return `${name(e.teamerId)} takes back his last step.`;
    case 'gm.overrode':
      return `The GM changes the board: ${str(e.reason)}.`;
    case 'ceiling.rolled': {
      if (e.level !== true)
        return `Module ${num(e.tile) ?? '?'} has no ceiling level (rolled ${num(e.face) ?? '?'}).`;
      const hatches = arr(e.exits).filter((x) => obj(x).kind === 'hatch').length;
      return `Module ${num(e.tile) ?? '?'} has a ceiling level (rolled ${num(e.face) ?? '?'}): ${hatches} hatch${hatches === 1 ? '' : 'es'} in sight.`;
    }
    case 'ceiling.entered': {
      const up = arr(e.up).map((id) => name(id));
      return up.length > 0
        ? `Up into the ceiling of module ${num(e.tile) ?? '?'}: ${list(up)}.`
        : `No Threat of module ${num(e.tile) ?? '?'} goes up into the ceiling.`;
    }
    case 'ceiling.decided': {
      const moved = `moves ${num(e.allowance) ?? 0}`;
      const at = obj(e.exit);
      const where =
        num(at.x) !== null
          ? ` by the ${at.kind === 'weak' ? 'weak spot' : 'hatch'} above (${num(at.x)},${num(at.y)})`
          : '';
      const target = str(e.target) !== '' ? ` ${name(e.target)}` : '';
      const why = str(e.why);
      const said =
        why === 'drops on a Teamer'
          ? `drops on${target}${where}`
          : why === 'crawls toward a Teamer'
            ? `crawls toward${target}${where}`
            : why === 'drops to hunt'
              ? `finds nobody below and drops${where}`
              : why === 'crawls toward an exit'
                ? `finds nobody below and crawls toward a way down${where}`
                : why === 'grapples a Teamer up here'
                  ? `goes for${target} up there with it`
                  : why === 'crawls toward a Teamer up here'
                    ? `crawls toward${target} up there with it`
                    : why === 'drags its prey toward an exit'
                      ? `drags${target} toward a way down to its nest${where}`
                      : why === 'drops with its prey'
                        ? `drops with${target}${where}`
                        : why === 'holds its prey'
                          ? `holds${target}: it has no nest to take him to`
                          : 'finds no way down';
      return `${capital(name(e.threatId))} in the ceiling ${moved} and ${said}.`;
    }
    case 'ceiling.moved':
      return `${capital(name(e.threatId))} crawls in the ceiling to above (${num(e.x) ?? '?'},${num(e.y) ?? '?'}).`;
    case 'ceiling.dropped':
      return `${capital(name(e.threatId))} drops from the ceiling through a ${e.kind === 'weak' ? 'weak spot' : 'hatch'} at (${num(e.x) ?? '?'},${num(e.y) ?? '?'}).`;
    case 'ceiling.wounded':
      return `${capital(name(e.threatId))} in the ceiling is wounded (${num(e.wounds) ?? '?'}).`;
    case 'ceiling.threatClimbed':
      return `${capital(name(e.threatId))} climbs up into the ceiling through the exit at (${num(e.x) ?? '?'},${num(e.y) ?? '?'}), after ${name(e.target)}.`;
    case 'ceiling.climbed':
      return e.up
        ? `${name(e.teamerId)} climbs up into the ceiling above (${num(e.x) ?? '?'},${num(e.y) ?? '?'}) (${num(e.cost) ?? '?'} movement).`
        : `${name(e.teamerId)} climbs down from the ceiling to (${num(e.x) ?? '?'},${num(e.y) ?? '?'}) (${num(e.cost) ?? '?'} movement).`;
    case 'ceiling.killed':
      return str(e.by) !== ''
        ? `${name(e.by)} kills ${name(e.threatId)} in the ceiling.`
        : `${capital(name(e.threatId))} in the ceiling is killed.`;
    default:
      return null;
  }
}
