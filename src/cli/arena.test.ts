import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import defaultPackJson from '../rules/fundamental-duck/data/default-pack.json' with { type: 'json' };
import { defaultPack } from '../rules/fundamental-duck/data/pack.ts';
import { arenaText } from './arena.ts';
import { cli } from './test-kit.ts';

const dir = mkdtempSync(join(tmpdir(), 'bughunt-arena-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writePack(name: string, edit: (p: Record<string, unknown>) => void): string {
  const pack = JSON.parse(JSON.stringify(defaultPackJson));
  edit(pack);
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(pack));
  return path;
}

describe('bughunt arena', () => {
  it('draws the default pack’s Drifter with walls, doors, obstacles, the airlock and a legend', async () => {
    const r = await cli('arena');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(arenaText(defaultPack));
    const lines = r.stdout.split('\n');
    // Row 7 holds the west airlock (>) and the two narrow doors (D) on the middle of the tile edges.
    expect(lines.find((l) => l.startsWith('  7 '))).toBe(
      '  7 >.  .  .  .  . D.  .  .  .  . D.  .  .  .  . |',
    );
    // Row 1: the Bridge consoles (HIGH), the console special, the marked cargo pods (LOW inert) and
    // the front of the cargo loader between them.
    expect(lines.find((l) => l.startsWith('  1 '))).toBe(
      '  1 |.  HH *c HH . |.  Li V> Li . |.  .  .  .  . |',
    );
    // The cargo door: three door sides under the Cargo Bay.
    expect(r.stdout).toContain('+--+DD+DD+DD+--+');
    expect(r.stdout).toContain('Legend');
    expect(r.stdout).toContain(
      'cargo-door: cargo, Cargo Bay – Hub, (6,4)|(6,5) (7,4)|(7,5) (8,4)|(8,5), closed; zone of 10 squares',
    );
  });

  it('reads a pack file and picks an arena by name', async () => {
    const path = writePack('ok.json', (p) => {
      (p as { name: string }).name = 'My pack';
    });
    const r = await cli('arena', path, '--arena', 'Drifter Mary Rose');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Drifter Mary Rose (drifter-mary-rose)');
    const list = await cli('arena', path, '--list');
    expect(list.stdout).toBe('drifter-mary-rose: Drifter Mary Rose, 3×3 tiles (default)\n');
  });

  it('--export prints the pack as JSON that reads back as the same pack', async () => {
    const r = await cli('arena', '--export');
    expect(r.code).toBe(0);
    const path = join(dir, 'exported.json');
    writeFileSync(path, r.stdout);
    const again = await cli('arena', path, '--export');
    expect(again.stdout).toBe(r.stdout);
    expect(JSON.parse(r.stdout)).toEqual(defaultPack);
  });

  it('an invalid pack: one line per problem on stderr, exit 2, nothing drawn', async () => {
    const path = writePack('bad.json', (p) => {
      const team = p.team as { teamers: { ff: number; weapons: { weapon: string }[] }[] };
      (team.teamers[0] as { ff: number }).ff = 9;
      ((team.teamers[1] as { weapons: { weapon: string }[] }).weapons[0] as { weapon: string }).weapon =
        'laser';
    });
    const r = await cli('arena', path);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/bad\.json is not a valid pack \(2 problem\(s\)\):$/);
    expect(lines.slice(1)).toEqual([
      '  team.teamers.0.ff: Too big: expected number to be <=7',
      "  team.teamers.1.weapons.0.weapon: no weapon 'laser' in weapons",
    ]);
  });

  it('a missing file, bad JSON, an unknown arena: one line, exit 2', async () => {
    const missing = await cli('arena', join(dir, 'nope.json'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^bughunt: cannot read .*nope\.json \(ENOENT\)\n$/);
    const badJson = join(dir, 'bad-json.json');
    writeFileSync(badJson, '{ not json');
    const b = await cli('arena', badJson);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/^bughunt: .*bad-json\.json is not JSON/);
    const unknown = await cli('arena', '--arena', 'nowhere');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^bughunt: no arena 'nowhere'/);
  });
});
