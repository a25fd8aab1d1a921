import type { SpaceEvent } from './events.ts';
import type { SpaceState } from './model.ts';

export function evolveSpace(space: SpaceState, _event: SpaceEvent): SpaceState {
  return space;
}

export function evolveSpaceInPlace(_space: SpaceState, _event: SpaceEvent): void {}
