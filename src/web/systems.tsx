import { type ComponentType, lazy } from 'react';
import type { SeatInfo } from '../server/protocol.ts';
import type { CommandResult } from './connection.ts';
import { awaitsSeat as eliteUnitAwaits, nameIn as eliteUnitNameIn } from './elite-unit/your-move.ts';
import {
  awaitsSeat as fundamentalDuckAwaits,
  nameIn as fundamentalDuckNameIn,
} from './fundamental-duck/your-move.ts';
import type { LogItem, SystemEvent } from './log.ts';
import { awaitsSeat as rhylanorAwaits, nameIn as rhylanorNameIn } from './rhylanor-express/your-move.ts';
import { awaitsSeat as threeSixteenAwaits } from './three-sixteen/your-move.ts';

// Each system's screens load on first use (their own chunk): the start page and dice-chat tables
// do not download them.
const ThreeSixteenTable = lazy(() =>
  import('./three-sixteen/ThreeSixteenTable.tsx').then((m) => ({ default: m.ThreeSixteenTable })),
);
const FundamentalDuckTable = lazy(() =>
  import('./fundamental-duck/FundamentalDuckTable.tsx').then((m) => ({ default: m.FundamentalDuckTable })),
);
const RhylanorTable = lazy(() =>
  import('./rhylanor-express/RhylanorTable.tsx').then((m) => ({ default: m.RhylanorTable })),
);
const EliteUnitTable = lazy(() =>
  import('./elite-unit/EliteUnitTable.tsx').then((m) => ({ default: m.EliteUnitTable })),
);

/**
 * Game screens per system, shown on the table page beside the dice chat. A system without an
 * entry here gets the dice chat alone. TO ADD A SYSTEM'S SCREEN: one line in SYSTEM_PANELS
 * (e.g. `'three-sixteen': ThreeSixteenTable`, loaded with React.lazy); the component receives
 * SystemPanelProps. The table page shows it inside <Suspense>.
 */
export interface SystemPanelProps {
  /** The table's id: a key for what the page keeps across reloads. */
  readonly tableId: string;
  /** The ruleset's view for this seat (the last `view` message). */
  readonly view: unknown;
  readonly seat: {
    readonly seatId: string;
    readonly role: 'gm' | 'player' | 'spectator';
    readonly name: string;
  };
  readonly seats: readonly SeatInfo[];
  /** Sends a command (with entered dice faces if given) and resolves with its ack or rejection. */
  readonly send: (command: { readonly type: string }, dice?: number[]) => Promise<CommandResult>;
}

export const SYSTEM_PANELS: Readonly<Record<string, ComponentType<SystemPanelProps>>> = {
  'three-sixteen': ThreeSixteenTable,
  'fundamental-duck': FundamentalDuckTable,
  'rhylanor-express': RhylanorTable,
  'elite-unit': EliteUnitTable,
};

/**
 * Turns one of a system's events (as this seat received it) into a sentence for the live log;
 * null: the event needs no line. `who` names a seat id or a system's own id (e.g. a trooper).
 * `earlier` (when the log can tell) gives the latest event of a type before this one in this seat's
 * log, for what an event leaves to an earlier one (e.g. which troopers a conflict is between).
 */
export type DescribeEvent = (
  event: SystemEvent,
  who: (id: string) => string,
  earlier?: (type: string) => SystemEvent | undefined,
) => string | null;

/** Loaded on first use, like the panels; a system without one shows such events by type. */
export const SYSTEM_DESCRIBERS: Readonly<Record<string, () => Promise<DescribeEvent>>> = {
  'three-sixteen': () => import('./three-sixteen/describe-event.ts').then((m) => m.describeThreeSixteenEvent),
  'fundamental-duck': () => import('./fundamental-duck/describe-event.ts').then((m) => m.describeFdEvent),
  'rhylanor-express': () =>
    import('./rhylanor-express/describe-event.ts').then((m) => m.describeRhylanorEvent),
  'elite-unit': () => import('./elite-unit/describe-event.ts').then((m) => m.describeEliteUnitEvent),
};

/**
 * Does the system's view wait on this seat now? Read by the table page for the phone's "Game" tab,
 * which is marked "your move" while the log is shown and the game screen is not mounted. Loaded
 * with the page (no ruleset code: it reads the view's list of pending decisions only).
 */
export const SYSTEM_AWAITS: Readonly<
  Record<string, (view: unknown, seat: SystemPanelProps['seat']) => boolean>
> = {
  'three-sixteen': threeSixteenAwaits,
  'fundamental-duck': fundamentalDuckAwaits,
  'rhylanor-express': rhylanorAwaits,
  'elite-unit': eliteUnitAwaits,
};

/**
 * Names a system's own ids (a character, a ship) from the view, for log lines; undefined when the
 * id is not one of its things. Read by the table page's log (no ruleset code: the view only, and
 * the seat's log for things the view no longer holds, such as a Threat killed).
 */
export const SYSTEM_NAMES: Readonly<
  Record<string, (view: unknown, id: string, items?: readonly LogItem[]) => string | undefined>
> = {
  'rhylanor-express': rhylanorNameIn,
  'elite-unit': eliteUnitNameIn,
  'fundamental-duck': fundamentalDuckNameIn,
};
