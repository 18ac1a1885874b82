// Building blocks of the REST API's contracts: timestamps, stored text, ids, paging, rules references.
import { z } from 'zod';
import { isReservedSlug } from './reserved-slugs.js';

/**
 * A value as it crosses the wire, JSON-encoded: the schema's input side. Timestamps are ISO strings here
 * (the server's handlers see the output side, a `Date`, and the serializer encodes it); request bodies and
 * queries may leave out fields that have a default.
 */
export type Wire<S extends z.ZodType> = z.input<S>;

/** A timestamp: a Date in the server's handlers, an ISO 8601 string on the wire (and in the OpenAPI document). */
export const TimestampSchema = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});

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

/** The form of a UUID (either case): a slug never has it, so a `{id}` can be either. */
export const UUID_FORM = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A slug of a server or an organisation: lower-case letters, digits and dashes, 2–63 characters, never in
 * the form of a UUID (a server's page and `GET /v1/servers/{id}` take either, so the two must not meet).
 */
export const SlugSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{1,62}$/, 'lower-case letters, digits and dashes, 2–63 characters')
  .refine((s) => !UUID_FORM.test(s), 'must not have the form of a UUID');

/**
 * A slug a new server or organisation asks for: a {@link SlugSchema} that is not reserved (a page of the site
 * or a part of the API, reserved-slugs.ts). Paths take any slug form, so a reserved one is a 404 there.
 */
export const NewSlugSchema = SlugSchema.refine((s) => !isReservedSlug(s), 'is reserved (it names a page of the site or a part of the API); choose another');

/** The `{id}` of a path: a UUID. */
export const IdParamsSchema = z.object({ id: z.uuid({ error: 'must be a UUID' }) });

/** The `{id}` of a server's path where its slug does as well: a UUID or a slug. */
export const IdOrSlugParamsSchema = z.object({
  id: z.union([z.uuid(), SlugSchema], { error: 'must be a UUID or a slug (lower-case letters, digits and dashes, 2–63 characters)' }),
});

/** Paging: `limit` 1–100 (default 20), `offset` ≥ 0; a query string carries them as text. */
export const PageQuerySchema = z.object({
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(20),
  offset: z.coerce.number<number | string>().int().min(0).max(1_000_000).default(0),
});

/** A rules version named in a query or path (`v1`); unknown ids are a 404 `unknown_rules`, not a 400. */
export const RulesIdSchema = z.string().max(32);

/** A rules hash named in a query: an older hash of the rules version (`sha256:` optional). */
export const RulesHashSchema = z.string().regex(/^(sha256:)?[0-9a-f]{8,64}$/);

/** A rules version and the content hash of its rule set: scores compare only under the same pair. */
export const RulesRefSchema = z.object({ id: z.string(), hash: z.string() });
