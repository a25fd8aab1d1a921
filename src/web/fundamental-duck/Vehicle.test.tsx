import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { vehicleSquares } from '../../rules/fundamental-duck/arena/vehicles.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState, Teamer, VehicleState } from '../../rules/fundamental-duck/state.ts';
import { GM, type Table } from '../../rules/fundamental-duck/test-kit.ts';
import { besideTheLoader, seatAtTheWheel } from '../../rules/fundamental-duck/vehicle-test-kit.ts';
import { placementOf } from '../../rules/fundamental-duck/vehicles.ts';
import { ArenaBoard } from './ArenaBoard.tsx';
import { asView, type FdView } from './model.ts';
import { TeamPanel } from './TeamPanel.tsx';
import { DriveBox, VehicleActions } from './Vehicle.tsx';
import {
  boardOptions,
  driveOf,
  driverRefusals,
  exitSquares,
  nextSteps,
  stopRefusal,
} from './vehicle-steps.ts';

/**
 * The vehicle controls at the table: what they offer is what the rules take (every step lit is
 * accepted and lands where the helper said; every square offered to get out is taken), and what
 * they hold back carries the rules' reason (no licence, no room, the stop rule).
 */

const W = 15;
const viewOf = (s: FdState) => asView(fd.view(s, GM)) as FdView;

/** YOU at (7,2) facing north, just south of the loader (front (7,1) facing south), activated. */
function table(licence = true): Table {
  const t = besideTheLoader(licence ? 'ability' : 'none');
  t.send({ type: 'activate', teamerId: 'you' });
  return t;
}

/** YOU at the wheel with the loader's front at (x, y), a drive of 2+2 begun. */
function driving(x: number, y: number, facing: 0 | 2 | 4 | 6, licence = true): Table {
  const t = seatAtTheWheel(table(licence), x, y, facing, false);
  if (!licence) return t;
  t.dice = new ScriptedDice([2, 2]);
  t.send({ type: 'drive', teamerId: 'you' });
  t.dice = new ScriptedDice([]);
  return t;
}

const you = (v: FdView) => v.teamers.you as Teamer;
/** The loader as the board draws it (its group's markup). */
const loaderOnBoard = (v: FdView) =>
  /<g data-vehicle="loader-1".*?<\/text><\/g>/.exec(
    renderToStaticMarkup(<ArenaBoard view={v} arena={arenaFor(v.rules, v.arenaId)} describe={() => ''} />),
  )?.[0] ?? '';
const loader = (s: FdState) => s.vehicles?.[0] as VehicleState;

describe('vehicle controls at the table (18)', () => {
  it('get in: offered beside the vehicle, at the wheel with the licence, as a rider without; the rules take it', () => {
    const t = table();
    const v = viewOf(t.state);
    expect(boardOptions(v, you(v))).toEqual([
      { vehicleId: 'loader-1', name: 'Cargo loader', seat: 'driver', ok: true },
    ]);
    const rider = viewOf(table(false).state);
    expect(boardOptions(rider, you(rider))[0]).toMatchObject({ seat: 'passenger', ok: true });
    const html = renderToStaticMarkup(
      <VehicleActions view={rider} sel={you(rider)} busy={false} run={() => {}} />,
    );
    expect(html).toContain('as a rider (no licence to drive)');
    // Ducked: offered, disabled, with the reason.
    t.send({ type: 'task', teamerId: 'you', task: 'duck' });
    const ducked = viewOf(t.state);
    expect(boardOptions(ducked, you(ducked))[0]).toMatchObject({
      ok: false,
      why: 'he is ducked: stand up first',
    });
    // Far from it: nothing offered.
    const far = table();
    far.send({ type: 'gmOverride', teamerId: 'you', x: 7, y: 5, facing: 0, reason: 'set-up' }, GM);
    const fv = viewOf(far.state);
    expect(boardOptions(fv, you(fv))).toEqual([]);

    const ok = table();
    ok.dice = new ScriptedDice([1]);
    ok.send({ type: 'getIn', teamerId: 'you', vehicleId: 'loader-1' });
    expect(loader(ok.state).crew).toEqual(['you']);
  });

  it('get out: every square offered is one the rules take; a load’s square is not offered', () => {
    const t = driving(7, 1, 4, false);
    const v = viewOf(t.state);
    const exits = exitSquares(v, you(v));
    expect(exits).toContainEqual({ x: 6, y: 2 });
    expect(exits).not.toContainEqual({ x: 6, y: 1 });
    for (const q of exits) {
      const u = driving(7, 1, 4, false);
      u.dice = new ScriptedDice([1]);
      u.send({ type: 'getOut', teamerId: 'you', x: q.x, y: q.y });
      expect(u.state.teamers.you).toMatchObject(q);
    }
    // Without the licence: drive and ram are shown disabled, with the reason the rules give.
    expect(driverRefusals(v, you(v))).toEqual({
      drive: 'YOU holds no licence for a Cargo loader',
      ram: 'YOU holds no licence for a Cargo loader',
    });
    expect(refusalCode(() => t.send({ type: 'drive', teamerId: 'you' }))).toBe('NO_LICENCE');
    const html = renderToStaticMarkup(<VehicleActions view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toMatch(/data-testid="fd-drive"[^>]*disabled|disabled[^>]*data-testid="fd-drive"/);
    expect(html).toContain('holds no licence for a Cargo loader');
    // Getting out is picked on the board: one button switches the picking on, then a hint says how.
    expect(html).toContain(`Get out… (${exits.length} square(s) to pick on the board)`);
    expect(html).not.toContain('fd-get-out-hint');
    const picking = renderToStaticMarkup(
      <VehicleActions
        view={v}
        sel={you(v)}
        busy={false}
        run={() => {}}
        exitPick={{ on: true, set: () => undefined }}
      />,
    );
    expect(picking).toMatch(/aria-pressed="true"[^>]*data-testid="fd-get-out">Stop picking a square/);
    expect(picking).toContain('Tap or click a lit square (O) next to the Cargo loader');
  });

  it('ram: offered to a licensed driver, then held back as already set for this turn', () => {
    const licensed = table();
    licensed.fold([{ type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' }]);
    const v = viewOf(licensed.state);
    expect(driverRefusals(v, you(v))).toEqual({ drive: null, ram: null });
    licensed.dice = new ScriptedDice([1]);
    licensed.send({ type: 'ram', teamerId: 'you' });
    const after = viewOf(licensed.state);
    expect(driverRefusals(after, you(after))?.ram).toBe('it is already set to ram this turn');
    const html = renderToStaticMarkup(
      <VehicleActions view={after} sel={you(after)} busy={false} run={() => {}} />,
    );
    expect(html).toContain('It is set to ram');
    // The team list says where he rides.
    const panel = renderToStaticMarkup(
      <TeamPanel view={after} selected="you" onSelect={() => {}} playedBy={(id) => id} />,
    );
    expect(panel).toContain('in the Cargo loader at (7,1)');
  });

  it('the next steps: each one offered is taken by the rules and lands where it said', () => {
    const v = viewOf(driving(7, 1, 4).state);
    const drive = driveOf(v, 'you');
    expect(drive).toMatchObject({ left: 4, allowance: 4 });
    const steps = nextSteps(v, drive?.v as VehicleState, 4);
    const forward = steps.find((s) => s.manoeuvre === 'forward');
    // Forward from (7,1) facing south: the front newly fills (7,2).
    expect(forward).toMatchObject({ ok: true, cost: 1, square: 2 * W + 7, front: { x: 7, y: 2, facing: 4 } });
    // The preview lights the whole loader after the step: its front at (7,2), its rear at (7,1).
    expect(forward?.placement).toEqual([2 * W + 7, 1 * W + 7]);
    const html = renderToStaticMarkup(<DriveBox view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toContain('Point at a step (or its button) to see every square the Cargo loader would fill');
    for (const s of steps.filter((x) => x.ok)) {
      const t = driving(7, 1, 4);
      // A step that takes him into a module first makes his BINGE test (a 1 always passes).
      t.dice = new ScriptedDice([1]);
      t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: s.manoeuvre });
      expect(loader(t.state)).toMatchObject({ x: s.front?.x, y: s.front?.y, facing: s.front?.facing });
      // Where the preview said the whole vehicle would stand is where the rules put it.
      const placed = vehicleSquares(placementOf(t.state, loader(t.state))).map((q) => q.y * W + q.x);
      expect([...s.placement].sort()).toEqual(placed.sort());
    }
    // Those not offered are refused by the rules.
    for (const s of steps.filter((x) => !x.ok)) {
      const t = driving(7, 1, 4);
      expect(refusalCode(() => t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: s.manoeuvre }))).toBe(
        'NO_ROOM',
      );
    }
  });

  it('no room and no points: the step is held back with its reason', () => {
    // At (7,4) facing south: the cargo door ahead is shut, loads beside the rear.
    const v = viewOf(driving(7, 4, 4).state);
    const drive = driveOf(v, 'you');
    const steps = nextSteps(v, drive?.v as VehicleState, drive?.left ?? 0);
    expect(steps.filter((s) => !s.ok).map((s) => [s.manoeuvre, s.why])).toEqual([
      ['forward', 'no room'],
      ['pivot-left', 'no room'],
      ['pivot-right', 'no room'],
    ]);
    // Reverse: the rear newly fills (7,2).
    expect(steps.find((s) => s.manoeuvre === 'reverse')).toMatchObject({ ok: true, square: 2 * W + 7 });
    expect(nextSteps(v, drive?.v as VehicleState, 0).find((s) => s.manoeuvre === 'reverse')).toMatchObject({
      ok: false,
      why: 'it needs 1 point(s), 0 left',
    });
    const html = renderToStaticMarkup(<DriveBox view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toContain('data-testid="fd-drive-left">4<');
    expect(html).toContain('(no room)');
    expect(html).toContain('Reverse [B]: 1 point(s)');
  });

  it('the stop rule: ending the drive is held back with the reason until its last moves went straight', () => {
    const t = table();
    t.fold([
      { type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' },
      {
        type: 'vehicle.moved',
        vehicleId: 'loader-1',
        manoeuvre: 'forward',
        x: 9,
        y: 7,
        facing: 0,
        cost: 0,
        bulldozed: [],
        smashed: [],
      },
    ]);
    t.dice = new ScriptedDice([5, 5]);
    t.send({ type: 'drive', teamerId: 'you' });
    // Entering a module first makes his BINGE test (a 1 always passes).
    t.dice = new ScriptedDice([1, 1, 1, 1, 1, 1, 1]);
    for (const m of ['forward', 'forward', 'reverse', 'reverse', 'reverse', 'forward'] as const)
      t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: m });
    const v = viewOf(t.state);
    expect(stopRefusal(v, loader(t.state))).toMatch(/stops only after 2 straight moves/);
    expect(refusalCode(() => t.send({ type: 'endMove', teamerId: 'you' }))).toBe('STOP_RULE');
    const html = renderToStaticMarkup(<DriveBox view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toMatch(/disabled[^>]*data-testid="fd-end-drive"|data-testid="fd-end-drive"[^>]*disabled/);
    t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    expect(stopRefusal(viewOf(t.state), loader(t.state))).toBeNull();
  });

  it('a step into a figure’s square is offered with the run-down it means, as the rules’ driveStep says', () => {
    const t = driving(7, 1, 4);
    // Brick stands where the loader's front would go.
    t.send({ type: 'gmOverride', teamerId: 'brick', x: 7, y: 2, facing: 0, reason: 'set-up' }, GM);
    const v = viewOf(t.state);
    const drive = driveOf(v, 'you');
    const forward = nextSteps(v, drive?.v as VehicleState, drive?.left ?? 0).find(
      (s) => s.manoeuvre === 'forward',
    );
    expect(forward).toMatchObject({ ok: true, runDown: ['brick'] });
    const html = renderToStaticMarkup(<DriveBox view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toMatch(/running down Brick \(a die each\)/);
    // The rules roll that die when the step is sent: a 1 misses and the loader stops short.
    t.dice = new ScriptedDice([1]);
    const ev = t.send({ type: 'manoeuvre', teamerId: 'you', manoeuvre: 'forward' });
    expect(ev.map((e) => e.type)).toContain('vehicle.ran-down');
  });

  it('shows the hull’s hits, the wreck and the pods; a wreck is held back with the rules’ WRECKED', () => {
    const t = table();
    t.fold([{ type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' }]);
    t.fold([
      {
        type: 'vehicle.attacked',
        vehicleId: 'loader-1',
        threatId: 'x1',
        how: 'grapple',
        faces: [6],
        hits: 1,
        damage: 1,
      },
    ]);
    t.fold([{ type: 'vehicle.pod-loaded', vehicleId: 'loader-1', teamerId: 'you', load: 0 }]);
    let v = viewOf(t.state);
    let html = renderToStaticMarkup(<VehicleActions view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toContain('Hull: 1 of 3 hit(s) taken. 1 cargo pod(s) aboard.');
    // The board tells the pods aboard too (its title, and V1 at the front).
    let drawn = loaderOnBoard(v);
    expect(drawn).toContain('1 cargo pod(s) aboard');
    expect(drawn).toContain('>V1<');
    expect(drawn).not.toContain('data-wrecked');
    t.fold([{ type: 'vehicle.wrecked', vehicleId: 'loader-1' }]);
    v = viewOf(t.state);
    drawn = loaderOnBoard(v);
    expect(drawn).toContain('data-wrecked="true"');
    expect(drawn).toContain('class="fd-vehicle fd-vehicle-wrecked"');
    expect(drawn).toContain('a wreck that never moves again');
    expect(drawn).toContain('>W<');
    html = renderToStaticMarkup(<VehicleActions view={v} sel={you(v)} busy={false} run={() => {}} />);
    expect(html).toContain('It is a wreck: it never moves again.');
    expect(driverRefusals(v, you(v))).toEqual({
      drive: 'the vehicle is a wreck',
      ram: 'the vehicle is a wreck',
    });
    expect(html).toContain('(the vehicle is a wreck)');
    expect(refusalCode(() => t.send({ type: 'drive', teamerId: 'you' }))).toBe('WRECKED');
  });
});
