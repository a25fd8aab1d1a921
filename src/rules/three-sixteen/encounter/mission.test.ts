import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { endAndDebrief, settleLevels } from '../campaign/test-kit.ts';
import { squadThreat } from './mission.ts';
import { buildTrooper } from './roster.ts';
import { TestTable } from './test-kit.ts';

describe('3:16 setting a planet', () => {
  it('reads the AA method from the PCs only; NPC squad members count for Threat', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    // A GM-run squad member with FA 2: method 1 (lowest FA) would read 2 if it counted.
    t.send(gm, { type: 'createTrooper', ownerSeatId: null, name: 'Pvt Dummy', fa: 2, nfa: 8 }, [1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'Kalta', aaMethod: 1 });
    expect(t.state.planet).toMatchObject({ aa: 5, threat: { initial: 10 } });
  });

  it('a squad of NPCs alone stands in for its own PCs', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    t.send(gm, { type: 'createTrooper', ownerSeatId: null, name: 'Pvt Dummy', fa: 3, nfa: 7 }, [1, 1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'Kalta', aaMethod: 1 });
    expect(t.state.planet?.aa).toBe(3);
  });
});

describe('3:16 a new planet', () => {
  it('resets armour, per-planet uses and Lasting Wounds, and opens the mission record afresh', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'First', aa: 5 });
    t.send(gm, { type: 'briefMission', text: '' });
    // What a mission leaves on her: armour spent, a Lasting Wound, kills and flags.
    const before = t.state.troopers.t1;
    if (!before) throw new Error('no trooper');
    t.state = {
      ...t.state,
      troopers: {
        ...t.state.troopers,
        t1: {
          ...before,
          armour: 'used',
          lastingWounds: 1,
          health: ['X', null, null],
          killsThisMission: 7,
          planetUses: { ...before.planetUses, dropShipArmourUsed: true },
          missionFlags: { ...before.missionFlags, usedStrength: true, woundsTaken: 2 },
        },
      },
    };
    t.send(gm, { type: 'endMission' });
    t.send(gm, { type: 'debrief' });
    t.send(gm, { type: 'rollLevels' });
    t.send(gm, { type: 'takeLevel', trooperId: 't1', ability: 'nfa', slot: 'strength' });
    t.send(gm, { type: 'setPlanet', name: 'Second', aa: 5 });
    const after = t.state.troopers.t1;
    expect(after).toMatchObject({ armour: 'available', lastingWounds: 0, killsThisMission: 0 });
    expect(after?.planetUses).toEqual(before.planetUses);
    expect(after?.missionFlags).toEqual(before.missionFlags);
  });
});

/** A squad back from its first planet (Goya: ambush, AA method 10, name 6, form 6, description 7), levels settled. */
function backFromGoya() {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const p1 = t.seat('p1', 'player', 'Ann');
  t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
  // The AA method and the ability alone: no `entries` repeats them.
  t.send(gm, {
    type: 'setPlanet',
    name: 'Goya',
    form: 'Dinosaurs',
    description: 'Forested surface',
    abilities: ['ambush'],
    aaMethod: 10,
    entries: { name: 6, form: 6, description: 7 },
  });
  t.send(gm, { type: 'briefMission', text: 'Go.' });
  endAndDebrief(t, gm);
  settleLevels(t, gm);
  return { t, gm, p1 };
}

describe('3:16 a planet set by hand keeps the campaign’s lists', () => {
  it('crosses off the AA method and the ability it uses, even when `entries` does not name them', () => {
    const { t } = backFromGoya();
    expect(t.state.campaign.crossedOff).toEqual({
      name: [6],
      form: [6],
      description: [7],
      ability: [1],
      aaMethod: [10],
    });
  });

  it('refuses entries already crossed off and a second ability while the list lasts', () => {
    const { t, gm } = backFromGoya();
    const next = { type: 'setPlanet', name: 'Next', aa: 5 } as const;
    expect(t.refuse(gm, { ...next, abilities: ['ambush'] })).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(t.refuse(gm, { type: 'setPlanet', name: 'Next', aaMethod: 10 })).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(t.refuse(gm, { ...next, entries: { name: 6 } })).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(t.refuse(gm, { ...next, entries: { form: 6 } })).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(t.refuse(gm, { ...next, entries: { description: 7 } })).toBe('PLANET_ENTRY_CROSSED_OFF');
    expect(t.refuse(gm, { ...next, abilities: ['armour', 'swarm'] })).toBe('PLANET_ABILITY_COUNT');
    // `entries` may repeat the picks, not contradict them.
    expect(t.refuse(gm, { ...next, abilities: ['armour'], entries: { ability: [3] } })).toBe(
      'PLANET_ENTRY_MISMATCH',
    );
    expect(t.refuse(gm, { ...next, entries: { ability: [2] } })).toBe('PLANET_ENTRY_MISMATCH');
    expect(t.refuse(gm, { type: 'setPlanet', name: 'Next', aaMethod: 2, entries: { aaMethod: 3 } })).toBe(
      'PLANET_ENTRY_MISMATCH',
    );
  });

  it('takes what the GM types freely (name, form, description, AA): only list entries are on the record', () => {
    const { t, gm } = backFromGoya();
    // "Goya" typed again, "Dinosaurs" as free text and a typed AA are no list entries.
    t.send(gm, {
      type: 'setPlanet',
      name: 'Goya',
      form: 'Dinosaurs',
      description: 'Forested surface',
      aa: 7,
      abilities: ['armour'],
      entries: { ability: [2] },
    });
    expect(t.state.planet).toMatchObject({ name: 'Goya', aa: 7, aaMethod: null, abilities: ['armour'] });
    expect(t.state.campaign.crossedOff).toEqual({
      name: [6],
      form: [6],
      description: [7],
      ability: [1, 2],
      aaMethod: [10],
    });
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('once every ability is used, takes 2 or 3 from the whole list and crosses nothing more off', () => {
    const { t, gm } = backFromGoya();
    const all = Array.from({ length: 20 }, (_, i) => i + 1);
    // Test set-up standing in for nineteen more planets.
    t.state = {
      ...t.state,
      campaign: { ...t.state.campaign, crossedOff: { ...t.state.campaign.crossedOff, ability: all } },
    };
    const next = { type: 'setPlanet', name: 'Late', aa: 5 } as const;
    expect(t.refuse(gm, { ...next, abilities: ['ambush'] })).toBe('PLANET_ABILITY_COUNT');
    expect(t.refuse(gm, { ...next, abilities: ['ambush', 'armour', 'flee', 'swarm'] })).toBe(
      'PLANET_ABILITY_COUNT',
    );
    t.send(gm, { ...next, abilities: ['ambush', 'swarm'] });
    expect(t.state.planet?.abilities).toEqual(['ambush', 'swarm']);
    expect(t.state.campaign.crossedOff.ability).toEqual(all);
  });

  it('a first planet set up by hand may carry several abilities (one-off fights), all crossed off', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    t.send(gm, { type: 'setPlanet', name: 'Arena', aa: 5, abilities: ['flee', 'swarm'] });
    expect(t.state.campaign.crossedOff.ability).toEqual([7, 20]);
  });
});

describe('3:16 Threat follows the PCs’ rank', () => {
  /** Three PC Troopers and a GM-run NPC of the given rank (t4). */
  function withNpc(npcRank: number, pcRank = 0) {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    for (let i = 1; i <= 4; i++) {
      const npc = i === 4;
      if (!npc) t.seat(`p${i}`, 'player');
      t.apply({
        type: 'trooper.created',
        trooper: buildTrooper(`t${i}`, {
          ownerSeatId: npc ? null : `p${i}`,
          name: npc ? 'Maj NPC' : `PC${i}`,
          reputation: '',
          fa: 5,
          nfa: 5,
          rank: npc ? npcRank : pcRank,
          totalKills: 0,
        }),
        startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
      });
    }
    return { t, gm };
  }

  it('3 PCs and an NPC Major: × 5, the NPC still counted (set by hand and rolled)', () => {
    const { t, gm } = withNpc(5);
    expect(squadThreat(t.state)).toMatchObject({ tokens: 20, perPc: 5 });
    const rolled = new TestTable();
    rolled.state = t.state;
    t.send(gm, { type: 'setPlanet', name: 'Kalta', aa: 5 });
    expect(t.state.planet?.threat.initial).toBe(20);
    // d20s: name, form, description, ability, AA method.
    rolled.send(gm, { type: 'rollNextPlanet' }, [1, 1, 1, 1, 1]);
    expect(rolled.state.planet?.threat.initial).toBe(20);
  });

  it('a PC Major raises it to × 6 for the whole squad; a squad of NPCs reads its own ranks', () => {
    expect(squadThreat(withNpc(0, 5).t.state)).toMatchObject({ tokens: 24, perPc: 6 });
    const t = new TestTable();
    t.seat('gm', 'gm');
    t.apply({
      type: 'trooper.created',
      trooper: buildTrooper('t1', {
        ownerSeatId: null,
        name: 'Maj NPC',
        reputation: '',
        fa: 5,
        nfa: 5,
        rank: 5,
        totalKills: 0,
      }),
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
    expect(squadThreat(t.state)).toMatchObject({ tokens: 6, perPc: 6 });
  });
});

describe('3:16 flashbacks at the briefing', () => {
  it('a Strength told at the briefing fills its slot and counts for the mission', () => {
    const t = new TestTable();
    const gm = t.seat('gm', 'gm');
    const p1 = t.seat('p1', 'player', 'Ann');
    t.send(p1, { type: 'createTrooper', name: 'Ann', fa: 5, nfa: 5 }, [1, 1, 1, 1, 1]);
    const flash = {
      type: 'sceneFlashback',
      trooperId: 't1',
      kind: 'strength',
      text: 'She has read this planet’s file before.',
    } as const;
    expect(t.refuse(p1, flash)).toBe('WRONG_PHASE');
    t.send(gm, { type: 'setPlanet', name: 'Kalta', aa: 5 });
    t.send(p1, flash);
    const ann = t.state.troopers.t1;
    expect(ann?.missionFlags.usedStrength).toBe(true);
    expect(ann?.strengths[0]).toMatchObject({ status: 'used', text: flash.text });
    expect(t.state.log.at(-1)?.text).toContain('uses a Strength at the briefing');
    // The briefing does not wipe it: the mission's flags started with the planet.
    t.send(gm, { type: 'briefMission', text: 'Go.' });
    expect(t.state.troopers.t1?.missionFlags.usedStrength).toBe(true);
    t.send(gm, { type: 'endMission' });
    expect(t.refuse(p1, { ...flash, kind: 'weakness' })).toBe('WRONG_PHASE');
    expect(t.replayHash()).toBe(stateHash(t.state));
  });
});
