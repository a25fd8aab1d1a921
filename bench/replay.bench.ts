import { SeededDice } from '../src/engine/dice/source.ts';
import { rollNotation } from '../src/engine/notation/index.ts';
import { replay } from '../src/engine/replay.ts';
import type { AnyRuleset } from '../src/engine/ruleset.ts';
import { diceChat } from '../src/rules/dice-chat/dice-chat.ts';
import { threeSixteen } from '../src/rules/three-sixteen/index.ts';
import { compare, report } from './harness.ts';

const EVENTS = 100_000;

type LogEvent = { readonly type: string } & Record<string, unknown>;

/**
 * Replaying a long log against reading it: folding 100,000 events through a ruleset's evolve vs
 * `JSON.parse` of the same log's text (issue 20's goal: within 5×). Before `fold.ts` every event
 * copied the whole chat or story log, so this fold was quadratic (minutes, not milliseconds).
 */
function chatLog(): LogEvent[] {
  const dice = new SeededDice(20);
  const events: LogEvent[] = [
    { type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'GM' },
    { type: 'seat.joined', seatId: 'sP1', role: 'player', name: 'Ann' },
  ];
  let rolls = 0;
  while (events.length < EVENTS) {
    const i = events.length;
    if (i % 3 === 0) {
      rolls++;
      const result = rollNotation('3d6+2', dice);
      const visibility = i % 9 === 0 ? 'blind' : 'public';
      events.push({
        type: 'chat.rolled',
        rollId: `r${rolls}`,
        by: 'sP1',
        notation: result.notation,
        visibility,
        result,
      });
    } else if (i % 9 === 1 && rolls > 0) {
      const result = rollNotation('1d6', dice);
      events.push({ type: 'chat.revealed', rollId: `r${Math.ceil(rolls / 2)}`, by: 'sGm', result });
    } else {
      events.push({ type: 'chat.said', by: i % 2 ? 'sGm' : 'sP1', text: `line ${i}: the squad moves up` });
    }
  }
  return events;
}

function storyLog(): LogEvent[] {
  const events: LogEvent[] = [{ type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'GM' }];
  while (events.length < EVENTS) {
    const i = events.length;
    if (i % 3 === 0) events.push({ type: 'gm.noted', text: `note ${i}`, by: 'sGm' });
    else if (i % 3 === 1)
      events.push({ type: 'narration', actor: 'gm', text: `the dropship lands (${i})`, secret: false });
    else events.push({ type: 'chat.said', by: 'sGm', text: `line ${i}` });
  }
  return events;
}

function bench(name: string, rules: AnyRuleset, events: readonly LogEvent[]): void {
  const text = JSON.stringify(events);
  const parsed = JSON.parse(text) as LogEvent[];
  const { ours, baseline } = compare(
    () => replay(rules, {}, parsed),
    () => JSON.parse(text),
    { warmupMs: 1000, batchMs: 400, batches: 5 },
  );
  // Reported as logs per second, so the ratio is how many times slower a replay is than a parse.
  report({ bench: name, ours, baseline, unit: 'logs/s (100,000 events)' });
}

export default async function replayBench(): Promise<void> {
  bench(
    'replay 100k dice-chat events vs JSON.parse of the log',
    diceChat as unknown as AnyRuleset,
    chatLog(),
  );
  bench(
    'replay 100k 3:16 log/notes/chat events vs JSON.parse of the log',
    threeSixteen as unknown as AnyRuleset,
    storyLog(),
  );
}
