import { SeededDice } from '../../engine/dice/source.ts';
import { isRuleError } from '../../engine/rule-error.ts';
import type { Seat, TableEvent } from '../../engine/ruleset.ts';
import type { ThreeSixteenCommand } from './commands.ts';
import type { ThreeSixteenEvent } from './events.ts';
import { legalCommands, threeSixteen } from './ruleset.ts';
import type { ThreeSixteenState } from './state.ts';

/**
 * A 3:16 log made by random legal play (seeded): a GM and three players take turns sending any
 * command the rules offer them, and free commands the offer lists leave out (chat, notes, scenes,
 * overrides) now and then. For tests that need real logs of every kind of event: the event schemas
 * checked against what decide makes, and tampered exports.
 */
export function randomLog(
  seed: number,
  steps: number,
): { readonly events: (ThreeSixteenEvent | TableEvent)[]; readonly state: ThreeSixteenState } {
  const dice = new SeededDice(seed);
  const choose = new SeededDice(seed ^ 0x5bd1e995);
  const pick = <T>(xs: readonly T[]): T => xs[choose.roll({ name: 'dX', sides: xs.length }) - 1] as T;
  const events: (ThreeSixteenEvent | TableEvent)[] = [];
  let state = threeSixteen.setup({});
  const apply = (e: ThreeSixteenEvent | TableEvent) => {
    events.push(e);
    state = threeSixteen.evolve(state, e);
  };
  const gm: Seat = { seatId: 'sGm', role: 'gm' };
  const players: Seat[] = ['sP1', 'sP2', 'sP3'].map((seatId) => ({ seatId, role: 'player' }));
  apply({ type: 'seat.joined', seatId: gm.seatId, role: 'gm', name: 'Gail' });
  for (const [i, p] of players.entries())
    apply({ type: 'seat.joined', seatId: p.seatId, role: 'player', name: `Player ${i + 1}` });
  const send = (seat: Seat, command: unknown): boolean => {
    const parsed = threeSixteen.commandSchema.safeParse(command);
    if (!parsed.success) return false;
    const actor = { ...seat, role: threeSixteen.actingRole?.(state, seat) ?? seat.role };
    try {
      for (const e of threeSixteen.decide(state, parsed.data, { actor, dice })) apply(e);
      return true;
    } catch (e) {
      if (isRuleError(e)) return false;
      throw e;
    }
  };
  for (const [i, p] of players.entries())
    send(gm, {
      type: 'createTrooper',
      ownerSeatId: p.seatId,
      name: `Trooper ${i + 1}`,
      fa: 4 + i,
      nfa: 6 - i,
    });
  const free = (seat: Seat): ThreeSixteenCommand[] => {
    const own = Object.values(state.troopers).find((t) => t.ownerSeatId === seat.seatId);
    const list: unknown[] = [
      { type: 'chat.say', text: 'Moving up.' },
      {
        type: 'chat.roll',
        notation: pick(['2d6', '1d100', '3d10kh1']),
        visibility: pick(['public', 'gm', 'blind']),
      },
    ];
    if (seat.role === 'gm') {
      list.push(
        { type: 'gmNote', text: 'A note.' },
        { type: 'narrate', text: 'The wind howls.', secret: pick([true, false]) },
        { type: 'addScene', text: 'A ruined outpost.', secret: pick([true, false]) },
      );
      if (own ?? Object.values(state.troopers)[0]) {
        const t = own ?? Object.values(state.troopers)[0];
        list.push({
          type: 'gmAdjust',
          adjustment: { target: 'kills', trooperId: t?.id, thisMission: 3, total: 20 },
          reason: 'A tally.',
        });
      }
    }
    return list as ThreeSixteenCommand[];
  };
  // The steps between fights that the offer lists leave to the table: planets, briefings, encounters.
  const script = (): unknown[] => {
    const ids = Object.keys(state.troopers);
    const someone = ids.length > 0 ? pick(ids) : 't1';
    switch (state.campaign.phase) {
      case 'setup':
        return [
          { type: 'assignInitialRanks' },
          {
            type: 'setPlanet',
            name: 'Grey Rock',
            aaMethod: pick([1, 5, 9, 14, 20]),
            abilities: pick([[], ['armour'], ['ambush', 'flee'], ['ignoreWounds', 'regeneration', 'swarm']]),
            threat: pick([6, 12, 20]),
          },
          { type: 'rollNextPlanet' },
        ];
      case 'briefing':
        return [
          { type: 'briefMission', text: 'Clear the ridge.' },
          { type: 'fireStarkiller', trooperId: someone },
        ];
      case 'mission':
        return [
          { type: 'startEncounter', tokens: pick([1, 2, 3, 5]), final: pick([false, false, true]) },
          { type: 'addScene', text: 'A ruined outpost.', secret: pick([true, false]) },
          { type: 'nfaTest', trooperId: someone, text: 'Climb.' },
          {
            type: 'sceneFlashback',
            trooperId: someone,
            kind: pick(['strength', 'weakness']),
            text: 'Back home.',
          },
          { type: 'endMission' },
        ];
      case 'afterMission':
        return [
          { type: 'debrief' },
          { type: 'rollLevels' },
          { type: 'rollNextPlanet' },
          { type: 'setMissionGm', seatId: pick([null, 'sP1']) },
          { type: 'createReplacement', predecessorId: someone, name: 'New Blood', fa: 5, nfa: 5 },
        ];
      default:
        return [];
    }
  };
  for (let i = 0; i < steps && state.campaign.phase !== 'over'; i++) {
    const seat = pick([gm, ...players]);
    const acting = { ...seat, role: threeSixteen.actingRole?.(state, seat) ?? seat.role };
    const offered = legalCommands(state, acting);
    const die = choose.roll({ name: 'd8', sides: 8 });
    const scripted = seat === gm ? script() : [];
    const all =
      die === 1 || (offered.length === 0 && scripted.length === 0)
        ? free(seat)
        : die <= 3 && scripted.length > 0
          ? scripted
          : offered.length > 0
            ? offered
            : scripted;
    send(seat, pick(all));
  }
  return { events, state };
}
