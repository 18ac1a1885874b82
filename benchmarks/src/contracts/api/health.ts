import { z } from 'zod';
import { authErrors, ErrorSchema } from './errors.js';

/** `GET /health` when the database answers. */
export const HealthOkSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** `GET /health` when it does not (503). */
export const HealthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  /** `unreachable`: no answer; `restarting`: the embedded PostgreSQL died and is being started again. */
  database: z.enum(['unreachable', 'restarting']),
  reason: z.string(),
  /** Since when this process has seen the database down (ISO 8601). */
  since: z.string(),
});

/**
 * Liveness and database check. Like every route it refuses a bad key (401, 403, 429); a 503 is the health
 * answer, or the error shape when a key could not be looked up because the database is away.
 */
export const healthEndpoints = {
  'GET /health': { response: { 200: HealthOkSchema, ...authErrors, 503: z.union([HealthUnavailableSchema, ErrorSchema]) } },
};
