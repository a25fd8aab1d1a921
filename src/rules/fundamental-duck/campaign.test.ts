import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { stateHash } from '../../engine/state-hash.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, GM, Table } from './test-kit.ts';

const ENTRY = 3;

/**
 * A mission that ends at once: Jonesy is killed by the GM, the other four turn back over the
 * boarding bridge. Two contraband items were found on the way (folded in by hand).
 */
function afterAMission(allKilled = false): Table {
  const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
  t.send({ type: 'board' });
  t.fold([
    { type: 'contraband.found', teamerId: 'you', item: 'illegal' },
    { type: 'contraband.found', teamerId: 'you', item: 'forbidden' },
  ]);
  if (allKilled) {
    for (const id of ['you', 'brick', 'sparks', 'kowalski', 'jonesy'])
      t.send({ type: 'gmOverride', teamerId: id, wounds: 3, reason: 'test' }, GM);
    return t;
  }
  t.send({ type: 'gmOverride', teamerId: 'jonesy', wounds: 3, reason: 'test' }, GM);
  for (const id of ['you', 'brick', 'sparks', 'kowalski']) {
    t.dice = new ScriptedDice([3]);
    t.send({ type: 'activate', teamerId: id });
    t.send({ type: 'move', teamerId: id });
    t.send({ type: 'step', teamerId: id, bridge: true });
    if (t.state.phase !== 'ended') t.send({ type: 'endActivation', teamerId: id });
  }
  return t;
}

describe('the campaign after a mission (20, 24.10)', () => {
  it('debriefs: team stars for a part-completed mission; contraband turns into black money', () => {
    const t = afterAMission();
    expect(t.state.phase).toBe('ended');
    // Clean sweep: the Team is back at Mother, but the Threats live.
    expect(t.state.evaluation?.outcome).toBe('part-completed');
    expect(t.state.teamStars).toBe(5);
    const debrief = t.log.find((e) => e.type === 'campaign.debriefed');
    // Illegal 20 + forbidden 10 thousand.
    expect(debrief).toEqual({
      type: 'campaign.debriefed',
      outcome: 'part-completed',
      contraband: 30,
      money: 30,
      threatLevel: 0,
      // Every Drifter load intact: the pack's cargo bonus each (24.6), official pay, not black money.
      cargoBonus: 7,
      pay: 7,
    });
    expect(t.state.campaign).toMatchObject({ missions: 1, threatLevel: 0, money: 30, pay: 7 });
  });

  it('a failed mission raises the Threat Level: the next job places more Threats per ping', () => {
    const t = afterAMission(true);
    expect(t.state.evaluation?.outcome).toBe('failed');
    expect(t.state.campaign).toMatchObject({ threatLevel: 1, lastOutcome: 'failed' });
    expect(refusalCode(() => t.send({ type: 'nextMission' }))).toBe('NO_TEAM');
    t.dice = new ScriptedDice([4, 5]);
    t.send({ type: 'replace', teamerId: 'you' });
    t.send({ type: 'nextMission' });
    expect(t.state.teamOrder).toEqual(['r1']);
    expect(t.state.teamers.r1?.leader).toBe(true);
    // Green ping: AvD 2 + Threat Level 1 = 3 Threats, then their placement dice.
    t.dice = new ScriptedDice([2, 5, 1, 6, 5, 4, 4]);
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    expect(t.state.threatOrder).toHaveLength(3);
  });

  it('buys advancements with gold stars: promotion rolls a new technical ability, team armour for one', () => {
    const t = afterAMission();
    expect(refusalCode(() => t.send({ type: 'advance', teamerId: 'kowalski', kind: 'promotion' }))).toBe(
      'NOT_ENOUGH_STARS',
    );
    t.send({ type: 'awardStars', teamerId: 'kowalski', stars: 12, why: 'carried the cargo' });
    // d6 1 = door hacker, which he has: rolled again; 2 = medic.
    t.dice = new ScriptedDice([1, 2]);
    const [adv] = t.send({ type: 'advance', teamerId: 'kowalski', kind: 'promotion' });
    expect(adv).toEqual({
      type: 'teamer.advanced',
      teamerId: 'kowalski',
      kind: 'promotion',
      faces: [1, 2],
      ability: 'medic',
      rank: 1,
      stars: 10,
    });
    expect(t.state.teamers.kowalski?.goldStars).toBe(2);
    expect(t.state.campaign.sheets.kowalski?.abilities).toEqual(['door-hacker', 'medic']);

    expect(refusalCode(() => t.send({ type: 'teamAdvance', advancement: 'armour', teamerId: 'brick' }))).toBe(
      'NOT_ENOUGH_STARS',
    );
    t.send({ type: 'awardStars', teamerId: null, stars: 5, why: 'good work' });
    expect(refusalCode(() => t.send({ type: 'teamAdvance', advancement: 'armour' }))).toBe('NEEDS_TEAMER');
    t.send({ type: 'teamAdvance', advancement: 'armour', teamerId: 'brick' });
    expect(t.state.teamStars).toBe(0);
    expect(t.state.campaign.sheets.brick?.armour).toBe(true);
  });

  it('the black market sells within the money and each item’s limit', () => {
    const t = afterAMission();
    t.send({ type: 'buy', teamerId: 'kowalski', purchase: 'har-plus-1' });
    t.send({ type: 'buy', teamerId: 'you', purchase: 'double-blaster' });
    expect(t.state.campaign.money).toBe(0);
    expect(refusalCode(() => t.send({ type: 'buy', teamerId: 'kowalski', purchase: 'har-plus-1' }))).toBe(
      'NOT_ENOUGH_MONEY',
    );
    expect(refusalCode(() => t.send({ type: 'buy', teamerId: 'you', purchase: 'nothing' }))).toBe(
      'UNKNOWN_PURCHASE',
    );
    expect(t.state.campaign.sheets.kowalski?.weapons.find((w) => w.weapon === 'har')?.upgrades).toBe(1);
    expect(t.state.campaign.sheets.you?.weapons.find((w) => w.weapon === 'hand-blaster')?.doubleDice).toBe(
      true,
    );
  });

  it('replaces the dead, then the next mission takes the same team, healed, with what it bought', () => {
    const t = afterAMission();
    expect(refusalCode(() => t.send({ type: 'replace', teamerId: 'brick' }))).toBe('NOT_DEAD');
    t.send({ type: 'buy', teamerId: 'kowalski', purchase: 'har-plus-1' });
    // Replacement: FF = AvD 4 + 1; luck d6 5 = unlucky.
    t.dice = new ScriptedDice([4, 5]);
    const [rep] = t.send({ type: 'replace', teamerId: 'jonesy' });
    expect(rep).toMatchObject({ type: 'teamer.replaced', teamerId: 'jonesy', faces: [4, 5] });
    expect(t.state.teamOrder).toEqual(['you', 'brick', 'sparks', 'kowalski', 'r1']);
    expect(t.state.teamers.r1).toMatchObject({ ff: 5, luck: 'unlucky', weapons: ['har'] });

    t.send({ type: 'nextMission' });
    expect(t.state.phase).toBe('briefing');
    expect(t.state.teamOrder).toEqual(['you', 'brick', 'sparks', 'kowalski', 'r1']);
    for (const id of t.state.teamOrder)
      expect(t.state.teamers[id]).toMatchObject({ x: null, wounds: 0, left: false });
    expect(t.state.teamers.kowalski?.bonus.har).toBe(1);
    t.dice = new ScriptedDice([2, 5, 1, 6, 5]);
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    expect(t.state.phase).toBe('team');
    expect(t.state.threatOrder).toHaveLength(2);
    expect(t.state.campaign.missions).toBe(1);

    // The log replays to the same campaign.
    let s = fd.setup({});
    for (const e of t.log) s = fd.evolve(s, e);
    expect(stateHash(s)).toBe(stateHash(t.state));
  });

  it('campaign commands wait for the end of the mission; the mission commands wait for the next', () => {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    expect(refusalCode(() => t.send({ type: 'nextMission' }))).toBe('NOT_BETWEEN_MISSIONS');
    const done = afterAMission();
    expect(refusalCode(() => done.send({ type: 'activate', teamerId: 'you' }))).toBe('GAME_OVER');
    expect(refusalCode(() => done.send({ type: 'nextMission', mission: 'no-such' }))).toBe('UNKNOWN_MISSION');
  });
});
