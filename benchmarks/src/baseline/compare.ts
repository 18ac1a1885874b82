import type { Band, Finding, LintResult } from '../contracts/lint-result.js';
import { allFindings, findingsOnlyIn } from './finding-key.js';

/** Bands from best to worst: a higher index is a lower band. */
const BAND_RANK: Record<Band, number> = { sunny: 0, cloudy: 1, rain: 2 };

/** True when `after` is a lower band than `before`. */
export function isBandDrop(before: Band, after: Band): boolean {
  return BAND_RANK[after] > BAND_RANK[before];
}

/** One tool's score and band in the baseline and now; a side is null when the tool is not there. */
export interface ToolDelta {
  name: string;
  before: { score: number; band: Band } | null;
  after: { score: number; band: Band } | null;
  /** Points after minus before; null for an added or removed tool. */
  delta: number | null;
  /** The tool is in both and its band went down. */
  bandDown: boolean;
}

/** A finding that appeared or went away, with whether its code is a security finding. */
export interface FindingChange {
  finding: Finding;
  security: boolean;
}

/** What changed from a baseline lint to the current one (same rules version). */
export interface LintComparison {
  rules: string;
  scoreBefore: number | null;
  scoreAfter: number | null;
  /** Server mean after minus before, one decimal; null when a side has no tools. */
  delta: number | null;
  bandBefore: Band | null;
  bandAfter: Band | null;
  /** Tools whose score or band moved, or that were added or removed, sorted by name. */
  tools: ToolDelta[];
  /** Tools in both with the same score (counted, not listed). */
  unchanged: number;
  newFindings: FindingChange[];
  fixedFindings: FindingChange[];
}

const oneDecimal = (n: number): number => Math.round(n * 10) / 10;
const byName = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Compare a lint result with a baseline lint of the same rules version (the caller checks the versions
 * agree: scores of different versions do not compare). `securityCodes` are the rule set's security codes.
 */
export function compareLint(baseline: LintResult, current: LintResult, securityCodes: ReadonlySet<string>): LintComparison {
  const before = new Map(baseline.tools.map((t) => [t.name, t]));
  const after = new Map(current.tools.map((t) => [t.name, t]));
  const tools: ToolDelta[] = [];
  let unchanged = 0;
  for (const t of current.tools) {
    const old = before.get(t.name);
    const now = { score: t.score, band: t.band };
    if (old === undefined) tools.push({ name: t.name, before: null, after: now, delta: null, bandDown: false });
    else if (old.score === t.score && old.band === t.band) unchanged += 1;
    else tools.push({ name: t.name, before: { score: old.score, band: old.band }, after: now, delta: t.score - old.score, bandDown: isBandDrop(old.band, t.band) });
  }
  for (const t of baseline.tools) {
    if (!after.has(t.name)) tools.push({ name: t.name, before: { score: t.score, band: t.band }, after: null, delta: null, bandDown: false });
  }
  const change = (finding: Finding): FindingChange => ({ finding, security: securityCodes.has(finding.code) });
  const beforeFindings = allFindings(baseline);
  const afterFindings = allFindings(current);
  return {
    rules: current.rules.id,
    scoreBefore: baseline.score,
    scoreAfter: current.score,
    delta: baseline.score === null || current.score === null ? null : oneDecimal(current.score - baseline.score),
    bandBefore: baseline.band,
    bandAfter: current.band,
    tools: tools.sort(byName),
    unchanged,
    newFindings: findingsOnlyIn(afterFindings, beforeFindings).map(change),
    fixedFindings: findingsOnlyIn(beforeFindings, afterFindings).map(change),
  };
}
