// Opening the database: DATABASE_URL when given, otherwise the embedded default. postgres.js is the only
// driver; drizzle wraps it with the schema and snake_case column names.
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres, { type Sql } from 'postgres';
import * as schema from './schema.js';
import { defaultDataDir, startEmbeddedDatabase, type EmbeddedLog, type EmbeddedStatus } from './embedded.js';

/** The drizzle database with toolmark's schema. */
export type Database = PostgresJsDatabase<typeof schema>;

/** A transaction opened with `db.transaction`. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either: repositories that write several rows accept a transaction so callers can group them. */
export type Executor = Database | Tx;

/** An open database: drizzle, the raw client for the few hand-written statements, and how to close it. */
export interface DatabaseHandle {
  db: Database;
  sql: Sql;
  /** The connection URL (for pg-boss); contains the password of the embedded cluster, so never log it. */
  url: string;
  /** Where the embedded cluster keeps its data, or null for DATABASE_URL. */
  embeddedDataDir: string | null;
  /** How the embedded cluster is doing (absent for DATABASE_URL). */
  embeddedStatus?: () => EmbeddedStatus;
  close(): Promise<void>;
}

/** Options of {@link openDatabase}. */
export interface OpenOptions {
  /** A postgres:// URL; when absent the embedded cluster is started. */
  url?: string | undefined;
  /** Data directory of the embedded cluster (default: {@link defaultDataDir}). */
  dataDir?: string | undefined;
  /** Pool size of this process. */
  maxConnections?: number;
  /** See {@link poolOptions}. */
  connectTimeoutMs?: number;
  log?: EmbeddedLog;
}

/** How long making one connection may take before it fails (CONNECT_TIMEOUT); TOOLMARK_DB_CONNECT_TIMEOUT_MS. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 1_500;

/**
 * What every pool of toolmark's shares. postgres.js waits 30 s for a connection by default, and after failed
 * attempts waits up to 20 s before it tries a connection again, with requests queued on it: while the
 * database is away that is a request hanging for 20 s or more. Here a connection attempt fails within the
 * connect timeout, and a closed connection is tried again within a second, so requests fail fast (the API
 * answers 503) and the pool is back within a second of the database.
 */
export function poolOptions(connectTimeoutMs = DEFAULT_CONNECT_TIMEOUT_MS) {
  return {
    onnotice: () => undefined,
    connect_timeout: connectTimeoutMs / 1000,
    backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
  };
}

/** Wrap an existing URL in a pool and drizzle. */
export function connect(url: string, maxConnections = 10, connectTimeoutMs?: number): { db: Database; sql: Sql } {
  const sql = postgres(url, { max: maxConnections, ...poolOptions(connectTimeoutMs), connection: { application_name: 'toolmark' } });
  return { sql, db: drizzle(sql, { schema, casing: 'snake_case' }) };
}

/**
 * A second, small pool for the lint-save statements. With `asyncCommit` its sessions commit without waiting
 * for the WAL flush (`synchronous_commit = off`, set at connection start): a save then never queues behind
 * disk flushes while it holds an organisation's usage row, but a crash of the database can lose the saves
 * of its last moments (TOOLMARK_SAVES_ASYNC_COMMIT; docs/operators.md). Without it, an answered save is on
 * disk.
 */
export function connectSavesPool(url: string, maxConnections = 10, connectTimeoutMs?: number, asyncCommit = false): Sql {
  return postgres(url, {
    max: maxConnections,
    ...poolOptions(connectTimeoutMs),
    connection: asyncCommit ? { application_name: 'toolmark-saves', synchronous_commit: 'off' } : { application_name: 'toolmark-saves' },
  });
}

/** A one-connection pool for health probes: it never queues behind the statements of requests. */
export function connectProbe(url: string, connectTimeoutMs?: number): Sql {
  return postgres(url, { max: 1, idle_timeout: 30, ...poolOptions(connectTimeoutMs), connection: { application_name: 'toolmark-probe' } });
}

/** Open the database named by `url`, or start the embedded one. */
export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const log = options.log ?? (() => undefined);
  if (options.url) {
    const { db, sql } = connect(options.url, options.maxConnections, options.connectTimeoutMs);
    return { db, sql, url: options.url, embeddedDataDir: null, close: () => sql.end({ timeout: 5 }) };
  }
  const embedded = await startEmbeddedDatabase(options.dataDir ?? defaultDataDir(process.env, log), log);
  const { db, sql } = connect(embedded.url, options.maxConnections, options.connectTimeoutMs);
  return {
    db,
    sql,
    url: embedded.url,
    embeddedDataDir: embedded.dataDir,
    embeddedStatus: () => embedded.status(),
    async close() {
      await sql.end({ timeout: 5 });
      await embedded.stop();
    },
  };
}
