import type { RuleSet } from './types.js';
import { rulesV1 } from './v1/index.js';

/** Every rules version this build can run, by id. Published versions are frozen (see rules/v1/README.md). */
export const ruleSets = { v1: rulesV1 } as const satisfies Record<string, RuleSet>;

/** Id of a rules version. */
export type RuleSetId = keyof typeof ruleSets;

/** The rules version used when none is named. */
export const LATEST_RULES: RuleSetId = 'v1';

/** True when `id` names a known rules version. */
export function isRuleSetId(id: string): id is RuleSetId {
  return Object.hasOwn(ruleSets, id);
}
