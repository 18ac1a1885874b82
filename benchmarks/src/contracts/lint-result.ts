import { z } from 'zod';

/** Severities of findings, most severe first. */
export const SeveritySchema = z.enum(['critical', 'required', 'minor']);
/** Severity of a finding. */
export type Severity = z.infer<typeof SeveritySchema>;

/** Score bands for a quick scan: ≥ 70 sunny, 40–69 cloudy, < 40 rain. */
export const BandSchema = z.enum(['sunny', 'cloudy', 'rain']);
/** A score band. */
export type Band = z.infer<typeof BandSchema>;

/** The six scoring categories of a tool. */
export const CategoryIdSchema = z.enum(['purpose', 'usage', 'parameters', 'returns', 'constraints', 'examples']);
/** A scoring category id. */
export type CategoryId = z.infer<typeof CategoryIdSchema>;

/** One finding: a public code, a severity, a message with real counts and names, and the fields involved. */
export const FindingSchema = z.object({
  code: z.string(),
  severity: SeveritySchema,
  tool: z.string().optional(),
  message: z.string(),
  fields: z.array(z.string()),
  /** Machine-readable facts behind the message (counts, names), so any UI can phrase it in its language. */
  data: z.record(z.string(), z.unknown()),
});
/** A lint finding. */
export type Finding = z.infer<typeof FindingSchema>;

/** Points one category gave a tool. */
export const CategoryScoreSchema = z.object({
  points: z.number(),
  max: z.number(),
  /** Short reasons for points given or withheld, in evaluation order. */
  notes: z.array(z.string()),
});
/** Points one category gave a tool. */
export type CategoryScore = z.infer<typeof CategoryScoreSchema>;

/** The lint card of one tool. */
export const ToolResultSchema = z.object({
  name: z.string(),
  hash: z.string(),
  score: z.number().int().min(0).max(100),
  band: BandSchema,
  categories: z.record(CategoryIdSchema, CategoryScoreSchema),
  findings: z.array(FindingSchema),
  confusableWith: z.array(z.string()),
  tokens: z.number().int().nonnegative(),
  language: z.string(),
});
/** The lint card of one tool. */
export type ToolResult = z.infer<typeof ToolResultSchema>;

/** A pair of tools a model may mistake for each other. */
export const ConfusablePairSchema = z.object({
  tools: z.tuple([z.string(), z.string()]),
  similarity: z.number(),
  descriptionSimilarity: z.number(),
  nameSimilarity: z.number(),
});
/** A confusable pair. */
export type ConfusablePair = z.infer<typeof ConfusablePairSchema>;

/** Counts of findings by severity. */
export const SeverityCountsSchema = z.object({ critical: z.number(), required: z.number(), minor: z.number() });

/** The full lint result of a surface: the structure the CLI's --json prints and the API returns. */
export const LintResultSchema = z.object({
  schemaVersion: z.literal(1),
  rules: z.object({ id: z.string(), hash: z.string() }),
  surface: z.object({ hash: z.string(), toolCount: z.number().int() }),
  /** Mean of the tools' scores, one decimal; null for a surface without tools. */
  score: z.number().nullable(),
  band: BandSchema.nullable(),
  tokens: z.object({ total: z.number().int(), tokenizer: z.string() }),
  counts: SeverityCountsSchema,
  findings: z.array(FindingSchema),
  confusablePairs: z.object({ total: z.number().int(), top: z.array(ConfusablePairSchema) }),
  tools: z.array(ToolResultSchema),
});
/** The full lint result of a surface. */
export type LintResult = z.infer<typeof LintResultSchema>;
