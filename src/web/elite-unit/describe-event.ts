import { arr, capital, type Json, list, num, obj, str } from '../log-words.ts';

/**
 * One Elite Unit event, as a seat receives it (a player's copy of a hidden NPC's event lacks its
 * numbers), in a sentence for the live log. Pure: `who` names a character or seat id. A field
 * missing from a redacted event leaves its part of the sentence out; no line shows internal codes.
 */

/** camelCase and dashed ids in words: "brainReflex" → "brain (reflex)", "run-speed" → "run speed". */
const PART_WORDS: Readonly<Record<string, string>> = {
  trunk: 'trunk',
  arms: 'arms',
  legs: 'legs',
  face: 'face',
  brainDeath: 'brain (death)',
  brainMind: 'brain (mind)',
  brainSoul: 'brain (soul)',
  brainReflex: 'brain (reflexes)',
};
export function words(id: string): string {
  return (
    PART_WORDS[id] ??
    id.replace(/-/g, ' ').replace(/([a-z])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`)
  );
}

/** "2D6 [3, 4] = 7", or "7" when the faces are not in the event. */
export function rolled(v: unknown): string {
  const r = obj(v);
  const total = num(r.total);
  if (total === null) return '';
  const faces = arr(r.faces);
  return faces.length > 0 ? `[${faces.join(', ')}] = ${total}` : String(total);
}

const MODE_WORDS: Readonly<Record<string, string>> = {
  manual: 'a single shot',
  auto: 'a shot',
  burst: 'a burst',
  fullAuto: 'full auto',
};

/** What a weapon id reads as: its words (the log has no pack at hand; ids are readable). */
function weaponWords(id: unknown): string {
  const w = str(id);
  return w ? words(w) : 'bare hands';
}

const LAYER_WORDS: Readonly<Record<string, string>> = {
  bounced: 'turned it',
  dented: 'stopped it',
  destroyed: 'gave way',
};

/** The blow of a resolved attack in words: armour, Stamina, location, death. */
export function blowWords(blowValue: unknown): string {
  const blow = obj(blowValue);
  const dealt = num(blow.dealt);
  const parts: string[] = [];
  if (dealt !== null) parts.push(`${dealt} dealt`);
  for (const l of arr(blow.layers)) {
    const layer = obj(l);
    const name = str(layer.layer);
    const outcome = str(layer.outcome);
    const before = num(layer.dcBefore);
    const after = num(layer.dcAfter);
    const lost = before !== null && after !== null ? before - after : null;
    if (outcome === 'skipped') continue;
    const what = LAYER_WORDS[outcome] ?? 'took it';
    parts.push(`${name || 'a layer'} ${what}${lost ? ` (DC −${lost})` : ''}`);
  }
  const sBefore = num(blow.staminaBefore);
  const sAfter = num(blow.staminaAfter);
  if (sBefore !== null && sAfter !== null)
    parts.push(sBefore === sAfter ? 'no Stamina lost' : `Stamina ${sBefore} → ${sAfter}`);
  const loc = obj(blow.location);
  const part = str(loc.part);
  if (part) parts.push(`hit in the ${words(part)} (${words(str(loc.before))} → ${words(str(loc.after))})`);
  const died = str(blow.died);
  if (died) parts.push(`dies: ${died}`);
  return parts.join('; ');
}

const REASON_WORDS: Readonly<Record<string, string>> = {
  reload: 'reloads',
  refill: 'refills a magazine',
  aim: 'takes aim (recoil back to 0)',
  hold: 'changes what is in the hands',
  firstAid: 'gives first aid',
  tap: 'draws NE from a store',
  cast: 'casts a spell',
  poison: 'is poisoned',
  birthday: 'has a birthday',
  surgery: 'has surgery',
  fate: 'meets a fate the GM timed',
  crash: 'is hurt in a crash',
  drop: 'is struck by a falling object',
  assign: 'changes hands',
};

/** A save in words: "on willpower: rolls 7 against 12, succeeds". */
function saveWords(save: Json): string {
  const faces = arr(save.faces);
  const target = num(save.target);
  const result =
    save.waived === true
      ? 'gives it up'
      : save.success === true
        ? 'succeeds'
        : save.bareFail === true
          ? 'only just fails'
          : 'fails';
  return `on ${words(str(save.attribute))}${faces.length ? `: rolls ${faces.join(' + ')}` : ''}${target === null ? '' : ` against ${target}`}, ${result}`;
}

function changedLine(e: Json, who: (id: string) => string): string {
  const reason = str(e.reason);
  const detail = obj(e.detail);
  const patches = arr(e.patches).map((p) => str(obj(p).id));
  const names = list(patches.map(who));
  if (e.hidden === true) return 'The GM changes something out of sight.';
  switch (reason) {
    case 'time': {
      const hours = num(detail.hours);
      return `${hours === null ? 'Time' : `${hours} hour${hours === 1 ? '' : 's'}`} pass${hours === 1 ? 'es' : ''}${detail.asleep ? ' asleep' : ''}: healing, poison and drains move on.`;
    }
    case 'gm.set': {
      const field = str(detail.field);
      const name = str(detail.name);
      const value = detail.value;
      if (field === 'weapon' && name)
        return value === false
          ? `The GM takes ${words(name)} away from ${names || 'a sheet'}.`
          : `The GM gives ${names || 'a sheet'} ${words(name)} (slung, no spare ammunition).`;
      if (field === 'layer' && name)
        return value === false
          ? `The GM takes ${words(name)} off ${names || 'a sheet'}.`
          : `The GM puts ${words(name)} on ${names || 'a sheet'} as the ${value === 'inner' ? 'innermost' : 'outermost'} layer.`;
      // The list fields put an entry on or take it off rather than set a number.
      if (
        ['condition', 'spell', 'skill', 'item', 'neStore'].includes(field) &&
        name &&
        typeof value === 'boolean'
      )
        return `The GM ${value ? 'gives' : 'takes from'} ${names || 'a sheet'} the ${words(field)} ${words(name)}.`;
      return `The GM sets ${names ? `${names}’s ` : ''}${words(field)}${name ? ` (${words(name)})` : ''}${value !== undefined ? ` to ${String(value)}` : ''}.`;
    }
    case 'reveal':
      return `The GM shows ${names || 'a sheet'} to the table.`;
    case 'act': {
      const actor = str(e.spendsAction);
      const text = str(detail.text);
      return `${capital(actor ? who(actor) : names || 'Someone')} acts${text ? `: ${text}` : ''}.`;
    }
    case 'birthday': {
      const age = num(detail.age);
      return `${capital(names || 'Someone')} turns ${age ?? 'a year older'}${num(detail.ageingRows) ? ' and feels the years' : ''}.`;
    }
    default: {
      const verb = REASON_WORDS[reason] ?? (reason ? `changes (${words(reason)})` : 'changes');
      return `${capital(names || (str(e.spendsAction) ? who(str(e.spendsAction)) : 'Someone'))} ${verb}.`;
    }
  }
}

function resolvedLine(e: Json, who: (id: string) => string): string {
  const target = who(str(e.targetId));
  const attack = num(e.attackTotal);
  const defence = obj(e.defence);
  // A hidden defender's total stays with the GM: the player's copy carries only hit or miss.
  const defenceTotal = num(defence.total);
  const totals =
    attack !== null && defenceTotal !== null ? ` (attack ${attack} against defence ${defenceTotal})` : '';
  const parry = obj(defence.parry);
  const save = obj(parry.save);
  const parryWords =
    str(parry.object) !== ''
      ? save.waived === true
        ? ' parries without a save'
        : save.success === true
          ? ' parries'
          : ' fails to parry'
      : '';
  if (e.fatal === true) return `${capital(target)} is killed outright${totals}.`;
  const nm = obj(e.nearMiss);
  const blow = blowWords(e.blow);
  const damage = rolled(e.damage);
  if (e.hit === true) {
    const died = e.died === true ? ' and dies' : '';
    return `${capital(target)}${parryWords ? `${parryWords} but` : ''} is hit${totals}${damage ? `: damage ${damage}` : ''}${blow ? `; ${blow}` : ''}${died}.`;
  }
  if (nm.caught === true) {
    const metres = num(nm.metres);
    return `${capital(target)}${parryWords} dodges${totals} but is caught ${metres === null ? '' : `${Math.round(metres * 100) / 100} m from the impact `}(${str(nm.share)} damage${damage ? ` ${damage}` : ''})${blow ? `; ${blow}` : ''}.`;
  }
  return `${capital(target)}${parryWords} avoids the attack${totals}.`;
}

/**
 * Who holds slot `slot`, when the log can tell: the order as the latest battle start or reorder
 * set it. After a newcomer joined (which shifts the places) the line does not guess.
 */
function actingAt(
  slot: number | null,
  earlier: ((type: string) => ({ type: string } & Json) | undefined) | undefined,
): string | null {
  if (slot === null || !earlier) return null;
  const last = earlier('battle.started|battle.reordered|battle.joined');
  if (!last) return null;
  const ids =
    last.type === 'battle.started'
      ? arr(last.entries).map((x) => str(obj(x).id))
      : last.type === 'battle.reordered'
        ? arr(last.order).map(str)
        : [];
  return ids[slot] || null;
}

const QUESTION_WORDS: Readonly<Record<string, string>> = {
  tieOrder: 'The GM is asked to settle a tie in the initiative order.',
  bystanders: 'The GM is asked who else stood in the blast or spread.',
  prostheticFailure: 'The GM is asked about a failing prosthetic.',
  oldAgeDeath: 'The GM is asked whether old age ends a life.',
  chaosWeapon: 'The GM is asked about a weapon touched by chaos.',
  bareFail: 'The GM is asked whether a save that only just failed is let off.',
};

/** The Elite Unit describer for the live log (SYSTEM_DESCRIBERS in src/web/systems.tsx). */
export function describeEliteUnitEvent(
  event: { type: string } & Json,
  who: (id: string) => string,
  earlier?: (type: string) => ({ type: string } & Json) | undefined,
): string | null {
  const e = event;
  switch (e.type) {
    case 'pack.loaded':
      return `The GM loads the data pack ${str(obj(e.pack).name) || ''}`.trimEnd().concat('.');
    case 'character.added': {
      const c = obj(e.character);
      const owner = str(c.ownerSeatId);
      const hidden = c.hidden === true ? ' (sheet kept by the GM)' : '';
      return `${capital(str(c.name) || 'A character')} joins the table${owner ? ` for ${who(owner)}` : ''}${hidden}.`;
    }
    case 'character.removed':
      return `${capital(who(str(e.id)))} leaves the table.`;
    case 'character.changed':
      return changedLine(e, who);
    case 'battle.started': {
      const entries = arr(e.entries).map(obj);
      const order = entries.map((x) => {
        const total = num(x.total);
        return `${who(str(x.id))}${total === null ? '' : ` ${total}`}`;
      });
      const ties = arr(e.ties).length;
      return `A battle starts. Initiative: ${order.join(', ')}${ties > 0 ? ' (ties for the GM to settle)' : ''}.`;
    }
    case 'battle.joined': {
      const entry = obj(e.entry);
      const total = num(entry.total);
      return `${capital(who(str(entry.id)))} joins the battle${total === null ? '' : ` with initiative ${total}`}${e.waits === true ? ' and first acts next Turn' : ''}.`;
    }
    case 'battle.reordered':
      return `The GM sets the order: ${arr(e.order)
        .map((id) => who(str(id)))
        .join(', ')}.`;
    case 'battle.ended':
      return 'The battle is over.';
    case 'slot.advanced': {
      const skipped = arr(e.skipped).map((id) => who(str(id)));
      const turn = num(e.turn);
      const acting = actingAt(num(e.slot), earlier);
      const whose = acting ? `${who(acting)}’s slot` : 'the next slot';
      return `${capital(whose)}${turn === null ? '' : ` (Turn ${turn})`}${skipped.length > 0 ? `; ${list(skipped)} passed over, helpless` : ''}.`;
    }
    case 'turn.ended':
      return `Turn ${num(e.turn) ?? ''} ends: recoil clears.`.replace('Turn  ', 'The Turn ');
    case 'attack.declared': {
      const attacker = who(str(e.attackerId));
      const pending = obj(e.pending);
      const targets = arr(pending.targets).map((t) => who(str(obj(t).id)));
      const mode = MODE_WORDS[str(e.mode)];
      const rounds = num(e.rounds);
      const face = num(e.face);
      const total = num(e.total);
      const roundsWords = rounds !== null && rounds > 1 ? ` (${rounds} rounds)` : '';
      const roll = total === null ? '' : `: ${face === null ? '' : `d20 ${face}, `}total ${total}`;
      return `${capital(attacker)} attacks ${list(targets) || 'someone'} with ${weaponWords(e.weapon)}${mode ? `, ${mode}` : ''}${roundsWords}${roll}.`;
    }
    case 'attack.resolved':
      return resolvedLine(e, who);
    case 'question.asked': {
      const q = obj(e.question);
      return QUESTION_WORDS[str(q.kind)] ?? 'The GM is asked to rule.';
    }
    case 'question.answered': {
      const blows = Object.entries(obj(e.blows));
      if (blows.length > 0)
        return `Caught as well: ${blows.map(([id, b]) => `${who(id)} (${blowWords(b)})`).join('; ')}.`;
      const detail = obj(e.detail);
      if (detail.letOff !== undefined)
        return detail.letOff === true ? 'The GM lets it go lightly.' : 'The GM lets the failure stand.';
      const patches = arr(e.patches);
      return patches.length > 0 ? 'The GM answers, and the sheets change.' : 'The GM answers.';
    }
    case 'resolution.undone':
      return `The GM takes back the last resolution${str(e.what) ? ` (${str(e.what)})` : ''}.`;
    case 'save.rolled': {
      const name = who(str(e.characterId));
      if (e.hidden === true && !e.save) return `${capital(name)} makes a save out of sight.`;
      return `${capital(name)} saves ${saveWords(obj(e.save))}${e.hidden === true ? ' (hidden)' : ''}.`;
    }
    case 'save.asked': {
      const p = obj(e.pending);
      return `${capital(who(str(p.casterId)))} casts ${words(str(p.spell))} on ${who(str(p.targetId))}, who must save on ${words(str(p.attribute))}.`;
    }
    case 'save.resolved': {
      const name = who(str(e.characterId));
      if (e.hidden === true) return `${capital(name)} resists the spell out of sight.`;
      const cost = arr(e.rolls)
        .map((r) => rolled(r))
        .join(', ');
      return `${capital(name)} resists ${saveWords(obj(e.save))}${cost ? `; the spell takes ${cost}` : ''}.`;
    }
    case 'opposed.rolled': {
      const actor = obj(e.actor);
      const purpose = str(e.purpose);
      const others = arr(e.others).map(obj);
      if (num(actor.total) === null && e.hidden === true)
        return `The GM rolls ${purpose || 'an opposed roll'} out of sight.`;
      const against = others.map((o) => {
        const total = num(o.total);
        if (total === null)
          return `${who(str(o.id))} (hidden${o.actorWins === true ? ', beaten' : o.actorWins === false ? ', holds' : ''})`;
        return `${who(str(o.id))} ${total}${o.actorWins === true ? '' : ' (holds)'}`;
      });
      return `${capital(purpose || 'Opposed roll')}: ${who(str(actor.id))} ${num(actor.total) ?? '(hidden)'} against ${list(against)}.`;
    }
    case 'table.rolled': {
      const table = words(str(e.table));
      if (e.hidden === true && e.result === undefined)
        return `The GM rolls on the ${table} table out of sight.`;
      return `The GM rolls on the ${table} table: ${rolled(e.roll)} — ${str(e.result)}${e.hidden === true ? ' (hidden)' : ''}.`;
    }
    default:
      return null;
  }
}
