import { useId } from 'react';
import { POSITIONS, type Position } from '../../rules/fundamental-duck/arena/positions.ts';
import { chosenPosition } from '../../rules/fundamental-duck/juggle.ts';
import type { Facing, Teamer } from '../../rules/fundamental-duck/state.ts';
import { PLACE } from './Juggle.tsx';
import { asState, type FdView } from './model.ts';

/**
 * The free place in the square (9.5) that comes with the end of a move of a square or more, or
 * with a turn on the spot: the picker offers only the places the ruleset would accept for the
 * facing he will have (beside a stack-mate, the place opposite his), asking the rules' own
 * `chosenPosition` (the code `endMove` and `turn` run), and sends nothing itself: the place goes
 * with the end-move or turn button the player confirms.
 */
export function freePlaces(view: FdView, sel: Teamer, facing: Facing): Position[] {
  if (sel.x === null || sel.y === null) return [];
  return POSITIONS.filter((position) => {
    try {
      chosenPosition(asState(view), sel, facing, position);
      return true;
    } catch {
      // The rules refuse it (POSITION_TAKEN): not offered.
      return false;
    }
  });
}

/** The place to send: the one picked while the rules still take it, otherwise none (he stays put). */
export function placeToSend(
  places: readonly Position[],
  picked: Position,
  sel: Teamer,
): Position | undefined {
  return picked !== sel.position && places.includes(picked) ? picked : undefined;
}

/** Radio buttons (one tab stop, arrow keys between them) for the places offered. */
export function PositionPicker({
  places,
  value,
  current,
  onPick,
}: {
  places: readonly Position[];
  value: Position;
  /** Where he stands now (marked, and the choice while the picked place is not offered). */
  current: Position;
  onPick: (p: Position) => void;
}) {
  const name = useId();
  if (places.length < 2) return null;
  const chosen = places.includes(value) ? value : current;
  return (
    <fieldset className="fd-position-picker" data-testid="fd-position">
      <legend>Place in the square (free)</legend>
      {places.map((p) => (
        <label key={p}>
          <input
            type="radio"
            name={name}
            value={p}
            checked={chosen === p}
            onChange={() => onPick(p)}
            data-testid={`fd-position-${p}`}
          />{' '}
          {PLACE[p]}
          {p === current ? ' (now)' : ''}
        </label>
      ))}
    </fieldset>
  );
}
