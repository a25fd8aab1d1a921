import type { RhylanorState } from './ruleset.ts';
import { fresh, play } from './test-kit.ts';

/**
 * Test fixture of robots acting in a fight (§7.14, §12.7): Marchetti (c1, p1) on side a; a pirate
 * gunner (c2), a security robot (m1, SMG) and a cargo robot (m2) on side b, which moves first; a
 * medical robot (m3) in play but not in the fight. Neither side has a tactics pool, so rolls
 * resolve at once.
 */
export function robotFight(): RhylanorState {
  let s = fresh();
  s = play(s, { type: 'character.create', sheet: 'marchetti', owner: 'p1' }).state;
  s = play(s, { type: 'character.create', sheet: 'pirate-gunner' }).state;
  for (const packId of ['security-robot', 'cargo-robot', 'medical-robot'])
    s = play(s, { type: 'machine.add', kind: 'robot', packId }).state;
  s = play(s, {
    type: 'combat.start',
    sides: [
      { id: 'a', name: 'Doctor', members: [{ characterId: 'c1', x: 0, y: 0 }] },
      { id: 'b', name: 'Pirates', members: [{ characterId: 'c2', x: 100, y: 0 }] },
    ],
  }).state;
  s = play(s, { type: 'combat.robot', machineId: 'm1', side: 'b', x: 20, y: 0 }).state;
  s = play(s, { type: 'combat.robot', machineId: 'm2', side: 'b', x: 40, y: 0 }).state;
  s = play(s, { type: 'combat.rollOff' }, [6, 6, 1, 1]).state;
  return play(s, { type: 'combat.order', intruder: 'b' }).state;
}
