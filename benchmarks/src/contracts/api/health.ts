import { z } from 'zod';
import { authErrors, ErrorSchema } from './errors.js';

/**
 * What this process came through since it started (counts only; docs/reliability.md, "Process-wide
 * errors"): a rising count is worth a look in the log, the process itself is still serving.
 */
export const ProcessFaultsSchema = z.object({
  /** Promise rejections nobody handled: logged with their stack, survived. */
  unhandledRejections: z.number().int().nonnegative(),
  /** Exceptions nobody caught: I/O errors are survived; any other one stops the process (exit 1). */
  uncaughtExceptions: z.number().int().nonnegative(),
  /** Writes of the log (stdout) that failed, e.g. on a full disk; the lines are written once there is room. */
  logWriteErrors: z.number().int().nonnegative(),
  /** Log lines dropped because too much was waiting to be written. */
  logLinesDropped: z.number().int().nonnegative(),
});
export type ProcessFaults = z.infer<typeof ProcessFaultsSchema>;

/** `GET /health` when the database answers. */
export const HealthOkSchema = z.object({ status: z.literal('ok'), database: z.literal('ok'), process: ProcessFaultsSchema });

/** `GET /health` when it does not (503). */
export const HealthUnavailableSchema = z.object({
  status: z.literal('unavailable'),
  /** `unreachable`: no answer; `restarting`: the embedded PostgreSQL died and is being started again. */
  database: z.enum(['unreachable', 'restarting']),
  reason: z.string(),
  /** Since when this process has seen the database down (ISO 8601). */
  since: z.string(),
  process: ProcessFaultsSchema,
});

/**
 * Liveness and database check. Like every route it refuses a bad key (401, 403, 429); a 503 is the health
 * answer, or the error shape when a key could not be looked up because the database is away.
 */
export const healthEndpoints = {
  'GET /health': { response: { 200: HealthOkSchema, ...authErrors, 503: z.union([HealthUnavailableSchema, ErrorSchema]) } },
};
