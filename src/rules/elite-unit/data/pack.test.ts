import { describe, expect, it } from 'vitest';
import { isRuleError } from '../../../engine/rule-error.ts';
import defaultJson from './default-pack.json' with { type: 'json' };
import { defaultPack, parsePack } from './pack.ts';

function problems(json: unknown): string[] {
  try {
    parsePack(json);
  } catch (e) {
    if (isRuleError(e) && e.code === 'PACK_INVALID') return (e.details?.problems as string[]) ?? [];
    throw e;
  }
  return [];
}

describe('the data pack (§18)', () => {
  it('the default set: 4 PCs, 2 NPC templates, the §18 lists', () => {
    expect(defaultPack.characters.filter((c) => c.kind === 'pc')).toHaveLength(4);
    expect(defaultPack.characters.filter((c) => c.kind === 'npc')).toHaveLength(2);
    expect(defaultPack.weapons).toHaveLength(11);
    expect(defaultPack.armour).toHaveLength(5);
    expect(defaultPack.vehicles).toHaveLength(4);
    expect(defaultPack.substances).toHaveLength(6);
    expect(defaultPack.spells).toHaveLength(6);
    expect(defaultPack.attributes.find((a) => a.id === 'strength')?.aliases).toEqual(['muscle']);
  });
  it('says where each problem is and what is wrong', () => {
    const bad = structuredClone(defaultJson) as unknown as { weapons: { columns: { damage: string }[] }[] };
    (bad.weapons[1] as { columns: { damage: string }[] }).columns[0] = {
      ...bad.weapons[1]?.columns[0],
      damage: '2X6',
    } as never;
    expect(problems(bad)).toEqual([
      'weapons.1.columns.0.damage: a damage cell looks like 2D6, 1D6+1, (2D6)*4 or 2',
    ]);
  });
  it('checks references between lists', () => {
    const bad = structuredClone(defaultJson);
    (bad.characters[0] as { armour: string[] }).armour = ['tinfoil'];
    expect(problems(bad)).toEqual(["characters.0.armour.0: no armour 'tinfoil'"]);
  });
  it('refuses a pack that is not an object', () => {
    expect(problems(42)[0]).toMatch(/^\(pack\): /);
  });
});
