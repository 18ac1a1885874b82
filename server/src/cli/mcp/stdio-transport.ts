// The stdio transport of `toolmark mcp`: newline-delimited JSON-RPC on stdin/stdout, as the MCP stdio
// transport specifies, in place of the SDK's StdioServerTransport. The SDK's one (sdk 1.32, server/stdio.js
// with shared/stdio.js's ReadBuffer) hands every unreadable line to `onerror` and answers nothing, so a
// client waits for its timeout; and when the buffer passes 10 MiB it closes quietly, so the process ends
// with 0 and nothing said. Here every line gets an answer or reaches the server:
// - not JSON (or a key twice in one object): a -32700 parse error, id null; the stream goes on;
// - a batch (no longer part of MCP since 2025-06-18): a -32600 error per request in it, by its id (or one
//   with id null when it holds no request); nothing in it runs;
// - JSON that is not a JSON-RPC message: -32600 with the message's id when it has one;
// - a message over `maxMessageBytes`: a -32600 error, then the transport closes as failed (fatal);
// - a read or write error on the streams: logged, fatal.
// Every one of these is logged to stderr (refusals here, fatal errors through `onerror`). `failure` says why the transport stopped, when it was fatal.
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { findDuplicateKey } from '@toolmark/benchmarks';
import { batchRefusals, idOf, RPC, rpcError } from '../../mcp/jsonrpc-errors.js';
import type { McpLogger } from '../../mcp/tool.js';

/** The largest message read (bytes of one line, without its newline): the SDK's own default, 10 MiB. */
export const STDIO_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export class LineStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** Why the transport stopped, when it stopped on a fatal error (null: still open, or closed cleanly). */
  failure: Error | null = null;
  private parts: Buffer[] = [];
  private size = 0;
  private closed = false;

  constructor(
    private readonly stdin: NodeJS.ReadableStream,
    private readonly stdout: NodeJS.WritableStream,
    private readonly log: McpLogger,
    private readonly maxMessageBytes = STDIO_MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('end', this.onEnd);
    this.stdin.on('error', this.onStreamError('stdin'));
    this.stdout.on('error', this.onStreamError('stdout'));
  }

  send(message: JSONRPCMessage | ReturnType<typeof rpcError>): Promise<void> {
    if (this.closed) return Promise.resolve();
    return new Promise((resolve) => {
      if (this.stdout.write(`${JSON.stringify(message)}\n`)) resolve();
      else this.stdout.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.stdin.off('data', this.onData);
    this.stdin.off('end', this.onEnd);
    this.parts = [];
    this.size = 0;
    this.stdin.pause();
    this.onclose?.();
  }

  private readonly onData = (chunk: Buffer | string): void => {
    let rest = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    while (!this.closed) {
      const newline = rest.indexOf(0x0a);
      if (newline === -1) {
        this.append(rest);
        return;
      }
      if (!this.append(rest.subarray(0, newline))) return;
      const line = Buffer.concat(this.parts).toString('utf8');
      this.parts = [];
      this.size = 0;
      this.handleLine(line);
      rest = rest.subarray(newline + 1);
    }
  };

  /** The client closed stdin: a last line without its newline is still read, then the transport closes. */
  private readonly onEnd = (): void => {
    if (this.size > 0) {
      const line = Buffer.concat(this.parts).toString('utf8');
      this.parts = [];
      this.size = 0;
      this.handleLine(line);
    }
    void this.close();
  };

  private onStreamError(stream: 'stdin' | 'stdout') {
    return (error: Error): void => this.fail(new Error(`${stream} failed, closing: ${error.message}`));
  }

  /** Add part of the current line; false (and the transport failing) when the line passes the limit. */
  private append(part: Buffer): boolean {
    if (this.size + part.length > this.maxMessageBytes) {
      const limit = this.maxMessageBytes;
      const message = `a message over the ${limit}-byte limit of one stdio message was sent (at least ${this.size + part.length} bytes before its newline); the connection is closed`;
      // Fatal from here on, whichever comes first: the reply written, or stdin ending.
      const error = new Error(message);
      this.failure = error;
      this.stdin.off('data', this.onData);
      this.stdin.off('end', this.onEnd);
      this.parts = [];
      this.size = 0;
      void this.send(rpcError(null, RPC.invalidRequest, message, { code: 'message_too_large', limit })).then(() => this.report(error));
      return false;
    }
    this.parts.push(part);
    this.size += part.length;
    return true;
  }

  private handleLine(raw: string): void {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      return this.refuse(rpcError(null, RPC.parseError, `the line is not JSON (${why}); send one JSON-RPC message per line`, { code: 'invalid_json', bytes: Buffer.byteLength(line) }));
    }
    const duplicate = findDuplicateKey(line);
    if (duplicate !== undefined) {
      return this.refuse(rpcError(null, RPC.parseError, `the key "${duplicate.key}" appears twice in one object (at ${duplicate.path}); send it once`, { code: 'duplicate_key', key: duplicate.key, path: duplicate.path }));
    }
    if (Array.isArray(value)) {
      this.log.warn({ messages: value.length }, 'a JSON-RPC batch was refused');
      for (const refusal of batchRefusals(value)) void this.send(refusal);
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue && issue.path.length > 0 ? ` (at ${issue.path.join('.')})` : '';
      return this.refuse(rpcError(idOf(value), RPC.invalidRequest, `not a JSON-RPC 2.0 message${where}: send {"jsonrpc":"2.0", "id", "method", "params"}`, { code: 'invalid_message' }));
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(reply: ReturnType<typeof rpcError>): void {
    this.log.warn({ code: reply.error.data?.code ?? null, id: reply.id }, `refused a line: ${reply.error.message}`);
    void this.send(reply);
  }

  /** A fatal error: said through `onerror` (the server logs it to stderr), then the transport closes. */
  private fail(error: Error): void {
    if (this.failure !== null) return;
    this.failure = error;
    this.report(error);
  }

  private report(error: Error): void {
    if (this.onerror) this.onerror(error);
    else this.log.error({ err: error }, 'the stdio transport failed');
    void this.close();
  }
}
