import { z } from 'zod';

/** The one error shape of the API: `{ error: { code, message, detail } }`; `detail` locates input errors. */
export const ErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string(), detail: z.record(z.string(), z.unknown()) }),
});
/** An error answer of the API. */
export type ErrorBody = z.infer<typeof ErrorSchema>;

/** Error answers every route that reads a key may give: no or unknown key, wrong purpose, rate limit. */
export const authErrors = { 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema } as const;

/** The answer of every route that needs the database while the database cannot be reached (with Retry-After). */
export const unavailable = { 503: ErrorSchema } as const;

/**
 * Seconds a 503 asks a client to wait (`Retry-After`) while the database is away: the API's answers and
 * the site's 503 pages alike (the probe looks every quarter second).
 */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;

/** Error answers of a JSON body: not JSON or not valid (400), too large (413), not sent as JSON (415). */
export const bodyErrors = { 400: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema } as const;
