import { type DiceSpec, d100 } from '../../../engine/dice/typed.ts';
import { RuleError } from '../../../engine/rule-error.ts';
import {
  type KillStep,
  type OwnedWeapon,
  RANGES,
  type Range,
  type RangeSteps,
  type WeaponId,
} from '../state.ts';
import { killStepDice, killStepLabel, MAX_KILL_STEP } from './kill-steps.ts';

/** How far above its basic profile a range can be improved (the book's "Best"). */
export const MAX_IMPROVEMENT_STEPS = 2;

/**
 * Bombs: every PC in the reach takes a Kill that no armour stops, the user included; each PC hit
 * removes one Threat Token and each removed token rolls `killsPerToken`.
 */
export interface BombEffect {
  readonly reach: readonly Range[];
  readonly killsPerToken: DiceSpec;
  readonly ignoresArmour: true;
  /** Used up when thrown; a replacement needs a Development Roll. */
  readonly consumable: true;
}

export type WeaponSpecial =
  /** Grenades: every PC at Close who failed its roll this round takes a Kill. */
  { readonly kind: 'grenade' } | ({ readonly kind: 'bomb' } & BombEffect);

export interface WeaponProfile {
  readonly id: WeaponId;
  /** The book's name, as printed on the sheet. */
  readonly name: string;
  readonly basic: RangeSteps;
  /** The cap for improvements; equal to `basic` for weapons that cannot be improved. */
  readonly best: RangeSteps;
  /** False for the bombs: the book gives them no Best profile. */
  readonly improvable: boolean;
  /** Can be switched to at declaration without an NFA success, even after a failure. */
  readonly freeSwitch: boolean;
  /** Lowest rank allowed to carry it (weapons without a rank limit: 0). */
  readonly minRank: number;
  readonly special?: WeaponSpecial;
  /** One-line summary in our own words, for the UI. */
  readonly summary: string;
}

const S = (close: KillStep, near: KillStep, far: KillStep): RangeSteps => ({ close, near, far });
// Ladder indexes, named for readability of the table below.
const _0 = 0;
const _1 = 1;
const D6 = 2;
const D10 = 3;
const D2D6 = 4;
const D2D10 = 5;
const D3D10 = 6;
const D100 = 7;
const NO = null;

/** Every weapon profile, basic and Best, from the book's weapon pages. */
export const WEAPONS: Readonly<Record<WeaponId, WeaponProfile>> = {
  energyRifle: {
    id: 'energyRifle',
    name: 'Energy Rifle',
    basic: S(_1, D10, _1),
    best: S(D10, D2D10, D10),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Standard trooper beam rifle; strongest at Near.',
  },
  slugRifle: {
    id: 'slugRifle',
    name: 'Slug Rifle',
    basic: S(_1, D6, D6),
    best: S(D10, D2D6, D2D6),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Bullet rifle with heavy recoil; reaches well to Far.',
  },
  eCannon: {
    id: 'eCannon',
    name: 'E-Cannon',
    basic: S(_0, D2D10, _0),
    best: S(D6, D100, D6),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Heavy energy gun; murderous at Near, useless elsewhere until improved.',
  },
  heavyMg: {
    id: 'heavyMg',
    name: 'Heavy MG',
    basic: S(_1, D2D6, _0),
    best: S(D10, D3D10, D6),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Machine gun that sprays Near range; weak at Far.',
  },
  handToHand: {
    id: 'handToHand',
    name: 'Hand-to-Hand',
    basic: S(_1, NO, NO),
    best: S(D10, NO, NO),
    improvable: true,
    freeSwitch: true,
    minRank: 0,
    summary: 'Fists, boots, knives and gun butts; Close only, always at hand.',
  },
  powerClaw: {
    id: 'powerClaw',
    name: 'PowerClaw',
    basic: S(D6, NO, NO),
    best: S(D2D6, NO, NO),
    improvable: true,
    freeSwitch: true,
    minRank: 0,
    summary: 'Powered arm-mounted claw; Close only, switched to freely.',
  },
  sidearm: {
    id: 'sidearm',
    name: 'Sidearm',
    basic: S(D6, D6, NO),
    best: S(D2D6, D2D6, NO),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Automatic pistol carried by NCOs and officers; Close and Near.',
  },
  powerBlade: {
    id: 'powerBlade',
    name: 'PowerBlade',
    basic: S(D10, NO, NO),
    best: S(D2D10, NO, NO),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Powered melee weapon (chain axe, shock sword); Close only.',
  },
  grenades: {
    id: 'grenades',
    name: 'Grenades',
    basic: S(D10, _1, NO),
    best: S(D2D10, D10, NO),
    improvable: true,
    freeSwitch: true,
    minRank: 0,
    special: { kind: 'grenade' },
    summary: 'Switched to freely; also hits every PC at Close who failed this round.',
  },
  flameGun: {
    id: 'flameGun',
    name: 'Flame-Gun',
    basic: S(D2D6, _1, NO),
    best: S(D3D10, D10, NO),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Chemical flamer; devastating at Close, little reach.',
  },
  rocketpod: {
    id: 'rocketpod',
    name: 'Rocketpod',
    basic: S(NO, _0, D2D10),
    best: S(NO, D6, D100),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Missile launcher for Far targets; cannot kill at Close.',
  },
  shotgun: {
    id: 'shotgun',
    name: 'Shotgun',
    basic: S(D10, D6, NO),
    best: S(D2D10, D2D6, NO),
    improvable: true,
    freeSwitch: false,
    minRank: 0,
    summary: 'Rapid close-assault gun; best at Close.',
  },
  tpkBomb: {
    id: 'tpkBomb',
    name: 'TPK Bomb',
    basic: S(D100, NO, NO),
    best: S(D100, NO, NO),
    improvable: false,
    freeSwitch: false,
    minRank: 4,
    special: { kind: 'bomb', reach: ['close'], killsPerToken: d100, ignoresArmour: true, consumable: true },
    summary: 'Hand-thrown nuke: a Kill to every PC at Close; d100 kills per PC it hits.',
  },
  paradiseBomb: {
    id: 'paradiseBomb',
    name: 'Paradise Bomb',
    basic: S(D100, D100, D100),
    best: S(D100, D100, D100),
    improvable: false,
    freeSwitch: false,
    minRank: 6,
    special: {
      kind: 'bomb',
      reach: ['close', 'near', 'far'],
      killsPerToken: d100,
      ignoresArmour: true,
      consumable: true,
    },
    summary: 'Larger nuke: a Kill to every PC in the encounter; d100 kills per PC it hits.',
  },
};

/** All weapon ids in the book's order. */
export const WEAPON_IDS = Object.keys(WEAPONS) as WeaponId[];

/** Weapons switched to at declaration without a roll. */
export const FREE_SWITCH_WEAPONS: readonly WeaponId[] = WEAPON_IDS.filter((id) => WEAPONS[id].freeSwitch);

export function isWeaponId(value: unknown): value is WeaponId {
  return typeof value === 'string' && Object.hasOwn(WEAPONS, value);
}

export function weaponProfile(id: WeaponId): WeaponProfile {
  return WEAPONS[id];
}

export function isFreeSwitch(id: WeaponId): boolean {
  return WEAPONS[id].freeSwitch;
}

/** A freshly issued weapon: its basic profile. */
export function newWeapon(id: WeaponId): OwnedWeapon {
  return { weapon: id, steps: WEAPONS[id].basic };
}

/** The dice a weapon rolls for kills at a range now; null for "–". */
export function killsAt(steps: RangeSteps, range: Range): DiceSpec | null {
  return killStepDice(steps[range]);
}

/** The profile as the sheet prints it, e.g. "1 / d10 / 1". */
export function profileLabel(steps: RangeSteps): string {
  return RANGES.map((r) => killStepLabel(steps[r])).join(' / ');
}

/**
 * The range(s) where the weapon's current profile is highest on the ladder; a Strength rolls kills
 * there. Several ranges come back when they tie, because the book leaves that pick to the player.
 */
export function bestRange(steps: RangeSteps): Range[] {
  let top = -1;
  for (const r of RANGES) {
    const s = steps[r];
    if (s !== null && s > top) top = s;
  }
  return RANGES.filter((r) => steps[r] === top);
}

/** How many steps a range has been raised over basic (0 for "–"). */
export function improvementsAt(owned: OwnedWeapon, range: Range): number {
  const basic = WEAPONS[owned.weapon].basic[range];
  const now = owned.steps[range];
  return basic === null || now === null ? 0 : now - basic;
}

/** Why a range cannot take one more step, or null when it can. */
export function improveBlocker(owned: OwnedWeapon, range: Range): RuleError | null {
  const profile = WEAPONS[owned.weapon];
  const now = owned.steps[range];
  if (!profile.improvable)
    return new RuleError('WEAPON_NOT_IMPROVABLE', `${profile.name} has no better profile`, {
      weapon: owned.weapon,
    });
  if (now === null || profile.basic[range] === null)
    return new RuleError('WEAPON_NEVER_KILLS_AT_RANGE', `${profile.name} never kills at ${range}`, {
      weapon: owned.weapon,
      range,
    });
  const cap = profile.best[range] ?? MAX_KILL_STEP;
  if (now >= cap)
    return new RuleError('WEAPON_AT_BEST', `${profile.name} is already at its best at ${range}`, {
      weapon: owned.weapon,
      range,
      step: killStepLabel(now),
    });
  return null;
}

export function canImprove(owned: OwnedWeapon, range: Range): boolean {
  return improveBlocker(owned, range) === null;
}

/** Ranges that can still take a step (for the between-missions menu). */
export function improvableRanges(owned: OwnedWeapon): Range[] {
  return RANGES.filter((r) => canImprove(owned, r));
}

/** One step up at one range; throws the blocker's RuleError when not allowed. */
export function improve(owned: OwnedWeapon, range: Range): OwnedWeapon {
  const blocker = improveBlocker(owned, range);
  if (blocker) throw blocker;
  const now = owned.steps[range] as number;
  return { weapon: owned.weapon, steps: { ...owned.steps, [range]: now + 1 } };
}
