import { describe, expect, it } from 'vitest';
import {
  attackOdds,
  defenceOdds,
  vehicleAttackOdds,
  vehicleDefenceOdds,
} from '../../rules/elite-unit/odds.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { MoreActions } from './Actions.tsx';
import { AttackChance, AttackForm } from './Attack.tsx';
import { type AttackCommand, answerOdds } from './odds-question.ts';
import { render, viewFor } from './render-kit.tsx';
import { VehiclesPanel } from './Vehicles.tsx';

/**
 * The vehicle forms at the table (§13): firing a mount from the attack form, competitive piloting,
 * reloading a mount, and the exact chance against a vehicle; the defend prompt's chance with the
 * GM's partial-armour ruling.
 */

/** Castell (Pia's) drives a scout buggy with a mounted rifle; Vey (Pol's) on foot; a hidden Raider. */
function scene(): Table {
  const t = new Table();
  t.add('castell', 'c', P1);
  t.add('vey', 'v', P2);
  t.add('raider', 'r', null, true);
  t.run({ type: 'vehicle.add', from: 'buggy', id: 'bug' });
  t.run({ type: 'vehicle.board', vehicleId: 'bug', characterId: 'c', as: 'driver' }, P1);
  return t;
}

const fromMount: AttackCommand = {
  type: 'attack',
  attackerId: 'c',
  weapon: 't1',
  vehicle: 'bug',
  targets: [{ id: 'v', distance: 50 }],
  situation: {},
};

describe('firing a mount', () => {
  it('lists the mounts of the vehicle the attacker is aboard, beside the own weapons', () => {
    const html = render(<AttackForm view={viewFor(scene().state, P1)} seat={P1} />);
    expect(html).toContain('Assault rifle mounted on Scout buggy (30 loaded)');
    expect(html).toContain('value="bug/t1"');
    // Vey is not aboard: no mount in his list, and the buggy is one of his targets (not Castell's).
    const vey = render(<AttackForm view={viewFor(scene().state, P2)} seat={P2} />);
    expect(vey).not.toContain('mounted on');
    expect(vey).toContain('Distance to Scout buggy in metres');
    expect(html).not.toContain('Distance to Scout buggy in metres');
  });

  it('counts the chance of a mount attack through the ruleset, as for a hand weapon', () => {
    const t = scene();
    const a = answerOdds({ kind: 'attack', view: viewFor(t.state, P1), command: fromMount, actor: P1 });
    if (a.kind !== 'attack') throw new Error(`expected odds, got ${a.kind}`);
    expect(a.dodge).toEqual(attackOdds(t.state, fromMount, P1));
    expect(a.dodge.hit).toBeGreaterThan(0);
  });

  it('offers whoever is aboard a reload of each mount, and nobody outside', () => {
    const t = scene();
    const panel = (seat: typeof P1) => render(<VehiclesPanel view={viewFor(t.state, seat)} seat={seat} />);
    expect(panel(P1)).toContain('Reload the mounted Assault rifle (Sgt Rhea Castell)');
    expect(panel(P2)).not.toContain('Reload the mounted');
  });
});

describe('the chance against a vehicle', () => {
  const atBuggy: AttackCommand = {
    type: 'attack',
    attackerId: 'v',
    weapon: 'w1',
    targets: [{ id: 'bug', distance: 20 }],
    situation: {},
  };

  it('is the ruleset’s vehicle odds: hit, hull DC lost and out of action', () => {
    const t = scene();
    const a = answerOdds({ kind: 'attack', view: viewFor(t.state, P2), command: atBuggy, actor: P2 });
    if (a.kind !== 'vehicle') throw new Error(`expected vehicle odds, got ${a.kind}`);
    expect(a.target).toBe('Scout buggy');
    expect(a.odds).toEqual(vehicleAttackOdds(t.state, atBuggy, P2));
    const html = render(<AttackChance odds={{ kind: 'done', result: { ok: true, answer: a } }} />);
    expect(html).toContain('Against Scout buggy: hit <strong>');
    expect(html).toContain('hull DC lost on average');
    expect(html).toContain('out of action');
  });

  it('is not shown to a player when a hidden driver’s evasion would count; the GM sees it', () => {
    const t = new Table();
    t.add('vey', 'v', P2);
    t.add('raider', 'r', null, true);
    t.run({ type: 'vehicle.add', from: 'buggy', id: 'bug' });
    t.run({ type: 'vehicle.board', vehicleId: 'bug', characterId: 'r', as: 'driver', controls: 'manual' });
    const ask = (seat: typeof P2) =>
      answerOdds({ kind: 'attack', view: viewFor(t.state, seat), command: atBuggy, actor: seat });
    // Without evasion the d20 + 0 is known to all.
    expect(ask(P2).kind).toBe('vehicle');
    t.run({ type: 'vehicle.drive', vehicleId: 'bug', evasive: true });
    expect(ask(P2)).toEqual({ kind: 'hidden' });
    expect(ask(GM)).toMatchObject({ kind: 'vehicle', odds: vehicleAttackOdds(t.state, atBuggy, GM) });
  });

  it('reaches the driver’s prompt: the defence chance of the vehicle under attack', () => {
    const t = scene();
    t.run(atBuggy, P2, [12]);
    const a = answerOdds({ kind: 'vehicleDefence', view: viewFor(t.state, P1) });
    expect(a).toEqual({ kind: 'vehicle', target: 'Scout buggy', odds: vehicleDefenceOdds(t.state) });
  });
});

describe('the defend prompt’s chance with a partial-armour ruling', () => {
  it('counts the ticked layers as not covering', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.add('enforcer', 'e', null, true);
    t.run({ type: 'attack', attackerId: 'c', weapon: 'w1', targets: [{ id: 'e', distance: 5 }] }, P1, [18]);
    const view = viewFor(t.state, GM);
    const a = answerOdds({ kind: 'defence', view, defenderId: 'e', parries: [], uncovered: ['a1'] });
    if (a.kind !== 'defence') throw new Error(`expected chances, got ${a.kind}`);
    expect(a.chances.dodge?.odds).toEqual(defenceOdds(t.state, undefined, ['a1']));
    expect(a.chances.dodge?.odds.staminaLost).toBeGreaterThan(defenceOdds(t.state).staminaLost);
  });
});

describe('competitive piloting', () => {
  it('offers the driver a contest against a rival, with the GM’s modifiers only for the GM', () => {
    const t = scene();
    const player = render(<MoreActions view={viewFor(t.state, P1)} seat={P1} />);
    expect(player).toContain('aria-label="Competitive piloting"');
    expect(player).toContain('Scout buggy (in the scene)');
    expect(player).toContain('aria-label="Rival driver"');
    expect(player).not.toContain('Modifier for the rival');
    const gm = render(<MoreActions view={viewFor(t.state, GM)} seat={GM} />);
    expect(gm).toContain('Modifier for the rival');
  });
});
