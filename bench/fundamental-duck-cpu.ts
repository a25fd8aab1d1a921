/**
 * CPU time of whole simulated Fundamental Duck! missions on the main thread (not a bench of
 * `npm run bench`: no baseline, one number to compare between two versions of the code in
 * alternating runs on a loaded machine, where wall clock swings by several times).
 *
 *   node --import tsx bench/fundamental-duck-cpu.ts [mission] [missions] [warm-up]
 *
 * Prints one JSON line: CPU µs of the main thread per mission, command and event (from
 * /proc/self/task/<pid>/stat, so the garbage collector's and compiler's helper threads are not
 * counted; its tick is 10 ms, so time a few seconds at least).
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { runMission } from '../src/rules/fundamental-duck/simulate/run.ts';

function mainThreadCpuMs(): number {
  const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks * 10;
}

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
process.stdout.write(
  `${JSON.stringify({
    mission,
    missions: n,
    cpuMsPerMission: +(cpuMs / n).toFixed(2),
    cpuUsPerCommand: +((cpuMs * 1000) / commands).toFixed(1),
    cpuUsPerEvent: +((cpuMs * 1000) / events).toFixed(1),
    wallMsPerMission: +(wallMs / n).toFixed(2),
    commands,
    events,
    load: loadavg().map((l) => +l.toFixed(2)),
  })}\n`,
);
