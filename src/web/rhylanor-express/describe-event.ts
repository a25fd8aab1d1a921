import { arr, capital, type Json, list, num, obj, str } from '../log-words.ts';

/**
 * One Rhylanor Express event, as a seat receives it, in a sentence for the table's live log. Pure:
 * `who` names a character id, a ship id or a seat id (the table page asks the view for names).
 * Returns null for events that need no line (chat and seat events the shell shows itself).
 *
 * Every roll shows its breakdown: the faces, each modifier by name, pool points, the total and
 * the target. A field missing from a redacted event (a secret NPC's roll, a referee's target)
 * leaves its part of the sentence out instead of showing "undefined".
 */

type Who = (id: string) => string;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function signed(n: number): string {
  return n >= 0 ? `+${n}` : `−${-n}`;
}

/** A passenger's numbered seat: " in seat 2" (none in older logs, and none for a driver or gunner). */
function seatNumber(place: unknown): string {
  const n = num(place);
  return n !== null ? ` in seat ${n}` : '';
}

/**
 * Whole copies (the referee's, or the player whose unseen man it is) of an event the others get
 * without names: say so, so the reader knows the other side was not told.
 */
function unseenNote(e: Json): string {
  return e.hidden === true ? ', unseen by the other side' : '';
}

/** A robot's lost turns after a hit (§7.14): "; it sits out turns 2 to 4 (die 3)". */
function lostTurnsText(v: unknown): string {
  const from = num(obj(v).from);
  const through = num(obj(v).through);
  if (from === null || through === null) return '';
  const die = num(obj(v).die);
  const span = from === through ? `turn ${from}` : `turns ${from} to ${through}`;
  return `; it sits out ${span}${die !== null ? ` (die ${die})` : ''}`;
}

/** "3+5, Rifles-2 +2, Dex DM +1, pool +1 = 11 vs 8: success by 3" (a personal RollRecord). */
export function rollBreakdown(roll: unknown): string {
  const r = obj(roll);
  const faces = arr(r.faces).filter((f): f is number => typeof f === 'number');
  const parts: string[] = [faces.length > 0 ? faces.join('+') : 'dice'];
  for (const m of arr(r.mods)) {
    const mod = obj(m);
    const v = num(mod.value);
    if (v === null || (v === 0 && !str(mod.source).includes('Jack'))) continue;
    parts.push(`${str(mod.source) || 'modifier'} ${signed(v)}`);
  }
  for (const p of arr(r.pool)) {
    const spend = obj(p);
    const d = num(spend.delta);
    if (d !== null) parts.push(`pool ${signed(d)}${spend.when === 'after' ? ' after the dice' : ''}`);
  }
  const total = num(r.total);
  const target = num(r.target);
  let text = parts.join(', ');
  if (total !== null) text += ` = ${total}`;
  if (target !== null) text += ` against ${target}+`;
  if (typeof r.success === 'boolean' && target !== null) {
    const margin = num(r.margin);
    text += r.success
      ? `: success${margin !== null && margin > 0 ? ` by ${margin}` : ''}`
      : `: failure${margin !== null ? ` by ${-margin}` : ''}`;
  }
  return text;
}

/** The same for a space roll (Roll2d6: faces, dms with labels, chip, pool, total, need). */
export function spaceRollBreakdown(roll: unknown): string {
  const r = obj(roll);
  const faces = arr(r.faces).filter((f): f is number => typeof f === 'number');
  const parts: string[] = [faces.length > 0 ? faces.join('+') : 'dice'];
  for (const d of arr(r.dms)) {
    const dm = obj(d);
    const v = num(dm.value);
    if (v === null || v === 0) continue;
    parts.push(`${str(dm.label) || 'DM'} ${signed(v)}`);
  }
  const chip = num(r.chip);
  if (chip) parts.push(`fleet chip ${signed(chip)}`);
  const pool = num(r.pool);
  if (pool) parts.push(`pool ${signed(pool)}`);
  const total = num(r.total);
  const need = num(r.need);
  let text = parts.join(', ');
  if (total !== null) text += ` = ${total}`;
  if (need !== null && need > 0) text += ` against ${need}+`;
  if (typeof r.success === 'boolean' && need !== null && need > 0)
    text += r.success ? ': success' : ': failure';
  return text;
}

const KIND: Readonly<Record<string, string>> = {
  specialDuty: 'special duty',
  survival: 'survival',
  commission: 'commission',
  promotion: 'promotion',
  reenlist: 're-enlistment',
};

const PHASE: Readonly<Record<string, string>> = {
  movement: 'movement',
  directFire: 'direct fire',
  returnFire: 'return fire',
  melee: 'melee',
  morale: 'morale',
  command: 'command',
  laser: 'laser fire',
  return: 'return fire',
  ordnance: 'ordnance',
  detection: 'detection',
  setup: 'set-up',
};

const sideName = (s: unknown) => (s === 'a' ? 'side A' : s === 'b' ? 'side B' : 'a side');

function woundText(w: unknown): string {
  const wound = obj(w);
  const level = str(wound.level);
  const end = num(wound.endLost);
  return `${level ? `a ${level} wound` : 'a wound'}${end ? ` (End −${end})` : ''}`;
}

function patchText(set: Json): string {
  const keys = Object.keys(set);
  const names: Record<string, string> = {
    upp: 'UPP',
    mods: 'temporary modifiers',
    skills: 'skills',
    ticks: 'advancement ticks',
    wounds: 'wounds',
    weapons: 'weapons and ammunition',
    armour: 'armour',
    gear: 'gear',
    carriedKg: 'load',
    carryingPerson: 'load',
    career: 'career',
    name: 'name',
    owner: 'player',
    secret: 'secrecy',
    advancesOwed: 'advancement attempts',
    skillRollsOwed: 'skill rolls owed',
    cascadesOwed: 'cascade picks owed',
  };
  const words = [...new Set(keys.map((k) => names[k] ?? k))];
  return list(words);
}

function describePersonal(e: Json, who: Who): string | undefined {
  const ch = (id: unknown) => (typeof id === 'string' && id ? who(id) : 'someone');
  switch (e.type) {
    case 'character.created': {
      const c = obj(e.character);
      if (!c.name) return 'The referee added a character nobody else sees yet.';
      const owner = typeof c.owner === 'string' ? who(c.owner) : null;
      return `${str(c.name)} joined the table${owner ? `, played by ${owner}` : ', run by the referee'}.`;
    }
    case 'character.updated': {
      const set = obj(e.set);
      const what = patchText(set);
      const by = e.by === 'referee' ? 'The referee changed' : 'Changed';
      const reason = str(e.reason);
      if (!what) return `${capital(ch(e.characterId))}'s sheet was updated.`;
      return `${by} ${ch(e.characterId)}'s ${what}${reason && reason !== 'referee' ? ` (${reason})` : ''}.`;
    }
    case 'character.skillGained': {
      if (!e.skill) return `${capital(ch(e.characterId))} gained a skill.`;
      const from = str(e.result) && e.result !== e.skill ? ` (from ${str(e.result)})` : '';
      return `${capital(ch(e.characterId))} now has ${str(e.skill)}-${num(e.level) ?? '?'}${from}.`;
    }
    case 'character.advancementRolled': {
      if (!e.skill) return `${capital(ch(e.characterId))} rolled to advance a skill.`;
      const face = num(e.face);
      const from = num(e.from) ?? 0;
      return `${capital(ch(e.characterId))} rolled ${face ?? '?'} to advance ${str(e.skill)}-${from}: ${
        e.rose ? `it rises to ${from + 1}` : 'no rise; the tick is erased'
      }.`;
    }
    case 'chargen.rolled': {
      if (!e.roll) return `${capital(ch(e.characterId))} made a career roll.`;
      const extra = num(e.extraSkillRolls) ?? 0;
      return `${capital(ch(e.characterId))}'s ${KIND[str(e.kind)] ?? 'career'} roll: ${rollBreakdown(e.roll)}${
        extra > 0 ? ` (${plural(extra, 'extra skill roll')})` : ''
      }.${e.fieldTerm ? ' A term served: a level in his academic field is owed.' : ''}`;
    }
    case 'chargen.fieldGained': {
      if (!e.field) return `${capital(ch(e.characterId))} gained a level in his academic field.`;
      return `${capital(ch(e.characterId))} takes the term's level in his academic field: ${str(e.field)}-${
        num(e.level) ?? '?'
      }.`;
    }
    case 'chargen.skillRolled': {
      if (!e.result) return `${capital(ch(e.characterId))} rolled on a skill table.`;
      return `${capital(ch(e.characterId))} rolled ${num(e.face) ?? '?'} on ${str(e.career)} table ${
        (num(e.table) ?? 0) + 1
      }: ${str(e.result)}${e.cascade ? ' (a cascade: pick one)' : ''}.`;
    }
    case 'task.rolled': {
      const label = str(e.label) || str(obj(e.roll).purpose) || (e.skill ? `${str(e.skill)} task` : 'task');
      const tick = e.ticked ? ` ${str(e.ticked)} is ticked for advancement.` : '';
      return `${capital(ch(e.characterId))}: ${label}, ${rollBreakdown(e.roll)}.${tick}`;
    }
    case 'window.opened': {
      const rolls = arr(e.rolls);
      const first = rollBreakdown(rolls[0]);
      return `${rolls.length > 1 ? `${rolls.length} rolls wait` : 'A roll waits'} for tactics-pool points: ${first}${
        rolls.length > 1 ? ', …' : ''
      }.`;
    }
    case 'pool.spent': {
      const d = num(e.delta) ?? 0;
      const where = e.rollIndex === null ? 'on the next roll' : `on roll ${(num(e.rollIndex) ?? 0) + 1}`;
      return `${capital(sideName(e.side))} spent ${plural(Math.abs(d), 'pool point')} (${signed(d)}) ${where}.`;
    }
    case 'pool.passed':
      return `${capital(sideName(e.side))} passed: no more pool points on this roll.`;
    case 'window.closed': {
      const rolls = arr(e.rolls);
      const by = e.by === 'referee' ? ' by the referee' : '';
      return `The roll${rolls.length > 1 ? 's stand' : ' stands'}${by}: ${rolls.map(rollBreakdown).join('; ')}.`;
    }
    case 'pool.stagedUsed':
      return 'The pool points put down before the dice went on that roll.';
    case 'combat.started': {
      const combat = obj(e.combat);
      const sides = obj(combat.sides);
      const names = ['a', 'b'].map((s) => str(obj(sides[s]).name) || sideName(s));
      return `A firefight begins: ${names[0]} against ${names[1]}.`;
    }
    case 'combat.spotted': {
      if (e.roll) {
        return `${capital(sideName(e.side))} looks for the enemy (${ch(e.spotterId)}): ${rollBreakdown(e.roll)}, ${
          e.success ? 'spotted' : 'not spotted'
        }.`;
      }
      return `${capital(sideName(e.side))} ${e.success ? 'sees the enemy' : 'does not see the enemy'}${
        str(e.reason) ? ` (${str(e.reason)})` : ''
      }.`;
    }
    case 'combat.rolledOff': {
      const rolls = arr(e.rolls).map((r) => `${num(obj(r).a) ?? '?'} to ${num(obj(r).b) ?? '?'}`);
      return `Roll-off for the order (${rolls.join(', then ')}): ${sideName(e.chooser)} chooses.`;
    }
    case 'combat.ordered':
      return `${capital(sideName(e.intruder))} is the Intruder and moves first${
        e.surprise ? `; ${sideName(e.surprise)} has surprise` : ''
      }.`;
    case 'combat.moved': {
      if (!e.option) return `${capital(ch(e.id))} moved, unseen.`;
      const reload = e.reloading !== null && e.reloading !== undefined ? ', reloading' : '';
      return `${capital(ch(e.id))} chose ${str(e.option)}${reload} and is now at ${num(e.x) ?? '?'}, ${num(e.y) ?? '?'} m.`;
    }
    case 'combat.controlRolled':
      return `${capital(ch(e.id))}'s zero-G control: ${rollBreakdown(e.roll)}${e.tumbling ? ', tumbling' : ''}.`;
    case 'combat.fired': {
      const targets = arr(e.targets).map((t) => {
        const x = obj(t);
        return `${ch(x.targetId)} (${str(x.band)} range, ${plural(num(x.rounds) ?? 0, 'round')})`;
      });
      // A rider's shot through a closed vehicle's port names the vehicle and his seat.
      const port = obj(e.port);
      const through = port.machineId
        ? ` through a firing port of ${who(str(port.machineId))}${num(port.place) !== null ? ` (seat ${num(port.place)})` : ''}`
        : '';
      return `${capital(ch(e.shooterId))} fires ${str(e.weaponId)}${through} at ${list(targets)}.`;
    }
    case 'combat.meleeStruck':
      return `${capital(ch(e.attackerId))} strikes at ${ch(e.defenderId)} with ${str(e.weaponId)}.`;
    case 'combat.hits': {
      const hits = num(e.hits) ?? 0;
      return `${capital(ch(e.attackerId))} on ${ch(e.targetId)}: ${rollBreakdown(e.roll)}, ${
        hits > 0 ? plural(hits, 'hit') : 'a miss'
      }.`;
    }
    case 'combat.unhurt':
      // A player's copy of a wound roll on an unseen man aboard a hit vehicle names nobody.
      if (e.hidden === true && e.characterId === undefined)
        return 'Someone unseen aboard comes through unhurt.';
      return `${capital(ch(e.characterId))} is unhurt: ${rollBreakdown(e.roll)}.`;
    case 'combat.deviated':
      return `${capital(ch(e.attackerId))}'s shot went astray: ${num(e.metres) ?? '?'} m toward ${num(e.clock) ?? '?'} o'clock.`;
    case 'character.wounded': {
      if (e.hidden === true && e.characterId === undefined)
        return `Someone unseen aboard takes ${woundText({ level: e.level })}.`;
      const roll = e.roll ? ` (${rollBreakdown(e.roll)})` : ' (set by the referee)';
      return `${capital(ch(e.characterId))} takes ${woundText(e.wound)}${roll}.`;
    }
    case 'combat.phaseChanged':
      return `Turn ${num(e.turn) ?? '?'}, ${sideName(e.phasing)}: ${PHASE[str(e.phase)] ?? str(e.phase)} phase.`;
    case 'combat.reloaded':
      return `${capital(ch(e.id))} has reloaded.`;
    case 'combat.moraleDue':
      return `${capital(sideName(e.side))} must check its morale.`;
    case 'combat.leaderLost':
      return `${capital(sideName(e.side))} has lost its leader.`;
    case 'combat.moraleRolled':
      // The referee's ruling (`combat.setMorale`) carries an empty roll: no dice to show.
      if (str(obj(e.roll).purpose) === 'referee ruling' && arr(obj(e.roll).faces).length === 0)
        return `The referee rules ${sideName(e.side)} ${
          e.result === 'steady' ? 'steady' : e.result === 'fled' ? 'fled' : 'surrendered'
        }.`;
      return `${capital(sideName(e.side))}'s ${e.rally ? 'rally' : 'morale check'}: ${rollBreakdown(e.roll)}, ${
        e.result === 'steady' ? 'they hold' : e.result === 'fled' ? 'they flee' : 'they surrender'
      }.`;
    case 'combat.positioned': {
      const bits: string[] = [];
      if (num(e.x) !== null) bits.push(`at ${num(e.x)}, ${num(e.y) ?? '?'} m`);
      if (num(e.cover) !== null) bits.push(`cover ${num(e.cover)}`);
      if (e.fullCover === true) bits.push('in full cover');
      if (e.concealed === true) bits.push('concealed');
      if (e.concealed === false) bits.push('in the open');
      if (e.tumbling === true) bits.push('tumbling');
      const by = e.by === 'referee' ? 'The referee placed' : 'Placed';
      return bits.length > 0 ? `${by} ${ch(e.id)} ${list(bits)}.` : `${capital(ch(e.id))} moved, unseen.`;
    }
    case 'combat.steadied':
      return `${capital(ch(e.characterId))} steadies after a graze: ${rollBreakdown(e.roll)}, ${
        e.holds ? 'he holds' : 'he breaks for cover'
      }.`;
    case 'combat.sought':
      return `${capital(ch(e.seekerId))} looks for ${ch(e.targetId)}${e.roll ? `: ${rollBreakdown(e.roll)}` : ''}, ${
        e.found ? 'found' : 'not found'
      }.`;
    case 'combat.indirectCalled': {
      const call = obj(e.call);
      return `${capital(ch(call.observerId))} calls fire on ${num(call.x) ?? '?'}, ${num(call.y) ?? '?'} m (lands turn ${
        num(call.arrivesTurn) ?? '?'
      }).`;
    }
    case 'combat.indirectLanded':
      return `Called fire lands at ${num(e.x) ?? '?'}, ${num(e.y) ?? '?'} m: ${rollBreakdown(e.roll)}${
        num(e.metres) ? `, ${num(e.metres)} m off` : ''
      }.`;
    case 'combat.coverPlaced': {
      const area = obj(e.area);
      const kind = area.cover === 'full' ? 'full cover' : `cover −${num(area.cover) ?? '?'}`;
      const name = str(area.name) ? `${str(area.name)}: ` : '';
      return `The referee puts ${name}${kind} ${num(area.radius) ?? '?'} m around ${num(area.x) ?? '?'}, ${
        num(area.y) ?? '?'
      } m.`;
    }
    case 'combat.coverRemoved':
      return `The referee takes cover ${num(e.coverId) ?? '?'} off the map.`;
    case 'combat.ended':
      return `The firefight is over${str(e.reason) ? `: ${str(e.reason)}` : ''}.`;
    case 'medic.treated':
      return `${capital(ch(e.medicId))} treats ${ch(e.patientId)}: ${rollBreakdown(e.roll)}.`;
    case 'medic.preserved':
      return `${capital(ch(e.medicId))} tries to preserve ${ch(e.patientId)}'s body: ${rollBreakdown(e.roll)}.`;
    case 'machine.added':
      return `${str(obj(e.machine).name) || 'A machine'} is in play.`;
    case 'machine.damaged': {
      const damage = arr(e.damage).map(str);
      return `${capital(e.machineId ? who(str(e.machineId)) : 'a machine')} is hit: ${damage.length > 0 ? damage.join(', ') : 'no effect'}${
        e.destroyed ? ', destroyed' : e.inert ? ', inert' : ''
      }${lostTurnsText(e.lostTurns)}.`;
    }
    case 'machine.boarded':
      // The player copy of an unfound man's boarding: who and which vehicle stay back.
      if (e.hidden === true && e.characterId === undefined) return 'Someone unseen gets into a vehicle.';
      return `${capital(ch(e.characterId))} gets into ${e.machineId ? who(str(e.machineId)) : 'a vehicle'} as ${
        str(e.seat) === 'driver' ? 'its driver' : str(e.seat) === 'gunner' ? 'a gunner' : 'a passenger'
      }${seatNumber(e.place)}${unseenNote(e)}.`;
    case 'machine.alighted':
      if (e.hidden === true && e.characterId === undefined) return 'Someone unseen gets out of a vehicle.';
      return `${capital(ch(e.characterId))} gets out of ${e.machineId ? who(str(e.machineId)) : 'a vehicle'}${
        num(e.x) !== null && num(e.y) !== null ? ` at ${num(e.x)}, ${num(e.y)} m` : ''
      }${unseenNote(e)}.`;
    case 'machine.crewAttacked': {
      const vehicle = e.machineId ? who(str(e.machineId)) : 'the vehicle';
      // A player's copy of a hit on an unfound man aboard names nobody.
      if (e.hidden === true && e.characterIds === undefined)
        return str(e.effect) === 'explode'
          ? `${capital(vehicle)} explodes with someone unseen aboard.`
          : `The hit on ${vehicle} reaches someone unseen aboard.`;
      const men = list(arr(e.characterIds).map((id) => ch(id)));
      if (str(e.effect) === 'explode') {
        const clear = arr(e.escapes)
          .filter((x) => obj(x).escaped)
          .map((x) => ch(obj(x).characterId));
        return `${capital(vehicle)} explodes around ${men}: ${clear.length > 0 ? `${list(clear)} ${clear.length === 1 ? 'gets' : 'get'} clear` : 'nobody gets clear'}.`;
      }
      return `The hit on ${vehicle} reaches ${men}${str(e.effect) === 'exposedCrewAttacked' ? ' (exposed)' : ''}.`;
    }
    case 'machine.repaired':
      return `${capital(ch(e.technicianId))} repairs ${str(e.effect) || 'damage'} on ${e.machineId ? who(str(e.machineId)) : 'a machine'}: ${rollBreakdown(e.roll)}.`;
    case 'research.started':
      return `Research begins: ${str(obj(e.research).name) || 'a project'}.`;
    case 'research.rolled':
      return `A week of research: ${rollBreakdown(e.roll)}${e.wiped ? ', a setback wipes the progress' : ''}${
        e.done ? ', and it is done' : ''
      }.`;
    case 'disease.treated':
      return `That was today's treatment try for ${ch(e.patientId)}; the next may come a day later.`;
    case 'intrusion.rolled': {
      const kinds: Record<string, string> = {
        pickLock: 'picks at',
        demolition: 'sets charges on',
        hack: 'hacks',
        evidence: 'searches',
        forgery: 'forges',
      };
      const roll = e.roll ? `: ${rollBreakdown(e.roll)}` : '';
      return `${capital(ch(e.characterId))} ${kinds[str(e.kind)] ?? 'works on'} ${str(e.targetName) || 'the target'}${roll}, ${
        str(e.outcome) || 'done'
      }${e.jammedLock ? ' (the lock jams)' : ''}.`;
    }
    case 'combat.vehicleJoined': {
      const m = obj(e.combatant);
      return `${capital(m.id ? who(str(m.id)) : 'a vehicle')} joins the fight on ${sideName(m.side)}.`;
    }
    case 'combat.driven':
      return `${capital(e.id ? who(str(e.id)) : 'a vehicle')} ${e.moved ? 'drives to' : 'holds at'} ${num(e.x) ?? '?'}, ${
        num(e.y) ?? '?'
      } m${str(e.activity) ? `, ${str(e.activity)}` : ''}.`;
    case 'combat.vehicleFired': {
      const targets = arr(e.targets).map((t) => {
        const x = obj(t);
        return `${ch(x.targetId)} (${str(x.band) || 'some'} range)`;
      });
      return `${capital(ch(e.gunnerId))} fires ${str(e.weaponId) || 'a weapon'} from ${
        e.machineId ? who(str(e.machineId)) : 'a vehicle'
      }${targets.length > 0 ? ` at ${list(targets)}` : ''}.`;
    }
    case 'combat.bombed': {
      const off =
        num(e.clock) === null ? null : `it falls ${num(e.metres) ?? 0} m off toward ${num(e.clock)} o'clock`;
      return `${capital(e.machineId ? who(str(e.machineId)) : 'an aircraft')} drops a bomb${
        e.roll ? `, ${rollBreakdown(e.roll)}` : ''
      }${off ? `: ${off}` : e.clock === null ? ': a direct hit' : ''}${
        Array.isArray(e.caught)
          ? arr(e.caught).length > 0
            ? `; the blast catches ${list(arr(e.caught).map((id) => ch(id)))}`
            : '; nobody is within the blast'
          : ''
      }.`;
    }
    case 'combat.dogfought':
      return `Dogfight: ${ch(e.attackerId)} against ${ch(e.targetId)}${e.roll ? `, ${rollBreakdown(e.roll)}` : ''}: ${
        e.won ? 'the attacker wins the position' : 'the attacker loses it'
      }.`;
    case 'combat.pointDefended':
      return `Point defence from ${e.machineId ? who(str(e.machineId)) : 'a vehicle'} stops ${plural(
        num(e.defeated) ?? 0,
        'attack',
      )}.`;
    case 'combat.pointDefenceSet': {
      const by = e.machineId ? who(str(e.machineId)) : 'a vehicle';
      const slot = num(e.slot);
      const cover = obj(e.covers);
      const covers =
        cover.kind === 'vehicle'
          ? ` covering ${who(str(cover.machineId))}`
          : cover.kind === 'area'
            ? ` covering ${num(cover.x) ?? '?'}, ${num(cover.y) ?? '?'} m`
            : cover.kind === 'self'
              ? ' covering itself'
              : '';
      return `${capital(by)} ${e.on === false ? 'stands down' : 'sets'} point defence${
        slot !== null ? ` on weapon ${slot + 1}` : ''
      }${e.on === false ? '' : covers}.`;
    }
    case 'combat.vehicleReloaded': {
      const slot = num(e.slot);
      return `${capital(e.machineId ? who(str(e.machineId)) : 'a vehicle')} reloads${
        slot !== null ? ` weapon ${slot + 1}` : ''
      }.`;
    }
    case 'time.passed': {
      const secs = num(e.seconds) ?? 0;
      const span =
        secs >= 86400
          ? plural(Math.round(secs / 8640) / 10, 'day')
          : secs >= 3600
            ? plural(Math.round(secs / 360) / 10, 'hour')
            : secs >= 60
              ? plural(Math.round(secs / 6) / 10, 'minute')
              : plural(secs, 'second');
      return `${capital(span)} pass${str(e.reason) ? ` (${str(e.reason)})` : ''}.`;
    }
    case 'clock.deathRolled':
      return `${capital(ch(e.characterId))}'s mortal wound leaves ${plural(num(e.face) ?? 0, 'hour')} to get help.`;
    case 'drug.taken':
      return `${capital(ch(e.characterId))} takes a ${str(obj(e.dose).drug) || 'drug'} dose.`;
    case 'pack.loaded': {
      const pack = obj(e.pack);
      return `The referee loads the data pack ${str(pack.name) || 'from a file'}.`;
    }
    case 'drug.changed':
      return `${capital(ch(e.characterId))}'s drug ${e.stage === 'active' ? 'takes effect' : 'wears off'}${
        num(e.crashFace) !== null ? ` (crash: End −${num(e.crashFace)})` : ''
      }.`;
    case 'machine.reseated':
      if (e.hidden === true && e.characterId === undefined)
        return 'The referee moves someone unseen to another seat.';
      return `The referee moves ${ch(e.characterId)} to ${
        str(e.seat) === 'driver'
          ? 'the driver’s seat'
          : str(e.seat) === 'gunner'
            ? 'a gunner’s seat'
            : `a passenger’s seat${num(e.place) !== null ? ` (seat ${num(e.place)})` : ''}`
      } of ${e.machineId ? who(str(e.machineId)) : 'the vehicle'}${unseenNote(e)}.`;
    default:
      return undefined;
  }
}

function describeSpace(e: Json, who: Who): string | undefined {
  const ship = (id: unknown) => (typeof id === 'string' && id ? who(id) : 'a ship');
  const hex = (h: unknown) => {
    const x = obj(h);
    return `${num(x.q) ?? '?'},${num(x.r) ?? '?'}`;
  };
  switch (e.type) {
    case 'space.scenario.loaded':
      return `Space battle set up: ${str(e.scenario)}.`;
    case 'space.ship.added': {
      const s = obj(e.ship);
      return `${str(s.name) || 'A ship'} (${str(s.design) || 'a ship'}) joins ${sideName(s.side)}.`;
    }
    case 'space.world.added':
      return `${str(obj(e.world).name) || 'A world'} is on the map at ${hex(obj(e.world).at)}.`;
    case 'space.ship.controlled':
      return e.seatId
        ? `${capital(ship(e.ship))} is commanded by ${who(str(e.seatId))}.`
        : `The referee commands ${ship(e.ship)}.`;
    case 'space.crew.assigned':
      return `${str(obj(e.person).name) || 'Someone'} takes the ${str(e.post)} post on ${ship(e.ship)}.`;
    case 'space.gunner.assigned': {
      // `hands` (branch reaudit): the gunners loading at that turret, its own included.
      const hands = num(e.hands);
      const loading = hands !== null ? `, ${plural(hands, 'gunner')} loading` : '';
      return e.person
        ? `${str(obj(e.person).name) || 'Someone'} mans turret ${(num(e.turret) ?? 0) + 1} of ${ship(e.ship)}${loading}.`
        : `Turret ${(num(e.turret) ?? 0) + 1} of ${ship(e.ship)} has no gunner of its own${loading}.`;
    }
    case 'space.commander.assigned':
      return `${str(obj(e.person).name) || 'Someone'} commands ${sideName(e.side)}.`;
    case 'space.ship.placed':
      return `${capital(ship(e.ship))} is placed at ${hex(e.at)}, vector ${hex(e.vel)}.`;
    case 'space.posture.set':
      return `${capital(ship(e.ship))} goes ${e.quiet ? 'quiet' : 'active'}.`;
    case 'space.detection.begun':
      return `Detection round ${num(e.round) ?? '?'}: navigators search.`;
    case 'space.detect.rolled':
      return `${capital(ship(e.ship))} searches for ${ship(e.target)}: ${spaceRollBreakdown(e.roll)}.`;
    case 'space.detection.resolved':
      return e.outcome === 'surprise'
        ? `${capital(sideName(e.surpriser))} has surprise.`
        : e.outcome === 'battle'
          ? 'Both sides have found each other: the battle begins.'
          : 'Nobody has found anybody: another round.';
    case 'space.initiative.rolled': {
      const scores = obj(e.scores);
      return `Set-up score: side A ${num(scores.a) ?? '?'}, side B ${num(scores.b) ?? '?'}; ${sideName(e.chooser)} chooses the roles.`;
    }
    case 'space.roles.chosen':
      return `${capital(sideName(e.intruder))} is the Intruder and moves first.`;
    case 'space.ship.moved': {
      const t = obj(e.thrust);
      const thrust =
        (num(t.q) ?? 0) !== 0 || (num(t.r) ?? 0) !== 0 ? ` with thrust ${hex(t)}` : ' on its vector';
      const pulls = arr(e.pulls).length;
      const gravity = pulls > 0 ? `; gravity pulled it ${plural(pulls, 'time')}` : '';
      const world = arr(e.worldEntered).length > 0 ? '; it entered a world’s hex (the referee rules)' : '';
      return `${capital(ship(e.ship))} moved from ${hex(e.from)} to ${hex(e.to)}${thrust}${gravity}; new vector ${hex(e.vel)}${world}.`;
    }
    case 'space.phase.ended':
      return `Turn ${num(e.turn) ?? '?'}, ${sideName(e.turnSide)}: ${PHASE[str(e.phase)] ?? str(e.phase)} phase.`;
    case 'space.fired': {
      const hits = num(e.hits) ?? 0;
      const at = e.at === 'missiles' ? `missiles near ${ship(e.target)}` : ship(e.target);
      const destroyed = arr(e.missilesDestroyed).length;
      const result =
        e.at === 'missiles'
          ? `${plural(destroyed, 'missile')} destroyed`
          : hits > 0
            ? plural(hits, 'hit')
            : 'a miss';
      return `${capital(ship(e.ship))} fires turret ${(num(e.turret) ?? 0) + 1} at ${at} (${num(e.range) ?? '?'} hexes): ${spaceRollBreakdown(e.roll)}, ${result}.`;
    }
    case 'space.damaged': {
      const effect = obj(e.effect);
      const item = str(effect.item);
      const faces = arr(e.faces).join('+');
      return `${capital(ship(e.ship))} damaged (${faces}${effect.critical ? ', critical' : ''}): ${
        item === 'none' ? 'no effect' : item
      }${num(effect.turret) !== null ? ` ${(num(effect.turret) ?? 0) + 1}` : ''}.`;
    }
    case 'space.crew.hit': {
      const people = arr(e.people).map((p) => `${str(obj(p).name)}${obj(p).blownOut ? ' (blown out)' : ''}`);
      return `Crew hit aboard ${ship(e.ship)}: ${list(people)}.`;
    }
    case 'space.ship.destroyed':
      return `${capital(ship(e.ship))} is destroyed${str(e.reason) ? ` (${str(e.reason)})` : ''}.`;
    case 'space.missile.launched': {
      const m = obj(e.missile);
      return `${capital(ship(m.ship))} launches a missile at ${ship(m.target)} (${num(m.range) ?? '?'} hexes).`;
    }
    case 'space.missile.struck': {
      const hits = num(e.hits) ?? 0;
      return `A missile reaches ${ship(e.target)}${e.early ? ', detonating early in the sand' : ''}: ${
        hits > 0 ? plural(hits, 'hit') : 'no damage'
      }.`;
    }
    case 'space.missiles.removed':
      return `${plural(arr(e.missiles).length, 'missile')} removed${str(e.reason) ? ` (${str(e.reason)})` : ''}.`;
    case 'space.sand.cast':
      return `${capital(ship(e.ship))} casts sand.`;
    case 'space.reloaded':
      return `${capital(ship(e.ship))} reloads turret ${(num(e.turret) ?? 0) + 1} (${plural(num(e.rounds) ?? 0, 'round')}).`;
    case 'space.repair.rolled':
      return `${capital(ship(e.ship))} repairs the ${str(e.item)}: ${spaceRollBreakdown(e.roll)}.`;
    case 'space.ground.fired':
      return `${capital(ship(e.ship))} fires at ${str(e.target)} on the ground (${plural(arr(e.shots).length, 'shot')}).`;
    case 'space.overridden':
      return `The referee adjusted ${ship(e.ship)} (${Object.keys(obj(e.patch)).join(', ')}).`;
    case 'space.flag.cleared':
      return 'The referee ruled on a flagged move.';
    case 'space.pool.guarded':
      return `${capital(ship(e.ship))} keeps ${plural(num(e.points) ?? 0, 'pool point')} against each shot at it.`;
    case 'space.windows.set':
      return e.on
        ? 'Pool points after the dice are on for beam fire.'
        : 'Pool points after the dice are off.';
    case 'space.chip.guarded':
      return `${capital(sideName(e.side))} ${e.on ? 'spends' : 'stops spending'} fleet chips against shots at its ships.`;
    case 'space.roll.opened': {
      const shot = obj(e.shot);
      return `${capital(ship(shot.ship))}'s shot at ${ship(shot.target)} waits for pool points: ${spaceRollBreakdown(shot.roll)}.`;
    }
    case 'space.pool.added':
      return `${capital(ship(e.ship))} puts ${signed(num(e.points) ?? 0)} pool on the open shot.`;
    case 'space.roll.passed':
      return `${capital(sideName(e.side))} passes on the open shot.`;
    case 'space.roll.closed':
      return 'The open shot stands.';
    case 'space.battle.ended':
      return `The space battle is over${str(e.reason) ? `: ${str(e.reason)}` : ''}.`;
    default:
      return undefined;
  }
}

export function describeRhylanorEvent(event: { readonly type: string }, who: Who): string | null {
  const e = event as unknown as Json;
  if (event.type.startsWith('chat.') || event.type.startsWith('seat.')) return null;
  const text = event.type.startsWith('space.') ? describeSpace(e, who) : describePersonal(e, who);
  // Unknown types (a newer ruleset's events): the shell shows the type.
  return text ?? `Rhylanor Express: ${event.type}`;
}
