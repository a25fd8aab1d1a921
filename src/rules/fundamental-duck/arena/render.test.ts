import { describe, expect, it } from 'vitest';
import { renderArena } from './render.ts';
import { testArena } from './test-arenas.ts';

describe('renderArena', () => {
  it('draws walls and doors on sides, obstacles by height and part, loads and the boarding point', () => {
    const arena = testArena({
      cols: 2,
      doors: [{ id: 'd', x: 4, y: 2, side: 'e', open: true }],
      walls: [{ x: 1, y: 1, side: 's' }],
      obstacles: [
        { x: 0, y: 0, height: 'full' },
        { x: 2, y: 0, height: 'high', part: 'half', at: 'e' },
        { x: 3, y: 0, height: 'low', part: 'quarter', at: 'sw' },
      ],
      loads: [{ id: 'l', x: 6, y: 3, height: 'low', cargo: 'explosive' }],
    });
    expect(renderArena(arena)).toBe(
      [
        '',
        '     0  1  2  3  4  5  6  7  8  9',
        '    +--+--+--+--+--+--+--+--+--+--+',
        "  0 |## .  H> L' . |.  .  .  .  . |",
        '    +              +              +',
        '  1 |.  .  .  .  . |.  .  .  .  . |',
        '    +  +--+        +              +',
        '  2 >.  .  .  .  . d.  .  .  .  . |',
        '    +              +              +',
        '  3 |.  .  .  .  . |.  Lx .  .  . |',
        '    +              +              +',
        '  4 |.  .  .  .  . |.  .  .  .  . |',
        '    +--+--+--+--+--+--+--+--+--+--+',
      ].join('\n'),
    );
  });
});
