// Shared by the distractor capture and the server's capture (server/src/capture): the one place that
// reads tools from the raw JSON-RPC responses.
import type { Transport, TransportSendOptions } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage, MessageExtraInfo, RequestId } from '@modelcontextprotocol/sdk/types.js';

/** A response as it came off the wire (after the transport's JSON-RPC envelope check, before any result schema). */
export interface RawResponse {
  result?: unknown;
  error?: { code: number; message: string };
}

/**
 * Wraps a transport and keeps a deep copy of the response to the latest request of each method, as the
 * transport decoded it. The client's result schemas strip keys the SDK does not know (and reject tools it
 * finds invalid); the envelope check before them keeps `result` a loose object, so tools arrive here
 * exactly as the server sent them.
 */
export class RecordingTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: <T extends JSONRPCMessage>(message: T, extra?: MessageExtraInfo) => void;
  private readonly latestId = new Map<string, RequestId>();
  private readonly responses = new Map<RequestId, RawResponse>();

  constructor(private readonly inner: Transport) {}

  get sessionId(): string | undefined {
    return this.inner.sessionId;
  }

  async start(): Promise<void> {
    this.inner.onmessage = (message, extra) => {
      if ('id' in message && message.id !== undefined && ('result' in message || 'error' in message)) {
        this.responses.set(message.id, structuredClone('result' in message ? { result: message.result } : { error: message.error }));
      }
      this.onmessage?.(message, extra);
    };
    this.inner.onclose = () => this.onclose?.();
    this.inner.onerror = (error) => this.onerror?.(error);
    await this.inner.start();
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('method' in message && 'id' in message) this.latestId.set(message.method, message.id);
    await this.inner.send(message, options);
  }

  async close(): Promise<void> {
    await this.inner.close();
  }

  setProtocolVersion(version: string): void {
    this.inner.setProtocolVersion?.(version);
  }

  /** The raw response to the most recent request with this method, if it has arrived. */
  lastResponse(method: string): RawResponse | undefined {
    const id = this.latestId.get(method);
    return id === undefined ? undefined : this.responses.get(id);
  }
}
