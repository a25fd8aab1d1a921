/**
 * BENCH_VS_PROFILE=DIR: a server of the boardgame.io bench records a CPU profile of the measured
 * window only (not its start-up or the tables' creation). The load generator sends SIGUSR2 when
 * its warm-up ends; `saveProfile`, called on SIGTERM, writes `DIR/<name>-<pid>.cpuprofile`
 * (open it in Chrome's DevTools, or read its samples).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

const dir = process.env.BENCH_VS_PROFILE;
let session: Session | null = null;

if (dir) {
  process.once('SIGUSR2', () => {
    session = new Session();
    session.connect();
    void session.post('Profiler.enable').then(() => session?.post('Profiler.start'));
  });
}

/** Stops the profile started on SIGUSR2 (if any) and writes it. */
export async function saveProfile(name: string): Promise<void> {
  if (!dir || !session) return;
  const { profile } = await session.post('Profiler.stop');
  writeFileSync(join(dir, `${name}-${process.pid}.cpuprofile`), JSON.stringify(profile));
  session.disconnect();
}
