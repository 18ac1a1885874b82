// End-to-end: `toolmark lint --baseline`, `--format sarif` and the pull-request markdown through the built
// CLI (run `npm run build` first; `npm test` does), on the fixture surfaces in fixtures/baseline/.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, sarifValidator } from './helpers.js';

const fixtures = fileURLToPath(new URL('./fixtures/baseline/', import.meta.url));
const good = join(fixtures, 'tools.json');
const regressed = join(fixtures, 'tools-regressed.json');
const dir = mkdtempSync(join(tmpdir(), 'toolmark-baseline-'));
const baselineFile = join(dir, 'baseline.json');

beforeAll(async () => {
  const run = await runCli(['lint', good, '--format', 'json', '--rules', 'v2']);
  expect(run.code, run.stderr).toBe(0);
  writeFileSync(baselineFile, run.stdout);
});

describe('toolmark lint --baseline <file>', () => {
  it('exits 0 and says so when nothing regressed', async () => {
    const run = await runCli(['lint', good, '--rules', 'v2', '--baseline', baselineFile]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`no regression against the baseline ${baselineFile}`);
  });

  it('exits 1 on a regression and names what regressed, tool by tool', async () => {
    const run = await runCli(['lint', regressed, '--rules', 'v2', '--baseline', baselineFile]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/regressions against the baseline/);
    expect(run.stderr).toMatch(/server mean fell \d+\.\d points \(\d+\.\d → \d+\.\d\), more than --max-drop 0/);
    expect(run.stderr).toMatch(/\n {2}get_issue:\n {4}- fell from sunny to (cloudy|rain)/);
    expect(run.stderr).toMatch(/\n {2}search_issues:\n(?: {4}- .*\n)* {4}- new critical finding hidden_instructions: .*\(security\)/);
  });

  it('follows the policy flags: tolerances off make the same change pass', async () => {
    const run = await runCli([
      'lint', regressed, '--rules', 'v2', '--baseline', baselineFile,
      '--max-drop', '100', '--fail-on', 'none', '--no-fail-on-band-drop', '--no-fail-on-security',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('no regression');
  });

  it('refuses a baseline that is not a lint result, or of another rules version, with exit 2', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ schemaVersion: 1, tools: 'x' }));
    const run = await runCli(['lint', good, '--baseline', bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/baseline_invalid: .*bad\.json is not a toolmark lint result .*: \$\.\w+/);
    const other = await runCli(['lint', good, '--rules', 'v1', '--baseline', baselineFile]);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('the baseline was scored with rules v2 and this lint uses v1');
    const usage = await runCli(['lint', good, '--baseline', baselineFile, '--max-drop', 'lots']);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--max-drop expects a number from 0 to 100, got "lots"');
  });
});

describe('toolmark lint --format sarif', () => {
  it('names a relative surface file by its relative, encoded URI (code scanning resolves it from the repository root)', async () => {
    const run = await runCli(['lint', './fixtures/baseline/tools.json', '--format', 'sarif'], { cwd: fileURLToPath(new URL('.', import.meta.url)) });
    expect(run.code, run.stderr).toBe(0);
    const log = JSON.parse(run.stdout);
    expect(sarifValidator()(log)).toBeNull();
    expect(log.runs[0].artifacts).toEqual([{ location: { uri: 'fixtures/baseline/tools.json' }, mimeType: 'application/json' }]);
  });

  it('prints a SARIF 2.1.0 log that validates, with doc links and the tools\' lines in the file', async () => {
    const run = await runCli(['lint', regressed, '--rules', 'v2', '--format', 'sarif', '--instance', 'https://toolmark.example.com/']);
    expect(run.code, run.stderr).toBe(0);
    const log = JSON.parse(run.stdout);
    expect(sarifValidator()(log)).toBeNull();
    const results = log.runs[0].results as { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }[] }[];
    const hidden = results.find((r) => r.ruleId === 'hidden_instructions');
    expect(hidden?.level).toBe('error');
    expect(hidden?.locations[0]?.physicalLocation.artifactLocation.uri).toBe(pathToFileURL(regressed).href);
    const lines = readFileSync(regressed, 'utf8').split('\n');
    expect(lines[(hidden?.locations[0]?.physicalLocation.region.startLine ?? 0) - 1]).toContain('"name": "search_issues"');
    const rule = log.runs[0].tool.driver.rules.find((r: { id: string }) => r.id === 'hidden_instructions');
    expect(rule.helpUri).toBe('https://toolmark.example.com/findings?rules=v2#hidden_instructions');
  });
});

describe('toolmark lint --format markdown --baseline', () => {
  let server: Server;
  let base = '';
  const seen: { url?: string; auth?: string }[] = [];

  beforeAll(async () => {
    const saved = { ...JSON.parse(readFileSync(baselineFile, 'utf8')), version: { id: 'v', seq: 1, label: null, capturedAt: '2026-01-01T00:00:00Z' } };
    server = createServer((req, res) => {
      seen.push({ url: req.url ?? '', auth: req.headers.authorization ?? '' });
      if (req.url === '/v1/servers/issues-server/lint/latest') res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(saved));
      else res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"no","detail":{}}}');
    });
    await new Promise<void>((resolve) => server.listen(5151, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('prints the pull-request report from a file baseline and exits 1', async () => {
    const run = await runCli(['lint', regressed, '--rules', 'v2', '--format', 'markdown', '--baseline', baselineFile]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toMatch(/^## toolmark lint — change against the baseline\n\n\*\*❌ \d+ regressions\*\*/);
    expect(run.stdout).toMatch(/\| Server mean \| \d+\.\d \| \d+\.\d \| −\d+\.\d \|/);
    expect(run.stdout).toMatch(/\| get\\_issue \| \d+ ☀ sunny \| \d+ [☁☂] (cloudy|rain) \| −\d+ ⚠ band down \|/);
    expect(run.stdout).toContain('### New findings');
    expect(run.stdout).toMatch(/\| search\\_issues \| `hidden_instructions` \(security\) \| critical \|/);
    expect(run.stdout.length).toBeLessThan(65_536);
  });

  it('reads the latest saved lint of a server from an instance, sends the key, and links the server page', async () => {
    const run = await runCli(['lint', regressed, '--rules', 'v2', '--format', 'markdown', '--baseline', `${base}/servers/issues-server`], {
      env: { TOOLMARK_API_KEY: 'tmk_test' },
    });
    expect(run.code, run.stderr).toBe(1);
    expect(run.stdout).toContain(`[Server page](${base}/servers/issues-server)`);
    expect(seen.at(-1)).toEqual({ url: '/v1/servers/issues-server/lint/latest', auth: 'Bearer tmk_test' });
    const plain = await runCli(['lint', regressed, '--baseline', 'http://toolmark.invalid/servers/issues-server'], { env: { TOOLMARK_API_KEY: 'tmk_test' } });
    expect(plain.code).toBe(2);
    expect(plain.stderr).toContain('TOOLMARK_API_KEY is never sent over plain HTTP to a remote host');
    const missing = await runCli(['lint', regressed, '--baseline', `${base}/servers/nope`]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('baseline_unreachable: cannot read the baseline from');
    expect(missing.stderr).toContain('no such server, or it has no saved lint yet');
  });
});
