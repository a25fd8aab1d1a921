import { describe, expect, it } from 'vitest';
import type { Seat } from '../../engine/ruleset.ts';
import { computeAa } from '../../rules/three-sixteen/data/index.ts';
import { fightAt, playRound } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { foldEvents, latestBefore } from '../log.ts';
import { describeThreeSixteenEvent, END_REASON_WORDS, readableStoryText } from './describe-event.ts';

type Event = { type: string } & Record<string, unknown>;

/** Names as the table page gives them: seats, troopers, and "the aliens" in lower case. */
const names = (id: string) =>
  ({ t1: 'Hicks', t2: 'Vasquez', t3: 'Drake', s1: 'Ann', aliens: 'the aliens' })[id] ?? id;

/** Each line of a test table's log, with `earlier` read from the log as the live log does. */
function lines(log: readonly unknown[]): string[] {
  const items = foldEvents(
    [],
    log.map((event, i) => ({ seq: i + 1, at: '2026-01-01T10:00:00.000Z', by: null, event: event as Event })),
  );
  const earlier = latestBefore(items);
  return items.flatMap((item) => {
    if (item.kind !== 'other') return [];
    const line = describeThreeSixteenEvent(item.event, names, (type) => earlier(item.seq, type));
    return line === null ? [] : [line];
  });
}

/** Internal codes (camelCase words like noTokens, beyondFar) or broken values in a line. */
const RAW = /\b[a-z]+[A-Z][A-Za-z]*\b|undefined|\bnull\b|\bNaN\b|\[object Object\]|\(\)|“”|: ;|\s,|\s{2}|\s$/;

const face = (f: number, target: number) => ({ face: f, target, success: f <= target });
const kills = (formula: string, faces: number[]) => ({
  purpose: 'kills',
  formula,
  faces,
  total: faces.reduce((a, b) => a + b, 0),
});
const trooper = (id: string, name: string) => ({ id, name, fa: 6, nfa: 4 });

/** One event of every 3:16 type with its fields filled, as the rules write them. */
const FULL: readonly Event[] = [
  { type: 'trooper.created', trooper: trooper('t1', 'Hicks'), startingKills: kills('d100', [37]) },
  { type: 'trooper.armourPolicySet', trooperId: 't1', policy: 'useWhenAvailable' },
  { type: 'trooper.defaultWeaponSet', trooperId: 't1', weapon: 'slugRifle' },
  { type: 'trooper.rankWeaponChosen', trooperId: 't1', weapon: 'shotgun', replaces: 'sidearm' },
  { type: 'ranks.assigned', ranks: { t1: 2, t2: 1 }, rolls: [] },
  {
    type: 'planet.set',
    planet: { name: 'Goya', aa: 5, threat: { initial: 15 } },
    entries: { form: 3, aaMethod: 19 },
  },
  { type: 'mission.briefed', text: 'Hold the ridge.' },
  { type: 'scene.added', text: 'The dropship shakes.', secret: true, by: 's1' },
  { type: 'nfaTest.rolled', trooperId: 't1', text: 'fix the radio', ...face(3, 4) },
  { type: 'scene.flashback', trooperId: 't1', kind: 'weakness', text: 'Afraid of the dark', slot: 0 },
  { type: 'encounter.started', tokens: 4, final: true, description: 'At the reactor', troopers: ['t1'] },
  { type: 'encounter.ended', reason: 'standoff', squadAlive: true, pool: 6, planetCleared: false },
  { type: 'mission.ended' },
  {
    type: 'starkiller.fired',
    trooperId: 't1',
    planet: 'Goya',
    roll: kills('d1000', [45]),
    kills: 450,
    medal: 'crimsonSkull',
    text: '',
  },
  { type: 'device.activated', trooperId: 't1', text: 'For the Brigade.' },
  { type: 'dominance.rolled', actor: 'aliens', ...face(3, 5) },
  { type: 'dominance.declined', trooperId: 't2' },
  { type: 'dominance.resolved', outcome: 'alienAmbush', winner: 'aliens', tieBreaks: [] },
  { type: 'dropPods.used', trooperId: 't1' },
  { type: 'kineticField.used', trooperId: 't1' },
  { type: 'range.set', range: 'near' },
  {
    type: 'ambush.resolved',
    attacks: [
      { trooperId: 't1', face: 8, tieBreak: 0, kills: kills('d10', [6]) },
      { trooperId: 't2', face: 3, tieBreak: 0, kills: null },
    ],
    tieBreaks: [],
  },
  { type: 'round.declared', trooperId: 't1', declaration: { kind: 'nfa', task: { kind: 'eVac' } } },
  { type: 'aliens.declared', emotional: true },
  { type: 'test.rolled', actor: 'aliens', ...face(2, 5) },
  {
    type: 'round.ordered',
    queue: [
      { actor: 'aliens', face: 2, success: true },
      { actor: 't1', face: 9, success: false },
    ],
    tieBreaks: [],
  },
  { type: 'drugs.used', trooperId: 't1', ...face(4, 6) },
  {
    type: 'turn.taken',
    actor: 'aliens',
    outcome: { kind: 'aa' },
    moves: [{ trooperId: 't1', steps: 1 }],
    alienMovement: 'swarm',
    induce: { targetId: 't2', ...face(2, 5) },
    narration: 'They pour out of the vents.',
  },
  { type: 'kill.answered', trooperId: 't1', useArmour: false },
  { type: 'strength.used', trooperId: 't1', text: 'Cool head', range: 'near', kills: kills('2d10', [4, 5]) },
  { type: 'weakness.used', trooperId: 't2', text: 'Panics', slot: 1 },
  {
    type: 'ability.used',
    ability: 'induceWeakness',
    from: 'pool',
    cost: 2,
    targetId: 't2',
    test: face(3, 5),
  },
  { type: 'vehicle.deployed', vehicle: 'dropShip', ownerId: 't1', driverId: 't2' },
  { type: 'vehicle.boarded', vehicle: 'apc', ownerId: 't1', trooperId: 't2' },
  { type: 'vehicle.left', vehicle: 'apc', ownerId: 't1', trooperId: 't2' },
  { type: 'narration', actor: 'gm', text: 'Rain.', secret: false },
  { type: 'gm.noted', text: 'They have a queen.', by: 's1' },
  { type: 'gm.encounterEnded', reason: 'Time is up.' },
  { type: 'bonus.granted', trooperId: 't1' },
  {
    type: 'gm.adjusted',
    adjustment: { target: 'armour', trooperId: 't1', value: 'notYetAvailable' },
    reason: 'typo',
  },
  { type: 'campaign.healedBeforePlanet', troopers: ['t1', 't2'] },
  {
    type: 'campaign.debriefed',
    mission: 2,
    survivors: ['t1', 't2'],
    returning: ['t3'],
    medals: [
      {
        trooperId: 't1',
        changes: [
          { medal: 'campaignMedal', name: 'Campaign Medal', newMedal: true, barsAdded: 0, bars: 0 },
          { medal: 'killBadge', name: 'Kill Badge', newMedal: false, barsAdded: 1, bars: 2 },
        ],
      },
    ],
    deeds: [{ trooperId: 't2', medal: 'crimsonSword', why: 'finalToken' }],
    inquiries: [{ trooperId: 't1', ...face(7, 4) }],
  },
  {
    type: 'campaign.levelsRolled',
    leaders: ['t1'],
    leaderRollOffs: [],
    topKiller: 't1',
    rolls: [{ trooperId: 't2', face: 9 }],
    gainers: ['t1', 't2'],
  },
  { type: 'campaign.levelTaken', trooperId: 't1', ability: 'nfa', slot: 'strength', source: 'gmReward' },
  {
    type: 'campaign.weaponImproved',
    trooperId: 't1',
    weapon: 'slugRifle',
    range: 'far',
    source: 'automatic',
  },
  {
    type: 'campaign.developmentRolled',
    trooperId: 't1',
    choice: { kind: 'vehicle', vehicle: 'tpkBomb' },
    rank: null,
    weapons: [],
    vehicles: ['tpkBomb'],
    ...face(2, 4),
  },
  {
    type: 'campaign.demotionTried',
    nominatorId: 't1',
    targetId: 't2',
    nominator: face(2, 4),
    target: face(6, 4),
    demoted: true,
  },
  { type: 'campaign.brigadierFell', text: 'shot down' },
  { type: 'campaign.gearTaken', trooperId: 't1', item: 'radium gum' },
  { type: 'campaign.missionGmSet', mission: 3, seatId: 's1', sittingOut: ['t3'], returning: [] },
  {
    type: 'campaign.planetRolled',
    rolls: [],
    encounterPlan: [2, 3, 4],
    aaExplanation: 'Method 2 (lowest FA + 1): lowest FA 4 (Hicks), plus 1 gives 5. AA 5.',
    threatReason: 'a Major or higher leads the mission',
  },
  {
    type: 'campaign.replacementJoined',
    predecessorId: 't2',
    trooper: trooper('t3', 'Drake'),
    startingKills: kills('d100', [12]),
  },
  { type: 'campaign.hatredForHomeAdopted', trooperId: 't1', slot: 2 },
  { type: 'campaign.fieldPromotionRolled', rank: 3, tests: [], promoted: 't2' },
  {
    type: 'conflict.started',
    sides: { a: { kind: 'trooper', trooperId: 't1' }, b: { kind: 'npc', name: 'Lt Frinks', ability: 6 } },
    description: 'Over the last ration',
  },
  {
    type: 'conflict.dominanceRolled',
    tests: { a: face(2, 6), b: face(7, 6) },
    rollOffs: [],
    outcome: 'best',
    winner: 'a',
    prepared: ['a'],
  },
  { type: 'conflict.rangeSet', range: 'close', side: 'a' },
  { type: 'conflict.declared', side: 'a', action: { kind: 'manoeuvre', move: 'farther' } },
  { type: 'conflict.roundRolled', tests: { a: face(2, 6), b: face(3, 6) }, waitFor: 'b' },
  { type: 'conflict.turnTaken', side: 'b', cancelled: false },
  { type: 'conflict.hitAnswered', useArmour: true, side: 'a' },
  { type: 'conflict.moved', side: 'a', move: 'closer' },
  { type: 'conflict.flashback', side: 'a', kind: 'strength', text: 'Cool head', slot: 0 },
  { type: 'conflict.drugsUsed', side: 'a', ...face(10, 6) },
  { type: 'conflict.diceKept', sides: ['a', 'b'] },
  { type: 'conflict.strengthAnswered', side: 'b', text: 'Proud', slot: 0 },
  { type: 'conflict.yielded', side: 'b' },
  { type: 'conflict.yieldAnswered', accept: true, side: 'a' },
  { type: 'conflict.orderImposed', text: 'Latrine duty.', side: 'a' },
  { type: 'conflict.gmEnded', winner: null, reason: '', end: 'gm' },
];

describe('3:16 events in words', () => {
  it('tells a round as the log received it', () => {
    const { t, gm } = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    const from = t.log.length;
    playRound(t, gm, { t1: { kind: 'fa', weapon: 'energyRifle' } }, { t1: 5, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1', narration: 'Short bursts.' }, [7]);
    const names = (id: string) => (id === 't1' ? 'Hicks' : id === 'aliens' ? 'The aliens' : id);
    const lines = t.log
      .slice(from)
      .map((e) => describeThreeSixteenEvent(e as never, names))
      .filter((l): l is string => l !== null);
    expect(lines).toEqual([
      'Hicks declares FA with the Energy Rifle',
      'The aliens declare their attack',
      'Hicks rolls 5 against 6, success',
      'The aliens roll 9 against 5, failure',
      'Order of the round: Hicks 5, The aliens 9 (fails)',
      'Hicks fights with the Energy Rifle: 7 kills (d10 [7] = 7) — “Short bursts.”',
    ]);
  });

  it('says what a successful NFA did, from the trooper’s declaration of the round', () => {
    const { t, gm } = fightAt('far', [{ name: 'Hicks', fa: 6, nfa: 4 }], { tokens: 2, aa: 5 });
    const task = { kind: 'manoeuvre', move: 'closer', text: 'through the vents' } as const;
    playRound(t, gm, { t1: { kind: 'nfa', task } }, { t1: 3, aliens: 9 });
    t.send(gm, { type: 'takeTurn', actor: 't1' });
    expect(lines(t.log).at(-1)).toBe('Hicks moves closer (through the vents)');
  });

  it('says what a conflict’s dice did: the marks, the dead and the winner', () => {
    const started = {
      type: 'conflict.started',
      sides: { a: { kind: 'trooper', trooperId: 't1' }, b: { kind: 'npc', name: 'Lt Frinks', ability: 5 } },
    };
    const earlier = (type: string) => (type === 'conflict.started' ? started : undefined);
    expect(
      describeThreeSixteenEvent(
        {
          type: 'conflict.diceKept',
          sides: ['a'],
          struck: [{ side: 'b', mark: 'X' }],
          conflictWon: { winner: 'a', reason: 'dead' },
        },
        names,
        earlier,
      ),
    ).toMatch(/\nLt Frinks takes an X in the conflict\nHicks wins the conflict with a death$/);
    // The GM's own ending already says who won: not said twice.
    expect(
      describeThreeSixteenEvent(
        {
          type: 'conflict.gmEnded',
          winner: 'b',
          reason: 'enough',
          conflictWon: { winner: 'b', reason: 'gm' },
        },
        names,
        earlier,
      ),
    ).toBe('The GM ends the conflict (Lt Frinks wins): enough');
  });

  it('tells the between-missions steps', () => {
    const names = (id: string) => ({ t1: 'Hicks', t2: 'Vasquez' })[id] ?? id;
    expect(describeThreeSixteenEvent({ type: 'campaign.levelsRolled', gainers: ['t1', 't2'] }, names)).toBe(
      'Levels: Hicks and Vasquez each gain a level',
    );
    expect(describeThreeSixteenEvent({ type: 'campaign.levelsRolled', gainers: [] }, names)).toBe(
      'Levels: nobody gains a level',
    );
    // The whole roll: the tie for most kills and its roll-off, then everyone else's d10.
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.levelsRolled',
          leaders: ['t1', 't2'],
          leaderRollOffs: [
            { trooperId: 't1', face: 5 },
            { trooperId: 't2', face: 5 },
            { trooperId: 't1', face: 2 },
            { trooperId: 't2', face: 7 },
          ],
          topKiller: 't2',
          rolls: [{ trooperId: 't1', face: 6 }],
          gainers: ['t2', 't1'],
        },
        names,
      ),
    ).toBe(
      'Levels: Hicks and Vasquez tie for the most kills and roll off (Hicks 5, Vasquez 5; then Hicks 2, Vasquez 7): Vasquez wins; the rest roll a d10 (Hicks 6). Vasquez and Hicks each gain a level',
    );
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.weaponImproved',
          trooperId: 't2',
          weapon: 'eCannon',
          range: 'near',
          source: 'gmReward',
        },
        names,
      ),
    ).toBe('Vasquez improves the E-Cannon at Near (the GM’s reward)');
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.weaponImproved',
          trooperId: 't1',
          weapon: 'slugRifle',
          range: 'far',
          source: 'automatic',
        },
        names,
      ),
    ).toBe('Hicks takes a free step on the Slug Rifle at Far');
  });

  it('tells vehicles and what a GM override changed', () => {
    const { t, gm, players } = fightAt(
      'near',
      [
        { name: 'Ripley', fa: 5, nfa: 5, rank: 4 },
        { name: 'Drake', fa: 5, nfa: 5 },
      ],
      { tokens: 2 },
    );
    const [p1, p2] = players as [Seat, Seat];
    const from = t.log.length;
    t.send(p1, { type: 'deployVehicle', trooperId: 't1', vehicle: 'apc' });
    t.send(p2, { type: 'boardVehicle', trooperId: 't2', vehicle: 'apc', ownerId: 't1' });
    t.send(gm, {
      type: 'gmAdjust',
      adjustment: { target: 'range', trooperId: 't2', value: 'far', alone: true },
      reason: 'blown clear',
    });
    const names = (id: string) => ({ t1: 'Ripley', t2: 'Drake' })[id] ?? id;
    expect(t.log.slice(from).map((e) => describeThreeSixteenEvent(e as never, names))).toEqual([
      'Ripley’s APC comes in, Ripley at the controls',
      'Drake gets into Ripley’s APC',
      'GM override: Drake is moved to Far, out of the vehicle (blown clear)',
    ]);
  });

  it('has a line for every 3:16 event but chat (the shell shows chat), even with fields missing', () => {
    const types = threeSixteen.eventTypes ?? [];
    expect(types.length).toBeGreaterThan(50);
    for (const type of types) {
      const line = describeThreeSixteenEvent({ type }, (x) => x);
      if (type.startsWith('chat.')) expect(line).toBeNull();
      else {
        expect(line, type).toEqual(expect.any(String));
        // Nothing missing shows as "undefined", "null" or an empty gap, and it starts as a sentence.
        expect(line, type).not.toMatch(RAW);
        expect(line, type).toMatch(/^[A-Z]/);
      }
    }
  });

  it('says every event in plain words, with a capital letter and no internal code', () => {
    const types = new Set(FULL.map((e) => e.type));
    for (const type of threeSixteen.eventTypes ?? [])
      if (!type.startsWith('chat.')) expect(types.has(type), `a sample of ${type}`).toBe(true);
    const said = lines(FULL);
    expect(said).toHaveLength(FULL.length);
    said.forEach((line, i) => {
      expect(line, FULL[i]?.type).not.toMatch(RAW);
      expect(line, FULL[i]?.type).toMatch(/^[A-Z(]/);
    });
    const of = (type: string) => said[FULL.findIndex((e) => e.type === type)];
    expect(of('trooper.armourPolicySet')).toBe('Hicks’s armour will take the first Kill');
    expect(of('scene.added')).toBe('Secret scene (GM only): The dropship shakes.');
    expect(of('encounter.started')).toBe('The final encounter begins with 4 Threat Tokens: At the reactor');
    expect(of('dominance.rolled')).toBe('The aliens roll for Dominance: 3 against 5, success');
    expect(of('range.set')).toBe('The range is set to Near');
    expect(of('ambush.resolved')).toBe(
      'Ambush (order: Hicks 8, Vasquez 3): Hicks 6 kills (d10 [6] = 6); Vasquez no kills',
    );
    expect(of('round.declared')).toBe('Hicks declares NFA: call the E-Vac');
    expect(of('test.rolled')).toBe('The aliens roll 2 against 5, success');
    expect(of('round.ordered')).toBe('Order of the round: the aliens 2, Hicks 9 (fails)');
    expect(of('turn.taken')).toBe(
      'The aliens strike every trooper who failed or rolled no higher than them, then push Hicks 1 step farther away and swarm in, bringing every trooper to Close; they try to induce a Weakness in Vasquez (2 against 5, success) — “They pour out of the vents.”',
    );
    expect(of('ability.used')).toBe(
      'The aliens use Induce Weakness on Vasquez (2 tokens from the planet’s pool): 3 against 5, success',
    );
    expect(of('narration')).toBe('GM: Rain.');
    expect(of('gm.adjusted')).toBe('GM override: Hicks’s armour is set to not yet available (typo)');
    expect(of('starkiller.fired')).toBe(
      'Hicks fires the Starkiller at Goya: the planet and its star are gone, 450 kills (d1000 [45] = 45, × 10); Hicks earns the Crimson Skull',
    );
    expect(of('campaign.levelTaken')).toBe('Hicks raises NFA and opens a Strength slot (the GM’s reward)');
    expect(of('campaign.demotionTried')).toBe(
      'Hicks nominates Vasquez for demotion: Vasquez loses a rank (Hicks 2 against 4, success; Vasquez 6 against 4, failure)',
    );
    expect(of('campaign.missionGmSet')).toBe('Mission 3 is run by Ann; sitting out: Drake');
    expect(of('conflict.started')).toBe('A conflict: Hicks against Lt Frinks (Over the last ration)');
    expect(of('conflict.declared')).toBe('Conflict: Hicks moves farther away (NFA)');
    expect(of('conflict.gmEnded')).toBe('The GM ends the conflict (no winner)');
  });

  it('says how an encounter ended in words, never by its code', () => {
    const ended = (reason: string, more: Record<string, unknown> = {}) =>
      describeThreeSixteenEvent(
        { type: 'encounter.ended', reason, squadAlive: true, pool: 7, planetCleared: false, ...more },
        names,
      );
    expect(ended('noTokens', { pool: 0, planetCleared: true })).toBe(
      'The encounter is over: the aliens are wiped out; the planet is cleared',
    );
    expect(ended('strength')).toBe(
      'The encounter is over: a Strength ends it; 7 Threat Tokens remain in the planet’s pool',
    );
    expect(ended('gm', { pool: 1 })).toBe(
      'The encounter is over: the GM ends it; 1 Threat Token remains in the planet’s pool',
    );
    expect(ended('allDead', { squadAlive: false })).toBe(
      'The encounter is over: every trooper in it is down; 7 Threat Tokens remain in the planet’s pool',
    );
    expect(ended('eVac', { squadAlive: false })).toBe(
      'The encounter is over: the E-Vac pulls the squad out; 7 Threat Tokens remain in the planet’s pool; no trooper is left standing',
    );
    for (const reason of Object.keys(END_REASON_WORDS)) {
      const line = ended(reason) ?? '';
      expect(line).not.toMatch(RAW);
      if (/[A-Z]/.test(reason)) expect(line).not.toContain(reason);
    }
  });

  it('puts the codes in the rules’ story lines and the round report in words', () => {
    expect(readableStoryText('The encounter ends (noTokens).')).toBe(
      'The encounter ends: the aliens are wiped out.',
    );
    expect(readableStoryText('The encounter ends (orbitalBombardment).')).toBe(
      'The encounter ends: an Orbital Bombardment ends it.',
    );
    expect(
      readableStoryText('Hicks leaves the encounter (weakness); the encounter ends (allBeyondFar)'),
    ).toBe(
      'Hicks leaves the encounter after showing a Weakness; the encounter ends: every trooper has gone beyond Far',
    );
    expect(readableStoryText('The conflict ends (yield); Hicks wins.')).toBe(
      'The conflict ends with a yield; Hicks wins.',
    );
    expect(readableStoryText('Hicks is now wreck')).toBe('Hicks is now broken beyond saving');
    expect(readableStoryText('GM override (threatPool): miscounted')).toBe(
      'GM override (the Threat pool): miscounted',
    );
    // Anything else is left as written, even in parentheses.
    expect(readableStoryText('Hicks is dead. (He was brave.)')).toBe('Hicks is dead. (He was brave.)');
  });

  it('says when the mission ends whether the planet was cleared, from the last encounter', () => {
    const cleared = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { threat: 1, aa: 5 });
    playRound(cleared.t, cleared.gm, { t1: { kind: 'fa', weapon: 'energyRifle' } }, { t1: 5, aliens: 9 });
    cleared.t.send(cleared.gm, { type: 'takeTurn', actor: 't1' }, [7]);
    cleared.t.send(cleared.gm, { type: 'endMission' });
    expect(lines(cleared.t.log).slice(-3)).toEqual([
      'Hicks fights with the Energy Rifle: 7 kills (d10 [7] = 7)',
      'The encounter is over: the aliens are wiped out; the planet is cleared',
      'The mission is over: the planet is cleared',
    ]);

    const left = fightAt('near', [{ name: 'Hicks', fa: 6, nfa: 4 }], { threat: 10, tokens: 1, aa: 5 });
    playRound(left.t, left.gm, { t1: { kind: 'fa', weapon: 'energyRifle' } }, { t1: 5, aliens: 9 });
    left.t.send(left.gm, { type: 'takeTurn', actor: 't1' }, [7]);
    left.t.send(left.gm, { type: 'endMission' });
    expect(lines(left.t.log).slice(-2)).toEqual([
      'The encounter is over: the aliens are wiped out; 9 Threat Tokens remain in the planet’s pool',
      'The mission is over; the planet is not cleared (9 Threat Tokens left)',
    ]);
    // No encounter on this planet yet (the log holds the landing after the last one): not cleared.
    expect(
      lines([
        { type: 'encounter.ended', reason: 'noTokens', squadAlive: true, pool: 0, planetCleared: true },
        { type: 'planet.set', planet: { name: 'Goya', aa: 5, threat: { initial: 10 } } },
        { type: 'mission.ended' },
      ]).at(-1),
    ).toBe('The mission is over; the planet is not cleared');
    // A log that holds neither says only what it knows.
    expect(describeThreeSixteenEvent({ type: 'mission.ended' }, names)).toBe('The mission is over');
  });

  it('counts Threat Tokens in the singular and plural, and starts lines with a capital', () => {
    expect(describeThreeSixteenEvent({ type: 'encounter.started', tokens: 1, final: false }, names)).toBe(
      'An encounter begins with 1 Threat Token',
    );
    expect(
      describeThreeSixteenEvent(
        { type: 'planet.set', planet: { name: 'Goya', aa: 3, threat: { initial: 1 } } },
        names,
      ),
    ).toBe('Landing on Goya: AA 3, 1 Threat Token');
    // The table page names the aliens in lower case: the line still starts with a capital.
    expect(describeThreeSixteenEvent({ type: 'test.rolled', actor: 'aliens', ...face(9, 5) }, names)).toBe(
      'The aliens roll 9 against 5, failure',
    );
    expect(
      describeThreeSixteenEvent({ type: 'turn.taken', actor: 'aliens', outcome: { kind: 'failure' } }, names),
    ).toBe('The aliens fail');
  });

  it('tells a planet roll in one sentence', () => {
    const fixed = computeAa(19, [{ name: 'Hicks', fa: 6, nfa: 4 }]);
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.planetRolled',
          rolls: [
            { purpose: 'Planet forms (d20)', formula: 'd20', faces: [6], total: 6 },
            { purpose: 'Planet forms (d20 again: 6 is taken)', formula: 'd20', faces: [9], total: 9 },
          ],
          encounterPlan: [2, 2, 3],
          aaExplanation: fixed.explanation,
          threatReason: 'standard planet',
        },
        names,
      ),
    ).toBe(
      'A new planet is rolled, with the standard number of Threat Tokens: AA 5 by method 19, fixed at 5 ' +
        '(rolls: Planet forms (d20) 6; Planet forms (d20 again: 6 is taken) 9)',
    );
    const read = computeAa(2, [{ name: 'Hicks', fa: 4, nfa: 4 }]);
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.planetRolled',
          aaExplanation: read.explanation,
          threatReason: 'shorter sessions option',
        },
        names,
      ),
    ).toBe(
      'A new planet is rolled, with fewer Threat Tokens, for shorter sessions: AA 5 by method 2, lowest FA 4 (Hicks), plus 1 gives 5',
    );
  });

  it('names the medals of a debrief, and the levels with their rolls', () => {
    const debrief = FULL.find((e) => e.type === 'campaign.debriefed') as Event;
    expect(describeThreeSixteenEvent(debrief, names)).toBe(
      'Mission 2 is debriefed. Back alive: Hicks and Vasquez. Back from sitting out: Drake. ' +
        'Medals: Hicks gets the Campaign Medal and a Bar on the Kill Badge. ' +
        'The Crimson Sword goes to Vasquez for removing the planet’s last Threat Token. ' +
        'Orbital Bombardment inquiry: Hicks fails (7 against 4, failure)',
    );
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.debriefed',
          mission: 1,
          survivors: [],
          returning: [],
          medals: [],
          deeds: [],
          inquiries: [],
        },
        names,
      ),
    ).toBe('Mission 1 is debriefed. Back alive: nobody. No new medals');
    const levels = FULL.find((e) => e.type === 'campaign.levelsRolled') as Event;
    expect(describeThreeSixteenEvent(levels, names)).toBe(
      'Levels: Hicks has the most kills; the rest roll a d10 (Vasquez 9). Hicks and Vasquez each gain a level',
    );
  });

  it('says what a Development Roll went for and whether it worked', () => {
    const roll = (choice: Record<string, unknown>, f: number, more: Record<string, unknown> = {}) =>
      describeThreeSixteenEvent(
        {
          type: 'campaign.developmentRolled',
          trooperId: 't1',
          choice,
          rank: null,
          weapons: [],
          vehicles: [],
          ...face(f, 4),
          ...more,
        },
        names,
      );
    expect(roll({ kind: 'promotion' }, 8)).toBe(
      'Hicks makes a Development Roll for a promotion and fails (8 against 4, failure)',
    );
    expect(roll({ kind: 'promotion' }, 2, { rank: 3 })).toBe(
      'Hicks makes a Development Roll for a promotion and succeeds (2 against 4, success): is promoted to Lieutenant',
    );
    expect(roll({ kind: 'improve', weapon: 'slugRifle', range: 'near' }, 9)).toBe(
      'Hicks makes a Development Roll for a step on the Slug Rifle at Near and fails (9 against 4, failure)',
    );
    expect(
      roll({ kind: 'weapon', weapon: 'flameGun' }, 1, { weapons: [{ weapon: 'flameGun', steps: {} }] }),
    ).toBe(
      'Hicks makes a Development Roll for the Flame-Gun and succeeds (1 against 4, success): receives the Flame-Gun',
    );
  });

  it('announces the deaths an event can tell of', () => {
    // A Kill taken: events from older logs do not say whether it filled the last box…
    expect(
      describeThreeSixteenEvent({ type: 'kill.answered', trooperId: 't1', useArmour: false }, names),
    ).toBe('Hicks takes the Kill and marks a health box');
    // …newer ones name whom they felled (decide records it).
    expect(
      describeThreeSixteenEvent(
        {
          type: 'kill.answered',
          trooperId: 't1',
          useArmour: false,
          fell: [{ trooperId: 't1', status: 'dead' }],
        },
        names,
      ),
    ).toBe('Hicks takes the Kill and marks a health box\nHicks is dead');
    // A fall that hands its rank on says who took it.
    expect(
      describeThreeSixteenEvent(
        {
          type: 'kill.answered',
          trooperId: 't1',
          useArmour: false,
          fell: [{ trooperId: 't1', status: 'dead' }],
          risen: [{ trooperId: 't2', rank: 2 }],
        },
        names,
      ),
    ).toBe(
      'Hicks takes the Kill and marks a health box\nHicks is dead\nVasquez is promoted in the field to Sergeant',
    );
    expect(
      describeThreeSixteenEvent(
        {
          type: 'turn.taken',
          actor: 'aliens',
          outcome: { kind: 'aa' },
          fell: [{ trooperId: 't1', status: 'wreck' }],
        },
        names,
      ),
    ).toMatch(/\nHicks is broken beyond saving$/);
    expect(
      describeThreeSixteenEvent(
        {
          type: 'turn.taken',
          actor: 't1',
          outcome: { kind: 'nfa', bonusKills: kills('d1000', [300]), secondBombardment: true },
        },
        names,
      ),
    ).toBe(
      'Hicks calls down an Orbital Bombardment: every alien on the planet dies, 300 kills (d1000 [300] = 300); a second bombardment costs the caller’s life, and Hicks is dead',
    );
    expect(
      describeThreeSixteenEvent(
        {
          type: 'gm.adjusted',
          adjustment: { target: 'status', trooperId: 't2', value: 'wreck' },
          reason: 'the E boxes were full',
        },
        names,
      ),
    ).toBe('GM override: Vasquez is now broken beyond saving (the E boxes were full)');
    expect(
      describeThreeSixteenEvent(
        {
          type: 'turn.taken',
          actor: 't1',
          outcome: { kind: 'bomb', bomb: 'tpkBomb', victims: ['t2'], kills: [kills('d100', [40])] },
        },
        names,
      ),
    ).toBe('Hicks sets off the TPK Bomb: 40 kills, and Vasquez is caught in the blast');
  });

  it('tells everyday gear and the Brigadier’s fall, with or without a field promotion', () => {
    const names = (id: string) => ({ t1: 'Hicks' })[id] ?? id;
    expect(
      describeThreeSixteenEvent({ type: 'campaign.gearTaken', trooperId: 't1', item: 'radium gum' }, names),
    ).toBe('Hicks takes radium gum');
    expect(describeThreeSixteenEvent({ type: 'campaign.brigadierFell', text: 'ambushed' }, names)).toBe(
      'The Brigadier is dead (ambushed): the rank is open',
    );
    expect(
      describeThreeSixteenEvent(
        {
          type: 'campaign.brigadierFell',
          text: 'ambushed',
          fieldPromotion: { candidates: ['t1'], tests: [], promoted: 't1', vehicles: ['theDevice'] },
        },
        names,
      ),
    ).toBe('The Brigadier is dead (ambushed): Hicks is promoted in the field to Brigadier');
  });

  it('names the sides of a conflict from the conflict.started before each event', () => {
    const names = (id: string) => (id === 't1' ? 'Hicks' : id);
    const started = {
      type: 'conflict.started',
      sides: { a: { kind: 'trooper', trooperId: 't1' }, b: { kind: 'npc', name: 'Lt Frinks', ability: 6 } },
      description: '',
    };
    const earlier = (type: string) => (type === 'conflict.started' ? started : undefined);
    const line = (e: { type: string } & Record<string, unknown>) =>
      describeThreeSixteenEvent(e, names, earlier);
    const face = (f: number, target: number) => ({ face: f, target, success: f <= target });
    expect(line(started)).toBe('A conflict: Hicks against Lt Frinks');
    expect(
      line({
        type: 'conflict.dominanceRolled',
        tests: { a: face(4, 6), b: face(9, 6) },
        rollOffs: [],
        outcome: 'best',
        winner: 'a',
      }),
    ).toBe('Conflict Dominance: Hicks 4 against 6, success; Lt Frinks 9 against 6, failure: Hicks wins');
    expect(
      line({
        type: 'conflict.dominanceRolled',
        tests: { a: face(0, 6), b: face(2, 6) },
        stayedOut: 'a',
        rollOffs: [],
        outcome: 'ambush',
        winner: 'b',
      }),
    ).toBe(
      'Conflict Dominance: Hicks stays out; Lt Frinks 2 against 6, success: Lt Frinks wins with an ambush',
    );
    expect(line({ type: 'conflict.declared', side: 'b', action: { kind: 'fa' } })).toBe(
      'Conflict: Lt Frinks fights (FA)',
    );
    expect(line({ type: 'conflict.roundRolled', tests: { a: face(5, 6), b: face(3, 6) } })).toBe(
      'Conflict round: Hicks 5 against 6, success; Lt Frinks 3 against 6, success',
    );
    expect(line({ type: 'conflict.turnTaken', side: 'a', cancelled: true })).toBe(
      'Conflict: Hicks calls off the success; Lt Frinks’s lower success fails with it',
    );
    expect(line({ type: 'conflict.turnTaken', side: 'b', cancelled: false })).toBe(
      'Conflict: Lt Frinks’s better success goes ahead',
    );
    expect(line({ type: 'conflict.moved', side: 'a', move: 'closer' })).toBe('Conflict: Hicks moves closer');
    expect(
      line({ type: 'conflict.flashback', side: 'a', kind: 'strength', text: 'Cool head', slot: 0 }),
    ).toBe('Conflict: Hicks uses a Strength: “Cool head”');
    expect(line({ type: 'conflict.yielded', side: 'b' })).toBe('Conflict: Lt Frinks yields');
    expect(line({ type: 'conflict.gmEnded', winner: 'a', reason: 'enough', end: 'gm' })).toBe(
      'The GM ends the conflict (Hicks wins): enough',
    );
    // The answers name who gave them (logs written before they carried a side keep the old lines).
    expect(line({ type: 'conflict.rangeSet', range: 'far', side: 'b' })).toBe(
      'Conflict: Lt Frinks sets the range at Far',
    );
    expect(line({ type: 'conflict.rangeSet', range: 'far' })).toBe('Conflict range: Far');
    expect(line({ type: 'conflict.hitAnswered', useArmour: true, side: 'b' })).toBe(
      'Conflict: armour takes the hit on Lt Frinks',
    );
    expect(line({ type: 'conflict.hitAnswered', useArmour: false, side: 'a' })).toBe(
      'Conflict: the hit on Hicks lands',
    );
    expect(line({ type: 'conflict.hitAnswered', useArmour: false })).toBe('Conflict: the hit lands');
    expect(line({ type: 'conflict.yieldAnswered', accept: false, side: 'b' })).toBe(
      'Conflict: the yield is refused by Lt Frinks, it goes on',
    );
    expect(line({ type: 'conflict.orderImposed', text: 'Latrine duty.', side: 'b' })).toBe(
      'Lt Frinks, the winner, gives an order: “Latrine duty.”',
    );
  });

  it('falls back to side letters when the log does not hold the conflict.started', () => {
    const line = (cancelled: boolean) =>
      describeThreeSixteenEvent(
        { type: 'conflict.turnTaken', side: 'b', cancelled },
        (x) => x,
        () => undefined,
      );
    expect(line(true)).toBe('Conflict: side B calls off the success; side A’s lower success fails with it');
    expect(line(false)).toBe('Conflict: side B’s better success goes ahead');
    expect(describeThreeSixteenEvent({ type: 'conflict.yielded', side: 'a' }, (x) => x)).toBe(
      'Conflict: side A yields',
    );
  });

  it('gives every Kill its own line, naming the trooper and the cause', () => {
    const who = names;
    expect(
      describeThreeSixteenEvent(
        {
          type: 'turn.taken',
          actor: 'aliens',
          outcome: { kind: 'aa' },
          hits: [
            { trooperId: 't1', source: 'aliens', result: 'X' },
            { trooperId: 't2', source: 'aliens', result: 'armour' },
            { trooperId: 't3', source: 'aliens', result: 'asked' },
          ],
          fell: [{ trooperId: 't1', status: 'dead' }],
        },
        who,
      )?.split('\n'),
    ).toEqual([
      'The aliens strike every trooper who failed or rolled no higher than them',
      'Hicks takes a Kill from the aliens’ attack: an X on the health track',
      'Vasquez takes a Kill from the aliens’ attack; the armour soaks it up',
      'Drake takes a Kill from the aliens’ attack: waiting for Drake’s answer (armour, a flashback, or take it)',
      'Hicks is dead',
    ]);
    for (const [source, cause] of [
      ['suicide', 'a suicide attack'],
      ['grenades', 'a grenade blast'],
      ['tpkBomb', 'the TPK Bomb'],
      ['orbitalBombardment', 'the Orbital Bombardment'],
    ])
      expect(
        describeThreeSixteenEvent(
          { type: 'kill.answered', trooperId: 't1', hits: [{ trooperId: 't1', source, result: 'E' }] },
          who,
        ),
      ).toContain(`\nHicks takes a Kill from ${cause}: an E on the health track`);
  });

  it('leaves unknown events to the shell', () => {
    expect(describeThreeSixteenEvent({ type: 'chat.said', text: 'hi' }, (x) => x)).toBeNull();
  });
});
