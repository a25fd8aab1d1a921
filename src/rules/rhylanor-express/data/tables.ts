/**
 * The document's own tables (seed 002, straightened in the digest), as typed data. Numbers the
 * document does not give live in the editable data pack (`default-pack.json`) instead.
 */

export const CHARACTERISTICS = ['Str', 'Dex', 'End', 'Int', 'Edu', 'Soc'] as const;
export type Characteristic = (typeof CHARACTERISTICS)[number];

/** Difficulty names and their targets (§1); the same numbers serve as personal-combat range targets. */
export const DIFFICULTIES = {
  easy: 6,
  average: 8,
  aboveAverage: 10,
  hard: 12,
  veryHard: 14,
  daunting: 16,
  nearImpossible: 18,
} as const;
export type Difficulty = keyof typeof DIFFICULTIES;

/** Characteristic DM (§2.2): 0–1 → −2, 2–5 → −1, 6–8 → 0, 9–12 → +1, 13+ → +2. */
export function characteristicDm(value: number): number {
  if (value <= 1) return -2;
  if (value <= 5) return -1;
  if (value <= 8) return 0;
  if (value <= 12) return 1;
  return 2;
}

/** A cascade result (§4): pick one member and gain a level in it. */
export interface Cascade {
  readonly name: string;
  readonly members: readonly string[];
  /** Members only these careers may pick (the artillery gunners). */
  readonly militaryOnly?: readonly string[];
}

export const MILITARY_CAREERS = ['Army', 'Navy', 'Marines', 'Flyers', 'Sailors'] as const;
/** Careers that roll the Forward Observer cascade; others simply gain Forward Observer (§4 reading). */
export const FORWARD_OBSERVER_CAREERS = ['Army', 'Navy', 'Flyers'] as const;

export const CASCADES: Readonly<Record<string, Cascade>> = {
  'Gun Combat': {
    name: 'Gun Combat',
    members: [
      'Pistols',
      'Rifles',
      'Machinegun',
      'Lasers',
      'High Energy',
      'Launchers',
      'Field Artillery Gunner',
      'Energy Artillery Gunner',
    ],
    militaryOnly: ['Field Artillery Gunner', 'Energy Artillery Gunner'],
  },
  'Blade Combat': { name: 'Blade Combat', members: ['Dagger', 'Sword', 'Spear', 'Cudgel', 'Axe'] },
  Electronics: { name: 'Electronics', members: ['Electronics', 'Gravitics', 'Demolitions'] },
  'Forward Observer': {
    name: 'Forward Observer',
    members: ['Forward Observer', 'Field Artillery Gunner', 'Energy Artillery Gunner', 'Recon'],
  },
  Forgery: { name: 'Forgery', members: ['Forgery', 'Intrusion', 'Disguise'] },
  'Jack-of-all-Trades': { name: 'Jack-of-all-Trades', members: ['Space Tactics', 'Recon', 'Survival'] },
  Leader: { name: 'Leader', members: ['Leader', 'Recruiting', 'Instruction', 'Interrogation'] },
  'Vacc Suit': { name: 'Vacc Suit', members: ['Vacc Suit', 'Zero-G Combat', 'Battle Dress'] },
  Vehicle: {
    name: 'Vehicle',
    members: ['Aircraft', 'Grav', 'Wheeled', 'Tracked', 'Watercraft', "Ship's Boat", 'Vacc Suit'],
  },
};

export const VEHICLE_SKILLS = [
  'Aircraft',
  'Grav',
  'Wheeled',
  'Tracked',
  'Watercraft',
  "Ship's Boat",
] as const;
export const GUN_SKILLS = CASCADES['Gun Combat']?.members ?? [];

/** Names a skill is also known by (Marines' Cutlass is Sword, Bayonet is Spear, old Tactics names). */
export const SKILL_ALIASES: Readonly<Record<string, string>> = {
  Cutlass: 'Sword',
  Bayonet: 'Spear',
  'Ship Tactics': 'Space Tactics',
  'Fleet Tactics': 'Space Tactics',
  'Jack-o-T': 'Jack-of-all-Trades',
  'Jack of all Trades': 'Jack-of-all-Trades',
};

/**
 * Career table edits (§3): results renamed wherever they stand in these careers' tables. Army and
 * Marines: ATV and Air/raft become Vehicle, Rifle becomes Rifles, SMG Machinegun, Revolver Pistols;
 * Scouts: Air/raft becomes Vehicle; Rogue: Ship Tactics becomes Tactics.
 */
export const CAREER_EDITS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  Army: { ATV: 'Vehicle', 'Air/raft': 'Vehicle', 'Air/Raft': 'Vehicle', Rifle: 'Rifles', SMG: 'Machinegun' },
  Marines: { ATV: 'Vehicle', Revolver: 'Pistols' },
  Scouts: { 'Air/raft': 'Vehicle', 'Air/Raft': 'Vehicle' },
  Rogue: { 'Ship Tactics': 'Tactics' },
};

/**
 * Career table edits (§3) that hold on one table only, by its index (0 is the book's table 1):
 * Flyers' Brawling becomes Forward Observer on table 2, the Service Skills, and nowhere else.
 */
export const CAREER_TABLE_EDITS: Readonly<
  Record<string, Readonly<Record<number, Readonly<Record<string, string>>>>>
> = {
  Flyers: { 1: { Brawling: 'Forward Observer' } },
};

/** A career table entry as this career reads it after the §3 edits (`table`: the table's index). */
export function careerResult(career: string | null, entry: string, table: number): string {
  if (!career) return entry;
  return CAREER_TABLE_EDITS[career]?.[table]?.[entry] ?? CAREER_EDITS[career]?.[entry] ?? entry;
}

/** The document's skill names (§2.3). Scientists add their own academic field on top. */
export const MASTER_SKILLS = [
  'Admin',
  'Aircraft',
  'Axe',
  'Battle Dress',
  'Brawling',
  'Computer',
  'Cudgel',
  'Dagger',
  'Demolitions',
  'Disguise',
  'Electronics',
  'Energy Artillery Gunner',
  'Engineering',
  'Field Artillery Gunner',
  'Forensics',
  'Forgery',
  'Forward Observer',
  'Grav',
  'Gravitics',
  'Gunnery',
  'High Energy',
  'Hunting',
  'Instruction',
  'Interrogation',
  'Intrusion',
  'Jack-of-all-Trades',
  'Lasers',
  'Launchers',
  'Leader',
  'Machinegun',
  'Mechanical',
  'Medic',
  'Navigation',
  'Pilot',
  'Pistols',
  'Recon',
  'Recruiting',
  'Rifles',
  "Ship's Boat",
  'Space Tactics',
  'Spear',
  'Survival',
  'Sword',
  'Tactics',
  'Tracked',
  'Vacc Suit',
  'Watercraft',
  'Wheeled',
  'Zero-G Combat',
] as const;

/** A substitution (§4): a task normally built on `skill` may use `instead` at `dm`. */
export interface Substitution {
  readonly task: string;
  readonly skills: readonly { readonly skill: string; readonly dm: number }[];
}

export const SUBSTITUTIONS: Readonly<Record<string, Substitution>> = {
  repairJumpDrive: { task: 'repair jump drive', skills: [{ skill: 'Engineering', dm: 0 }] },
  repairPowerPlant: { task: 'repair power plant', skills: [{ skill: 'Engineering', dm: 0 }] },
  repairManeuverDrive: {
    task: 'repair maneuver drive',
    skills: [
      { skill: 'Engineering', dm: 0 },
      { skill: 'Gravitics', dm: 0 },
    ],
  },
  repairGravVehicle: {
    task: 'repair grav vehicle',
    skills: [
      { skill: 'Gravitics', dm: 0 },
      { skill: 'Engineering', dm: -1 },
    ],
  },
  fireEnergyArtillery: {
    task: 'fire energy artillery',
    skills: [
      { skill: 'Energy Artillery Gunner', dm: 0 },
      { skill: 'Gunnery', dm: -1 },
    ],
  },
  fireTacMissiles: {
    task: 'fire TAC missiles',
    skills: [
      { skill: 'Launchers', dm: 0 },
      { skill: 'Field Artillery Gunner', dm: 0 },
      { skill: 'Gunnery', dm: -1 },
    ],
  },
  fireShipEnergyWeapon: {
    task: 'fire a small-craft or starship energy weapon',
    skills: [
      { skill: 'Gunnery', dm: 0 },
      { skill: 'Energy Artillery Gunner', dm: -1 },
    ],
  },
  fireShipOrdnance: { task: 'fire missiles or sand', skills: [{ skill: 'Gunnery', dm: 0 }] },
  operateScanner: {
    task: 'operate a battle scanner or ship sensors',
    skills: [
      { skill: 'Navigation', dm: 0 },
      { skill: 'Computer', dm: 0 },
    ],
  },
  fakeComputerData: { task: 'leave fake data in a computer', skills: [{ skill: 'Forgery', dm: 0 }] },
};

// ---------------------------------------------------------------------------------------------
// Personal combat (§7)

export const MOVEMENT_OPTIONS = {
  stand: { metres: 0, squares: 0, fire: 'aimed', cover: true, snapDm: 0 },
  evade: { metres: 9, squares: 6, fire: 'none', cover: true, snapDm: 0 },
  walk: { metres: 18, squares: 12, fire: 'snap', cover: false, snapDm: -2 },
  run: { metres: 45, squares: 30, fire: 'snap', cover: false, snapDm: -4 },
} as const;
export type MovementOption = keyof typeof MOVEMENT_OPTIONS;

/** Base to-hit by the weapon's own range band (§7.6). */
export const RANGE_TARGETS = { effective: 8, long: 10, extreme: 12 } as const;
export type RangeBand = keyof typeof RANGE_TARGETS;
export const EVADING_TARGET_DM = -2;
/** Secondary targets must lie within this many metres of the line to the primary target. */
export const SECONDARY_TARGET_METRES = 4;

export const WOUND_LEVELS = [
  'none',
  'graze',
  'light',
  'moderate',
  'serious',
  'mortal',
  'dead',
  'destroyed',
] as const;
export type WoundLevel = (typeof WOUND_LEVELS)[number];

/** The wound table (§7.12): 2d6 + Penetration − armour. */
export function woundFromTotal(total: number): WoundLevel {
  if (total <= 3) return 'none';
  if (total === 4) return 'graze';
  if (total <= 7) return 'light';
  if (total === 8) return 'moderate';
  if (total <= 11) return 'serious';
  if (total === 12) return 'mortal';
  if (total <= 17) return 'dead';
  return 'destroyed';
}

/**
 * Explosive and energy contact hits raise a wound one level (never from None); unarmed blows
 * lower it one (None stays None, Destroyed stays Destroyed when raised).
 */
export function shiftWound(level: WoundLevel, shift: -1 | 0 | 1): WoundLevel {
  if (shift === 0 || level === 'none') return level;
  const i = WOUND_LEVELS.indexOf(level) + shift;
  return WOUND_LEVELS[Math.max(0, Math.min(WOUND_LEVELS.length - 1, i))] as WoundLevel;
}

/** End lost and the skill/attack/movement/morale penalty of each wound (§7.12). `null` End: to 0. */
export const WOUND_EFFECTS: Readonly<Record<WoundLevel, { endLost: number | null; penalty: number }>> = {
  none: { endLost: 0, penalty: 0 },
  graze: { endLost: 0, penalty: 0 },
  light: { endLost: 1, penalty: 1 },
  moderate: { endLost: 2, penalty: 2 },
  serious: { endLost: null, penalty: 0 },
  mortal: { endLost: null, penalty: 0 },
  dead: { endLost: null, penalty: 0 },
  destroyed: { endLost: null, penalty: 0 },
};

/** Vehicle to-hit DMs (§7.7) by class and what the vehicle does this turn. */
export const VEHICLE_ACTIVITIES = ['sitting', 'cruising', 'fleeing', 'attacking'] as const;
export type VehicleActivity = (typeof VEHICLE_ACTIVITIES)[number];
export const VEHICLE_TARGET_DMS: Readonly<Record<string, readonly [number, number, number, number]>> = {
  Car: [1, -1, -3, 0],
  ATV: [3, 2, 0, 0],
  'Air/Raft': [1, -1, -3, 0],
  'G-carrier': [2, 0, -2, 2],
  Speeder: [2, -9, -11, -7],
  'Cargo jet': [2, -5, -7, -3],
  'Interceptor or grav fighter': [2, -12, -14, -10],
  'Small watercraft': [2, 1, -1, 2],
  'Large watercraft': [7, 6, 4, 6],
  'Space craft': [4, -11, -13, -9],
  Starship: [7, -8, -10, -6],
};

/** Penetration result against a vehicle or robot (§7.13, §7.14): 1d6 + PEN − armour. */
export type PenetrationResult = 'none' | 'surface' | 'minor' | 'major';
export function penetrationResult(total: number): PenetrationResult {
  if (total <= 0) return 'none';
  if (total <= 7) return 'surface';
  if (total <= 13) return 'minor';
  return 'major';
}

/** Vehicle damage effect table (§7.13): 2d6 per column; `next` means roll the next column. */
export const VEHICLE_EFFECTS: Readonly<Record<Exclude<PenetrationResult, 'none'>, readonly string[]>> = {
  // index 0 is 2d6 = 2
  surface: [
    'engineImpeded',
    'minorWeaponDestroyed',
    'exposedCrewAttacked',
    'locomotionImpeded',
    'antennaDestroyed',
    'locomotionImpeded',
    'minorWeaponJammed',
    'minorWeaponJammed',
    'exposedCrewAttacked',
    'next',
    'next',
  ],
  minor: [
    'engineJammed',
    'minorWeaponDestroyed',
    'oneCrewAttacked',
    'locomotionJammed',
    'electronicDeviceDamaged',
    'locomotionJammed',
    'mainWeaponJammed',
    'mainWeaponJammed',
    'oneCrewAttacked',
    'next',
    'next',
  ],
  major: [
    'engineDestroyed',
    'engineDestroyed',
    'allCrewAttacked',
    'locomotionDestroyed',
    'electronicsDestroyed',
    'locomotionDestroyed',
    'mainWeaponDestroyed',
    'mainWeaponDestroyed',
    'allCrewAttacked',
    'explode',
    'explode',
  ],
};

/** Robot damage effect table (§7.14): 1d6 per column. */
export const ROBOT_EFFECTS: Readonly<Record<Exclude<PenetrationResult, 'none'>, readonly string[]>> = {
  surface: ['lose1Turn', 'skillsMinus1', 'locomotionImpeded', 'attacksMinus1', 'electronicsImpeded', 'next'],
  minor: ['lose1d6Turns', 'skillsMinus2', 'locomotionJammed', 'weaponJammed', 'electronicsJammed', 'next'],
  major: [
    'powerPlantDestroyed',
    'brainDestroyed',
    'locomotionDestroyed',
    'weaponDestroyed',
    'sensesDestroyed',
    'explode',
  ],
};

/** Repair targets of damage effects (§7.13, §7.14): skill and target, or null when only replacement helps. */
export const REPAIRS: Readonly<Record<string, { readonly skill: string; readonly target: number } | null>> = {
  engineImpeded: { skill: 'Mechanical', target: 6 },
  engineJammed: { skill: 'Mechanical', target: 8 },
  locomotionImpeded: { skill: 'Mechanical', target: 6 },
  locomotionJammed: { skill: 'Mechanical', target: 8 },
  electronicDeviceDamaged: { skill: 'Electronics', target: 8 },
  electronicsDestroyed: { skill: 'Electronics', target: 10 },
  minorWeaponJammed: { skill: 'Mechanical', target: 6 },
  mainWeaponJammed: { skill: 'Mechanical', target: 8 },
  weaponJammed: { skill: 'Mechanical', target: 8 },
};

/** Spotting targets by the other side's disposition (§7.2). */
export const DISPOSITIONS = ['stealthy', 'totallyConcealed', 'cautious', 'concealed', 'noisy'] as const;
export type Disposition = (typeof DISPOSITIONS)[number];
export const SPOT_TARGETS: Readonly<Record<Disposition, number>> = {
  stealthy: 12,
  totallyConcealed: 12,
  cautious: 10,
  concealed: 10,
  noisy: 6,
};

/** Morale (§7.9). */
export const MORALE = {
  target: 7,
  checkAtLossFraction: 0.25,
  heavyLossFraction: 0.5,
  heavyLossDm: -2,
  militaryDm: 1,
  leaderTacticsDm: 1,
  leaderLostDm: -2,
  leaderLostTurns: 2,
} as const;

/** Zero-G control (§7.10). */
export const ZERO_G = {
  target: 5,
  highRecoilFireDm: -4,
  meleeDm: -6,
  handholdDm: 5,
} as const;

/** Indirect fire targets on arrival (§7.11). */
export const INDIRECT_TARGETS = {
  firstShot: 18,
  laterShot: 14,
  homingMissile: 10,
  laserGuided: 6,
} as const;
export type IndirectAttack = keyof typeof INDIRECT_TARGETS;
export const BOMB_TARGET = 10;

/** Shelter armour values (§7.15). */
export const SHELTER: Readonly<Record<string, number>> = {
  'Wooden wall': 4,
  'Brick wall': 8,
  'Concrete wall': 15,
  'Starship inner door': 20,
  'Earthen bunker': 24,
  'Starship inner wall': 25,
  'Concrete bunker': 28,
  'Starship outer hatch': 30,
};

/** Combined armour of a shelter and what is worn: the larger plus half the smaller, rounded down. */
export function combinedArmour(a: number, b: number): number {
  return Math.max(a, b) + Math.floor(Math.min(a, b) / 2);
}

// ---------------------------------------------------------------------------------------------
// Medicine (§8)

export const TREATABLE = ['light', 'moderate', 'serious', 'mortal', 'dead'] as const;
export type Treatable = (typeof TREATABLE)[number];
export const TREATMENT: Readonly<
  Record<Treatable, { target: number; needs: readonly string[]; withoutDm: number | null }>
> = {
  light: { target: 8, needs: ['medicalKit'], withoutDm: -2 },
  moderate: { target: 10, needs: ['medicalKit', 'medicalDrug'], withoutDm: -4 },
  serious: { target: 12, needs: ['medicalKit', 'surgicalInstruments', 'medicalDrug'], withoutDm: -6 },
  mortal: { target: 14, needs: ['medicalKit', 'surgicalInstruments', 'medicalDrug'], withoutDm: -8 },
  dead: { target: 16, needs: ['hospital'], withoutDm: null },
};
export const MEDICAL_EQUIPMENT = [
  'medicalKit',
  'medicalDrug',
  'surgicalInstruments',
  'medicalScanner',
  'medicalComputer',
  'advancedMedicalScanner',
  'hospital',
  'vehicleMedicalStation',
  'medicalLaboratory',
] as const;
export type MedicalEquipment = (typeof MEDICAL_EQUIPMENT)[number];

/** Seconds of game time: a personal-combat turn is 15 s (§7.1). */
export const TURN_SECONDS = 15;
export const HOUR_SECONDS = 3600;
export const DAY_SECONDS = 86400;
/** The spans research is paced by (§8.4, §8.5): one roll a week, or an hour or a day for a question. */
export const RESEARCH_PERIOD_SECONDS = {
  hour: HOUR_SECONDS,
  day: DAY_SECONDS,
  week: 7 * DAY_SECONDS,
} as const;
export type ResearchPeriod = keyof typeof RESEARCH_PERIOD_SECONDS;

/**
 * Drugs (§8.3): when each takes hold after the dose and how long it lasts, in seconds of game
 * time (null: at once, or no set end). `crash`: 1d6 End lost as a Moderate wound (Serious if End
 * falls to 0) when it wears off; `after`: the wound it leaves when it ends. `helpless`: what the
 * user is while it works (asleep: unconscious; helpless: awake but unable to act); `sleepsAfter`:
 * seconds he lies unconscious once it ends.
 */
export const DRUGS = {
  medical: { onset: 0, lasts: null, crash: false, after: null, helpless: null, sleepsAfter: 0 },
  antiToxin: { onset: 0, lasts: null, crash: false, after: null, helpless: null, sleepsAfter: 0 },
  slow: {
    onset: 3 * TURN_SECONDS,
    lasts: 40 * TURN_SECONDS,
    crash: true,
    after: null,
    helpless: null,
    sleepsAfter: 0,
  },
  medicalSlow: {
    onset: 0,
    lasts: DAY_SECONDS,
    crash: false,
    after: null,
    helpless: 'asleep',
    sleepsAfter: 0,
  },
  fast: { onset: 0, lasts: DAY_SECONDS, crash: false, after: null, helpless: 'helpless', sleepsAfter: 0 },
  combat: {
    onset: 2 * TURN_SECONDS,
    lasts: 30 * TURN_SECONDS,
    crash: true,
    after: null,
    helpless: null,
    sleepsAfter: 0,
  },
  anagathics: {
    onset: 0,
    lasts: 30 * DAY_SECONDS,
    crash: false,
    after: null,
    helpless: null,
    sleepsAfter: 0,
  },
  truth: { onset: 0, lasts: 120, crash: false, after: 'moderate', helpless: null, sleepsAfter: DAY_SECONDS },
} as const satisfies Readonly<
  Record<
    string,
    {
      onset: number;
      lasts: number | null;
      crash: boolean;
      after: 'moderate' | null;
      helpless: 'asleep' | 'helpless' | null;
      sleepsAfter: number;
    }
  >
>;
export type DrugId = keyof typeof DRUGS;
export const DRUG_IDS = Object.keys(DRUGS) as [DrugId, ...DrugId[]];
/** Combat drug: +2 to Str, Dex and End while it lasts. */
export const COMBAT_DRUG_BONUS = 2;
/** Anti-toxin: 2d6 + Medic against a known poison 6+, an unknown or novel one 10+. */
export const ANTI_TOXIN_TARGETS = { known: 6, novel: 10 } as const;
/** Medical slow drug: a day's sleep heals as much as this many days of rest. */
export const MEDICAL_SLOW_DAYS = 30;

// ---------------------------------------------------------------------------------------------
// Intrusion and forensics (§9)

export const DEMOLITION_TARGETS: Readonly<
  Record<string, { tl: number; breach: number; open: number | null }>
> = {
  'Building door': { tl: 1, breach: 4, open: 1 },
  'Wooden wall': { tl: 1, breach: 4, open: null },
  'Brick wall': { tl: 2, breach: 8, open: null },
  'Concrete wall': { tl: 3, breach: 15, open: null },
  'Security door': { tl: 5, breach: 20, open: 15 },
  'Bunker wall': { tl: 5, breach: 28, open: null },
  'Small safe': { tl: 5, breach: 40, open: 30 },
  'Sturdy safe': { tl: 6, breach: 45, open: 35 },
  'Bank vault': { tl: 6, breach: 50, open: 40 },
  'Starship internal hatch': { tl: 7, breach: 20, open: 15 },
  'Starship internal wall': { tl: 7, breach: 25, open: null },
  'Starship outer hatch': { tl: 7, breach: 30, open: 25 },
  'Starship hull': { tl: 7, breach: 40, open: null },
  'Starship armoured hull': { tl: 7, breach: 50, open: null },
  'Starship heavy armour': { tl: 7, breach: 60, open: null },
  'High-tech vault': { tl: 10, breach: 60, open: 45 },
};
export const DEMOLITION_ROLL = { breach: 6, open: 8 } as const;

/** Evidence search by the investigators' TL (§9.4): null below TL 5. */
export function evidenceByTl(
  tl: number,
): { readonly target: number; readonly search: string; readonly analysis: string } | null {
  if (tl <= 4) return null;
  if (tl <= 6) return { target: 10, search: '2d6 hours', analysis: '1d6 weeks' };
  if (tl <= 9) return { target: 8, search: '1d6 hours', analysis: '1d6 days' };
  if (tl <= 13) return { target: 6, search: '1 hour', analysis: '1d6 hours' };
  return { target: 6, search: '10 minutes', analysis: '1d6 × 10 minutes' };
}
export const HACK_DISCOVERY_MARGIN = -4;
