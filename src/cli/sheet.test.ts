import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SeededDice } from '../engine/dice/source.ts';
import type { Seat, TableEvent } from '../engine/ruleset.ts';
import { stateHash } from '../engine/state-hash.ts';
import { killStepLabel } from '../rules/three-sixteen/data/index.ts';
import {
  type ThreeSixteenCommand,
  type ThreeSixteenState,
  threeSixteen,
} from '../rules/three-sixteen/index.ts';
import { formatSheet, type TrooperSheetData, trooperSheet } from './sheet.ts';
import { cli } from './test-kit.ts';

const GM: Seat = { seatId: 'sGm', role: 'gm' };
const ALICE: Seat = { seatId: 'sAlice', role: 'player' };

/** A small campaign made the way a table makes it (decide, then evolve), as an export file. */
function campaign(): { file: unknown; state: ThreeSixteenState } {
  const dice = new SeededDice(316);
  let state = threeSixteen.setup({});
  const events: unknown[] = [];
  let n = 0;
  const add = (by: Seat | null, event: { type: string } | TableEvent) => {
    n++;
    state = threeSixteen.evolve(state, event as TableEvent);
    events.push({
      seq: n,
      at: new Date(Date.UTC(2026, 0, 1, 20, 0, n)).toISOString(),
      by: by?.seatId ?? null,
      commandId: by ? `c${n}` : null,
      event,
    });
  };
  const send = (by: Seat, command: ThreeSixteenCommand) => {
    for (const e of threeSixteen.decide(state, command, { actor: by, dice })) add(by, e);
  };
  add(null, { type: 'seat.joined', seatId: GM.seatId, role: 'gm', name: 'GM' });
  add(null, { type: 'seat.joined', seatId: ALICE.seatId, role: 'player', name: 'Alice' });
  send(ALICE, { type: 'createTrooper', name: 'Hicks', fa: 6, nfa: 4 });
  send(GM, { type: 'createTrooper', ownerSeatId: null, name: 'Apone', fa: 5, nfa: 5, rank: 3 });
  send(GM, {
    type: 'gmAdjust',
    adjustment: { target: 'health', trooperId: 't1', value: ['X', 'E', null] },
    reason: 'hit on the ridge',
  });
  send(GM, {
    type: 'gmAdjust',
    adjustment: { target: 'kills', trooperId: 't1', killsThisMission: 4, totalKills: 19 },
    reason: 'tally',
  });
  return {
    file: {
      table: { tableId: 'tOld', system: 'three-sixteen', name: 'Kalta run' },
      stateHash: stateHash(state),
      events,
    },
    state,
  };
}

const dir = mkdtempSync(join(tmpdir(), 'bughunt-sheet-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
function write(name: string, content: unknown): string {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
}

describe('bughunt sheet', () => {
  const { file, state } = campaign();
  const path = write('campaign.json', file);

  it('prints every trooper: rank, FA/NFA, health with X/E, armour, kills, weapons, slots, medals', async () => {
    const r = await cli('sheet', path);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Tpr Hicks \(Trooper, t1\)\n {2}Played by: {2}Alice\n/);
    expect(r.stdout).toContain('  FA 6, NFA 4 (level 10)');
    expect(r.stdout).toContain('  Health:     [X] A Mess  [E] Crippled  [ ] Dead');
    expect(r.stdout).toContain('  Kills:      4 this mission, 19 in total');
    expect(r.stdout).toMatch(/ {2}Armour: {5}\S/);
    expect(r.stdout).toContain('  Strengths:\n    1. ');
    expect(r.stdout).toContain('  Weaknesses:\n    1. ');
    expect(r.stdout).toContain('  Medals:     none yet');
    // The NPC comes second, under the GM.
    expect(r.stdout).toMatch(/\n\n\S+ Apone \([^)]+, t2\)\n {2}Played by: {2}the GM \(NPC\)\n/);
  });

  it('--trooper picks one (name in any case, or id); --json gives the sheet as data', async () => {
    const one = await cli('sheet', path, '--trooper', 'HICKS');
    expect(one.code).toBe(0);
    expect(one.stdout).toContain('Hicks');
    expect(one.stdout).not.toContain('Apone');
    const byId = await cli('sheet', path, '--trooper', 't2', '--json');
    expect(byId.code).toBe(0);
    const data = JSON.parse(byId.stdout) as { campaign: string; troopers: TrooperSheetData[] };
    expect(data.campaign).toBe('Kalta run');
    expect(data.troopers.map((t) => t.name)).toEqual(['Apone']);
    const all = JSON.parse((await cli('sheet', path, '--json')).stdout) as { troopers: TrooperSheetData[] };
    const hicks = all.troopers[0];
    const t1 = state.troopers.t1;
    if (!hicks || !t1) throw new Error('no Hicks');
    expect(hicks).toMatchObject({
      id: 't1',
      rank: { value: 0, title: 'Trooper' },
      playedBy: 'Alice',
      fa: 6,
      nfa: 4,
      kills: { mission: 4, total: 19 },
      health: [
        { box: 'A Mess', mark: 'X' },
        { box: 'Crippled', mark: 'E' },
        { box: 'Dead', mark: null },
      ],
      armour: t1.armour,
    });
    expect(hicks.weapons.length).toBeGreaterThan(0);
    expect(hicks.weapons).toEqual(
      t1.weapons.map((w) =>
        expect.objectContaining({
          id: w.weapon,
          close: killStepLabel(w.steps.close),
          near: killStepLabel(w.steps.near),
          far: killStepLabel(w.steps.far),
        }),
      ),
    );
    expect(hicks.strengths).toEqual(t1.strengths);
    expect(hicks.weaknesses).toEqual(t1.weaknesses);
  });

  it('prints weapons as a table and medals with their repeats', () => {
    const t1 = state.troopers.t1;
    if (!t1) throw new Error('no Hicks');
    const decorated = { ...t1, medals: [{ medal: 'woundBadge', count: 2 }] };
    const text = formatSheet(trooperSheet(state, decorated));
    expect(text).toContain('  Medals:     Wound Badge ×2');
    const header = text.split('\n').find((l) => l.includes('Close'));
    expect(header).toMatch(/Weapon +Close +Near +Far/);
    const first = t1.weapons[0];
    if (!first) throw new Error('no weapon');
    const row = text
      .split('\n')
      .find((l) => l.trimStart().startsWith(trooperSheet(state, t1).weapons[0]?.name ?? '?'));
    expect(row?.trim().split(/ {2,}/).slice(1, 4)).toEqual([
      killStepLabel(first.steps.close),
      killStepLabel(first.steps.near),
      killStepLabel(first.steps.far),
    ]);
  });

  it('a file that replays to another state is refused as the import refuses it, unless accepted', async () => {
    const older = write('older.json', { ...(file as object), stateHash: '0'.repeat(64) });
    const refused = await cli('sheet', older);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(
      /^bughunt: .*older\.json does not replay to the state it was exported with .*--accept-rules-change/,
    );
    // A hand-edited roll: the kills a trooper started with, raised in the file.
    type Logged = { event: { type: string; trooper?: { totalKills: number } } };
    const edited = (file as { events: Logged[] }).events.map((e) =>
      e.event.type === 'trooper.created' && e.event.trooper
        ? { ...e, event: { ...e.event, trooper: { ...e.event.trooper, totalKills: 99 } } }
        : e,
    );
    const cheat = await cli('sheet', write('edited.json', { ...(file as object), events: edited }));
    expect(cheat.code).toBe(2);
    expect(cheat.stderr).toMatch(/does not replay to the state it was exported with/);
    const r = await cli('sheet', older, '--trooper', 'Hicks', '--accept-rules-change');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Hicks');
    expect(r.stderr).toMatch(/^note: .*another state than its exporter's/);
  });

  it('--help explains it; bad input is one line on stderr and exit code 2', async () => {
    const help = await cli('sheet', '--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: bughunt sheet <export.json>/);
    const diceChat = {
      table: { system: 'elite-unit', name: 'Dice only' },
      events: [
        {
          seq: 1,
          at: '2026-01-01T00:00:00.000Z',
          by: null,
          commandId: null,
          event: { type: 'seat.joined', seatId: 's1', role: 'gm', name: 'GM' },
        },
      ],
    };
    const broken = {
      ...(file as object),
      events: (file as { events: { seq: number }[] }).events.map((e) => (e.seq === 3 ? { ...e, seq: 9 } : e)),
    };
    const cases: [string[], RegExp][] = [
      [['sheet'], /missing <export.json>/],
      [['sheet', join(dir, 'nope.json')], /cannot read .*no such file/],
      [
        ['sheet', write('text.json', 'Dear diary, today the squad landed on a very long planet name\n')],
        /text\.json is not JSON(?: \(line \d+, column \d+\))?; a campaign export is the JSON file/,
      ],
      [['sheet', write('other.json', { hello: 1 })], /not a Bughunt campaign file/],
      [['sheet', write('broken.json', broken)], /seq 9/],
      [['sheet', write('dice.json', diceChat)], /elite-unit campaign/],
      [['sheet', path, '--trooper', 'Drake'], /no trooper called 'Drake'.*Hicks, Apone/],
      [['sheet', path, '--colour'], /unknown option '--colour'/],
      [['sheet', path, 'extra'], /unexpected argument 'extra'/],
    ];
    for (const [args, pattern] of cases) {
      const r = await cli(...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(pattern);
      expect(r.stderr).toMatch(/^bughunt: [^\n]+\n$/);
      // It names the file, never quotes its text back.
      expect(r.stderr).not.toMatch(/Dear diary/);
    }
  });
});
