import { RuleError } from '../../../engine/rule-error.ts';
import type { DecideContext } from '../../../engine/ruleset.ts';
import type { SpacePack } from '../data/space-pack.ts';
import type { SpaceCommand } from './commands.ts';
import type { SpaceEvent } from './events.ts';
import type { SpaceState } from './model.ts';

export function decideSpace(
  _space: SpaceState,
  command: SpaceCommand,
  _ctx: DecideContext,
  _pack: SpacePack,
): SpaceEvent[] {
  throw new RuleError('NOT_IMPLEMENTED', `${command.type} is not built yet`);
}
