import { ScriptedDice } from '../../engine/dice/source.ts';
import { boardOf } from './board-adapter.ts';
import { defaultPack } from './data/pack.ts';
import type { FdPack } from './data/pack-schema.ts';
import { fundamentalDuck as fd } from './index.ts';
import type { Facing } from './state.ts';
import { fixedDeal, GM, Table } from './test-kit.ts';

/**
 * Test set-ups shared by the vehicle tests (rules and table): the default pack's YOU beside the
 * arena's cargo loader, or at its wheel. The rules tests and the table's component tests start
 * from the same place, so what the controls offer is checked against the same state the rules
 * tests play.
 */

/** The entry tile's place in the deal (where the Team boards). */
export const ENTRY = 3;

/** How YOU may drive: the vehicle licence ability, a licence for the loader's type on his sheet, or none. */
export type Licence = 'ability' | 'sheet' | 'none';

/** The default pack, YOU with the licence asked for, then changed as a test needs. */
export function licensedPack(licence: Licence = 'ability', change: (p: FdPack) => FdPack = (p) => p): FdPack {
  return change({
    ...defaultPack,
    team: {
      ...defaultPack.team,
      teamers: defaultPack.team.teamers.map((t) =>
        t.id !== 'you'
          ? t
          : licence === 'ability'
            ? { ...t, abilities: [...t.abilities, 'vehicle-licence' as const] }
            : licence === 'sheet'
              ? { ...t, licences: ['cargo-loader'] }
              : t,
      ),
    },
  });
}

/**
 * The Team boarded on an empty entry tile and YOU put by the GM at `at` facing north (by default
 * (7,2), just south of the cargo loader: front (7,1) facing south, rear (7,0)). No dice rolled.
 */
export function besideTheLoader(
  licence: Licence = 'ability',
  at = { x: 7, y: 2 },
  change: (p: FdPack) => FdPack = (p) => p,
): Table {
  const t = new Table(new ScriptedDice([]), fd.setup({ pack: licensedPack(licence, change) }));
  t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: at.x, y: at.y, facing: 0, reason: 'set-up' }, GM);
  return t;
}

/**
 * YOU at the loader's wheel with its front at (x, y) facing `facing` (folded, no dice). He came
 * into the vehicle's module on foot, so its tile is entered, unless `tileEntered` is false.
 */
export function seatAtTheWheel(t: Table, x: number, y: number, facing: Facing, tileEntered = true): Table {
  t.fold([
    { type: 'vehicle.boarded', vehicleId: 'loader-1', teamerId: 'you' },
    {
      type: 'vehicle.moved',
      vehicleId: 'loader-1',
      manoeuvre: 'forward',
      x,
      y,
      facing,
      cost: 0,
      bulldozed: [],
      smashed: [],
    },
    ...(tileEntered
      ? [{ type: 'tile.entered' as const, tile: boardOf(t.state).tileAt(x, y), teamerId: 'you' }]
      : []),
  ]);
  return t;
}
