// No Docker engine runs here, so the compose file is checked as data: it parses, names the right services,
// health checks and volumes, and every toolmark variable it sets is one the app reads.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ConfigSchema, loadConfig } from '../../src/config.js';

const root = resolve(import.meta.dirname, '..', '..', '..');
interface Service {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  deploy?: { replicas: number };
}
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };

// ${VAR:-default} → default, as compose does without the variable set.
const resolveDefaults = (env: Record<string, string>) => Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{[A-Z_]+:-([^}]*)\}/g, '$1')]));

describe('docker-compose.yml', () => {
  it('has PostgreSQL, the app and a scalable worker, with health checks and volumes', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app', 'db', 'worker']);
    const { db, app, worker } = compose.services as Record<string, Service>;
    expect(db!.image).toMatch(/^postgres:\d+/);
    expect(db!.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(db!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(app!.command).toEqual(['node', 'server/dist/start.js']);
    expect(app!.healthcheck!.test.join(' ')).toContain('/health');
    expect(app!.depends_on!.db!.condition).toBe('service_healthy');
    expect(worker!.command).toEqual(['node', 'server/dist/cli/main.js', 'worker']);
    expect(worker!.deploy!.replicas).toBeGreaterThanOrEqual(1);
    expect(Object.keys(compose.volumes).sort()).toEqual(['appstate', 'pgdata']);
    // The commands exist in a build.
    expect(existsSync(join(root, 'server', 'dist', 'start.js'))).toBe(true);
    expect(existsSync(join(root, 'server', 'dist', 'cli', 'main.js'))).toBe(true);
    expect(readFileSync(join(root, 'Dockerfile'), 'utf8')).toContain('CMD ["node", "server/dist/start.js"]');
  });

  it('gives app and worker the same database, workers only in the worker service, and only variables the app validates', () => {
    const { app, worker, db } = compose.services as Record<string, Service>;
    const appEnv = resolveDefaults(app!.environment!);
    const workerEnv = resolveDefaults(worker!.environment!);
    expect(appEnv.DATABASE_URL).toBe('postgres://toolmark:toolmark@db:5432/toolmark');
    expect(workerEnv.DATABASE_URL).toBe(appEnv.DATABASE_URL);
    expect(db!.environment!.POSTGRES_DB).toBe('toolmark');
    expect(appEnv.TOOLMARK_WORKERS).toBe('off');
    const known = new Set(Object.keys(ConfigSchema.shape));
    for (const env of [appEnv, workerEnv]) {
      for (const name of Object.keys(env)) expect(known, `${name} is not a variable toolmark reads`).toContain(name);
      expect(() => loadConfig(env)).not.toThrow();
    }
  });
});
