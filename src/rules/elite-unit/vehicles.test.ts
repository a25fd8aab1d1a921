import { describe, expect, it } from 'vitest';
import { crashDice, ramRow } from './rules/vehicles.ts';
import { GM, P1, P2, Table } from './test-kit.ts';

/** Vehicles (§13) and first aid (§10, §18.4). */

describe('vehicles', () => {
  it("a risky action saves with the driver's modified Reactions", () => {
    const t = new Table();
    t.add('vey', 'vey', P2); // Reactions 15 (pistol {-4}: no penalty), pilot 3, Control Port
    t.add('castell', 'c', P1); // Reactions 13 − 1 (rifle), no pilot levels, no buggy skill
    // Vey in the APC by port: handling −2, narrow space −5 → 8; a 7 succeeds.
    const [a] = t.run(
      { type: 'vehicle.risky', driverId: 'vey', vehicle: 'apc', controls: 'port', action: 'narrowSpace' },
      P2,
      [7],
    );
    expect(a).toMatchObject({ save: { target: 8, success: true } });
    // Vey in the gunship (level 5, two above pilot 3): −8, handling +1, air gap −7 → 1: any roll fails and crashes.
    const events = t.run(
      { type: 'vehicle.risky', driverId: 'vey', vehicle: 'gunship', controls: 'port', action: 'airGap' },
      P2,
      [1],
    );
    expect(events[0]).toMatchObject({ save: { target: 1, success: false, bareFail: true } });
    expect(events[1]).toMatchObject({ detail: { crashed: true } });
    // Castell in the buggy by hand: −5 manual, −10 no skill, +2 handling → 12 − 13 = −1.
    const [c] = t.run(
      { type: 'vehicle.risky', driverId: 'c', vehicle: 'buggy', controls: 'manual', action: 'sharpTurn' },
      P1,
      [1],
    );
    expect(c).toMatchObject({ save: { target: -1, success: false } });
    expect(() =>
      t.run(
        { type: 'vehicle.risky', driverId: 'c', vehicle: 'gunship', controls: 'port', action: 'airGap' },
        P1,
        [1],
      ),
    ).toThrow(/Control Port/);
    expect(() =>
      t.run(
        { type: 'vehicle.risky', driverId: 'vey', vehicle: 'apc', controls: 'port', action: 'bumpyGround' },
        P2,
        [1],
      ),
    ).toThrow(/tracked/);
  });
  it('ram widths and crash dice by whole speed steps', () => {
    expect([0.5, 1, 2, 3, 3.5].map(ramRow)).toEqual([
      'ramNarrowObject',
      'ramNarrowObject',
      'ramWideObject',
      'ramWideObject',
      'ramVeryWideObject',
    ]);
    expect(crashDice(59, 'vehicle')).toEqual({ count: 10, times: 1 });
    expect(crashDice(59, 'seated')).toEqual({ count: 4, times: 1 });
    expect(crashDice(9, 'unseated')).toEqual({ count: 0, times: 4 });
  });
  it('a crash hurts each occupant through their armour; unseated × 4', () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    t.add('orr', 'orr', P1);
    // 40 kph: the vehicle 8D6, each occupant 4D6 (unseated × 4).
    t.run(
      {
        type: 'vehicle.crash',
        vehicle: 'buggy',
        kph: 40,
        occupants: [
          { id: 'vey', seated: true },
          { id: 'orr', seated: false },
        ],
      },
      GM,
      [1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1],
    );
    // Vey 8 through the undersuit (R 2, DC 15): dented. Orr 4 × 4 = 16, no armour: 28 → 12, location d100 11 → Trunk.
    expect(t.char('vey').stamina).toBe(34);
    expect(t.char('orr')).toMatchObject({ stamina: 12, parts: { trunk: 'damaged' } });
  });
});

describe('first aid', () => {
  it('a kit and its skill heal its dice once per injury', () => {
    const t = new Table();
    t.add('castell', 'c', P1);
    t.add('vey', 'v', P2);
    t.run({ type: 'gm.set', id: 'v', field: 'stamina', value: 20 });
    t.run({ type: 'firstAid', id: 'c', patientId: 'v', kit: 'first-aid-kit' }, P1, [5]);
    expect(t.char('v')).toMatchObject({ stamina: 25, firstAidGiven: true });
    expect(() => t.run({ type: 'firstAid', id: 'c', patientId: 'v', kit: 'first-aid-kit' }, P1, [5])).toThrow(
      /already|has had/,
    );
    expect(() => t.run({ type: 'firstAid', id: 'c', patientId: 'v', kit: 'paramedic-kit' }, P1, [5])).toThrow(
      /carries no/,
    );
  });
});

describe('ramming (§13.6)', () => {
  it("an attack on the driver's modified Reactions; a hit deals the crash dice", () => {
    const t = new Table();
    t.add('vey', 'vey', P2);
    t.add('raider', 'r');
    // Vey in the buggy by port: Reactions 15 + handling 2; speed rows skipped; d20 10 → 27.
    const [declared] = t.run(
      {
        type: 'vehicle.ram',
        driverId: 'vey',
        vehicle: 'buggy',
        controls: 'port',
        kph: 25,
        targetId: 'r',
        situation: { speedKph: 25 },
      },
      P2,
      [10],
    );
    expect(declared).toMatchObject({ total: 27, mode: 'ram' });
    // Raider 4 + 5 = 9: hit; 25 kph → 4D6 = 16 through the flak vest: 10 off its DC.
    const [r] = t.run({ type: 'defend', targetId: 'r' }, GM, [5, 4, 4, 4, 4]);
    expect(r).toMatchObject({ hit: true, blow: { dealt: 16, toStamina: 0 } });
    expect(t.char('r').armour[0]?.dc).toBe(30);
  });
});
