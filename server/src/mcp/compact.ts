// The compact view of a lint result that tools answer with by default: the same numbers as the CLI's JSON
// (it is computed from that result), without the per-category notes, hashes and finding data an agent
// rarely needs. `detail: true` answers the whole LintResult instead.
import { BandSchema, type LintResult } from '@toolmark/benchmarks';
import { z } from 'zod';

/** How many findings and pairs a compact answer lists (the counts always cover all of them). */
export const COMPACT_LIMITS = { findings: 20, pairs: 5 } as const;

/** A lint result, compact. */
export function compactLint(result: LintResult): z.infer<typeof CompactLintSchema> {
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

const SeveritySchema = z.enum(['critical', 'required', 'minor']);

/** What compactLint answers (the outputSchema of the lint tools without detail). */
export const CompactLintSchema = z.object({
  rules: z.string(),
  surfaceHash: z.string(),
  score: z.number().nullable(),
  band: BandSchema.nullable(),
  tokens: z.number(),
  counts: z.object({ critical: z.number(), required: z.number(), minor: z.number() }),
  tools: z.array(z.object({ name: z.string(), score: z.number(), band: BandSchema })),
  findings: z.array(z.object({ code: z.string(), severity: SeveritySchema, tool: z.string().optional(), message: z.string() })),
  confusablePairs: z.object({ total: z.number(), top: z.array(z.object({ tools: z.array(z.string()), similarity: z.number() })) }),
});

/**
 * The outputSchema of a lint answer, compact or (detail: true) the whole result of `toolmark lint --json`:
 * the fields both share, open to the others (one schema for both costs an agent half the tokens of two).
 */
export const LintOutputSchema = z.looseObject({
  score: z.number().nullable(),
  band: BandSchema.nullable(),
  counts: z.object({ critical: z.number(), required: z.number(), minor: z.number() }),
  tools: z.array(z.looseObject({ name: z.string(), score: z.number(), band: BandSchema })),
  findings: z.array(z.looseObject({ code: z.string(), severity: SeveritySchema, message: z.string() })),
});
