import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/rule-error.ts';
import defaultPackJson from './default-pack.json' with { type: 'json' };
import { defaultPack, packArena, packProblems, parsePack } from './pack.ts';

// biome-ignore lint/suspicious/noExplicitAny: the tests edit raw pack JSON by path, as a person would
type RawJson = any;

const clone = (): Record<string, unknown> => JSON.parse(JSON.stringify(defaultPackJson));

function problemsOf(edit: (p: RawJson) => void): string[] {
  const p = clone();
  edit(p);
  return packProblems(p);
}

describe('the data pack', () => {
  it('the shipped default pack is valid and holds the §24 defaults', () => {
    expect(packProblems(defaultPackJson)).toEqual([]);
    const p = defaultPack;
    expect(p.team.teamers.map((t) => t.name)).toEqual(['YOU', 'Brick', 'Sparks', 'Kowalski', 'Jonesy']);
    expect(p.team.teamers.filter((t) => t.leader).map((t) => t.id)).toEqual(['you']);
    expect(p.team.teamers.every((t) => t.binge === 6)).toBe(true);
    expect(p.weapons.map((w) => w.id)).toEqual(
      expect.arrayContaining([
        'har',
        'hemg',
        'shotgun',
        'flamer',
        'hand-blaster',
        'grenade',
        'cutlass',
        'drone-gun',
      ]),
    );
    expect(p.species.map((s) => s.id)).toEqual(['harpy', 'skitter', 'scavenger']);
    const basic = p.reactionProfiles[0];
    expect(basic?.team).toEqual([
      'attack-nearest',
      'attack-nearest',
      'attack-nearest',
      'attack-nearest',
      'stay',
      'hide',
    ]);
    expect(basic?.noTeam).toEqual(['stay', 'stay', 'stay', 'stay', 'hide', 'hide']);
    expect(basic?.modifiers).toEqual({ wounded: 2, teamerOnSourceTile: -2, facingAway: 1, inPack: -2 });
    const arena = packArena(p);
    expect(arena.id).toBe('drifter-mary-rose');
    expect(arena.tiles).toHaveLength(9);
    expect(arena.doors).toHaveLength(12);
    expect(arena.doors.filter((d) => d.kind === 'cargo')).toHaveLength(1);
    const chits = arena.tiles.reduce(
      (n, t) => n + (p.tileTypes.find((x) => x.type === t.type)?.sourceChits ?? p.defaultSourceChits),
      0,
    );
    expect(chits).toBe(9);
    expect(Object.values(p.markers.infestationPool).reduce((a, b) => a + b, 0)).toBe(12);
    expect(p.markers.eventDeck).toHaveLength(12);
    expect(p.markers.eventDeck.filter((c) => c.colour === 'red')).toHaveLength(6);
    expect(p.markers.stressChits.reduce((n, c) => n + c.count, 0)).toBe(60);
    expect(p.missions.map((m) => m.id)).toEqual(['clean-sweep', 'black-box', 'salvage', 'find-the-source']);
    expect(p.catastropheTables[0]?.bands.map((b) => b.result.kind)).toEqual([
      'add-pings',
      'power-down',
      'add-event-card',
      'activate-threats',
      'all-cards-red',
    ]);
  });

  it('parsePack throws PACK_INVALID listing each problem as path: what is wrong', () => {
    const bad = clone() as RawJson;
    bad.team.teamers[1].ff = 0;
    bad.weapons[0].hitOn = 9;
    try {
      parsePack(bad);
      expect.unreachable();
    } catch (e) {
      expect(isRuleError(e) && e.code).toBe('PACK_INVALID');
      const message = (e as Error).message;
      expect(message).toMatch(/^team\.teamers\.1\.ff: /m);
      expect(message).toMatch(/^weapons\.0\.hitOn: /m);
      expect((e as { details?: { problems?: string[] } }).details?.problems).toHaveLength(2);
    }
  });

  it('a missing field says missing', () => {
    expect(problemsOf((p) => delete p.combat)).toEqual(['combat: missing (expected object)']);
  });

  it('cross-references are checked with their paths', () => {
    expect(problemsOf((p) => (p.team.teamers[0].weapons[0].weapon = 'laser'))).toEqual([
      "team.teamers.0.weapons.0.weapon: no weapon 'laser' in weapons",
    ]);
    expect(problemsOf((p) => (p.team.teamers[1].leader = true))).toEqual([
      'team.teamers: exactly one Teamer must be the leader (YOU); found 2',
    ]);
    expect(problemsOf((p) => (p.team.teamers[2].licences = ['cargo-loader', 'hover-tank']))).toEqual([
      "team.teamers.2.licences.1: Sparks holds a licence for 'hover-tank', which is no vehicle type in vehicleTypes",
    ]);
    expect(problemsOf((p) => (p.species[0].profile = 'nope'))).toEqual([
      "species.0.profile: no reaction profile 'nope'",
    ]);
    expect(problemsOf((p) => (p.weapons[1].id = 'har'))).toContain("weapons.1.id: id 'har' is used twice");
    expect(problemsOf((p) => (p.catastropheTables[0].bands[1].min = 17))).toEqual([
      'catastropheTables.0.bands.1.min: must be 16, right after the band before',
    ]);
    expect(problemsOf((p) => (p.reactionProfiles[0].team = ['stay']))).toEqual([
      'reactionProfiles.0.team: a column has exactly 6 rows, for modified rolls 1–6',
    ]);
  });

  it('arena geometry is checked: doors on tile edges, boarding on the hull, squares on tiles', () => {
    expect(problemsOf((p) => (p.arenas[0].doors[0].x = 2))).toEqual([
      'arenas.0.doors.0: door side 1 at (2,2) e is neither on a tile edge nor on a listed wall',
    ]);
    expect(problemsOf((p) => (p.arenas[0].boardingPoints[0].side = 'e'))).toEqual([
      'arenas.0.boardingPoints.0: the e side of (0,7) is not on the hull',
    ]);
    expect(problemsOf((p) => (p.arenas[0].obstacles[0].x = 20))).toEqual([
      'arenas.0.obstacles.0: square (20,1) is not on a tile of the arena',
    ]);
    expect(problemsOf((p) => p.arenas[0].obstacles.push({ x: 1, y: 1, height: 'low' }))).toEqual([
      'arenas.0.obstacles.7: square (1,1) already holds obstacle console',
    ]);
    expect(
      problemsOf((p) => p.arenas[0].obstacles.push({ x: 2, y: 2, height: 'low', part: 'half' })),
    ).toEqual(['arenas.0.obstacles.7.at: a half obstacle needs `at`: n, e, s or w']);
    expect(
      problemsOf((p) => (p.arenas[0].boardingPoints[0] = { ...p.arenas[0].boardingPoints[0], x: 0, y: 2 })),
    ).toEqual(['arenas.0.boardingPoints.0: no boarding into a Bridge tile']);
  });

  it('unknown keys are refused (a typo never passes silently)', () => {
    expect(problemsOf((p) => (p.team.teamers[0].fumble = 5))).toEqual([
      'team.teamers.0: Unrecognized key: "fumble"',
    ]);
  });

  it('packArena finds an arena by id or name and refuses an unknown one', () => {
    expect(packArena(defaultPack, 'Drifter Mary Rose').id).toBe('drifter-mary-rose');
    expect(() => packArena(defaultPack, 'nowhere')).toThrow(/no arena 'nowhere'/);
  });
});
