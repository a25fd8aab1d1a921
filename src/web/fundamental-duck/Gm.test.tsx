import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SeededDice } from '../../engine/dice/source.ts';
import { arenaFor } from '../../rules/fundamental-duck/board-adapter.ts';
import { fundamentalDuck as fd } from '../../rules/fundamental-duck/index.ts';
import type { FdState } from '../../rules/fundamental-duck/state.ts';
import { EMPTY_FORM, GmOverrides, type OverrideForm, overrideCommand } from './Gm.tsx';
import { asView, type FdView } from './model.ts';
import type { FdRunner } from './runner.ts';

const GM = { seatId: 'gm', role: 'gm' as const };

function boarded(): { state: FdState; view: FdView } {
  let state = fd.setup({});
  for (const e of fd.decide(state, { type: 'board' }, { actor: GM, dice: new SeededDice(4) }))
    state = fd.evolve(state, e);
  const view = asView(fd.view(state, GM));
  if (!view) throw new Error('no view');
  return { state, view };
}

const form = (patch: Partial<OverrideForm>): OverrideForm => ({ ...EMPTY_FORM, ...patch });

describe('GM overrides', () => {
  const { state, view } = boarded();
  const arena = arenaFor(view.rules, view.arenaId);

  it('sends only the fields changed, and the ruleset takes it', () => {
    const r = overrideCommand(
      view,
      arena,
      form({ id: 'brick', square: '4,7', facing: '2', wounds: '1', reason: 'set-up' }),
    );
    expect(r).toEqual({
      command: { type: 'gmOverride', teamerId: 'brick', x: 4, y: 7, facing: 2, wounds: 1, reason: 'set-up' },
    });
    if (!('command' in r)) return;
    const events = fd.decide(state, r.command, { actor: GM, dice: new SeededDice(1) });
    let s = state;
    for (const e of events) s = fd.evolve(s, e);
    expect(s.teamers.brick).toMatchObject({ x: 4, y: 7, facing: 2, wounds: 1 });
  });

  it('puts a Teamer in a module nobody has entered: entered by the placement, unless the GM leaves it for his first step', () => {
    const hub = arena.tileOf[6 * arena.width + 6] as number;
    expect(state.tiles[hub]?.entered).toBe(false);
    const sent = (f: OverrideForm) => {
      const r = overrideCommand(view, arena, f);
      if (!('command' in r)) throw new Error(JSON.stringify(r));
      return {
        command: r.command,
        events: fd.decide(state, r.command, { actor: GM, dice: new SeededDice(1) }),
      };
    };
    const plain = sent(form({ id: 'you', square: '6,6', reason: 'set-up' }));
    expect(plain.command).not.toHaveProperty('moduleEntered');
    expect(plain.events).toContainEqual({ type: 'tile.entered', tile: hub, teamerId: 'you' });
    const left = sent(form({ id: 'you', square: '6,6', leaveUnentered: true, reason: 'set-up' }));
    expect(left.command).toMatchObject({ moduleEntered: false });
    expect(left.events.map((e) => e.type)).toEqual(['gm.overrode']);
    // Without a new square there is nothing to enter: the tick sends nothing.
    expect(
      overrideCommand(view, arena, form({ id: 'you', wounds: '1', leaveUnentered: true, reason: 'x' })),
    ).toEqual({
      command: { type: 'gmOverride', teamerId: 'you', wounds: 1, reason: 'x' },
    });
  });

  it('says what is still missing before it lets the GM send', () => {
    expect(overrideCommand(view, arena, form({ id: 'brick', reason: 'why' }))).toEqual({
      hint: 'change something first',
    });
    expect(overrideCommand(view, arena, form({ id: 'brick', binge: '3' }))).toEqual({
      hint: 'give a reason first',
    });
    expect(overrideCommand(view, arena, form({ id: 'brick', binge: '3', reason: '   ' }))).toEqual({
      hint: 'give a reason first',
    });
  });

  it('refuses a square off the arena or typed wrong, and a door that does not exist', () => {
    expect(overrideCommand(view, arena, form({ square: `${arena.width},0`, reason: 'x' }))).toEqual({
      problem: `(${arena.width},0) is not a square of the arena`,
    });
    expect(overrideCommand(view, arena, form({ square: 'four', reason: 'x' }))).toEqual({
      problem: 'type the square as x,y (e.g. 4,7)',
    });
    expect(
      overrideCommand(view, arena, form({ target: 'door', id: '999', open: 'open', reason: 'x' })),
    ).toEqual({
      problem: 'there is no door 999',
    });
  });

  it('opens a door, and takes a Threat off the board without sending its other fields', () => {
    const door = arena.doors[0];
    if (!door) throw new Error('the arena has no door');
    expect(
      overrideCommand(
        view,
        arena,
        form({ target: 'door', id: String(door.index), open: 'open', reason: 'x' }),
      ),
    ).toEqual({
      command: { type: 'gmOverride', door: door.index, open: true, reason: 'x' },
    });
    const th = view.threatOrder[0];
    if (th)
      expect(
        overrideCommand(
          view,
          arena,
          form({ target: 'threat', id: th, remove: true, square: '1,1', reason: 'x' }),
        ),
      ).toEqual({ command: { type: 'gmOverride', threatId: th, remove: true, reason: 'x' } });
  });

  it('sets a door’s battering damage below a hole’s worth, and the ruleset takes it', () => {
    const door = arena.doors[0];
    if (!door) throw new Error('the arena has no door');
    const r = overrideCommand(
      view,
      arena,
      form({ target: 'door', id: String(door.index), damage: '19', reason: 'x' }),
    );
    expect(r).toEqual({ command: { type: 'gmOverride', door: door.index, damage: 19, reason: 'x' } });
    if (!('command' in r)) return;
    let s = state;
    for (const e of fd.decide(state, r.command, { actor: GM, dice: new SeededDice(1) })) s = fd.evolve(s, e);
    expect(s.doors[door.index]).toMatchObject({ damage: 19, holes: [] });
    for (const damage of ['20', '2.5', 'x'])
      expect(
        overrideCommand(view, arena, form({ target: 'door', id: String(door.index), damage, reason: 'x' })),
      ).toEqual({ problem: 'damage is a whole number from 0 to 19' });
  });

  it('draws the form with every Teamer to choose and the override button held until it is complete', () => {
    const runner = { busy: false } as unknown as FdRunner;
    const html = renderToStaticMarkup(<GmOverrides view={view} arena={arena} runner={runner} picked="3,4" />);
    for (const id of view.teamOrder) expect(html).toContain(view.teamers[id]?.name ?? id);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""/);
    expect(html).toContain('change something first');
    expect(html).toContain('Use 3,4 (picked on the board)');
  });
});
