// How errors are written to the log (pino's `err` serializer). A failed query carries the values it was
// sent: drizzle's DrizzleQueryError puts them in its message and stack ("params: …") and in `params`, and
// PostgreSQL's DETAIL repeats the row ("Failing row contains (…)", "Key (hash)=(…)"). A failed key insert
// logged the would-be key's hash that way. Values are data, sometimes secrets: the log keeps what locates
// the failure (the SQL text with its $n placeholders, the SQLSTATE code, table, column, constraint) and
// never the values.
import { stdSerializers } from 'pino';

/** Fields that hold a query's values or a row's contents. */
const VALUE_FIELDS = new Set(['params', 'parameters', 'args', 'detail', 'where', 'internal_query']);

interface QueryErrorLike extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (error: Error): error is QueryErrorLike =>
  typeof (error as Partial<QueryErrorLike>).query === 'string' && Array.isArray((error as Partial<QueryErrorLike>).params);

/** `error` without the values of a failed query, its causes likewise (to a depth of 5). */
function withoutValues(error: Error, depth: number): Error {
  const query = isQueryError(error);
  const message = query ? `Failed query: ${error.query}` : error.message;
  const safe = new Error(message) as Error & Record<string, unknown>;
  // The stack starts with "<name>: <message>"; a query error's message had the values in it.
  safe.stack = query && error.stack !== undefined ? error.stack.replace(error.message, message) : error.stack;
  Object.defineProperty(safe, 'name', { value: error.name, enumerable: false, writable: true });
  Object.defineProperty(safe, 'constructor', { value: error.constructor, enumerable: false, writable: true });
  for (const [key, value] of Object.entries(error)) {
    if (VALUE_FIELDS.has(key) || ['cause', 'stack', 'message', 'name', 'constructor'].includes(key)) continue;
    safe[key] = value;
  }
  if (error.cause !== undefined) safe.cause = error.cause instanceof Error && depth < 5 ? withoutValues(error.cause, depth + 1) : undefined;
  return safe;
}

/**
 * pino's error serializer, applied to the error without any query values (see the top of this file). It
 * never throws: a serializer that throws inside the error handler would cost the answer its uniform shape.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  try {
    const safe = withoutValues(error, 0);
    const serialized = stdSerializers.err(safe) as unknown as Record<string, unknown>;
    // pino folds causes into the message and stack only; the cause's own fields (a PostgreSQL error's
    // SQLSTATE code, table, constraint) are what locate a failed query, so they are kept as `cause`.
    if (safe.cause instanceof Error) serialized.cause = serializeError(safe.cause);
    return serialized;
  } catch {
    return { type: error.constructor.name, message: 'the error could not be serialised' };
  }
}
