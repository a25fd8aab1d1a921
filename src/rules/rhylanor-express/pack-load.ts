import { z } from 'zod';
import { RuleError } from '../../engine/rule-error.ts';
import { parsePack } from './data/pack.ts';
import type { Pack } from './data/pack-schema.ts';
import type { PersonalEvent } from './events.ts';
import { type CommandSpec, defineCommand, GM } from './parts.ts';
import type { RhylanorState } from './state.ts';

/**
 * `pack.load`: the referee swaps the table's data pack (digest §12: the pack is the referee's to
 * edit or import). A bulk command (the ruleset names it in `bulkCommands`), so an edited pack fits
 * through the socket. The pack is checked whole (`parsePack`, PACK_INVALID naming every problem),
 * and never mid-play: a fight, an open roll or a space battle under way read the pack's numbers.
 */

const schemas = {
  load: z.strictObject({ type: z.literal('pack.load'), pack: z.unknown() }),
} as const;

export type PackCommand = z.output<typeof schemas.load>;

/** The part sees the personal state; the ruleset's state carries the space slice beside it. */
type WithSpace = RhylanorState & {
  readonly space?: { readonly order: readonly string[]; readonly ended: string | null };
};

/** The space battle is under way: ships in play and the battle not ended. */
function battleUnderWay(state: WithSpace): boolean {
  const space = state.space;
  return space !== undefined && space.order.length > 0 && space.ended === null;
}

/**
 * What the table holds that the new pack lacks: a carried weapon, armour or gear item, a vehicle
 * or robot in play. Each is named `kind id (holder)`, so the referee knows what to add or drop.
 */
export function missingFromPack(state: RhylanorState, pack: Pack): string[] {
  const weapons = new Set([...pack.weapons.map((w) => w.id), ...pack.melee.map((m) => m.id)]);
  const armour = new Set(pack.armour.map((a) => a.id));
  const gear = new Set(pack.gear.map((g) => g.id));
  const vehicles = new Set(pack.vehicles.map((v) => v.id));
  const robots = new Set(pack.robots.map((r) => r.id));
  const missing: string[] = [];
  for (const c of Object.values(state.characters)) {
    for (const w of c.weapons) if (!weapons.has(w.weaponId)) missing.push(`weapon ${w.weaponId} (${c.id})`);
    if (c.armour !== null && !armour.has(c.armour)) missing.push(`armour ${c.armour} (${c.id})`);
    for (const g of c.gear) if (!gear.has(g)) missing.push(`gear ${g} (${c.id})`);
  }
  for (const m of Object.values(state.machines)) {
    const known = m.kind === 'vehicle' ? vehicles : robots;
    if (!known.has(m.packId)) missing.push(`${m.kind} ${m.packId} (${m.id})`);
  }
  return missing;
}

function load(state: RhylanorState, cmd: PackCommand): PersonalEvent[] {
  if (state.combat !== null || state.window !== null) {
    throw new RuleError('PACK_MID_FIGHT', 'a fight reads the data pack it started with: end it first');
  }
  if (battleUnderWay(state)) {
    throw new RuleError('PACK_MID_BATTLE', 'a space battle is under way: end it (space.battle.end) first');
  }
  const pack = parsePack(cmd.pack);
  const missing = missingFromPack(state, pack);
  if (missing.length > 0) {
    throw new RuleError('PACK_IN_USE', `the new pack lacks what the table holds:\n${missing.join('\n')}`, {
      missing,
    });
  }
  return [{ type: 'pack.loaded', pack }];
}

export const packCommands: readonly CommandSpec[] = [defineCommand(schemas.load, GM, load)];
