// Shapes shared by several routes; request and response schemas that belong to one route live in its file.
import { z } from 'zod';
import { LintResultSchema } from '@toolmark/benchmarks';

/** A timestamp: a Date in handlers, an ISO 8601 string on the wire (and in the OpenAPI document). */
export const TimestampSchema = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

/** The error shape, for the OpenAPI document. */
export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), detail: z.record(z.string(), z.unknown()) }),
});

/** Error responses every authenticated route may give. */
export const authErrors = { 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema } as const;

// C0 controls, DEL and C1 controls: PostgreSQL refuses U+0000 in text (a 500 before this check), and the
// others are terminal escapes, line breaks in one-line fields and log forgery, never a name. Descriptions
// (several lines) keep TAB, LF and CR. Written as escapes so the OpenAPI `pattern` stays readable.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ONE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** Where the first refused control character of `text` is, as "U+0000 at character 3". */
function firstControl(text: unknown, multiline: boolean): string {
  if (typeof text !== 'string') return 'a control character';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const control = c < 0x20 || (c >= 0x7f && c <= 0x9f);
    if (control && !(multiline && (c === 0x09 || c === 0x0a || c === 0x0d))) {
      return `U+${c.toString(16).toUpperCase().padStart(4, '0')} at character ${i + 1}`;
    }
  }
  return 'a control character';
}

/**
 * Text the API stores or sends to the database (names, labels, descriptions, URLs, searches): at most
 * `max` characters, no NUL or other C0/C1 control characters (multi-line text keeps TAB, LF, CR), trimmed
 * unless `trim: false`. Every such field uses it, so bad text is a 400 naming the field before any query.
 */
export function storedText(max: number, options: { min?: number; multiline?: boolean; trim?: boolean } = {}): z.ZodString {
  const { min = 0, multiline = false, trim = true } = options;
  let text = trim ? z.string().trim() : z.string();
  if (min > 0) text = text.min(min, min === 1 ? 'must not be empty' : `at least ${min} characters`);
  return text.max(max, `at most ${max} characters`).regex(multiline ? MULTI_LINE : ONE_LINE, {
    error: (issue) => `${multiline ? 'must not contain control characters other than tabs and line breaks' : 'must be one line without control characters'}: found ${firstControl(issue.input, multiline)}`,
  });
}

/**
 * An http(s) URL the API stores, ≤ 2000 characters. Control characters are refused before the URL check,
 * which would otherwise drop TAB and LF silently (the stored text would not be the URL that is fetched).
 */
export const StoredUrlSchema = z
  .string()
  .max(2000, 'at most 2000 characters')
  .regex(ONE_LINE, { error: (issue) => `must not contain control characters: found ${firstControl(issue.input, false)}` })
  .check(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));

export const IdParamsSchema = z.object({ id: z.uuid({ error: 'must be a UUID' }) });

/** Paging: `limit` 1–100 (default 20), `offset` ≥ 0. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

export const KeyPurposeSchema = z.enum(['admin', 'ci', 'script', 'agent']);

export const ApiKeySchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  purpose: KeyPurposeSchema,
  name: z.string(),
  prefix: z.string(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
  revokedAt: TimestampSchema.nullable(),
});

export const VersionScoreSchema = z.object({
  rulesId: z.string(),
  rulesHash: z.string(),
  score: z.number().nullable(),
  band: z.string().nullable(),
  critical: z.number(),
  required: z.number(),
  minor: z.number(),
  tokens: z.number(),
  createdAt: TimestampSchema,
});

/** A version of a server as stored (without its tools). */
export const VersionSchema = z.object({
  id: z.string(),
  seq: z.number(),
  surfaceHash: z.string(),
  label: z.string().nullable(),
  toolCount: z.number(),
  origin: z.string(),
  capturedAt: TimestampSchema,
});

/** A version in a server's list: with its scores per rules version. */
export const VersionSummarySchema = VersionSchema.extend({ scores: z.array(VersionScoreSchema) });

export const ServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string().nullable(),
  source: z.enum(['url', 'npm', 'upload']),
  sourceUrl: z.string().nullable(),
  sourcePackage: z.string().nullable(),
  homepage: z.string().nullable(),
  repository: z.string().nullable(),
  organisationId: z.string(),
  public: z.boolean(),
  latestVersionId: z.string().nullable(),
  captureStatus: z.string().nullable(),
  captureError: z.unknown().nullable(),
  lastCapturedAt: TimestampSchema.nullable(),
  createdAt: TimestampSchema,
});

export const VersionRefSchema = z.object({ id: z.string(), seq: z.number(), label: z.string().nullable() });

/** A stored lint result with the version it scores. */
export const StoredLintSchema = LintResultSchema.extend({
  version: VersionRefSchema.extend({ capturedAt: TimestampSchema }),
});
