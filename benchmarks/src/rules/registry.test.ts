import { describe, expect, it } from 'vitest';
import { isPublishedRuleSetId, LATEST_RULES, publishedRuleSetIds, publishedRuleSets, ruleSets, type RegisteredRuleSet } from './registry.js';

describe('rules registry: draft and published', () => {
  it('marks every entry draft or published, its key its id', () => {
    for (const [id, set] of Object.entries(ruleSets) as [string, RegisteredRuleSet][]) {
      expect(['draft', 'published']).toContain(set.status);
      expect(set.id).toBe(id);
    }
  });

  it('publishes v1, v2 and v3; v3 is the latest (issue 25)', () => {
    expect(publishedRuleSetIds()).toEqual(['v1', 'v2', 'v3']);
    expect(LATEST_RULES).toBe('v3');
  });

  it('has a published latest', () => {
    expect(isPublishedRuleSetId(LATEST_RULES)).toBe(true);
    expect((ruleSets[LATEST_RULES] as RegisteredRuleSet).status).toBe('published');
  });

  it('lists only published sets as published, in registry order', () => {
    const draft: RegisteredRuleSet = { ...ruleSets.v2, id: 'v9', status: 'draft' };
    const registry: Record<string, RegisteredRuleSet> = { v1: ruleSets.v1, v9: draft, v2: ruleSets.v2 };
    expect(publishedRuleSetIds(registry)).toEqual(['v1', 'v2']);
    expect(publishedRuleSets(registry).map((s) => s.id)).toEqual(['v1', 'v2']);
    expect(isPublishedRuleSetId('v9')).toBe(false);
    expect(isPublishedRuleSetId('nope')).toBe(false);
  });
});
