// Pipelines are called with their own narrow dependencies — no Fastify, no ApiContext — as a job or the
// MCP endpoint will call them, and refuse with PipelineError (a kind the caller maps), never ApiError.
import { LATEST_RULES, publishedRuleSetIds } from '@toolmark/benchmarks';
import { createApiKey, createOrganisation, findLiveKey, type AuthenticatedKey } from '@toolmark/db';
import { createTestDatabase, type TestDatabase } from '@toolmark/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKGROUND_LINT_PRIORITY, type JobSender } from '../../src/jobs/sender.js';
import { PipelineError } from '../../src/pipelines/errors.js';
import { LintMemo } from '../../src/pipelines/lint-memo.js';
import { registerServer } from '../../src/pipelines/register-server.js';
import { saveLint } from '../../src/pipelines/save-lint.js';

const tools = { tools: [{ name: 'find_notes', description: 'Finds notes by a text query.', inputSchema: { type: 'object', properties: {} } }] };

let t: TestDatabase;
let mine: AuthenticatedKey;
let theirs: AuthenticatedKey;
const sent: { queue: string; payload: unknown; priority?: number }[] = [];
const jobs: JobSender = {
  async send(queue, payload, options = {}) {
    sent.push({ queue, payload, ...(options.priority === undefined ? {} : { priority: options.priority }) });
    return `job-${sent.length}`;
  },
};
const at = new Date('2026-01-02T03:04:05Z');
const deps = () => ({ db: t.db, jobs, config: { TOOLMARK_ALLOW_NPM_CAPTURE: false, TOOLMARK_ALLOW_PRIVATE_URLS: false, TOOLMARK_SAVES_ASYNC_COMMIT: false }, now: () => at });

async function keyOf(slug: string): Promise<AuthenticatedKey> {
  const org = await createOrganisation(t.db, { name: slug, slug });
  return (await findLiveKey(t.db, (await createApiKey(t.db, { organisationId: org.id, purpose: 'script', name: 'k' })).key))!;
}

/** The PipelineError a call rejects with. */
async function refusal(call: Promise<unknown>): Promise<PipelineError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PipelineError);
  return error as PipelineError;
}

beforeAll(async () => {
  t = await createTestDatabase(4);
  mine = await keyOf('mine');
  theirs = await keyOf('theirs');
});
afterAll(async () => {
  await t?.drop();
});

describe('pipelines without the HTTP layer', () => {
  it('registerServer stores an upload and queues its lint; refuses with kinds, not statuses', async () => {
    const registered = await registerServer(deps(), { key: mine, body: { name: 'Notes', slug: 'notes', public: false, source: { kind: 'upload', tools } } });
    expect(registered.server).toMatchObject({ slug: 'notes', captureStatus: 'captured', lastCapturedAt: at });
    expect(sent.at(-1)).toEqual({ queue: 'lint-version', payload: { versionId: registered.server.latestVersionId } });

    const taken = await refusal(registerServer(deps(), { key: mine, body: { name: 'Notes', slug: 'notes', public: true, source: { kind: 'upload', tools } } }));
    expect([taken.kind, taken.code, taken.detail]).toEqual(['conflict', 'conflict', { key: 'slug', slug: 'notes' }]);
    const npm = await refusal(registerServer(deps(), { key: mine, body: { name: 'N', public: true, source: { kind: 'npm', package: 'x' } } }));
    expect([npm.kind, npm.code]).toEqual(['forbidden', 'npm_capture_disabled']);
    const url = await refusal(registerServer(deps(), { key: mine, body: { name: 'N', public: true, source: { kind: 'url', url: 'http://127.0.0.1/mcp' } } }));
    expect([url.kind, url.code, url.detail.path]).toEqual(['invalid', 'address_refused', 'body.source.url']);
  });

  it('saveLint saves for the owner, and hides another organisation\'s private server as not_found', async () => {
    const { server } = await registerServer(deps(), { key: mine, body: { name: 'Saved', slug: 'saved', public: false, source: { kind: 'upload', tools } } });
    const lintDeps = { db: t.db, savesSql: t.sql, newVersionsSql: t.sql, memo: new LintMemo(), config: deps().config, jobs };
    const saved = await saveLint(lintDeps, { serverId: server.id, body: JSON.stringify(tools), label: 'ci', key: mine, at });
    expect(saved.version.created).toBe(false);
    expect(saved.result.tools.map((x) => x.name)).toEqual(['find_notes']);
    const hidden = await refusal(saveLint(lintDeps, { serverId: server.id, body: JSON.stringify(tools), label: null, key: theirs, at }));
    expect([hidden.kind, hidden.code]).toEqual(['not_found', 'not_found']);
  });

  it('saveLint scores a new version under the latest rules and queues its watch events and its lint under the other registered ones', async () => {
    const { server } = await registerServer(deps(), { key: mine, body: { name: 'Versions', slug: 'versions', public: true, source: { kind: 'upload', tools } } });
    const lintDeps = { db: t.db, savesSql: t.sql, newVersionsSql: t.sql, memo: new LintMemo(), config: deps().config, jobs };
    const before = sent.length;
    const changed = { tools: [{ ...tools.tools[0]!, description: 'Finds notes by a text query and returns their titles.' }] };
    const saved = await saveLint(lintDeps, { serverId: server.id, body: JSON.stringify(changed), label: 'ci', key: mine, at });
    expect(saved.version.created).toBe(true);
    expect(saved.result.rules.id).toBe(LATEST_RULES);
    // Its watch events as a job (issue 31: off the answer path), then the other published versions at low
    // priority: the save already answered with the latest rules. (A pg-boss sender gets both in the save's
    // own statement: test/jobs/save-follow-ups.test.ts.)
    expect(sent.slice(before)).toEqual([
      { queue: 'watch-version', payload: { versionId: saved.version.id } },
      { queue: 'lint-version', payload: { versionId: saved.version.id, rules: publishedRuleSetIds().filter((id) => id !== LATEST_RULES) }, priority: BACKGROUND_LINT_PRIORITY },
    ]);
    // The same tools again add no version and queue nothing.
    await saveLint(lintDeps, { serverId: server.id, body: JSON.stringify(changed), label: 'ci', key: mine, at });
    expect(sent.length).toBe(before + 2);
  });
});
