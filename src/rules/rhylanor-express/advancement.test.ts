import { describe, expect, it } from 'vitest';
import { fresh, of, PLAYER, play } from './test-kit.ts';

/** §4 and §5 together: a substituted skill ticks the skill actually used; Jack-of-all-Trades ticks nothing. */

/** A player's new character c1 with these skills makes one task roll with these faces. */
function rollWith(skills: Record<string, number>, task: Record<string, unknown>, faces: number[]) {
  const s = play(fresh(), { type: 'character.create', name: 'Tam', upp: '777777', skills }, [], PLAYER).state;
  const r = play(s, { type: 'task.roll', characterId: 'c1', target: 8, ...task }, faces, PLAYER);
  return { rolled: of(r.events, 'task.rolled')[0], state: r.state };
}

describe('ticks after substitutions and Jack-of-all-Trades (§4, §5)', () => {
  it('repairing a grav vehicle with Engineering at −1 ticks Engineering, the better of the two', () => {
    const { rolled, state } = rollWith(
      { Engineering: 2, Gravitics: 0 },
      { substitution: 'repairGravVehicle' },
      [3, 4],
    );
    // Engineering-2 used at −1 (1) beats Gravitics-0.
    expect(rolled?.roll).toMatchObject({ natural: 7, total: 8, success: true });
    expect(rolled?.ticked).toBe('Engineering');
    expect(state.characters.c1?.ticks).toEqual(['Engineering']);
  });

  it('a substituted level may fall below 0 and still beats unskilled; a success with it ticks it', () => {
    const { rolled } = rollWith({ Engineering: 0 }, { substitution: 'repairGravVehicle' }, [4, 5]);
    expect(rolled?.roll).toMatchObject({ total: 8, success: true });
    expect(rolled?.roll.mods.reduce((n, m) => n + m.value, 0)).toBe(-1);
    expect(rolled?.ticked).toBe('Engineering');
  });

  it('Jack-of-all-Trades lifts the unskilled −3 but there is no skill to tick', () => {
    const { rolled, state } = rollWith({ 'Jack-of-all-Trades': 1 }, { skills: ['Medic'] }, [4, 4]);
    expect(rolled?.roll).toMatchObject({ total: 8, success: true });
    expect(rolled?.ticked).toBeNull();
    expect(state.characters.c1?.ticks).toEqual([]);
  });
});
