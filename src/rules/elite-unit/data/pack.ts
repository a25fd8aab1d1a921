import { issueLines, packInvalid } from '../../../engine/pack-problems.ts';
import defaultPackJson from './default-pack.json' with { type: 'json' };
import { type Pack, packSchema } from './pack-schema.ts';

/** Ids that must be unique, and references that must point at something in the pack. */
function crossCheck(pack: Pack): string[] {
  const problems: string[] = [];
  const unique = (list: readonly { id: string }[], where: string) => {
    const seen = new Set<string>();
    list.forEach((item, i) => {
      if (seen.has(item.id)) problems.push(`${where}.${i}.id: '${item.id}' is used twice`);
      seen.add(item.id);
    });
    return seen;
  };
  const attributes = unique(pack.attributes, 'attributes');
  for (const a of pack.attributes) for (const alias of a.aliases) attributes.add(alias);
  const weapons = unique(pack.weapons, 'weapons');
  const armour = unique(pack.armour, 'armour');
  const accessories = unique(pack.accessories, 'accessories');
  unique(pack.vehicles, 'vehicles');
  unique(pack.substances, 'substances');
  const spells = unique(pack.spells, 'spells');
  const characters = unique(pack.characters, 'characters');
  pack.characters.forEach((c, i) => {
    const at = `characters.${i}`;
    for (const key of Object.keys(c.attributes))
      if (!attributes.has(key)) problems.push(`${at}.attributes.${key}: no such attribute in the pack`);
    for (const a of pack.attributes)
      if (c.attributes[a.id] === undefined) problems.push(`${at}.attributes.${a.id}: missing`);
    c.weapons.forEach((w, j) => {
      if (!weapons.has(w.weapon)) problems.push(`${at}.weapons.${j}.weapon: no weapon '${w.weapon}'`);
      if (w.vent !== undefined && !accessories.has(w.vent))
        problems.push(`${at}.weapons.${j}.vent: no accessory '${w.vent}'`);
    });
    c.armour.forEach((a, j) => {
      if (!armour.has(a)) problems.push(`${at}.armour.${j}: no armour '${a}'`);
    });
    c.gear.forEach((g, j) => {
      if (!accessories.has(g) && !armour.has(g))
        problems.push(`${at}.gear.${j}: no accessory or armour '${g}'`);
    });
    c.neStores.forEach((s, j) => {
      if (!accessories.has(s.item)) problems.push(`${at}.neStores.${j}.item: no accessory '${s.item}'`);
    });
    c.spells.forEach((s, j) => {
      if (!spells.has(s)) problems.push(`${at}.spells.${j}: no spell '${s}'`);
    });
  });
  pack.spells.forEach((s, i) => {
    if (!attributes.has(s.save)) problems.push(`spells.${i}.save: no attribute '${s.save}'`);
    if (s.drain && !attributes.has(s.drain.attribute))
      problems.push(`spells.${i}.drain.attribute: no attribute '${s.drain.attribute}'`);
  });
  pack.vehicles.forEach((v, i) => {
    v.mounts.forEach((m, j) => {
      if (!weapons.has(m.weapon)) problems.push(`vehicles.${i}.mounts.${j}.weapon: no weapon '${m.weapon}'`);
    });
  });
  pack.scenarios.forEach((s, i) => {
    s.sides.forEach((side, k) => {
      side.forEach((c, j) => {
        if (!characters.has(c)) problems.push(`scenarios.${i}.sides.${k}.${j}: no character '${c}'`);
      });
    });
  });
  return problems;
}

/** Checks untrusted pack JSON; every problem is reported, one `path: problem` per line, as PACK_INVALID. */
export function parsePack(json: unknown): Pack {
  const parsed = packSchema.safeParse(json);
  const problems = parsed.success ? crossCheck(parsed.data) : issueLines(parsed.error.issues);
  if (!parsed.success || problems.length > 0) {
    throw packInvalid(problems);
  }
  return parsed.data;
}

/** The shipped default set (digest §18): invented, editable, none of it a rule of the book. */
export const defaultPack: Pack = parsePack(defaultPackJson);

export type { Pack } from './pack-schema.ts';
