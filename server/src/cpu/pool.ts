// The service's CPU pool: lint and the other CPU-heavy work of requests (tasks.ts) run on worker threads
// from piscina, so the event loop keeps answering /health, pages and the database's sockets while a
// 200-tool surface is linted. Bounded twice: the pool takes at most `threads + queue` tasks at once
// (503 `cpu_busy` past it), and a request's tasks run one after another within its CPU budget (429
// `cpu_budget_exceeded` once it is used up): a request of many lints holds one thread, never all (/mcp takes one message per request).
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { CpuRefusal } from './errors.js';
import { tasks, unwrap, type TaskInput, type TaskName, type TaskOutcome, type TaskValue } from './tasks.js';

export interface CpuPoolOptions {
  /** Worker threads; 0: no pool — every task runs on the calling thread, the event loop (as before the pool). */
  threads: number;
  /** Tasks that may wait for a free thread; a task past `threads + queue` is refused (503 cpu_busy). */
  queue: number;
  /** Worker time (ms) one request may use; a task it would start after that is refused (429). */
  budgetMs: number;
  /** nice(2) increment of the worker threads (Linux; piscina applies it with its optional @napi-rs/nice). */
  nice: number;
}

/** The built worker: under vitest this module is the TypeScript source, and worker threads load JavaScript only. */
function workerFile(): string {
  const here = import.meta.url;
  return fileURLToPath(new URL(here.endsWith('.ts') ? '../../dist/cpu/worker.js' : './worker.js', here));
}

/**
 * The threads' Node flags: the process's, without resolve conditions (vitest resolves the workspaces to
 * their TypeScript sources with `--conditions`; a thread runs the built JavaScript).
 */
function workerExecArgv(): string[] {
  const out: string[] = [];
  for (let i = 0; i < process.execArgv.length; i++) {
    const arg = process.execArgv[i]!;
    if (arg === '--conditions' || arg === '-C') i++;
    else if (!arg.startsWith('--conditions=') && !arg.startsWith('-C=')) out.push(arg);
  }
  return out;
}

/** `auto` threads: one less than the cores, at least one (the event loop keeps a core). */
export const threadsFor = (setting: number | 'auto'): number => (setting === 'auto' ? Math.max(1, availableParallelism() - 1) : setting);

/** A task's seconds to wait are guessed from the work ahead of it; at least 1, at most 30. */
const retryAfter = (ms: number): number => Math.min(30, Math.max(1, Math.ceil(ms / 1000)));

export class CpuPool {
  #piscina: Piscina | undefined;
  #inFlight = 0;
  /** Running mean of a task's time (ms), for Retry-After. */
  #meanMs = 250;

  constructor(readonly options: CpuPoolOptions) {}

  /** A request's share of the pool: its tasks in order, within its budget. */
  session(options: { signal?: AbortSignal; onRefusal?: (refusal: CpuRefusal) => void } = {}): CpuSession {
    return new CpuSession(this, this.options.budgetMs, options.signal, options.onRefusal);
  }

  /** Tasks running or waiting now. */
  get inFlight(): number {
    return this.#inFlight;
  }

  /** Run one task on a worker thread (or here, with no threads), or refuse it when the pool is full. */
  async run<K extends TaskName>(name: K, input: TaskInput<K>): Promise<TaskOutcome<TaskValue<K>>> {
    const { threads, queue } = this.options;
    if (threads > 0 && this.#inFlight >= threads + queue) throw this.#busy();
    this.#inFlight++;
    try {
      const outcome = (threads === 0 ? await tasks[name](input as never) : await this.#pool().run(input, { name })) as TaskOutcome<TaskValue<K>>;
      this.#meanMs = this.#meanMs * 0.8 + outcome.ms * 0.2;
      return outcome;
    } catch (error) {
      // piscina's own queue limit (the same bound as the count above; it should not be reached first).
      if (error instanceof Error && error.message === 'Task queue is at limit') throw this.#busy();
      throw error;
    } finally {
      this.#inFlight--;
    }
  }

  #busy(): CpuRefusal {
    const { threads, queue } = this.options;
    const seconds = retryAfter((this.#inFlight * this.#meanMs) / threads);
    return new CpuRefusal('cpu_busy', `the service is busy with other CPU-heavy requests (${this.#inFlight} running or waiting); retry after ${seconds} s`, {
      retryAfterSeconds: seconds,
      threads,
      queue,
    });
  }

  #pool(): Piscina {
    const { threads, queue, nice } = this.options;
    // Started at the first task (an app that never lints starts no thread), then kept: a thread loads the
    // core and the token table once.
    this.#piscina ??= new Piscina({ filename: workerFile(), minThreads: threads, maxThreads: threads, maxQueue: queue, niceIncrement: nice, idleTimeout: 60_000, execArgv: workerExecArgv() });
    return this.#piscina;
  }

  /** Stop the threads (the app is closing); tasks still running are rejected. */
  async close(): Promise<void> {
    const pool = this.#piscina;
    this.#piscina = undefined;
    await pool?.destroy();
  }
}

/**
 * One request's use of the pool: its tasks run one after another (a batch occupies one thread at a time)
 * and each is charged the time it took on its thread; once the request has used its budget, the tasks it
 * still asks for are refused. A task is never stopped midway (one lint is bounded by the upload limits).
 */
export class CpuSession {
  #spentMs = 0;
  #tail: Promise<unknown> = Promise.resolve();

  constructor(
    readonly pool: CpuPool,
    readonly budgetMs: number,
    private readonly signal?: AbortSignal,
    private readonly onRefusal?: (refusal: CpuRefusal) => void,
  ) {}

  /** Worker time used so far (ms). */
  get spentMs(): number {
    return this.#spentMs;
  }

  /** Run a task after this request's earlier ones: its value, its InputError, or a CpuRefusal. */
  run<K extends TaskName>(name: K, input: TaskInput<K>): Promise<TaskValue<K>> {
    const next = this.#tail.then(() => this.#runNow(name, input));
    this.#tail = next.catch(() => undefined);
    return next;
  }

  async #runNow<K extends TaskName>(name: K, input: TaskInput<K>): Promise<TaskValue<K>> {
    // The client went away: what it still asked for is not worth a thread.
    this.signal?.throwIfAborted();
    try {
      if (this.#spentMs >= this.budgetMs) {
        throw new CpuRefusal(
          'cpu_budget_exceeded',
          `this request has used its CPU budget (${Math.round(this.#spentMs)} ms of ${this.budgetMs} ms); send the rest of its work in further requests`,
          { retryAfterSeconds: 1, budgetMs: this.budgetMs, spentMs: Math.round(this.#spentMs) },
        );
      }
      const outcome = await this.pool.run(name, input);
      this.#spentMs += outcome.ms;
      return unwrap(outcome);
    } catch (error) {
      if (error instanceof CpuRefusal) this.onRefusal?.(error);
      throw error;
    }
  }
}
