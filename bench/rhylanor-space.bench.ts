import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { SeededDice } from '../src/engine/dice/source.ts';
import type { Seat } from '../src/engine/ruleset.ts';
import { defaultSpacePack } from '../src/rules/rhylanor-express/data/space-pack.ts';
import type { SpaceCommand } from '../src/rules/rhylanor-express/space/commands.ts';
import { decideSpace, decideSpaceInPlace } from '../src/rules/rhylanor-express/space/decide.ts';
import { evolveSpace, workingCopy } from '../src/rules/rhylanor-express/space/evolve.ts';
import { initialSpace, type Ship, type SpaceState } from '../src/rules/rhylanor-express/space/model.ts';
import { fightBattle } from '../src/rules/rhylanor-express/space/simulate.ts';
import { compare, report } from './harness.ts';

/**
 * Rhylanor Express space combat. (a) Vector movement: ship-turns per second through the rules
 * (every ship's move and every phase end as commands, on the simulator's in-place path and on the
 * table's copy-on-write path) against a minimal hand-written axial-hex vector step with the same
 * gravity. (b) Whole space battles (the pack's "Standard meeting", both sides played by the
 * simulator's policy) against a minimal hand-written loop of the same battle.
 */

const REFEREE: Seat = { seatId: 'bench', role: 'gm' };
const WORLDS = [{ q: 0, r: 0 }];

/** The same course correction for both sides of (a): one G toward the world when the future marker is far from it. */
function towardWorld(q: number, r: number): { q: number; r: number } {
  const dist = (Math.abs(q) + Math.abs(r) + Math.abs(q + r)) / 2;
  if (dist <= 6) return { q: 0, r: 0 };
  if (Math.abs(q) >= Math.abs(r)) return { q: q > 0 ? -1 : 1, r: 0 };
  return { q: 0, r: r > 0 ? -1 : 1 };
}

function gravityWell(): SpaceState {
  const s = initialSpace();
  const ctx = { actor: REFEREE, dice: new SeededDice(1) };
  decideSpaceInPlace(s, { type: 'space.scenario.load', scenario: 'Gravity well' }, ctx, defaultSpacePack);
  decideSpaceInPlace(s, { type: 'space.initiative' }, ctx, defaultSpacePack);
  decideSpaceInPlace(s, { type: 'space.roles', intruder: s.chooser ?? 'a' }, ctx, defaultSpacePack);
  return s;
}

/**
 * The rules' entry points and pack held in locals: under tsx every imported binding is a getter
 * call, which is the harness's cost, not the ruleset's (the bare step imports nothing either).
 */
const PACK = defaultSpacePack;
const decideInPlace = decideSpaceInPlace;
const decideCopying = decideSpace;
const evolveCopying = evolveSpace;

/** One full turn through the rules: side A's ships move, phases end (B's ships move in their phase). */
function ruleTurn(state: SpaceState, inPlace: boolean): SpaceState {
  const ctx = { actor: REFEREE, dice: new SeededDice(2) };
  let s = state;
  const send = (command: SpaceCommand) => {
    if (inPlace) decideInPlace(s, command, ctx, PACK);
    else for (const e of decideCopying(s, command, ctx, PACK)) s = evolveCopying(s, e);
  };
  for (let phase = 0; phase < 8; phase++) {
    if (s.phase === 'movement')
      for (const id of s.order) {
        const ship = s.ships[id] as Ship;
        if (ship.side === s.turnSide && ship.at)
          send({
            type: 'space.move',
            ship: id,
            thrust: towardWorld(ship.at.q + ship.vel.q, ship.at.r + ship.vel.r),
          });
      }
    send({ type: 'space.phase.end' });
  }
  return s;
}

// ---------------------------------------------------------------------------------------------
// The hand-written vector step: arrays of numbers, one nudged line, gravity from adjacent worlds.

function bareStep(pos: Int32Array, vel: Int32Array, i: number): void {
  const q0 = pos[2 * i] as number;
  const r0 = pos[2 * i + 1] as number;
  const vq = vel[2 * i] as number;
  const vr = vel[2 * i + 1] as number;
  const n = (Math.abs(vq) + Math.abs(vr) + Math.abs(vq + vr)) / 2;
  let gq = 0;
  let gr = 0;
  for (let k = n === 0 ? 0 : 1; k <= n; k++) {
    const t = n === 0 ? 0 : k / n;
    const fq = q0 + vq * t + 1e-6;
    const fr = r0 + vr * t + 1e-6;
    const fs = -fq - fr;
    let q = Math.round(fq);
    let r = Math.round(fr);
    const s = Math.round(fs);
    const dq = Math.abs(q - fq);
    const dr = Math.abs(r - fr);
    const ds = Math.abs(s - fs);
    if (dq > dr && dq > ds) q = -r - s;
    else if (dr > ds) r = -q - s;
    for (const w of WORLDS) {
      const wq = w.q - q;
      const wr = w.r - r;
      if ((Math.abs(wq) + Math.abs(wr) + Math.abs(wq + wr)) / 2 === 1) {
        gq += wq;
        gr += wr;
      }
    }
  }
  const t = towardWorld(q0 + vq, r0 + vr);
  pos[2 * i] = q0 + vq;
  pos[2 * i + 1] = r0 + vr;
  vel[2 * i] = vq + gq + t.q;
  vel[2 * i + 1] = vr + gr + t.r;
}

// ---------------------------------------------------------------------------------------------
// The hand-written battle: the Standard meeting's four ships as plain numbers, the same phases,
// to-hit numbers, hit counts, location roll (hull, power, drive, critical) and missile timers.

interface BareShip {
  side: number;
  q: number;
  vq: number;
  hull: number;
  g: number;
  dm: number;
  beams: number;
  beamHits: number;
  racks: number;
  ready: number;
  power: number;
  dead: boolean;
}

const BARE_SHIPS: readonly Omit<BareShip, 'q' | 'vq' | 'power' | 'dead'>[] = [
  { side: 0, hull: 8, g: 1, dm: 2, beams: 2, beamHits: 1, racks: 1, ready: 3 },
  { side: 0, hull: 2, g: 2, dm: 0, beams: 1, beamHits: 2, racks: 0, ready: 0 },
  { side: 1, hull: 8, g: 3, dm: 1, beams: 4, beamHits: 1, racks: 3, ready: 9 },
  { side: 1, hull: 4, g: 1, dm: 0, beams: 1, beamHits: 1, racks: 1, ready: 3 },
];

export function bareBattle(gen: ReturnType<typeof xoroshiro128plus>): number {
  const ships: BareShip[] = BARE_SHIPS.map((s) => ({
    ...s,
    q: s.side === 0 ? -15 : 15,
    vq: s.side === 0 ? 4 : -4,
    power: 0,
    dead: false,
  }));
  const missiles: { target: number; due: number }[] = [];
  const d6 = () => uniformInt(gen, 1, 6);
  const critical = (t: BareShip) => {
    const f = d6();
    if (f === 1) t.power = 2;
    else if (f <= 3) t.g = 0;
    else if (f === 6) t.dead = true;
  };
  const hit = (t: BareShip) => {
    const loc = d6() + d6();
    if (loc === 6 || loc === 7) {
      if (t.hull > 0) t.hull--;
      else critical(t);
    } else if (loc === 2) t.power++;
    else if (loc === 3) t.g = Math.max(0, t.g - 1);
    else if (loc === 12) critical(t);
    if (t.power >= 2) t.dead = true;
  };
  const alive = (side: number) => ships.some((s) => s.side === side && !s.dead);
  let turn = 1;
  for (let playerTurn = 0; turn <= 40 && alive(0) && alive(1); playerTurn++) {
    const side = playerTurn % 2;
    for (const s of ships) {
      if (s.side !== side || s.dead) continue;
      const enemy = ships.find((e) => e.side !== side && !e.dead);
      if (!enemy) break;
      s.q += s.vq;
      const want = Math.sign(enemy.q - s.q) * Math.min(Math.abs(enemy.q - s.q) / 3, 4);
      s.vq += Math.max(-s.g, Math.min(s.g, Math.round(want - s.vq)));
    }
    for (const s of ships) {
      if (s.side !== side || s.dead || s.power > 0) continue;
      const enemy = ships.find((e) => e.side !== side && !e.dead);
      if (!enemy) break;
      const range = Math.abs(enemy.q - s.q);
      if (range > 15) continue;
      for (let w = 0; w < s.beams; w++) {
        const a = d6();
        const b = d6();
        if (a + b === 12 || (a + b !== 2 && a + b + s.dm >= (range <= 5 ? 8 : 12)))
          for (let h = 0; h < s.beamHits; h++) hit(enemy);
      }
      for (let m = 0; m < s.racks && s.ready > 0; m++) {
        s.ready--;
        missiles.push({ target: ships.indexOf(enemy), due: playerTurn + (range <= 5 ? 2 : 4) });
      }
    }
    for (let m = missiles.length - 1; m >= 0; m--) {
      const missile = missiles[m] as { target: number; due: number };
      if (missile.due !== playerTurn) continue;
      missiles.splice(m, 1);
      const t = ships[missile.target] as BareShip;
      if (t.dead) continue;
      for (let h = d6(); h > 0; h--) hit(t);
    }
    if (side === 1) turn++;
  }
  return turn;
}

export default async function rhylanorSpaceBench(): Promise<void> {
  // (a) vector movement
  const template = gravityWell();
  const shipsPerTurn = template.order.length;
  // The course corrections keep every ship within 45 hexes of the world at under 10 hexes a turn
  // (checked over 200,000 turns), so the ships fly on for the whole run with no reset.
  const inPlace = workingCopy(template);
  let copying = template;
  const oursInPlace = () => {
    ruleTurn(inPlace, true);
    return inPlace.turn;
  };
  const oursCopying = () => {
    copying = ruleTurn(copying, false);
    return copying.turn;
  };
  const pos = new Int32Array(
    template.order.flatMap((id) => [template.ships[id]?.at?.q ?? 0, template.ships[id]?.at?.r ?? 0]),
  );
  const vel = new Int32Array(
    template.order.flatMap((id) => [template.ships[id]?.vel.q ?? 0, template.ships[id]?.vel.r ?? 0]),
  );
  const bare = () => {
    for (let i = 0; i < shipsPerTurn; i++) bareStep(pos, vel, i);
    return pos[0];
  };
  const steady = { warmupMs: 2000, batchMs: 200, batches: 7 };
  const a1 = compare(oursInPlace, bare, steady);
  report({
    bench:
      'Rhylanor space: vector movement through the rules (in place) vs a minimal axial-hex vector step with gravity',
    ours: a1.ours * shipsPerTurn,
    baseline: a1.baseline * shipsPerTurn,
    unit: 'ship-turns/s',
  });
  const a2 = compare(oursCopying, bare, steady);
  report({
    bench:
      'Rhylanor space: vector movement through decide + evolve (the table path) vs the same minimal step',
    ours: a2.ours * shipsPerTurn,
    baseline: a2.baseline * shipsPerTurn,
    unit: 'ship-turns/s',
  });

  // (b) whole battles
  const dice = new SeededDice(2026);
  const gen = xoroshiro128plus(2026);
  const b = compare(
    () => fightBattle(defaultSpacePack, 'Standard meeting', dice).turns,
    () => bareBattle(gen),
    { warmupMs: 3000, batchMs: 250, batches: 7 },
  );
  report({
    bench:
      'Rhylanor space: battles through the rules (simulator) vs a minimal hand-written loop of the same battle',
    ours: b.ours,
    baseline: b.baseline,
    unit: 'battles/s',
  });
}
