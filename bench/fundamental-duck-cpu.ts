/**
 * CPU time of whole simulated Fundamental Duck! missions on the main thread (not a bench of
 * `npm run bench`: no baseline, one number to compare between two versions of the code in
 * alternating runs on a loaded machine, where wall clock swings by several times).
 *
 *   node --import tsx bench/fundamental-duck-cpu.ts [mission] [missions] [warm-up]
 *
 * Prints one JSON line: CPU µs of the main thread per mission, command and event (harness.ts
 * `mainThreadCpuMs`: time a few seconds at least).
 */
import { runMission } from '../src/rules/fundamental-duck/simulate/run.ts';
import { mainThreadCpuMs, reportCpu } from './harness.ts';

const mission = process.argv[2] ?? 'clean-sweep';
const n = Number(process.argv[3] ?? 60);
const warm = Number(process.argv[4] ?? 10);
for (let s = 1; s <= warm; s++) runMission(mission, 1000 + s);
let commands = 0;
let events = 0;
const cpu0 = mainThreadCpuMs();
const wall0 = performance.now();
for (let s = 1; s <= n; s++) {
  const r = runMission(mission, s);
  commands += r.commands;
  events += r.events;
}
const cpuMs = mainThreadCpuMs() - cpu0;
const wallMs = performance.now() - wall0;
reportCpu({
  mission,
  missions: n,
  cpuMsPerMission: +(cpuMs / n).toFixed(2),
  cpuUsPerCommand: +((cpuMs * 1000) / commands).toFixed(1),
  cpuUsPerEvent: +((cpuMs * 1000) / events).toFixed(1),
  wallMsPerMission: +(wallMs / n).toFixed(2),
  commands,
  events,
});
