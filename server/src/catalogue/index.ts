// What GET /v1/rules/{id} explains, per rules version: a new version in the registry without its catalogue
// here is a type error, so no version is ever explained with another version's codes.
import type { RuleSetId } from '@toolmark/benchmarks';
import type { CategoryDoc, FindingDoc } from '@toolmark/benchmarks/api';
import { CATEGORIES_DOC_V1, FINDINGS_V1 } from './findings-v1.js';

/** One rules version explained: band thresholds, categories with their points, every finding code. */
export interface RulesCatalogue {
  bands: { sunny: number; cloudy: number };
  categories: CategoryDoc[];
  findings: FindingDoc[];
}

/** The catalogue of every rules version this build runs. */
export const catalogues = {
  v1: { bands: { sunny: 70, cloudy: 40 }, categories: CATEGORIES_DOC_V1, findings: FINDINGS_V1 },
} satisfies Record<RuleSetId, RulesCatalogue>;
