import { arenaOf, visibleTo } from './board-adapter.ts';
import { ceilingThreatsAct, climbGoal, climbsWhereItStands, threatClimbs } from './ceiling.ts';
import { grapple, shieldsAt, woundTeamer, woundThreat } from './combat.ts';
import { d6 } from './dice.ts';
import type { Draft } from './draft.ts';
import { dronesCovering, dronesFire } from './drones.ts';
import { facingToward } from './figures.ts';
import { callThreat } from './multi-team.ts';
import { type FdState, type Teamer, type Threat, threatOf, waitChit } from './state.ts';
import {
  activateThreat,
  ambush,
  ambushTriggeredBy,
  beginPack,
  climbAfter,
  isAmbushTriggered,
  planThreatPhase,
  type ThreatAction,
  type ThreatDecision,
} from './threat/index.ts';
import { attackVehicle, shieldingVehicle } from './vehicle-contact.ts';
import { inContact, worldOf } from './world-adapter.ts';

/**
 * The Threat phase (digest 13–14) run by the engine with the table's dice: the AI (threat/)
 * decides each activation over a `ThreatWorld` of the state as it stands; this file carries out
 * its actions as events, a step at a time, so a Teamer's WAIT trigger (8.3) can cut in after the
 * step that set it off. An interrupt pauses the phase; it goes on when every Teamer it named has
 * answered (an action with the WAIT chit, or holdWait).
 */
export function continueThreatPhase(draft: Draft): void {
  for (let guard = 0; guard < 10000; guard++) {
    const s = draft.state;
    if (s.phase !== 'threat' || s.interrupt) return;
    if (s.paused) {
      const { threatId, actions, crossingAsked } = s.paused;
      draft.emit({ type: 'threat.resumed', threatId });
      if (threatOf(draft.state, threatId))
        carryOut(draft, threatId, actions, 'phase', crossingAsked === true);
      continue;
    }
    if (s.pack) {
      const id = s.pack.members[0] as string;
      const decision = activateThreat(worldOf(s), id, draft.table, { pack: s.pack });
      apply(draft, decision, 'phase');
      continue;
    }
    if (!s.threatPlanned) {
      // 19: the Threats in the ceiling act first, once, before the floor's order is fixed (a
      // Threat that drops has acted, so the order leaves it out).
      ceilingThreatsAct(draft, landed);
      if (draft.state.interrupt) return;
      const planned = planThreatPhase(worldOf(draft.state), draft.table);
      const order = {
        ...planned,
        units: planned.units.slice(0, threatCardShare(draft.state, planned.units.length)),
      };
      const queue = order.units.map((u) => (u.kind === 'threat' ? [u.threat] : u.members));
      // With no Teamer in reach the AI's distance is Infinity, which JSON turns into null: the log
      // says -1 (no Teamer) so an exported log replays to the same thing.
      const units = order.units.map((u) => (Number.isFinite(u.distance) ? u : { ...u, distance: -1 }));
      draft.emit({ type: 'threat.queue', queue, order: { ...order, units } });
      if (queue.length === 0) return;
      continue;
    }
    const head = s.threatQueue[0];
    if (!head) return;
    // Multi-team play (21): each unit waits for the player whose call it is to run it.
    const call = s.multiTeam?.call;
    if (s.multiTeam && (call?.threatId !== head[0] || call?.run !== true)) {
      if (call?.threatId !== head[0]) callThreat(draft, head[0] as string);
      return;
    }
    // 24.2: a flame marker in its square hits each Threat of the unit as its activation starts.
    // Those it kills leave the queue; the survivors go on at once (so nobody burns twice).
    for (const id of head) burns(draft, id);
    const unit = draft.state.threatQueue[0];
    if (!unit || !head.includes(unit[0] as string)) continue;
    // 19: a lone Threat whose quarry is a man up in a ceiling goes to a LOW obstacle by an exit
    // of it and climbs (ceiling.ts picks the climb; the AI walks there).
    const now = draft.state;
    const goal = unit.length === 1 ? climbGoal(now, unit[0] as string) : null;
    if (goal) {
      if (!climbsWhereItStands(draft, unit[0] as string, goal))
        apply(draft, climbAfter(worldOf(now), unit[0] as string, goal, draft.table), 'phase');
      continue;
    }
    if (unit.length > 1) {
      draft.emit({ type: 'threat.pack', pack: beginPack(worldOf(now), unit, draft.table) });
      continue;
    }
    apply(draft, activateThreat(worldOf(now), unit[0] as string, draft.table), 'phase');
  }
}

/**
 * Multi-team play (21): how many of the `units` not yet acted this round (nearest first) act now.
 * Bughunt reads the sequence pack's Threat cards as sharing the Threat side out evenly: a Threat
 * card sets going its share of those still to act (rounded up, so the round's last card takes the
 * rest). The Threat phase after the teams runs every unit still to act: what cards left unturned
 * (the GM ended the Team phase early) would have, and a Threat that turned up after the round's
 * last Threat card (every Threat acts once a turn, 13.1). Without Threat cards (or teams) every
 * unit acts in the phase.
 */
function threatCardShare(state: FdState, units: number): number {
  const mt = state.multiTeam;
  const cards = mt?.sequence.filter((c) => c === 'threat').length ?? 0;
  if (!mt?.onThreatCard || cards === 0) return units;
  return Math.ceil(units / (cards - mt.threatCards + 1));
}

function apply(draft: Draft, decision: ThreatDecision, mode: 'phase' | 'ambush', left?: number): void {
  draft.emit({ type: 'threat.decided', decision });
  // A Threat with several actions (13.1, intellect-driven) is asked again once these are done; the
  // follow-up rides with the actions, so it survives an interrupt that pauses them.
  const th = threatOf(draft.state, decision.threat);
  const more =
    left ?? (mode === 'phase' && th ? (draft.state.rules.species[th.species]?.actions ?? 1) - 1 : 0);
  const actions: readonly ThreatAction[] =
    more > 0 ? [...decision.actions, { kind: 'again', left: more - 1 }] : decision.actions;
  carryOut(draft, decision.threat, actions, mode);
}

/**
 * A Threat come out on the far side of a short cut or a weak spot (14) at square `to`: set there,
 * no longer waiting (its eye marker off), its facing kept (with the body it drags, if given); then
 * flames there may burn it (24.2). False when they killed it.
 */
function cameThrough(draft: Draft, threatId: string, th: Threat, to: number, dragging?: string): boolean {
  const w = arenaOf(draft.state).width;
  draft.emit({
    type: 'threat.moved',
    threatId,
    x: to % w,
    y: Math.floor(to / w),
    facing: th.facing,
    eye: false,
    ...(dragging ? { dragging } : {}),
  });
  return burns(draft, threatId);
}

/**
 * Carries out a Threat's actions in order. Moves go a square at a time; after each step, Teamers
 * holding WAIT whom the step set off (a Threat newly visible to them, or newly next to them or in
 * their square) get an interrupt, and the rest of the actions wait in `paused`.
 */
function carryOut(
  draft: Draft,
  threatId: string,
  actions: readonly ThreatAction[],
  mode: 'phase' | 'ambush',
  crossingAsked = false,
): void {
  const w = arenaOf(draft.state).width;
  for (let a = 0; a < actions.length; a++) {
    const th = threatOf(draft.state, threatId);
    if (!th) return;
    const act = actions[a] as ThreatAction;
    switch (act.kind) {
      case 'wake':
        draft.emit({ type: 'threat.moved', threatId, x: th.x, y: th.y, facing: th.facing, eye: false });
        break;
      case 'hide':
        draft.emit({ type: 'threat.moved', threatId, x: th.x, y: th.y, facing: th.facing, eye: true });
        break;
      case 'face':
        draft.emit({ type: 'threat.moved', threatId, x: th.x, y: th.y, facing: act.facing, eye: th.eye });
        break;
      case 'move':
      case 'drag': {
        for (let k = 0; k < act.path.length; k++) {
          const cur = threatOf(draft.state, threatId);
          if (!cur) return;
          const sq = act.path[k] as number;
          const x = sq % w;
          const y = Math.floor(sq / w);
          // 15.3: a Teamer at the door controls with a WAIT chit may try to shut it on the Threat.
          if (mode === 'phase' && !(crossingAsked && a === 0 && k === 0)) {
            const door = doorCrossed(draft.state, cur.y * w + cur.x, sq);
            const crushers = door < 0 ? [] : crushersAt(draft.state, door);
            if (crushers.length > 0) {
              draft.emit({
                type: 'threat.paused',
                threatId,
                actions: [{ ...act, path: act.path.slice(k) }, ...actions.slice(a + 1)],
                crossingAsked: true,
              });
              draft.emit({
                type: 'interrupt.raised',
                threatId,
                trigger: 'crossing',
                teamerIds: crushers,
                door,
              });
              return;
            }
          }
          const before = watchers(draft.state, cur);
          const covered =
            mode === 'phase' && draft.state.drones.length > 0 ? dronesCovering(draft.state, cur) : null;
          draft.emit({
            type: 'threat.moved',
            threatId,
            x,
            y,
            facing: facingToward(cur.x, cur.y, x, y, cur.facing),
            eye: cur.eye,
            ...(act.kind === 'drag' ? { dragging: act.teamer } : {}),
          });
          if (covered) {
            dronesFire(draft, threatId, covered);
            if (!threatOf(draft.state, threatId)) return;
          }
          if (!burns(draft, threatId)) return;
          if (mode === 'phase') {
            const moved = threatOf(draft.state, threatId) as Threat;
            const triggered = triggers(draft.state, moved, before);
            if (triggered.length > 0) {
              const rest: ThreatAction[] = [];
              if (k + 1 < act.path.length) rest.push({ ...act, path: act.path.slice(k + 1) });
              rest.push(...actions.slice(a + 1));
              pauseFor(draft, threatId, rest, triggered);
              return;
            }
          }
        }
        break;
      }
      case 'grapple': {
        const t = draft.state.teamers[act.teamer];
        // He may have climbed into the ceiling (19) during an interrupt: out of reach below.
        if (!t || t.x === null || t.y === null || t.wounds >= 3 || t.up === true) break;
        // The target may have moved or fallen during an interrupt: grapple only if still in contact.
        if (!inContact(draft.state, th.y * w + th.x, t.y * w + t.x)) break;
        // A man inside a vehicle: the Threat tears at the hull instead (18, `vehicle-contact.ts`).
        const hull = shieldingVehicle(draft.state, act.teamer);
        if (hull) attackVehicle(draft, hull, threatId, { how: 'grapple' });
        else grapple(draft, threatId, act.teamer, draft.table, act.fromBehind);
        break;
      }
      case 'batter': {
        const door = doorIndex(draft.state, act.door);
        const d = draft.state.doors[door];
        if (!d) break;
        // Switch (b): the dice go to this turn's tally at the door, not to its damage track.
        const together = draft.state.rules.pack.options.switches.batterTogether;
        const turn = draft.state.turn;
        const tally = together ? (d.battered?.turn === turn ? d.battered.total : 0) + act.damage : 0;
        draft.emit({
          type: 'door.changed',
          door,
          state: {
            ...d,
            ...(together ? { battered: { turn, total: tally } } : { damage: d.damage + act.damage }),
            holes: act.holeSide === null ? d.holes : [...d.holes, act.holeSide],
          },
          why: act.holeSide === null ? 'battered' : 'battered through',
        });
        break;
      }
      case 'findShortCut':
      case 'crossShortCut': {
        const door = doorIndex(draft.state, act.door);
        const d = draft.state.doors[door];
        if (d && act.kind === 'findShortCut' && !d.shortCuts.includes(act.side))
          draft.emit({
            type: 'door.changed',
            door,
            state: { ...d, shortCuts: [...d.shortCuts, act.side] },
            why: 'a short cut found',
          });
        // A Threat dragging prey through a short cut takes the body with it (13.6 with 14).
        if (!cameThrough(draft, threatId, th, act.to, th.carrying ?? undefined)) return;
        break;
      }
      case 'searchWeakSpot':
        draft.emit({ type: 'bulkhead.searched', threatId, side: act.side, found: act.found });
        break;
      case 'crossWeakSpot':
        // Wriggling through a weak plate is the whole activation (the AI gives it nothing else).
        if (!cameThrough(draft, threatId, th, act.to)) return;
        break;
      case 'shoot': {
        // 8.3 (c): a Teamer shot at who holds WAIT may reply once the attack is resolved.
        const replies = threatShoots(draft, threatId, act.teamer);
        if (replies !== null && mode === 'phase') {
          draft.emit({ type: 'threat.paused', threatId, actions: actions.slice(a + 1) });
          draft.emit({ type: 'interrupt.raised', threatId, trigger: 'shot', teamerIds: [replies] });
          return;
        }
        break;
      }
      case 'climb':
        threatClimbs(draft, threatId, act.exit, act.teamer);
        break;
      case 'again':
        // Its next action: the AI decides afresh on the world as it now is.
        apply(draft, activateThreat(worldOf(draft.state), threatId, draft.table), mode, act.left);
        return;
    }
  }
}

/**
 * An intellect-driven Threat shoots a Teamer with its species' gun (13.1 solo script): the weapon's
 * dice from the table, each at or over its hit number a wound (armour saves as usual). The AI has
 * checked range and sight; a target gone from the arena since is not shot. Returns the Teamer
 * shot (the one aimed at, or the stack-mate shielding him) when he, still able to act, holds a
 * WAIT chit to reply with (8.3 c); otherwise null.
 */
export function threatShoots(draft: Draft, threatId: string, aimedAt: string): string | null {
  const th = threatOf(draft.state, threatId);
  const aimed = draft.state.teamers[aimedAt];
  const weaponId = th ? draft.state.rules.species[th.species]?.weapon : null;
  const w = weaponId ? draft.state.rules.weapons[weaponId] : undefined;
  if (!th || !aimed || aimed.x === null || aimed.y === null || aimed.left || !weaponId || w?.kind !== 'gun')
    return null;
  // 9.5: a standing stack-mate in the half of the square toward the Threat shields the one it aims
  // at, as he shields a Threat from a Teamer's shot. A Threat waits for no -DUCK!: he is the
  // first figure on its line of fire, so the shot strikes him instead.
  const shield = shieldsAt(draft.state, aimed.x, aimed.y, aimed.x - th.x, aimed.y - th.y, aimed.id).find(
    (m) => m.wounds < 2 && !m.ducked,
  );
  const t = shield ?? aimed;
  const teamerId = t.id;
  if (t.x === null || t.y === null) return null;
  const faces: number[] = [];
  let hits = 0;
  for (let i = 0; i < w.dice; i++) {
    const f = d6(draft.table, `${w.name} shot by Threat ${th.id}`);
    faces.push(f);
    if (f >= w.hitOn) hits++;
  }
  // A man inside a vehicle: the hull takes the hits (18, `vehicle-contact.ts`); he cannot reply.
  const hull = shieldingVehicle(draft.state, teamerId);
  if (hull) {
    attackVehicle(draft, hull, threatId, { how: 'shot', faces, hits });
    return null;
  }
  draft.emit({
    type: 'attack.resolved',
    by: th.id,
    weapon: weaponId,
    x: t.x,
    y: t.y,
    targets: [teamerId],
    faces,
    hitOn: w.hitOn,
    hits: { [teamerId]: hits },
  });
  for (let i = 0; i < hits; i++) woundTeamer(draft, teamerId, draft.table);
  const after = draft.state.teamers[teamerId];
  const replies =
    after !== undefined &&
    after.wounds < 2 &&
    waitChit(after) !== null &&
    threatOf(draft.state, threatId) !== undefined;
  return replies ? teamerId : null;
}

/** The open door whose side an orthogonal step from `a` to `b` crosses, or -1. */
/**
 * A Threat that has just come into a square with flame markers, or starts its activation in one
 * (24.2: a flame hits a figure entering or starting there on the pack's `flameSquareHitsOn`,
 * Teamers in `movement.ts` `flamesBurnTeamer`): one table die, a hit one wound. False if that
 * killed it.
 */
function burns(draft: Draft, threatId: string): boolean {
  const th = threatOf(draft.state, threatId);
  if (!th) return false;
  if ((draft.state.flames[th.y * arenaOf(draft.state).width + th.x] ?? 0) <= 0) return true;
  const hitOn = draft.state.rules.pack.combat.flameSquareHitsOn;
  const face = d6(draft.table, `flames burn ${threatId}?`);
  draft.emit({ type: 'threat.burned', threatId, x: th.x, y: th.y, face, hitOn, hit: face >= hitOn });
  if (face >= hitOn) woundThreat(draft, threatId, 1, null, false);
  return threatOf(draft.state, threatId) !== undefined;
}

function doorCrossed(state: FdState, a: number, b: number): number {
  const arena = arenaOf(state);
  for (const d of arena.doors)
    for (const s of d.sides)
      if ((s.a === a && s.b === b) || (s.a === b && s.b === a))
        return state.doors[d.index]?.open ? d.index : -1;
  return -1;
}

/** Teamers in a door's zone holding WAIT who could shut it (not jammed or stuck, power on). */
function crushersAt(state: FdState, door: number): string[] {
  const d = state.doors[door];
  if (!d || d.jammed || d.stuck || state.effects.powerDownUntilTurn >= state.turn) return [];
  const arena = arenaOf(state);
  const zone = arena.doors[door]?.zone ?? [];
  return state.teamOrder.filter((id) => {
    const t = state.teamers[id] as Teamer;
    // A man up in the ceiling (19) over the door zone is not at the door's controls.
    return (
      t.x !== null &&
      t.y !== null &&
      t.wounds < 2 &&
      t.up !== true &&
      waitChit(t) !== null &&
      zone.includes(t.y * arena.width + t.x)
    );
  });
}

function doorIndex(state: FdState, id: string): number {
  return arenaOf(state).doors.findIndex((d) => d.id === id);
}

/** Per Teamer holding WAIT: could he see this Threat, was it in contact, before its step? */
function watchers(state: FdState, th: Threat): Map<string, { saw: boolean; near: boolean }> {
  const out = new Map<string, { saw: boolean; near: boolean }>();
  const w = arenaOf(state).width;
  for (const id of state.teamOrder) {
    const t = state.teamers[id] as Teamer;
    if (t.x === null || t.y === null || t.left || t.wounds >= 2 || waitChit(t) === null || t.up === true)
      continue;
    out.set(id, {
      saw: visibleTo(state, t.x, t.y, t.facing, th.x, th.y),
      near: inContact(state, t.y * w + t.x, th.y * w + th.x),
    });
  }
  return out;
}

/**
 * A ceiling Threat has just dropped onto the floor (19): a step onto its landing square from
 * nowhere anyone could see or reach, so drone guns covering the square fire as at a floor step,
 * and every Teamer on WAIT who now sees it or is in contact gets his interrupt before its grapple.
 */
function landed(draft: Draft, threatId: string, rest: readonly ThreatAction[]): void {
  const th = threatOf(draft.state, threatId);
  if (!th) return;
  const unseen = new Map(
    [...watchers(draft.state, th).keys()].map((id) => [id, { saw: false, near: false }]),
  );
  if (draft.state.drones.length > 0) {
    dronesFire(draft, threatId, new Set());
    if (!threatOf(draft.state, threatId)) return;
  }
  // 24.2: dropping into a square with flame markers is entering it.
  if (!burns(draft, threatId)) return;
  const triggered = triggers(draft.state, threatOf(draft.state, threatId) as Threat, unseen);
  if (triggered.length > 0) pauseFor(draft, threatId, rest, triggered);
  else carryOut(draft, threatId, rest, 'phase');
}

/** WAIT (8.3 a, b): the Threat's remaining actions wait while the Teamers it set off answer. */
function pauseFor(
  draft: Draft,
  threatId: string,
  rest: readonly ThreatAction[],
  triggered: readonly { id: string; why: 'sighted' | 'adjacent' }[],
): void {
  draft.emit({ type: 'threat.paused', threatId, actions: rest });
  draft.emit({
    type: 'interrupt.raised',
    threatId,
    trigger: triggered[0]?.why ?? 'adjacent',
    teamerIds: triggered.map((t) => t.id),
  });
}

/** The WAIT triggers of 8.3 (a) and (b) that a step set off. */
function triggers(
  state: FdState,
  th: Threat,
  before: Map<string, { saw: boolean; near: boolean }>,
): { id: string; why: 'sighted' | 'adjacent' }[] {
  const out: { id: string; why: 'sighted' | 'adjacent' }[] = [];
  const w = arenaOf(state).width;
  for (const [id, was] of before) {
    const t = state.teamers[id] as Teamer;
    if (t.x === null || t.y === null) continue;
    const near = inContact(state, t.y * w + t.x, th.y * w + th.x);
    if (near && !was.near) out.push({ id, why: 'adjacent' });
    else if (!was.saw && visibleTo(state, t.x, t.y, t.facing, th.x, th.y)) out.push({ id, why: 'sighted' });
  }
  return out;
}

/**
 * Team-phase ambushes (13.6): after a Teamer's step, turn or door opening, every waiting Threat he
 * set off attacks him at once, as its activation for the turn.
 */
export function checkAmbushes(draft: Draft, teamerId: string): boolean {
  const start = draft.state;
  const order = start.threatOrder;
  // Until an ambush changes the state, only the Threats waiting at the start can spring.
  const waiting = waitingIn(start);
  for (let i = 0; i < order.length; i++) {
    if (draft.state === start && waiting[i] !== 1) continue;
    const id = order[i] as string;
    const th = draft.state.threats[id];
    const t = draft.state.teamers[teamerId];
    if (!th?.eye || th.acted || !t || t.x === null || t.wounds >= 2 || t.up === true) continue;
    const world = worldOf(draft.state);
    // The world lists the Threats in `threatOrder`'s order: while no ambush has changed that
    // order, this Threat's view is the i-th, with no search by id.
    const view = draft.state.threatOrder === order ? world.threats[i] : undefined;
    if (!(view ? ambushTriggeredBy(world, view, teamerId) : isAmbushTriggered(world, id, teamerId))) continue;
    // Multi-team play (21): the ambush waits for its seat (callThreat), in the Team phase and in
    // the Threat phase alike (a Teamer answering a WAIT interrupt, a Threat card's turn); runAmbush
    // carries it out and looks for the next one. The unit under way is paused behind the interrupt
    // and resumes by itself (continueThreatPhase), so the call may take the place of its own.
    if (draft.state.multiTeam) {
      callThreat(draft, id, teamerId);
      return true;
    }
    // The ambush is its activation: a flame marker in its square hits it first (24.2).
    if (!burns(draft, id)) continue;
    apply(draft, ambush(worldOf(draft.state), id, teamerId, draft.table), 'ambush');
  }
  return false;
}

/**
 * Per place in the state's `threatOrder`, 1 for a Threat with the eye that has not acted: the ambush
 * check after a step asks this once for every Teamer, so the last state's answer is kept (reading
 * every Threat's record for every Teamer cost more than the few sight lines behind it).
 */
function waitingIn(state: FdState): Uint8Array {
  if (waitingFor === state) return waitingFlags;
  const order = state.threatOrder;
  const flags = new Uint8Array(order.length);
  for (let i = 0; i < order.length; i++) {
    const th = state.threats[order[i] as string];
    if (th?.eye && !th.acted) flags[i] = 1;
  }
  waitingFor = state;
  waitingFlags = flags;
  return flags;
}

let waitingFor: FdState | null = null;
let waitingFlags = new Uint8Array(0);

/**
 * After a Teamer's step, turn or door opening (13.6): a waiting Threat springs on a Teamer in its
 * sight or within its stimulus range whenever the check comes, whoever's act brought it on (an
 * opened doorway may show it a comrade; a Threat that hid beside a man who stands still waits no
 * longer than the next act of anyone). Each is checked, the one who acted first (he is "the first
 * such Teamer"), then the rest in team order. True if an ambush was called (multi-team play) and
 * waits for its seat.
 */
export function checkAmbushesAll(draft: Draft, firstId: string): boolean {
  if (checkAmbushes(draft, firstId)) return true;
  for (const id of draft.state.teamOrder) if (id !== firstId && checkAmbushes(draft, id)) return true;
  return false;
}

/**
 * Multi-team play: the called ambush is run by its seat (the AI still decides the attack); then
 * the next one is called: the same Teamer's first, then any other Teamer's (a door opening may
 * have set off ambushes on several).
 */
export function runAmbush(draft: Draft, threatId: string, teamerId: string): void {
  if (threatOf(draft.state, threatId) && burns(draft, threatId))
    apply(draft, ambush(worldOf(draft.state), threatId, teamerId, draft.table), 'ambush');
  checkAmbushesAll(draft, teamerId);
}
