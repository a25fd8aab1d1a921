import type { PackArena, PackDoor, PackLoad, PackObstacle } from '../data/pack-schema.ts';
import { type Arena, type ArenaState, buildArena, newArenaState } from './model.ts';

/**
 * Small hand-built arenas for tests: `cols × rows` plain tiles with the doors, walls and obstacles
 * given, and an ArenaState with figures placed by coordinates.
 */
export interface TestArenaSpec {
  readonly cols?: number;
  readonly rows?: number;
  readonly walls?: PackArena['walls'];
  readonly doors?: readonly (Omit<PackDoor, 'open' | 'stuck' | 'kind'> & Partial<PackDoor>)[];
  readonly obstacles?: readonly (Omit<PackObstacle, 'part' | 'name' | 'blackTop'> & Partial<PackObstacle>)[];
  readonly loads?: readonly (Omit<PackLoad, 'extreme' | 'marked' | 'portable' | 'contraband'> &
    Partial<PackLoad>)[];
}

export function testPackArena(spec: TestArenaSpec = {}): PackArena {
  const cols = spec.cols ?? 1;
  const rows = spec.rows ?? 1;
  const tiles = [];
  for (let row = 0; row < rows; row++)
    for (let col = 0; col < cols; col++) tiles.push({ col, row, type: 'Hub' });
  return {
    id: 'test',
    name: 'Test arena',
    cols,
    rows,
    tiles,
    walls: spec.walls ?? [],
    doors: (spec.doors ?? []).map((d) => ({ kind: 'narrow', open: false, stuck: false, ...d })),
    obstacles: (spec.obstacles ?? []).map((o) => ({
      part: 'whole',
      name: 'obstacle',
      blackTop: false,
      ...o,
    })),
    loads: (spec.loads ?? []).map((l) => ({
      extreme: false,
      marked: false,
      portable: false,
      contraband: null,
      ...l,
    })),
    specials: [],
    boardingPoints: [{ id: 'bp', x: 0, y: 2, side: 'w', kind: 'airlock', name: 'Airlock' }],
    vehicles: [],
    threatSpecies: 'harpy',
  };
}

export function testArena(spec: TestArenaSpec = {}): Arena {
  return buildArena(testPackArena(spec));
}

export interface Figures {
  readonly teamers?: readonly (readonly [number, number])[];
  readonly ducked?: readonly (readonly [number, number])[];
  readonly threats?: readonly (readonly [number, number])[];
  readonly machines?: readonly (readonly [number, number])[];
  /** Ids of doors that stand open. */
  readonly open?: readonly string[];
}

/** A state of `arena` with these figures (ducked Teamers count as Teamers too). */
export function testState(arena: Arena, figures: Figures = {}): ArenaState {
  const state = newArenaState(arena);
  const at = ([x, y]: readonly [number, number]) => y * arena.width + x;
  for (const s of figures.teamers ?? []) state.teamers[at(s)] = (state.teamers[at(s)] as number) + 1;
  for (const s of figures.ducked ?? []) {
    state.teamers[at(s)] = (state.teamers[at(s)] as number) + 1;
    state.ducked[at(s)] = (state.ducked[at(s)] as number) + 1;
  }
  for (const s of figures.threats ?? []) state.threats[at(s)] = (state.threats[at(s)] as number) + 1;
  for (const s of figures.machines ?? []) state.machines[at(s)] = 1;
  for (const id of figures.open ?? []) {
    const door = arena.doors.find((d) => d.id === id);
    if (!door) throw new Error(`no door ${id}`);
    state.doorOpen[door.index] = 1;
  }
  return state;
}
