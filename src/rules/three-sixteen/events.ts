import type { RollRecord } from '../../engine/dice/typed.ts';
import type { ConflictEnd, SideKey } from './campaign/model.ts';
import type { CoreCommand } from './commands.ts';
import type {
  AbilityId,
  ActorKey,
  ArmourPolicy,
  Declaration,
  EncounterEndReason,
  HitRecord,
  Planet,
  Range,
  Trooper,
  TurnSlot,
  WeaponId,
} from './state.ts';

/**
 * Events of the 3:16 ruleset. Each is a fact: every die rolled is in it (faces or RollRecords), so
 * `evolve` never rolls and a log replays without a seed. Consequences that follow without dice
 * (which PCs an alien success hits, tokens returning to the pool, healing between encounters) are
 * worked out by `evolve` from the state, so they are not duplicated in events.
 *
 * Other parts add their events by module augmentation of `ExtraEvents` (see commands.ts header).
 */

/** One d10 test: the face, the ability it was tested against (after modifiers), the verdict. */
export interface TestFace {
  readonly face: number;
  readonly target: number;
  readonly success: boolean;
}

/** What a turn did, as decided with its dice. */
export type TurnOutcome =
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'failure' }
  /** FA success: the kill roll (null when the weapon kills 0 or "–" here, or nothing could die). */
  | {
      readonly kind: 'fa';
      readonly kills: RollRecord | null;
      readonly weapon: WeaponId;
      /**
       * Grenades: false when the grenade does not go off (it cannot reach from here, or technology
       * is stopped), so nobody at Close is caught. Absent in older logs: it went off.
       */
      readonly blast?: boolean;
    }
  /** A bomb: who was at the blast, and one d100 per token removed. */
  | {
      readonly kind: 'bomb';
      readonly bomb: 'tpkBomb' | 'paradiseBomb';
      readonly victims: readonly string[];
      readonly kills: readonly RollRecord[];
    }
  | {
      readonly kind: 'nfa';
      readonly kills?: RollRecord | null;
      readonly bonusKills?: RollRecord;
      /**
       * An Orbital Bombardment: whether it is its player's second (which kills the caller; the book
       * counts per player, so a replacement inherits its predecessors' calls). Absent in older
       * logs, which counted the calling trooper's own.
       */
      readonly secondBombardment?: boolean;
    }
  | { readonly kind: 'aa' };

export type CoreEvent =
  // Roster
  | { readonly type: 'trooper.created'; readonly trooper: Trooper; readonly startingKills: RollRecord }
  | { readonly type: 'trooper.armourPolicySet'; readonly trooperId: string; readonly policy: ArmourPolicy }
  | { readonly type: 'trooper.defaultWeaponSet'; readonly trooperId: string; readonly weapon: WeaponId }
  | {
      readonly type: 'trooper.rankWeaponChosen';
      readonly trooperId: string;
      readonly weapon: WeaponId;
      readonly replaces: WeaponId;
    }
  | {
      readonly type: 'ranks.assigned';
      readonly ranks: Readonly<Record<string, number>>;
      readonly rolls: readonly {
        readonly trooperId: string;
        readonly face: number;
        readonly purpose: string;
      }[];
    }
  // Mission
  | {
      readonly type: 'planet.set';
      readonly planet: Planet;
      readonly entries: Readonly<Partial<Record<'name' | 'form' | 'description' | 'aaMethod', number>>> & {
        readonly ability?: readonly number[];
      };
    }
  | { readonly type: 'mission.briefed'; readonly text: string }
  | {
      readonly type: 'scene.added';
      readonly text: string;
      readonly secret: boolean;
      /** The seat that wrote a secret scene: a rotating GM sees only the secrets it wrote. */
      readonly by?: string;
    }
  | ({ readonly type: 'nfaTest.rolled'; readonly trooperId: string; readonly text: string } & TestFace)
  | {
      readonly type: 'scene.flashback';
      readonly trooperId: string;
      readonly kind: 'strength' | 'weakness';
      readonly text: string;
      /** The slot it fills (in strengths or weaknesses). */
      readonly slot: number;
    }
  | {
      readonly type: 'encounter.started';
      readonly tokens: number;
      readonly final: boolean;
      readonly description: string;
      readonly troopers: readonly string[];
    }
  | { readonly type: 'mission.ended' }
  /**
   * Said after the event that ended an encounter, so the log tells how it ended: the state has
   * already moved on (evolve ignores it). `pool` is the planet's pool afterwards.
   */
  | {
      readonly type: 'encounter.ended';
      readonly reason: EncounterEndReason;
      readonly squadAlive: boolean;
      readonly pool: number;
      readonly planetCleared: boolean;
    }
  // Dominance and range
  | ({ readonly type: 'dominance.rolled'; readonly actor: ActorKey } & TestFace)
  | { readonly type: 'dominance.declined'; readonly trooperId: string }
  | {
      readonly type: 'dominance.resolved';
      readonly outcome: 'pcAmbush' | 'alienAmbush' | 'pc' | 'aliens' | 'allFail';
      /** Who sets the range (null when everyone failed: Far). */
      readonly winner: ActorKey | null;
      /** Roll-offs between tied best successes, in the order they were rolled. */
      readonly tieBreaks: readonly { readonly actor: ActorKey; readonly face: number }[];
    }
  | { readonly type: 'dropPods.used'; readonly trooperId: string }
  | { readonly type: 'kineticField.used'; readonly trooperId: string }
  | { readonly type: 'range.set'; readonly range: Range }
  | {
      readonly type: 'ambush.resolved';
      /** Each PC's order d10 (and tie-break), highest first, with its kill roll (null: no token left or no kills). */
      readonly attacks: readonly {
        readonly trooperId: string;
        readonly face: number;
        readonly tieBreak: number;
        readonly kills: RollRecord | null;
      }[];
      readonly tieBreaks: readonly { readonly actor: ActorKey; readonly face: number }[];
    }
  // Rounds
  | { readonly type: 'round.declared'; readonly trooperId: string; readonly declaration: Declaration }
  /** `emotional`: the round's AA attack marks E (absent in logs from before, and for a plain attack). */
  | { readonly type: 'aliens.declared'; readonly emotional?: true }
  | ({ readonly type: 'test.rolled'; readonly actor: ActorKey } & TestFace)
  | {
      readonly type: 'round.ordered';
      readonly queue: readonly TurnSlot[];
      /** Roll-off faces between tied successes (the queue holds the resulting places). */
      readonly tieBreaks: readonly { readonly actor: ActorKey; readonly face: number }[];
    }
  | ({ readonly type: 'drugs.used'; readonly trooperId: string } & TestFace)
  | {
      readonly type: 'turn.taken';
      readonly actor: ActorKey;
      readonly outcome: TurnOutcome;
      readonly move?: 'closer' | 'farther';
      readonly moves?: readonly { readonly trooperId: string; readonly steps: number }[];
      readonly alienMovement?: 'flee' | 'swarm';
      /** Induce Weakness: the AA test rolled against its target on this alien turn. */
      readonly induce?: { readonly targetId: string } & TestFace;
      readonly narration?: string;
    }
  | { readonly type: 'kill.answered'; readonly trooperId: string; readonly useArmour: boolean }
  // Flashbacks
  | {
      readonly type: 'strength.used';
      readonly trooperId: string;
      readonly text: string;
      readonly range: Range;
      readonly kills: RollRecord;
    }
  | {
      readonly type: 'weakness.used';
      readonly trooperId: string;
      readonly text: string;
      readonly slot: number;
    }
  // Aliens and GM
  | {
      readonly type: 'ability.used';
      readonly ability: AbilityId;
      readonly from: 'encounter' | 'pool';
      /** Tokens spent (0 for the free abilities). */
      readonly cost: number;
      readonly targetId?: string;
      readonly ranges?: readonly { readonly trooperId: string; readonly range: Range }[];
      /** Induce Weakness: the AA test against the target. */
      readonly test?: TestFace;
      /** Regeneration, Ignore Wounds: the round whose removed tokens come back. */
      readonly round?: number;
    }
  | { readonly type: 'bonus.granted'; readonly trooperId: string }
  | {
      readonly type: 'narration';
      readonly actor: ActorKey | 'gm';
      readonly text: string;
      readonly secret: boolean;
      /** The seat that wrote a secret line (see `scene.added`). */
      readonly by?: string;
    }
  /** `by`: the seat that wrote the note (absent in logs from before it was recorded: the table GM's). */
  | { readonly type: 'gm.noted'; readonly text: string; readonly by?: string }
  | { readonly type: 'gm.encounterEnded'; readonly reason: string }
  | {
      readonly type: 'gm.adjusted';
      readonly adjustment: Extract<CoreCommand, { type: 'gmAdjust' }>['adjustment'];
      readonly reason: string;
    };

/** Events added by other parts through module augmentation; see commands.ts header. */
// biome-ignore lint/suspicious/noEmptyInterface: extension point filled by module augmentation
export interface ExtraEvents {}

/**
 * What an event led to, written by `decide` (from the states around it) so the log can say so where
 * it happened. A record for people only: `evolve` does not read it, and events from older logs,
 * which lack it, replay the same.
 */
export interface Aftermath {
  /** Every Kill it dealt a trooper, in order, with its cause and what became of it (the log names each). */
  readonly hits?: readonly HitRecord[];
  /** Troopers it felled (the last box marked). */
  readonly fell?: readonly { readonly trooperId: string; readonly status: 'dead' | 'wreck' }[];
  /** PCs the fall promoted in the field at once (the new rank), beside the `fell` it follows from. */
  readonly risen?: readonly { readonly trooperId: string; readonly rank: number }[];
  /** Marks it put on the sides of a conflict (a trooper's health or an NPC's boxes). */
  readonly struck?: readonly { readonly side: SideKey; readonly mark: 'X' | 'E' }[];
  /** The conflict it ended: the winner (null: nobody) and how. */
  readonly conflictWon?: { readonly winner: SideKey | null; readonly reason: ConflictEnd };
}

export type ThreeSixteenEvent = (CoreEvent | ExtraEvents[keyof ExtraEvents]) & Aftermath;
export type EventOf<T extends ThreeSixteenEvent['type']> = Extract<ThreeSixteenEvent, { type: T }>;
