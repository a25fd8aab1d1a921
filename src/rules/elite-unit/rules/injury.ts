import type { DiceSource } from '../../../engine/dice/source.ts';
import { locationFor, type PartId } from '../data/tables.ts';
import type { Blow, LayerReport } from '../events.ts';
import type { Character, PartState } from '../state.ts';
import { throughLayers } from './armour.ts';
import { rollD10, rollD100 } from './dice.ts';

/**
 * One blow delivered to a character (§9): through the parry object and worn layers, off Stamina,
 * then the hit location when more than a quarter of max Stamina got through, and every death.
 */

/** An extra outer layer for this blow only: the parry object, a vehicle hull. */
export interface OuterLayer {
  readonly name: string;
  readonly dc: number;
  readonly resilience: number;
}

export interface Injury {
  readonly blow: Blow;
  readonly set: Partial<Character>;
  /** DC left on each outer layer after the blow. */
  readonly outerDc: readonly number[];
}

/** What a hit does to a part already in `state` (§9.4; a row is a part). */
function nextPartState(state: PartState | undefined): PartState {
  switch (state) {
    case undefined:
    case 'intact':
      return 'damaged';
    case 'prosthetic':
      return 'prostheticDamaged';
    case 'prostheticFailed':
      return 'prostheticFailed';
    default:
      return 'destroyed';
  }
}

export function injure(
  c: Character,
  dealt: number,
  outer: readonly OuterLayer[],
  dice: DiceSource,
  invulnerable = false,
): Injury {
  const layers = [...outer, ...c.armour];
  const result = invulnerable ? { steps: [], passed: 0 } : throughLayers(dealt, layers);
  const reports: LayerReport[] = result.steps.map((s, i) => ({ ...s, layer: layers[i]?.name ?? '?' }));
  const outerDc = outer.map((l, i) => result.steps[i]?.dcAfter ?? l.dc);
  const set: { -readonly [K in keyof Character]?: Character[K] } = {};
  if (
    !invulnerable &&
    c.armour.length > 0 &&
    result.steps.slice(outer.length).some((s) => s.dcAfter !== s.dcBefore)
  ) {
    set.armour = c.armour.map((l, i) => {
      const dc = result.steps[outer.length + i]?.dcAfter ?? l.dc;
      return dc === l.dc ? l : { ...l, dc };
    });
  }
  const passed = result.passed;
  const before = c.stamina;
  const after = Math.max(0, before - passed);
  let died: string | undefined;
  let location: Blow['location'];
  if (passed > 0) {
    set.stamina = after;
    set.firstAidGiven = false;
  }
  // Strictly more than a quarter of max Stamina, counting only what reached Stamina (§9.4).
  if (passed * 4 > c.staminaMax) {
    const roll = rollD100(dice, `hit location on ${c.name}`);
    const row = locationFor(roll.total);
    const prev = c.parts[row.part];
    if (row.instantDeath) {
      died = 'brain death';
      location = { roll, part: row.part, before: prev ?? 'intact', after: 'destroyed' };
    } else {
      let next = nextPartState(prev);
      let prostheticCheck: number | undefined;
      if (next === 'prostheticDamaged') {
        prostheticCheck = rollD10(dice, `prosthetic ${row.part} holds? (a 1 fails)`);
        if (prostheticCheck === 1) next = 'prostheticFailed';
      }
      set.parts = { ...c.parts, [row.part]: next };
      location = {
        roll,
        part: row.part,
        before: prev ?? 'intact',
        after: next,
        ...(prostheticCheck === undefined ? {} : { prostheticCheck }),
      };
      if (row.part === ('trunk' satisfies PartId) && (next === 'destroyed' || next === 'prostheticFailed'))
        died = next === 'destroyed' ? 'trunk hit twice' : 'prosthetic trunk failed';
    }
  }
  if (died === undefined && after === 0 && passed > 0) died = 'Stamina 0';
  if (died !== undefined) set.dead = died;
  const blow: Blow = {
    dealt,
    layers: reports,
    toStamina: passed,
    staminaBefore: before,
    staminaAfter: after,
    ...(location ? { location } : {}),
    ...(died ? { died } : {}),
  };
  return { blow, set, outerDc };
}
