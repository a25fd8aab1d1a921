import { describe, expect, it } from 'vitest';
import { cli } from './test-kit.ts';

describe('bughunt attack', () => {
  it('resolves one attack with entered dice and prints the breakdown', async () => {
    const r = await cli(
      'attack',
      '--attacker',
      'castell',
      '--weapon',
      'sword',
      '--range',
      '1',
      '--defender',
      'enforcer',
      '--parry',
      'sword',
      '--dice',
      '15,4,6,7,7',
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('parry:    save 4 against Reactions 11: made');
    expect(r.stdout).toContain('defence:  d20 6 + 6 Dodge + 4 Dodge Bonus = 16 → hit');
    expect(r.stdout).toContain('Sword: 14 arrives, dented, DC 150 → 141');
  });
  it('prints exact odds without dice, as JSON on request', async () => {
    const r = await cli(
      'attack',
      '--attacker',
      'castell',
      '--weapon',
      'assault-rifle',
      '--mode',
      'auto',
      '--range',
      '40',
      '--defender',
      'raider',
      '--json',
    );
    expect(r.code).toBe(0);
    const { odds } = JSON.parse(r.stdout);
    expect(odds.hit).toBeCloseTo(309 / 400, 10);
  });
  it('bad input: exit 2 and one line', async () => {
    const cases = [
      ['--attacker', 'castell', '--weapon', 'laser', '--range', '5', '--defender', 'raider'],
      [
        '--attacker',
        'castell',
        '--weapon',
        'assault-rifle',
        '--mode',
        'manual',
        '--range',
        '5',
        '--defender',
        'raider',
      ],
      [
        '--attacker',
        'castell',
        '--weapon',
        'assault-rifle',
        '--range',
        '5',
        '--defender',
        'raider',
        '--dice',
        '21',
      ],
      ['--attacker', 'castell', '--weapon', 'assault-rifle', '--range', '5000', '--defender', 'raider'],
    ];
    for (const args of cases) {
      const r = await cli('attack', ...args);
      expect(r.code).toBe(2);
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
    }
  });
});
