import { renderToStaticMarkup } from 'react-dom/server';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { Actions, type ActionsProps } from './FundamentalDuckTable.tsx';
import type { FdView } from './model.ts';
import type { FdRunner } from './runner.ts';

/**
 * Component tests' helper: the order panel (`Actions`) for one Teamer, as a player seat that plays
 * him sees it, rendered to markup with nothing chosen on the board.
 */
export function actionsMarkup(v: FdView, teamerId: string, moving = false, standUp = false): string {
  const noRunner = { run: async () => undefined, busy: false } as unknown as FdRunner;
  const sel = v.teamers[teamerId] as Teamer;
  const props: ActionsProps = {
    view: v,
    seat: { seatId: 'p1', role: 'player', name: 'P1' },
    sel,
    mine: true,
    runner: noRunner,
    mode: 'look',
    setMode: () => undefined,
    moving,
    plan: null,
    setPlan: () => undefined,
    reachCost: null,
    commitMove: async () => undefined,
    fireWeapons: sel.up === true ? [] : sel.weapons,
    fireWeapon: null,
    setWeapon: () => undefined,
    fireAt: null,
    fireInfo: null,
    commitFire: async () => undefined,
    cancelFire: () => undefined,
    turnTo: null,
    setTurnTo: () => undefined,
    hoverInfo: null,
    w: arenaFor(v.rules, v.arenaId).width,
    picked: null,
    droneAt: new Set(),
    standUp,
    setStandUp: () => undefined,
  };
  return renderToStaticMarkup(<Actions {...props} />);
}
