// What a rule set says about itself besides its lint function: its bands, its categories with their points,
// every finding code explained, and which codes are security findings. The API (`GET /v1/rules/{id}`), the
// database (security counts) and the site (bands) read these from the registered rule set instead of
// copying them. Kept out of types.ts so that documenting a version never moves its content hash (types.ts
// is a hash input of every version; rules/<id>/docs/ is not: see scripts/rules-hash.ts).
import type { CategoryDoc, FindingDoc, MessageTemplate } from '../contracts/api/rules.js';
import type { RuleSet } from './types.js';

/** Band thresholds: a score ≥ `sunny` is sunny, ≥ `cloudy` cloudy, below is rain. */
export interface Bands {
  sunny: number;
  cloudy: number;
}

/** The facts of one rules version, as its code decides them and its documentation explains them. */
export interface RuleSetFacts {
  bands: Bands;
  /** The scoring categories in display order: id and points from the code, titles and full marks EN/JA. */
  categories: CategoryDoc[];
  /** Every finding code the version can emit, per-tool codes first, in report order (EN/JA). */
  findings: FindingDoc[];
  /** Codes that are security findings (counted, shown beside the score, never hidden). */
  securityCodes: ReadonlySet<string>;
}

/** A rules version this build runs: its lint function with its own facts. */
export interface DocumentedRuleSet extends RuleSet, RuleSetFacts {}

/** The category ids and points of a rule set's code, with their text (a category without text is an error). */
export function categoryDocs(
  categories: readonly { id: string; max: number }[],
  text: Record<string, Pick<CategoryDoc, 'title' | 'fullMarks'>>,
): CategoryDoc[] {
  return categories.map((c) => {
    const t = text[c.id];
    if (!t) throw new Error(`category ${c.id} has no documentation`);
    return { id: c.id, max: c.max, title: t.title, fullMarks: t.fullMarks };
  });
}

/** The finding docs with each code's message templates (a code without templates, or templates of no code, is an error). */
export function withMessages(findings: Omit<FindingDoc, 'messages'>[], messages: Record<string, MessageTemplate[]>): FindingDoc[] {
  const extra = Object.keys(messages).filter((code) => !findings.some((f) => f.code === code));
  if (extra.length > 0) throw new Error(`message templates for codes the rule set does not have: ${extra.join(', ')}`);
  return findings.map((f) => {
    const templates = messages[f.code];
    if (!templates || templates.length === 0) throw new Error(`finding ${f.code} has no message templates`);
    return { ...f, messages: templates };
  });
}

/** One finding code explained; the pairs are [English, Japanese]. */
export const findingDoc = (
  code: string,
  scope: FindingDoc['scope'],
  severities: FindingDoc['severities'],
  title: [string, string],
  trigger: [string, string],
  fix: [string, string],
  example: string,
  before: string,
  after: string,
  security = false,
): Omit<FindingDoc, 'messages'> => ({
  code,
  scope,
  severities,
  security,
  title: { en: title[0], ja: title[1] },
  trigger: { en: trigger[0], ja: trigger[1] },
  fix: { en: fix[0], ja: fix[1] },
  example,
  before,
  after,
});
