import { describe, expect, it } from 'vitest';
import { rulesetFor, SYSTEMS } from './registry.ts';

describe('system registry', () => {
  it('offers the four systems, each with a ruleset: its own where the engine has one, else dice chat', () => {
    expect(SYSTEMS.map((s) => s.id)).toEqual([
      'three-sixteen',
      'rhylanor-express',
      'elite-unit',
      'fundamental-duck',
    ]);
    expect(rulesetFor('three-sixteen')?.id).toBe('three-sixteen');
    expect(rulesetFor('rhylanor-express')?.id).toBe('rhylanor-express');
    expect(rulesetFor('elite-unit')?.id).toBe('elite-unit');
    expect(rulesetFor('fundamental-duck')?.id).toBe('fundamental-duck');
    expect(rulesetFor('monopoly')).toBeNull();
  });

  it('every ruleset accepts a chat roll', () => {
    for (const s of SYSTEMS) {
      const rules = rulesetFor(s.id);
      expect(rules?.commandSchema.safeParse({ type: 'chat.roll', notation: 'd6' }).success).toBe(true);
    }
  });
});
