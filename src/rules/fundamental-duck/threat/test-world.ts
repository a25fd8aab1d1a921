import { defaultPack } from '../data/pack.ts';
import { type ThreatProfile, threatProfiles } from './profile.ts';
import {
  type BulkheadSideView,
  DEFAULT_SWITCHES,
  type DoorView,
  type Facing,
  type SquareKey,
  type TeamerView,
  type ThreatReach,
  type ThreatSwitches,
  type ThreatView,
  type ThreatWorld,
} from './world.ts';

/**
 * A small hand-built `ThreatWorld` for tests: a grid of 5×5 tiles with walls and doors on square
 * sides, FULL squares, and movement costs of digest 9.2 for Threats (orthogonal 1, diagonal 1 with
 * both flanks open, 2 with one, never with none). Sight is open unless a test blocks it.
 */

const fromPack = threatProfiles(defaultPack);
function packProfile(species: string): ThreatProfile {
  const p = fromPack(species);
  if (!p) throw new Error(`the default pack lost the ${species}`);
  return p;
}

/** The default pack's species, as the AI reads them. */
export const HARPY: ThreatProfile = packProfile('harpy');
export const SKITTER: ThreatProfile = packProfile('skitter');
export const SCAVENGER: ThreatProfile = packProfile('scavenger');

export interface FakeDoor {
  id: string;
  sides: [SquareKey, SquareKey][];
  zone: SquareKey[];
  open: boolean;
  damage: number;
  shortCuts: number[];
  holes: number[];
  batteredThisTurn?: number;
}

const DX = [0, 1, 1, 1, 0, -1, -1, -1];
const DY = [-1, -1, 0, 1, 1, 1, 0, -1];

export class FakeWorld implements ThreatWorld {
  turn = 2;
  phase: 'team' | 'threat' = 'threat';
  threats: ThreatView[] = [];
  teamers: TeamerView[] = [];
  sourceTile: number | null = null;
  switches: ThreatSwitches = { ...DEFAULT_SWITCHES };
  profiles: Record<string, ThreatProfile> = { harpy: HARPY, skitter: SKITTER, scavenger: SCAVENGER };
  readonly walls = new Set<string>();
  readonly full = new Set<SquareKey>();
  readonly doors: FakeDoor[] = [];
  /** Pairs `a>b` (either order) between which there is no sight. */
  readonly blind = new Set<string>();
  /** Switch (c): bulkhead sides searched, and those with a weak spot (keys as `blindKey`). */
  readonly triedSides = new Set<string>();
  readonly weakSides = new Set<string>();
  /** Distance and routes may step diagonally past a door side (as a plain king-step measure does). */
  diagonalsPastDoors = false;
  /** Squares no Teamer can see (a shadowed recess). */
  readonly shadows = new Set<SquareKey>();

  constructor(
    readonly width = 15,
    readonly height = 15,
  ) {}

  sq(x: number, y: number): SquareKey {
    return y * this.width + x;
  }
  xy(s: SquareKey): [number, number] {
    return [s % this.width, Math.floor(s / this.width)];
  }

  addThreat(id: string, x: number, y: number, facing: Facing = 0, more: Partial<ThreatView> = {}): this {
    this.threats.push({
      id,
      species: 'harpy',
      square: this.sq(x, y),
      facing,
      wounded: false,
      waiting: false,
      acted: false,
      carrying: null,
      ...more,
    });
    return this;
  }
  addTeamer(id: string, x: number, y: number, facing: Facing = 0, more: Partial<TeamerView> = {}): this {
    this.teamers.push({ id, square: this.sq(x, y), facing, you: false, heavyWeapon: false, ...more });
    return this;
  }
  /** A wall on the side between two orthogonal neighbours. */
  wall(ax: number, ay: number, bx: number, by: number): this {
    this.walls.add(key(this.sq(ax, ay), this.sq(bx, by)));
    return this;
  }
  /** A wall along the whole vertical line west of column x (rows y0..y1). */
  wallColumn(x: number, y0: number, y1: number): this {
    for (let y = y0; y <= y1; y++) this.wall(x - 1, y, x, y);
    return this;
  }
  /** A wall along the whole horizontal line north of row y (columns x0..x1). */
  wallRow(y: number, x0: number, x1: number): this {
    for (let x = x0; x <= x1; x++) this.wall(x, y - 1, x, y);
    return this;
  }
  /** A narrow door replacing the wall between (ax,ay) and (bx,by); its zone is along the wall line. */
  door(id: string, ax: number, ay: number, bx: number, by: number, more: Partial<FakeDoor> = {}): FakeDoor {
    const a = this.sq(ax, ay);
    const b = this.sq(bx, by);
    this.walls.delete(key(a, b));
    const zone: SquareKey[] = [a, b];
    const alongX = ay === by; // a wall running north–south: the zone extends north and south
    for (const d of [-1, 1]) {
      for (const [x, y] of [
        [ax, ay],
        [bx, by],
      ] as const) {
        const nx = alongX ? x : x + d;
        const ny = alongX ? y + d : y;
        if (nx >= 0 && ny >= 0 && nx < this.width && ny < this.height) zone.push(this.sq(nx, ny));
      }
    }
    const door: FakeDoor = {
      id,
      sides: [[a, b]],
      zone,
      open: false,
      damage: 0,
      shortCuts: [],
      holes: [],
      ...more,
    };
    this.doors.push(door);
    return door;
  }

  private sideView(a: SquareKey, b: SquareKey): BulkheadSideView {
    const id = key(a, b);
    return {
      id,
      a: Math.min(a, b),
      b: Math.max(a, b),
      tried: this.triedSides.has(id),
      weakSpot: this.weakSides.has(id),
    };
  }
  bulkheadSides(s: SquareKey): readonly BulkheadSideView[] {
    const out: BulkheadSideView[] = [];
    const [x, y] = this.xy(s);
    for (const [nx, ny] of [
      [x, y - 1],
      [x + 1, y],
      [x, y + 1],
      [x - 1, y],
    ] as const) {
      if (!this.inGrid(nx, ny)) continue;
      const n = this.sq(nx, ny);
      if (this.walls.has(key(s, n)) && this.tileOf(n) !== this.tileOf(s)) out.push(this.sideView(s, n));
    }
    return out;
  }
  get weakSpots(): readonly BulkheadSideView[] {
    return [...this.weakSides].map((k) => {
      const [a, b] = k.split('>').map(Number) as [number, number];
      return this.sideView(a, b);
    });
  }

  profile(species: string): ThreatProfile | undefined {
    return this.profiles[species];
  }
  tileOf(s: SquareKey): number {
    const [x, y] = this.xy(s);
    return Math.floor(y / 5) * Math.ceil(this.width / 5) + Math.floor(x / 5);
  }
  private sideDoor(a: SquareKey, b: SquareKey): { door: FakeDoor; side: number } | null {
    for (const door of this.doors) {
      for (let i = 0; i < door.sides.length; i++) {
        const [p, q] = door.sides[i] as [SquareKey, SquareKey];
        if ((p === a && q === b) || (p === b && q === a)) return { door, side: i };
      }
    }
    return null;
  }
  /** Can one step go from a to b (orthogonal neighbours)? `doorsOpen`: treat closed doors as passable. */
  private sideOpen(a: SquareKey, b: SquareKey, doorsOpen: boolean): boolean {
    if (this.walls.has(key(a, b))) return false;
    const d = this.sideDoor(a, b);
    if (!d || doorsOpen || d.door.open) return true;
    return d.door.holes.includes(d.side);
  }
  private inGrid(x: number, y: number): boolean {
    return x >= 0 && y >= 0 && x < this.width && y < this.height;
  }
  /** Step from a in direction f: the target square, or -1 when the step is impossible. */
  private step(
    a: SquareKey,
    f: number,
    doorsOpen: boolean,
    flankOk: (s: SquareKey) => boolean,
  ): [number, number] {
    const [x, y] = this.xy(a);
    const nx = x + (DX[f] as number);
    const ny = y + (DY[f] as number);
    if (!this.inGrid(nx, ny)) return [-1, 0];
    const b = this.sq(nx, ny);
    if (this.full.has(b)) return [-1, 0];
    if (f % 2 === 0) return this.sideOpen(a, b, doorsOpen) ? [b, 1] : [-1, 0];
    // Diagonal: through one of the two flanking squares with open sides both ways.
    const c1 = this.sq(nx, y);
    const c2 = this.sq(x, ny);
    // A door side is crossed only by an orthogonal step (digest §4), so a diagonal never goes through
    // one, unless this world measures distance like a plain king-step that ignores doors.
    const plain = (p: SquareKey, q: SquareKey) =>
      (this.sideDoor(p, q) === null || (doorsOpen && this.diagonalsPastDoors)) &&
      this.sideOpen(p, q, doorsOpen);
    const open1 = flankOk(c1) && plain(a, c1) && plain(c1, b);
    const open2 = flankOk(c2) && plain(a, c2) && plain(c2, b);
    if (open1 && open2) return [b, 1];
    if (open1 || open2) return [b, 2];
    return [-1, 0];
  }
  private bfs(from: SquareKey): { dist: Int32Array; parent: Int32Array } {
    const n = this.width * this.height;
    const dist = new Int32Array(n).fill(-1);
    const parent = new Int32Array(n).fill(-1);
    const queue = [from];
    dist[from] = 0;
    for (let qi = 0; qi < queue.length; qi++) {
      const a = queue[qi] as number;
      for (let f = 0; f < 8; f++) {
        const [b] = this.step(a, f, true, (s) => !this.full.has(s));
        if (b < 0 || (dist[b] as number) >= 0) continue;
        dist[b] = (dist[a] as number) + 1;
        parent[b] = a;
        queue.push(b);
      }
    }
    return { dist, parent };
  }
  distance(from: SquareKey, to: SquareKey): number {
    const d = this.bfs(from).dist[to] as number;
    return d < 0 ? Number.POSITIVE_INFINITY : d;
  }
  distanceToTile(from: SquareKey, tile: number): number {
    const { dist } = this.bfs(from);
    let best = Number.POSITIVE_INFINITY;
    for (let s = 0; s < dist.length; s++) {
      const d = dist[s] as number;
      if (d >= 0 && this.tileOf(s) === tile && d < best) best = d;
    }
    return best;
  }
  route(from: SquareKey, to: SquareKey): readonly SquareKey[] | null {
    const { dist, parent } = this.bfs(from);
    if ((dist[to] as number) < 0) return null;
    const out: SquareKey[] = [];
    for (let s = to; s !== from; s = parent[s] as number) out.push(s);
    return out.reverse();
  }
  canSee(from: SquareKey, to: SquareKey): boolean {
    if (this.blind.has(key(from, to))) return false;
    if (this.shadows.has(to) && this.teamers.some((t) => t.square === from)) return false;
    return true;
  }
  contact(a: SquareKey, b: SquareKey): boolean {
    if (a === b) return true;
    for (let f = 0; f < 8; f++) {
      const [s] = this.step(a, f, false, (q) => !this.full.has(q));
      if (s === b) return true;
    }
    return false;
  }
  isFree(s: SquareKey): boolean {
    return (
      !this.full.has(s) &&
      !this.threats.some((t) => t.square === s) &&
      !this.teamers.some((t) => t.square === s)
    );
  }
  private closedSide(a: SquareKey, b: SquareKey): FakeDoor | null {
    const d = this.sideDoor(a, b);
    if (!d || d.door.open || d.door.holes.includes(d.side)) return null;
    return d.door;
  }
  closedDoorBetween(a: SquareKey, b: SquareKey): DoorView | null {
    const [ax, ay] = this.xy(a);
    const [bx, by] = this.xy(b);
    if (ax === bx || ay === by) return this.closedSide(a, b);
    if (this.diagonalsPastDoors) return null;
    let door: FakeDoor | null = null;
    for (const c of [this.sq(bx, ay), this.sq(ax, by)]) {
      if (this.full.has(c)) continue;
      const d = this.closedSide(a, c) ?? this.closedSide(c, b);
      const walled = this.walls.has(key(a, c)) || this.walls.has(key(c, b));
      if (!d && !walled) return null; // an open way round
      if (d) door = d;
    }
    return door;
  }
  reach(threatId: string, allowance: number): ThreatReach {
    const me = this.threats.find((t) => t.id === threatId) as ThreatView;
    const n = this.width * this.height;
    const cost = new Float64Array(n).fill(Number.POSITIVE_INFINITY);
    const parent = new Int32Array(n).fill(-1);
    const teamerCount = (s: SquareKey) => this.teamers.filter((t) => t.square === s).length;
    const threatOn = (s: SquareKey) => this.threats.some((t) => t.id !== me.id && t.square === s);
    const flankOk = (s: SquareKey) => !this.full.has(s) && teamerCount(s) === 0;
    cost[me.square] = 0;
    const open = [me.square];
    while (open.length > 0) {
      let bi = 0;
      for (let i = 1; i < open.length; i++)
        if ((cost[open[i] as number] as number) < (cost[open[bi] as number] as number)) bi = i;
      const a = open.splice(bi, 1)[0] as number;
      // Threats never pass through a Teamer's square (they may end in it).
      if (a !== me.square && teamerCount(a) > 0) continue;
      for (let f = 0; f < 8; f++) {
        const [b, c] = this.step(a, f, false, flankOk);
        if (b < 0 || threatOn(b) || teamerCount(b) > 1) continue;
        const nc = (cost[a] as number) + c;
        if (nc > allowance || nc >= (cost[b] as number)) continue;
        cost[b] = nc;
        parent[b] = a;
        open.push(b);
      }
    }
    const squares: SquareKey[] = [];
    for (let s = 0; s < n; s++) if (s !== me.square && (cost[s] as number) <= allowance) squares.push(s);
    return {
      squares,
      cost: (s) => (s === me.square ? 0 : (cost[s] as number)),
      path: (s) => {
        const out: SquareKey[] = [];
        for (let p = s; p !== me.square && p >= 0; p = parent[p] as number) out.push(p);
        return out.reverse();
      },
    };
  }
}

function key(a: SquareKey, b: SquareKey): string {
  return a < b ? `${a}>${b}` : `${b}>${a}`;
}

/** `blind` helper: no sight between two squares. */
export function blindKey(a: SquareKey, b: SquareKey): string {
  return key(a, b);
}

/** The path of a move or drag action (empty for any other). */
export function pathOf(a: { readonly kind: string } | undefined): readonly SquareKey[] {
  return a && 'path' in a ? (a.path as readonly SquareKey[]) : [];
}
