import { ToolmarkError } from '@toolmark/benchmarks';

/** Codes of the pool's refusals: its queue is full (503), or the request has used its CPU budget (429). */
export type CpuRefusalCode = 'cpu_busy' | 'cpu_budget_exceeded';

/**
 * Work the pool did not take, in the uniform error shape: the REST API answers it with its status and
 * `Retry-After` (plugins/errors.ts), the MCP endpoint as a tool error (`isError: true`) whose detail says the
 * same wait (and the HTTP answer carries `Retry-After` too, mcp/http.ts).
 */
export class CpuRefusal extends ToolmarkError<CpuRefusalCode, { retryAfterSeconds: number; [key: string]: unknown }> {
  override readonly name = 'CpuRefusal';

  /** 503 while the queue is full (the service is busy), 429 for a request that asked for too much work. */
  get status(): 429 | 503 {
    return this.code === 'cpu_busy' ? 503 : 429;
  }
}
