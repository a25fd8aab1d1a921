import { describe, expect, it } from 'vitest';
import { stateHash } from '../../../engine/state-hash.ts';
import { fightAt, playRound } from '../encounter/test-kit.ts';
import type { Trooper } from '../state.ts';
import { campaignOf } from './model.ts';

const H2H = { kind: 'fa', weapon: 'handToHand' } as const;
/** A Sergeant one Kill from death, who will not tick Armour. */
const dyingSarge = {
  name: 'Sarge',
  fa: 5,
  nfa: 5,
  rank: 2,
  patch: { health: ['X', 'X', null], armourPolicy: 'never' },
} as const;
/** Spectators of the kill: their Armour ticks on its own. */
const tough = (name: string, rank: number, nfa = 5) => ({
  name,
  fa: 10 - nfa,
  nfa,
  rank,
  patch: { armourPolicy: 'useWhenAvailable' } as Partial<Trooper>,
});

/** Everyone fails, the aliens roll a 1: their turn deals the Kills. */
function alienStrike(ids: string[]) {
  const { t, gm, players } = fightAt(
    'close',
    [dyingSarge, ...ids.map((_, i) => tough(`PC${i + 2}`, 1, 4 + i))],
    {
      tokens: 2,
    },
  );
  const decl = Object.fromEntries(['t1', ...ids].map((id) => [id, H2H]));
  const faces = Object.fromEntries([['aliens', 1], ...['t1', ...ids].map((id) => [id, 10])]);
  playRound(t, gm, decl, faces);
  t.send(gm, { type: 'takeTurn', actor: 'aliens' });
  return { t, gm, players };
}

describe('3:16 field promotion', () => {
  it('the next most senior PC takes the dead Sergeant’s rank at once', () => {
    const { t, gm } = fightAt('close', [dyingSarge, tough('Cpl', 1), tough('Tpr', 0)], { tokens: 2 });
    playRound(t, gm, { t1: H2H, t2: H2H, t3: H2H }, { aliens: 1, t1: 10, t2: 10, t3: 10 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.troopers.t2).toMatchObject({ rank: 2 });
    expect(t.state.troopers.t2?.kit).toContain('radio');
    expect(t.state.troopers.t3?.rank).toBe(0);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('the field promotion hands out what the new rank adds, as a promotion by Development Roll does', () => {
    const { t, gm } = fightAt('close', [dyingSarge, tough('Cpl', 1), tough('Tpr', 0)], { tokens: 2 });
    const before = t.state.troopers.t2?.weapons.map((w) => w.weapon);
    expect(before).toEqual(['eCannon', 'grenades', 'handToHand']);
    playRound(t, gm, { t1: H2H, t2: H2H, t3: H2H }, { aliens: 1, t1: 10, t2: 10, t3: 10 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    // A Sergeant's "Slug Rifle or Heavy MG" is new to a Corporal carrying an E-Cannon (its first
    // option comes, as for a new trooper), and so is the sidearm; nothing is handed out twice.
    expect(t.state.troopers.t2?.weapons.map((w) => w.weapon)).toEqual([
      'eCannon',
      'grenades',
      'handToHand',
      'slugRifle',
      'sidearm',
    ]);
    expect(t.state.troopers.t3?.weapons.map((w) => w.weapon)).toEqual([
      'energyRifle',
      'grenades',
      'handToHand',
    ]);
    expect(t.replayHash()).toBe(stateHash(t.state));
  });

  it('a field promotion over several ranks hands out what each of them adds', () => {
    const { t, gm } = fightAt('close', [{ ...dyingSarge, name: 'Capt', rank: 4 }, tough('Sgt', 2)], {
      tokens: 2,
    });
    expect(t.state.troopers.t2?.vehicles).toEqual([]);
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 10, t2: 10 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t2?.rank).toBe(4);
    // Drop Pods come with Lieutenant, the APC and the TPK Bomb with Captain.
    expect([...(t.state.troopers.t2?.vehicles ?? [])].sort()).toEqual(['apc', 'dropPods', 'tpkBomb']);
    expect(t.state.troopers.t2?.weapons.map((w) => w.weapon)).toEqual([
      'slugRifle',
      'sidearm',
      'handToHand',
      'powerClaw',
      'powerBlade',
    ]);
  });

  it('two Corporals next in line test NFA: the highest success is promoted', () => {
    const { t, gm, players } = alienStrike(['t2', 't3']);
    expect(campaignOf(t.state).fieldPromotion).toEqual({ rank: 2, deadId: 't1', candidates: ['t2', 't3'] });
    expect(t.refuse({ seatId: 'eve', role: 'player' }, { type: 'rollFieldPromotion' })).toBe(
      'NOT_YOUR_TROOPER',
    );
    // NFA 4 rolls 3, NFA 5 rolls 5: both succeed, the 5 is higher.
    t.send(players[1] as never, { type: 'rollFieldPromotion' }, [3, 5]);
    expect(t.state.troopers.t3?.rank).toBe(2);
    expect(t.state.troopers.t2?.rank).toBe(1);
    expect(campaignOf(t.state).fieldPromotion).toBeNull();
    expect(t.refuse(gm, { type: 'rollFieldPromotion' })).toBe('NOT_AVAILABLE');
  });

  it('when both fail, the highest failure is promoted; a tie at the top tests again', () => {
    const { t, gm } = alienStrike(['t2', 't3']);
    // 9 and 9 both fail and tie; again 6 (fails NFA 4) and 8 (fails NFA 5): the 8 wins.
    t.send(gm, { type: 'rollFieldPromotion' }, [9, 9, 6, 8]);
    expect(t.log.at(-1)).toMatchObject({ type: 'campaign.fieldPromotionRolled', promoted: 't3', rank: 2 });
    expect(t.state.troopers.t3?.rank).toBe(2);
  });

  it('nobody is promoted when the dead PC was not the most senior', () => {
    const { t, gm } = fightAt('close', [{ ...dyingSarge, rank: 0 }, tough('Cpl', 1)], { tokens: 2 });
    playRound(t, gm, { t1: H2H, t2: H2H }, { aliens: 1, t1: 10, t2: 10 });
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(t.state.troopers.t2?.rank).toBe(1);
    expect(campaignOf(t.state).fieldPromotion).toBeNull();
  });
});
