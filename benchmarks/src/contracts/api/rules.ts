import { z } from 'zod';
import { RulesIdSchema, RulesRefSchema, TimestampSchema } from './common.js';
import { authErrors, ErrorSchema, unavailable } from './errors.js';

/** `GET /v1/rules`: the rules versions this build runs (`active`) and every (id, hash) with stored results. */
export const RulesListSchema = z.object({
  latest: z.string(),
  items: z.array(RulesRefSchema.extend({ active: z.boolean(), results: z.number(), firstScoredAt: TimestampSchema.nullable() })),
});

/** Text in the two UI languages. */
export const BilingualSchema = z.object({ en: z.string(), ja: z.string() });

/**
 * A finding's message as a template in both languages, so any UI phrases it in its language: `{words}` is
 * a value of the finding's `data` (`{hits[0].excerpt}` a path into it, `{problems[].path}` one value of
 * each item, a list is joined), `{$tool}` and `{$fields}` the finding's own; `|count`, `|fixed2`, `|json`,
 * `|words` (a list joined by spaces) and `|first5` format a value. A code has one or more: the first whose
 * `when` holds is used (`key` — a value present, not false, not empty; `key=value` — equal).
 */
export const MessageTemplateSchema = z.object({
  /** The message id: the code, or `code.variant` for a code with several. */
  id: z.string(),
  when: z.array(z.string()).optional(),
  en: z.string(),
  ja: z.string(),
});
/** A finding's message template. */
export type MessageTemplate = z.infer<typeof MessageTemplateSchema>;

/** One finding code explained: what triggers it, how to fix it, an example. */
export const FindingDocSchema = z.object({
  code: z.string(),
  /** Per-tool or server-wide. */
  scope: z.enum(['tool', 'server']),
  /** Possible severities, most severe first (two when the share or size decides). */
  severities: z.array(z.enum(['critical', 'required', 'minor'])),
  /** One of the rule set's security codes: counted in the security status beside the score, never hidden (from v2 a critical one caps the score). */
  security: z.boolean(),
  title: BilingualSchema,
  trigger: BilingualSchema,
  fix: BilingualSchema,
  /** A message as the finding prints it (real results carry the real counts and names). */
  example: z.string(),
  /** A short tool definition fragment that triggers it, and the fixed form. */
  before: z.string(),
  after: z.string(),
  /** Its messages as templates (EN/JA), rendered from a finding's `data`: the first whose `when` holds. */
  messages: z.array(MessageTemplateSchema).min(1),
});
/** One finding code explained. */
export type FindingDoc = z.infer<typeof FindingDocSchema>;

/** A scoring category with its points and what earns full marks. */
export const CategoryDocSchema = z.object({ id: z.string(), max: z.number(), title: BilingualSchema, fullMarks: BilingualSchema });
/** A scoring category explained. */
export type CategoryDoc = z.infer<typeof CategoryDocSchema>;

/** `GET /v1/rules/{id}`: one rules version explained. */
export const RulesDetailSchema = RulesRefSchema.extend({
  latest: z.boolean(),
  bands: z.object({ sunny: z.number(), cloudy: z.number() }),
  categories: z.array(CategoryDocSchema),
  findings: z.array(FindingDocSchema),
  changelog: z.string().describe('CHANGELOG.md of the rule set (Markdown)'),
});

/** Rules versions. */
export const rulesEndpoints = {
  'GET /v1/rules': { response: { 200: RulesListSchema, ...authErrors, ...unavailable } },
  'GET /v1/rules/{id}': { params: z.object({ id: RulesIdSchema }), response: { 200: RulesDetailSchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
};
