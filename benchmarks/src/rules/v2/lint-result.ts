import type { Band, ConfusablePair, Finding, LintResult, ToolResult } from '../../contracts/lint-result.js';
import { finding } from '../types.js';
import { withConfusable } from './findings/no-usage-context.js';

// The parts of a lint that rules v2 and later versions share by import (v3's index.ts): who a tool is
// confusable with, a scored tool as a result, and the server's result from its tools — the mean, the
// security cap and its finding, the counts. Each version passes its own thresholds, band and codes.

/** The server-wide finding that a surface has tools with critical security findings. */
export const SECURITY_RISK = 'security_risk';

/** A tool's score before the surface's pairs are known (the result carries them in confusableWith). */
export type ScoredTool = Omit<ToolResult, 'confusableWith'>;

/** For each tool, the tools it forms a confusable pair with. */
export function partnersOf(pairs: { tools: [string, string] | readonly [string, string] }[]): Map<string, Set<string>> {
  const partners = new Map<string, Set<string>>();
  for (const p of pairs) {
    const [a, b] = p.tools;
    (partners.get(a) ?? partners.set(a, new Set()).get(a)!).add(b);
    (partners.get(b) ?? partners.set(b, new Set()).get(b)!).add(a);
  }
  return partners;
}

/** Freeze a memoised value all the way down: a result shared by several lints must not change under them. */
export function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A scored tool as a result, with the siblings it may be confused with. */
export function toolResult(scored: ScoredTool, partners: Map<string, Set<string>>): ToolResult {
  const confusableWith = [...(partners.get(scored.name) ?? [])].sort();
  return {
    name: scored.name,
    hash: scored.hash,
    score: scored.score,
    band: scored.band,
    categories: scored.categories,
    // A tool a model may confuse with a sibling needs guidance most: no_usage_context is required there.
    findings: withConfusable(scored.findings, confusableWith),
    confusableWith,
    tokens: scored.tokens,
    language: scored.language,
  };
}

/** What a version passes to build its server result. */
export interface ServerResultInput {
  rules: { id: string; hash: string };
  surfaceHash: string;
  totalTokens: number;
  tokenizer: string;
  tools: ToolResult[];
  /** The server rules' findings (the security finding is put first). */
  findings: Finding[];
  pairs: { total: number; top: ConfusablePair[] };
  isSecurity: (f: Finding) => boolean;
  securityScoreCap: number;
  bandOf: (score: number) => Band;
}

/**
 * The server's result: the mean of its tools' scores, capped with a `security_risk` finding when a tool
 * carries a security finding (a model given this server is given the poisoned tool whichever tool it
 * picks), and the counts by severity.
 */
export function serverResult(r: ServerResultInput): LintResult {
  const { tools, findings } = r;
  const mean = tools.length === 0 ? null : Math.round((tools.reduce((sum, t) => sum + t.score, 0) / tools.length) * 10) / 10;
  const risky = tools.filter((t) => t.findings.some(r.isSecurity));
  let score = mean;
  if (risky.length > 0 && mean !== null) {
    score = Math.min(mean, r.securityScoreCap);
    const codes = [...new Set(risky.flatMap((t) => t.findings.filter(r.isSecurity).map((f) => f.code)))].sort();
    const names = risky.map((t) => t.name);
    findings.unshift(
      finding(
        SECURITY_RISK,
        'critical',
        `${risky.length} of ${tools.length} tools carry security findings (${codes.join(', ')}): ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}; the server score is capped at ${r.securityScoreCap} (mean ${mean})`,
        { fields: [], data: { tools: names, codes, mean, cap: r.securityScoreCap } },
      ),
    );
  }
  const counts = { critical: 0, required: 0, minor: 0 };
  for (const f of [...findings, ...tools.flatMap((t) => t.findings)]) counts[f.severity]++;
  return {
    schemaVersion: 1,
    rules: r.rules,
    surface: { hash: r.surfaceHash, toolCount: tools.length },
    score,
    band: score === null ? null : r.bandOf(score),
    tokens: { total: r.totalTokens, tokenizer: r.tokenizer },
    counts,
    findings,
    confusablePairs: r.pairs,
    tools,
  };
}
