/**
 * Old 3:16 logs fold to the same states: a check across two checkouts, for changes to `evolve`
 * (or anything it calls) that must not change what a log means.
 *
 *   node --import tsx bench/three-sixteen-replay-check.ts make DIR [--seeds 40] [--steps 3000]
 *     (in the checkout BEFORE the change) writes one file per seed to DIR: the events of a random
 *     legal game (`randomLog`) and the fingerprint of the state after every event;
 *   node --import tsx bench/three-sixteen-replay-check.ts check DIR
 *     (in the checkout AFTER it) folds every stored log through this checkout's ruleset and names
 *     the first event whose state differs, per log. Exit code 1 on any difference.
 *
 * The fingerprint covers the whole state but the log's old lines: it takes the log's length and the
 * lines each event added, so every line is compared once without hashing a growing log each time.
 * Not a test: the logs must come from the code before the change, which a test cannot check out.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { canonicalJson } from '../src/engine/canonical-json.ts';
import type { TableEvent } from '../src/engine/ruleset.ts';
import type { ThreeSixteenEvent } from '../src/rules/three-sixteen/events.ts';
import { randomLog } from '../src/rules/three-sixteen/random-log.ts';
import { threeSixteen } from '../src/rules/three-sixteen/ruleset.ts';
import type { ThreeSixteenState } from '../src/rules/three-sixteen/state.ts';

type Event = ThreeSixteenEvent | TableEvent;

interface StoredLog {
  readonly seed: number;
  readonly events: readonly Event[];
  /** The fingerprint after each event, in order. */
  readonly prints: readonly string[];
}

/** Fingerprints of the states after each event of a log, folded through this checkout's rules. */
function printsOf(events: readonly Event[]): string[] {
  let state: ThreeSixteenState = threeSixteen.setup({});
  let logLength = state.log.length;
  const prints: string[] = [];
  for (const e of events) {
    state = threeSixteen.evolve(state, e);
    const { log, ...rest } = state;
    const added = log.slice(logLength);
    logLength = log.length;
    const text = canonicalJson({ rest, logLength, added });
    prints.push(createHash('sha1').update(text).digest('hex').slice(0, 16));
  }
  return prints;
}

function flag(args: readonly string[], name: string, fallback: number): number {
  const at = args.indexOf(name);
  if (at < 0) return fallback;
  const value = Number(args[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} needs a positive whole number`);
  return value;
}

function make(dir: string, args: readonly string[]): void {
  const seeds = flag(args, '--seeds', 40);
  const steps = flag(args, '--steps', 3000);
  mkdirSync(dir, { recursive: true });
  let total = 0;
  for (let seed = 1; seed <= seeds; seed++) {
    const { events } = randomLog(seed, steps);
    const stored: StoredLog = { seed, events, prints: printsOf(events) };
    writeFileSync(join(dir, `seed-${seed}.json`), JSON.stringify(stored));
    total += events.length;
  }
  console.log(`made ${seeds} logs, ${total} events, in ${dir}`);
}

function check(dir: string): boolean {
  let total = 0;
  let differing = 0;
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  if (files.length === 0) throw new Error(`no logs in ${dir}: run "make" in the checkout before the change`);
  for (const file of files.sort()) {
    const stored = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredLog;
    const prints = printsOf(stored.events);
    total += stored.events.length;
    const at = prints.findIndex((p, i) => p !== stored.prints[i]);
    if (at >= 0) {
      differing++;
      const event = stored.events[at] as Event;
      console.log(`${file}: first differs after event ${at} (${event.type})`);
    }
  }
  console.log(
    differing === 0
      ? `SAME: ${files.length} logs, ${total} events`
      : `DIFFERENT: ${differing} of ${files.length} logs`,
  );
  return differing === 0;
}

const [verb, dir, ...rest] = process.argv.slice(2);
if (verb === 'make' && dir) make(dir, rest);
else if (verb === 'check' && dir) process.exitCode = check(dir) ? 0 : 1;
else {
  console.error('usage: three-sixteen-replay-check.ts make DIR [--seeds N] [--steps N] | check DIR');
  process.exitCode = 2;
}
