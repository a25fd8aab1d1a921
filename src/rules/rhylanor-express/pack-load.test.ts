import { describe, expect, it } from 'vitest';
import { refusalCode } from '../../engine/test-kit.ts';
import { defaultPack } from './data/pack.ts';
import { type RhylanorState, rhylanorExpress } from './ruleset.ts';
import { fresh, of, PLAYER, play, startDuel } from './test-kit.ts';

/** `pack.load`: the referee swaps the data pack between fights, as a bulk command. */

/** The default pack with one more lock (a secret pick number) and a renamed rifle. */
function editedPack() {
  return {
    ...defaultPack,
    locks: [...defaultPack.locks, { id: 'vault', name: 'Vault door', kind: 'mechanical', pick: 13 }],
    weapons: defaultPack.weapons.map((w) => (w.id === 'rifle' ? { ...w, name: 'Long rifle' } : w)),
  };
}

function unchanged(s: RhylanorState, command: unknown, actor = PLAYER): string {
  const before = JSON.stringify(s);
  const code = refusalCode(() => play(s, command, [], actor));
  expect(JSON.stringify(s)).toBe(before);
  return code;
}

describe('pack.load', () => {
  it('is a bulk command of the referee: the new pack replaces the old, players see it without its secrets', () => {
    expect(rhylanorExpress.bulkCommands).toContain('pack.load');
    const s = fresh();
    const load = { type: 'pack.load', pack: editedPack() };
    expect(unchanged(s, load, PLAYER)).toBe('ROLE_NOT_ALLOWED');
    const r = play(s, load);
    expect(r.state.pack.locks.find((l) => l.id === 'vault')?.pick).toBe(13);
    expect(r.state.pack.weapons.find((w) => w.id === 'rifle')?.name).toBe('Long rifle');
    // The vault's pick number stays with the referee: in the event a player receives and in his view.
    const event = of(r.events, 'pack.loaded')[0];
    const seen = JSON.stringify(rhylanorExpress.redact(event as never, PLAYER));
    expect(seen).toContain('Vault door');
    expect(seen).not.toContain('"pick"');
    expect(JSON.stringify(rhylanorExpress.view(r.state, PLAYER))).not.toContain('"pick"');
    // An honest log with the load replays to the same state.
    const replayed = r.events.reduce((st, e) => rhylanorExpress.evolve(st, e), s);
    expect(replayed).toEqual(r.state);
  });

  it('refuses a bad pack whole, naming its problems, with nothing changed', () => {
    const s = fresh();
    const bad = { ...defaultPack, weapons: [{ id: 'x' }] };
    expect(unchanged(s, { type: 'pack.load', pack: bad }, { seatId: 'gm', role: 'gm' })).toBe('PACK_INVALID');
  });

  it('refuses mid-fight, mid-battle, and a pack lacking what the table holds', () => {
    const gm = { seatId: 'gm', role: 'gm' } as const;
    let s = fresh();
    s = play(s, { type: 'character.create', sheet: 'okonkwo', owner: 'p1' }).state;
    s = play(s, { type: 'character.create', sheet: 'starport-guard' }).state;
    s = play(s, { type: 'machine.add', kind: 'vehicle', packId: 'atv' }).state;
    const lacking = { ...defaultPack, vehicles: defaultPack.vehicles.filter((v) => v.id !== 'atv') };
    expect(unchanged(s, { type: 'pack.load', pack: lacking }, gm)).toBe('PACK_IN_USE');
    const fight = startDuel(s, 60);
    expect(unchanged(fight, { type: 'pack.load', pack: editedPack() }, gm)).toBe('PACK_MID_FIGHT');
    const battle = play(s, { type: 'space.scenario.load', scenario: 'Standard meeting' }).state;
    expect(unchanged(battle, { type: 'pack.load', pack: editedPack() }, gm)).toBe('PACK_MID_BATTLE');
    const ended = play(battle, { type: 'space.battle.end' }).state;
    expect(refusalCode(() => play(ended, { type: 'pack.load', pack: editedPack() }))).toBe('accepted');
    // An imported log cannot slip a pack into a running fight either.
    const event = { type: 'pack.loaded', pack: defaultPack } as const;
    expect(rhylanorExpress.eventProblem?.(fight, event)).toMatch(/fight/);
  });
});
