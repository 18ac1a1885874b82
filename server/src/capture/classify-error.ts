import { SseError } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { InputError } from '@toolmark/benchmarks';
import { CaptureError } from './errors.js';

/** What was being done when something failed, for the message. */
export interface FailureContext {
  /** The target (URL without query, or command line). */
  where: string;
  /** What was being done: `initialize`, `tools/list (page 2)`, … */
  phase: string;
  /** The last part of a stdio server's stderr, which usually says why it stopped. */
  stderrTail?: string;
  /** The time limit that applied, for timeout messages. */
  limitMs?: number;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Milliseconds as seconds with at most one decimal. */
export const seconds = (ms: number): number => Math.round(ms / 100) / 10;

/** The first network error code in an error's cause chain (ECONNREFUSED, ENOTFOUND, …). */
function systemCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; isRecord(e) || e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    if (depth > 5) break;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const SYSTEM_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  CERT_HAS_EXPIRED: 'TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'self-signed TLS certificate',
  SELF_SIGNED_CERT_IN_CHAIN: 'self-signed TLS certificate in chain',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate cannot be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate does not match the host',
};

/** Turn anything a transport or the SDK threw into a CaptureError with a clear message (input errors pass). */
export function classify(error: unknown, context: FailureContext): Error {
  if (error instanceof CaptureError || error instanceof InputError) return error;
  const { where, phase } = context;
  const stderrTail = context.stderrTail ?? '';
  const tail = stderrTail === '' ? '' : `\nserver stderr (last part):\n${stderrTail}`;
  const code = systemCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT' || code === 'EACCES' || code === 'ENOEXEC') {
    const why = code === 'ENOENT' ? 'command not found' : code === 'EACCES' ? 'permission denied' : 'not an executable';
    return new CaptureError('spawn_failed', `could not start the server: ${why} (${code})`, { where });
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) {
      return new CaptureError('connection_failed', `the server closed the connection during ${phase}${tail}`, { where });
    }
    if (error.code === ErrorCode.RequestTimeout) {
      const within = context.limitMs === undefined ? 'in time' : `within ${seconds(context.limitMs)} s`;
      return new CaptureError('timeout', `the server did not answer ${phase} ${within}${tail}`, { where });
    }
    return new CaptureError('protocol_error', `the server answered ${phase} with an error: ${message}`, { where, rpcCode: error.code });
  }
  if (error instanceof StreamableHTTPError || error instanceof SseError) {
    const status = error.code ?? -1;
    const text = message.length > 300 ? `${message.slice(0, 300)}…` : message;
    // The SDK uses codes below 100 for answers that are not MCP at all (e.g. an HTML page).
    if (status < 100) return new CaptureError('protocol_error', `not an MCP endpoint? ${phase} failed: ${text}`, { where });
    const hint = status === 401 || status === 403 ? '; set TOOLMARK_HTTP_AUTHORIZATION (and its _ORIGIN) if the server needs auth' : '';
    return new CaptureError('http_error', `HTTP ${status} during ${phase}: ${text}${hint}`, { where, status });
  }
  if (code !== undefined && SYSTEM_CODES[code] !== undefined) {
    return new CaptureError('connection_failed', `could not connect: ${SYSTEM_CODES[code]} (${code})`, { where, systemCode: code });
  }
  return new CaptureError('connection_failed', `${phase} failed: ${withCauses(error)}${tail}`, { where });
}

/** An error's message followed by its causes' messages (`fetch failed: bad port`). */
function withCauses(error: unknown): string {
  const parts: string[] = [];
  for (let e: unknown = error; e instanceof Error && parts.length < 4; e = e.cause) {
    if (!parts.includes(e.message)) parts.push(e.message);
  }
  return parts.length > 0 ? parts.join(': ') : String(error);
}
