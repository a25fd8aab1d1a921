import { useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import type { Arena } from '../../rules/fundamental-duck/arena/model.ts';
import {
  type PathStage,
  pathTo,
  type Reach,
  reachable,
} from '../../rules/fundamental-duck/arena/movement.ts';
import type { Position } from '../../rules/fundamental-duck/arena/positions.ts';
import type { VehicleManoeuvre } from '../../rules/fundamental-duck/arena/vehicles.ts';
import { arenaFor, arenaStateOf } from '../../rules/fundamental-duck/board-adapter.ts';
import type { CoverStage } from '../../rules/fundamental-duck/chicken.ts';
import { shotPreview } from '../../rules/fundamental-duck/combat.ts';
import type { FdCommand } from '../../rules/fundamental-duck/commands.ts';
import { defaultPack } from '../../rules/fundamental-duck/data/pack.ts';
import { canMove, mayStandWithWait } from '../../rules/fundamental-duck/legal.ts';
import { teamerMoveOptions } from '../../rules/fundamental-duck/movement.ts';
import type { Facing, Teamer } from '../../rules/fundamental-duck/state.ts';
import { vehicleOfCrew } from '../../rules/fundamental-duck/vehicles.ts';
import { DicePrompt, OwnDiceToggle, RefusalBanner } from '../dice/DicePrompt.tsx';
import { TableLogContext } from '../pages/TablePage.tsx';
import type { SystemPanelProps } from '../systems.tsx';
import { ArenaBoard } from './ArenaBoard.tsx';
import { Between } from './Between.tsx';
import { CarryButtons } from './Carry.tsx';
import { CeilingButtons } from './Ceiling.tsx';
import { CoverNote } from './CoverNote.tsx';
import { chickenWalk } from './chicken-walk.ts';
import { ShutDoor } from './Divers.tsx';
import { OverrideButton } from './DoorOverride.tsx';
import {
  DroneSetUp,
  DroneWalk,
  droneSquares,
  droneWalkRefusal,
  droneWalkSquares,
  mayPlaceDrone,
  ownsDrone,
} from './Drone.tsx';
import { droneNotes } from './Drones.tsx';
import { FacingPicker } from './FacingPicker.tsx';
import { FLOOR_GEAR_KEY, floorGearNotes } from './FloorGear.tsx';
import { type FireSquare, fireClass, fireSquare, percent } from './fire.ts';
import { GmOverrides } from './Gm.tsx';
import { JuggleButtons, PLACE } from './Juggle.tsx';
import {
  asState,
  asView,
  explored,
  FACING_NAMES,
  type FdView,
  figureName,
  mayCommand,
  PING_MARK,
  type SeatRef,
  teamersOf,
  threatsOf,
  WOUND_LABEL,
} from './model.ts';
import { MissionOdds } from './Odds.tsx';
import { PackFile } from './Pack.tsx';
import { freePlaces, PositionPicker, placeToSend } from './Position.tsx';
import { type FdRunner, useFdRunner } from './runner.ts';
import {
  LyingDownNote,
  lyingRefusal,
  OrderButton,
  OrderCheck,
  StandUpToggle,
  standingUp,
} from './StandUp.tsx';
import { scattersOf } from './scatter.ts';
import { ExamineButtons, loadFinding } from './Tampering.tsx';
import { TeamPanel } from './TeamPanel.tsx';
import { Teams } from './Teams.tsx';
import { ThreatTurn, useThreatPlayback } from './ThreatTurn.tsx';
import { DriveBox, VehicleActions } from './Vehicle.tsx';
import {
  driveOf,
  exitSquares,
  MANOEUVRE_LABEL,
  MANOEUVRE_MARK,
  type NextStep,
  nextSteps,
} from './vehicle-steps.ts';
import { yourMove } from './your-move.ts';
import './fundamental-duck.css';

/**
 * The Fundamental Duck! table, mounted by the app shell for tables of that system. It reads only
 * the seat's view and sends commands; every rule question (where a Teamer can go and at what
 * cost, what he can see and fire into) is answered by the ruleset's own functions run on the view.
 */
export function FundamentalDuckTable(props: SystemPanelProps) {
  const view = useMemo(() => asView(props.view), [props.view]);
  if (!view) return <p className="fd-muted">Loading the Fundamental Duck! table…</p>;
  return <Table {...props} view={view} />;
}

type Mode = 'look' | 'fire' | 'turn' | 'drone' | 'droneWalk' | 'getOut';

const NO_SQUARES: ReadonlySet<number> = new Set();

interface MovePlan {
  readonly square: number;
  readonly facing: Facing;
}

function Table({ view, seat, seats, send, tableId }: Omit<SystemPanelProps, 'view'> & { view: FdView }) {
  const runner = useFdRunner(send);
  const viewRef = useRef(view);
  viewRef.current = view;
  const arena = useMemo(() => arenaFor(view.rules, view.arenaId), [view.rules, view.arenaId]);
  const state = asState(view);
  const astate = arenaStateOf(state);
  const w = arena.width;
  const p = view.pending;
  const playback = useThreatPlayback(view, tableId);
  const log = useContext(TableLogContext);
  const scatters = useMemo(() => scattersOf(log), [log]);

  const [chosen, setChosen] = useState<string | null>(null);
  const [mode, setMode] = useState<Mode>('look');
  const [weapon, setWeapon] = useState<string | null>(null);
  const [plan, setPlan] = useState<MovePlan | null>(null);
  const [hover, setHover] = useState<number | null>(null);
  const [fireAt, setFireAt] = useState<number | null>(null);
  const [turnTo, setTurnTo] = useState<Facing | null>(null);
  // The square last chosen on the board: the GM's overrides offer it as a figure's new square.
  const [picked, setPicked] = useState<string | null>(null);

  // The Teamer the controls are for: the one chosen, else whoever the table waits on.
  const defaultId =
    p.moving ?? p.activated[0] ?? p.interrupt?.teamerIds[0] ?? p.nextTeamer ?? view.teamOrder[0] ?? null;
  const selectedId = chosen && view.teamers[chosen] ? chosen : defaultId;
  const sel: Teamer | null = selectedId ? (view.teamers[selectedId] ?? null) : null;
  const mine = sel !== null && mayCommand(seat, sel);
  const moving = sel !== null && p.moving === sel.id && view.move !== null;
  // 10.2: a ducked Teamer about to pay with his WAIT chit may stand up with the action. The switch
  // belongs to the Teamer it was turned on for and goes off once he may no longer stand that way
  // (he is up, his WAIT chit is spent): never a stale stand-up. It reaches every command that takes
  // `standUp` (`standingUp`): the order panel's buttons, the fire box and the M key.
  const [standFor, setStandFor] = useState<string | null>(null);
  const standable = sel !== null && mine && mayStandWithWait(state, sel);
  const standUp = standable && standFor === sel.id;
  useEffect(() => {
    if (!standable) setStandFor(null);
  }, [standable]);

  // Drop plans that no longer fit the state (another step came in, the move ended).
  const stateKey = `${view.turn}|${view.phase}|${p.moving}|${view.move?.spent}|${sel?.x},${sel?.y},${sel?.facing}`;
  const lastKey = useRef(stateKey);
  useEffect(() => {
    if (lastKey.current !== stateKey) {
      lastKey.current = stateKey;
      setPlan(null);
      setFireAt(null);
      setTurnTo(null);
      if (!p.moving && mode === 'turn') setMode('look');
    }
  }, [stateKey, p.moving, mode]);

  // Reach of the move in progress: the ruleset's own search, with the points left.
  const reach: Reach | null = useMemo(() => {
    // Up in the ceiling (19) his steps are the ceiling's crawl buttons (Ceiling.tsx), not the floor's reach.
    if (!moving || !sel || !view.move || sel.x === null || sel.y === null || sel.up === true) return null;
    // A drive's steps are the vehicle's (driveSteps below), not his own.
    if (view.move.vehicleId !== undefined) return null;
    return reachable(
      arena,
      astate,
      { x: sel.x, y: sel.y },
      sel.facing,
      view.move.allowance - view.move.spent,
      teamerMoveOptions({ rules: view.rules }),
    );
  }, [moving, sel, view.move, arena, astate, view.rules]);
  const onBridge = moving && sel !== null && sel.x === null;
  // The entry square is open to a Teamer on the bridge unless a Threat or two Teamers stand there.
  // Where the Team boards: the table's chosen entry (a boarding point, or a forced entry).
  const entryAt = view.entry ? view.entry.y * w + view.entry.x : (arena.boardingPoints[0]?.square ?? -1);
  const entryFull =
    entryAt >= 0 &&
    (threatsOf(view).some((t) => t.y * w + t.x === entryAt) ||
      teamersOf(view).filter((t) => t.x !== null && t.y !== null && t.y * w + t.x === entryAt && !t.left)
        .length >= 2);
  const entry = entryFull ? -1 : entryAt;

  const previewSquare = plan?.square ?? hover;
  const path = useMemo(() => {
    if (!reach || previewSquare === null || (reach.cost[previewSquare] ?? -1) <= 0) return null;
    return pathTo(reach, previewSquare);
  }, [reach, previewSquare]);
  // 12: a chicken ending his move there walks on to cover (the rules' own walk): shown beforehand.
  const coverPath = useMemo(
    () =>
      reach && sel
        ? chickenWalk(view, sel, reach, path && previewSquare !== null ? previewSquare : null, w)
        : null,
    [reach, sel, view, path, previewSquare, w],
  );
  const coverSet = useMemo(() => new Set(coverPath?.slice(1).map((s) => s.square) ?? []), [coverPath]);

  // Fire overlay for the chosen weapon.
  // Up in the ceiling (19) his only shots are the ceiling's "Shoot up" buttons (Ceiling.tsx): no floor aiming.
  const fireWeapons =
    sel && sel.up !== true
      ? sel.weapons.filter(
          (id, i, all) =>
            all.indexOf(id) === i &&
            ['gun', 'flamer', 'grenade'].includes(view.rules.weapons[id]?.kind ?? ''),
        )
      : [];
  const fireWeapon = weapon && fireWeapons.includes(weapon) ? weapon : (fireWeapons[0] ?? null);
  const fire = useMemo(() => {
    if (mode !== 'fire' || !sel || !fireWeapon || sel.x === null) return null;
    const out = new Map<number, FireSquare>();
    // Standing up as he fires (10.2), he fires as a standing man: the preview is made standing.
    const from = standUp
      ? { ...state, teamers: { ...state.teamers, [sel.id]: { ...sel, ducked: false } } }
      : state;
    // The ruleset's own preview of a SHOOT at each square (the checks and the exact chances).
    for (let i = 0; i < arena.size; i++) {
      if (arena.isSquare[i] !== 1) continue;
      out.set(i, fireSquare(shotPreview(from, sel.id, fireWeapon, i % w, Math.floor(i / w))));
    }
    return out;
  }, [mode, sel, fireWeapon, state, arena, w, standUp]);

  // A drive under way: the square each manoeuvre he can take now would newly fill (the rules' driveStep).
  const driveSteps = useMemo(() => {
    const out = new Map<number, NextStep>();
    const drive = moving && sel ? driveOf(view, sel.id) : null;
    if (drive)
      for (const s of nextSteps(view, drive.v, drive.left))
        if (s.ok && s.square !== null) out.set(s.square, s);
    return out;
  }, [moving, sel, view]);
  // The drive's preview: every square the vehicle fills after the step pointed at (a lit square on
  // the board, or a step button hovered or focused), not only the one it newly fills.
  const [stepShown, setStepShown] = useState<VehicleManoeuvre | null>(null);
  const driveAfter = useMemo(() => {
    const shown =
      (stepShown !== null ? [...driveSteps.values()].find((s) => s.manoeuvre === stepShown) : undefined) ??
      (hover !== null ? driveSteps.get(hover) : undefined);
    return new Set(shown?.placement ?? []);
  }, [driveSteps, stepShown, hover]);
  // Getting out of a vehicle: the squares the rules would take are lit; a pick there sends it.
  const exitAt = useMemo(
    () => (mode === 'getOut' && sel ? new Set(exitSquares(view, sel).map((q) => q.y * w + q.x)) : NO_SQUARES),
    [mode, sel, view, w],
  );
  const pathSet = useMemo(() => new Set(path?.map((s) => s.square) ?? []), [path]);
  // Setting up a drone gun: the squares the rules would take are lit, the one picked marked.
  const droneAt = useMemo(
    () =>
      !sel
        ? NO_SQUARES
        : mode === 'drone'
          ? droneSquares(view, arena, sel)
          : mode === 'droneWalk'
            ? droneWalkSquares(view, arena, sel)
            : NO_SQUARES,
    [mode, sel, view, arena],
  );
  const squareClass = useCallback(
    (i: number): string | undefined => {
      if (droneAt.size > 0)
        return droneAt.has(i)
          ? picked === `${i % w},${Math.floor(i / w)}`
            ? 'fd-target'
            : 'fd-reach'
          : undefined;
      if (fire) return i === fireAt && fire.get(i)?.ok ? 'fd-target' : fireClass(fire.get(i));
      if (exitAt.size > 0) return exitAt.has(i) ? 'fd-reach fd-exit' : undefined;
      if (driveSteps.has(i)) return driveAfter.has(i) ? 'fd-path fd-drive-step' : 'fd-reach fd-drive-step';
      if (driveAfter.has(i)) return 'fd-path fd-drive-after';
      if (coverSet.has(i)) return 'fd-chicken';
      if (plan && i === plan.square) return 'fd-target';
      if (pathSet.has(i)) return 'fd-path';
      if (reach && (reach.cost[i] ?? -1) > 0) return 'fd-reach';
      if (onBridge && i === entry) return 'fd-reach';
      return undefined;
    },
    [
      droneAt,
      picked,
      w,
      fire,
      fireAt,
      exitAt,
      driveSteps,
      driveAfter,
      coverSet,
      plan,
      pathSet,
      reach,
      onBridge,
      entry,
    ],
  );
  const labels = useMemo(() => {
    const m = new Map<number, string>();
    if (fire) {
      for (const [i, f] of fire)
        if (f.ok && f.target !== undefined && f.chance !== undefined) m.set(i, percent(f.chance));
    } else if (exitAt.size > 0) {
      for (const i of exitAt) m.set(i, 'O');
    } else if (driveSteps.size > 0) {
      for (const [i, s] of driveSteps) m.set(i, MANOEUVRE_MARK[s.manoeuvre]);
    } else if (reach) {
      for (let i = 0; i < reach.cost.length; i++) {
        const c = reach.cost[i] as number;
        if (c > 0) m.set(i, String(c));
      }
    } else if (onBridge && entry >= 0) m.set(entry, '1');
    return m;
  }, [fire, exitAt, driveSteps, reach, onBridge, entry]);

  const describe = (x: number, y: number): string => {
    const i = y * w + x;
    const parts = [`Square ${x},${y}`];
    const tile = view.tiles[arena.tileOf[i] as number];
    if (!explored(tile)) parts.push('unexplored');
    for (const t of teamersOf(view))
      if (t.x === x && t.y === y && !t.left)
        parts.push(
          `${t.name} facing ${FACING_NAMES[t.facing]}, ${WOUND_LABEL[Math.min(3, t.wounds)]}${t.ducked ? ', ducked' : ''}${t.carrying ? `, carrying ${view.teamers[t.carrying]?.name ?? t.carrying}` : ''}${t.cargo !== null ? ', carrying cargo' : ''}`,
        );
    for (const th of playback.threats ?? threatsOf(view))
      if (th.x === x && th.y === y)
        parts.push(
          `${figureName(view, th.id)} facing ${FACING_NAMES[th.facing]}${th.eye ? ', hidden and waiting' : ''}`,
        );
    parts.push(...droneNotes(view, arena, x, y));
    parts.push(...floorGearNotes(view, x, y));
    for (const l of arena.loads) {
      const s = view.loads[l.index];
      if (!s || s.at !== i || s.delivered || !explored(tile)) continue;
      const found = loadFinding(s);
      parts.push(`cargo load ${l.index + 1}${s.lost ? ', lost' : ''}${found ? `, examined: ${found}` : ''}`);
    }
    const height = arena.wholeHeight[i] as number;
    if (height > 0 && explored(tile)) parts.push(`${['', 'low', 'high', 'full'][height]} obstacle`);
    if (reach && (reach.cost[i] ?? -1) > 0) parts.push(`reach: ${reach.cost[i]} point(s)`);
    if (coverPath && coverPath.at(-1)?.square === i)
      parts.push('his nerve takes him here if he ends the move');
    const step = driveSteps.get(i);
    if (step) parts.push(`drive: ${MANOEUVRE_LABEL[step.manoeuvre].toLowerCase()}, ${step.cost} point(s)`);
    if (exitAt.has(i)) parts.push('get out here');
    if (fire) {
      const f = fire.get(i);
      if (f?.ok)
        parts.push(
          f.chance !== undefined
            ? `can fire: ${percent(f.chance)} to hit${f.kill !== undefined ? `, ${percent(f.kill)} to kill` : ''}`
            : 'can fire',
        );
      else if (f?.reason && f.why !== 'arc') parts.push(`cannot fire: ${f.reason}`);
    }
    return parts.join('; ');
  };

  const go = useCallback(() => viewRef.current.move?.teamerId === sel?.id, [sel]);

  /** The commands that walk the planned path (turns on the spot and steps), then end the move. */
  const commitMove = async (end: boolean) => {
    if (!sel) return;
    if (onBridge) {
      if (entry < 0) return;
      await runner.run({ type: 'step', teamerId: sel.id, x: entry % w, y: Math.floor(entry / w) });
      return;
    }
    if (!plan || !reach) return;
    const stages = pathTo(reach, plan.square);
    if (!stages) return;
    const commands: FdCommand[] = [];
    for (let k = 1; k < stages.length; k++) {
      const s = stages[k];
      const before = stages[k - 1];
      if (!s || !before) continue;
      if (s.square === before.square) commands.push({ type: 'turn', teamerId: sel.id, facing: s.facing });
      else commands.push({ type: 'step', teamerId: sel.id, x: s.square % w, y: Math.floor(s.square / w) });
    }
    const ok = await runner.runEach(commands, go);
    if (ok && end && go()) await runner.run({ type: 'endMove', teamerId: sel.id, facing: plan.facing });
    setPlan(null);
  };

  const commitFire = async () => {
    if (!sel || fireAt === null || !fireWeapon) return;
    const f = fire?.get(fireAt);
    const shot: FdCommand = {
      type: 'shoot',
      teamerId: sel.id,
      weapon: fireWeapon,
      x: fireAt % w,
      y: Math.floor(fireAt / w),
      ...(f?.duck?.length ? { duck: [...f.duck] } : {}),
    };
    await runner.run(standUp ? standingUp(shot) : shot);
    setFireAt(null);
    setMode('look');
  };

  const onSquare = (x: number, y: number) => {
    const i = y * w + x;
    setPicked(`${x},${y}`);
    if (mode === 'drone' || mode === 'droneWalk') return;
    if (mode === 'getOut') {
      if (exitAt.has(i) && mine && sel) {
        void runner.run({ type: 'getOut', teamerId: sel.id, x, y });
        setMode('look');
      }
      return;
    }
    const step = driveSteps.get(i);
    if (step && mine && sel) {
      void runner.run({ type: 'manoeuvre', teamerId: sel.id, manoeuvre: step.manoeuvre });
      return;
    }
    if (fire) {
      const f = fire.get(i);
      if (f?.ok) {
        if (fireAt === i) void commitFire();
        else setFireAt(i);
      }
      return;
    }
    if (reach && (reach.cost[i] ?? -1) > 0 && mine) {
      if (plan?.square === i) void commitMove(true);
      else setPlan({ square: i, facing: (reach.facing[i] ?? sel?.facing ?? 0) as Facing });
      return;
    }
    if (onBridge && i === entry && mine) {
      void commitMove(false);
      return;
    }
    // Otherwise: choose the Teamer standing there (the next one if two share the square).
    const here = teamersOf(view).filter((t) => t.x === x && t.y === y && !t.left);
    if (here.length > 0) {
      const k = here.findIndex((t) => t.id === selectedId);
      setChosen((here[(k + 1) % here.length] as Teamer).id);
      setMode('look');
    }
  };

  /** A command key pressed while the last command was unanswered, to act once it is (onKey). */
  const heldKey = useRef<string | null>(null);
  /** A command key's order: true when it sent one, false when the key means nothing now. */
  const commandKey = (key: string): boolean => {
    if ((key === 'm' || key === 'M') && sel && !moving && mine)
      // A rider's move is the drive (the rules refuse his own steps while he rides); the stand-up
      // switch, when on, stands him up with his move.
      void runner.run(
        vehicleOfCrew(state, sel.id)
          ? { type: 'drive', teamerId: sel.id }
          : standingUp({ type: 'move', teamerId: sel.id }, standUp),
      );
    else if ((key === 'e' || key === 'E') && sel && moving)
      void runner.run({ type: 'endMove', teamerId: sel.id });
    else if ((key === 'a' || key === 'A') && p.nextTeamer && !p.activated.length)
      void runner.run({ type: 'activate', teamerId: p.nextTeamer });
    else if ((key === 'u' || key === 'U') && view.pending.undo) void runner.run({ type: 'undo' });
    else return false;
    return true;
  };

  const onKey = (e: KeyboardEvent) => {
    const tag = (e.target as HTMLElement).tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey)
      return;
    if (e.key === 'Escape') {
      setPlan(null);
      setFireAt(null);
      setMode('look');
      setTurnTo(null);
    } else if (e.key === 'f' || e.key === 'F') setMode((m) => (m === 'fire' ? 'look' : 'fire'));
    // A command key pressed before the last command's result is on the page would act on a state
    // already gone: it waits (the latest one) and acts once the result is in, on the state that
    // brought (`heldKey`), so a key typed ahead is not lost; one that no longer applies then (a
    // second activation) does nothing, as it would pressed then.
    else if (runner.busy && /^[aemu]$/i.test(e.key)) heldKey.current = e.key;
    else if ((e.key === 's' || e.key === 'S') && sel && standable) setStandFor(standUp ? null : sel.id);
    else if (e.key === 'n' || e.key === 'N') {
      const ids = view.teamOrder;
      const k = ids.indexOf(selectedId ?? '');
      setChosen(ids[(k + 1) % ids.length] ?? null);
    } else if (!commandKey(e.key)) return;
    e.preventDefault();
  };

  // The table's letter keys work wherever the focus is inside it (the board, a button): listened
  // to on the root, which is no control of its own.
  const rootRef = useRef<HTMLDivElement>(null);
  const keyRef = useRef(onKey);
  keyRef.current = onKey;
  const commandKeyRef = useRef(commandKey);
  commandKeyRef.current = commandKey;
  // The render that clears `busy` holds the answered command's view (connection.ts settles a
  // command only once its result is in the view), so the held key acts on the state it brought.
  useEffect(() => {
    if (runner.busy || heldKey.current === null) return;
    const key = heldKey.current;
    heldKey.current = null;
    commandKeyRef.current(key);
  }, [runner.busy]);
  useEffect(() => {
    const root = rootRef.current;
    if (!root) return;
    const listener = (e: KeyboardEvent) => keyRef.current(e);
    root.addEventListener('keydown', listener);
    return () => root.removeEventListener('keydown', listener);
  }, []);

  const prompt = yourMove(view, seat);
  const seatName = (id: string) => seats.find((s) => s.seatId === id)?.name ?? view.seats[id]?.name ?? id;
  const undoer = view.pending.undo ? view.teamers[view.pending.undo] : undefined;
  const mayUndo = undoer !== undefined && mayCommand(seat, undoer);
  return (
    <div className="fd-root" ref={rootRef} data-phase={view.phase} aria-busy={runner.busy}>
      <p className={prompt ? 'fd-your-move' : 'fd-waiting'} role="status" data-testid="fd-your-move">
        {prompt ? (
          <>
            <strong>Your move:</strong> {prompt}
          </>
        ) : view.phase === 'ended' ? (
          'The mission is over.'
        ) : (
          'Waiting for the other players.'
        )}
      </p>
      <div className="fd-dice">
        {seat.role !== 'spectator' ? <OwnDiceToggle sender={runner.sender} /> : null}
        {view.pending.undo && mayUndo ? (
          <button
            type="button"
            disabled={runner.busy}
            onClick={() => void runner.run({ type: 'undo' })}
            data-testid="fd-undo"
          >
            Undo {view.teamers[view.pending.undo]?.name ?? ''}’s last step (U)
          </button>
        ) : null}
      </div>
      <RefusalBanner sender={runner.sender} />
      <DicePrompt sender={runner.sender} />
      {view.phase === 'briefing' ? (
        <Briefing view={view} seat={seat} runner={runner} picked={picked} />
      ) : null}
      {/* The outcome waits for the aliens' last turn to be played back: no spoiler. */}
      {view.phase === 'ended' && !playback.playing ? <Evaluation view={view} /> : null}
      {view.phase === 'ended' && !playback.playing && seat.role !== 'spectator' ? (
        <Between view={view} runner={runner} />
      ) : null}
      <div className="fd-layout">
        <div className="fd-board-col">
          <ArenaBoard
            view={view}
            arena={arena}
            squareClass={squareClass}
            labels={labels}
            threatsShown={playback.threats}
            scatters={scatters}
            selected={selectedId}
            describe={describe}
            onSquare={onSquare}
            onHover={(x, y) => setHover(y * w + x)}
            overlay={
              <>
                <PathOverlay path={path} plan={plan} w={w} />
                <CoverOverlay walk={coverPath} w={w} />
              </>
            }
          />
          <Legend />
        </div>
        <div className="fd-side-col">
          {p.interrupt ? (
            <WaitPrompt
              view={view}
              seat={seat}
              runner={runner}
              tableId={tableId}
              onFire={(id) => {
                // Aim at the Threats where they stand now, not where the aliens' turn playback
                // shows them a step or two behind: the playback jumps to its end.
                if (playback.playing) playback.skip();
                setChosen(id);
                setMode('fire');
              }}
            />
          ) : null}
          {sel ? (
            <Actions
              view={view}
              seat={seat}
              sel={sel}
              mine={mine}
              runner={runner}
              mode={mode}
              setMode={setMode}
              moving={moving}
              plan={plan}
              setPlan={setPlan}
              reachCost={plan && reach ? (reach.cost[plan.square] ?? null) : null}
              commitMove={commitMove}
              fireWeapons={fireWeapons}
              fireWeapon={fireWeapon}
              setWeapon={setWeapon}
              fireAt={fireAt}
              fireInfo={fireAt !== null ? (fire?.get(fireAt) ?? null) : null}
              commitFire={commitFire}
              cancelFire={() => setFireAt(null)}
              turnTo={turnTo}
              setTurnTo={setTurnTo}
              hoverInfo={hover !== null && fire ? (fire.get(hover) ?? null) : null}
              w={w}
              picked={picked}
              droneAt={droneAt}
              showStep={setStepShown}
              coverWalk={coverPath}
              standUp={standUp}
              setStandUp={(on) => setStandFor(on && sel ? sel.id : null)}
            />
          ) : null}
          <Teams view={view} seat={seat} runner={runner} seatName={seatName} />
          <TeamPanel
            view={view}
            selected={selectedId}
            onSelect={(id) => {
              setChosen(id);
              setMode('look');
            }}
            onClaim={
              seat.role === 'player' && view.phase !== 'ended' && !view.multiTeam
                ? (id) => void runner.run({ type: 'claimTeamer', teamerId: id })
                : undefined
            }
            playedBy={seatName}
          />
          <ThreatTurn playback={playback} />
          {seat.role === 'gm' ? (
            <GmOverrides view={view} arena={arena} runner={runner} picked={picked} />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function PathOverlay({
  path,
  plan,
  w,
}: {
  path: ReturnType<typeof pathTo>;
  plan: MovePlan | null;
  w: number;
}) {
  if (!path || path.length < 2) return null;
  const pts = path.map((s) => `${(s.square % w) + 0.5},${Math.floor(s.square / w) + 0.5}`).join(' ');
  const last = path[path.length - 1];
  const facing = plan?.facing ?? last?.facing ?? 0;
  return (
    <g>
      <polyline points={pts} className="fd-path-line" />
      {last ? (
        <g
          transform={`translate(${(last.square % w) + 0.5} ${Math.floor(last.square / w) + 0.5}) rotate(${facing * 45})`}
        >
          <path d="M0 -0.45 L0.16 -0.22 L-0.16 -0.22 Z" className="fd-path-facing" />
        </g>
      ) : null}
    </g>
  );
}

/** A chicken's walk to cover (12) drawn on from where his move would end: a line of its own. */
function CoverOverlay({ walk, w }: { walk: readonly PathStage[] | null; w: number }) {
  if (!walk || walk.length < 2) return null;
  const pts = walk.map((s) => `${(s.square % w) + 0.5},${Math.floor(s.square / w) + 0.5}`).join(' ');
  return <polyline points={pts} className="fd-chicken-line" data-testid="fd-chicken-line" />;
}

function Legend() {
  return (
    <details className="fd-legend">
      <summary>Key to the board</summary>
      <ul>
        <li>Round tokens: Teamers (first letter), the notch shows the facing; red dots are wounds.</li>
        <li>Diamonds: Threats (first letter of the species); “eye”: hidden and waiting.</li>
        <li>
          Pings:{' '}
          {Object.values(PING_MARK)
            .map((m) => `${m.letter} ${m.name}`)
            .join(' · ')}
          .
        </li>
        <li>
          Obstacles: L low, H high, F full. C cargo (C* marked; C! examined and found tampered with, C✓
          examined and untouched). Doors: D closed, o open, X holed, J jammed.
        </li>
        <li>
          S a Source chit (H the Source once turned). Numbers in squares: movement cost, or the chance to hit.
        </li>
        <li>{FLOOR_GEAR_KEY}</li>
        <li>Vehicles: a bar over their squares, V at the front (V2: two cargo pods aboard), W a wreck.</li>
        <li>
          Driving a vehicle: the lit squares are what the next step fills, F forward, B reverse, L and R a
          pivot on the front square; pointing at one shows every square the vehicle fills after it. Getting
          out: O marks each square he may climb out to.
        </li>
        <li>
          A chicken's move: the dotted red line is where his nerve walks him on to when he ends the move there
          (to keep a comrade between himself and the Threats).
        </li>
        <li>
          Keys: arrows move the cursor, Enter acts, M move (or drive), F fire mode, E end move, A activate, N
          next Teamer, S stand up as he acts (a ducked man paying with his WAIT chit), Esc cancel.
        </li>
      </ul>
    </details>
  );
}

export interface ActionsProps {
  view: FdView;
  seat: SeatRef;
  sel: Teamer;
  mine: boolean;
  runner: FdRunner;
  mode: Mode;
  setMode: (m: Mode) => void;
  moving: boolean;
  plan: MovePlan | null;
  setPlan: (p: MovePlan | null) => void;
  reachCost: number | null;
  commitMove: (end: boolean) => Promise<void>;
  fireWeapons: readonly string[];
  fireWeapon: string | null;
  setWeapon: (w: string) => void;
  fireAt: number | null;
  fireInfo: FireSquare | null;
  commitFire: () => Promise<void>;
  cancelFire: () => void;
  turnTo: Facing | null;
  setTurnTo: (f: Facing | null) => void;
  hoverInfo: FireSquare | null;
  w: number;
  /** The square last chosen on the board ("x,y"): where a carried load is set down, a drone set up. */
  picked: string | null;
  /** The squares lit for a drone gun (drone mode). */
  droneAt: ReadonlySet<number>;
  /** A drive step pointed at (its button hovered or focused), for the board's preview. */
  showStep?: (m: VehicleManoeuvre | null) => void;
  /** A chicken's walk to cover (12) if he ends his move on the plan's square (else where he stands). */
  coverWalk?: readonly CoverStage[] | null;
  /** The stand-up switch (10.2) is on for him: his next action stands him up first. */
  standUp: boolean;
  setStandUp: (on: boolean) => void;
}

/** What the chosen Teamer can do now, as buttons (each also reachable by Tab and Enter). */
export function Actions(a: ActionsProps) {
  const { view, sel, runner, w } = a;
  const p = view.pending;
  // 10.2: a ducked Teamer about to pay with his WAIT chit may stand up with the action; the switch
  // (kept by the table, which also stands him up for the fire box and the M key) adds `standUp` to
  // whichever of these buttons he presses next.
  const standable = a.mine && mayStandWithWait(asState(view), sel);
  const standUp = standable && a.standUp;
  const run = (c: FdCommand) => void runner.run(standingUp(c, standUp));
  // 10.2: lying down, the orders the rules refuse (DUCKED) are greyed with the reason, by the
  // rules' own list; with the switch on, those that then carry `standUp` stay open.
  const check = (c: FdCommand) => (a.mine ? lyingRefusal(sel, c, standUp) : null);
  const turnRefused = check({ type: 'turn', teamerId: sel.id, facing: sel.facing });
  // The place picked in the turn-on-the-spot box (sent only with the turn).
  const [turnPlace, setTurnPlace] = useState<Position>(sel.position);
  useEffect(() => setTurnPlace(sel.position), [sel.position]);
  const turnPlaces = a.mode === 'turn' ? freePlaces(view, sel, a.turnTo ?? sel.facing) : [];
  const turnPosition = placeToSend(turnPlaces, turnPlace, sel);
  const activated = p.activated.includes(sel.id);
  const holdsWait = sel.chits.includes('WAIT');
  const team = view.phase === 'team';
  const canActNow =
    team && !p.interrupt && !p.moving && (activated || (p.activated.length === 0 && holdsWait));
  const inInterrupt = p.interrupt?.teamerIds.includes(sel.id) ?? false;
  // Riding in a vehicle he drives it or gets out: his own move and turn are not offered.
  const riding = vehicleOfCrew(asState(view), sel.id) !== undefined;
  // Up in the ceiling (19) the rules take only his move, turn, chits and the ceiling's own shots and
  // grapples (IN_CEILING otherwise): the floor's vehicle, aiming, door, grapple and task buttons are not offered.
  const up = sel.up === true;
  const arena = arenaFor(view.rules, view.arenaId);
  const sq = sel.x !== null && sel.y !== null ? sel.y * w + sel.x : -1;
  const doors = sq >= 0 ? arena.doors.filter((d) => d.zone.includes(sq)) : [];
  const partner = teamersOf(view).find(
    (t) =>
      t.id !== sel.id &&
      t.x !== null &&
      t.x === sel.x &&
      t.y === sel.y &&
      t.chits.includes('READY') &&
      !view.activated.includes(t.id),
  );
  const threatsNear = threatsOf(view).filter(
    (th) => sel.x !== null && sel.y !== null && Math.max(Math.abs(th.x - sel.x), Math.abs(th.y - sel.y)) <= 1,
  );
  const hasMagazine = sel.weapons.some((id) => {
    const pw = view.rules.weapons[id];
    return pw?.kind === 'gun' && pw.magazine !== null;
  });
  return (
    <OrderCheck.Provider value={check}>
      <section className="fd-card fd-actions" aria-label={`Orders for ${sel.name}`} data-testid="fd-actions">
        <h3>
          {sel.name} <span className="fd-muted">facing {FACING_NAMES[sel.facing]}</span>
        </h3>
        {!a.mine ? <p className="fd-muted">Played by another seat.</p> : null}
        {a.mine &&
        team &&
        !p.interrupt &&
        p.activated.length === 0 &&
        !p.moving &&
        p.nextTeamer === sel.id ? (
          <div className="fd-buttons">
            <button
              type="button"
              className="primary"
              disabled={runner.busy}
              onClick={() => run({ type: 'activate', teamerId: sel.id })}
              data-testid="fd-activate"
            >
              Activate {sel.name} (A)
            </button>
            {partner ? (
              <button
                type="button"
                onClick={() => run({ type: 'activate', teamerId: sel.id, partnerId: partner.id })}
              >
                Activate with {partner.name}
              </button>
            ) : null}
          </div>
        ) : null}
        {a.mine &&
        team &&
        !p.interrupt &&
        p.activated.length === 0 &&
        !p.moving &&
        p.nextTeamer !== sel.id &&
        p.nextTeamer ? (
          <p className="fd-muted">{view.teamers[p.nextTeamer]?.name ?? p.nextTeamer} activates next.</p>
        ) : null}
        {a.mine && a.moving && view.move?.vehicleId !== undefined ? (
          <DriveBox view={view} sel={sel} busy={runner.busy} run={run} onPreview={a.showStep} />
        ) : null}
        {a.mine && a.moving && view.move && view.move.vehicleId === undefined ? (
          <div className="fd-move-box" data-testid="fd-move-box">
            <p>
              Moving: <strong>{view.move.allowance - view.move.spent}</strong> of {view.move.allowance}{' '}
              point(s) left.{' '}
              {up
                ? 'Up in the ceiling: crawl or climb down with the ceiling buttons.'
                : 'Pick a lit square (the number is its cost), then confirm.'}
            </p>
            {a.plan ? (
              <>
                <p data-testid="fd-plan">
                  To ({a.plan.square % w},{Math.floor(a.plan.square / w)}) for {a.reachCost} point(s),
                  arriving facing {FACING_NAMES[a.plan.facing]}.
                </p>
                <CoverNote walk={a.coverWalk ?? null} w={w} there />
                <FacingPicker
                  value={a.plan.facing}
                  label="Facing at the end of the move (free)"
                  onPick={(f) => a.plan && a.setPlan({ square: a.plan.square, facing: f })}
                />
                <div className="fd-buttons">
                  <button
                    type="button"
                    className="primary"
                    disabled={runner.busy}
                    onClick={() => void a.commitMove(true)}
                    data-testid="fd-confirm-move"
                  >
                    Move there and end the move
                  </button>
                  <button type="button" disabled={runner.busy} onClick={() => void a.commitMove(false)}>
                    Move there, keep moving
                  </button>
                  <button type="button" onClick={() => a.setPlan(null)}>
                    Cancel
                  </button>
                </div>
              </>
            ) : (
              <>
                <CoverNote walk={a.coverWalk ?? null} w={w} there={false} />
                <EndMove view={view} sel={sel} runner={runner} />
              </>
            )}
          </div>
        ) : null}
        {a.mine ? (
          <CeilingButtons
            view={view}
            sel={sel}
            moving={a.moving}
            canAct={canActNow || inInterrupt}
            run={run}
          />
        ) : null}
        {a.mine &&
        (canActNow || inInterrupt || (view.phase === 'exploration' && sel.chits[0] === 'READY')) &&
        !a.moving ? (
          <>
            {standable ? <StandUpToggle on={standUp} set={a.setStandUp} /> : null}
            {sel.ducked ? <LyingDownNote standable={standable} standUp={standUp} /> : null}
            {!inInterrupt && view.phase === 'team' && !up ? (
              <VehicleActions
                view={view}
                sel={sel}
                busy={runner.busy}
                run={run}
                exitPick={{ on: a.mode === 'getOut', set: (on) => a.setMode(on ? 'getOut' : 'look') }}
              />
            ) : null}
            {!inInterrupt && view.phase === 'team' && !riding ? (
              <div className="fd-buttons">
                <button
                  type="button"
                  disabled={runner.busy}
                  onClick={() => run({ type: 'move', teamerId: sel.id })}
                  data-testid="fd-move"
                >
                  Move (M)
                </button>
                {/* Standing up with the move, he dashes as a standing man (the rules stand him up first). */}
                {sel.dash === 'none' && (!sel.ducked || standUp) ? (
                  <button type="button" onClick={() => run({ type: 'move', teamerId: sel.id, dash: true })}>
                    Dash (+2, worse next turn)
                  </button>
                ) : null}
                <button
                  type="button"
                  aria-pressed={a.mode === 'turn'}
                  disabled={turnRefused !== null}
                  title={turnRefused ?? undefined}
                  onClick={() => {
                    a.setMode(a.mode === 'turn' ? 'look' : 'turn');
                    a.setTurnTo(null);
                  }}
                >
                  Turn on the spot…
                </button>
              </div>
            ) : null}
            {/* The crew inside a vehicle neither shoot nor grapple (the rules refuse IN_VEHICLE). */}
            {(view.phase === 'team' || inInterrupt) && a.fireWeapons.length > 0 && !riding && !up ? (
              <div className="fd-buttons">
                <button
                  type="button"
                  aria-pressed={a.mode === 'fire'}
                  onClick={() => a.setMode(a.mode === 'fire' ? 'look' : 'fire')}
                  data-testid="fd-fire-mode"
                >
                  {a.mode === 'fire' ? 'Stop aiming' : 'Aim and fire (F)'}
                </button>
                {a.fireWeapons.length > 1 ? (
                  <label>
                    Weapon{' '}
                    <select value={a.fireWeapon ?? ''} onChange={(e) => a.setWeapon(e.target.value)}>
                      {a.fireWeapons.map((id) => (
                        <option key={id} value={id}>
                          {view.rules.weapons[id]?.name ?? id}
                        </option>
                      ))}
                    </select>
                  </label>
                ) : null}
              </div>
            ) : null}
            {a.mode === 'turn' ? (
              <div className="fd-turn-box">
                <FacingPicker
                  value={a.turnTo}
                  label="Turn to face (this spends an action)"
                  onPick={(f) => a.setTurnTo(f)}
                />
                <PositionPicker
                  places={turnPlaces}
                  value={turnPlace}
                  current={sel.position}
                  onPick={setTurnPlace}
                />
                <div className="fd-buttons">
                  <button
                    type="button"
                    className="primary"
                    disabled={(a.turnTo ?? sel.facing) === sel.facing && turnPosition === undefined}
                    onClick={() => {
                      run({
                        type: 'turn',
                        teamerId: sel.id,
                        facing: a.turnTo ?? sel.facing,
                        ...(turnPosition ? { position: turnPosition } : {}),
                      });
                      a.setMode('look');
                    }}
                    data-testid="fd-turn-confirm"
                  >
                    {(a.turnTo ?? sel.facing) === sel.facing && turnPosition === undefined
                      ? 'Pick a facing or a place first'
                      : `Spend an action to face ${FACING_NAMES[a.turnTo ?? sel.facing]}${turnPosition ? `, ${PLACE[turnPosition]}` : ''}`}
                  </button>
                  <button type="button" onClick={() => a.setMode('look')}>
                    Cancel
                  </button>
                </div>
              </div>
            ) : null}
            {a.mode === 'droneWalk' ? (
              <DroneWalk
                sel={sel}
                start={((view.drones ?? []).find((d) => d.owner === sel.id)?.facing ?? 0) as Facing}
                squares={a.droneAt}
                picked={a.picked}
                width={w}
                busy={runner.busy}
                run={run}
                close={() => a.setMode('look')}
              />
            ) : null}
            {a.mode === 'drone' ? (
              <DroneSetUp
                sel={sel}
                squares={a.droneAt}
                picked={a.picked}
                width={w}
                busy={runner.busy}
                run={run}
                close={() => a.setMode('look')}
              />
            ) : null}
            {a.mode === 'fire' ? (
              <div className="fd-fire-box" data-testid="fd-fire-box">
                {a.fireAt !== null && a.fireInfo?.ok ? (
                  <>
                    <p data-testid="fd-fire-plan">
                      Fire the {view.rules.weapons[a.fireWeapon ?? '']?.name} at ({a.fireAt % w},
                      {Math.floor(a.fireAt / w)})
                      {a.fireInfo.chance !== undefined ? `: ${percent(a.fireInfo.chance)} to hit` : ''}
                      {a.fireInfo.kill !== undefined ? `, ${percent(a.fireInfo.kill)} to kill` : ''}
                      {a.fireInfo.chicken ? ', once he passes his BINGE test (a chicken)' : ''}.
                      {a.fireInfo.duck?.length
                        ? ` ${a.fireInfo.duck.map((id) => view.teamers[id]?.name ?? id).join(' and ')} will -DUCK! out of the line.`
                        : ''}
                    </p>
                    <div className="fd-buttons">
                      <button
                        type="button"
                        className="primary"
                        disabled={runner.busy}
                        onClick={() => void a.commitFire()}
                        data-testid="fd-confirm-fire"
                      >
                        Fire
                      </button>
                      <button type="button" onClick={a.cancelFire}>
                        Cancel
                      </button>
                    </div>
                  </>
                ) : (
                  <p>
                    Pick a lit square: green can be fired into, the percentage is the chance to hit; red is
                    blocked.
                    {a.hoverInfo && !a.hoverInfo.ok && a.hoverInfo.reason
                      ? ` Here: ${a.hoverInfo.reason}.`
                      : ''}
                  </p>
                )}
              </div>
            ) : null}
            {up ? null : (
              <div className="fd-buttons">
                {doors.map((d) => {
                  const open = view.doors[d.index]?.open ?? false;
                  return (
                    <span key={d.id} className="fd-door-actions">
                      {open ? (
                        <ShutDoor
                          view={view}
                          door={d.index}
                          closerId={sel.id}
                          label={`Close door ${d.id}`}
                          shut={(divers) => ({
                            type: 'operateDoor',
                            teamerId: sel.id,
                            door: d.index,
                            open: false,
                            ...(divers.length > 0 ? { divers } : {}),
                          })}
                          send={run}
                        />
                      ) : (
                        <OrderButton
                          command={{ type: 'operateDoor', teamerId: sel.id, door: d.index, open: true }}
                          run={run}
                        >
                          Open door {d.id}
                        </OrderButton>
                      )}
                      {sel.bioSensor && !open ? (
                        <OrderButton command={{ type: 'scan', teamerId: sel.id, door: d.index }} run={run}>
                          Scan through {d.id}
                        </OrderButton>
                      ) : null}
                    </span>
                  );
                })}
                {sel.doorRc && sq >= 0
                  ? arena.doors
                      .filter((d) => d.tiles.includes(arena.tileOf[sq] as number))
                      .map((d) => {
                        const held = view.doorsHeld.includes(d.index);
                        return (
                          <button
                            key={`rc${d.id}`}
                            type="button"
                            onClick={() =>
                              run({ type: 'holdDoor', teamerId: sel.id, door: d.index, hold: !held })
                            }
                          >
                            {held ? `Let door ${d.id} go (DOOR RC)` : `Hold door ${d.id} open (DOOR RC)`}
                          </button>
                        );
                      })
                  : null}
                <OverrideButton view={view} sel={sel} run={run} />
                {(view.phase === 'team' || inInterrupt) && !riding
                  ? threatsNear.map((th) => (
                      <OrderButton
                        key={th.id}
                        command={{ type: 'grapple', teamerId: sel.id, threatId: th.id }}
                        run={run}
                      >
                        Grapple {figureName(view, th.id)}
                      </OrderButton>
                    ))
                  : null}
              </div>
            )}
            {/* In an interrupt (the Threat phase too) his WAIT chit pays for any of these (8.3). */}
            {(view.phase === 'team' || inInterrupt) && !up ? (
              <details className="fd-more" data-testid="fd-other-actions">
                <summary>Other actions</summary>
                <div className="fd-buttons">
                  {sel.ducked ? (
                    <button
                      type="button"
                      onClick={() => run({ type: 'task', teamerId: sel.id, task: 'standUp' })}
                    >
                      Stand up
                    </button>
                  ) : (
                    <button
                      type="button"
                      onClick={() => run({ type: 'task', teamerId: sel.id, task: 'duck' })}
                    >
                      -DUCK!
                    </button>
                  )}
                  {hasMagazine ? (
                    <button
                      type="button"
                      onClick={() => run({ type: 'task', teamerId: sel.id, task: 'reload' })}
                    >
                      Reload
                    </button>
                  ) : null}
                  <ChitTasks view={view} sel={sel} run={run} />
                  <CarryButtons view={view} arena={arena} sel={sel} picked={a.picked} run={run} />
                  <ExamineButtons view={view} sel={sel} run={run} />
                  <JuggleButtons view={view} sel={sel} run={run} />
                  {mayPlaceDrone(view, sel) ? <DroneSetUpButton a={a} /> : null}
                  {ownsDrone(view, sel) ? <DroneWalkButton a={a} arena={arena} /> : null}
                  {(['console', 'locker', 'clearSource'] as const).map((task) => (
                    <OrderButton key={task} command={{ type: 'task', teamerId: sel.id, task }} run={run}>
                      {task === 'console'
                        ? 'Work the console'
                        : task === 'locker'
                          ? 'Search the lockers'
                          : 'Clear the Source'}
                    </OrderButton>
                  ))}
                </div>
              </details>
            ) : null}
            {activated ? (
              <div className="fd-buttons">
                {sel.chits[0] !== 'READY' && sel.chits[1] === 'READY' ? (
                  <button type="button" onClick={() => run({ type: 'wait', teamerId: sel.id })}>
                    Put the other chit on WAIT
                  </button>
                ) : null}
                {sel.chits.includes('READY') ? (
                  <button type="button" onClick={() => run({ type: 'pass', teamerId: sel.id })}>
                    Throw a chit away
                  </button>
                ) : null}
                <button
                  type="button"
                  disabled={runner.busy}
                  onClick={() => run({ type: 'endActivation', teamerId: sel.id })}
                  data-testid="fd-end-activation"
                >
                  End activation
                </button>
              </div>
            ) : null}
          </>
        ) : null}
        {a.mine && view.phase === 'exploration' ? (
          <div className="fd-buttons">
            <button
              type="button"
              className="primary"
              disabled={runner.busy}
              onClick={() => run({ type: 'endExploration' })}
              data-testid="fd-end-exploration"
            >
              End the exploration
            </button>
          </div>
        ) : null}
        {a.seat.role !== 'spectator' && team && !p.moving && !p.interrupt && p.activated.length === 0 ? (
          <EndTeamPhase runner={runner} />
        ) : null}
      </section>
    </OrderCheck.Provider>
  );
}

function ChitTasks({ view, sel, run }: { view: FdView; sel: Teamer; run: (c: FdCommand) => void }) {
  if (sel.x === null || sel.y === null) return null;
  const near = view.tiles.flatMap((t) =>
    t.chits.filter(
      (c) =>
        !c.examined &&
        c.x !== null &&
        c.y !== null &&
        Math.max(Math.abs(c.x - (sel.x as number)), Math.abs(c.y - (sel.y as number))) <= 1,
    ),
  );
  return (
    <>
      {near.map((c) => (
        <OrderButton
          key={c.id}
          command={{
            type: 'task',
            teamerId: sel.id,
            task: 'examineChit',
            x: c.x as number,
            y: c.y as number,
          }}
          run={run}
        >
          Turn the Source chit at ({c.x},{c.y})
        </OrderButton>
      ))}
    </>
  );
}

function EndMove({ view, sel, runner }: { view: FdView; sel: Teamer; runner: FdRunner }) {
  const [facing, setFacing] = useState<Facing>(sel.facing);
  useEffect(() => setFacing(sel.facing), [sel.facing]);
  const [place, setPlace] = useState<Position>(sel.position);
  useEffect(() => setPlace(sel.position), [sel.position]);
  const free = (view.move?.steps ?? 0) >= 1 && !sel.ducked && sel.x !== null;
  const places = free ? freePlaces(view, sel, facing) : [];
  const position = placeToSend(places, place, sel);
  return (
    <>
      {free ? (
        <FacingPicker value={facing} label="Facing at the end of the move (free)" onPick={setFacing} />
      ) : null}
      <PositionPicker places={places} value={place} current={sel.position} onPick={setPlace} />
      <div className="fd-buttons">
        <button
          type="button"
          disabled={runner.busy}
          onClick={() =>
            void runner.run({
              type: 'endMove',
              teamerId: sel.id,
              ...(free && facing !== sel.facing ? { facing } : {}),
              ...(position ? { position } : {}),
            })
          }
          data-testid="fd-end-move"
        >
          End the move here{free && facing !== sel.facing ? `, facing ${FACING_NAMES[facing]}` : ''}
          {position ? `, ${PLACE[position]}` : ''} (E)
        </button>
        {view.entry || arenaFor(view.rules, view.arenaId).boardingPoints[0] ? (
          <button
            type="button"
            disabled={runner.busy}
            onClick={() => void runner.run({ type: 'step', teamerId: sel.id, bridge: true })}
            data-testid="fd-bridge"
          >
            {sel.x === null ? 'Turn back to Mother' : 'Back over the bridge to Mother'}
          </button>
        ) : null}
      </div>
    </>
  );
}

function EndTeamPhase({ runner }: { runner: FdRunner }) {
  const [sure, setSure] = useState(false);
  return sure ? (
    <div className="fd-buttons fd-confirm">
      <span>Every unused chit is thrown away and the aliens move.</span>
      <button
        type="button"
        className="primary"
        disabled={runner.busy}
        onClick={() => void runner.run({ type: 'endTeamPhase' }).then(() => setSure(false))}
        data-testid="fd-end-team-confirm"
      >
        End the Team phase
      </button>
      <button type="button" onClick={() => setSure(false)}>
        Not yet
      </button>
    </div>
  ) : (
    <div className="fd-buttons">
      <button type="button" onClick={() => setSure(true)} data-testid="fd-end-team">
        End the Team phase…
      </button>
    </div>
  );
}

type Reflex = 'ask' | 'pass' | 'fire';

function loadReflexes(tableId: string): Record<string, Reflex> {
  try {
    const raw = globalThis.localStorage?.getItem(`bughunt.fd.reflex.${tableId}`);
    return raw ? (JSON.parse(raw) as Record<string, Reflex>) : {};
  } catch {
    return {};
  }
}

/**
 * The shot a Teamer's standing order fires at the Threat that set off the interrupt, if any gun
 * can. `standing`: a ducked Teamer's shot as he would fire it once up (10.2: he stands up with
 * the waiting action), sent with `standUp`.
 */
export function reflexShot(
  view: FdView,
  teamerId: string,
  threatId: string,
  standing = false,
): FdCommand | null {
  const t = view.teamers[teamerId];
  const th = view.threats[threatId];
  if (!t || !th) return null;
  const up = standing && t.ducked;
  const state = asState(
    up ? { ...view, teamers: { ...view.teamers, [teamerId]: { ...t, ducked: false } } } : view,
  );
  for (const weapon of t.weapons) {
    if (view.rules.weapons[weapon]?.kind !== 'gun') continue;
    const p = shotPreview(state, teamerId, weapon, th.x, th.y);
    if (p.ok)
      return {
        type: 'shoot',
        teamerId,
        weapon,
        x: th.x,
        y: th.y,
        ...(p.duckers.length ? { duck: [...p.duckers] } : {}),
        ...(up ? { standUp: true as const } : {}),
      };
  }
  return null;
}

/**
 * WAIT: a Threat set off an interrupt. Each of this seat's Teamers named may fire with his WAIT
 * chit, shut a door on it, or let it pass; a standing order per Teamer ("always let it pass",
 * "always fire if he can"), kept on this device for this table, answers for him at once.
 */
export function WaitPrompt({
  view,
  seat,
  runner,
  tableId,
  onFire,
}: {
  view: FdView;
  seat: SeatRef;
  runner: FdRunner;
  tableId: string;
  onFire: (id: string) => void;
}) {
  const [reflexes, setReflexes] = useState<Record<string, Reflex>>(() => loadReflexes(tableId));
  const setReflex = (id: string, r: Reflex) => {
    const next = { ...reflexes, [id]: r };
    setReflexes(next);
    try {
      globalThis.localStorage?.setItem(`bughunt.fd.reflex.${tableId}`, JSON.stringify(next));
    } catch {
      // private mode: the order lasts for this page only
    }
  };
  const i = view.pending.interrupt;
  const answered = useRef<string | null>(null);
  const key = i ? `${view.turn}:${i.threatId}:${i.trigger}:${i.teamerIds.join(',')}` : null;
  useEffect(() => {
    if (!i || !key || answered.current === key) return;
    for (const id of i.teamerIds) {
      const t = view.teamers[id];
      if (!t || !mayCommand(seat, t)) continue;
      const r = reflexes[id] ?? 'ask';
      const shot =
        r === 'fire' ? (reflexShot(view, id, i.threatId) ?? reflexShot(view, id, i.threatId, true)) : null;
      if (r === 'pass' || shot) {
        answered.current = key;
        void runner.run(shot ?? { type: 'holdWait', teamerId: id });
        return;
      }
    }
  }, [i, key, reflexes, view, seat, runner]);
  if (!i) return null;
  const trigger =
    i.trigger === 'crossing'
      ? 'is starting through a door'
      : i.trigger === 'adjacent'
        ? 'has moved next to'
        : i.trigger === 'shot'
          ? 'has shot at'
          : 'has moved into sight of';
  return (
    <section className="fd-card fd-wait" aria-live="assertive" data-testid="fd-wait">
      <h3>WAIT!</h3>
      <p>
        {figureName(view, i.threatId)} {trigger}
        {i.trigger === 'crossing'
          ? ''
          : ` ${i.teamerIds.map((id) => view.teamers[id]?.name ?? id).join(' and ')}`}
        .
      </p>
      {i.teamerIds.map((id) => {
        const t = view.teamers[id];
        if (!t || !mayCommand(seat, t)) return null;
        // 10.2: lying down he fires only into his own square; he may stand up as he fires, or
        // as he moves off.
        const standAndFire = t.ducked ? reflexShot(view, id, i.threatId, true) : null;
        const state = asState(view);
        const mayMove = canMove(state, t);
        const mayStand = mayMove && mayStandWithWait(state, t);
        return (
          <div key={id} className="fd-buttons">
            <strong>{t.name}:</strong>
            <button type="button" onClick={() => onFire(id)}>
              Fire with the WAIT chit
            </button>
            {standAndFire ? (
              <button
                type="button"
                onClick={() => void runner.run(standAndFire)}
                data-testid={`fd-stand-fire-${id}`}
              >
                Stand up and fire with the WAIT chit
              </button>
            ) : null}
            {mayMove ? (
              <button
                type="button"
                onClick={() => void runner.run({ type: 'move', teamerId: id })}
                data-testid={`fd-wait-move-${id}`}
              >
                {t.ducked ? 'Crawl with the WAIT chit' : 'Move with the WAIT chit'}
              </button>
            ) : null}
            {mayStand ? (
              <button
                type="button"
                onClick={() => void runner.run({ type: 'move', teamerId: id, standUp: true })}
                data-testid={`fd-stand-move-${id}`}
              >
                Stand up and move with the WAIT chit
              </button>
            ) : null}
            {i.trigger === 'crossing' && i.door !== undefined ? (
              <ShutDoor
                view={view}
                door={i.door}
                closerId={id}
                label={t.ducked ? 'Stand up and shut the door on it' : 'Shut the door on it'}
                testId={`fd-crush-${id}`}
                busy={runner.busy}
                shut={(divers) => ({
                  type: 'crush',
                  teamerId: id,
                  // 10.2: lying down he stands up with the WAIT chit that shuts the door.
                  ...(t.ducked ? { standUp: true as const } : {}),
                  ...(divers.length > 0 ? { divers } : {}),
                })}
                send={(c) => void runner.run(c)}
              />
            ) : null}
            <button
              type="button"
              onClick={() => void runner.run({ type: 'holdWait', teamerId: id })}
              data-testid={`fd-hold-${id}`}
            >
              Let it pass (keep the chit)
            </button>
            <JuggleButtons view={view} sel={t} run={(c) => void runner.run(c)} />
            <label>
              Always{' '}
              <select value={reflexes[id] ?? 'ask'} onChange={(e) => setReflex(id, e.target.value as Reflex)}>
                <option value="ask">ask me</option>
                <option value="pass">let it pass</option>
                <option value="fire">fire if he can</option>
              </select>
            </label>
          </div>
        );
      })}
    </section>
  );
}

function Briefing({
  view,
  seat,
  runner,
  picked,
}: {
  view: FdView;
  seat: SeatRef;
  runner: FdRunner;
  picked: string | null;
}) {
  const mission = view.rules.missions.find((m) => m.id === view.missionId);
  const canAct = seat.role !== 'spectator';
  return (
    <section className="fd-card fd-briefing" aria-label="Briefing">
      <h3>Briefing</h3>
      <label>
        Mission{' '}
        <select
          value={view.missionId}
          disabled={!canAct}
          onChange={(e) => void runner.run({ type: 'chooseMission', mission: e.target.value })}
          data-testid="fd-mission"
        >
          {view.rules.missions.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Arena{' '}
        <select
          value={view.arenaId}
          disabled={!canAct}
          onChange={(e) => void runner.run({ type: 'chooseMission', arena: e.target.value })}
        >
          {view.rules.pack.arenas.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name}
            </option>
          ))}
        </select>
      </label>{' '}
      <label>
        Activation{' '}
        <select
          value={view.activationMethod}
          disabled={!canAct}
          onChange={(e) =>
            void runner.run({
              type: 'chooseMission',
              activation: e.target.value as FdView['activationMethod'],
            })
          }
        >
          <option value="fixed">fixed order</option>
          <option value="nearest-first">nearest a Threat first</option>
          <option value="deck">drawn cards</option>
          <option value="stack">drawn, leader cuts in</option>
        </select>
      </label>
      {canAct ? <EntryChoice view={view} runner={runner} picked={picked} /> : null}
      {mission ? (
        <div className="fd-mission">
          <p>{mission.text}</p>
          <ul>
            {mission.objectives.map((o) => (
              <li key={o.id}>{o.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <MissionOdds
        key={`${view.rules.pack.id}:${view.missionId}:${view.arenaId}`}
        mission={view.missionId}
        arena={view.arenaId}
        {...(view.rules.pack.id === defaultPack.id ? {} : { pack: view.rules.pack })}
      />
      <PackFile view={view} runner={runner} canLoad={canAct && view.campaign.missions === 0} />
      {canAct ? (
        <button
          type="button"
          className="primary"
          disabled={runner.busy}
          onClick={() => void runner.run({ type: 'board' })}
          data-testid="fd-board"
        >
          Board the Drifter
        </button>
      ) : null}
    </section>
  );
}

export function Evaluation({ view }: { view: FdView }) {
  const ev = view.evaluation;
  if (!ev) return null;
  const mission = view.rules.missions.find((m) => m.id === view.missionId);
  return (
    <section className="fd-card fd-evaluation" data-testid="fd-evaluation">
      <h3>
        Mission{' '}
        {ev.outcome === 'completed'
          ? 'completed'
          : ev.outcome === 'part-completed'
            ? 'partly completed'
            : 'failed'}
      </h3>
      <ul>
        {mission?.objectives.map((o, k) => (
          <li key={o.id}>
            {ev.objectives[k] ? 'Done' : 'Not done'}: {o.text}
          </li>
        ))}
        {ev.bonus === undefined ? null : (
          <li data-testid="fd-evaluation-orders">
            {ev.bonus ? 'Done' : 'Not done'}: new orders (bonus
            {view.progress.bonus ? `: reach the ${view.progress.bonus.tileType}` : ''})
            {ev.bonus && ev.bonusStars ? `, ${ev.bonusStars} gold star(s)` : ''}
          </li>
        )}
      </ul>
      <p>
        Gold stars for the Team: {ev.teamStars}
        {ev.catastrophe ? ' · a catastrophe struck' : ''}.
      </p>
    </section>
  );
}

/**
 * Where the Team boards: one of the arena's boarding points, or (with the pack's forced-entry
 * switch) any square of the outer hull picked on the board; the rules say which hull squares
 * are barred (BAD_ENTRY, NOT_ON_HULL, ENTRY_BARRED).
 */
function EntryChoice({ view, runner, picked }: { view: FdView; runner: FdRunner; picked: string | null }) {
  const arena = arenaFor(view.rules, view.arenaId);
  const w = arena.width;
  const at = view.entry ? `${view.entry.x},${view.entry.y}` : '';
  const point = arena.boardingPoints.find((b) => `${b.square % w},${Math.floor(b.square / w)}` === at);
  const forced = view.rules.pack.options.switches.forcedEntry;
  const m = picked ? /^(\d+),(\d+)$/.exec(picked) : null;
  return (
    <div className="fd-buttons" data-testid="fd-entry">
      <label>
        Entry{' '}
        <select
          value={point ? point.id : ''}
          onChange={(e) => {
            const b = arena.boardingPoints.find((p) => p.id === e.target.value);
            if (b)
              void runner.run({
                type: 'chooseMission',
                entry: { x: b.square % w, y: Math.floor(b.square / w) },
              });
          }}
        >
          {point ? null : <option value="">forced entry at {at}</option>}
          {arena.boardingPoints.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name}
            </option>
          ))}
        </select>
      </label>
      {forced ? (
        m && picked !== at ? (
          <button
            type="button"
            onClick={() =>
              void runner.run({ type: 'chooseMission', entry: { x: Number(m[1]), y: Number(m[2]) } })
            }
            data-testid="fd-force-entry"
          >
            Force an entry at ({picked})
          </button>
        ) : (
          <span className="fd-muted">Forced entry: pick a hull square on the board.</span>
        )
      ) : null}
    </div>
  );
}

/**
 * The button that opens the drone gun's set-up, disabled lying down (the rules' own DUCKED check:
 * the set-up cannot stand him up, even with the switch on).
 */
function DroneSetUpButton({ a }: { a: ActionsProps }) {
  // Asked of the panel's check with the command's kind (the square and facing come later).
  const lying = useContext(OrderCheck)({ type: 'setUpDrone', teamerId: a.sel.id, x: 0, y: 0, facing: 0 });
  return (
    <button
      type="button"
      aria-pressed={a.mode === 'drone'}
      disabled={lying !== null}
      title={lying ?? undefined}
      onClick={() => a.setMode(a.mode === 'drone' ? 'look' : 'drone')}
      data-testid="fd-drone-mode"
    >
      Set up the drone gun…
    </button>
  );
}

/** The button that opens the drone walk, disabled with the rules' reason when no walk is open. */
function DroneWalkButton({ a, arena }: { a: ActionsProps; arena: Arena }) {
  // Directing the drone is an action he stands up for (10.2): asked of the panel's check with the
  // command's kind (the square and facing are picked later and do not matter to it).
  const lying = useContext(OrderCheck)({ type: 'directDrone', teamerId: a.sel.id, x: 0, y: 0, facing: 0 });
  const why = lying ?? droneWalkRefusal(a.view, arena, a.sel);
  return (
    <span>
      <button
        type="button"
        aria-pressed={a.mode === 'droneWalk'}
        disabled={why !== null}
        onClick={() => a.setMode(a.mode === 'droneWalk' ? 'look' : 'droneWalk')}
        data-testid="fd-drone-walk-mode"
      >
        Walk the drone gun…
      </button>
      {why ? <span className="fd-muted fd-why"> ({why})</span> : null}
    </span>
  );
}
