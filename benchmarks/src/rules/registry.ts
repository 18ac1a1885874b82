import type { DocumentedRuleSet } from './rule-set-facts.js';
import { FACTS_V1 } from './v1/docs/index.js';
import { rulesV1 } from './v1/index.js';
import { FACTS_V2 } from './v2/docs/index.js';
import { rulesV2 } from './v2/index.js';
import { FACTS_V3 } from './v3/docs/index.js';
import { rulesV3 } from './v3/index.js';

/**
 * Every rules version this build can run, by id, each with its own facts (bands, categories, finding docs,
 * security codes: rule-set-facts.ts). Published versions are frozen (see rules/v1/README.md); adding one is
 * a new entry here with its docs/ folder, and the start-up backfill scores every stored version under it.
 */
export const ruleSets = {
  v1: { ...rulesV1, ...FACTS_V1, status: 'published' },
  v2: { ...rulesV2, ...FACTS_V2, status: 'published' },
  v3: { ...rulesV3, ...FACTS_V3, status: 'draft' },
} as const satisfies Record<string, DocumentedRuleSet & { status: RuleSetStatus }>;

/** A draft version may still change and is never the latest; a published one is frozen (its goldens pin it). */
export type RuleSetStatus = 'draft' | 'published';

/** Id of a rules version. */
export type RuleSetId = keyof typeof ruleSets;

/** The rules version used when none is named. */
export const LATEST_RULES: RuleSetId = 'v2';

/** True when `id` names a known rules version. */
export function isRuleSetId(id: string): id is RuleSetId {
  return Object.hasOwn(ruleSets, id);
}
