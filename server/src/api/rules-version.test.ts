import { describe, expect, it } from 'vitest';
import { LATEST_RULES, ruleSets } from '@toolmark/benchmarks';
import { ApiError } from './errors.js';
import { rulesOr404 } from './rules-version.js';

describe('rulesOr404', () => {
  it('passes every rules version this build runs', () => {
    for (const id of Object.keys(ruleSets)) expect(rulesOr404(id)).toBe(id);
  });
  it('reads `latest` as the latest published version (v3 since issue 25)', () => {
    expect(rulesOr404('latest')).toBe(LATEST_RULES);
    expect(LATEST_RULES).toBe('v3');
  });
  it('answers an unknown id (and inherited names) with 404 unknown_rules naming the parameter and the known ids', () => {
    for (const id of ['v9', 'toString', '__proto__', '']) {
      let thrown: unknown;
      try {
        rulesOr404(id, 'id');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ApiError);
      expect(thrown).toMatchObject({ statusCode: 404, code: 'unknown_rules', detail: { key: 'id', rules: id, known: Object.keys(ruleSets) } });
      expect((thrown as ApiError).message).toContain(`no rules version ${id};`);
    }
  });
});
