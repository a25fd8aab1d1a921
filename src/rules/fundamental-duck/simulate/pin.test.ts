import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Die } from '../../../engine/dice/die.ts';
import { type DiceSource, SeededDice } from '../../../engine/dice/source.ts';
import { defaultPack } from '../data/pack.ts';
import type { FdEvent } from '../events.ts';
import { runMission } from './run.ts';

/**
 * The simulator's speed work must not change a single roll: for each mission of the default pack
 * and many seeds, the dice asked for (purpose and face, in order), the events and the outcome are
 * pinned to what the command path gave before it (`pin-fixture.json`, written by the code before
 * the speed work; `FD_PIN_WRITE=1` writes it again, only when a rules change means to move them; then run
 * `npx biome format --write` on the fixture, as lint checks its layout).
 */

const FIXTURE = new URL('./pin-fixture.json', import.meta.url);
const SEEDS = 10;

/** The seed's generator, with every roll it answers noted as `purpose=face`. */
class WatchedDice implements DiceSource {
  readonly rolls: string[] = [];
  private readonly inner: SeededDice;
  constructor(seed: number) {
    this.inner = new SeededDice(seed);
  }
  roll(die: Die, purpose: string): number {
    const face = this.inner.roll(die, purpose);
    this.rolls.push(`${die.name}:${purpose}=${face}`);
    return face;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

interface Pinned {
  readonly mission: string;
  readonly seed: number;
  readonly rolls: number;
  readonly dice: string;
  readonly events: string;
  readonly result: ReturnType<typeof runMission>;
}

function play(mission: string, seed: number): Pinned {
  const dice = new WatchedDice(seed);
  const log: FdEvent[] = [];
  const result = runMission(mission, seed, 40, 20_000, {}, log, undefined, dice);
  return {
    mission,
    seed,
    rolls: dice.rolls.length,
    dice: digest(dice.rolls.join('\n')),
    events: digest(JSON.stringify(log)),
    result,
  };
}

describe('the simulator against its pinned dice', () => {
  it('draws the same dice for the same purposes and reaches the same outcome, every mission', () => {
    const now: Pinned[] = [];
    for (const m of defaultPack.missions) for (let s = 1; s <= SEEDS; s++) now.push(play(m.id, s));
    if (process.env.FD_PIN_WRITE === '1') writeFileSync(FIXTURE, `${JSON.stringify(now, null, 1)}\n`);
    const pinned = JSON.parse(readFileSync(FIXTURE, 'utf8')) as Pinned[];
    expect(now).toEqual(pinned);
  });
});
