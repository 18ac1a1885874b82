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
