// Starts the real toolmark (`node server/dist/start.js`, API + site + inline workers) on a fresh test
// database, seeded with the real public servers, then adds what the tests need through the public API:
// a server with hostile text, a poisoned server (security risk), a server with two versions (for the diff), and a result under an older
// rules hash (for the rules switch). The model catalogue (TOOLMARK_MODELS) offers the baseline, two fake
// OpenAI models answering from 127.0.0.1 in the real wire format (one fast, one slow enough to watch an
// evaluation run), a paused model and one whose key is missing. Returns the teardown.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabase } from '@toolmark/db/testing';
import { seedFailures } from './failures-seed';
import { startFake, wordMatchScript } from '../../server/test/fakes/llm-servers.mjs';
import { E2E_FAKE_KEY, e2eCatalogue, HOSTILE, hostileEvalTools, hostileTools, poisonedTools, TWO_VERSIONS } from './fixtures';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitFor<T>(what: string, fn: () => Promise<T | undefined>, ms = 180_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await fn().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`e2e setup: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  // The browser tests drive Debian's Chromium, never one downloaded by Playwright: say how to get it.
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!existsSync(chromium)) {
    throw new Error(
      `e2e setup: no Chromium at ${chromium}. Install Debian's: apt-get update && apt-get install -y chromium fonts-ipafont-gothic ` +
        '(or `npm run setup:test` as root, which .ci/run runs), or set CHROMIUM_PATH. Never `npx playwright install`.',
    );
  }
  const port = Number(process.env.E2E_PORT);
  const base = `http://127.0.0.1:${port}`;
  const database = await createTestDatabase(4);
  const dataDir = mkdtempSync(join(tmpdir(), 'toolmark-e2e-'));
  // Fake models: the word-match stand-in, calling with `{}` (so required arguments are reported missing).
  const fast = await startFake('openai', { key: E2E_FAKE_KEY, script: (view) => wordMatchScript(view) });
  const slow = await startFake('openai', { key: E2E_FAKE_KEY, latencyMs: 300, script: (view) => wordMatchScript(view) });
  // Every other request answered with a 500 (an incomplete run: refunds.spec.ts).
  let flakyRequests = 0;
  const flaky = await startFake('openai', { key: E2E_FAKE_KEY, script: (view) => (flakyRequests++ % 2 === 0 ? { status: 500 } : wordMatchScript(view)) });
  const catalogueFile = join(dataDir, 'models.json');
  writeFileSync(catalogueFile, JSON.stringify(e2eCatalogue(fast.baseURL, slow.baseURL, flaky.baseURL), null, 2));
  // The fakes listen on OS-chosen loopback ports, which the catalogue refuses unless the operator lists them.
  const fakePorts = [fast.baseURL, slow.baseURL, flaky.baseURL].map((u) => new URL(u).port).join(',');
  const env: NodeJS.ProcessEnv = { ...process.env, OPENAI_API_KEY: E2E_FAKE_KEY, TOOLMARK_MODELS: catalogueFile, TOOLMARK_MODELS_LOOPBACK_PORTS: fakePorts };
  delete env.ANTHROPIC_API_KEY;
  const child: ChildProcess = spawn(process.execPath, [join(root, 'server', 'dist', 'start.js')], {
    cwd: root,
    env: { ...env, DATABASE_URL: database.url, PORT: String(port), HOST: '127.0.0.1', TOOLMARK_DATA_DIR: dataDir, TOOLMARK_LOG_LEVEL: 'warn', TOOLMARK_SEED: '1', TOOLMARK_SEED_CATALOGUE: '0', TOOLMARK_PUBLIC_URL: '' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const teardown = async () => {
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
    await database.drop();
    await Promise.all([fast.close(), slow.close(), flaky.close()]);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A first start migrates, seeds and scores eight servers: over two minutes on a shared 2-core machine at load 25+.
    await waitFor('the server', async () => ((await fetch(`${base}/health`)).ok ? true : undefined), 300_000);
    const admin = readFileSync(join(dataDir, 'first-admin-key'), 'utf8').trim();
    const auth = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
    const register = async (body: unknown): Promise<string> => {
      const res = await fetch(`${base}/v1/servers`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      if (res.status !== 202) throw new Error(`e2e setup: register answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { server: { id: string } }).server.id;
    };
    const scored = (id: string, versions = 1) =>
      waitFor(`server ${id} scored`, async () => {
        const r = (await (await fetch(`${base}/v1/servers/${id}`)).json()) as { versions: { scores: unknown[] }[] };
        return r.versions.length >= versions && r.versions.every((v) => v.scores.length > 0) ? true : undefined;
      });

    const hostileId = await register({ name: HOSTILE.name, slug: 'hostile-demo', description: HOSTILE.description, public: true, source: { kind: 'upload', tools: { tools: hostileTools } } });
    const twoId = await register({ name: 'Two versions demo', slug: 'two-versions-demo', public: true, source: { kind: 'upload', tools: { tools: TWO_VERSIONS[0] } } });
    const poisonedId = await register({ name: 'Poisoned notes demo', slug: 'poisoned-notes-demo', public: true, source: { kind: 'upload', tools: { tools: poisonedTools } } });
    // Private, of the signed-in organisation: tool names and descriptions (so the generated utterances) are hostile.
    const hostileEvalId = await register({ name: 'Hostile eval demo', slug: 'hostile-eval-demo', public: false, source: { kind: 'upload', tools: { tools: hostileEvalTools } } });
    await scored(hostileId);
    await scored(poisonedId);
    await scored(twoId);
    // CI saves scores with a ci key, as the quick start tells maintainers to.
    const ciKey = ((await (await fetch(`${base}/v1/keys`, { method: 'POST', headers: auth, body: JSON.stringify({ purpose: 'ci', name: 'e2e ci' }) })).json()) as { key: string }).key;
    const saved = await fetch(`${base}/v1/servers/${twoId}/lint?label=v2`, { method: 'POST', headers: { authorization: `Bearer ${ciKey}`, 'content-type': 'application/json' }, body: JSON.stringify({ tools: TWO_VERSIONS[1] }) });
    if (!saved.ok) throw new Error(`e2e setup: save lint answered ${saved.status}: ${await saved.text()}`);
    await scored(twoId, 2);
    // Evaluations are started with a script key; another organisation's key sees the results of public servers, never their cases.
    const scriptKey = ((await (await fetch(`${base}/v1/keys`, { method: 'POST', headers: auth, body: JSON.stringify({ purpose: 'script', name: 'e2e script' }) })).json()) as { key: string }).key;
    const other = await fetch(`${base}/v1/organisations`, { method: 'POST', headers: auth, body: JSON.stringify({ name: 'Other org', slug: 'other-org' }) });
    if (other.status !== 201) throw new Error(`e2e setup: create organisation answered ${other.status}: ${await other.text()}`);
    const otherKey = ((await other.json()) as { key: string }).key;

    // A result under an older hash of v2 (an earlier build's v2, as an install has after upgrading its rules): only this server has one.
    const OLD_HASH = `sha256:${'0'.repeat(64)}`;
    // The save above scores the latest rules before it answers; v2 is linted by a low-priority job after it, so wait.
    await waitFor('v2 score of the two-versions server\'s latest version', async () => {
      const r = (await (await fetch(`${base}/v1/servers/${twoId}`)).json()) as { versions: { seq: number; scores: { rulesId: string }[] }[] };
      const latest = r.versions.reduce((a, b) => (b.seq > a.seq ? b : a));
      return latest.seq === 2 && latest.scores.some((x) => x.rulesId === 'v2') ? true : undefined;
    });
    const copied = await database.sql`
      INSERT INTO lint_results (server_version_id, rules_id, rules_hash, score, band, tool_count, critical, required, minor, security_findings, tokens, result)
      SELECT server_version_id, rules_id, ${OLD_HASH}, 12.5, 'rain', tool_count, critical, required, minor, security_findings, tokens,
             jsonb_set(jsonb_set(jsonb_set(result::jsonb, '{rules,hash}', to_jsonb(${OLD_HASH}::text)), '{score}', '12.5'::jsonb), '{band}', '"rain"'::jsonb)::json
      FROM lint_results lr JOIN servers s ON s.latest_version_id = lr.server_version_id
      WHERE s.id = ${twoId} AND lr.rules_id = 'v2'`;
    if (copied.count !== 1) throw new Error(`e2e setup: the older v2 result was not written (${copied.count} rows)`);

    // Agents' failure reports on the hostile server (three organisations, hostile names and an utterance).
    const hostileHash = ((await (await fetch(`${base}/v1/servers/${hostileId}`)).json()) as { versions: { surfaceHash: string }[] }).versions[0]!.surfaceHash;
    await seedFailures(base, admin, database.db, hostileId, hostileHash);
    // Dataset releases for the Datasets and Methodology pages: the operator asks for a build and the inline worker runs it.
    const built = await fetch(`${base}/v1/datasets/builds`, { method: 'POST', headers: auth, body: '{}' });
    if (built.status !== 202) throw new Error(`POST /v1/datasets/builds answered ${built.status}`);
    await waitFor('dataset releases', async () => (((await (await fetch(`${base}/v1/datasets`)).json()) as { items: unknown[] }).items.length >= 2 ? true : undefined));

    Object.assign(process.env, { E2E_BASE_URL: base, E2E_ADMIN_KEY: admin, E2E_HOSTILE_ID: hostileId, E2E_POISONED_ID: poisonedId, E2E_TWO_ID: twoId, E2E_OLD_HASH: OLD_HASH, E2E_SCRIPT_KEY: scriptKey, E2E_OTHER_KEY: otherKey, E2E_HOSTILE_EVAL_ID: hostileEvalId });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
