// The GitHub Action (action.yml → action/toolmark-action.sh), run as a script the way its composite step
// runs it, on a fixture repository, against a real instance on loopback: the CLI is installed from the
// instance's tarball with no registry to reach (as cli-tarball.test.ts does), the score is saved on a push
// to main, a pull request with a regression fails with the markdown report in the job summary, and the
// SARIF file validates against the official schema. (No GitHub here: GITHUB_* are set by the test.)
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestApp, type TestApp } from './api/helpers.js';
import { offlineNpmEnv, sarifValidator } from './helpers.js';

const root = resolve(import.meta.dirname, '..', '..');
const script = join(root, 'action', 'toolmark-action.sh');
const fixtures = join(import.meta.dirname, 'fixtures', 'baseline');
const work = mkdtempSync(join(tmpdir(), 'toolmark-action-'));
const repo = join(work, 'repo');
const runnerTemp = join(work, 'runner');
let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/servers',
    headers: bearer(t.keys.admin),
    payload: { name: 'Issue tracker', slug: 'issue-tracker', source: { kind: 'upload', tools: { tools: [{ name: 'seed', description: 'Seed.', inputSchema: { type: 'object' } }] } } },
  });
  expect(res.statusCode, res.body).toBe(202);
  mkdirSync(repo, { recursive: true });
  mkdirSync(runnerTemp, { recursive: true });
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(work, { recursive: true, force: true });
});

interface ActionRun {
  code: number;
  stderr: string;
  summary: string;
  outputs: Record<string, string>;
}

/** Run the action's script as GitHub would: inputs and GITHUB_* in the environment, the repository as the workspace. */
function runAction(event: Record<string, string>, inputs: Record<string, string>): Promise<ActionRun> {
  const summaryFile = join(work, `summary-${Math.random().toString(36).slice(2)}.md`);
  const outputFile = join(work, `output-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(summaryFile, '');
  writeFileSync(outputFile, '');
  const env = {
    ...offlineNpmEnv(work), // no registry: the tarball must need nothing else
    GITHUB_WORKSPACE: repo,
    GITHUB_STEP_SUMMARY: summaryFile,
    GITHUB_OUTPUT: outputFile,
    RUNNER_TEMP: runnerTemp,
    TOOLMARK_INSTANCE: base,
    TOOLMARK_SERVER: 'issue-tracker',
    ...event,
    ...inputs,
  };
  return new Promise((done) => {
    execFile('bash', [script], { env, timeout: 240_000, maxBuffer: 16 * 1024 * 1024 }, (error, _stdout, stderr) => {
      const outputs = Object.fromEntries(
        readFileSync(outputFile, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
      done({ code: error ? Number(error.code ?? 1) : 0, stderr, summary: readFileSync(summaryFile, 'utf8'), outputs });
    });
  });
}

const push = { GITHUB_EVENT_NAME: 'push', GITHUB_REF: 'refs/heads/main', GITHUB_SHA: '0123456789abcdef0123' };
const pullRequest = { GITHUB_EVENT_NAME: 'pull_request', GITHUB_REF: 'refs/pull/7/merge', GITHUB_SHA: 'fedcba9876543210fedc' };
const validateSarif = sarifValidator();

describe('the GitHub Action as a script', () => {
  it('saves on main, fails a pull request that regresses (markdown in the summary, SARIF valid), and fails main when the save regresses', async () => {
    copyFileSync(join(fixtures, 'tools.json'), join(repo, 'tools.json'));
    const main = await runAction(push, { INPUT_FILE: 'tools.json', TOOLMARK_API_KEY: t.keys.ci });
    expect(main.code, main.stderr).toBe(0);
    expect(main.summary).toMatch(/^### toolmark: \d+\.\d \((sunny|cloudy|rain)\), version 2 \(new\)/);
    expect(main.outputs).toMatchObject({ regressed: 'false', band: expect.stringMatching(/sunny|cloudy|rain/) });
    expect(Number(main.outputs['score'])).toBeGreaterThan(0);
    const saved = (await t.app.inject({ method: 'GET', url: '/v1/servers/issue-tracker/lint/latest' })).json();
    expect(saved.version).toMatchObject({ seq: 2, label: '0123456789ab' });
    expect(saved.score).toBe(Number(main.outputs['score']));

    // A pull request that drops get_issue's description and hides an instruction in search_issues.
    copyFileSync(join(fixtures, 'tools-regressed.json'), join(repo, 'tools.json'));
    const pr = await runAction(pullRequest, { INPUT_FILE: 'tools.json' });
    expect(pr.code, pr.stderr).toBe(1);
    expect(pr.outputs['regressed']).toBe('true');
    expect(pr.stderr).toMatch(/regressions against the baseline/);
    // Markdown escapes the underscores.
    expect(pr.summary).toMatch(/\| get\\_issue \| \d+ [^|]+\| \d+ [^|]+\| −\d+ ⚠ band down \|/);
    expect(pr.summary).toMatch(/\| search\\_issues \| `hidden_instructions` \(security\) \| critical \|/);
    expect(pr.summary).toContain(`${base}/servers/issue-tracker`);
    expect(pr.summary.length).toBeLessThanOrEqual(65_536);
    const sarif = JSON.parse(readFileSync(pr.outputs['sarif']!, 'utf8')) as { runs: { results: { ruleId: string }[] }[] };
    expect(validateSarif(sarif)).toBeNull();
    expect(sarif.runs[0]!.results.length).toBeGreaterThan(0);
    // The pull request saved nothing.
    expect((await t.app.inject({ method: 'GET', url: '/v1/servers/issue-tracker/lint/latest' })).json().version.seq).toBe(2);

    // The same change pushed to main: saved, and the gate fails the job.
    const merged = await runAction(push, { INPUT_FILE: 'tools.json', TOOLMARK_API_KEY: t.keys.ci });
    expect(merged.code, merged.stderr).toBe(1);
    expect(merged.summary).toMatch(/\*\*\d+ regressions?\*\* against version 2/);
    expect(merged.summary).toMatch(/- `search_issues`: new critical finding/);
    expect((await t.app.inject({ method: 'GET', url: '/v1/servers/issue-tracker/lint/latest' })).json().version.seq).toBe(3);
  }, 900_000);

  it('refuses bad inputs with a message that says which', async () => {
    const two = await runAction(pullRequest, { INPUT_FILE: 'tools.json', INPUT_URL: 'https://example.com/mcp', TOOLMARK_CLI: '/bin/false' });
    expect(two.code).toBe(2);
    expect(two.stderr).toContain('give exactly one of the inputs file, url and command (got 2)');
    const plain = await runAction(pullRequest, { INPUT_FILE: 'tools.json', TOOLMARK_INSTANCE: 'http://toolmark.example.com' });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('instance must be https://');
    const slug = await runAction(pullRequest, { INPUT_FILE: 'tools.json', TOOLMARK_SERVER: 'Bad Slug; rm -rf' });
    expect(slug.code).toBe(2);
    expect(slug.stderr).toContain("server must be the server's slug");
  }, 60_000);
});
