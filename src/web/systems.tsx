import { type ComponentType, useEffect, useState } from 'react';
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

/**
 * A system's game screen, loaded on first use (its own chunk: the start page and dice-chat tables
 * do not download it). Not React.lazy: a lazy component that suspends shows its fallback, and
 * React then holds the screen back until 300 ms after that fallback appeared (its Suspense
 * throttle), which made a 3:16 table's content show about 100 ms after everything it needed had
 * arrived (the page names the chunks in its head, so they are usually in before the view). The
 * table page renders the screen once `loaded` is set (`useGameScreen`), with no Suspense.
 */
export interface GameScreen {
  /** The component, once its module has run; null before. */
  loaded: ComponentType<SystemPanelProps> | null;
  /** Loads it (once; a failed load may be tried again). */
  load(): Promise<ComponentType<SystemPanelProps>>;
}

export function gameScreen(importScreen: () => Promise<ComponentType<SystemPanelProps>>): GameScreen {
  let pending: Promise<ComponentType<SystemPanelProps>> | null = null;
  const screen: GameScreen = {
    loaded: null,
    load() {
      pending ??= importScreen().then(
        (component) => {
          screen.loaded = component;
          return component;
        },
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
  };
  return screen;
}

/** The screen's component once loaded (starting the load), and whether loading it failed. */
export function useGameScreen(screen: GameScreen | undefined): {
  readonly Screen: ComponentType<SystemPanelProps> | null;
  readonly failed: boolean;
} {
  const [state, setState] = useState<{ for: GameScreen | undefined; failed: boolean }>({
    for: undefined,
    failed: false,
  });
  useEffect(() => {
    if (!screen || screen.loaded) return;
    let live = true;
    screen.load().then(
      () => live && setState({ for: screen, failed: false }),
      () => live && setState({ for: screen, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [screen]);
  return { Screen: screen?.loaded ?? null, failed: state.for === screen && state.failed };
}

/**
 * Game screens per system, shown on the table page beside the dice chat. A system without an
 * entry here gets the dice chat alone. TO ADD A SYSTEM'S SCREEN: one line in SYSTEM_PANELS
 * (`gameScreen(() => import(...))`); the component receives SystemPanelProps.
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

export const SYSTEM_PANELS: Readonly<Record<string, GameScreen>> = {
  'three-sixteen': gameScreen(() =>
    import('./three-sixteen/ThreeSixteenTable.tsx').then((m) => m.ThreeSixteenTable),
  ),
  'fundamental-duck': gameScreen(() =>
    import('./fundamental-duck/FundamentalDuckTable.tsx').then((m) => m.FundamentalDuckTable),
  ),
  'rhylanor-express': gameScreen(() =>
    import('./rhylanor-express/RhylanorTable.tsx').then((m) => m.RhylanorTable),
  ),
  'elite-unit': gameScreen(() => import('./elite-unit/EliteUnitTable.tsx').then((m) => m.EliteUnitTable)),
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
