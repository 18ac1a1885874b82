import { ToolmarkError } from '@toolmark/benchmarks';

/**
 * What kind of refusal a pipeline error is; the caller decides what it means on its side (the API maps
 * invalid → 400, forbidden → 403, not_found → 404, conflict → 409 in api/plugins/errors.ts).
 */
export type PipelineRefusal = 'invalid' | 'forbidden' | 'not_found' | 'conflict';

/** A pipeline refused the request: a public `code`, a message, a `detail` that names the field, and its kind. */
export class PipelineError extends ToolmarkError {
  override readonly name = 'PipelineError';
  constructor(
    readonly kind: PipelineRefusal,
    code: string,
    message: string,
    detail: Record<string, unknown> = {},
  ) {
    super(code, message, detail);
  }
}

/** A thing that does not exist (or that the caller may not see: the same answer, so ids cannot be probed). */
export const notFound = (what: string, id: string): PipelineError => new PipelineError('not_found', 'not_found', `no ${what} with id ${id}`, { [`${what}Id`]: id });
