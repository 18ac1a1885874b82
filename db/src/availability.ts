// Whether the database can be reached, as this process last saw it. A request or job that fails because a
// connection could not be made or was lost reports it here; while the database is down the API answers
// 503 at once (instead of queueing requests on a pool that cannot connect), a probe looks every
// `probeIntervalMs`, and the first probe that gets an answer marks it up again.

/** postgres.js and Node codes of a connection that could not be made or was lost (not of a failed statement). */
const CONNECTION_CODES: Record<string, string> = {
  CONNECTION_CLOSED: 'the connection to the database was closed',
  CONNECTION_DESTROYED: 'the connection to the database was closed',
  CONNECTION_ENDED: 'the database connection pool is shutting down',
  CONNECT_TIMEOUT: 'connecting to the database timed out',
  ECONNREFUSED: 'the database refused the connection',
  ECONNRESET: 'the database reset the connection',
  EPIPE: 'the connection to the database broke',
  ETIMEDOUT: 'connecting to the database timed out',
  EHOSTUNREACH: 'the database host cannot be reached',
  ENETUNREACH: 'the database network cannot be reached',
  ENOTFOUND: 'the database host name does not resolve',
  EAI_AGAIN: 'the database host name does not resolve',
  // SQLSTATEs: the server is going away, starting, or refusing connections.
  '57P01': 'the database is shutting down (administrator command)',
  '57P02': 'the database crashed',
  '57P03': 'the database is starting up',
  '53300': 'the database has no free connections',
};

/** The first code in the error's chain of causes (drizzle wraps the driver's error), or undefined. */
function connectionCode(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (code in CONNECTION_CODES || code.startsWith('08'))) return code;
    // Node's AggregateError of a failed connection to several addresses (IPv4 and IPv6 of one name).
    const inner = (e as { errors?: unknown[] }).errors;
    if (Array.isArray(inner)) for (const i of inner) if (connectionCode(i)) return connectionCode(i);
  }
  return undefined;
}

/** True when `error` says the database could not be reached, rather than that a statement failed. */
export const isConnectionError = (error: unknown): boolean => connectionCode(error) !== undefined;

/**
 * Codes of a connection that was made and then died under its statement (its backend terminated, the
 * server crashed or restarted since it was opened): another connection may well succeed at once. Not the
 * codes of a connection that could not be made (refused, timed out, starting up, no free slot).
 */
const LOST_CODES = new Set(['CONNECTION_CLOSED', 'CONNECTION_DESTROYED', 'ECONNRESET', 'EPIPE', '57P01', '57P02', '08006', '08003']);

/** True when the statement failed because its pooled connection was lost (see {@link LOST_CODES}). */
export const isLostConnection = (error: unknown): boolean => LOST_CODES.has(connectionCode(error) ?? '');

/** A short reason for people and /health: never the host, user or password. */
export function connectionErrorReason(error: unknown): string {
  const code = connectionCode(error);
  if (code === undefined) return 'the database did not answer';
  return CONNECTION_CODES[code] ?? `the database connection failed (SQLSTATE ${code})`;
}

/**
 * Failures that are a timing, not an answer: a connect timeout fires when its timer runs, and a timer runs
 * late — after the socket's own events, which may have said "connected" — when the event loop was blocked.
 */
const TIMING_CODES = new Set(['CONNECT_TIMEOUT', 'ETIMEDOUT']);

/**
 * How late the event loop ran while a probe was under way: a timer every `tickMs` notes how far past its
 * time it fired, and at the end the time since its last tick counts too (a block still going when the
 * probe settles). Timestamps on the monotonic clock; runs only while a probe does.
 */
class LoopLateness {
  #maxLateMs = 0;
  #last = performance.now();
  readonly #timer: NodeJS.Timeout;
  constructor(private readonly tickMs: number) {
    this.#timer = setInterval(() => {
      const now = performance.now();
      this.#maxLateMs = Math.max(this.#maxLateMs, now - this.#last - this.tickMs);
      this.#last = now;
    }, tickMs).unref();
  }

  /** Stop, and the most the loop was late (ms). */
  stop(): number {
    clearInterval(this.#timer);
    return Math.max(this.#maxLateMs, performance.now() - this.#last - this.tickMs);
  }
}

/** What {@link DatabaseAvailability} knows. */
export type AvailabilityState = { up: true; since: Date } | { up: false; since: Date; reason: string };

export interface AvailabilityOptions {
  /** A cheap statement on a connection of its own (e.g. `SELECT 1` on a one-connection pool). */
  probe: () => Promise<unknown>;
  probeIntervalMs?: number;
  /** Told of every change (up → down, down → up). */
  onChange?: (state: AvailabilityState) => void;
  now?: () => Date;
  /**
   * A probe that timed out while the event loop ran this late (ms) or more proves nothing: it is sent again
   * (after `probeIntervalMs`) instead of marking the database down. Default 100.
   */
  lateLoopMs?: number;
  /** How many probes in a row may be sent again for a late loop; after that the state is left as it was. Default 5. */
  lateReprobes?: number;
  /** Told of every probe whose failure was not believed, with how late the loop was. */
  onLateProbe?: (lateMs: number) => void;
}

/** Up or down, with a probe that runs only while down. */
export class DatabaseAvailability {
  #state: AvailabilityState;
  #probing = false;
  #checking: Promise<AvailabilityState> | undefined;
  #checkedAt: number | undefined;
  #closed = false;
  #timer: NodeJS.Timeout | undefined;
  readonly #options: Required<Omit<AvailabilityOptions, 'onChange' | 'onLateProbe'>> & Pick<AvailabilityOptions, 'onChange' | 'onLateProbe'>;

  constructor(options: AvailabilityOptions) {
    this.#options = { probeIntervalMs: 250, now: () => new Date(), lateLoopMs: 100, lateReprobes: 5, ...options };
    this.#state = { up: true, since: this.#options.now() };
  }

  get state(): AvailabilityState {
    return this.#state;
  }

  get up(): boolean {
    return this.#state.up;
  }

  /**
   * Report a failed statement: true when it is a connection error. While the database is up that starts a
   * probe, and only a failed probe marks it down: one dropped connection (a terminated backend, a pooler's
   * restart) or a client that hung up mid-request (Node's ECONNRESET of the client's socket looks like
   * the database's) must not turn every request into a 503. Any other error is not ours (false).
   */
  reportFailure(error: unknown): boolean {
    if (!isConnectionError(error)) return false;
    if (this.#state.up) void (this.#checking ?? this.#startProbe());
    return true;
  }

  /**
   * Probe now (for /health): the answer is the state after the probe. Calls while a probe is under way
   * share it, and for `probeIntervalMs` after one they get the state as it stands (which a failed request
   * may have changed since), so a flood of health checks costs one statement per interval.
   */
  check(): Promise<AvailabilityState> {
    if (this.#checking) return this.#checking;
    if (this.#checkedAt !== undefined && this.#options.now().getTime() - this.#checkedAt < this.#options.probeIntervalMs) return Promise.resolve(this.#state);
    return this.#startProbe();
  }

  #startProbe(): Promise<AvailabilityState> {
    this.#checking = this.#probeOnce().finally(() => {
      this.#checking = undefined;
      this.#checkedAt = this.#options.now().getTime();
    });
    return this.#checking;
  }

  /**
   * One probe, sent again while its failure is only a timing taken on a late event loop (a CPU-bound
   * request blocked it: the connection may well have been made, its timeout just ran first). A refusal or
   * a timeout on a loop that ran on time marks the database down; after `lateReprobes` late ones in a row
   * nothing is concluded (the state stays; the next failed request probes again).
   */
  async #probeOnce(): Promise<AvailabilityState> {
    for (let attempt = 0; ; attempt++) {
      const lateness = new LoopLateness(Math.min(20, this.#options.lateLoopMs));
      try {
        await this.#options.probe();
        lateness.stop();
        this.#markUp();
        return this.#state;
      } catch (error) {
        const lateMs = lateness.stop();
        if (TIMING_CODES.has(connectionCode(error) ?? '') && lateMs >= this.#options.lateLoopMs) {
          this.#options.onLateProbe?.(lateMs);
          if (attempt >= this.#options.lateReprobes || this.#closed) return this.#state;
          await new Promise((r) => setTimeout(r, this.#options.probeIntervalMs).unref());
          continue;
        }
        this.#markDown(isConnectionError(error) ? connectionErrorReason(error) : 'the database did not answer the health check');
        return this.#state;
      }
    }
  }

  /** Stop probing (the process is shutting down). */
  close(): void {
    this.#closed = true;
    clearTimeout(this.#timer);
  }

  #markDown(reason: string): void {
    if (this.#state.up) {
      this.#state = { up: false, since: this.#options.now(), reason };
      this.#options.onChange?.(this.#state);
    } else if (this.#state.reason !== reason) {
      this.#state = { ...this.#state, reason };
    }
    this.#scheduleProbe();
  }

  #markUp(): void {
    if (this.#state.up) return;
    this.#state = { up: true, since: this.#options.now() };
    this.#options.onChange?.(this.#state);
  }

  #scheduleProbe(): void {
    if (this.#probing || this.#closed) return;
    this.#probing = true;
    const tick = async () => {
      this.#timer = undefined;
      if (this.#closed) return;
      await this.#probeOnce();
      if (!this.#state.up && !this.#closed) this.#timer = setTimeout(() => void tick(), this.#options.probeIntervalMs).unref();
      else this.#probing = false;
    };
    this.#timer = setTimeout(() => void tick(), this.#options.probeIntervalMs).unref();
  }
}
