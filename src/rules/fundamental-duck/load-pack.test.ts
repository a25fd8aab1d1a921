import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import { stateHash } from '../../engine/state-hash.ts';
import defaultPackJson from './data/default-pack.json' with { type: 'json' };
import { fdEventSchemas } from './event-schemas.ts';
import { fundamentalDuck as fd } from './index.ts';
import { GM, PLAYER, Table } from './test-kit.ts';

/** The starter pack with its first mission and Teamer renamed: another pack, still valid. */
function otherPack(): Record<string, unknown> {
  const p = structuredClone(defaultPackJson) as unknown as {
    id: string;
    name: string;
    missions: { id: string; name: string }[];
    team: { teamers: { name: string }[] };
  };
  p.id = 'other-pack';
  p.name = 'Other pack';
  const first = p.missions[0];
  if (first) first.name = 'A quiet sweep';
  const lead = p.team.teamers[0];
  if (lead) lead.name = 'Boss';
  return p as unknown as Record<string, unknown>;
}

function refusal(f: () => unknown): { code: string; message: string } {
  try {
    f();
  } catch (e) {
    if (isRuleError(e)) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

describe('loading a data pack at the briefing', () => {
  it('starts the briefing over on the new pack, keeping the seats, and replays from the log', () => {
    const t = new Table(new SeededDice(3));
    t.send({ type: 'chat.say', text: 'hello' } as never, PLAYER);
    t.send({ type: 'loadPack', pack: otherPack() }, GM);
    expect(t.state.rules.pack.id).toBe('other-pack');
    expect(t.state.rules.missions[0]?.name).toBe('A quiet sweep');
    expect(Object.values(t.state.teamers).some((m) => m.name === 'Boss')).toBe(true);
    expect(t.state.phase).toBe('briefing');
    expect(t.state.chat.entries.length).toBe(1);
    // The event passes the import's schema, and the log alone rebuilds the table.
    const loaded = t.log.find((e) => e.type === 'pack.loaded');
    expect(fdEventSchemas['pack.loaded']?.safeParse(loaded).success).toBe(true);
    t.send({ type: 'board' }, PLAYER);
    let s = fd.setup({});
    for (const e of t.log) s = fd.evolve(s, e);
    expect(stateHash(s)).toBe(stateHash(t.state));
  });

  it('refuses a broken pack whole, naming each problem, and changes nothing', () => {
    const t = new Table(new SeededDice(3));
    const before = stateHash(t.state);
    const bad = otherPack();
    (bad as { weapons: unknown }).weapons = 'none';
    delete (bad as { missions?: unknown }).missions;
    const r = refusal(() => t.send({ type: 'loadPack', pack: bad }, GM));
    expect(r.code).toBe('PACK_INVALID');
    expect(r.message).toMatch(/weapons/);
    expect(r.message).toMatch(/missions/);
    expect(refusal(() => t.send({ type: 'loadPack', pack: 'not a pack' }, GM)).code).toBe('PACK_INVALID');
    expect(stateHash(t.state)).toBe(before);
  });

  it('is for the briefing only: not once boarded, nor for a spectator', () => {
    const t = new Table(new SeededDice(3));
    t.send({ type: 'board' }, PLAYER);
    const before = stateHash(t.state);
    expect(refusal(() => t.send({ type: 'loadPack', pack: otherPack() }, GM)).code).toBe('WRONG_PHASE');
    expect(
      refusal(() => t.send({ type: 'loadPack', pack: otherPack() }, { seatId: 's', role: 'spectator' })).code,
    ).toBe('ROLE_NOT_ALLOWED');
    expect(stateHash(t.state)).toBe(before);
  });
});
