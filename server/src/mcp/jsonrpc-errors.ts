// The JSON-RPC error objects both transports answer with when a message cannot reach a tool: unreadable
// text, a batch, a message over the size limit, and (over HTTP) every refusal of the REST plugins in front
// of /mcp (key, rate limit, body parser, size limit, origin). A client reads `error.code` and `message`;
// `error.data` keeps toolmark's own code, the HTTP status and the detail (the REST error shape's fields).
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';

/** JSON-RPC 2.0 codes (the spec's, as the SDK names them), plus one implementation-defined server error. */
export const RPC = {
  parseError: ErrorCode.ParseError,
  invalidRequest: ErrorCode.InvalidRequest,
  internalError: ErrorCode.InternalError,
  /** -32000: the request was well formed but refused (key, rate limit, quota). */
  refused: -32000,
} as const;

/** A JSON-RPC id, or null when the message's id could not be read. */
export type RpcId = string | number | null;

export interface JsonRpcErrorMessage {
  jsonrpc: '2.0';
  id: RpcId;
  error: { code: number; message: string; data?: Record<string, unknown> };
}

export const rpcError = (id: RpcId, code: number, message: string, data?: Record<string, unknown>): JsonRpcErrorMessage => ({
  jsonrpc: '2.0',
  id,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

/** The id of a message, when it has a usable one (a request's); null otherwise. */
export function idOf(message: unknown): RpcId {
  if (message === null || typeof message !== 'object' || Array.isArray(message)) return null;
  const id = (message as { id?: unknown }).id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** Why batches are refused, said the same way on both transports. */
export const BATCH_MESSAGE = 'JSON-RPC batches are not supported (MCP dropped them in protocol 2025-06-18): send one message per request';

/**
 * Answers to a batch: one error per request in it (carrying its id), or one error with id null when it
 * holds no request (empty, or notifications only), so a batch is never met with silence.
 */
export function batchRefusals(batch: readonly unknown[]): JsonRpcErrorMessage[] {
  const ids = batch.map(idOf).filter((id): id is string | number => id !== null);
  const data = { code: 'batch_not_supported', messages: batch.length };
  if (ids.length === 0) return [rpcError(null, RPC.invalidRequest, BATCH_MESSAGE, data)];
  return ids.map((id) => rpcError(id, RPC.invalidRequest, BATCH_MESSAGE, data));
}

/** toolmark codes whose text could not be read as one JSON value: a JSON-RPC parse error. */
const PARSE_CODES = new Set(['invalid_json', 'duplicate_key', 'unpaired_surrogate', 'nul_character']);

/** The JSON-RPC code of a REST error with `status` and toolmark `code`. */
export function rpcCodeOf(status: number, code: string): number {
  if (PARSE_CODES.has(code)) return RPC.parseError;
  if (status >= 500) return status === 503 ? RPC.refused : RPC.internalError;
  if (status === 401 || status === 402 || status === 403 || status === 429) return RPC.refused;
  return RPC.invalidRequest;
}

/** A REST error body `{ error: { code, message, detail } }` as a JSON-RPC error message (id null: none was read). */
export function restErrorToRpc(status: number, body: { error: { code: string; message: string; detail?: Record<string, unknown> } }, id: RpcId = null): JsonRpcErrorMessage {
  const { code, message, detail } = body.error;
  return rpcError(id, rpcCodeOf(status, code), message, { code, status, ...(detail && Object.keys(detail).length > 0 ? { detail } : {}) });
}
