import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { Rng } from '../../engine/rng.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { Seat } from '../../engine/ruleset.ts';
import { stateHash } from '../../engine/state-hash.ts';
import type { EliteUnitCommand } from './commands.ts';
import type { EliteUnitEvent } from './events.ts';
import { findWeapon } from './rules/character.ts';
import { eliteUnit } from './ruleset.ts';
import type { EliteUnitState } from './state.ts';
import { GM, P1, Table } from './test-kit.ts';
import { whoseMove } from './your-move.ts';

/**
 * Random legal play through whole fights (fast-check picks the seeds): 50 fights × 200 commands
 * = 10,000 commands a run. After every command the counters stay in bounds and no hidden NPC's
 * numbers reach a player; at the end every event passes the import's checks and the replayed log
 * equals the live state.
 */

const FIGHTS = 50;
const COMMANDS = 200;
/** Hidden NPCs' ids start with `x`. */
const isHiddenId = (id: string) => id.startsWith('x');
let commandsSent = 0;

/** Plain checks (expect() per value would dominate the run time). */
function ensure(ok: boolean, what: string): void {
  if (!ok) throw new Error(`invariant broken: ${what}`);
}

function checkBounds(s: EliteUnitState): void {
  for (const c of Object.values(s.characters)) {
    ensure(c.stamina >= 0 && c.stamina <= c.staminaMax, `Stamina of ${c.id}`);
    for (const l of c.armour) ensure(l.dc >= 0 && l.dc <= l.dcMax, `DC of ${c.id} ${l.key}`);
    for (const w of c.weapons) {
      const cap = findWeapon(s.pack, w.weapon)?.ammo?.capacity ?? 0;
      ensure(w.loaded >= 0 && w.loaded <= cap, `ammunition of ${c.id} ${w.key}`);
      ensure(w.recoil >= 0 && (w.dc === null || w.dc >= 0), `recoil or DC of ${c.id} ${w.key}`);
    }
  }
}

const PUBLIC_KEYS = [
  'dead',
  'helpless',
  'hidden',
  'id',
  'incapacitated',
  'kind',
  'name',
  'ownerSeatId',
  'wounded',
].join();

function checkViewNoLeak(s: EliteUnitState): void {
  const view = eliteUnit.view(s, P1) as { characters: Record<string, Record<string, unknown>> };
  for (const [id, c] of Object.entries(view.characters))
    if (isHiddenId(id)) ensure(Object.keys(c).sort().join() === PUBLIC_KEYS, `view of ${id}`);
}

function checkEventsNoLeak(s: EliteUnitState, events: readonly EliteUnitEvent[]): void {
  const hidden = Object.keys(s.characters).filter(isHiddenId);
  for (const e of events) {
    const r = eliteUnit.redact(e, P1);
    if (!r) continue;
    const json = JSON.stringify(r);
    for (const id of hidden) {
      ensure(!json.includes(`{"id":"${id}","set"`), `patch of ${id} in ${r.type}`);
      if (r.type === 'attack.resolved' && (r as { targetId?: string }).targetId === id)
        ensure(!json.includes('"blow"'), `blow on ${id}`);
    }
  }
}

function candidates(s: EliteUnitState, rng: Rng): { command: unknown; seat: Seat }[] {
  const move = whoseMove(s);
  if (!move) return [{ command: { type: 'battle.end' }, seat: GM }];
  const c = s.characters[move.characterId];
  if (!c) return [];
  const seat = c.ownerSeatId === P1.seatId ? P1 : GM;
  if (move.kind === 'defend') {
    const parry = c.weapons.find((w) => w.dc !== null && w.inHands)?.key ?? c.held[0]?.key;
    const options: { command: unknown; seat: Seat }[] = [
      { command: { type: 'defend', targetId: c.id }, seat },
    ];
    if (parry) options.unshift({ command: { type: 'defend', targetId: c.id, parry }, seat });
    return options;
  }
  const foes = Object.values(s.characters).filter(
    (x) => x.dead === null && (x.kind === 'npc') !== (c.kind === 'npc'),
  );
  const out: { command: unknown; seat: Seat }[] = [];
  const foe = foes[rng.int(0, Math.max(0, foes.length - 1))];
  const w = c.weapons.find((x) => x.inHands);
  if (foe && w) {
    const data = findWeapon(s.pack, w.weapon);
    const mode = data?.modes[rng.int(0, Math.max(0, (data?.modes.length ?? 1) - 1))]?.kind;
    const distance = data?.ammo ? rng.int(5, 300) : 1;
    out.push({
      command: {
        type: 'attack',
        attackerId: c.id,
        weapon: w.key,
        ...(mode ? { mode } : {}),
        targets: [{ id: foe.id, distance }],
      },
      seat,
    });
  }
  if (foe && rng.int(1, 6) === 1)
    out.push({
      command: {
        type: 'attack',
        attackerId: c.id,
        targets: [{ id: foe.id, distance: 1 }],
        situation: { unaware: true },
        fatal: true,
      },
      seat,
    });
  if (w) out.push({ command: { type: 'reload', id: c.id, weapon: w.key }, seat });
  if (w && rng.int(1, 4) === 1) out.push({ command: { type: 'aim', id: c.id, weapon: w.key }, seat });
  if (rng.int(1, 20) === 1) out.push({ command: { type: 'gm.undo' }, seat: GM });
  const q = s.questions.find((x) => x.kind === 'bystanders');
  if (q)
    out.push({
      command: {
        type: 'gm.bystanders',
        questionId: q.id,
        bystanders: foe ? [{ id: foe.id, metres: rng.int(0, 6) }] : [],
      },
      seat: GM,
    });
  out.push({ command: { type: 'slot.end', id: c.id }, seat });
  return out;
}

function playFight(seed: number): void {
  const t = new Table();
  const dice = new SeededDice(seed);
  const rng = Rng.fromSeed(seed + 1);
  const log: EliteUnitEvent[] = [];
  const gm = (command: unknown) => {
    const events = eliteUnit.decide(t.state, eliteUnit.commandSchema.parse(command) as EliteUnitCommand, {
      actor: GM,
      dice,
    });
    for (const e of events) t.state = eliteUnit.evolve(t.state, e);
    log.push(...events);
  };
  let wave = 0;
  /** A fresh battle: new sides whenever one is gone (so every fight runs its full count). */
  const newBattle = () => {
    wave++;
    const ids: string[] = [];
    const alive = (id: string) => t.state.characters[id]?.dead === null;
    for (const [from, id, hidden] of [
      ['castell', `c${wave}`, false],
      ['dunne', `d${wave}`, false],
      ['raider', `xr${wave}`, true],
      ['raider', `xs${wave}`, true],
      ['enforcer', `xe${wave}`, true],
    ] as const) {
      gm({ type: 'character.add', from, id, ownerSeatId: hidden ? null : P1.seatId, hidden });
      if (alive(id)) ids.push(id);
    }
    gm({ type: 'battle.start', ids });
  };
  newBattle();
  let sent = 0;
  while (sent < COMMANDS) {
    if (t.state.battle === null) {
      newBattle();
      sent++;
    }
    const options = candidates(t.state, rng);
    let done = false;
    for (const { command, seat } of options) {
      sent++;
      commandsSent++;
      const parsed = eliteUnit.commandSchema.parse(command) as EliteUnitCommand;
      const before = t.state;
      try {
        const events = eliteUnit.decide(t.state, parsed, { actor: seat, dice });
        for (const e of events) t.state = eliteUnit.evolve(t.state, e);
        log.push(...events);
        checkBounds(t.state);
        checkEventsNoLeak(t.state, events);
        if (sent % 10 === 0) checkViewNoLeak(t.state);
        done = true;
        break;
      } catch (e) {
        if (!isRuleError(e)) throw e;
        ensure(t.state === before, 'a refused command changed nothing');
      }
    }
    if (!done) gm({ type: 'battle.end' });
  }
  let replayed = eliteUnit.setup(undefined);
  for (const [seatId, role, name] of [
    ['gm', 'gm', 'Gina'],
    ['p1', 'player', 'Pia'],
    ['p2', 'player', 'Pol'],
  ] as const)
    replayed = eliteUnit.evolve(replayed, { type: 'seat.joined', seatId, role, name });
  for (const e of log) {
    // What decide made passes the import's checks (event-schemas.ts) at its place in the log.
    ensure(eliteUnit.eventSchemas?.[e.type]?.safeParse(e).success === true, `schema of ${e.type}`);
    ensure(eliteUnit.eventProblem?.(replayed, e) === null, `place of ${e.type}`);
    replayed = eliteUnit.evolve(replayed, e);
  }
  expect(stateHash(replayed)).toBe(stateHash(t.state));
}

describe('random legal play', () => {
  it(`${FIGHTS} fights of up to ${COMMANDS} commands keep every invariant`, () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 31 - 1 }), (seed) => playFight(seed)),
      { numRuns: FIGHTS },
    );
    expect(commandsSent).toBeGreaterThanOrEqual(FIGHTS * COMMANDS);
  });
});
