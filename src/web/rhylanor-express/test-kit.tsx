import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Seat } from '../../engine/ruleset.ts';
import { type RhylanorState, rhylanorExpress } from '../../rules/rhylanor-express/ruleset.ts';
import { fresh, GM_SEAT, PLAYER, play } from '../../rules/rhylanor-express/test-kit.ts';
import type { DiceSender } from '../dice/use-dice-sender.ts';
import { asView, type SeatRef, type View } from './model.ts';
import { type Command, RunnerContext } from './runner.tsx';
import { SpacePanel } from './Space.tsx';

/**
 * Component tests of the Rhylanor Express screens: views made by the ruleset itself for one seat
 * (so nothing a seat may not see is in them), and a runner that records what a screen would send.
 */

export const REFEREE: SeatRef = { seatId: 'gm', role: 'gm', name: 'Referee' };
export const ANA: SeatRef = { seatId: 'p1', role: 'player', name: 'Ana' };
export const BO: SeatRef = { seatId: 'p2', role: 'player', name: 'Bo' };

export function viewFor(state: RhylanorState, seat: Seat): View {
  const v = asView(rhylanorExpress.view(state, seat));
  if (!v) throw new Error('not a Rhylanor Express view');
  return v;
}

/** Commands played in order by the referee unless a seat is given: the state after them. */
export function played(steps: readonly (readonly [unknown, number[]?, Seat?])[]): RhylanorState {
  let s = fresh();
  for (const [command, faces, actor] of steps) s = play(s, command, faces ?? [], actor ?? GM_SEAT).state;
  return s;
}

/**
 * Ana's okonkwo (c1, a rifle) against a starport guard NPC (c2, a carbine) 60 m away, turn 1.
 * `before`: steps played first (a pack loaded, which waits while a fight is on).
 */
export function fightState(before: Parameters<typeof played>[0] = []): RhylanorState {
  return played([
    ...before,
    [{ type: 'character.create', sheet: 'okonkwo' }, [], PLAYER],
    [{ type: 'character.create', sheet: 'starport-guard' }],
    [
      {
        type: 'combat.start',
        sides: [
          { id: 'a', name: 'Crew', members: [{ characterId: 'c1', x: 0, y: 0 }] },
          { id: 'b', name: 'Guards', members: [{ characterId: 'c2', x: 60, y: 0 }] },
        ],
      },
    ],
    [{ type: 'combat.order', intruder: 'a' }],
  ]);
}

/** A runner that keeps what would be sent; `busy` shows every button disabled. */
export function Recording({
  children,
  sent = [],
  busy = false,
}: {
  children: ReactNode;
  sent?: Command[];
  busy?: boolean;
}) {
  const run = async (command: Command) => {
    sent.push(command);
    return true;
  };
  const sender: DiceSender<Command> = {
    run,
    runEach: async (commands) => {
      for (const c of commands) sent.push(c);
      return true;
    },
    busy,
    ownDice: false,
    setOwnDice: () => {},
    prompt: null,
    enterFace: () => {},
    cancelPrompt: () => {},
    error: null,
    clearError: () => {},
  };
  return <RunnerContext.Provider value={{ run, busy, sender }}>{children}</RunnerContext.Provider>;
}

const SPACE_SEATS = [
  { seatId: 'gm', role: 'gm', name: 'Referee', online: true },
  { seatId: 'p1', role: 'player', name: 'Ana', online: true },
  { seatId: 'p2', role: 'player', name: 'Bo', online: true },
] as const;

/** The pirate ambush: Ana commands the Rhylanor Express (s1), Bo the quiet Black Lantern (s2); `after` played next. */
export function ambush(after: Parameters<typeof played>[0] = []): RhylanorState {
  return played([
    [{ type: 'space.scenario.load', scenario: 'Pirate ambush' }],
    [{ type: 'space.ship.control', ship: 's1', seatId: 'p1' }],
    [{ type: 'space.ship.control', ship: 's2', seatId: 'p2' }],
    ...after,
  ]);
}

/** The space panel as one seat's browser would draw it (referee, Ana and Bo at the table). */
export function spacePanel(s: RhylanorState, seat: SeatRef, raw: Seat): string {
  return renderToStaticMarkup(
    <Recording>
      <SpacePanel view={viewFor(s, raw)} seat={seat} seats={SPACE_SEATS} />
    </Recording>,
  );
}
