import { ToolmarkError } from '@toolmark/benchmarks';

/** The one error shape of the API: `{ error: { code, message, detail } }` (ErrorSchema in the contracts). */
export type { ErrorBody } from '@toolmark/benchmarks/api';

/** An error a route raises on purpose, with its HTTP status. */
export class ApiError extends ToolmarkError {
  override readonly name = 'ApiError';
  constructor(
    readonly statusCode: number,
    code: string,
    message: string,
    detail: Record<string, unknown> = {},
  ) {
    super(code, message, detail);
  }
}

/** 404 for a thing that does not exist (or that this key may not see: the same answer, so ids cannot be probed). */
export const notFound = (what: string, id: string): ApiError => new ApiError(404, 'not_found', `no ${what} with id ${id}`, { [`${what}Id`]: id });
