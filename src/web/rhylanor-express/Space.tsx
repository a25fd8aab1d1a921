import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Hex } from '../../engine/board/hex-grid.ts';
import { ownRollOnly } from '../../rules/rhylanor-express/space/model.ts';
import { WEAPONS } from '../../rules/rhylanor-express/space/tables.ts';
import { Board } from '../board/Board.tsx';
import { type HexCell, hexLayout } from '../board/layout.ts';
import { GunnersLoading, loadingText } from './Gunners.tsx';
import {
  mayCommand,
  type SeatName,
  type SeatRef,
  type ShipView,
  type SpaceView,
  type View,
} from './model.ts';
import {
  BAND_WORDS,
  bandBetween,
  mapCells,
  type Plot,
  plotOf,
  reachOf,
  surpriseHexes,
  thrustTo,
} from './plot.ts';
import { useRunner } from './runner.tsx';
import {
  type BeforeDice,
  BeforeDiceControls,
  beforeDiceFields,
  FleetChips,
  GroundFire,
  GroundHit,
  NO_BEFORE_DICE,
  PoolGuard,
  PostureToggle,
  SurprisePlacement,
} from './SpaceOrders.tsx';
import { actingFleet } from './your-move.ts';

/**
 * Space combat on the hex map (§6): worlds, each ship's past, present and future positions, range
 * bands from the chosen ship, and the phase's actions. A ship's move is plotted by dragging its
 * new future marker (or tapping / Enter on a hex within reach); the course with gravity shows
 * before the move is sent. A ship the other side has not found is not in a player's view at all.
 */

const PHASE_WORDS: Record<string, string> = {
  setup: 'Set-up',
  detection: 'Detection',
  surprise: 'Surprise',
  roles: 'Choosing Intruder and Native',
  movement: 'Movement',
  laser: 'Laser fire',
  return: 'Return fire',
  ordnance: 'Ordnance',
  ended: 'Battle over',
};

const WEAPON_WORDS: Record<string, string> = {
  beamLaser: 'beam laser',
  pulseLaser: 'pulse laser',
  plasmaGun: 'plasma gun',
  fusionGun: 'fusion gun',
  particleAccelerator: 'particle accelerator',
  laserBattery: 'laser battery',
  missileRack: 'missile rack',
  sandCaster: 'sand caster',
};

const LEVEL = ['working', 'damaged', 'destroyed'] as const;
/** Hexes of map beyond the outermost piece while placing under surprise (up to 30 from the enemy). */
const SURPRISE_MARGIN = 16;

const key = (h: Hex) => `${h.q},${h.r}`;
const same = (a: Hex | null | undefined, b: Hex | null | undefined) =>
  !!a && !!b && a.q === b.q && a.r === b.r;

function center(h: Hex): { x: number; y: number } {
  return { x: 0.8660254 * h.q, y: h.r + h.q / 2 };
}

export function SpacePanel({ view, seat, seats }: { view: View; seat: SeatRef; seats: readonly SeatName[] }) {
  const space = view.space;
  const gm = seat.role === 'gm';
  const ships = space.order.map((id) => space.ships[id]).filter((s): s is ShipView => s !== undefined);
  const mine = ships.filter((s) => mayCommand(seat, s) && !s.destroyed);
  const [selected, setSelected] = useState<string | null>(null);
  const chosen = ships.find((s) => s.id === selected) ?? mine[0] ?? null;
  const acting = actingFleet(view);
  const canPlot =
    chosen !== null &&
    space.phase === 'movement' &&
    chosen.side === space.turnSide &&
    mayCommand(seat, chosen) &&
    !chosen.destroyed &&
    (space.phaseSerial === undefined || chosen.movedPhase !== space.phaseSerial);
  const plot = useMemo(() => (canPlot && chosen ? plotOf(space, chosen) : null), [canPlot, chosen, space]);
  const [marker, setMarker] = useState<Hex | null>(null);
  // A new plot (another ship, the next turn) starts on the drift: no thrust.
  const plotKey = plot ? `${chosen?.id}:${key(plot.drift)}:${plot.g}` : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the plot changes, by its key
  useEffect(() => setMarker(plot ? plot.drift : null), [plotKey]);
  const thrust = plot && marker ? thrustTo(plot, marker) : null;
  const placing =
    chosen !== null &&
    space.phase === 'surprise' &&
    chosen.side === space.surpriser &&
    mayCommand(seat, chosen) &&
    !chosen.destroyed;
  const [placeAt, setPlaceAt] = useState<Hex | null>(null);

  if (space.order.length === 0 && !gm)
    return (
      <section className="re-card" aria-label="Space combat">
        <h3>Space combat</h3>
        <p className="re-muted">No battle yet: the referee sets one up.</p>
      </section>
    );

  return (
    <div className="re-space">
      <section className="re-card" aria-label="Space battle">
        <h3>
          {space.scenario ?? 'Space battle'}{' '}
          <span className="re-muted" data-testid="space-phase">
            · {PHASE_WORDS[space.phase] ?? space.phase}
            {space.turn > 0 ? `, turn ${space.turn}, ${space.sides[space.turnSide].name}` : ''}
          </span>
        </h3>
        <SpaceMap
          space={space}
          ships={ships}
          chosen={chosen}
          plot={plot}
          marker={placing ? placeAt : marker}
          onMarker={placing ? setPlaceAt : setMarker}
          onSelect={setSelected}
          placing={placing}
        />
        {placing && chosen ? <SurprisePlacement ship={chosen} at={placeAt} /> : null}
        {plot && chosen ? (
          <PlotControls
            ship={chosen}
            plot={plot}
            marker={marker ?? plot.drift}
            thrust={thrust}
            onMarker={setMarker}
          />
        ) : null}
        <PhaseActions view={view} seat={seat} ships={ships} chosen={chosen} acting={acting} />
      </section>
      {gm ? <RefereeSpace view={view} seats={seats} ships={ships} /> : null}
      <section className="re-ship-cards" aria-label="Ships">
        {ships.map((s) => (
          <ShipCard
            key={s.id}
            ship={s}
            space={space}
            chosen={chosen}
            mine={mayCommand(seat, s)}
            referee={gm}
            seatName={seats.find((x) => x.seatId === s.controller)?.name ?? null}
            onSelect={() => setSelected(s.id)}
          />
        ))}
      </section>
    </div>
  );
}

function SpaceMap({
  space,
  ships,
  chosen,
  plot,
  marker,
  onMarker,
  onSelect,
  placing,
}: {
  space: SpaceView;
  ships: readonly ShipView[];
  chosen: ShipView | null;
  plot: Plot | null;
  marker: Hex | null;
  onMarker: (h: Hex) => void;
  onSelect: (id: string) => void;
  /** Placing the chosen ship under surprise: the map reaches further out, the legal hexes lit. */
  placing: boolean;
}) {
  const cells = mapCells(space, placing ? SURPRISE_MARGIN : undefined);
  const extentKey = `${cells[0] ? key(cells[0]) : ''}:${cells.length}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the layout changes only when the map's extent does
  const layout = useMemo(() => hexLayout(cells), [extentKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the legal hexes change with the map's extent and the ship
  const reach = useMemo(
    () => (plot ? reachOf(plot) : placing && chosen ? surpriseHexes(space, chosen, cells) : []),
    [plot, placing, chosen?.id, extentKey],
  );
  const reachKeys = useMemo(() => new Set(reach.map(key)), [reach]);
  const pathKeys = useMemo(() => new Set((plot?.path ?? []).map(key)), [plot]);
  const worldKeys = useMemo(() => new Set(space.worlds.map((w) => key(w.at))), [space.worlds]);
  // Stable between renders, so the board redraws its cells only when the path or worlds change.
  const cellClass = useCallback(
    (c: HexCell) => {
      const k = key(c);
      if (worldKeys.has(k)) return 're-hex-world';
      if (pathKeys.has(k)) return 're-hex-path';
      return undefined;
    },
    [worldKeys, pathKeys],
  );
  const describe = (c: HexCell) => {
    const here: string[] = [];
    for (const w of space.worlds) if (same(w.at, c)) here.push(`world ${w.name}`);
    for (const s of ships) {
      if (same(s.at, c)) here.push(`${s.name}`);
      if (s.at && same({ q: s.at.q + s.vel.q, r: s.at.r + s.vel.r }, c)) here.push(`${s.name}'s future`);
      if (same(s.past, c)) here.push(`${s.name}'s past`);
    }
    if (reachKeys.has(key(c))) here.push(placing ? 'may be placed here' : 'within thrust');
    return `Hex ${c.q},${c.r}${here.length > 0 ? `: ${here.join(', ')}` : ''}`;
  };
  const setIfReachable = (c: HexCell | null) => {
    if (c && reachKeys.has(key(c))) onMarker({ q: c.q, r: c.r });
  };
  const newFuture = marker ?? plot?.drift ?? null;
  return (
    <Board
      layout={layout}
      label="Space map"
      describeCell={describe}
      cellClass={cellClass}
      onActivate={(c) => {
        if ((plot || placing) && reachKeys.has(key(c))) {
          onMarker({ q: c.q, r: c.r });
          return;
        }
        const ship = ships.find((s) => same(s.at, c));
        if (ship) onSelect(ship.id);
      }}
      canDrag={(c) => (plot !== null || placing) && same(c, newFuture)}
      onDrag={setIfReachable}
      onDrop={setIfReachable}
    >
      {reach.map((h) => {
        const p = center(h);
        return (
          <circle key={`reach-${key(h)}`} className="re-reach" data-hex={key(h)} cx={p.x} cy={p.y} r={0.42} />
        );
      })}
      {space.worlds.map((w) => {
        const p = center(w.at);
        return (
          <g key={`w-${w.name}`} className="re-world">
            <circle cx={p.x} cy={p.y} r={0.4} />
            <text x={p.x} y={p.y + 0.85} textAnchor="middle">
              {w.name}
            </text>
          </g>
        );
      })}
      {chosen?.at
        ? ships
            .filter((s) => s.side !== chosen.side && s.at && !s.destroyed)
            .map((s) => {
              const a = center(chosen.at as Hex);
              const b = center(s.at as Hex);
              const { hexes, band } = bandBetween(chosen.at as Hex, s.at as Hex);
              return (
                <g key={`band-${s.id}`} className={`re-band re-band-${band}`}>
                  <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} />
                  <text x={(a.x + b.x) / 2} y={(a.y + b.y) / 2 - 0.2} textAnchor="middle">
                    {hexes} · {BAND_WORDS[band]}
                  </text>
                </g>
              );
            })
        : null}
      {ships.map((s) => {
        if (!s.at) return null;
        const now = center(s.at);
        const fut = center({ q: s.at.q + s.vel.q, r: s.at.r + s.vel.r });
        const past = s.past ? center(s.past) : null;
        const cls = `re-ship re-side-${s.side}${s.destroyed ? ' re-destroyed' : ''}${
          s.quiet && !s.detected ? ' re-quiet' : ''
        }${chosen?.id === s.id ? ' re-chosen' : ''}`;
        return (
          <g key={s.id} className={cls} data-ship={s.id}>
            {past ? <line className="re-trail" x1={past.x} y1={past.y} x2={now.x} y2={now.y} /> : null}
            <line className="re-vector" x1={now.x} y1={now.y} x2={fut.x} y2={fut.y} />
            {past ? <circle className="re-past" cx={past.x} cy={past.y} r={0.16} /> : null}
            <circle className="re-future" cx={fut.x} cy={fut.y} r={0.22} data-testid={`future-${s.id}`} />
            <circle className="re-present" cx={now.x} cy={now.y} r={0.3} data-testid={`present-${s.id}`} />
            <text x={now.x} y={now.y - 0.45} textAnchor="middle">
              {s.name}
            </text>
          </g>
        );
      })}
      {placing && marker ? (
        <circle
          className="re-plot-marker"
          cx={center(marker).x}
          cy={center(marker).y}
          r={0.3}
          data-testid="place-marker"
          data-hex={key(marker)}
        />
      ) : null}
      {plot && newFuture ? (
        <g className="re-plot">
          {plot.pulls.length > 0
            ? plot.path.slice(1).map((h) => {
                const p = center(h);
                return <circle key={`g-${key(h)}`} className="re-gravity" cx={p.x} cy={p.y} r={0.12} />;
              })
            : null}
          <line
            className="re-plot-line"
            x1={center(plot.to).x}
            y1={center(plot.to).y}
            x2={center(newFuture).x}
            y2={center(newFuture).y}
          />
          <circle
            className="re-drift"
            cx={center(plot.drift).x}
            cy={center(plot.drift).y}
            r={0.12}
            data-testid="drift-marker"
          />
          <circle
            className="re-plot-marker"
            cx={center(newFuture).x}
            cy={center(newFuture).y}
            r={0.3}
            data-testid="plot-marker"
            data-hex={key(newFuture)}
          />
        </g>
      ) : null}
    </Board>
  );
}

const DIRECTIONS: readonly { name: string; d: Hex }[] = [
  { name: 'NW', d: { q: -1, r: 0 } },
  { name: 'N', d: { q: 0, r: -1 } },
  { name: 'NE', d: { q: 1, r: -1 } },
  { name: 'SW', d: { q: -1, r: 1 } },
  { name: 'S', d: { q: 0, r: 1 } },
  { name: 'SE', d: { q: 1, r: 0 } },
];

function PlotControls({
  ship,
  plot,
  marker,
  thrust,
  onMarker,
}: {
  ship: ShipView;
  plot: Plot;
  marker: Hex;
  thrust: Hex | null;
  onMarker: (h: Hex) => void;
}) {
  const { run, busy } = useRunner();
  const nudge = (d: Hex) => {
    const next = { q: marker.q + d.q, r: marker.r + d.r };
    if (thrustTo(plot, next)) onMarker(next);
  };
  const vel = thrust
    ? { q: plot.drift.q - plot.to.q + thrust.q, r: plot.drift.r - plot.to.r + thrust.r }
    : null;
  return (
    <fieldset className="re-plot-controls" aria-label={`Plot for ${ship.name}`}>
      <p data-testid="plot-summary" aria-live="polite">
        {ship.name} moves to {key(plot.to)}
        {plot.pulls.length > 0
          ? `; gravity pulls ${plot.pulls.length === 1 ? 'once' : `${plot.pulls.length} times`} on the way`
          : '; no gravity on the way'}
        . Thrust{' '}
        {thrust
          ? `${key(thrust)} (${Math.max(Math.abs(thrust.q), Math.abs(thrust.r), Math.abs(thrust.q + thrust.r))} of ${plot.g} G)`
          : 'beyond the drive'}
        {vel ? `, next vector ${key(vel)}, future marker ${key(marker)}` : ''}.
      </p>
      <div className="re-nudge">
        {DIRECTIONS.map((x) => (
          <button
            key={x.name}
            type="button"
            onClick={() => nudge(x.d)}
            aria-label={`Thrust marker ${x.name}`}
          >
            {x.name}
          </button>
        ))}
        <button type="button" onClick={() => onMarker(plot.drift)}>
          No thrust
        </button>
      </div>
      <button
        type="button"
        className="re-primary"
        disabled={busy || !thrust}
        onClick={() => thrust && run({ type: 'space.move', ship: ship.id, thrust }, `move ${ship.name}`)}
      >
        Move {ship.name}
      </button>
    </fieldset>
  );
}

function PhaseActions({
  view,
  seat,
  ships,
  chosen,
  acting,
}: {
  view: View;
  seat: SeatRef;
  ships: readonly ShipView[];
  chosen: ShipView | null;
  acting: 'a' | 'b' | null;
}) {
  const { run, busy } = useRunner();
  const space = view.space;
  const gm = seat.role === 'gm';
  const mayEnd =
    ['movement', 'laser', 'return', 'ordnance'].includes(space.phase) &&
    (gm || ships.some((s) => s.side === acting && mayCommand(seat, s)));
  const enemies = chosen ? ships.filter((s) => s.side !== chosen.side && !s.destroyed && s.at) : [];
  const friends = chosen ? ships.filter((s) => s.side === chosen.side && !s.destroyed) : [];
  const mineActing = chosen && mayCommand(seat, chosen) && chosen.side === acting && !chosen.destroyed;
  const open = space.open;
  const [before, setBefore] = useState<BeforeDice>(NO_BEFORE_DICE);
  const extra = beforeDiceFields(before);
  const rolling =
    chosen !== null &&
    mayCommand(seat, chosen) &&
    !chosen.destroyed &&
    (space.phase === 'detection' ||
      (mineActing && (space.phase === 'laser' || space.phase === 'return' || space.phase === 'ordnance')));
  return (
    <div className="re-actions">
      {open ? <OpenShot view={view} seat={seat} ships={ships} /> : null}
      <FleetChips space={space} ships={ships} seat={seat} />
      {rolling && chosen ? (
        <BeforeDiceControls space={space} ship={chosen} value={before} onChange={setBefore} />
      ) : null}
      {space.phase === 'roles' &&
      acting !== null &&
      (gm || ships.some((s) => s.side === acting && mayCommand(seat, s))) ? (
        <fieldset aria-label="Choose the Intruder">
          <p>Your side chooses who moves first (the Intruder).</p>
          {(['a', 'b'] as const).map((side) => (
            <button
              key={side}
              type="button"
              disabled={busy}
              onClick={() => run({ type: 'space.roles', intruder: side })}
            >
              {space.sides[side].name} is the Intruder
            </button>
          ))}
        </fieldset>
      ) : null}
      {space.phase === 'detection' && chosen && mayCommand(seat, chosen) ? (
        <DetectAction ship={chosen} ships={ships} gm={gm} extra={extra} />
      ) : null}
      {mineActing && (space.phase === 'laser' || space.phase === 'return') ? (
        <FireActions
          ship={chosen}
          enemies={enemies}
          friends={friends}
          phaseSerial={space.phaseSerial}
          extra={extra}
        />
      ) : null}
      {mineActing && space.phase === 'laser' ? <GroundFire ship={chosen} /> : null}
      {mineActing && space.phase === 'ordnance' ? <OrdnanceActions ship={chosen} enemies={enemies} /> : null}
      {mineActing && space.phase === 'ordnance' ? <DamageControl ship={chosen} extra={extra} /> : null}
      {mayEnd ? (
        <button
          type="button"
          disabled={busy || open !== null}
          onClick={() => run({ type: 'space.phase.end' })}
        >
          End the {PHASE_WORDS[space.phase]?.toLowerCase()} phase
        </button>
      ) : null}
    </div>
  );
}

function DetectAction({
  ship,
  ships,
  gm,
  extra,
}: {
  ship: ShipView;
  ships: readonly ShipView[];
  gm: boolean;
  extra: ReturnType<typeof beforeDiceFields>;
}) {
  const { run, busy } = useRunner();
  // A player cannot see what has not been found: his navigator searches for whatever is out there.
  const unfound = gm ? ships.filter((s) => s.side !== ship.side && !s.detected) : [];
  return (
    <fieldset aria-label={`Search from ${ship.name}`}>
      {gm ? null : (
        <button
          type="button"
          disabled={busy}
          onClick={() => run({ type: 'space.detect', ship: ship.id, ...extra }, 'search')}
        >
          {ship.name} searches for hidden ships
        </button>
      )}
      {unfound.map((t) => (
        <button
          key={t.id}
          type="button"
          disabled={busy}
          onClick={() => run({ type: 'space.detect', ship: ship.id, target: t.id, ...extra })}
        >
          {ship.name} searches for {t.name}
        </button>
      ))}
      {gm && unfound.length === 0 ? <p className="re-muted">Every enemy ship is found.</p> : null}
    </fieldset>
  );
}

function FireActions({
  ship,
  enemies,
  friends,
  phaseSerial,
  extra,
}: {
  ship: ShipView;
  enemies: readonly ShipView[];
  friends: readonly ShipView[];
  phaseSerial: number | undefined;
  extra: ReturnType<typeof beforeDiceFields>;
}) {
  const { run, busy } = useRunner();
  const [target, setTarget] = useState('');
  const chosenTarget = enemies.find((e) => e.id === target) ?? enemies[0];
  return (
    <fieldset aria-label={`Fire from ${ship.name}`} className="re-fire">
      <label>
        Target{' '}
        <select name="target" value={chosenTarget?.id ?? ''} onChange={(e) => setTarget(e.target.value)}>
          {enemies.map((e) => {
            const b = ship.at && e.at ? bandBetween(ship.at, e.at) : null;
            return (
              <option key={e.id} value={e.id}>
                {e.name}
                {b ? ` (${b.hexes} hexes, ${BAND_WORDS[b.band]})` : ''}
              </option>
            );
          })}
        </select>
      </label>
      <ul>
        {ship.turrets.map((t, i) => {
          const beams = t.weapons.filter((w) => WEAPONS[w.kind]?.beam);
          if (beams.length === 0 || t.state === 2) return null;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: turrets by position
            <li key={i}>
              {t.name}: {t.weapons.map((w) => WEAPON_WORDS[w.kind] ?? w.kind).join(', ')}{' '}
              <button
                type="button"
                disabled={
                  busy || !chosenTarget || (phaseSerial !== undefined && t.firedPhase === phaseSerial)
                }
                onClick={() =>
                  chosenTarget &&
                  run(
                    { type: 'space.fire', ship: ship.id, turret: i, target: chosenTarget.id, ...extra },
                    'fire',
                  )
                }
              >
                Fire {t.name} at {chosenTarget?.name ?? '…'}
              </button>{' '}
              {friends.map((f) => (
                <button
                  key={f.id}
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    run(
                      { type: 'space.counter', ship: ship.id, turret: i, protect: f.id, ...extra },
                      'counter-fire',
                    )
                  }
                >
                  Counter-fire {t.name} for {f.name}
                </button>
              ))}
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function OrdnanceActions({ ship, enemies }: { ship: ShipView; enemies: readonly ShipView[] }) {
  const { run, busy } = useRunner();
  const [target, setTarget] = useState('');
  const chosenTarget = enemies.find((e) => e.id === target) ?? enemies[0];
  return (
    <fieldset aria-label={`Ordnance of ${ship.name}`} className="re-fire">
      <label>
        Missile target{' '}
        <select
          name="missileTarget"
          value={chosenTarget?.id ?? ''}
          onChange={(e) => setTarget(e.target.value)}
        >
          {enemies.map((e) => (
            <option key={e.id} value={e.id}>
              {e.name}
            </option>
          ))}
        </select>
      </label>
      <ul>
        {ship.turrets.flatMap((t, i) =>
          t.weapons.map((w, j) => {
            if (w.kind !== 'missileRack' && w.kind !== 'sandCaster') return null;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: turrets and weapons by position
              <li key={`${i}-${j}`}>
                {t.name}, {WEAPON_WORDS[w.kind]} ({w.ready} ready){' '}
                {w.kind === 'missileRack' ? (
                  <button
                    type="button"
                    disabled={busy || !chosenTarget || w.ready === 0}
                    onClick={() =>
                      chosenTarget &&
                      run(
                        {
                          type: 'space.launch',
                          ship: ship.id,
                          turret: i,
                          weapon: j,
                          target: chosenTarget.id,
                        },
                        'launch',
                      )
                    }
                  >
                    Launch at {chosenTarget?.name ?? '…'}
                  </button>
                ) : (
                  <button
                    type="button"
                    disabled={busy || w.ready === 0}
                    onClick={() => run({ type: 'space.sand', ship: ship.id, turret: i, weapon: j }, 'sand')}
                  >
                    Cast sand
                  </button>
                )}{' '}
                <button
                  type="button"
                  disabled={busy || w.ready >= 3}
                  onClick={() =>
                    run({ type: 'space.reload', ship: ship.id, turret: i, weapon: j, rounds: 1 }, 'reload')
                  }
                >
                  Reload one
                </button>
              </li>
            );
          }),
        )}
      </ul>
    </fieldset>
  );
}

function OpenShot({ view, seat, ships }: { view: View; seat: SeatRef; ships: readonly ShipView[] }) {
  const { run, busy } = useRunner();
  const open = view.space.open;
  if (!open) return null;
  const shooter = ships.find((s) => s.id === open.ship);
  const target = ships.find((s) => s.id === open.target);
  // A repair, counter-fire or detection roll is the ship's own: only its side may move it.
  const involved = (ownRollOnly(open) ? [shooter] : [shooter, target]).filter(
    (s): s is ShipView => !!s && mayCommand(seat, s),
  );
  return (
    <fieldset className="re-note" aria-label="Open shot">
      <p>
        {openShotWords(open, shooter?.name ?? 'A ship', target?.name ?? 'a ship')}: rolled{' '}
        {open.roll.faces.join('+')}, total {open.roll.total + open.after} against {open.roll.need}+. Pool
        points may still move it.
      </p>
      {involved.map((s) => (
        <span key={s.id}>
          <button
            type="button"
            disabled={busy}
            onClick={() => run({ type: 'pool.spend', ship: s.id, delta: 1 })}
          >
            {s.name}: +1
          </button>{' '}
          <button
            type="button"
            disabled={busy}
            onClick={() => run({ type: 'pool.spend', ship: s.id, delta: -1 })}
          >
            {s.name}: −1
          </button>{' '}
        </span>
      ))}
      {/* The one set of window commands (§6.4): a side passes; the referee closes the roll for everyone. */}
      {involved.length > 0 ? (
        <button type="button" disabled={busy} onClick={() => run({ type: 'pool.pass' })}>
          Pass
        </button>
      ) : null}
      {seat.role === 'gm' ? (
        <button type="button" disabled={busy} onClick={() => run({ type: 'window.close' })}>
          Close the roll
        </button>
      ) : null}
    </fieldset>
  );
}

function RefereeSpace({
  view,
  seats,
  ships,
}: {
  view: View;
  seats: readonly SeatName[];
  ships: readonly ShipView[];
}) {
  const { run, busy } = useRunner();
  const space = view.space;
  const scenarios = view.pack.space?.scenarios ?? [];
  const [scenario, setScenario] = useState('');
  const players = seats.filter((s) => s.role === 'player');
  return (
    <section className="re-card" aria-label="Referee: the battle">
      <h3>Referee: set up and run the battle</h3>
      {space.order.length === 0 ? (
        <form
          className="re-inline"
          aria-label="Load a space scenario"
          onSubmit={(e) => {
            e.preventDefault();
            const name = scenario || scenarios[0]?.name;
            if (name) run({ type: 'space.scenario.load', scenario: name });
          }}
        >
          <label>
            Scenario{' '}
            <select name="scenario" value={scenario} onChange={(e) => setScenario(e.target.value)}>
              {scenarios.map((s) => (
                <option key={s.name} value={s.name}>
                  {s.name}
                </option>
              ))}
            </select>
          </label>{' '}
          <button type="submit" disabled={busy}>
            Load scenario
          </button>
        </form>
      ) : null}
      {ships.length > 0 ? (
        <ul className="re-control">
          {ships.map((s) => (
            <li key={s.id}>
              <label>
                {s.name} commanded by{' '}
                <select
                  aria-label={`Commander of ${s.name}`}
                  value={s.controller ?? ''}
                  onChange={(e) =>
                    run({ type: 'space.ship.control', ship: s.id, seatId: e.target.value || null })
                  }
                >
                  <option value="">the referee</option>
                  {players.map((p) => (
                    <option key={p.seatId} value={p.seatId}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              {s.quiet && !s.detected ? <span className="re-muted"> · quiet, not found</span> : null}
              <PlaceShip key={`${s.at?.q},${s.at?.r},${s.vel.q},${s.vel.r}`} ship={s} />
              {!s.detected ? (
                <button
                  type="button"
                  className="re-small"
                  disabled={busy}
                  onClick={() => run({ type: 'space.override', ship: s.id, detected: true })}
                >
                  Reveal
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="re-actions">
        {space.phase === 'setup' && ships.length > 0 ? (
          <>
            <button type="button" disabled={busy} onClick={() => run({ type: 'space.detection.begin' })}>
              Begin a detection round
            </button>
            <button type="button" disabled={busy} onClick={() => run({ type: 'space.initiative' })}>
              Score the set-up and start
            </button>
          </>
        ) : null}
        {space.phase === 'detection' ? (
          <button type="button" disabled={busy} onClick={() => run({ type: 'space.detection.resolve' })}>
            Resolve detection
          </button>
        ) : null}
        {space.phase !== 'ended' && space.order.length > 0 ? (
          <>
            <button
              type="button"
              disabled={busy}
              onClick={() => run({ type: 'space.windows', on: !space.windows })}
            >
              {space.windows ? 'Pool points after the dice: on' : 'Pool points after the dice: off'}
            </button>
            <button type="button" disabled={busy} onClick={() => run({ type: 'space.battle.end' })}>
              End the battle
            </button>
          </>
        ) : null}
      </div>
      {space.phase !== 'ended' && ships.length > 0 ? <GroundHit ships={ships} /> : null}
    </section>
  );
}

function ShipCard({
  ship,
  space,
  chosen,
  mine,
  referee,
  seatName,
  onSelect,
}: {
  ship: ShipView;
  space: SpaceView;
  chosen: ShipView | null;
  mine: boolean;
  /** The referee's seat: gunner assignments are his (`space.gunner.assign` is a referee command). */
  referee: boolean;
  seatName: string | null;
  onSelect: () => void;
}) {
  const range =
    chosen && chosen.id !== ship.id && chosen.at && ship.at ? bandBetween(chosen.at, ship.at) : null;
  return (
    <article
      className={`re-card re-ship-card re-side-${ship.side}${ship.destroyed ? ' re-destroyed' : ''}`}
      aria-label={`Ship ${ship.name}`}
      data-ship={ship.id}
    >
      <header>
        <h4>
          {ship.name} <span className="re-muted">{ship.design}</span>
        </h4>
        <p className="re-muted">
          {space.sides[ship.side].name}
          {seatName ? ` · ${seatName}` : mine ? ' · yours' : ''}
          {ship.quiet ? ' · quiet' : ' · active'}
          {!ship.detected ? ' · not found by the enemy' : ''}
          {ship.destroyed ? ' · destroyed' : ''}
        </p>
      </header>
      <dl className="re-stats">
        <dt>Hull</dt>
        <dd data-testid={`hull-${ship.id}`}>
          {ship.hullPoints}/{ship.hullPointsMax}
        </dd>
        <dt>Maneuver</dt>
        <dd>{ship.maneuver.destroyed ? 'destroyed' : `${ship.maneuver.now}/${ship.maneuver.max} G`}</dd>
        <dt>Jump</dt>
        <dd>{ship.jump.destroyed ? 'destroyed' : `${ship.jump.now}/${ship.jump.max}`}</dd>
        <dt>Computer</dt>
        <dd>{ship.computer.destroyed ? 'destroyed' : `model ${ship.computer.now}`}</dd>
        <dt>Power</dt>
        <dd>{LEVEL[ship.power]}</dd>
        <dt>Position</dt>
        <dd>
          {ship.at
            ? `${key(ship.at)} → ${key({ q: ship.at.q + ship.vel.q, r: ship.at.r + ship.vel.r })}`
            : 'not placed'}
        </dd>
        <dt>Hits</dt>
        <dd data-testid={`hits-${ship.id}`}>{hitsText(ship)}</dd>
        <dt>Fuel · sand</dt>
        <dd>
          {ship.fuel} t · {ship.sand}
        </dd>
        {ship.pool > 0 ? (
          <>
            <dt>Pool</dt>
            <dd>{ship.pool}</dd>
          </>
        ) : null}
        {range ? (
          <>
            <dt>Range</dt>
            <dd data-testid={`range-${ship.id}`}>
              {range.hexes} hexes, {BAND_WORDS[range.band]}
            </dd>
          </>
        ) : null}
      </dl>
      <ul className="re-turrets">
        {ship.turrets.map((t, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: turrets by position
          <li key={i}>
            {t.name}:{' '}
            {t.weapons
              .map((w) => `${WEAPON_WORDS[w.kind] ?? w.kind}${WEAPONS[w.kind]?.beam ? '' : ` (${w.ready})`}`)
              .join(', ')}
            {t.state > 0 ? <strong> · {LEVEL[t.state]}</strong> : null}
            <span className="re-muted">{loadingText(t, space.playerTurn)}</span>
            {referee && !ship.destroyed && space.phase !== 'ended' ? (
              <GunnersLoading ship={ship} turret={i} />
            ) : null}
          </li>
        ))}
      </ul>
      {ship.crew ? (
        <p className="re-muted">
          Crew:{' '}
          {Object.entries(ship.crew)
            .map(([post, p]) => `${post} ${p?.name ?? '?'}`)
            .join(', ')}
        </p>
      ) : null}
      {mine && !ship.destroyed && (space.phase === 'setup' || space.phase === 'detection') ? (
        <PostureToggle ship={ship} />
      ) : null}
      {mine && !ship.destroyed && space.phase !== 'ended' ? <PoolGuard ship={ship} /> : null}
      {mine && !ship.destroyed ? (
        <button type="button" className="re-small" onClick={onSelect} aria-pressed={chosen?.id === ship.id}>
          {chosen?.id === ship.id ? 'Chosen' : `Choose ${ship.name}`}
        </button>
      ) : (
        <button type="button" className="re-small" onClick={onSelect} aria-pressed={chosen?.id === ship.id}>
          Ranges from here
        </button>
      )}
    </article>
  );
}

/** The referee's override of a ship's place and vector (a scene's needs, a ruling on a world hex). */
function PlaceShip({ ship }: { ship: ShipView }) {
  const { run, busy } = useRunner();
  return (
    <form
      className="re-inline"
      aria-label={`Place ${ship.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        const d = new FormData(e.currentTarget);
        const n = (k: string) => Math.trunc(Number(d.get(k)));
        run({
          type: 'space.override',
          ship: ship.id,
          at: { q: n('q'), r: n('r') },
          vel: { q: n('vq'), r: n('vr') },
        });
      }}
    >
      <label>
        at q <input className="re-num" name="q" type="number" defaultValue={ship.at?.q ?? 0} />
      </label>
      <label>
        r <input className="re-num" name="r" type="number" defaultValue={ship.at?.r ?? 0} />
      </label>
      <label>
        vector q <input className="re-num" name="vq" type="number" defaultValue={ship.vel.q} />
      </label>
      <label>
        r <input className="re-num" name="vr" type="number" defaultValue={ship.vel.r} />
      </label>
      <button type="submit" className="re-small" disabled={busy}>
        Place
      </button>
    </form>
  );
}

/** What the roll waiting for pool points is, in words. */
export function openShotWords(open: NonNullable<SpaceView['open']>, shooter: string, target: string): string {
  if (open.repair) return `${shooter} tries to repair its ${open.repair.item}`;
  if (open.counter) return `${shooter} fires at the missiles locked on ${target}`;
  if (open.detect) return `${shooter}'s navigator looks for ${target}`;
  return `${shooter} fired at ${target}`;
}

/** Damage a ship has taken, item by item (§6.11): what the location and critical rolls hit. */
function hitsText(ship: ShipView): string {
  const parts: string[] = [];
  if (ship.hullHits > 0) parts.push(`hull ${ship.hullHits}`);
  if (ship.powerHits > 0) parts.push(`power plant ${ship.powerHits} (${LEVEL[ship.power]})`);
  if (ship.maneuver.hits > 0) parts.push(`maneuver ${ship.maneuver.hits}`);
  if (ship.jump.hits > 0) parts.push(`jump ${ship.jump.hits}`);
  if (ship.computer.hits > 0) parts.push(`computer ${ship.computer.hits}`);
  if (ship.weaponsHits > 0) parts.push(`weapons ${ship.weaponsHits} (${LEVEL[ship.weaponsState]})`);
  if (ship.cabin > 0) parts.push(`cabin ${LEVEL[ship.cabin]}`);
  ship.turrets.forEach((t) => {
    if (t.hits > 0) parts.push(`${t.name} ${t.hits} (${LEVEL[t.state]})`);
  });
  return parts.length > 0 ? parts.join(', ') : 'none';
}

const REPAIR_WORDS: Record<string, string> = {
  power: 'power plant',
  maneuver: 'maneuver drive',
  jump: 'jump drive',
  computer: 'computer',
  hull: 'hull',
  turret: 'a turret',
  drive: 'drive (small craft)',
  cabin: 'cabin (small craft)',
  weapons: 'weapons (small craft)',
};

/** Damage control (§6.12): one attempt a turn at a damaged item, in the ordnance phase. */
function DamageControl({ ship, extra }: { ship: ShipView; extra: ReturnType<typeof beforeDiceFields> }) {
  const { run, busy } = useRunner();
  const [item, setItem] = useState('power');
  const [turret, setTurret] = useState(0);
  return (
    <form
      className="re-inline"
      aria-label={`Damage control on ${ship.name}`}
      onSubmit={(e) => {
        e.preventDefault();
        run(
          { type: 'space.repair', ship: ship.id, item, ...(item === 'turret' ? { turret } : {}), ...extra },
          'repair',
        );
      }}
    >
      <label>
        Repair{' '}
        <select name="repairItem" value={item} onChange={(e) => setItem(e.target.value)}>
          {Object.entries(REPAIR_WORDS).map(([id, words]) => (
            <option key={id} value={id}>
              {words}
            </option>
          ))}
        </select>
      </label>
      {item === 'turret' ? (
        <select
          name="repairTurret"
          aria-label="Turret"
          value={turret}
          onChange={(e) => setTurret(Number(e.target.value))}
        >
          {ship.turrets.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: turrets by position
            <option key={i} value={i}>
              {t.name}
            </option>
          ))}
        </select>
      ) : null}
      <button type="submit" disabled={busy}>
        Try the repair
      </button>
    </form>
  );
}
