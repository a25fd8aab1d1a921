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

/** What one layer did to a blow: written into one shared object so the hot path allocates nothing. */
export interface LayerPass {
  outcome: LayerOutcome;
  /** What goes on to the next layer (0 once the blow stopped). */
  passed: number;
  dcAfter: number;
}

const PASS: LayerPass = { outcome: 'skipped', passed: 0, dcAfter: 0 };

/**
 * For a blow D at a layer (Resilience R, DC C): D < R bounces; else D′ = D − R dents C when
 * D′ < C (the whole blow stops there); else the layer is destroyed and D′ − C goes on.
 * Destroyed layers (DC 0) are skipped. The result is valid until the next call.
 */
export function passLayer(blow: number, resilience: number, dc: number, stopped: boolean): LayerPass {
  if (stopped || dc <= 0) {
    PASS.outcome = 'skipped';
    PASS.passed = stopped ? 0 : blow;
    PASS.dcAfter = dc;
  } else if (blow < resilience) {
    PASS.outcome = 'bounced';
    PASS.passed = 0;
    PASS.dcAfter = dc;
  } else if (blow - resilience < dc) {
    PASS.outcome = 'dented';
    PASS.passed = 0;
    PASS.dcAfter = dc - (blow - resilience);
  } else {
    PASS.outcome = 'destroyed';
    PASS.passed = blow - resilience - dc;
    PASS.dcAfter = 0;
  }
  return PASS;
}

/** Every layer's step, outermost first (the blow's breakdown; the property tests pin it). */
export function throughLayers(damage: number, layers: readonly LayerIn[]): BlowResult {
  const steps: LayerStep[] = [];
  let blow = Math.max(0, Math.floor(damage));
  let stopped = false;
  for (const layer of layers) {
    const r = passLayer(blow, layer.resilience, layer.dc, stopped);
    const arriving = stopped ? 0 : blow;
    steps.push({ outcome: r.outcome, arriving, dcBefore: layer.dc, dcAfter: r.dcAfter });
    if (r.outcome === 'bounced' || r.outcome === 'dented') stopped = true;
    blow = r.passed;
  }
  return { steps, passed: stopped ? 0 : blow };
}

/** §9.2 walls rated in DC per m²: the area knocked out by damage past Resilience. */
export function wallAreaRemoved(damage: number, resilience: number, dcPerSquareMetre: number): number {
  const past = damage - resilience;
  if (past <= 0 || dcPerSquareMetre <= 0) return 0;
  return Math.floor(past / dcPerSquareMetre);
}
