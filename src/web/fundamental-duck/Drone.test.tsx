import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { bulkheadSidesAt } from '../../rules/fundamental-duck/bulkheads.ts';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import type { FdPack } from '../../rules/fundamental-duck/data/pack-schema.ts';
import { droneCovers } from '../../rules/fundamental-duck/drones.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { Facing, FdState, Teamer } from '../../rules/fundamental-duck/state.ts';
import { fixedDeal, GM, Table } from '../../rules/fundamental-duck/test-kit.ts';
import { ArenaBoard } from './ArenaBoard.tsx';
import { actionsMarkup } from './actions-kit.tsx';
import { Between } from './Between.tsx';
import {
  DroneSetUp,
  DroneWalk,
  droneCommand,
  droneSquares,
  droneWalkCommand,
  droneWalkRefusal,
  droneWalkSquares,
  mayPlaceDrone,
  ownsDrone,
} from './Drone.tsx';
import { droneCover, droneNotes } from './Drones.tsx';
import { advancedWeapons, hasAccess, IssueWeapon } from './IssueWeapon.tsx';
import { asView, type FdView } from './model.ts';
import type { FdRunner } from './runner.ts';
import { LYING_DOWN } from './StandUp.tsx';

/**
 * Drone guns, searched bulkheads, the official pay and advanced weapons at the table: what the
 * board draws comes from the state (and the rules' own cover check), the commands the forms send
 * are the ones the ruleset accepts, and what it refuses is refused with its code.
 */

const ENTRY = 3;
const viewOf = (s: FdState) => asView(fd.view(s, GM)) as FdView;

function packWithDrone(): FdPack {
  return {
    ...defaultPack,
    team: {
      ...defaultPack.team,
      teamers: defaultPack.team.teamers.map((t) =>
        t.id === 'you' ? { ...t, gear: [...t.gear, 'drone-gun'] } : t,
      ),
    },
  };
}

/** YOU (with a drone gun) at (2,8) facing south on the entry tile, activated. */
function table(): Table {
  const t = new Table(new ScriptedDice([]), fd.setup({ pack: packWithDrone() }));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 2, y: 8, facing: 4, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

const board = (v: FdView) =>
  renderToStaticMarkup(<ArenaBoard view={v} arena={arenaFor(v.rules, v.arenaId)} describe={() => ''} />);

describe('drone guns at the table', () => {
  it('lights only squares the rules take; the set-up the box sends is accepted', () => {
    const t = table();
    const v = viewOf(t.state);
    const you = v.teamers.you as Teamer;
    const arena = arenaFor(v.rules, v.arenaId);
    expect(mayPlaceDrone(v, you)).toBe(true);
    expect(mayPlaceDrone(v, v.teamers.brick as Teamer)).toBe(false);
    const squares = droneSquares(v, arena, you);
    expect(squares.size).toBeGreaterThan(0);
    // Every lit square is next to him; no square is offered that the rules would refuse.
    for (const i of squares) {
      const x = i % arena.width;
      const y = Math.floor(i / arena.width);
      expect(Math.max(Math.abs(x - 2), Math.abs(y - 8))).toBe(1);
    }
    // A square not lit (his own, one two away) makes no command.
    expect(droneCommand(you, squares, '2,8', arena.width, 0)).toBeNull();
    expect(droneCommand(you, squares, '2,6', arena.width, 0)).toBeNull();
    expect(droneCommand(you, squares, null, arena.width, 0)).toBeNull();
    const command = droneCommand(you, squares, '2,7', arena.width, 0 as Facing);
    expect(command).toEqual({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 7, facing: 0 });
    const html = renderToStaticMarkup(
      <DroneSetUp
        sel={you}
        squares={squares}
        picked="2,7"
        width={arena.width}
        busy={false}
        run={() => undefined}
        close={() => undefined}
      />,
    );
    expect(html).toMatch(/goes to \(2,7\), facing south/);
    expect(html).toMatch(/aria-label="Face south"/);
    t.dice = new ScriptedDice([1]);
    t.send(command as NonNullable<typeof command>);
    expect(t.state.drones).toHaveLength(1);
    // Set up once: the button goes (a plain drone gun stays put), and the rules refuse a second.
    const after = viewOf(t.state);
    expect(mayPlaceDrone(after, after.teamers.you as Teamer)).toBe(false);
    expect(refusalCode(() => t.send({ type: 'setUpDrone', teamerId: 'you', x: 3, y: 7, facing: 0 }))).toBe(
      'DRONE_SET_UP',
    );
  });

  it('is drawn where it stands with its facing, power and the squares it covers (the rules’ own cover)', () => {
    const t = table();
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 7, facing: 0 });
    const v = viewOf(t.state);
    const arena = arenaFor(v.rules, v.arenaId);
    const d = v.drones[0];
    if (!d) throw new Error('no drone');
    const html = board(v);
    expect(html).toMatch(/data-drone="d1" data-power="10" transform="translate\(2.5 7.5\)"/);
    expect(html).toMatch(/YOU&#x27;s drone gun, power 10/);
    expect(html).toMatch(/>P10</);
    const cover = droneCover(v, arena, d);
    expect(cover.length).toBeGreaterThan(0);
    // The same squares the rules would fire into, and only in front of it (north: y below 7).
    for (const i of cover) {
      const x = i % arena.width;
      const y = Math.floor(i / arena.width);
      expect(droneCovers(t.state, d, x, y)).toBe(true);
      expect(y).toBeLessThanOrEqual(7);
    }
    expect((html.match(/class="fd-drone-dot"/g) ?? []).length).toBe(cover.length);
    const [first] = cover;
    const fx = (first as number) % arena.width;
    const fy = Math.floor((first as number) / arena.width);
    expect(droneNotes(v, arena, fx, fy)).toEqual(['covered by a drone gun']);
    expect(droneNotes(v, arena, 2, 7)).toEqual(["YOU's drone gun, power 10"]);
    // Out of power: struck through, no cover.
    t.fold([{ type: 'drone.powered', droneId: 'd1', power: 0 }]);
    const off = board(viewOf(t.state));
    expect(off).toMatch(/fd-drone fd-drone-off/);
    expect(off).toMatch(/out of power/);
    expect(off).not.toMatch(/fd-drone-dot/);
  });

  it('greys the set-up for a ducked man, switch or not: the rules refuse it DUCKED (10.2)', () => {
    const t = table();
    const setUp = (standUp: boolean) =>
      /<button[^>]*data-testid="fd-drone-mode"[^>]*>/.exec(
        actionsMarkup(viewOf(t.state), 'you', false, standUp),
      )?.[0] ?? '';
    expect(setUp(false)).toContain('fd-drone-mode');
    expect(setUp(false)).not.toContain('disabled');
    t.send({ type: 'task', teamerId: 'you', task: 'duck' });
    for (const standUp of [false, true]) {
      expect(setUp(standUp), `switch ${standUp}`).toContain('disabled=""');
      expect(setUp(standUp), `switch ${standUp}`).toContain(`title="${LYING_DOWN}"`);
    }
    expect(refusalCode(() => t.send({ type: 'setUpDrone', teamerId: 'you', x: 2, y: 9, facing: 4 }))).toBe(
      'DUCKED',
    );
  });

  it('draws searched bulkhead sides: a weak spot (W, red) and one searched in vain (?)', () => {
    const t = table();
    const v0 = viewOf(t.state);
    const arena = arenaFor(v0.rules, v0.arenaId);
    const sides: string[] = [];
    for (let i = 0; i < arena.size && sides.length < 2; i++)
      for (const s of bulkheadSidesAt(arena, i)) if (!sides.includes(s.id)) sides.push(s.id);
    const [tried, weak] = sides as [string, string];
    t.fold([
      { type: 'bulkhead.searched', threatId: 'h1', side: tried, found: false },
      { type: 'bulkhead.searched', threatId: 'h1', side: weak, found: true },
    ]);
    const html = board(viewOf(t.state));
    expect(html).toContain(`data-bulkhead="${tried}" data-weak="no"`);
    expect(html).toContain(`data-bulkhead="${weak}" data-weak="yes"`);
    expect(html).toMatch(/searched, no weak spot/);
    expect(html).toMatch(/a weak spot, Threats may break through/);
    expect(html).toMatch(/class="fd-bulkhead-weak"/);
  });
});

describe('between missions: the official pay and advanced weapons', () => {
  function ended(): Table {
    const t = new Table(new ScriptedDice([2, 5, 1, 6, 5]));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['green'], cards: ['quiet'] } })]);
    t.send({ type: 'board' });
    for (const id of ['you', 'brick', 'sparks', 'kowalski', 'jonesy']) {
      if ((t.state.phase as string) === 'ended') break;
      t.dice = new ScriptedDice([3]);
      t.send({ type: 'activate', teamerId: id });
      t.send({ type: 'move', teamerId: id });
      t.send({ type: 'step', teamerId: id, bridge: true });
      if (t.state.phase !== 'ended') t.send({ type: 'endActivation', teamerId: id });
    }
    expect(t.state.phase).toBe('ended');
    return t;
  }
  const runner = { run: async () => true } as unknown as FdRunner;

  it('shows the pay and offers the pack’s advanced weapons; the rules refuse without access, take it with', () => {
    const t = ended();
    const v = viewOf(t.state);
    const html = renderToStaticMarkup(<Between view={v} runner={runner} />);
    expect(html).toMatch(new RegExp(`official pay ${t.state.campaign.pay}k`));
    const weapons = advancedWeapons(v);
    expect(weapons.length).toBeGreaterThan(0);
    expect(weapons.every((w) => t.state.rules.weapons[w.id]?.advanced)).toBe(true);
    expect(hasAccess(v)).toBe(false);
    expect(html).toMatch(/needs the access to advanced weapons/);
    const sent: unknown[] = [];
    const form = renderToStaticMarkup(<IssueWeapon view={v} run={(c) => sent.push(c)} />);
    for (const w of weapons) expect(form).toContain(`<option value="${w.id}"`);
    const weapon = (weapons[0] as { id: string }).id;
    const c = { type: 'issueWeapon' as const, teamerId: 'brick', weapon };
    expect(refusalCode(() => t.send(c))).toBe('NO_ACCESS');
    t.send({ type: 'awardStars', teamerId: null, stars: 5, why: 'good work' });
    t.send({ type: 'teamAdvance', advancement: 'advanced-weapons' });
    const v2 = viewOf(t.state);
    expect(hasAccess(v2)).toBe(true);
    expect(renderToStaticMarkup(<IssueWeapon view={v2} run={() => undefined} />)).toMatch(/up to 1 each/);
    expect(t.send(c)).toEqual([{ type: 'weapon.issued', teamerId: 'brick', weapon }]);
    expect(refusalCode(() => t.send(c))).toBe('ALREADY_HAS');
  });

  it('walks a walking drone: lit squares are the rules’ list, the box sends a walk they accept', () => {
    const t = table();
    // His drone gun is a walking one, set up north of him, facing north.
    t.fold([
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 7, facing: 0, power: 10, walking: true },
    ]);
    const v = viewOf(t.state);
    const you = v.teamers.you as Teamer;
    const arena = arenaFor(v.rules, v.arenaId);
    expect(ownsDrone(v, you)).toBe(true);
    expect(ownsDrone(v, v.teamers.brick as Teamer)).toBe(false);
    const squares = droneWalkSquares(v, arena, you);
    const w = arena.width;
    expect(squares.has(5 * w + 2)).toBe(true);
    // Its own square and his are never lit; nothing beyond the pack's speed is.
    expect(squares.has(7 * w + 2)).toBe(false);
    expect(squares.has(8 * w + 2)).toBe(false);
    for (const i of squares)
      expect(Math.max(Math.abs((i % w) - 2), Math.abs(Math.floor(i / w) - 7))).toBeLessThanOrEqual(
        v.rules.pack.drones.speed,
      );
    expect(droneWalkRefusal(v, arena, you)).toBeNull();
    expect(droneWalkCommand(you, squares, '2,8', w, 0)).toBeNull();
    const command = droneWalkCommand(you, squares, '2,5', w, 2 as Facing);
    expect(command).toEqual({ type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 2 });
    const html = renderToStaticMarkup(
      <DroneWalk
        sel={you}
        start={0}
        squares={squares}
        picked="2,5"
        width={w}
        busy={false}
        run={() => undefined}
        close={() => undefined}
      />,
    );
    expect(html).toMatch(/walks to \(2,5\), ending facing north/);
    expect(html).toMatch(/data-testid="fd-drone-walk-confirm"/);
    t.dice = new ScriptedDice([1]);
    const ev = t.send(command as NonNullable<typeof command>);
    expect(ev.at(-1)?.type).toBe('drone.moved');
    expect(t.state.drones[0]).toMatchObject({ x: 2, y: 5, facing: 2 });
    const after = viewOf(t.state);
    expect(after.drones?.[0]).toMatchObject({ x: 2, y: 5 });
  });

  it('gives the rules’ reason when no walk is open: a plain gun, a stopped drone', () => {
    const t = table();
    t.fold([
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 7, facing: 0, power: 10, walking: false },
    ]);
    let v = viewOf(t.state);
    const arena = arenaFor(v.rules, v.arenaId);
    expect(droneWalkSquares(v, arena, v.teamers.you as Teamer).size).toBe(0);
    expect(droneWalkRefusal(v, arena, v.teamers.you as Teamer)).toMatch(/mount/);
    expect(refusalCode(() => t.send({ type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 }))).toBe(
      'DRONE_FIXED',
    );
    const walker = table();
    walker.fold([
      { type: 'drone.set', droneId: 'd1', teamerId: 'you', x: 2, y: 7, facing: 0, power: 0, walking: true },
    ]);
    v = viewOf(walker.state);
    expect(droneWalkRefusal(v, arena, v.teamers.you as Teamer)).toMatch(/no power/);
    expect(
      refusalCode(() => walker.send({ type: 'directDrone', teamerId: 'you', x: 2, y: 5, facing: 0 })),
    ).toBe('DRONE_STOPPED');
    // Brick has no drone: the rules say so.
    expect(droneWalkRefusal(v, arena, v.teamers.brick as Teamer)).toMatch(/no drone/);
  });
});
