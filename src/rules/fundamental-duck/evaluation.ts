import { arenaOf } from './board-adapter.ts';
import { debrief } from './campaign.ts';
import type { PackCondition } from './data/pack-schema.ts';
import type { Draft } from './draft.ts';
import { missionOf } from './rules-data.ts';
import { canAct, type FdState, onBridge, type Teamer } from './state.ts';

/**
 * Game end (default 24.11) and mission evaluation (20): the game ends when no Teamer is left in
 * play (all gone back over the bridge, out of action or dead) or at the turn limit; objectives are
 * read from the mission card, the outcome from how many were met. A new-orders card's bonus
 * objective, met, adds the pack's `teamStars.newOrders` to the Team's stars.
 */

export function isOver(state: FdState, afterHousekeeping: boolean): boolean {
  if (state.phase === 'briefing' || state.phase === 'ended') return false;
  const anyone = state.teamOrder.some((id) => {
    const t = state.teamers[id] as Teamer;
    return canAct(t) || onBridge(t);
  });
  if (!anyone) return true;
  const limit = missionOf(state.rules, state.missionId).turnLimit ?? state.rules.pack.gameEnd.turnLimit;
  return afterHousekeeping && limit !== null && state.turn >= limit;
}

/** How many of the arena's marked loads have been brought home (a mission's `marked-loads-to-bridge`). */
export function deliveredMarked(state: FdState): number {
  return arenaOf(state).loads.filter((l) => l.marked && state.loads[l.index]?.delivered).length;
}

export function met(state: FdState, c: PackCondition): boolean {
  switch (c.kind) {
    case 'all-placed-threats-dead':
      return (
        state.threatOrder.length === 0 &&
        (state.ceiling?.order.length ?? 0) === 0 &&
        state.progress.threatsPlaced > 0
      );
    case 'source-cleared':
      return state.progress.sourceCleared;
    case 'source-found':
      return state.progress.hFound;
    case 'team-back-at-mother':
      return (
        state.teamOrder.every((id) => {
          const t = state.teamers[id] as Teamer;
          return t.left || t.wounds >= 3;
        }) && state.teamOrder.some((id) => (state.teamers[id] as Teamer).left)
      );
    case 'special-actions':
      return state.progress.consoleActions >= c.count;
    case 'marked-loads-to-bridge':
      return deliveredMarked(state) >= c.count;
    case 'no-load-lost':
      return !state.loads.some((l) => l.lost);
  }
}

/**
 * The cargo bonus (16: every load lost costs the Team bonus; 24.6 prices): each load still intact
 * at the end (where it stands, carried or brought home) pays the pack's `intact`, each lost one its
 * `lost`. Null when the arena has no loads.
 */
export function cargoBonus(state: FdState): { intact: number; lost: number; bonus: number } | null {
  if (state.loads.length === 0) return null;
  // A tampered load pays as a lost one (pack `cargoTampering`), found out or not.
  const lost = state.loads.filter((l) => l.lost || l.tampered).length;
  const intact = state.loads.length - lost;
  const price = state.rules.pack.campaign.cargoBonus;
  return { intact, lost, bonus: intact * price.intact + lost * price.lost };
}

/** Evaluates the mission when the game is over; true when it did (the table is then `ended`). */
export function evaluateIfOver(draft: Draft, afterHousekeeping = false): boolean {
  const state = draft.state;
  if (!isOver(state, afterHousekeeping)) return false;
  const mission = missionOf(state.rules, state.missionId);
  const objectives = mission.objectives.map((o) => o.conditions.every((c) => met(state, c)));
  const count = objectives.filter(Boolean).length;
  const teamLost = state.teamOrder.every((id) => (state.teamers[id] as Teamer).wounds >= 3);
  const outcome =
    teamLost || count === 0
      ? 'failed'
      : count === objectives.length
        ? 'completed'
        : count >= state.rules.pack.gameEnd.partCompletedAt
          ? 'part-completed'
          : 'failed';
  const catastrophe = state.kitty.catastrophes > 0;
  const stars = state.rules.pack.campaign.teamStars;
  const missionStars =
    outcome === 'completed'
      ? stars.completed
      : outcome === 'part-completed'
        ? stars.partCompleted
        : catastrophe
          ? stars.failedWithCatastrophe
          : 0;
  const bonus = state.progress.bonus;
  // New orders are not on the mission card: they add stars, never change the outcome.
  const bonusStars = bonus?.met ? stars.newOrders : 0;
  const cargo = cargoBonus(state);
  draft.emit({
    type: 'mission.evaluated',
    evaluation: {
      outcome,
      objectives,
      teamStars: missionStars + bonusStars,
      catastrophe,
      ...(bonus ? { bonus: bonus.met, bonusStars } : {}),
      ...(cargo ? { cargo } : {}),
    },
  });
  if (missionStars !== 0)
    draft.emit({ type: 'stars.awarded', teamerId: null, stars: missionStars, why: `mission ${outcome}` });
  if (bonusStars !== 0)
    draft.emit({ type: 'stars.awarded', teamerId: null, stars: bonusStars, why: 'new orders carried out' });
  debrief(draft, outcome);
  return true;
}
