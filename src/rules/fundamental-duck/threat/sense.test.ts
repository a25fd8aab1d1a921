import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../../engine/dice/source.ts';
import { defaultPack } from '../data/pack.ts';
import { BASIC_MODIFIERS, BASIC_REACTIONS, threatProfiles } from './profile.ts';
import { Roller } from './roller.ts';
import { facingAway, readColumn, rollReaction } from './sense.ts';
import { FakeWorld, HARPY, SKITTER } from './test-world.ts';

function react(w: FakeWorld, face: number, inPack = false) {
  const t = w.threats[0];
  if (!t) throw new Error('no threat');
  const profile = w.profile(t.species);
  if (!profile) throw new Error('no profile');
  return rollReaction(w, t, profile, inPack, new Roller(new ScriptedDice([face])));
}

describe('the basic reaction profile (13.3)', () => {
  it('the default pack’s basic profile is the booklet’s table and modifiers', () => {
    expect(HARPY.reactions).toEqual(BASIC_REACTIONS);
    expect(HARPY.modifiers).toEqual(BASIC_MODIFIERS);
    expect(SKITTER.reactions).toEqual(BASIC_REACTIONS);
  });

  it('reads every row of both columns', () => {
    // Team column: a Teamer on the tile in front of it, beyond scent range.
    const team = new FakeWorld().addThreat('s', 0, 0, 4, { species: 'skitter' }).addTeamer('A', 0, 4, 0);
    expect([1, 2, 3, 4, 5, 6].map((f) => react(team, f).reaction)).toEqual([
      'attack',
      'attack',
      'attack',
      'attack',
      'stay',
      'hide',
    ]);
    // No-Team column: the Teamer on another tile.
    const none = new FakeWorld().addThreat('s', 0, 0, 4, { species: 'skitter' }).addTeamer('A', 0, 9, 0);
    expect([1, 2, 3, 4, 5, 6].map((f) => react(none, f).reaction)).toEqual([
      'stay',
      'stay',
      'stay',
      'stay',
      'hide',
      'hide',
    ]);
  });
});

describe('the column rule (13.3)', () => {
  it('a Teamer on the tile and seen: Team column', () => {
    const w = new FakeWorld().addThreat('s', 0, 0, 4, { species: 'skitter' }).addTeamer('A', 3, 4, 0);
    expect(readColumn(w, w.threats[0]!, SKITTER)).toEqual({
      column: 'team',
      reason: 'teamerOnTileAndSighted',
    });
  });

  it('a Teamer on the tile but behind it (outside its front arc), out of hearing: No-Team, no sighting', () => {
    const w = new FakeWorld().addThreat('s', 2, 2, 0, { species: 'skitter' }).addTeamer('A', 2, 4, 0);
    expect(readColumn(w, w.threats[0]!, SKITTER)).toEqual({ column: 'noTeam', reason: 'noSighting' });
  });

  it('a Teamer on the tile in its arc but out of sight: No-Team', () => {
    const w = new FakeWorld().addThreat('s', 2, 0, 4, { species: 'skitter' }).addTeamer('A', 2, 4, 0);
    w.blind.add(`${w.sq(2, 0)}>${w.sq(2, 4)}`);
    expect(readColumn(w, w.threats[0]!, SKITTER).column).toBe('noTeam');
  });

  it('a Teamer within scent range behind a closed door: Team column', () => {
    const w = new FakeWorld().addThreat('h', 4, 2, 6).addTeamer('A', 6, 2, 6);
    w.wallColumn(5, 0, 14);
    w.door('d', 4, 2, 5, 2);
    expect(readColumn(w, w.threats[0]!, HARPY)).toEqual({ column: 'team', reason: 'teamerInStimulusRange' });
  });

  it('seen on another tile and out of range: No-Team, no Teamer on its tile', () => {
    const w = new FakeWorld().addThreat('h', 2, 2, 4).addTeamer('A', 2, 9, 0);
    expect(readColumn(w, w.threats[0]!, HARPY)).toEqual({ column: 'noTeam', reason: 'noTeamerOnTile' });
  });
});

describe('modifiers (13.3)', () => {
  it('wounded +2, a Teamer on the Source tile −2, facing away +1, in a pack −2; clamped to 1–6', () => {
    const w = new FakeWorld()
      .addThreat('s', 2, 2, 4, { species: 'skitter', wounded: true })
      .addTeamer('A', 2, 4, 0);
    let r = react(w, 5);
    expect(r.modifiers).toEqual([{ code: 'wounded', value: 2 }]);
    expect(r).toMatchObject({ total: 7, row: 6, reaction: 'hide' });

    w.sourceTile = 0;
    r = react(w, 1, true);
    expect(r.modifiers).toEqual([
      { code: 'wounded', value: 2 },
      { code: 'teamerOnSource', value: -2 },
      { code: 'inPack', value: -2 },
    ]);
    expect(r).toMatchObject({ total: -1, row: 1, reaction: 'attack' });

    const away = new FakeWorld().addThreat('s', 2, 2, 0, { species: 'skitter' }).addTeamer('A', 2, 3, 0);
    r = react(away, 3);
    expect(r.modifiers).toEqual([{ code: 'facingAway', value: 1 }]);
    expect(r.total).toBe(4);
  });

  it('facing away only when every nearest Teamer is outside its arc (no roll-off needed)', () => {
    const w = new FakeWorld().addThreat('s', 2, 2, 0, { species: 'skitter' }).addTeamer('A', 2, 4, 0);
    expect(facingAway(w, w.threats[0]!)).toBe(true);
    w.addTeamer('B', 2, 0, 0); // as near, and in front
    expect(facingAway(w, w.threats[0]!)).toBe(false);
    const none = new FakeWorld().addThreat('s', 2, 2, 0, { species: 'skitter' });
    expect(facingAway(none, none.threats[0]!)).toBe(false);
  });
});

describe('profiles from the pack', () => {
  it('maps the default species: Harpy d6 with −1 carrying, packs and hides; Skitter AvD; Scavenger HAR range', () => {
    const lookup = threatProfiles(defaultPack);
    expect(lookup('harpy')).toMatchObject({
      kind: 'stimulus',
      movement: { die: 'd6', count: 1, modifier: 0 },
      stimulusRange: 2,
      pack: true,
      hides: true,
      prey: { carryPenalty: 1 },
      attackRange: 0,
    });
    expect(lookup('skitter')).toMatchObject({
      movement: { die: 'avd' },
      stimulusRange: 1,
      pack: false,
      hides: false,
    });
    expect(lookup('scavenger')).toMatchObject({ kind: 'intellect', actions: 2, attackRange: 12 });
    expect(lookup('gloop')).toBeUndefined();
  });
});
