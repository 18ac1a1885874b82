import { isTransientConflict, RepositoryError } from './errors.js';

/** Seconds a client is asked to wait (`Retry-After`) when a write lost twice to concurrent ones. */
export const BUSY_RETRY_AFTER_SECONDS = 1;

/**
 * Run `attempt` — a whole transaction, or one statement — and, when PostgreSQL aborted it for a deadlock
 * (40P01) or a serialisation failure (40001), run it once more. Both abort the whole transaction, so the
 * second attempt starts from nothing: nothing is half-written and nothing is charged twice. A second such
 * failure becomes `RepositoryError('busy')` (the API's 503 with Retry-After), never an unexplained 500.
 * Any other error passes through unchanged.
 */
export async function retryOnce<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (!isTransientConflict(error)) throw error;
  }
  try {
    return await attempt();
  } catch (error) {
    if (!isTransientConflict(error)) throw error;
    throw new RepositoryError('busy', 'the database was busy with concurrent writes and gave this one up twice; nothing was saved or charged — try again', {
      retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS,
    });
  }
}
