import { describe, expect, it } from 'vitest';
import { ScriptedDice } from '../../engine/dice/source.ts';
import { defaultPack } from './data/pack.ts';
import { fundamentalDuck as fd } from './index.ts';
import { fixedDeal, GM, ScriptThenSeeded, Table } from './test-kit.ts';

const ENTRY = 3;
const HUB = 4;
/** Entry tile ↔ hub: aperture squares (4,7) and (5,7). */
const HUB_DOOR = 2;

describe('the door switch (a) from the pack (14)', () => {
  it('a battering Threat rolls 3d6 and rents the door on 16+ instead of the damage track', () => {
    const pack = {
      ...defaultPack,
      options: { ...defaultPack.options, switches: { ...defaultPack.options.switches, batterRent3d6: true } },
    };
    const t = new Table(new ScriptedDice([]), fd.setup({ pack }));
    t.fold([fixedDeal(t.state, { [ENTRY]: { pings: ['none'], cards: [] } })]);
    t.send({ type: 'board' });
    t.send({ type: 'gmOverride', teamerId: 'you', x: 3, y: 7, facing: 2, reason: 'set-up' }, GM);
    // A Harpy behind the shut hub door, two squares from YOU (scented: the Team column).
    t.fold([
      {
        type: 'threats.placed',
        tile: HUB,
        marker: 0,
        ping: 'green',
        countFaces: [],
        threats: [{ id: 'h1', species: 'harpy', x: 5, y: 7, facing: 6, faces: [] }],
        tieFaces: [],
      },
    ]);
    expect(t.state.doors[HUB_DOOR]?.open).toBe(false);
    // Reaction 1 (ATTACK), move 3, nobody in reach: the door; choice 1 (batter), 3d6 = 6+5+6.
    const dice = new ScriptThenSeeded([1, 3, 1, 6, 5, 6], 7);
    t.dice = dice;
    t.send({ type: 'endTeamPhase' });
    const decided = t.log.find((e) => e.type === 'threat.decided');
    expect(decided?.type === 'threat.decided' && decided.decision.door).toMatchObject({
      step: 'batter',
      batterFaces: [6, 5, 6],
      holeOpened: true,
    });
    expect(t.state.doors[HUB_DOOR]).toMatchObject({ open: false, damage: 0, holes: [0] });
  });
});
