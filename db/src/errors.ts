/** A repository refused a write; `code` is the API's error code, `detail` locates the problem. */
export class RepositoryError extends Error {
  constructor(
    readonly code: 'not_found' | 'conflict' | 'quota_exhausted',
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'RepositoryError';
  }
}

/** True for PostgreSQL's unique violation (23505), also when drizzle wraps the driver's error in its own. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
