import { describe, expect, it } from 'vitest';
import { defaultPack, packArena } from '../data/pack.ts';
import {
  buildArena,
  doorOnSide,
  doorsWithZoneAt,
  newArenaState,
  occupancyProblems,
  SIDE_DOOR,
  SIDE_OPEN,
  SIDE_WALL,
  sideKind,
  sideShut,
  squareIndex,
  squareOf,
  tileLocalSquare,
  tilePerimeter,
  tileSquares,
  tilesThroughDoors,
} from './model.ts';
import { testArena } from './test-arenas.ts';

const drifter = buildArena(packArena(defaultPack), defaultPack);
const at = (x: number, y: number) => y * drifter.width + x;

describe('the arena model (§4)', () => {
  it('one grid of 5×5 tiles; every square knows its tile', () => {
    expect([drifter.width, drifter.height, drifter.size]).toEqual([15, 15, 225]);
    expect(drifter.tiles[drifter.tileOf[at(7, 7)] as number]?.type).toBe('Hub');
    expect(drifter.tiles[drifter.tileOf[at(14, 14)] as number]?.type).toBe('Reactor Room');
    expect(tileSquares(drifter, 4)).toHaveLength(25);
    expect(squareOf(drifter, squareIndex(drifter, { x: 3, y: 11 }))).toEqual({ x: 3, y: 11 });
  });

  it('walls on sides: bulkheads between tiles, hull at the edge, open floor inside', () => {
    expect(sideKind(drifter, at(4, 0), 2)).toBe(SIDE_WALL); // Bridge | Cargo Bay
    expect(sideKind(drifter, at(3, 0), 2)).toBe(SIDE_OPEN);
    expect(sideKind(drifter, at(0, 0), 6)).toBe(SIDE_WALL); // hull
    expect(sideKind(drifter, at(0, 0), 0)).toBe(SIDE_WALL);
    expect(sideKind(drifter, at(14, 14), 2)).toBe(SIDE_WALL);
    expect(sideKind(drifter, at(4, 2), 2)).toBe(SIDE_DOOR);
    expect(sideKind(drifter, at(5, 2), 6)).toBe(SIDE_DOOR); // the same side seen from the east
    expect(doorOnSide(drifter, at(5, 2), 6)).toBe(doorOnSide(drifter, at(4, 2), 2));
  });

  it('doors: narrow on the middle side of each shared edge, the cargo door 3 sides wide; zones of 6 and 10', () => {
    expect(drifter.doors).toHaveLength(12);
    const cargo = drifter.doors.find((d) => d.kind === 'cargo');
    expect(cargo?.sides.map((s) => [s.a, s.b])).toEqual([
      [at(6, 4), at(6, 5)],
      [at(7, 4), at(7, 5)],
      [at(8, 4), at(8, 5)],
    ]);
    expect(cargo?.zone).toEqual([
      at(5, 4),
      at(6, 4),
      at(7, 4),
      at(8, 4),
      at(9, 4),
      at(5, 5),
      at(6, 5),
      at(7, 5),
      at(8, 5),
      at(9, 5),
    ]);
    const narrow = drifter.doors.find((d) => d.id === 'door-00-10');
    expect(narrow?.zone).toEqual([at(4, 1), at(5, 1), at(4, 2), at(5, 2), at(4, 3), at(5, 3)]);
    expect(narrow?.tiles.map((t) => drifter.tiles[t]?.type)).toEqual(['Bridge', 'Cargo Bay']);
    expect(doorsWithZoneAt(drifter, at(5, 3))).toEqual([narrow?.index]);
    expect(drifter.doorSideCount).toBe(14);
  });

  it('door state: a closed door shuts its side, an open one does not; holes let Threats through', () => {
    const state = newArenaState(drifter);
    const door = drifter.doors.find((d) => d.id === 'door-00-10');
    expect(sideShut(drifter, state, at(4, 2), 2, 'teamer')).toBe(true);
    state.holes[door?.firstSide as number] = 1;
    expect(sideShut(drifter, state, at(4, 2), 2, 'threat')).toBe(false);
    expect(sideShut(drifter, state, at(4, 2), 2, 'sight')).toBe(true);
    state.doorOpen[door?.index as number] = 1;
    expect(sideShut(drifter, state, at(4, 2), 2, 'teamer')).toBe(false);
  });

  it('obstacles with heights, capacity 2 (1 beside a part obstacle, 0 in a FULL square), loads', () => {
    expect(drifter.wholeHeight[at(1, 1)]).toBe(2); // HIGH console
    expect(drifter.wholeHeight[at(6, 8)]).toBe(1); // LOW crates
    expect(drifter.capacity[at(12, 12)]).toBe(0); // FULL reactor core
    expect(drifter.capacity[at(0, 0)]).toBe(2);
    expect(drifter.loads[drifter.loadAt[at(8, 3)] as number]).toMatchObject({
      id: 'munitions',
      cargo: 'explosive',
      height: 3,
    });
    expect(drifter.capacity[at(8, 3)]).toBe(0);
    const half = testArena({ obstacles: [{ x: 1, y: 1, height: 'low', part: 'half', at: 'w' }] });
    expect(half.capacity[6]).toBe(1);
    expect(half.partHeight[6]).toBe(1);
  });

  it('special locations carry what an Other Action there gives', () => {
    const lockers = drifter.specials.find((s) => s.kind === 'lockers');
    expect(lockers).toMatchObject({ square: at(12, 0), grenades: 1, locatesSource: false });
    expect(drifter.specials.find((s) => s.kind === 'console')).toMatchObject({
      square: at(2, 1),
      locatesSource: true,
    });
  });

  it('vehicles at set-up: front square, facing, length from the type', () => {
    expect(drifter.vehicles).toEqual([
      { id: 'loader-1', type: 'cargo-loader', front: at(7, 1), facing: 4, length: 2 },
    ]);
    expect(drifter.obstacles.filter((o) => o.blackTop).map((o) => o.name)).toEqual([
      'bulkhead block',
      'bulkhead block',
      'reactor core',
    ]);
  });

  it('boarding point: the entry square, the hull side, facing in, the bridge outside', () => {
    expect(drifter.boardingPoints[0]).toMatchObject({
      square: at(0, 7),
      side: 6,
      inward: 2,
      outside: { x: -1, y: 7 },
    });
  });

  it('tile helpers: placement by local column and row, the perimeter ring, tiles through doors', () => {
    const hub = drifter.tiles.findIndex((t) => t.type === 'Hub');
    expect(tileLocalSquare(drifter, hub, 1, 1)).toBe(at(5, 5));
    expect(tileLocalSquare(drifter, hub, 5, 3)).toBe(at(9, 7));
    expect(tileLocalSquare(drifter, hub, 6, 3)).toBe(-1);
    expect(tilePerimeter(drifter, hub)).toHaveLength(16);
    expect(tilePerimeter(drifter, hub)).not.toContain(at(7, 7));
    expect(
      tilesThroughDoors(drifter, hub)
        .map((t) => drifter.tiles[t.tile]?.type)
        .sort(),
    ).toEqual(['Cargo Bay', 'Engineering Section', 'Entry Corridor', 'Tech Lab']);
    expect(drifter.tiles.map((t) => t.sourceChits).reduce((a, b) => a + b)).toBe(9);
  });

  it('occupancyProblems names every square whose figures break the arena rules', () => {
    const state = newArenaState(drifter);
    state.teamers[at(0, 0)] = 2;
    expect(occupancyProblems(drifter, state)).toEqual([]);
    state.threats[at(0, 0)] = 1;
    state.teamers[at(12, 12)] = 1;
    state.threats[at(1, 0)] = 2;
    expect(occupancyProblems(drifter, state)).toEqual([
      '(0,0): 3 figures, room for 2',
      '(0,0): a Threat with 2 Teamers',
      '(1,0): 2 Threats together',
      '(12,12): a figure inside a FULL obstacle',
      '(12,12): 1 figures, room for 0',
    ]);
  });

  it('empty tile positions are not squares and count as hull', () => {
    const l = buildArena({
      ...packArena(defaultPack),
      tiles: packArena(defaultPack).tiles.filter((t) => !(t.col === 2 && t.row === 2)),
      doors: packArena(defaultPack).doors.filter((d) => !['door-12-22', 'door-21-22'].includes(d.id)),
      obstacles: [],
    });
    expect(l.isSquare[at(12, 12)]).toBe(0);
    expect(l.tileOf[at(12, 12)]).toBe(-1);
    expect(sideKind(l, at(9, 12), 2)).toBe(SIDE_WALL);
  });
});
