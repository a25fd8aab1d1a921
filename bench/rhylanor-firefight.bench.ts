import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { SeededDice } from '../src/engine/dice/source.ts';
import { defaultPack } from '../src/rules/rhylanor-express/data/pack.ts';
import { fightFirefight, firefightStart } from '../src/rules/rhylanor-express/simulate-personal.ts';
import { compare, report } from './harness.ts';

/**
 * Rhylanor Express firefights: the pack's "Starport brawl" played by the simulator's policy
 * through the real ruleset, against a minimal hand-written loop of the same fight (two against
 * two at 80 m, the crew walking into the pallets' cover, aimed 2d6 shots with a DM against the
 * range band's number, a wound roll per hit, a man down on a serious wound, a side out when both
 * are down), measured in the same run.
 */

const START = firefightStart(defaultPack, defaultPack.scenarios[0] as (typeof defaultPack.scenarios)[number]);
const fight = fightFirefight;

export function bareFirefight(gen: ReturnType<typeof xoroshiro128plus>): number {
  const d6 = () => uniformInt(gen, 1, 6);
  // Per man: side, x, DM, cover, effective/long range, fit.
  const men = [
    { side: 0, x: 0, dm: 1, cover: 0, eff: 100, long: 300, up: true },
    { side: 0, x: 0, dm: 0, cover: 0, eff: 25, long: 50, up: true },
    { side: 1, x: 80, dm: 0, cover: 1, eff: 50, long: 150, up: true },
    { side: 1, x: 80, dm: 0, cover: 1, eff: 50, long: 150, up: true },
  ];
  for (let turn = 1; turn <= 20; turn++) {
    for (let side = 0; side < 2; side++) {
      for (const m of men) {
        if (m.side !== side || !m.up) continue;
        if (side === 0 && m.x < 12) {
          m.x = 12;
          m.cover = 2;
          continue;
        }
        const foe = men.find((f) => f.side !== side && f.up);
        if (!foe) return turn;
        const d = Math.abs(foe.x - m.x);
        const target = d <= m.eff ? 8 : d <= m.long ? 10 : 12;
        if (d6() + d6() + m.dm - foe.cover < target) continue;
        if (d6() + d6() >= 10) foe.up = false;
      }
      if (!men.some((f) => f.side !== side && f.up)) return turn;
    }
  }
  return 20;
}

export default async function run(): Promise<void> {
  const dice = new SeededDice(1);
  const gen = xoroshiro128plus(1);
  const r = compare(
    () => fight(START, dice).turns,
    () => bareFirefight(gen),
    { warmupMs: 3000, batchMs: 250, batches: 7 },
  );
  report({
    bench:
      'Rhylanor firefights: the Starport brawl through the rules (simulator policy) vs a minimal hand-written loop of the same fight',
    ours: r.ours,
    baseline: r.baseline,
    unit: 'fights/s',
  });
}
