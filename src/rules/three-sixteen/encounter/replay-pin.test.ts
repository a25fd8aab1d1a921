import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomLog } from '../random-log.ts';
import { threeSixteen } from '../ruleset.ts';

/**
 * Old logs replay to the same states as `evolve`'s reducers move onto the record (issue 21 item 1):
 * a log of random legal play, folded event by event, hashes the encounter, the troopers and the
 * planet after every event to the digest the state-copying reducers gave (worked out with the code
 * before the turns, Strength and Weakness moved: 1,467 events, 23 turns, a Strength, three
 * Weaknesses). A change that alters a state on purpose updates the digest and says why.
 */
describe('3:16 replay pin', () => {
  it('folds a random log to the same states after every event as before', () => {
    const { events } = randomLog(316, 1500);
    let state = threeSixteen.setup({});
    const h = createHash('sha256');
    for (const e of events) {
      state = threeSixteen.evolve(state, e);
      h.update(JSON.stringify([state.encounter, state.troopers, state.planet]));
    }
    expect(events.length).toBe(1467);
    expect(h.digest('hex').slice(0, 20)).toBe('768c32673eae757e9e0c');
  });
});
