/**
 * Two versions of the Fundamental Duck! simulator in one process, alternating batches of the same
 * seeds, main-thread CPU per side. On a loaded machine separate processes swing by 15-30% from run
 * to run (`fundamental-duck-cpu.ts`); batches side by side in one process see the same load, so a
 * change of a few per cent shows (run the same bundle twice, A against a copy of A, to see the
 * noise: about 3% at load 20-40).
 *
 *   npx esbuild <a file exporting runMission> --bundle --platform=node --format=esm --outfile=a.mjs
 *   (the same for the other version, to b.mjs; two copies of one bundle for the control)
 *   node --import tsx bench/fundamental-duck-ab.ts /abs/a.mjs /abs/b.mjs [rounds] [missions a batch]
 *
 * Each round plays one batch on each side, the side going first alternating. Prints one JSON line:
 * CPU ms a mission per side, their ratio (A / B: above 1, B is faster), and whether both sides sent
 * the same events (they must, for a change that keeps the dice).
 */
import { mainThreadCpuMs, reportCpu } from './harness.ts';

type RunMission = (mission: string, seed: number) => { readonly events: number };

async function load(path: string | undefined): Promise<RunMission> {
  if (!path) throw new Error('usage: fundamental-duck-ab.ts <a.mjs> <b.mjs> [rounds] [batch]');
  const m = (await import(path)) as { runMission?: RunMission };
  if (typeof m.runMission !== 'function') throw new Error(`${path} exports no runMission`);
  return m.runMission;
}

const a = await load(process.argv[2]);
const b = await load(process.argv[3]);
const rounds = Number(process.argv[4] ?? 16);
const batch = Number(process.argv[5] ?? 8);
const mission = 'clean-sweep';
for (let s = 1; s <= 8; s++) {
  a(mission, 1000 + s);
  b(mission, 1000 + s);
}
const cpu = { a: 0, b: 0 };
const events = { a: 0, b: 0 };
for (let r = 0; r < rounds; r++) {
  const order: ['a' | 'b', RunMission][] =
    r % 2 === 0
      ? [
          ['a', a],
          ['b', b],
        ]
      : [
          ['b', b],
          ['a', a],
        ];
  for (const [side, run] of order) {
    const c0 = mainThreadCpuMs();
    for (let i = 0; i < batch; i++) events[side] += run(mission, r * batch + i + 1).events;
    cpu[side] += mainThreadCpuMs() - c0;
  }
}
const missions = rounds * batch;
reportCpu({
  aCpuMsPerMission: +(cpu.a / missions).toFixed(2),
  bCpuMsPerMission: +(cpu.b / missions).toFixed(2),
  ratio: +(cpu.a / cpu.b).toFixed(3),
  missions,
  sameEvents: events.a === events.b,
});
