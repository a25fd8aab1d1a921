import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

const dir = mkdtempSync(join(tmpdir(), 'bughunt-vector-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function file(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

const plot = {
  worlds: [{ q: 5, r: 0 }],
  ships: [
    {
      name: 'Express',
      at: { q: 3, r: -1 },
      vel: { q: 3, r: 0 },
      g: 1,
      orders: [
        { q: 0, r: 0 },
        { q: 1, r: -1 },
      ],
    },
    { name: 'Lantern', at: { q: 20, r: 0 }, vel: { q: -4, r: 0 }, g: 3 },
  ],
};

describe('bughunt vector', () => {
  it("moves the digest's worked example and prints every turn", async () => {
    const r = await cli('vector', file('plot.json', plot), '--turns', '2');
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        'start',
        '  Express  at (3,-1)  vector (3,0)  future (6,-1)',
        '  Lantern  at (20,0)  vector (-4,0)  future (16,0)',
        'after turn 1',
        '  Express  at (6,-1)  vector (2,2)  future (8,1)  past (3,-1)  pulled SE, SW',
        '  Lantern  at (16,0)  vector (-4,0)  future (12,0)  past (20,0)',
        'after turn 2',
        '  Express  at (8,1)  vector (3,1)  future (11,2)  past (6,-1)',
        '  Lantern  at (12,0)  vector (-4,0)  future (8,0)  past (16,0)',
        '',
      ].join('\n'),
    );
  });

  it('--json gives every turn; a path into a world hex is flagged', async () => {
    const crash = {
      worlds: [{ q: 0, r: 0 }],
      ships: [{ name: 'Rock', at: { q: -2, r: 0 }, vel: { q: 4, r: 0 }, g: 0 }],
    };
    const r = await cli('vector', file('crash.json', crash), '--turns', '1', '--json');
    const turns = JSON.parse(r.stdout);
    expect(turns).toHaveLength(2);
    expect(turns[1].ships[0]).toMatchObject({ at: { q: 2, r: 0 }, enteredWorld: [{ q: 0, r: 0 }] });
    expect((await cli('vector', file('crash.json', crash))).stdout).toContain('ENTERED WORLD HEX (0,0)');
  });

  it('a pack scenario by name: its ships from the rules’ own set-up, coasting under its worlds', async () => {
    const r = await cli('vector', 'Pirate ambush', '--turns', '3');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('start\n  Rhylanor Express  at (-20,0)  vector (2,0)  future (-18,0)\n');
    expect(r.stdout).toContain(
      'after turn 3\n  Rhylanor Express  at (-14,0)  vector (2,0)  future (-12,0)  past (-16,0)\n',
    );
    expect(r.stdout).toContain(
      '  Black Lantern     at (20,-5)  vector (0,0)  future (20,-5)  past (20,-5)\n',
    );
    // The standard set-up (§6.3): 30 hexes apart, 4 toward the enemy; Gravity well's world pulls.
    const standard = JSON.parse((await cli('vector', 'standard meeting', '--turns', '0', '--json')).stdout);
    const [a, , b] = standard[0].ships;
    expect(b.at.q - a.at.q).toBe(30);
    expect([a.vel, b.vel]).toEqual([
      { q: 4, r: 0 },
      { q: -4, r: 0 },
    ]);
    const well = JSON.parse((await cli('vector', 'Gravity well', '--turns', '6', '--json')).stdout);
    expect(well.some((t: { ships: { pulls: unknown[] }[] }) => t.ships.some((s) => s.pulls.length > 0))).toBe(
      true,
    );
    const none = await cli('vector', 'Nowhere');
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'bughunt: no plot file or scenario "Nowhere" (the pack has: Standard meeting, Gravity well, Pirate ambush)\n',
    );
  });

  it('bad input: an order beyond the drive, a bad file, a bad count: exit 2, one line', async () => {
    const fast = { ships: [{ name: 'Slow', at: { q: 0, r: 0 }, g: 1, orders: [{ q: 2, r: 0 }] }] };
    const over = await cli('vector', file('fast.json', fast));
    expect(over.code).toBe(2);
    expect(over.stderr).toBe("bughunt: Slow's order for turn 1 is 2 hexes of thrust; its drive gives 1 G\n");
    expect((await cli('vector', file('bad.json', '{'))).stderr).toMatch(/is not JSON/);
    expect((await cli('vector', file('shape.json', { ships: [] }))).stderr).toMatch(/ships/);
    expect((await cli('vector', file('plot.json', plot), '--turns', '-1')).code).toBe(2);
    expect((await cli('vector', join(dir, 'missing.json'))).stderr).toMatch(/cannot read/);
  });
});
