import { Rng } from '../rng.ts';
import { RuleError } from '../rule-error.ts';
import { type Die, isFace } from './die.ts';

/**
 * Where dice faces come from. Rules ask for one die at a time, saying why (`purpose`), and never
 * care whether a generator, a test script or a person with real dice answers.
 */
export interface DiceSource {
  roll(die: Die, purpose: string): number;
}

/** One die a rule asked for, as reported when an entered-dice command lacks faces. */
export interface DieRequest {
  readonly die: string;
  readonly faces: readonly number[];
  readonly purpose: string;
}

/** Seeded generator: replayable from the seed or the saved state. */
export class SeededDice implements DiceSource {
  readonly rng: Rng;
  constructor(seedOrRng: number | Rng) {
    this.rng = typeof seedOrRng === 'number' ? Rng.fromSeed(seedOrRng) : seedOrRng;
  }
  roll(die: Die, _purpose?: string): number {
    const labels = die.labels;
    if (labels) return labels[this.rng.int(0, labels.length - 1)] as number;
    return this.rng.int(1, die.sides);
  }
}

function invalidFace(die: Die, face: number, purpose: string): RuleError {
  const allowed = die.labels ? [...new Set(die.labels)].join(', ') : `1–${die.sides}`;
  return new RuleError(
    'DICE_FACE_INVALID',
    `${face} is not a face of a ${die.name} (allowed: ${allowed}) for ${purpose}`,
    {
      die: die.name,
      face,
      purpose,
    },
  );
}

/** A fixed queue of faces: tests and the books' worked examples. Running out is an error, not a fallback. */
export class ScriptedDice implements DiceSource {
  private next = 0;
  constructor(private readonly faces: readonly number[]) {}
  roll(die: Die, purpose: string): number {
    if (this.next >= this.faces.length) {
      throw new RuleError(
        'DICE_SCRIPT_EXHAUSTED',
        `the dice script ran out after ${this.faces.length} faces; a ${die.name} was wanted for ${purpose}`,
        { die: die.name, purpose },
      );
    }
    const face = this.faces[this.next++] as number;
    if (!isFace(die, face)) throw invalidFace(die, face, purpose);
    return face;
  }
  /** Faces not used yet: a worked-example test checks this is zero at the end. */
  get remaining(): number {
    return this.faces.length - this.next;
  }
}

/**
 * Dice for asking a ruleset whether a command would be accepted (legal-move lists, greyed-out
 * buttons): decide's checks never depend on the faces, but roll-offs must end, so the faces cycle
 * through the die rather than repeat.
 */
export function probeDice(): DiceSource {
  let n = 0;
  return { roll: (die) => (n++ % die.sides) + 1 };
}

/**
 * Faces a person rolled on physical dice and typed in. Each face is checked against the die the
 * rule asks for; when the faces run out the command is refused with DICE_NEEDED, naming the next
 * die wanted, so the client can ask for it and send the command again with one more face.
 */
export class EnteredDice implements DiceSource {
  private next = 0;
  constructor(private readonly faces: readonly number[]) {}
  roll(die: Die, purpose: string): number {
    if (this.next >= this.faces.length) {
      const request: DieRequest = {
        die: die.name,
        faces: die.labels ? [...new Set(die.labels)] : [1, die.sides],
        purpose,
      };
      throw new RuleError('DICE_NEEDED', `roll a ${die.name} for ${purpose} and enter its face`, {
        needed: request,
        entered: this.next,
      });
    }
    const face = this.faces[this.next++] as number;
    if (!isFace(die, face)) throw invalidFace(die, face, purpose);
    return face;
  }
  /** Faces sent but not asked for: the server refuses such a command so no typed face is silently ignored. */
  get unused(): number {
    return this.faces.length - this.next;
  }
}

/** Wraps a source and remembers every face it gave, in order (for audit logs and tests). */
export class RecordingDice implements DiceSource {
  readonly faces: { die: string; face: number; purpose: string }[] = [];
  constructor(private readonly inner: DiceSource) {}
  roll(die: Die, purpose: string): number {
    const face = this.inner.roll(die, purpose);
    this.faces.push({ die: die.name, face, purpose });
    return face;
  }
}
