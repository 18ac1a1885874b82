// The compact view of a lint result that tools answer with by default: the same numbers as the CLI's JSON
// (it is computed from that result), without the per-category notes, hashes and finding data an agent
// rarely needs. `detail: true` answers the whole LintResult instead.
import type { LintResult } from '@toolmark/benchmarks';

/** How many findings and pairs a compact answer lists (the counts always cover all of them). */
export const COMPACT_LIMITS = { findings: 20, pairs: 5 } as const;

/** A lint result, compact. */
export function compactLint(result: LintResult): Record<string, unknown> {
  const severity = { critical: 0, required: 1, minor: 2 } as const;
  const findings = [...result.findings, ...result.tools.flatMap((t) => t.findings)]
    .sort((a, b) => severity[a.severity] - severity[b.severity])
    .slice(0, COMPACT_LIMITS.findings)
    .map((f) => ({ code: f.code, severity: f.severity, ...(f.tool !== undefined ? { tool: f.tool } : {}), message: f.message }));
  return {
    rules: result.rules.id,
    surfaceHash: result.surface.hash,
    score: result.score,
    band: result.band,
    tokens: result.tokens.total,
    counts: result.counts,
    tools: result.tools.map((t) => ({ name: t.name, score: t.score, band: t.band })),
    findings,
    confusablePairs: { total: result.confusablePairs.total, top: result.confusablePairs.top.slice(0, COMPACT_LIMITS.pairs).map((p) => ({ tools: p.tools, similarity: p.similarity })) },
  };
}
