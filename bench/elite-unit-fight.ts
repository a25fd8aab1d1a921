import { D10, D20, type Die, d } from '../src/engine/dice/die.ts';
import type { DiceSource } from '../src/engine/dice/source.ts';
import type { Pack } from '../src/rules/elite-unit/data/pack-schema.ts';
import { findWeapon } from '../src/rules/elite-unit/rules/character.ts';
import { damageSpec } from '../src/rules/elite-unit/rules/dice.ts';
import { effectiveValue } from '../src/rules/elite-unit/rules/effective.ts';
import { MAX_TURNS, roster, type Scenario } from '../src/rules/elite-unit/simulate/fight.ts';

/**
 * The fight bench's baseline: the simulator's fight (same sides, distance, policy: the weapon in
 * hand on its last mode at the first foe standing, reload when empty, parry when allowed) written
 * by hand over flat arrays, with the numbers read from the pack once. It keeps what decides who
 * stands: initiative, actions, the opposed d20s, recoil and Full Auto caps, ammunition and
 * reloads, the parry save and object, layers, Stamina and the wounded halving, and the hit-location
 * d100 with brain death and a second Trunk hit. It leaves out what the ruleset tells (events,
 * breakdowns) and the checks a table needs.
 */

interface Kit {
  attack: number;
  dodge: number;
  initiative: number;
  reactions: number;
  staminaMax: number;
  actions: number;
  /** The weapon in hand: its cell at the fight's range, or melee at 1 m. */
  bonus: number;
  count: number;
  die: Die;
  add: number;
  times: number;
  ammo: boolean;
  capacity: number;
  spares: number;
  mode: 'auto' | 'burst' | 'fullAuto' | 'manual' | null;
  modeRounds: number;
  vent: number;
  bullet: boolean;
  parryable: boolean;
  parryDc: number;
  parryRes: number;
  parryBonus: number;
  layers: { dc: number; res: number }[];
}

export function minimalFight(pack: Pack, scenario: Scenario): (dice: DiceSource) => number {
  const { state, ids } = roster(pack, scenario);
  const all = ids.flat();
  const kits: Kit[] = all.map((id) => {
    const c = state.characters[id];
    if (!c) throw new Error(id);
    const w = c.weapons.find((x) => x.inHands);
    const data = w ? findWeapon(pack, w.weapon) : undefined;
    const melee = !data?.ammo;
    const distance = melee ? 1 : scenario.distance;
    const column = data?.columns.find((x) => x.range >= distance) ?? data?.columns[0];
    const spec = damageSpec(column?.damage ?? '1D10');
    const mode = data?.modes[data.modes.length - 1];
    return {
      attack: effectiveValue(c, pack, 'attack'),
      dodge: effectiveValue(c, pack, 'dodge'),
      initiative: effectiveValue(c, pack, 'initiative'),
      reactions: effectiveValue(c, pack, 'reactions'),
      staminaMax: c.staminaMax,
      actions: c.actions,
      bonus: column?.attackBonus ?? 0,
      count: spec.count,
      die: d(spec.sides),
      add: spec.bonus + (data ? 0 : effectiveValue(c, pack, 'strength')),
      times: spec.times,
      ammo: !!data?.ammo,
      capacity: data?.ammo?.capacity ?? 0,
      spares: w?.spares.length ?? 0,
      mode: mode?.kind ?? null,
      modeRounds: mode && 'rounds' in mode ? (mode.rounds ?? 1) : 1,
      vent: w?.vent ?? 0,
      bullet: data?.bullet ?? false,
      parryable: data?.parryable ?? true,
      parryDc: w?.dc ?? 0,
      parryRes: data?.parry?.resilience ?? 0,
      parryBonus: data?.parry?.dodgeBonus ?? 0,
      layers: c.armour.map((l) => ({ dc: l.dc, res: l.resilience })),
    };
  });
  const n = kits.length;
  const side = all.map((id) => (ids[0]?.includes(id) ? 0 : 1));
  const stamina = new Int32Array(n);
  const dead = new Uint8Array(n);
  const trunk = new Uint8Array(n);
  const loaded = new Int32Array(n);
  const spares = new Int32Array(n);
  const recoil = new Int32Array(n);
  const fired = new Int32Array(n);
  const parryDc = new Int32Array(n);
  const layerDc: Int32Array[] = kits.map((k) => new Int32Array(k.layers.length));
  const order = new Int32Array(n);
  const init = new Int32Array(n);
  const up = (i: number) => dead[i] === 0 && (stamina[i] as number) * 4 >= (kits[i] as Kit).staminaMax;
  const wounded = (i: number) => (stamina[i] as number) * 2 < (kits[i] as Kit).staminaMax;
  const sideUp = (s: number) => {
    for (let i = 0; i < n; i++) if (side[i] === s && up(i)) return true;
    return false;
  };

  return (dice: DiceSource): number => {
    for (let i = 0; i < n; i++) {
      const k = kits[i] as Kit;
      stamina[i] = k.staminaMax;
      dead[i] = 0;
      trunk[i] = 0;
      loaded[i] = k.capacity;
      spares[i] = k.spares;
      recoil[i] = 0;
      fired[i] = 0;
      parryDc[i] = k.parryDc;
      const dcs = layerDc[i] as Int32Array;
      for (let l = 0; l < k.layers.length; l++) dcs[l] = (k.layers[l] as { dc: number }).dc;
      init[i] = dice.roll(D20, '') + k.initiative;
      // Insertion sort, high to low, ties in joining order.
      let j = i;
      while (j > 0 && (init[order[j - 1] as number] as number) < (init[i] as number)) {
        order[j] = order[j - 1] as number;
        j--;
      }
      order[j] = i;
    }
    let turn = 1;
    for (; turn <= MAX_TURNS; turn++) {
      for (let s = 0; s < n; s++) {
        const a = order[s] as number;
        const ka = kits[a] as Kit;
        for (let act = 0; act < ka.actions; act++) {
          if (!up(a) || !sideUp(0) || !sideUp(1)) break;
          let b = -1;
          for (let i = 0; i < n && b < 0; i++) if (side[i] !== side[a] && up(i)) b = i;
          if (ka.ammo && (loaded[a] as number) < 1) {
            if ((spares[a] as number) < 1) break;
            spares[a] = (spares[a] as number) - 1;
            loaded[a] = ka.capacity;
            continue;
          }
          let rounds = 1;
          if (ka.mode === 'fullAuto') {
            const cap = Math.min(
              Math.floor(ka.modeRounds / ka.actions),
              ka.modeRounds - (fired[a] as number),
            );
            if (cap < 1) break;
            rounds = Math.min(cap, loaded[a] as number);
          } else if (ka.mode === 'burst') rounds = Math.min(ka.modeRounds, loaded[a] as number);
          const recoils = ka.bullet && ka.mode !== null && ka.mode !== 'manual';
          let attack = ka.attack;
          if (wounded(a)) attack >>= 1;
          const total = dice.roll(D20, '') + attack + ka.bonus - (recoils ? (recoil[a] as number) : 0);
          if (ka.ammo) {
            loaded[a] = (loaded[a] as number) - rounds;
            fired[a] = (fired[a] as number) + rounds;
            if (recoils) recoil[a] = (recoil[a] as number) + Math.max(0, rounds - ka.vent);
          }
          const kb = kits[b] as Kit;
          let parry = false;
          let bonus = 0;
          if (ka.parryable && up(b) && (parryDc[b] as number) > 0) {
            let save = 0;
            let f = 20;
            while (f === 20) {
              f = dice.roll(D20, '');
              save += f;
            }
            if (save < kb.reactions) {
              parry = true;
              bonus = kb.parryBonus;
            }
          }
          let dodge = up(b) ? kb.dodge : 0;
          if (wounded(b)) dodge >>= 1;
          if (total <= dice.roll(D20, '') + dodge + bonus) continue;
          let blow = ka.add;
          for (let r = 0; r < ka.count; r++) blow += dice.roll(ka.die, '');
          blow = Math.max(0, blow * ka.times) * (ka.mode === 'burst' || ka.mode === 'fullAuto' ? rounds : 1);
          let stopped = false;
          if (parry) {
            const dc = parryDc[b] as number;
            if (blow < kb.parryRes) stopped = true;
            else if (blow - kb.parryRes < dc) {
              parryDc[b] = dc - (blow - kb.parryRes);
              stopped = true;
            } else {
              parryDc[b] = 0;
              blow -= kb.parryRes + dc;
            }
          }
          const dcs = layerDc[b] as Int32Array;
          for (let l = 0; l < dcs.length && !stopped; l++) {
            const dc = dcs[l] as number;
            const res = (kb.layers[l] as { res: number }).res;
            if (dc <= 0) continue;
            if (blow < res) stopped = true;
            else if (blow - res < dc) {
              dcs[l] = dc - (blow - res);
              stopped = true;
            } else {
              dcs[l] = 0;
              blow -= res + dc;
            }
          }
          if (stopped || blow <= 0) continue;
          stamina[b] = Math.max(0, (stamina[b] as number) - blow);
          if (blow * 4 > kb.staminaMax) {
            const d100 = ((dice.roll(D10, '') % 10) * 10 + (dice.roll(D10, '') % 10) || 100) as number;
            if (d100 === 91 || d100 === 92) dead[b] = 1;
            else if (d100 <= 20) {
              if (trunk[b]) dead[b] = 1;
              trunk[b] = 1;
            }
          }
          if (stamina[b] === 0) dead[b] = 1;
        }
      }
      if (!sideUp(0) || !sideUp(1)) break;
      recoil.fill(0);
      fired.fill(0);
    }
    return turn;
  };
}
