import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnyRuleset } from '../engine/ruleset.ts';
import { diceChat } from '../rules/dice-chat/dice-chat.ts';
import type { RulesRegistry, RunningServer } from './app.ts';
import { CAMPAIGN_CHUNK, MAX_CAMPAIGN_BYTES, MAX_CAMPAIGN_EVENTS } from './campaign-file.ts';
import { memoryBackend } from './test-backends.ts';
import { GENEROUS_LIMITS, http, serverOn } from './test-kit.ts';

/**
 * Issue 20, finding 2: a campaign import is read beside the tables the server runs, never instead
 * of them. The ruleset here counts its evolve calls, so the test knows how far the import's
 * replay is: it asks /healthz once the replay is under way and checks the answer comes while the
 * replay still runs, a few chunks later (no clock involved). Before, the whole replay ran in one
 * turn of the loop: /healthz waited for all of it, then for the answer to the import.
 */

let evolved = 0;
const counting: AnyRuleset = {
  ...(diceChat as unknown as AnyRuleset),
  evolve(state, event) {
    evolved++;
    if (evolved === probeAt) probe = onProbe();
    return diceChat.evolve(state as never, event as never);
  },
};
const registry: RulesRegistry = {
  systems: [{ id: 'counted', title: 'Dice chat, counted', playable: false }],
  rulesetFor: (system) => (system === 'counted' ? counting : null),
};

let base = '';
let probeAt = -1;
let probe: Promise<{ evolvedAtAnswer: number; status: number; text: string }> | null = null;
let onProbe = () => request('GET', '/healthz');
async function request(method: string, path: string, body?: string) {
  const r = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined ? {} : { body, headers: { 'content-type': 'application/json' } }),
  });
  const text = await r.text();
  return { evolvedAtAnswer: evolved, status: r.status, text };
}

/** The biggest file the server takes: as many short events as fit under the byte cap. */
function maximalCampaign(): { text: string; events: number } {
  const at = '2026-11-26T06:00:00.000Z';
  const parts: string[] = [
    JSON.stringify({
      seq: 1,
      at,
      by: null,
      commandId: null,
      event: { type: 'seat.joined', seatId: 'sGm', role: 'gm', name: 'GM' },
    }),
  ];
  let bytes = 200;
  for (let seq = 2; seq <= MAX_CAMPAIGN_EVENTS; seq++) {
    const line = JSON.stringify({
      seq,
      at,
      by: 'sGm',
      commandId: `c${seq}`,
      event: { type: 'chat.said', by: 'sGm', text: `line ${seq}` },
    });
    if (bytes + line.length + 1 > MAX_CAMPAIGN_BYTES) break;
    bytes += line.length + 1;
    parts.push(line);
  }
  const head = JSON.stringify({ table: { system: 'counted', name: 'Long campaign' } }).slice(0, -1);
  return { text: `${head},"events":[${parts.join(',')}]}`, events: parts.length };
}

describe('a maximal import does not stall the server', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await serverOn(memoryBackend(), { rules: registry, limits: GENEROUS_LIMITS });
    base = server.url;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers /healthz within a few chunks of the replay while the import runs', async () => {
    const file = maximalCampaign();
    expect(file.text.length).toBeLessThanOrEqual(MAX_CAMPAIGN_BYTES);
    evolved = 0;
    // Past the first chunk: the upload and the parse are over, the replay is under way.
    probeAt = CAMPAIGN_CHUNK + 1;
    let evolvedAtImportAnswer = -1;
    const imported = http<{ headSeq: number }>(base, 'POST', '/api/tables/import', file.text).then((r) => {
      evolvedAtImportAnswer = evolved;
      return r;
    });
    const answer = await imported;
    expect(answer.status, JSON.stringify(answer.body).slice(0, 300)).toBe(201);
    expect(answer.body.headSeq).toBe(file.events);
    expect(probe).not.toBeNull();
    const health = await (probe as unknown as Promise<{ evolvedAtAnswer: number; status: number }>);
    expect(health.status).toBe(200);
    // /healthz was answered while the replay still ran (not after it, nor after the import's answer)…
    expect(health.evolvedAtAnswer).toBeLessThan(file.events);
    expect(health.evolvedAtAnswer).toBeLessThan(evolvedAtImportAnswer);
    // …and within a few turns of the loop: each turn replays at most one chunk.
    const chunksWaited = Math.ceil((health.evolvedAtAnswer - probeAt) / CAMPAIGN_CHUNK);
    expect(chunksWaited).toBeLessThanOrEqual(4);
    process.stdout.write(
      `maximal import: ${file.events} events, ${(file.text.length / 2 ** 20).toFixed(1)} MiB; /healthz answered ${chunksWaited} chunk(s) after it was asked\n`,
    );
  });
});

describe('imports are bounded by rate and by how many run at once', () => {
  it('refuses an import with BUSY (503) while another runs, and RATE_LIMITED (429) past the rate', async () => {
    const limited = await serverOn(memoryBackend(), {
      rules: registry,
      limits: {
        ...GENEROUS_LIMITS,
        maxConcurrentCampaignFiles: 1,
        campaignFilesPerMinute: 0.001,
        campaignFileBurst: 3,
      },
    });
    base = limited.url;
    try {
      const file = maximalCampaign();
      evolved = 0;
      probeAt = CAMPAIGN_CHUNK + 1;
      onProbe = () => request('POST', '/api/tables/import', '{}');
      const first = await http(base, 'POST', '/api/tables/import', file.text);
      expect(first.status).toBe(201);
      const second = await (probe as unknown as Promise<{ status: number; text: string }>);
      expect(second.status).toBe(503);
      expect(JSON.parse(second.text)).toMatchObject({ error: { code: 'BUSY' } });
      // The burst of 3 is spent (the big import, the refused one): the next is the last allowed.
      const third = await http<{ error: { code: string } }>(base, 'POST', '/api/tables/import', '{}');
      expect(third.body.error.code).toBe('IMPORT_INVALID');
      const fourth = await http<{ error: { code: string } }>(base, 'POST', '/api/tables/import', '{}');
      expect(fourth.status).toBe(429);
      expect(fourth.body.error.code).toBe('RATE_LIMITED');
      expect(fourth.headers.get('retry-after')).toBeTruthy();
    } finally {
      await limited.close();
    }
  });
});
