import type { BinaryNode } from './ast.ts';
import { NotationError } from './errors.ts';

/**
 * Integer division rounding toward zero (7/2 = 3, −7/2 = −3), the same in the roller and the exact
 * odds. Computed as (a − a mod b) / b, which is exact for every safe integer, unlike trunc(a / b).
 */
export function divideTowardZero(a: number, b: number): number {
  const q = (a - (a % b)) / b;
  return q === 0 ? 0 : q; // no -0 in results
}

export function divideByZero(node: BinaryNode): NotationError {
  return new NotationError(
    'NOTATION_DIVIDE_BY_ZERO',
    `at column ${node.position + 1}: division by zero (the divisor came out as 0)`,
    { position: node.position, column: node.position + 1 },
  );
}

export function tooLarge(node: BinaryNode): NotationError {
  return new NotationError(
    'NOTATION_LIMIT',
    `at column ${node.position + 1}: the result is too large to compute exactly`,
    { position: node.position, column: node.position + 1 },
  );
}
