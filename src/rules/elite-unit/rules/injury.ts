import type { DiceSource } from '../../../engine/dice/source.ts';
import { Fighter } from '../combat/record.ts';
import { locationFor, type PartId } from '../data/tables.ts';
import type { Blow, LayerReport } from '../events.ts';
import type { ArmourLayer, Character, PartState } from '../state.ts';
import { passLayer } from './armour.ts';
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

const NO_OUTER: readonly OuterLayer[] = [];

/**
 * One blow on a fighter of the combat record, written into it. The outer layers' DC left is
 * written into `outerDc` (same order). The blow's breakdown is built only when `report` is set
 * (the table's log); the simulator asks for none and allocates nothing on a blow that stops.
 */
export function injureFighter(
  f: Fighter,
  dealt: number,
  outer: readonly OuterLayer[],
  dice: DiceSource,
  invulnerable: boolean,
  report: boolean,
  outerDc: number[] | null = null,
  uncovered: readonly string[] | null = null,
): Blow | null {
  const c = f.c;
  const reports: LayerReport[] | null = report ? [] : null;
  let blow = Math.max(0, Math.floor(dealt));
  let stopped = invulnerable;
  if (!invulnerable) {
    for (let i = 0; i < outer.length; i++) {
      const l = outer[i] as OuterLayer;
      const arriving = stopped ? 0 : blow;
      const r = passLayer(blow, l.resilience, l.dc, stopped);
      if (outerDc) outerDc[i] = r.dcAfter;
      reports?.push({ outcome: r.outcome, arriving, dcBefore: l.dc, dcAfter: r.dcAfter, layer: l.name });
      if (r.outcome === 'bounced' || r.outcome === 'dented') stopped = true;
      blow = r.passed;
    }
    const worn = c.armour;
    for (let i = 0; i < worn.length; i++) {
      const l = worn[i] as ArmourLayer;
      const arriving = stopped ? 0 : blow;
      // A layer that does not cover the point of impact is passed by as if destroyed (§9.1).
      const r = passLayer(blow, l.resilience, uncovered?.includes(l.key) ? 0 : l.dc, stopped);
      if (r.dcAfter === 0 && l.dc > 0 && uncovered?.includes(l.key)) r.dcAfter = l.dc;
      const before = l.dc;
      if (r.dcAfter !== before) (f.armour()[i] as { dc: number }).dc = r.dcAfter;
      reports?.push({ outcome: r.outcome, arriving, dcBefore: before, dcAfter: r.dcAfter, layer: l.name });
      if (r.outcome === 'bounced' || r.outcome === 'dented') stopped = true;
      blow = r.passed;
    }
  } else if (outerDc) {
    for (let i = 0; i < outer.length; i++) outerDc[i] = (outer[i] as OuterLayer).dc;
  }
  const passed = stopped ? 0 : blow;
  const before = c.stamina;
  const after = Math.max(0, before - passed);
  let died: string | undefined;
  let location: Blow['location'];
  if (passed > 0) {
    f.set('stamina', after);
    f.set('firstAidGiven', false);
  }
  // Strictly more than a quarter of max Stamina, counting only what reached Stamina (§9.4).
  if (passed * 4 > c.staminaMax) {
    const roll = rollD100(dice, f.phrase('hit location on '));
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
      f.set('parts', { ...c.parts, [row.part]: next });
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
  if (died !== undefined) f.set('dead', died);
  if (!reports) return null;
  return {
    dealt,
    layers: reports,
    toStamina: passed,
    staminaBefore: before,
    staminaAfter: after,
    ...(location ? { location } : {}),
    ...(died ? { died } : {}),
  };
}

/** One blow on a sheet, outside a combat record: the breakdown and the changed fields. */
export function injure(
  c: Character,
  dealt: number,
  outer: readonly OuterLayer[],
  dice: DiceSource,
  invulnerable = false,
  uncovered: readonly string[] | null = null,
): Injury {
  const f = new Fighter(c, null);
  const outerDc = outer.map((l) => l.dc);
  const blow = injureFighter(
    f,
    dealt,
    outer.length > 0 ? outer : NO_OUTER,
    dice,
    invulnerable,
    true,
    outerDc,
    uncovered,
  );
  return { blow: blow as Blow, set: f.patch()?.set ?? {}, outerDc };
}
