/**
 * One blow through armour layers (digest §9.1), outermost first. Pure and allocation-light: it is
 * the hot path of every attack.
 */

export interface LayerIn {
  readonly dc: number;
  readonly resilience: number;
}

export type LayerOutcome = 'skipped' | 'bounced' | 'dented' | 'destroyed';

export interface LayerStep {
  readonly outcome: LayerOutcome;
  /** The blow arriving at this layer. */
  readonly arriving: number;
  readonly dcBefore: number;
  readonly dcAfter: number;
}

export interface BlowResult {
  readonly steps: readonly LayerStep[];
  /** What reached the wearer (Stamina) or, for an object, went through it. */
  readonly passed: number;
}

/**
 * For a blow D at a layer (Resilience R, DC C): D < R bounces; else D′ = D − R dents C when
 * D′ < C (the whole blow stops there); else the layer is destroyed and D′ − C goes on.
 * Destroyed layers (DC 0) are skipped.
 */
export function throughLayers(damage: number, layers: readonly LayerIn[]): BlowResult {
  const steps: LayerStep[] = [];
  let blow = Math.max(0, Math.floor(damage));
  let stopped = false;
  for (const layer of layers) {
    const c = layer.dc;
    if (stopped || c <= 0) {
      steps.push({ outcome: 'skipped', arriving: stopped ? 0 : blow, dcBefore: c, dcAfter: c });
      continue;
    }
    if (blow < layer.resilience) {
      steps.push({ outcome: 'bounced', arriving: blow, dcBefore: c, dcAfter: c });
      stopped = true;
      blow = 0;
      continue;
    }
    const past = blow - layer.resilience;
    if (past < c) {
      steps.push({ outcome: 'dented', arriving: blow, dcBefore: c, dcAfter: c - past });
      stopped = true;
      blow = 0;
      continue;
    }
    steps.push({ outcome: 'destroyed', arriving: blow, dcBefore: c, dcAfter: 0 });
    blow = past - c;
  }
  return { steps, passed: stopped ? 0 : blow };
}

/** §9.2 walls rated in DC per m²: the area knocked out by damage past Resilience. */
export function wallAreaRemoved(damage: number, resilience: number, dcPerSquareMetre: number): number {
  const past = damage - resilience;
  if (past <= 0 || dcPerSquareMetre <= 0) return 0;
  return Math.floor(past / dcPerSquareMetre);
}
