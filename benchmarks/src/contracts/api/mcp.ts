import { z } from 'zod';
import { ErrorSchema } from './errors.js';

/** A JSON-RPC 2.0 answer of the MCP endpoint: the protocol's own shape (`result` or `error`), validated by the MCP SDK on both ends. */
export const JsonRpcAnswerSchema = z.looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]).optional() });

/**
 * Every refusal of /mcp goes out as a JSON-RPC error message (id null; toolmark's code, the status and the
 * detail in `error.data`): the SDK's transport writes its own (bad JSON-RPC, Accept or Content-Type), and the
 * route rewrites the REST plugins' ErrorSchema body (key, rate limit, body parser, size limit, origin, batch)
 * into one just before it is sent. ErrorSchema stays in the union because the response serializer checks
 * the body before that rewrite.
 */
const mcpError = z.union([ErrorSchema, JsonRpcAnswerSchema]);
const mcpErrors = { 401: mcpError, 403: mcpError, 429: mcpError, 503: mcpError } as const;

/**
 * `POST /mcp`: the MCP endpoint (Streamable HTTP, stateless; JSON answers). The body is one JSON-RPC message (a batch
 * is refused with 400); tool results carry refusals in the uniform error shape with `isError: true`. GET and DELETE are
 * always 405 (a stateless server has no stream to open and no session to end). Hidden from the OpenAPI
 * document: the protocol is MCP's, not this API's.
 */
export const mcpEndpoints = {
  'POST /mcp': {
    body: z.unknown(),
    response: {
      200: JsonRpcAnswerSchema,
      202: z.unknown().describe('a notification or response accepted: no body'),
      400: mcpError,
      406: mcpError,
      413: mcpError,
      415: mcpError,
      ...mcpErrors,
    },
  },
  'GET /mcp': { response: { 405: mcpError, ...mcpErrors } },
  'DELETE /mcp': { response: { 405: mcpError, ...mcpErrors } },
};
