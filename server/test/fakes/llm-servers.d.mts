// Types of llm-servers.mjs (plain JavaScript so the built bench can import it too).

/** One proposed call as the fake sends it: `arguments` is the raw text (may be invalid JSON). */
export interface FakeCall {
  name: string;
  arguments: string;
  /** Anthropic only: the `input` value to send instead of parsing `arguments`. */
  input?: unknown;
}

/** What the fake answers to one request. */
export interface FakeStep {
  calls?: FakeCall[];
  text?: string;
  /** finish_reason length / stop_reason max_tokens / status incomplete (max_output_tokens). */
  truncated?: boolean;
  /** Answer with this HTTP status and the dialect's error envelope. */
  status?: number;
  /** Retry-After header (seconds) with a status. */
  retryAfter?: number | string;
  /** Retry-After-Ms header with a status. */
  retryAfterMs?: number;
  /** Send exactly this JSON body (status 200 unless `status` is given), not the dialect's answer. */
  body?: unknown;
  /** Never answer (until the client goes away). */
  hang?: boolean;
  /** Wait this long before answering (overrides the server's latencyMs). */
  delayMs?: number;
}

/** The request as the script sees it, whatever the dialect. */
export interface FakeView {
  utterance: string;
  tools: { name: string }[];
  body: Record<string, unknown>;
}

/** One request the fake received. */
export interface FakeRequest {
  method: string | undefined;
  path: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | undefined;
  dialect: 'responses' | 'chat' | 'messages' | undefined;
}

export interface FakeOptions {
  key?: string;
  steps?: FakeStep[];
  script?: (view: FakeView, n: number) => FakeStep | Promise<FakeStep>;
  latencyMs?: number;
}

export interface FakeServer {
  kind: 'openai' | 'anthropic';
  origin: string;
  baseURL: string;
  key: string;
  requests: FakeRequest[];
  push(...steps: FakeStep[]): void;
  close(): Promise<void>;
}

export function wordMatchScript(view: FakeView): FakeStep;
export function startFake(kind: 'openai' | 'anthropic', options?: FakeOptions): Promise<FakeServer>;
