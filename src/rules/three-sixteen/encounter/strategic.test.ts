import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { legalCommands, pendingDecisions } from '../ruleset.ts';
import { fightAt, ones, TestTable } from './test-kit.ts';

function table() {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const col = t.seat('p1', 'player');
  const tpr = t.seat('p2', 'player');
  t.send(gm, { type: 'createTrooper', ownerSeatId: 'p1', name: 'Col', fa: 5, nfa: 5, rank: 7 }, ones(5));
  t.send(gm, { type: 'createTrooper', ownerSeatId: 'p2', name: 'Tpr', fa: 5, nfa: 5 }, ones(5));
  t.send(gm, { type: 'setPlanet', name: 'Goya', aa: 5, entries: { name: 6 } });
  return { t, gm, col, tpr };
}

describe('3:16 Starkiller (Colonel+)', () => {
  it('fired at the briefing: d1000 × 10 kills, a medal, the planet gone, on to a new planet', () => {
    const { t, gm, col, tpr } = table();
    expect(t.state.troopers.t1?.vehicles).toContain('starkiller');
    expect(t.refuse(tpr, { type: 'fireStarkiller', trooperId: 't2' })).toBe('RANK_TOO_LOW');
    expect(t.refuse(tpr, { type: 'fireStarkiller', trooperId: 't1' })).toBe('NOT_YOUR_TROOPER');
    expect(t.refuse(col, { type: 'fireStarkiller', trooperId: 't9' })).toBe('UNKNOWN_TROOPER');
    expect(legalCommands(t.state, col)).toContainEqual({ type: 'fireStarkiller', trooperId: 't1' });
    expect(legalCommands(t.state, tpr)).not.toContainEqual({ type: 'fireStarkiller', trooperId: 't1' });
    const before = t.state.troopers.t1?.totalKills ?? 0;
    // d1000 read from three d10s: 4, 2, 7 → 427, times 10.
    t.send(
      col,
      { type: 'fireStarkiller', trooperId: 't1', text: 'The star swells and swallows Goya.' },
      [4, 2, 7],
    );
    const c = t.state.troopers.t1;
    expect(c?.totalKills).toBe(before + 4270);
    expect(c?.killsThisMission).toBe(0);
    expect(c?.medals).toEqual([{ medal: 'crimsonSkull', count: 0 }]);
    expect(c?.vehicles).not.toContain('starkiller');
    expect(t.state.planet).toBeNull();
    expect(t.state.campaign.crossedOff.name).toEqual([6]);
    expect(t.state.campaign.phase).toBe('briefing');
    expect(pendingDecisions(t.state)).toEqual([{ seat: 'gm', kind: 'setPlanet' }]);
    // No briefing without a planet; a spent Starkiller cannot fire again.
    expect(t.refuse(gm, { type: 'briefMission', text: 'Go.' })).toBe('WRONG_PHASE');
    expect(t.refuse(col, { type: 'fireStarkiller', trooperId: 't1' })).toBe('WRONG_PHASE');
    t.send(gm, { type: 'setPlanet', name: 'Holbein', aa: 5, entries: { name: 7 } });
    expect(t.refuse(col, { type: 'fireStarkiller', trooperId: 't1' })).toBe('NOT_AVAILABLE');
    t.send(gm, { type: 'briefMission', text: 'Go.' });
    expect(t.refuse(col, { type: 'fireStarkiller', trooperId: 't1' })).toBe('WRONG_PHASE');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});

describe('3:16 The Device (Brigadier)', () => {
  it('ends the campaign: every trooper dead, no kills counted', () => {
    const { t, gm, players } = fightAt('near', [
      { name: 'Brig', fa: 5, nfa: 5, rank: 8 },
      { name: 'Tpr', fa: 5, nfa: 5 },
    ]);
    const [brig, tpr] = players as [typeof gm, typeof gm];
    expect(t.refuse(tpr, { type: 'activateDevice', trooperId: 't2' })).toBe('RANK_TOO_LOW');
    expect(t.refuse(tpr, { type: 'activateDevice', trooperId: 't1' })).toBe('NOT_YOUR_TROOPER');
    expect(legalCommands(t.state, brig)).toContainEqual({ type: 'activateDevice', trooperId: 't1' });
    const kills = t.state.troopers.t1?.totalKills;
    const threat = t.state.planet?.threat;
    const inFight = t.state.encounter?.tokens ?? 0;
    expect(inFight).toBeGreaterThan(0);
    t.send(brig, { type: 'activateDevice', trooperId: 't1' });
    expect(t.state.campaign.phase).toBe('over');
    expect(t.state.encounter).toBeNull();
    // The fight's tokens are discarded with it (found by random play: they used to vanish).
    expect(t.state.planet?.threat.discarded).toBe((threat?.discarded ?? 0) + inFight);
    expect(t.state.planet?.threat.pool).toBe(threat?.pool);
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.troopers.t2?.status).toBe('dead');
    expect(t.state.troopers.t1?.totalKills).toBe(kills);
    expect(t.refuse(brig, { type: 'activateDevice', trooperId: 't1' })).toBe('WRONG_PHASE');
    expect(pendingDecisions(t.state)).toEqual([]);
  });

  it('is never the GM’s to fire for an NPC Brigadier', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    t.send(
      gm,
      { type: 'createTrooper', ownerSeatId: null, name: 'NPC Brig', fa: 5, nfa: 5, rank: 8 },
      ones(5),
    );
    t.send(gm, { type: 'setPlanet', name: 'X', aa: 5 });
    expect(t.refuse(gm, { type: 'activateDevice', trooperId: 't1' })).toBe('NOT_AVAILABLE');
  });
});
