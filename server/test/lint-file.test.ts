// End-to-end: `toolmark lint <file>` through the built CLI (run `npm run build` first; `npm test` does).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LintResultSchema, ruleSets } from '@toolmark/benchmarks';
import { beforeAll, describe, expect, it } from 'vitest';
import { ANSI, runCli } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'toolmark-lint-'));
const file = (name: string, content: unknown): string => {
  const path = join(dir, name);
  writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
  return path;
};

const tools = [
  {
    name: 'search_issues',
    description:
      'Search issues in a repository by text. Use it to find existing issues before filing one; do not use it to read one issue (use get_issue). Returns up to 50 issues with id, title and state. Example: query "crash on start".',
    inputSchema: {
      type: 'object',
      properties: { query: { type: 'string', description: 'Words to look for.', examples: ['crash on start'] } },
      required: ['query'],
      additionalProperties: false,
    },
    annotations: { readOnlyHint: true },
  },
  { name: 'get_issue', description: 'Get an issue.', inputSchema: { type: 'object', properties: { id: { type: 'number' } } } },
  { name: 'delete_issue', inputSchema: { type: 'object' } },
];
const good = file('tools.json', { tools });

describe('toolmark lint <file>', () => {
  let json: ReturnType<typeof LintResultSchema.parse>;

  beforeAll(async () => {
    const run = await runCli(['lint', good, '--json']);
    expect(run.code, run.stderr).toBe(0);
    json = LintResultSchema.parse(JSON.parse(run.stdout));
  });

  it('--json prints exactly a LintResult for these tools', () => {
    expect(json.surface.toolCount).toBe(3);
    expect(json.tools.map((t) => t.name)).toEqual(['search_issues', 'get_issue', 'delete_issue']);
    expect(json.rules.id).toBe('v3');
    const missing = json.tools.find((t) => t.name === 'delete_issue');
    expect(missing?.findings.map((f) => f.code)).toContain('no_description');
    expect(json.counts.critical).toBeGreaterThanOrEqual(1);
  });

  it('prints a terminal report with each tool, its band word and symbol, and the server mean', async () => {
    const run = await runCli(['lint', good]);
    expect(run.code).toBe(0);
    for (const t of json.tools) {
      const symbol = { sunny: '☀', cloudy: '☁', rain: '☂' }[t.band];
      expect(run.stdout).toMatch(new RegExp(`^ *${t.score} ${symbol} ${t.band} +${t.name}$`, 'm'));
    }
    expect(run.stdout).toContain(`Server mean ${json.score?.toFixed(1)}/100`);
    expect(run.stdout).toMatch(/critical \(\d+\)\n\s+no_description/);
    expect(run.stderr).toBe('');
  });

  it('scores with v3 by default (issue 25); --rules latest is v3; --rules v1 and v2 still score with the frozen versions (same surface, their own hash)', async () => {
    expect(json.rules).toEqual({ id: 'v3', hash: ruleSets.v3.hash });
    const latest = await runCli(['lint', good, '--json', '--rules', 'latest']);
    expect(latest.code, latest.stderr).toBe(0);
    expect(JSON.parse(latest.stdout)).toEqual(json);
    for (const id of ['v1', 'v2'] as const) {
      const run = await runCli(['lint', good, '--json', '--rules', id]);
      expect(run.code, run.stderr).toBe(0);
      const old = LintResultSchema.parse(JSON.parse(run.stdout));
      expect(old.rules).toEqual({ id, hash: ruleSets[id].hash });
      expect(old.surface.hash).toBe(json.surface.hash);
    }
    const unknown = await runCli(['lint', good, '--rules', 'v9']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('known: v1, v2, v3, v4 (draft), latest');
  });

  it('accepts the JSON-RPC envelope and a bare array, and reads stdin with -', async () => {
    const envelope = file('envelope.json', { jsonrpc: '2.0', id: 1, result: { tools } });
    const array = file('array.json', tools);
    for (const args of [['lint', envelope, '--json'], ['lint', array, '--json']]) {
      const run = await runCli(args);
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).surface.hash).toBe(json.surface.hash);
    }
    const piped = await runCli(['lint', '-', '--json'], { input: JSON.stringify({ tools }) });
    expect(piped.code, piped.stderr).toBe(0);
    expect(JSON.parse(piped.stdout).surface.hash).toBe(json.surface.hash);
  });

  it('--format markdown prints Markdown with escaped names', async () => {
    const run = await runCli(['lint', good, '--format', 'markdown']);
    expect(run.code).toBe(0);
    expect(run.stdout.startsWith('## toolmark lint\n')).toBe(true);
    expect(run.stdout).toContain('| search\\_issues |');
  });

  it('--fail-under exits 1 below the threshold and 0 at or above it', async () => {
    const mean = json.score ?? 0;
    const pass = await runCli(['lint', good, '--fail-under', String(Math.floor(mean))]);
    expect(pass.code).toBe(0);
    const fail = await runCli(['lint', good, '--fail-under', String(Math.min(100, mean + 0.1))]);
    expect(fail.code).toBe(1);
    expect(fail.stderr).toContain(`the server mean ${mean.toFixed(1)} is below --fail-under`);
    // The report is still printed: CI logs show why it failed.
    expect(fail.stdout).toContain('Server mean');
  });

  it('has no ANSI escapes when piped or with NO_COLOR, and colours with FORCE_COLOR', async () => {
    const piped = await runCli(['lint', good]);
    expect(piped.stdout).not.toMatch(ANSI);
    const noColor = await runCli(['lint', good], { env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toMatch(ANSI);
    const forced = await runCli(['lint', good], { env: { FORCE_COLOR: '1' } });
    expect(forced.stdout).toMatch(ANSI);
    // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
    expect(forced.stdout.replace(/\u001b\[\d+m/g, '')).toBe(piped.stdout);
  });

  it('neutralises terminal escapes and bidi characters in hostile tool names', async () => {
    const hostile = file('hostile.json', {
      tools: [{ name: 'evil\u001b[2J\u202Ename', description: 'Clears the screen \u001b]0;pwned\u0007 quietly.', inputSchema: { type: 'object' } }],
    });
    const run = await runCli(['lint', hostile]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toContain('\u001b');
    expect(run.stdout).not.toContain('\u202E');
    expect(run.stdout).toContain('evil<U+001B>[2J<U+202E>name');
  });
});
