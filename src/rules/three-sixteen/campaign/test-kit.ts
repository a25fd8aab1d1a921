import { SeededDice } from '../../../engine/dice/source.ts';
import type { Seat } from '../../../engine/ruleset.ts';
import { buildTrooper } from '../encounter/roster.ts';
import { TestTable } from '../encounter/test-kit.ts';
import { legalCommands, threeSixteen } from '../ruleset.ts';
import type { Trooper, WeaponId } from '../state.ts';
import { currentBetween } from './model.ts';

/** Test helpers for the campaign part (not part of the ruleset's API). */

export interface Member {
  name: string;
  fa: number;
  nfa: number;
  rank?: number;
  weaponChoice?: WeaponId;
  patch?: Partial<Trooper>;
}

/**
 * A table in the `mission` phase: one player seat per member (p1, p2, …; troopers t1, t2, …), a
 * planet with AA 5 and the given threat, the mission briefed.
 */
export function squad(members: Member[], planet: { aa?: number; threat?: number } = {}) {
  const t = new TestTable();
  const gm = t.seat('gm', 'gm');
  const players = members.map((_, i) => t.seat(`p${i + 1}`, 'player', members[i]?.name ?? `p${i + 1}`));
  members.forEach((m, i) => {
    const base = buildTrooper(`t${i + 1}`, {
      ownerSeatId: `p${i + 1}`,
      name: m.name,
      reputation: '',
      fa: m.fa,
      nfa: m.nfa,
      rank: m.rank ?? 0,
      totalKills: 0,
      weaponChoice: m.weaponChoice,
    });
    t.apply({
      type: 'trooper.created',
      trooper: { ...base, ...m.patch },
      startingKills: { purpose: 'starting kills', formula: '0', faces: [], total: 0 },
    });
  });
  t.send(gm, { type: 'setPlanet', name: 'Testworld', aa: planet.aa ?? 5, threat: planet.threat ?? 10 });
  t.send(gm, { type: 'briefMission', text: 'Go.' });
  return { t, gm, players, p: (i: number) => players[i - 1] as Seat };
}

/**
 * Test set-up standing in for a mission's play: writes what happened (kills, flags, wounds) straight
 * into the troopers. A log replay does not see these patches, so tests using it do not check replay.
 */
export function happened(t: TestTable, patches: Record<string, (tr: Trooper) => Partial<Trooper>>): void {
  const troopers = { ...t.state.troopers };
  for (const [id, patch] of Object.entries(patches)) {
    const tr = troopers[id];
    if (!tr) throw new Error(`no trooper ${id}`);
    troopers[id] = { ...tr, ...patch(tr) };
  }
  t.state = { ...t.state, troopers };
}

/** Mission flags with some set (the rest as at a briefing). */
export function flags(tr: Trooper, set: Partial<Trooper['missionFlags']>): Partial<Trooper> {
  return { missionFlags: { ...tr.missionFlags, ...set } };
}

/** Ends the mission and debriefs it (no Orbital Bombardment inquiries unless `faces` are given). */
export function endAndDebrief(t: TestTable, gm: Seat, faces: number[] = [], heroes?: string[]): void {
  t.send(gm, { type: 'endMission' });
  t.send(gm, heroes ? { type: 'debrief', heroes } : { type: 'debrief' }, faces);
}

/**
 * Rolls who gains a level (seeded dice: the roll-offs are not what these tests are about) and makes
 * every level or rotating-GM reward choice still owed, each the first one the rules offer, so a
 * test can move on to the next planet.
 */
export function settleLevels(t: TestTable, gm: Seat, seed = 1): void {
  const b = currentBetween(t.state);
  if (!b) throw new Error('settleLevels: debrief first');
  if (!b.levelsRolled) {
    const events = threeSixteen.decide(
      t.state,
      { type: 'rollLevels' },
      { actor: gm, dice: new SeededDice(seed) },
    );
    for (const e of events) t.apply(e);
  }
  for (const [id, r] of Object.entries(currentBetween(t.state)?.records ?? {})) {
    if (!r.levelPending && !r.gmRewardPending) continue;
    const choice = legalCommands(t.state, gm).find(
      (c) => (c.type === 'takeLevel' || c.type === 'takeGmReward') && c.trooperId === id,
    );
    if (!choice) throw new Error(`settleLevels: nothing offered to ${id}`);
    t.send(gm, choice);
  }
}
