import { issueLines, packInvalid } from '../../../engine/pack-problems.ts';
import { isKnownSkill } from '../character.ts';
import defaultPackJson from './default-pack.json' with { type: 'json' };
import { type Pack, packSchema } from './pack-schema.ts';

export type { Pack } from './pack-schema.ts';

/** Cross-references a schema cannot see: ids unique per list, sheets naming weapons that exist. */
export function referenceProblems(pack: Pack): string[] {
  const problems: string[] = [];
  const lists = [
    'characters',
    'weapons',
    'melee',
    'armour',
    'gear',
    'charges',
    'locks',
    'networks',
    'vehicles',
    'robots',
    'diseases',
    'projects',
  ] as const;
  for (const list of lists) {
    const seen = new Set<string>();
    pack[list].forEach((item, i) => {
      if (seen.has(item.id)) problems.push(`${list}.${i}.id: ${item.id} is used twice`);
      seen.add(item.id);
    });
  }
  const weaponIds = new Set([...pack.weapons.map((w) => w.id), ...pack.melee.map((w) => w.id)]);
  const armourIds = new Set(pack.armour.map((a) => a.id));
  const gearIds = new Set(pack.gear.map((g) => g.id));
  pack.characters.forEach((c, i) => {
    c.weapons.forEach((w, j) => {
      if (!weaponIds.has(w)) problems.push(`characters.${i}.weapons.${j}: no weapon ${w} in this pack`);
    });
    if (c.armour !== undefined && !armourIds.has(c.armour))
      problems.push(`characters.${i}.armour: no armour ${c.armour} in this pack`);
    c.gear.forEach((g, j) => {
      if (!gearIds.has(g)) problems.push(`characters.${i}.gear.${j}: no gear ${g} in this pack`);
    });
  });
  pack.vehicles.forEach((v, i) => {
    for (const w of [...(v.mainWeapon ? [v.mainWeapon] : []), ...v.minorWeapons])
      if (!weaponIds.has(w)) problems.push(`vehicles.${i}: no weapon ${w} in this pack`);
  });
  const sheets = new Set(pack.characters.map((c) => c.id));
  pack.scenarios.forEach((sc, i) => {
    sc.sides.forEach((side, j) => {
      side.members.forEach((m, k) => {
        if (!sheets.has(m.sheet))
          problems.push(`scenarios.${i}.sides.${j}.members.${k}.sheet: no character sheet ${m.sheet}`);
      });
      if (side.leader !== undefined && side.leader >= side.members.length)
        problems.push(`scenarios.${i}.sides.${j}.leader: no member ${side.leader}`);
    });
    if (sc.sides[0]?.id === sc.sides[1]?.id) problems.push(`scenarios.${i}.sides: the sides are a and b`);
  });
  pack.careers.forEach((k, i) => {
    k.fields?.forEach((f, j) => {
      if (!isKnownSkill(f, pack))
        problems.push(`careers.${i}.fields.${j}: no skill ${f} (add it to extraSkills)`);
    });
  });
  pack.weapons.forEach((w, i) => {
    const [e, l, x] = w.ranges;
    if (!(e <= l && l <= x)) problems.push(`weapons.${i}.ranges: Effective ≤ Long ≤ Extreme`);
  });
  return problems;
}

/**
 * Checks a data pack (JSON already parsed) and returns it with defaults filled in; a bad pack is
 * refused with PACK_INVALID whose message and `details.problems` list every `path: problem`.
 */
export function parsePack(input: unknown): Pack {
  const parsed = packSchema.safeParse(input);
  const problems = parsed.success ? referenceProblems(parsed.data) : issueLines(parsed.error.issues);
  if (!parsed.success || problems.length > 0) {
    throw packInvalid(problems);
  }
  return parsed.data;
}

/** The pack Bughunt ships (digest §12), checked once at load. */
export const defaultPack: Pack = parsePack(defaultPackJson);
