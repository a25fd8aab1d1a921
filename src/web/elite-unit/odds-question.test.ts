import { describe, expect, it } from 'vitest';
import { attackOdds, defenceOdds, riskyOdds, saveChance } from '../../rules/elite-unit/odds.ts';
import { GM, P1, P2, Table } from '../../rules/elite-unit/test-kit.ts';
import { answerOne } from '../worker/protocol.ts';
import { type AttackCommand, answerOdds, type RamCommand, type RiskyCommand } from './odds-question.ts';
import { viewFor } from './render-kit.tsx';

/**
 * What the odds worker answers (odds-question.ts): the ruleset's own odds for the question, on the
 * asking seat's view; a hidden target's chance is not shown, and a refusal keeps its code.
 */

function table(hidden: boolean): Table {
  const t = new Table();
  t.add('castell', 'a', P1);
  t.add('orr', 'o', P2);
  t.add('enforcer', 'e', null, hidden);
  return t;
}

const swing: AttackCommand = {
  type: 'attack',
  attackerId: 'e',
  weapon: 'w1',
  targets: [{ id: 'o', distance: 2 }],
  situation: {},
};

describe('the attack form’s question', () => {
  it('gives the ruleset’s odds against a dodge and against each parry the target could make', () => {
    const t = table(true);
    const a = answerOdds({ kind: 'attack', view: viewFor(t.state, GM), command: swing, actor: GM });
    if (a.kind !== 'attack') throw new Error(`expected odds, got ${a.kind}`);
    expect(a.target).toBe('Sable Orr');
    expect(a.dodge).toEqual(attackOdds(t.state, swing, GM));
    expect(a.withParry.map((p) => p.name)).toEqual(['Sword']);
    expect(a.withParry[0]?.odds).toEqual(attackOdds(t.state, swing, GM, 'w1'));
  });

  it('shows a player no chance against a target whose sheet the GM keeps', () => {
    const t = table(true);
    const rifle: AttackCommand = { ...swing, attackerId: 'a', targets: [{ id: 'e', distance: 30 }] };
    const view = viewFor(t.state, P1);
    expect(answerOdds({ kind: 'attack', view, command: rifle, actor: P1 })).toEqual({ kind: 'hidden' });
  });

  it('passes the rules’ refusal back with its code (a player attacking with another’s character)', () => {
    const t = table(false);
    const r = answerOne(answerOdds, {
      kind: 'attack',
      view: viewFor(t.state, P2),
      command: swing,
      actor: P2,
    });
    expect(r).toMatchObject({ ok: false, code: expect.stringMatching(/^[A-Z_]+$/) });
    expect(r.ok ? '' : r.code).not.toBe('INTERNAL');
  });
});

describe('the defend prompt’s question', () => {
  it('gives each defence option its chance, on the defender’s own view', () => {
    const t = table(true);
    t.run({ type: 'battle.start', ids: ['o', 'e', 'a'] }, GM, [20, 10, 1]);
    t.run({ type: 'slot.end', id: 'o' }, P2);
    t.run(swing, GM, [15]);
    const view = viewFor(t.state, P2);
    const a = answerOdds({ kind: 'defence', view, defenderId: 'o', parries: ['w1'] });
    if (a.kind !== 'defence') throw new Error(`expected chances, got ${a.kind}`);
    expect(a.chances.dodge?.odds.hit).toBeCloseTo(16 / 20, 12);
    expect(a.chances.dodge?.parryHolds).toBeNull();
    expect(a.chances.w1).toEqual({ odds: defenceOdds(t.state, 'w1'), parryHolds: saveChance(12) });
  });

  it('answers no chance for an option once no attack waits', () => {
    const t = table(false);
    const a = answerOdds({ kind: 'defence', view: viewFor(t.state, P2), defenderId: 'o', parries: [] });
    expect(a).toEqual({ kind: 'defence', chances: { dodge: null } });
  });
});

describe('the vehicle forms’ questions', () => {
  const ram: RamCommand = {
    type: 'vehicle.ram',
    driverId: 'o',
    vehicle: 'buggy',
    controls: 'manual',
    kph: 30,
    targetId: 'a',
    situation: {},
  };

  it('gives a ram the odds of an attack that can only be dodged, on the driver’s own view', () => {
    const t = table(false);
    const a = answerOdds({ kind: 'attack', view: viewFor(t.state, P2), command: ram, actor: P2 });
    if (a.kind !== 'attack') throw new Error(`expected odds, got ${a.kind}`);
    expect(a.target).toBe('Sgt Rhea Castell');
    expect(a.dodge).toEqual(attackOdds(t.state, ram, P2));
    expect(a.dodge.hit).toBeGreaterThan(0);
    // Castell holds a rifle she could parry a blow with, but not a buggy.
    expect(a.withParry).toEqual([]);
  });

  it('shows no chance of ramming someone whose sheet the GM keeps', () => {
    const t = table(true);
    const command: RamCommand = { ...ram, targetId: 'e' };
    expect(answerOdds({ kind: 'attack', view: viewFor(t.state, P2), command, actor: P2 })).toEqual({
      kind: 'hidden',
    });
  });

  it('gives a risky action its save’s target and chance, and the rules’ refusal with its code', () => {
    const t = table(false);
    const risky: RiskyCommand = {
      type: 'vehicle.risky',
      driverId: 'o',
      vehicle: 'buggy',
      controls: 'manual',
      action: 'sharpTurn',
    };
    const a = answerOdds({ kind: 'risky', view: viewFor(t.state, P2), command: risky, actor: P2 });
    expect(a).toEqual({ kind: 'save', ...riskyOdds(t.state, risky, P2) });
    const refused = answerOne(answerOdds, {
      kind: 'risky',
      view: viewFor(t.state, P1),
      command: risky,
      actor: P1,
    });
    expect(refused).toMatchObject({ ok: false, code: 'NOT_YOUR_CHARACTER' });
  });
});
