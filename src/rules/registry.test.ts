import { describe, expect, it } from 'vitest';
import { rulesetFor, SYSTEMS } from './registry.ts';

describe('system registry', () => {
  it('offers the four systems, each with a ruleset; unplayable ones run dice chat', () => {
    expect(SYSTEMS.map((s) => s.id)).toEqual([
      'three-sixteen',
      'rhylanor-express',
      'elite-unit',
      'fundamental-duck',
    ]);
    expect(rulesetFor('three-sixteen')?.id).toBe('three-sixteen');
    for (const s of SYSTEMS.filter((x) => !x.playable)) expect(rulesetFor(s.id)?.id).toBe('dice-chat');
    expect(rulesetFor('monopoly')).toBeNull();
  });

  it('every ruleset accepts a chat roll', () => {
    for (const s of SYSTEMS) {
      const rules = rulesetFor(s.id);
      expect(rules?.commandSchema.safeParse({ type: 'chat.roll', notation: 'd6' }).success).toBe(true);
    }
  });
});
