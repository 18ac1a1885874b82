// The world a scenario runs against: a throwaway database on the machine's PostgreSQL (or the embedded
// default), the real service (`server/dist/start.js`) as a child process with its output in a log file,
// and keys of every purpose. Everything is registered for clean-up with the scenario's context.
import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { benchServiceEnv, startService, stopService } from '../service.js';
import { json, pool, send, type Pool } from './http.js';
import { tally, type Context } from './lib.js';

/** Keys of organisation A (the install's operator organisation) and B. */
export interface Keys {
  admin: string;
  ci: string;
  script: string;
  agent: string;
  /** A ci key of A, revoked. */
  revoked: string;
  /** The first admin key of organisation B. */
  otherAdmin: string;
}

export interface Service {
  url: string;
  child: ChildProcess;
  pid: number;
  logFile: string;
  stateDir: string;
  /** True while the process has not exited. */
  alive(): boolean;
  /** The lines of the service's log that look like errors (for a failure's reason), last ones first. */
  errorLines(max?: number): string[];
  /** The causes of the errors the service logged (pino level ≥ 50), counted: what its 5xx were. */
  errorCauses(): string;
  stop(): Promise<void>;
}

let counter = 0;

export interface ServiceOptions {
  /**
   * The scenario leaves the database alone: an error in the service's log (pino level ≥ 50: a 500, or the
   * database taken for unreachable) fails the row, even one no answer showed.
   */
  databaseUntouched?: boolean;
}

/**
 * What a logged error comes down to: PostgreSQL's message (drizzle wraps it after the query and its
 * parameters, which are left out: they hold request data), or the error's first line, numbers like ports
 * folded so equal causes count together.
 */
function cause(err: { type?: string; message?: string; query?: string; params?: unknown[] } | undefined, msg: string | undefined): string {
  if (!err?.message) return msg ?? 'error';
  let text = err.message;
  if (err.query !== undefined && text.startsWith(`Failed query: ${err.query}`)) {
    const prefix = `Failed query: ${err.query}\nparams: ${String(err.params ?? '')}: `;
    text = text.startsWith(prefix) ? text.slice(prefix.length) : 'a query failed';
  }
  return `${err.type ?? 'Error'}: ${text.split('\n')[0]!.replace(/\d{4,}/g, 'N').slice(0, 90)}`;
}

/** Start the service; `databaseUrl` null: the embedded default under `stateDir`. */
export async function startServiceFor(ctx: Context, name: string, databaseUrl: string | null, extraEnv: Record<string, string> = {}, stateDir?: string, options: ServiceOptions = {}): Promise<Service> {
  const dir = stateDir ?? join(ctx.dir, `${name}-state-${++counter}`);
  mkdirSync(dir, { recursive: true });
  // As root the embedded cluster runs as the postgres user, which must be able to enter the directory.
  chmodSync(dir, 0o755);
  const logFile = join(ctx.dir, `${name}-service-${counter}.log`);
  const t0 = performance.now();
  const { child, url } = await startService(benchServiceEnv(databaseUrl, dir, extraEnv), { logFile });
  ctx.log(`service ${name} answering after ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  let exited = false;
  child.once('exit', () => (exited = true));
  const service: Service = {
    url,
    child,
    pid: child.pid!,
    logFile,
    stateDir: dir,
    alive: () => !exited && child.exitCode === null && child.signalCode === null,
    errorLines(max = 3) {
      if (!existsSync(logFile)) return [];
      const lines = readFileSync(logFile, 'utf8').split('\n').filter((l) => /error|fatal|uncaught|exception/i.test(l));
      return lines
        .slice(-max)
        .reverse()
        .map((l) => {
          try {
            const j = JSON.parse(l) as { msg?: string; err?: { type?: string; message?: string } };
            return [j.msg, j.err?.type, j.err?.message].filter(Boolean).join(': ').slice(0, 200);
          } catch {
            return l.trim().slice(0, 200);
          }
        });
    },
    errorCauses() {
      if (!existsSync(logFile)) return '';
      const causes: string[] = [];
      for (const line of readFileSync(logFile, 'utf8').split('\n')) {
        if (!line.startsWith('{')) {
          // An uncaught error is printed by Node itself, not logged: its "TypeError: …" line.
          if (/^\w*Error\b.*:/.test(line)) causes.push(`uncaught ${line.replace(/\d{4,}/g, 'N').slice(0, 100)}`);
          continue;
        }
        try {
          const j = JSON.parse(line) as { level?: number; msg?: string; reason?: string; err?: { type?: string; message?: string; query?: string; params?: unknown[] } };
          if ((j.level ?? 0) >= 50) causes.push(cause(j.err, j.reason ? `${j.msg ?? 'error'} (${j.reason})` : j.msg));
        } catch {
          // not a log line
        }
      }
      return tally(causes);
    },
    async stop() {
      const causes = service.errorCauses();
      if (causes && options.databaseUntouched) ctx.fail(`errors in the service's log while its database was up: ${causes}`);
      else if (causes) ctx.note(`errors in the service's log: ${causes}`);
      if (!service.alive()) return;
      const t0 = performance.now();
      await stopService(child, { killAfterMs: 15_000 });
      const s = (performance.now() - t0) / 1000;
      ctx.log(`service ${name} stopped in ${s.toFixed(1)} s`);
      if (child.signalCode === 'SIGKILL') ctx.note('at the end the service did not stop within 15 s of SIGTERM (killed)');
      else if (s > 5) ctx.note(`at the end the service took ${s.toFixed(1)} s to stop`);
    },
  };
  ctx.defer(() => service.stop());
  return service;
}

/** A fresh migrated database on the machine's PostgreSQL, dropped at the end. */
export async function throwawayDatabase(ctx: Context): Promise<TestDatabase> {
  const t0 = performance.now();
  const db = await createTestDatabase(4);
  ctx.log(`throwaway database migrated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  ctx.defer(async () => {
    const t1 = performance.now();
    await db.drop();
    ctx.log(`throwaway database dropped in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  });
  return db;
}

/** Raise the organisations' limits so rate limits and quotas never decide a scenario (they are not its subject). */
export async function raiseLimits(db: Pick<TestDatabase, 'sql'>): Promise<void> {
  await db.sql`UPDATE organisations SET rate_limit_per_minute = 100000000, monthly_units_ci = 100000000, monthly_units_script = 100000000`;
}

/** POST and expect 2xx; returns the JSON answer. */
export async function must<T>(p: Pool, method: string, path: string, body: unknown, key?: string): Promise<T> {
  const a = await send(p, json(method, path, body, key), 30_000);
  if (a.status < 200 || a.status >= 300) throw new Error(`${method} ${path}: ${a.status || a.error} ${a.body.slice(0, 300)}`);
  return JSON.parse(a.body) as T;
}

/** The first admin key the service wrote on its first start. */
export const firstAdminKey = (service: Service): string => readFileSync(join(service.stateDir, 'first-admin-key'), 'utf8').trim();

/** Keys of every purpose in A, a revoked one, and B's first admin key (B created through the API). */
export async function makeKeys(service: Service, p: Pool): Promise<Keys & { orgB: string }> {
  const admin = firstAdminKey(service);
  const key = async (purpose: string) => (await must<{ key: string; record: { id: string } }>(p, 'POST', '/v1/keys', { purpose, name: `faults ${purpose}` }, admin));
  const ci = (await key('ci')).key;
  const script = (await key('script')).key;
  const agent = (await key('agent')).key;
  const gone = await key('ci');
  await must(p, 'DELETE', `/v1/keys/${gone.record.id}`, undefined, admin);
  const b = await must<{ organisation: { id: string }; key: string }>(p, 'POST', '/v1/organisations', { name: 'Faults B', slug: `faults-b-${Date.now().toString(36)}` }, admin);
  return { admin, ci, script, agent, revoked: gone.key, otherAdmin: b.key, orgB: b.organisation.id };
}

/** A standard fixture: throwaway database, the service on it (workers off), keys, limits raised, a keep-alive pool. */
export async function standardFixture(ctx: Context, name: string, extraEnv: Record<string, string> = {}, options: ServiceOptions = {}): Promise<{ db: TestDatabase; service: Service; keys: Keys & { orgB: string }; p: Pool }> {
  const db = await throwawayDatabase(ctx);
  const service = await startServiceFor(ctx, name, db.url, extraEnv, undefined, options);
  await raiseLimits(db);
  const p = pool(service.url, 4);
  ctx.defer(() => p.agent.destroy());
  const keys = await makeKeys(service, p);
  await raiseLimits(db); // B exists now
  return { db, service, keys, p };
}

/** A small valid surface with `n` tools; `variant` changes the descriptions (a new version). */
export function surface(n = 5, variant = 0): { tools: Record<string, unknown>[] } {
  return {
    tools: Array.from({ length: n }, (_, i) => ({
      name: `faults_tool_${i}`,
      description: `Reads record ${i} of the fault bench's workspace and returns it as JSON. Use it when the user names a record; do not use it to list records.${variant ? ` Revision ${variant}.` : ''}`,
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'The record id, e.g. "r-1"' } }, required: ['id'], additionalProperties: false },
    })),
  };
}

/** Register a public (or private) server by upload; returns its id and first version id. */
export async function registerServer(p: Pool, key: string, name: string, tools: unknown, isPublic = true): Promise<{ id: string; versionId: string; jobId: string | null }> {
  const r = await must<{ server: { id: string; latestVersionId: string }; jobId: string | null }>(p, 'POST', '/v1/servers', { name, public: isPublic, source: { kind: 'upload', tools } }, key);
  return { id: r.server.id, versionId: r.server.latestVersionId, jobId: r.jobId };
}
