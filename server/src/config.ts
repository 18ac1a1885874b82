// All configuration in one place: the environment, validated with zod. A bad value stops start-up with a
// message naming the variable and what is wrong; secrets (DATABASE_URL) are never printed.
import { z } from 'zod';
import { ToolmarkError } from '@toolmark/benchmarks';
import { SANDBOX_HOW_TO, sandboxStatus, type SandboxStatus } from './capture/sandbox-probe.js';

const flag = (fallback: boolean) =>
  z
    .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['1', 'true', 'yes', 'on'].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((v) => (v === undefined ? fallback : Number(v)))
    .pipe(z.number().int().min(min).max(max));

/**
 * Connections of each saves pool with synchronous commit when TOOLMARK_SAVES_POOL is unset: how many saves
 * can wait for one WAL flush together (issue 31). With asynchronous commit no save waits for a flush, and
 * two connections cost the least CPU (docs/performance.md, "API").
 */
export const SYNC_SAVES_POOL = 4;

/** The saves pools' size: TOOLMARK_SAVES_POOL, or by the commit mode (SYNC_SAVES_POOL, or 2 with asynchronous commit). */
export function savesPoolSize(config: { TOOLMARK_SAVES_POOL?: number | undefined; TOOLMARK_SAVES_ASYNC_COMMIT: boolean }): number {
  return config.TOOLMARK_SAVES_POOL ?? (config.TOOLMARK_SAVES_ASYNC_COMMIT ? 2 : SYNC_SAVES_POOL);
}

/** The environment variables toolmark reads (documented in docs/configuration.md). */
export const ConfigSchema = z.object({
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  TOOLMARK_DATA_DIR: z.string().min(1).optional(),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: int(3000, 0, 65_535),
  /** The address people reach the site at (used for links, Location headers and the site's ORIGIN). */
  TOOLMARK_PUBLIC_URL: z.url().optional(),
  /** `inline`: workers run inside `npm start`; `off`: only `toolmark worker` processes run jobs. */
  TOOLMARK_WORKERS: z.enum(['inline', 'off']).default('inline'),
  TOOLMARK_WORKER_CONCURRENCY: int(2, 1, 64),
  /** How often a worker process heartbeats the jobs it runs (seconds; jobs/instance.ts). */
  TOOLMARK_WORKER_HEARTBEAT_S: int(10, 1, 600),
  /** A worker silent this long is dead: its jobs are retried by a live one (seconds; at least two heartbeats). */
  TOOLMARK_WORKER_DEAD_AFTER_S: int(30, 2, 3_600),
  /** Let URL registration reach loopback and private networks (off: SSRF guard). */
  TOOLMARK_ALLOW_PRIVATE_URLS: flag(false),
  /**
   * Registration by npm package (published code runs, always inside the capture sandbox): `auto` (default)
   * on where the sandbox works on this machine, `on` requires it (start fails without it), `off` never.
   * The validated config holds the resolved answer (a boolean); see resolveNpmCapture.
   */
  TOOLMARK_ALLOW_NPM_CAPTURE: z.enum(['auto', '1', '0', 'true', 'false', 'yes', 'no', 'on', 'off']).default('auto'),
  /** Cron (UTC) of the re-capture of public servers for drift. */
  TOOLMARK_RECAPTURE_CRON: z.string().min(9).default('17 3 * * *'),
  /** Seed the distractor and reference servers on first start. */
  TOOLMARK_SEED: flag(true),
  /** With TOOLMARK_SEED: also seed the frozen npm catalogue (catalogue/servers/), in the background once serving. */
  TOOLMARK_SEED_CATALOGUE: flag(true),
  /**
   * Requests per minute for requests without a key, per client address. Also the per-address budget of
   * failed authentications, of badges of unknown servers and of the site's form posts (each counted apart).
   */
  TOOLMARK_ANON_RATE_LIMIT: int(1200, 1, 1_000_000),
  /** Keys one organisation may create per hour (POST /v1/keys; 429 key_limit past it). */
  TOOLMARK_KEYS_PER_HOUR: int(20, 1, 1_000_000),
  /** Live (not revoked) keys one organisation may hold (409 too_many_keys past it). */
  TOOLMARK_LIVE_KEYS: int(100, 1, 1_000_000),
  /** Time a client has to send a request's headers (ms); then 408 and the socket is closed. */
  TOOLMARK_HEADERS_TIMEOUT_MS: int(10_000, 100, 600_000),
  /** Time a client has to send a whole request, body included (ms; at least the headers timeout). */
  TOOLMARK_REQUEST_TIMEOUT_MS: int(30_000, 100, 3_600_000),
  /** Open connections one client address (IPv6: one /64) may hold; 0: no limit. */
  TOOLMARK_MAX_CONNECTIONS_PER_ADDRESS: int(64, 0, 1_000_000),
  TOOLMARK_DB_POOL: int(20, 2, 500),
  /** How long making one database connection may take (ms) before requests answer 503; see db poolOptions. */
  TOOLMARK_DB_CONNECT_TIMEOUT_MS: int(1_500, 100, 60_000),
  /**
   * Connections of each of the two small pools that store lint saves (repeated tools; new tools). A save is
   * one statement, and postgres.js sends the statements queued on a busy connection in one write: few
   * connections shared by many requests cost less CPU, on both sides, than one connection per request. With
   * synchronous commit (the default) each connection waits for its commit's WAL flush before its next
   * statement runs, so the pool is also how many saves can share one flush (group commit): unset, it is
   * 2 with TOOLMARK_SAVES_ASYNC_COMMIT and {@link SYNC_SAVES_POOL} without (savesPoolSize).
   */
  TOOLMARK_SAVES_POOL: z
    .string()
    .regex(/^\d+$/, 'must be a whole number')
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(100).optional()),
  /**
   * Lint saves commit without waiting for the WAL flush (faster; a database crash can lose the last moments
   * of answered saves). Off: every answered save is durable (docs/operators.md).
   */
  TOOLMARK_SAVES_ASYNC_COMMIT: flag(false),
  /** How long identical public leaderboard reads share one answer (milliseconds; 0: no cache). */
  TOOLMARK_READ_CACHE_MS: int(2_000, 0, 60_000),
  /** Seals the site's sign-in cookies (≥ 32 characters); default: a random secret kept in the data folder. */
  TOOLMARK_SESSION_SECRET: z.string().min(32).optional(),
  /** The model catalogue file (JSON) the service offers; default: the checked-in server/models.json (only the baseline enabled). */
  TOOLMARK_MODELS: z.string().min(1).optional(),
  /**
   * Ports on this machine (loopback) a catalogue base URL may name, besides the presets' own (Ollama 11434,
   * vLLM 8000): comma-separated, e.g. `1234,8080`. Any other loopback port is refused at start.
   */
  TOOLMARK_MODELS_LOOPBACK_PORTS: z
    .string()
    .regex(/^\s*(\d{1,5}\s*(,\s*\d{1,5}\s*)*)?$/, 'comma-separated port numbers')
    .default('')
    .transform((text) => text.split(',').map((p) => p.trim()).filter((p) => p !== '').map(Number))
    .refine((ports) => ports.every((p) => p >= 1 && p <= 65535), 'ports are 1–65535'),
  /** Where dataset releases are written and served from; default: `datasets/` in the data folder. */
  TOOLMARK_DATASETS_DIR: z.string().min(1).optional(),
  /** The licence (SPDX id) stated in every new dataset release; default CC-BY-4.0. */
  TOOLMARK_DATASETS_LICENSE: z.string().regex(/^[A-Za-z0-9.+-]{1,64}$/, 'must be an SPDX licence id').default('CC-BY-4.0'),
  /** When dataset CSV files start with a UTF-8 byte order mark (Excel): `auto` those of Japanese-language releases, `always`, `never`. */
  TOOLMARK_DATASETS_CSV_BOM: z.enum(['auto', 'always', 'never']).default('auto'),
  /** Cron (UTC) of the scheduled dataset build (`build-release`). */
  TOOLMARK_DATASETS_CRON: z.string().min(9).default('41 4 * * *'),
  /**
   * Worker threads of the CPU pool (lint of requests, cpu/pool.ts): `auto` = one less than the cores (at
   * least 1), so the event loop keeps a core; 0 runs that work on the event loop (no pool; for comparison).
   */
  TOOLMARK_CPU_THREADS: z
    .string()
    .regex(/^(auto|\d+)$/, 'must be auto or a whole number')
    .default('auto')
    .transform((v) => (v === 'auto' ? ('auto' as const) : Number(v)))
    .pipe(z.union([z.literal('auto'), z.number().int().min(0).max(64)])),
  /** Tasks that may wait for a CPU thread; past threads + this, a request is answered 503 cpu_busy with Retry-After. */
  TOOLMARK_CPU_QUEUE: int(32, 0, 10_000),
  /** Worker time one request may use (ms); a further task of it is refused (429 cpu_budget_exceeded), e.g. the rest of a batch of lints. */
  TOOLMARK_CPU_BUDGET_MS: int(3_000, 1, 600_000),
  /** nice(2) increment of the CPU threads (0–19; Linux): lint yields the cores to the event loop. */
  TOOLMARK_CPU_NICE: int(10, 0, 19),
  TOOLMARK_LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
})
  .refine((c) => c.TOOLMARK_HEADERS_TIMEOUT_MS <= c.TOOLMARK_REQUEST_TIMEOUT_MS, {
    path: ['TOOLMARK_HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than TOOLMARK_REQUEST_TIMEOUT_MS',
  })
  // A live worker whose beats are one window apart would look dead between two of them, and a judge needs a
  // window of gap-free beats before it judges anyone by silence (jobs/instance.ts).
  .refine((c) => c.TOOLMARK_WORKER_DEAD_AFTER_S >= 2 * c.TOOLMARK_WORKER_HEARTBEAT_S, {
    path: ['TOOLMARK_WORKER_DEAD_AFTER_S'],
    message: 'must be at least twice TOOLMARK_WORKER_HEARTBEAT_S',
  });
/** Validated configuration; TOOLMARK_ALLOW_NPM_CAPTURE resolved against the sandbox (true: npm captures run). */
export type Config = Omit<z.infer<typeof ConfigSchema>, 'TOOLMARK_ALLOW_NPM_CAPTURE'> & { TOOLMARK_ALLOW_NPM_CAPTURE: boolean };

/** A configuration error: which variables are wrong and why (values are not repeated: they may be secrets). */
export class ConfigError extends ToolmarkError<'invalid_config', { variables: string[] }> {
  override readonly name = 'ConfigError';
}

/** Read and validate the configuration from `env`. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const picked = Object.fromEntries(Object.keys(ConfigSchema.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]));
  const parsed = ConfigSchema.safeParse(picked);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0] ?? '')))];
    throw new ConfigError('invalid_config', `invalid configuration:\n${lines.join('\n')}`, { variables });
  }
  return { ...parsed.data, TOOLMARK_ALLOW_NPM_CAPTURE: resolveNpmCapture(parsed.data.TOOLMARK_ALLOW_NPM_CAPTURE) };
}

/**
 * Whether npm captures run: never when the setting says off; otherwise exactly when the capture sandbox
 * works here (probed once per process). `on` without a working sandbox stops start-up, saying why.
 */
export function resolveNpmCapture(setting: string, probe: () => SandboxStatus = sandboxStatus): boolean {
  if (['0', 'false', 'no', 'off'].includes(setting)) return false;
  const status = probe();
  if (status.available) return true;
  if (setting === 'auto') return false;
  throw new ConfigError(
    'invalid_config',
    `invalid configuration:\n  TOOLMARK_ALLOW_NPM_CAPTURE: is on, but npm packages are only run in the capture sandbox and ${status.reason}; ${SANDBOX_HOW_TO}`,
    { variables: ['TOOLMARK_ALLOW_NPM_CAPTURE'] },
  );
}

/** The public base URL (no trailing slash). */
export const publicUrl = (config: Config): string => (config.TOOLMARK_PUBLIC_URL ?? `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${config.PORT}`).replace(/\/$/, '');
