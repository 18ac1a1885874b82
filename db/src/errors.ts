import { ToolmarkError } from '@toolmark/benchmarks';

/** A repository refused a write; `code` is the API's error code, `detail` locates the problem. */
export class RepositoryError extends ToolmarkError<'not_found' | 'conflict' | 'quota_exhausted' | 'payment_failed' | 'busy'> {
  override readonly name = 'RepositoryError';
}

/**
 * True when PostgreSQL answered with SQLSTATE `code`, also when drizzle wraps the driver's error in its own
 * (the chain of `cause`s is followed a few steps).
 */
export function hasPostgresCode(error: unknown, code: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === code) return true;
  }
  return false;
}

/** PostgreSQL's unique violation (23505). */
export const isUniqueViolation = (error: unknown): boolean => hasPostgresCode(error, '23505');

/** PostgreSQL's deadlock_detected (40P01): the statement was rolled back and may be tried again. */
export const isDeadlock = (error: unknown): boolean => hasPostgresCode(error, '40P01');

/** PostgreSQL's serialization_failure (40001): the transaction was rolled back and may be tried again. */
export const isSerializationFailure = (error: unknown): boolean => hasPostgresCode(error, '40001');

/** A deadlock or serialisation failure: PostgreSQL rolled the whole transaction back, so running it again is safe. */
export const isTransientConflict = (error: unknown): boolean => isDeadlock(error) || isSerializationFailure(error);
