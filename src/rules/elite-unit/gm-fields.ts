/**
 * What the GM's `gm.set` may change on a character, in the order the GM's screen lists them: the
 * command's schema and the screen share this one list, so a field added here is offered at once.
 */
export const GM_FIELDS = [
  'stamina',
  'staminaMax',
  'attribute',
  'drain',
  'spellReduction',
  'ne',
  'neMax',
  'poison',
  'actions',
  'age',
  'money',
  'licence',
  'part',
  'layerDc',
  'loaded',
  'recoil',
  'controlPort',
  'level',
  'skill',
  'condition',
  'spell',
  'item',
  'weapon',
  'layer',
  'neStore',
] as const;
export type GmField = (typeof GM_FIELDS)[number];
