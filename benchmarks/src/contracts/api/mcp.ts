import { z } from 'zod';
import { authErrors, ErrorSchema, unavailable } from './errors.js';

/** A JSON-RPC 2.0 answer of the MCP endpoint: the protocol's own shape (`result` or `error`), validated by the MCP SDK on both ends. */
export const JsonRpcAnswerSchema = z.looseObject({ jsonrpc: z.literal('2.0'), id: z.union([z.string(), z.number(), z.null()]).optional() });

/** What the MCP SDK's transport answers a request it refuses before any tool runs (bad JSON-RPC, Accept or Content-Type). */
const transportOrBodyError = z.union([ErrorSchema, JsonRpcAnswerSchema]);

/**
 * `POST /mcp`: the MCP endpoint (Streamable HTTP, stateless; JSON answers). The body is a JSON-RPC message or
 * batch; tool results carry refusals in the uniform error shape with `isError: true`. GET and DELETE are
 * always 405 (a stateless server has no stream to open and no session to end). Hidden from the OpenAPI
 * document: the protocol is MCP's, not this API's.
 */
export const mcpEndpoints = {
  'POST /mcp': {
    body: z.unknown(),
    response: {
      200: z.union([JsonRpcAnswerSchema, z.array(JsonRpcAnswerSchema)]),
      202: z.unknown().describe('a notification or response accepted: no body'),
      400: transportOrBodyError,
      406: transportOrBodyError,
      413: ErrorSchema,
      415: transportOrBodyError,
      ...authErrors,
      ...unavailable,
    },
  },
  'GET /mcp': { response: { 405: ErrorSchema, ...authErrors } },
  'DELETE /mcp': { response: { 405: ErrorSchema, ...authErrors } },
};
