import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/rule-error.ts';
import defaultPackJson from './default-pack.json' with { type: 'json' };
import { defaultPack, parsePack } from './pack.ts';

function problemsOf(input: unknown): string[] {
  try {
    parsePack(input);
  } catch (e) {
    if (isRuleError(e) && e.code === 'PACK_INVALID') return e.details?.problems as string[];
    throw e;
  }
  return [];
}

describe('data pack', () => {
  it('the default pack holds the digest §12 samples', () => {
    expect(defaultPack.characters.map((c) => c.name)).toContain('Sgt. Dara Okonkwo');
    expect(defaultPack.weapons.find((w) => w.id === 'laser-carbine')).toMatchObject({ pen: 5, magazine: 50 });
    expect(defaultPack.locks.find((l) => l.id === 'military-electronic')?.pick).toBe(12);
    expect(defaultPack.networks.find((n) => n.id === 'naval')?.securityTarget).toBe(16);
    expect(defaultPack.charges.map((c) => c.pen)).toEqual([8, 20, 30, 45, 60]);
    expect(defaultPack.vehicles).toHaveLength(6);
    expect(defaultPack.robots).toHaveLength(3);
    expect(defaultPack.rules.unskilledDm).toBe(-3);
  });

  it('a bad pack is refused with PACK_INVALID naming each path and problem', () => {
    const bad = structuredClone(defaultPackJson) as Record<string, unknown> & {
      weapons: { pen: unknown }[];
      characters: { upp: string; weapons: string[] }[];
    };
    (bad.weapons[2] as { pen: unknown }).pen = -4;
    (bad.characters[0] as { upp: string }).upp = '78IA96';
    const problems = problemsOf(bad);
    expect(problems.some((p) => p.startsWith('weapons.2.pen:'))).toBe(true);
    expect(problems.some((p) => p.startsWith('characters.0.upp:'))).toBe(true);
  });

  it('cross-references are checked: a sheet naming a missing weapon, a duplicate id', () => {
    const bad = structuredClone(defaultPackJson) as {
      characters: { weapons: string[] }[];
      locks: { id: string }[];
    };
    (bad.characters[1] as { weapons: string[] }).weapons = ['death-ray'];
    (bad.locks[1] as { id: string }).id = 'simple-mechanical';
    const problems = problemsOf(bad);
    expect(problems).toContain('characters.1.weapons.0: no weapon death-ray in this pack');
    expect(problems).toContain('locks.1.id: simple-mechanical is used twice');
  });

  it('not an object at all', () => {
    expect(problemsOf(42)[0]).toMatch(/^\(pack\): /);
  });
});
