import { describe, expect, it } from 'vitest';
import { type PromotionRoster, promotionOnFall } from './field-promotion.ts';

/** A bare roster: PCs by name, the smallest one the rule runs on (the table's and the record's are bigger). */
class Squad implements PromotionRoster<string> {
  readonly members: readonly string[];
  readonly ranks: Record<string, number>;
  readonly fallen = new Set<string>();
  waiting: { rank: number; candidates: readonly string[]; dead: string } | null = null;
  constructor(ranks: Record<string, number>) {
    this.ranks = { ...ranks };
    this.members = Object.keys(ranks);
  }
  fall(name: string): void {
    this.fallen.add(name);
    promotionOnFall(this, name, this.ranks[name] as number);
  }
  alive(m: string): boolean {
    return !this.fallen.has(m);
  }
  rank(m: string): number {
    return this.ranks[m] as number;
  }
  promote(m: string, rank: number): void {
    this.ranks[m] = Math.max(this.ranks[m] as number, rank);
  }
  waitingRank(): number {
    return this.waiting?.rank ?? 0;
  }
  waitingCandidates(): readonly string[] {
    return this.waiting?.candidates ?? [];
  }
  keepWaiting(left: readonly string[]): void {
    this.waiting = this.waiting && left.length > 0 ? { ...this.waiting, candidates: left } : null;
  }
  wait(rank: number, candidates: readonly string[], dead: string): void {
    this.waiting = { rank, candidates, dead };
  }
}

describe('promotionOnFall (the field promotion rule both rosters share)', () => {
  it('the one next highest ranked PC takes the fallen PC’s rank at once', () => {
    const squad = new Squad({ Sarge: 3, Ace: 2, Rook: 1 });
    squad.fall('Sarge');
    expect(squad.ranks).toEqual({ Sarge: 3, Ace: 3, Rook: 1 });
    expect(squad.waiting).toBeNull();
  });

  it('no one steps up when the fallen PC did not outrank every PC alive', () => {
    const squad = new Squad({ Ace: 2, Rook: 2, Kid: 1 });
    squad.fall('Rook');
    squad.fall('Kid');
    expect(squad.ranks).toEqual({ Ace: 2, Rook: 2, Kid: 1 });
    expect(squad.waiting).toBeNull();
  });

  it('tied candidates wait for their NFA tests, in the roster’s order', () => {
    const squad = new Squad({ Sarge: 3, Ace: 2, Rook: 2, Kid: 1 });
    squad.fall('Sarge');
    expect(squad.waiting).toEqual({ rank: 3, candidates: ['Ace', 'Rook'], dead: 'Sarge' });
    expect(squad.ranks.Ace).toBe(2);
  });

  it('a candidate who falls leaves the waiting promotion; the last one left takes it', () => {
    const squad = new Squad({ Sarge: 3, Ace: 2, Rook: 2, Vet: 2, Kid: 1 });
    squad.fall('Sarge');
    squad.fall('Vet');
    expect(squad.waiting).toEqual({ rank: 3, candidates: ['Ace', 'Rook'], dead: 'Sarge' });
    squad.fall('Ace');
    expect(squad.waiting).toBeNull();
    expect(squad.ranks.Rook).toBe(3);
    // Rook, now the most senior, falls in turn: Kid is the only one left to step up.
    squad.fall('Rook');
    expect(squad.ranks.Kid).toBe(3);
  });

  it('the last PC falling promotes no one', () => {
    const squad = new Squad({ Sarge: 3 });
    squad.fall('Sarge');
    expect(squad.ranks).toEqual({ Sarge: 3 });
    expect(squad.waiting).toBeNull();
  });
});
