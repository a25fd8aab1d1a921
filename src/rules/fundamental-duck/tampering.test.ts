import { describe, expect, it } from 'vitest';
import type { Die } from '../../engine/dice/die.ts';
import { type DiceSource, ScriptedDice, SeededDice } from '../../engine/dice/source.ts';
import { refusalCode } from '../../engine/test-kit.ts';
import { describeFdEvent } from '../../web/fundamental-duck/describe-event.ts';
import { defaultPack } from './data/pack.ts';
import { cargoBonus } from './evaluation.ts';
import { fdEventProblem, fdEventSchemas } from './event-schemas.ts';
import type { FdEvent } from './events.ts';
import { fundamentalDuck as fd } from './index.ts';
import { legalTasks } from './legal.ts';
import type { FdState } from './state.ts';
import { GM, PLAYER, Table } from './test-kit.ts';
import { redactOf, viewOf } from './view.ts';

/** The tampering dice from a script, every other die seeded: the deal's shuffles stay as they are. */
class TamperDice implements DiceSource {
  private readonly seeded = new SeededDice(5);
  readonly thrown: number[] = [];
  constructor(private readonly tamper: number[]) {}
  roll(die: Die, purpose: string): number {
    if (purpose !== 'is this load tampered') return this.seeded.roll(die);
    const face = this.tamper.shift();
    if (face === undefined) throw new Error('no tampering face left');
    this.thrown.push(face);
    return face;
  }
}

const tamperingPack = {
  ...defaultPack,
  campaign: { ...defaultPack.campaign, cargoTampering: { tamperedOn: [6] } },
};

type LoadView = { tampered?: boolean; examined?: boolean };
const loadsSeen = (s: FdState) => (viewOf(s, PLAYER) as { loads: LoadView[] }).loads;

/** Salvage with the tampering pack, dealt by `decideBoard`; YOU beside pod-1 at (6,1), activated. */
function salvage(tamper: number[]) {
  const dice = new TamperDice(tamper);
  const t = new Table(dice, fd.setup({ pack: tamperingPack }));
  t.send({ type: 'chooseMission', mission: 'salvage' });
  t.send({ type: 'board' });
  t.send({ type: 'gmOverride', teamerId: 'you', x: 5, y: 1, facing: 2, reason: 'set-up' }, GM);
  t.send({ type: 'activate', teamerId: 'you' });
  return { t, dice };
}

describe('examining a cargo load for tampering (18)', () => {
  it('the deal throws one die per load and marks the pack’s faces tampered, hidden from the players', () => {
    const { t, dice } = salvage([6, 2, 6, 1, 3, 4, 5, 1, 2, 3, 4, 5]);
    const loads = t.state.loads.length;
    expect(loads).toBeGreaterThan(2);
    expect(dice.thrown).toHaveLength(loads);
    const dealt = t.log.find((e) => e.type === 'arena.dealt') as Extract<FdEvent, { type: 'arena.dealt' }>;
    expect(dealt.tampered).toEqual([0, 2]);
    expect(dealt.faces.slice(-loads)).toEqual(dice.thrown);
    expect(t.state.loads.map((l) => l.tampered)).toEqual(t.state.loads.map((_, i) => i === 0 || i === 2));
    // The leak test: neither the state a player sees nor the deal's event says which.
    expect(loadsSeen(t.state).some((l) => 'tampered' in l)).toBe(false);
    expect(JSON.stringify(redactOf(dealt, PLAYER))).not.toContain('tamper');
    for (const e of t.log)
      if (e.type !== 'arena.dealt') expect(JSON.stringify(redactOf(e, PLAYER))).not.toContain('tamper');
    expect((viewOf(t.state, GM) as FdState).loads[0]?.tampered).toBe(true);
  });

  it('an Other Action beside the load shows the Team what the deal marked; a tampered load pays as lost', () => {
    const { t } = salvage([6, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const you = t.state.teamers.you;
    if (!you) throw new Error('no YOU');
    expect(legalTasks(t.state, you)).toContainEqual({
      type: 'task',
      teamerId: 'you',
      task: 'examineLoad',
      x: 6,
      y: 1,
    });
    const before = cargoBonus(t.state);
    t.dice = new ScriptedDice([1]);
    const events = t.send({ type: 'task', teamerId: 'you', task: 'examineLoad', x: 6, y: 1 });
    const seen = events.find((e) => e.type === 'load.examined');
    expect(seen).toEqual({ type: 'load.examined', teamerId: 'you', load: 0, tampered: true });
    expect(fdEventSchemas['load.examined']?.safeParse(seen).success).toBe(true);
    expect(redactOf(seen as FdEvent, PLAYER)).toEqual(seen);
    expect(describeFdEvent(seen as FdEvent, (id) => id)).toBe(
      'YOU examines cargo load 1 for tampering: it has been tampered with, worthless to the company.',
    );
    expect(loadsSeen(t.state)[0]).toMatchObject({ examined: true, tampered: true });
    expect('tampered' in (loadsSeen(t.state)[1] ?? {})).toBe(false);
    expect(t.state.teamers.you?.chits).not.toEqual(you.chits);
    // Found out or not, the tampered load already counted as lost in the bonus.
    expect(cargoBonus(t.state)).toEqual(before);
    expect(before?.lost).toBe(1);
    expect(
      legalTasks(t.state, t.state.teamers.you ?? you).some((c) => c.task === 'examineLoad' && c.x === 6),
    ).toBe(false);
  });

  it('an imported log cannot find a load tampered that the deal left clean, nor one the arena lacks', () => {
    const { t } = salvage([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const e = { type: 'load.examined', teamerId: 'you', load: 0, tampered: true } as const;
    expect(fdEventProblem(t.state, e)).toMatch(/not marked tampered/);
    expect(fdEventProblem(t.state, { ...e, tampered: false })).toBeNull();
    expect(fdEventProblem(t.state, { ...e, load: 99 })).toMatch(/no load/);
  });

  it('refuses a load not there, not next to him, or already examined, changing nothing', () => {
    const { t } = salvage([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    const loads = t.state.loads;
    const chits = t.state.teamers.you?.chits;
    t.dice = new ScriptedDice([]);
    expect(
      refusalCode(() => t.send({ type: 'task', teamerId: 'you', task: 'examineLoad', x: 5, y: 2 })),
    ).toBe('NO_LOAD_THERE');
    expect(
      refusalCode(() => t.send({ type: 'task', teamerId: 'you', task: 'examineLoad', x: 8, y: 1 })),
    ).toBe('NOT_NEXT_TO');
    expect(refusalCode(() => t.send({ type: 'task', teamerId: 'you', task: 'examineLoad' }))).toBe(
      'BAD_TASK',
    );
    expect(t.state.loads).toBe(loads);
    expect(t.state.teamers.you?.chits).toEqual(chits);
    t.dice = new ScriptedDice([1]);
    t.send({ type: 'task', teamerId: 'you', task: 'examineLoad', x: 6, y: 1 });
    expect(t.state.loads[0]).toMatchObject({ examined: true, tampered: false });
    t.dice = new ScriptedDice([]);
    expect(
      refusalCode(() => t.send({ type: 'task', teamerId: 'you', task: 'examineLoad', x: 6, y: 1 })),
    ).toBe('ALREADY_EXAMINED');
  });

  it('the default pack tampers nothing and throws no tampering die (the deal as before)', () => {
    const t = new Table(new TamperDice([]));
    t.send({ type: 'chooseMission', mission: 'salvage' });
    t.send({ type: 'board' });
    const dealt = t.log.find((e) => e.type === 'arena.dealt');
    expect(dealt && 'tampered' in dealt).toBe(false);
    expect(t.state.loads.every((l) => l.tampered === undefined)).toBe(true);
  });
});
