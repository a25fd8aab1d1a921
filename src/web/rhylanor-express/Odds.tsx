import { signed } from './model.ts';
import { chanceText, type Odds } from './preview.ts';

/**
 * A roll's odds before the dice, one line: each modifier with its value, then 2d6 plus their sum
 * against the target and the exact chance; without the target (the referee's secret) the DM alone;
 * a command the rules would refuse shows the refusal instead. `note` adds what the count leaves
 * out or in (a natural 2 jams).
 */
export function OddsLine({ odds, testId, note }: { odds: Odds | null; testId: string; note?: string }) {
  if (!odds) return null;
  if (!odds.ok && odds.code === 'NO_ROLL') {
    // Allowed, but nothing to roll (a charge too weak to try, a look with no way to see).
    return (
      <p className="re-odds" data-testid={testId}>
        {note ?? odds.message}
      </p>
    );
  }
  if (!odds.ok) {
    return (
      <p className="re-problem" data-code={odds.code} data-testid={testId}>
        {odds.message}
      </p>
    );
  }
  const mods =
    odds.mods.length > 0 ? `${odds.mods.map((m) => `${m.source} ${signed(m.value)}`).join(', ')}; ` : '';
  return (
    <p className="re-odds" data-testid={testId}>
      {mods}2d6 {signed(odds.dm)}{' '}
      {odds.target === null || odds.outOf36 === null ? (
        'against a number the referee keeps'
      ) : (
        <>
          against {odds.target}+: chance <strong>{chanceText(odds.outOf36)}</strong>
        </>
      )}
      {note ? ` (${note})` : ''}
    </p>
  );
}
