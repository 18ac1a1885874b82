import type { FastifyInstance } from 'fastify';
import { createApiKey, createOrganisation, type KeyPurpose } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { buildApp } from '../../src/app.js';
import { loadConfig, type Config } from '../../src/config.js';
import type { JobPayloads, JobSender } from '../../src/jobs/sender.js';

/** Jobs the app sent, in order (the queue itself is tested with pg-boss in test/jobs). */
export interface SentJob {
  queue: keyof JobPayloads;
  payload: unknown;
  singletonKey: string | undefined;
}

/** A test app on its own fresh database, with an organisation and one key of each purpose. */
export interface TestApp {
  app: FastifyInstance;
  t: TestDatabase;
  sent: SentJob[];
  /** The recording sender the app was built with (handlers run by a test send their follow-ups through it). */
  jobs: JobSender;
  orgId: string;
  keys: Record<KeyPurpose, string>;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}, clock?: () => Date): Promise<TestApp> {
  const t = await createTestDatabase(30);
  const sent: SentJob[] = [];
  const jobs: JobSender = {
    async send(queue, payload, options) {
      sent.push({ queue, payload, singletonKey: options?.singletonKey });
      return `job-${sent.length}`;
    },
  };
  // No read cache by default: tests read what they just wrote (one test turns it on). npm registration off
  // unless a test asks (its default, auto, depends on the machine's sandbox).
  const config: Config = loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_READ_CACHE_MS: '0', TOOLMARK_ALLOW_NPM_CAPTURE: 'off', ...env });
  const app = await buildApp({ database: t, jobs, config, ...(clock ? { now: clock } : {}), logger: false });
  const org = await createOrganisation(t.db, { name: 'Operators', slug: 'operators' });
  const keys = {} as Record<KeyPurpose, string>;
  for (const purpose of ['admin', 'ci', 'script', 'agent'] as const) {
    keys[purpose] = (await createApiKey(t.db, { organisationId: org.id, purpose, name: `${purpose} key` })).key;
  }
  return {
    app,
    t,
    sent,
    jobs,
    orgId: org.id,
    keys,
    async close() {
      await app.close();
      await t.drop();
    },
  };
}

export const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

export const tool = (name: string, description: string, properties: Record<string, unknown> = { query: { type: 'string', description: 'What to look for.' } }) => ({
  name,
  description,
  inputSchema: { type: 'object', properties, required: Object.keys(properties) },
});

/** Register a public server from an uploaded one-tool surface (its lint job is queued, not run) and answer its id. */
export async function registerUpload(h: TestApp, slug: string): Promise<string> {
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/servers',
    headers: bearer(h.keys.admin),
    payload: { name: slug, slug, source: { kind: 'upload', tools: { tools: [tool('seed_tool', 'Seeds a thing.')] } } },
  });
  if (res.statusCode !== 202) throw new Error(`registering ${slug} answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { server: { id: string } }).server.id;
}
