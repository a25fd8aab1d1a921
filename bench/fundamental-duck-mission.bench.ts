import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { runMission } from '../src/rules/fundamental-duck/simulate/run.ts';
import { compare, report } from './harness.ts';

/**
 * Whole Fundamental Duck! missions (clean sweep on the default Drifter, boarding to evaluation)
 * through the real ruleset with the built-in team policy, against a minimal hand-written loop of
 * the same team and Threat phases: five Teamers and the Harpies a mission meets on an open 15×15
 * grid, each Teamer moving by the average die toward the nearest Harpy or shooting it (one d6,
 * 4+), each Harpy closing in by d6 and grappling (d6 + 2 against d6 + 1), until one side is gone
 * or turn 40. No walls, doors, sight, events, chits, Kitty or validation: what the dice and the
 * bare turn loop cost.
 */

const AVD = [2, 3, 3, 4, 4, 5];
const SIZE = 15;

function bareMission(gen: ReturnType<typeof xoroshiro128plus>): number {
  const tx = [0, 0, 0, 0, 0];
  const ty = [7, 7, 7, 7, 7];
  const tw = [0, 0, 0, 0, 0];
  const n = 8;
  const hx: number[] = [];
  const hy: number[] = [];
  const alive: boolean[] = [];
  for (let i = 0; i < n; i++) {
    hx.push(uniformInt(gen, 3, SIZE - 1));
    hy.push(uniformInt(gen, 0, SIZE - 1));
    alive.push(true);
  }
  const dist = (ax: number, ay: number, bx: number, by: number) =>
    Math.max(Math.abs(ax - bx), Math.abs(ay - by));
  let turn = 0;
  for (turn = 1; turn <= 40; turn++) {
    // Team phase: two actions each.
    for (let t = 0; t < 5; t++) {
      for (let a = 0; a < 2; a++) {
        if ((tw[t] as number) >= 2) break;
        let best = -1;
        let bestD = 99;
        for (let h = 0; h < n; h++) {
          if (!alive[h]) continue;
          const d = dist(tx[t] as number, ty[t] as number, hx[h] as number, hy[h] as number);
          if (d < bestD) {
            bestD = d;
            best = h;
          }
        }
        if (best < 0) return turn;
        if (bestD <= 6) {
          if (uniformInt(gen, 1, 6) >= 4) alive[best] = false;
        } else {
          const steps = AVD[uniformInt(gen, 0, 5)] as number;
          for (let s = 0; s < steps && bestD > 1; s++) {
            tx[t] = (tx[t] as number) + Math.sign((hx[best] as number) - (tx[t] as number));
            ty[t] = (ty[t] as number) + Math.sign((hy[best] as number) - (ty[t] as number));
            bestD--;
          }
        }
      }
    }
    // Threat phase: reaction d6, close in by d6, grapple in contact.
    for (let h = 0; h < n; h++) {
      if (!alive[h]) continue;
      let best = -1;
      let bestD = 99;
      for (let t = 0; t < 5; t++) {
        if ((tw[t] as number) >= 2) continue;
        const d = dist(tx[t] as number, ty[t] as number, hx[h] as number, hy[h] as number);
        if (d < bestD) {
          bestD = d;
          best = t;
        }
      }
      if (best < 0) return turn;
      if (uniformInt(gen, 1, 6) <= 2) continue;
      const steps = uniformInt(gen, 1, 6) + 1;
      for (let s = 0; s < steps && bestD > 1; s++) {
        hx[h] = (hx[h] as number) + Math.sign((tx[best] as number) - (hx[h] as number));
        hy[h] = (hy[h] as number) + Math.sign((ty[best] as number) - (hy[h] as number));
        bestD--;
      }
      if (bestD <= 1) {
        const ours = uniformInt(gen, 1, 6) + 1;
        const theirs = uniformInt(gen, 1, 6) + 2;
        if (ours > theirs) alive[h] = false;
        else if (theirs > ours) tw[best] = (tw[best] as number) + 1;
      }
    }
  }
  return turn;
}

export default async function fundamentalDuckMissionBench(): Promise<void> {
  let seed = 1;
  // Turns played, to compare turn by turn too: the bare loop's missions end after about 2.9
  // turns (its Harpies fall to one 4+ shot), the ruleset's clean sweep after about 13.4.
  const turns = { ours: 0, oursRuns: 0, baseline: 0, baselineRuns: 0 };
  const ours = () => {
    const played = runMission('clean-sweep', seed++).turns;
    turns.ours += played;
    turns.oursRuns++;
  };
  const gen = xoroshiro128plus(13);
  const baseline = () => {
    turns.baseline += bareMission(gen);
    turns.baselineRuns++;
  };
  // A mission is hundreds of commands: warm up longer and time longer batches (steady state).
  const r = compare(ours, baseline, { warmupMs: 3000, batchMs: 400, batches: 5 });
  report({
    bench: 'Fundamental Duck! whole missions through the ruleset vs a minimal hand-written mission loop',
    ours: r.ours,
    baseline: r.baseline,
    unit: 'missions/s',
  });
  report({
    bench: 'Fundamental Duck! mission turns through the ruleset vs the same minimal loop, turn for turn',
    ours: (r.ours * turns.ours) / turns.oursRuns,
    baseline: (r.baseline * turns.baseline) / turns.baselineRuns,
    unit: 'mission turns/s',
  });
}
