import type { DocumentedRuleSet } from './rule-set-facts.js';
import { FACTS_V1 } from './v1/docs/index.js';
import { rulesV1 } from './v1/index.js';
import { FACTS_V2 } from './v2/docs/index.js';
import { rulesV2 } from './v2/index.js';
import { FACTS_V3 } from './v3/docs/index.js';
import { rulesV3 } from './v3/index.js';
import { FACTS_V4 } from './v4/docs/index.js';
import { rulesV4 } from './v4/index.js';

/**
 * Where a rules version stands (issue 25, "Versions"):
 * - `published`: frozen — its results may be stored and shown as final, it may be `latest`, and its golden
 *   outputs are pinned by a committed hash (golden/frozen.json, checked by
 *   distractors/src/golden-frozen.test.ts): a change that moves one of them fails the test and must become a
 *   new version;
 * - `draft`: still calibrated — the CLI and the benches may run it by name, but the service never stores its
 *   results (lint jobs, the start-up backfill, captures, uploads and the seed skip it) and it cannot be latest.
 */
export type RuleSetStatus = 'draft' | 'published';

/** A registered rules version: its lint function, its facts and where it stands. */
export interface RegisteredRuleSet extends DocumentedRuleSet {
  status: RuleSetStatus;
}

/**
 * Every rules version this build can run, by id, each with its own facts (bands, categories, finding docs,
 * security codes: rule-set-facts.ts) and its status. Published versions are frozen (see rules/v1/README.md);
 * adding one is a new entry here with its docs/ folder, first as a draft; publishing it is `status:
 * 'published'` plus its golden files and its hash in golden/frozen.json, and the start-up
 * backfill then scores every stored version under it.
 */
export const ruleSets = {
  v1: { ...rulesV1, ...FACTS_V1, status: 'published' },
  v2: { ...rulesV2, ...FACTS_V2, status: 'published' },
  v3: { ...rulesV3, ...FACTS_V3, status: 'published' },
  v4: { ...rulesV4, ...FACTS_V4, status: 'draft' },
} as const satisfies Record<string, RegisteredRuleSet>;

/** Id of a rules version. */
export type RuleSetId = keyof typeof ruleSets;

/** Id of a published rules version (a draft's id is not one: the type keeps drafts from being latest). */
export type PublishedRuleSetId = { [K in RuleSetId]: (typeof ruleSets)[K]['status'] extends 'published' ? K : never }[RuleSetId];

/** The rules version used when none is named: always a published one. */
export const LATEST_RULES: PublishedRuleSetId = 'v3';

/** The name that means the latest published version wherever a rules id is taken (`?rules=latest`, `--rules latest`). */
export const LATEST_ALIAS = 'latest';

/** The rules version `id` names — a registered id, or `latest` for {@link LATEST_RULES} — or undefined. */
export function resolveRuleSetId(id: string): RuleSetId | undefined {
  if (id === LATEST_ALIAS) return LATEST_RULES;
  return isRuleSetId(id) ? id : undefined;
}

/** True when `id` names a known rules version. */
export function isRuleSetId(id: string): id is RuleSetId {
  return Object.hasOwn(ruleSets, id);
}

/** True when `id` names a published rules version, whose results the service may store as final. */
export function isPublishedRuleSetId(id: string): id is PublishedRuleSetId {
  return isRuleSetId(id) && (ruleSets[id] as RegisteredRuleSet).status === 'published';
}

/** The ids of the published rules versions, in registry order (what the service stores results under). */
export function publishedRuleSetIds(registry: Readonly<Record<string, RegisteredRuleSet>> = ruleSets): string[] {
  return Object.entries(registry)
    .filter(([, set]) => set.status === 'published')
    .map(([id]) => id);
}

/** The published rules versions, in registry order. */
export function publishedRuleSets(registry: Readonly<Record<string, RegisteredRuleSet>> = ruleSets): RegisteredRuleSet[] {
  return Object.values(registry).filter((set) => set.status === 'published');
}
