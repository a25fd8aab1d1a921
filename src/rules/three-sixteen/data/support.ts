import { RuleError } from '../../../engine/rule-error.ts';

/**
 * Support items: vehicles, bombs and the calls a trooper can make (the book's "Resources" and
 * "One Use Per Planet"). Each says who may use it; the encounter code enforces the effect.
 */
export type SupportId =
  | 'dropPods'
  | 'apc'
  | 'dropShip'
  | 'kineticFieldArmour'
  | 'tpkBomb'
  | 'paradiseBomb'
  | 'starkiller'
  | 'theDevice'
  | 'orbitalBombardment'
  | 'eVac'
  | 'forceWeakness';

/**
 * Who may call it: any PC of at least `minRank`; only the highest rank alive among the PCs (joint
 * highest counts); only the lowest rank alive (joint lowest counts).
 */
export type SupportAccess =
  | { readonly kind: 'minRank'; readonly minRank: number }
  | { readonly kind: 'highestRankAlive' }
  | { readonly kind: 'lowestRankAlive' };

export type SupportKind = 'vehicle' | 'bomb' | 'call' | 'gear';

export interface SupportItem {
  readonly id: SupportId;
  /** The book's name. */
  readonly name: string;
  readonly kind: SupportKind;
  readonly access: SupportAccess;
  /**
   * Once used, gone until the group reaches another planet (the book's "One Use Per Planet" list,
   * plus Kinetic Field Armour, which works for one encounter per planet).
   */
  readonly oncePerPlanet: boolean;
  /** Spent when used; a replacement needs a Development Roll between missions. */
  readonly consumable: boolean;
  /** Issued free on reaching `minRank` (the rest are open calls, no item to hold). */
  readonly issuedOnPromotion: boolean;
  /** Most uses one PC may ever make (Orbital Bombardment: 2, the second one fatal). */
  readonly careerLimit?: number;
  /** Needs an NFA success on the caller's turn in the combat sequence. */
  readonly needsNfaSuccess: boolean;
  /** One line in our own words, for the UI. */
  readonly summary: string;
}

const minRank = (rank: number): SupportAccess => ({ kind: 'minRank', minRank: rank });

export const SUPPORT_ITEMS: Readonly<Record<SupportId, SupportItem>> = {
  dropPods: {
    id: 'dropPods',
    name: 'Drop Pods',
    kind: 'vehicle',
    access: minRank(3),
    oncePerPlanet: false,
    consumable: true,
    issuedOnPromotion: true,
    needsNfaSuccess: false,
    summary:
      "The PCs ambush in a planet's first encounter; the pods are lost if that fight is lost or an E-Vac or Orbital Bombardment ends it.",
  },
  apc: {
    id: 'apc',
    name: 'APC',
    kind: 'vehicle',
    access: minRank(4),
    oncePerPlanet: false,
    consumable: false,
    issuedOnPromotion: true,
    needsNfaSuccess: true,
    summary:
      'Armoured carrier: shifts range freely, shields riders until damaged, d6 kills at any range on its driver’s NFA.',
  },
  dropShip: {
    id: 'dropShip',
    name: 'Drop Ship',
    kind: 'vehicle',
    access: minRank(5),
    oncePerPlanet: false,
    consumable: false,
    issuedOnPromotion: true,
    needsNfaSuccess: true,
    summary:
      'Landing craft: d10 kills at any range on its commander’s NFA, one extra Armour tick for those aboard.',
  },
  kineticFieldArmour: {
    id: 'kineticFieldArmour',
    name: 'Kinetic Field Armour',
    kind: 'gear',
    access: minRank(5),
    oncePerPlanet: true,
    consumable: false,
    issuedOnPromotion: true,
    needsNfaSuccess: false,
    summary: 'Switched on as an encounter starts: no armour-stoppable kill touches the wearer in it.',
  },
  tpkBomb: {
    id: 'tpkBomb',
    name: 'TPK Bomb',
    kind: 'bomb',
    access: minRank(4),
    oncePerPlanet: false,
    consumable: true,
    issuedOnPromotion: true,
    needsNfaSuccess: false,
    summary: 'Close-range nuke: every PC at Close takes an unstoppable Kill; d100 kills per PC hit.',
  },
  paradiseBomb: {
    id: 'paradiseBomb',
    name: 'Paradise Bomb',
    kind: 'bomb',
    access: minRank(6),
    oncePerPlanet: false,
    consumable: true,
    issuedOnPromotion: true,
    needsNfaSuccess: false,
    summary: 'Encounter-wide nuke: every PC takes an unstoppable Kill; d100 kills per PC hit.',
  },
  starkiller: {
    id: 'starkiller',
    name: 'Starkiller',
    kind: 'bomb',
    access: minRank(7),
    oncePerPlanet: false,
    consumable: true,
    issuedOnPromotion: true,
    needsNfaSuccess: false,
    summary:
      'Fired at a briefing: the planet is crossed off, d1000 × 10 kills and a medal, then a new briefing.',
  },
  theDevice: {
    id: 'theDevice',
    name: 'The Device',
    kind: 'bomb',
    access: minRank(8),
    oncePerPlanet: false,
    consumable: true,
    issuedOnPromotion: true,
    needsNfaSuccess: false,
    summary: 'The last resort: destroys the Brigade and its neighbourhood, ending the campaign.',
  },
  orbitalBombardment: {
    id: 'orbitalBombardment',
    name: 'Orbital Bombardment',
    kind: 'call',
    access: minRank(3),
    oncePerPlanet: true,
    consumable: false,
    issuedOnPromotion: false,
    careerLimit: 2,
    needsNfaSuccess: true,
    summary:
      'Officers shell the planet: every alien dies, every PC takes a Kill through armour, d1000 kills to the caller; a second call in a career is fatal.',
  },
  eVac: {
    id: 'eVac',
    name: 'E-Vac',
    kind: 'call',
    access: { kind: 'highestRankAlive' },
    oncePerPlanet: true,
    consumable: false,
    issuedOnPromotion: false,
    needsNfaSuccess: true,
    summary:
      'The senior PC pulls everyone out: the encounter’s tokens are discarded and each PC takes a Kill armour may stop.',
  },
  forceWeakness: {
    id: 'forceWeakness',
    name: 'Force Weakness',
    kind: 'call',
    access: { kind: 'lowestRankAlive' },
    oncePerPlanet: true,
    consumable: false,
    issuedOnPromotion: false,
    needsNfaSuccess: true,
    summary: 'The most junior PC makes another PC spend a Weakness, if that PC has one left.',
  },
};

export const SUPPORT_IDS = Object.keys(SUPPORT_ITEMS) as SupportId[];

/** Who is asking, and what has already happened, for `supportBlocker`. */
export interface SupportContext {
  readonly rank: number;
  /** Ranks of every PC still alive, the caller included (NPCs are not part of the group). */
  readonly aliveRanks: readonly number[];
  /** The item was already used by the group on this planet. */
  readonly usedThisPlanet?: boolean;
  /** How often this PC has used it over its career. */
  readonly careerUses?: number;
}

/** Why this PC may not use the item now, or null when it may. */
export function supportBlocker(id: SupportId, ctx: SupportContext): RuleError | null {
  const item = SUPPORT_ITEMS[id];
  const { access } = item;
  if (access.kind === 'minRank' && ctx.rank < access.minRank)
    return new RuleError('SUPPORT_RANK_TOO_LOW', `${item.name} needs rank ${access.minRank} or higher`, {
      item: id,
      rank: ctx.rank,
      minRank: access.minRank,
    });
  if (access.kind === 'highestRankAlive' && ctx.rank < Math.max(ctx.rank, ...ctx.aliveRanks))
    return new RuleError('SUPPORT_NOT_HIGHEST_RANK', `only the highest rank alive may call ${item.name}`, {
      item: id,
    });
  if (access.kind === 'lowestRankAlive' && ctx.rank > Math.min(ctx.rank, ...ctx.aliveRanks))
    return new RuleError('SUPPORT_NOT_LOWEST_RANK', `only the lowest rank alive may call ${item.name}`, {
      item: id,
    });
  if (item.oncePerPlanet && ctx.usedThisPlanet)
    return new RuleError('SUPPORT_USED_THIS_PLANET', `${item.name} was already used on this planet`, {
      item: id,
    });
  if (item.careerLimit !== undefined && (ctx.careerUses ?? 0) >= item.careerLimit)
    return new RuleError(
      'SUPPORT_CAREER_LIMIT',
      `${item.name} can be used at most ${item.careerLimit} times`,
      {
        item: id,
      },
    );
  return null;
}

export function maySupport(id: SupportId, ctx: SupportContext): boolean {
  return supportBlocker(id, ctx) === null;
}

/** A second Orbital Bombardment (on a later planet) kills the PC who calls it. */
export function orbitalBombardmentIsFatal(careerUsesBefore: number): boolean {
  return careerUsesBefore >= 1;
}

/** Items whose rank limit the PC meets (the calls open to everyone by relative rank excluded). */
export function supportForRank(rank: number): SupportId[] {
  return SUPPORT_IDS.filter((id) => {
    const a = SUPPORT_ITEMS[id].access;
    return a.kind === 'minRank' && rank >= a.minRank;
  });
}

/** Items handed out free when a PC reaches exactly this rank. */
export function supportIssuedAt(rank: number): SupportId[] {
  return SUPPORT_IDS.filter((id) => {
    const item = SUPPORT_ITEMS[id];
    return item.issuedOnPromotion && item.access.kind === 'minRank' && item.access.minRank === rank;
  });
}
