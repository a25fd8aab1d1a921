import { describe, expect, it } from 'vitest';
import { fightAt } from '../../rules/three-sixteen/encounter/test-kit.ts';
import { threeSixteen } from '../../rules/three-sixteen/ruleset.ts';
import { fallenNotice } from './Fallen.tsx';
import { asView, type SeatRef } from './model.ts';

const p1: SeatRef = { seatId: 'p1', role: 'player' };

describe('a fallen trooper’s player', () => {
  it('is told who fell, and that the replacement comes at the debrief', () => {
    const { t, gm } = fightAt(
      'close',
      [
        { name: 'Hicks', fa: 6, nfa: 4, patch: { armourPolicy: 'never', health: ['X', 'X', null] } },
        { name: 'Vasquez', fa: 5, nfa: 5, patch: { armourPolicy: 'never' } },
      ],
      { tokens: 3 },
    );
    const view = () => asView(threeSixteen.view(t.state, p1));
    expect(fallenNotice(view()!, p1)).toBeNull();
    t.send(gm, { type: 'declare', trooperId: 't1', declaration: { kind: 'fa', weapon: 'handToHand' } });
    t.send(gm, { type: 'declare', trooperId: 't2', declaration: { kind: 'fa', weapon: 'handToHand' } });
    t.send(gm, { type: 'declareAliens' });
    t.send(gm, { type: 'rollTest', actor: 't1' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 't2' }, [9]);
    t.send(gm, { type: 'rollTest', actor: 'aliens' }, [1]);
    t.send(gm, { type: 'takeTurn', actor: 'aliens' });
    expect(t.state.troopers.t1?.status).toBe('dead');
    expect(fallenNotice(view()!, p1)).toEqual({
      trooperId: 't1',
      name: 'Hicks',
      wreck: false,
      points: 10,
      replace: 'later',
    });
    // Only players hear it; the GM and the other player still play.
    expect(fallenNotice(view()!, { seatId: 'gm', role: 'gm' })).toBeNull();
    expect(fallenNotice(view()!, { seatId: 'p2', role: 'player' })).toBeNull();
  });
});
