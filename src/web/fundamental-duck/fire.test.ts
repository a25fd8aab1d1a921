import { describe, expect, it } from 'vitest';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { Teamer } from '../../rules/fundamental-duck/state.ts';
import { gunOdds, hitDistribution, percent } from './fire.ts';

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 10);

describe('hit chances', () => {
  it('a distribution of hits sums to one and matches the binomial without eagle eye', () => {
    const d = hitDistribution(2, 0, 4, false);
    close(
      d.reduce((a, b) => a + b, 0),
      1,
    );
    close(d[0] as number, 0.25);
    close(d[1] as number, 0.5);
    close(d[2] as number, 0.25);
  });

  it('eagle eye turns one near miss into a hit', () => {
    const d = hitDistribution(1, 0, 4, true);
    close(d[1] as number, 4 / 6);
    const two = hitDistribution(2, 0, 4, true);
    close(
      two.reduce((a, b) => a + b, 0),
      1,
    );
    // Both miss only when neither die shows 3 or more.
    close(two[0] as number, (2 / 6) ** 2);
  });

  it('follows the Teamer: upgrades, the dash penalty and a chicken’s BINGE test', () => {
    const s = fd.setup({});
    const kowalski = s.teamers.kowalski as Teamer;
    const har = s.rules.weapons.har;
    if (!har) throw new Error('the default pack has a HAR');
    close(gunOdds(kowalski, 'har', har, 2).chance, 0.75);
    close(gunOdds(kowalski, 'har', har, 2).kill, 0.25);
    close(gunOdds({ ...kowalski, bonus: { har: 1 } }, 'har', har, 1).chance, 1 - (2 / 6) ** 2);
    close(gunOdds({ ...kowalski, dash: 'penalised' }, 'har', har, 1).chance, 1 - (5 / 6) ** 2);
    close(gunOdds({ ...kowalski, chicken: true, binge: 3 }, 'har', har, 1).chance, 0.5 * 0.75);
    expect(percent(0.75)).toBe('75%');
    expect(percent(1 / 3)).toBe('33.3%');
  });
});
