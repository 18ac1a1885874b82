// `toolmark mcp` over stdio, driven by the official SDK client (StdioClientTransport spawning the BUILT CLI
// in a scratch working directory): the stdio tools give the CLI's own answers, and every launch guard holds
// against an agent that tries to get around it — paths out of the working directory (../, absolute,
// symlinks), URLs and commands as targets, budgets, provider overrides, paid runs without the flag, the cache.
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, wordMatchScript, type FakeServer } from '../fakes/llm-servers.mjs';
import { CLI, runCli } from '../helpers.js';

const root = mkdtempSync(join(tmpdir(), 'toolmark-mcp-'));
const work = join(root, 'work');
const tools = {
  tools: [
    { name: 'search_notes', description: 'Search the notes for a word. Use it before create_note. Returns up to 20 notes with id and title.', inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'The word to look for.' } }, required: ['query'] } },
    { name: 'create_note', description: 'Create a note with a title. Use it only when search_notes found nothing. Returns the new id.', inputSchema: { type: 'object', properties: { title: { type: 'string', description: 'The title.' } }, required: ['title'] } },
  ],
};
const TASKS = ['version: 1', 'tasks:', '  - id: s1', '    prompt: "search my notes for rust"', '    expected: search_notes', '  - id: c1', '    prompt: "create a note titled groceries"', '    expected: create_note', '  - id: n1', '    prompt: "what is the weather"', '    expected: null'].join('\n');
let fake: FakeServer;

const write = (name: string, value: unknown): void => writeFileSync(join(work, name), typeof value === 'string' ? value : JSON.stringify(value));

async function launch(args: string[], env: Record<string, string> = {}): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', ...args], cwd: work, env: { PATH: process.env.PATH ?? '', HOME: root, ...env }, stderr: 'pipe' });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => (err += d.toString()));
  const client = new Client({ name: 'toolmark-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => err };
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
  const res = await client.callTool({ name, arguments: args });
  const body = JSON.parse((res.content as { text: string }[])[0]!.text);
  return { isError: res.isError === true, body };
};

beforeAll(async () => {
  mkdirSync(work);
  write('tools.json', tools);
  write('tasks.yaml', TASKS);
  writeFileSync(join(root, 'outside.yaml'), TASKS);
  writeFileSync(join(root, 'outside.json'), '{}');
  symlinkSync(join(root, 'outside.yaml'), join(work, 'link.yaml'));
  write('lexical.json', { target: './tools.json', tasks: './tasks.yaml', provider: { name: 'lexical' }, trials: { repeat: 2 } });
  fake = await startFake('openai', { script: wordMatchScript });
  write('paid.json', { target: './tools.json', tasks: './tasks.yaml', provider: { name: 'openai', model: 'gpt-test', baseUrl: fake.baseURL }, trials: { repeat: 2 } });
});
afterAll(async () => {
  await fake?.close();
  rmSync(root, { recursive: true, force: true });
});

describe('toolmark mcp: the CLI\'s answers', { timeout: 180_000 }, () => {
  it('offers the stdio tools, lints like `lint --json` and validates like `tasks lint --format json`', async () => {
    const { client, stderr } = await launch(['--config', 'lexical.json']);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['lint_surface', 'validate_tasks', 'estimate_evaluation', 'run_evaluation', 'diff_results']));
    expect(names).not.toContain('get_server_score');
    const cliLint = await runCli(['lint', '--json', join(work, 'tools.json')]);
    expect((await call(client, 'lint_surface', { tools: tools.tools, detail: true })).body).toEqual(JSON.parse(cliLint.stdout));
    const cliTasks = await runCli(['tasks', 'lint', join(work, 'tools.json'), '--tasks', join(work, 'tasks.yaml'), '--format', 'json', '--min-cases-per-tool', '1']);
    expect((await call(client, 'validate_tasks', { minCasesPerTool: 1 })).body).toEqual(JSON.parse(cliTasks.stdout));
    expect((await call(client, 'validate_tasks', { tasksFile: 'tasks.yaml', minCasesPerTool: 1 })).body).toEqual(JSON.parse(cliTasks.stdout));
    await client.close();
    // stdout is the protocol: logs only on stderr.
    expect(stderr()).toContain('toolmark mcp: info: serving over stdio');
  });

  it('--cwd names the working directory for clients that cannot start a server in one (the config and every path are read from it)', async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp', '--cwd', work, '--config', 'lexical.json'], cwd: root, env: { PATH: process.env.PATH ?? '', HOME: root }, stderr: 'ignore' });
    const client = new Client({ name: 'toolmark-test', version: '1.0.0' });
    await client.connect(transport);
    expect((await call(client, 'validate_tasks', { tasksFile: 'tasks.yaml', minCasesPerTool: 1 })).body.ok).toBe(true);
    expect((await call(client, 'validate_tasks', { tasksFile: '../outside.yaml' })).body.error.code).toBe('path_refused');
    await client.close();
  });

  it('a free run (lexical) returns a compact summary, writes the full report to --result-file, and diff_results compares saved runs like `diff`', async () => {
    const cli = await runCli(['run', '--config', join(work, 'lexical.json'), '--format', 'json', '--out', join(work, 'base.json')], { cwd: work });
    expect(cli.code, cli.stderr).toBe(0);
    const { client } = await launch(['--config', 'lexical.json', '--result-file', 'head.json']);
    const run = await call(client, 'run_evaluation');
    expect(run.isError, JSON.stringify(run.body)).toBe(false);
    expect(run.body).toMatchObject({ provider: 'lexical', baseline: true, trials: 6, resultFile: join(work, 'head.json') });
    expect(run.body.selectionAcc).toEqual(expect.objectContaining({ n: expect.any(Number) }));
    expect(run.body).not.toHaveProperty('cases');
    const saved = JSON.parse(readFileSync(join(work, 'head.json'), 'utf8'));
    expect(saved.kind).toBe('toolmark-run');
    expect(saved.metrics.selectionAcc.value).toBe(run.body.selectionAcc.value);
    const diff = await call(client, 'diff_results', { base: 'base.json', head: 'head.json' });
    const cliDiff = JSON.parse((await runCli(['diff', join(work, 'base.json'), join(work, 'head.json'), '--format', 'json'])).stdout);
    expect(diff.body).toMatchObject({ pairs: cliDiff.pairs, regressed: cliDiff.regressed, improved: cliDiff.improved, regression: cliDiff.regression });
    await client.close();
  });
});

describe('toolmark mcp: the agent cannot get around the launch guards', { timeout: 180_000 }, () => {
  it('paths: ../, absolute paths and symlinks out of the working directory are refused (path_refused), for every file argument', async () => {
    const { client } = await launch(['--config', 'lexical.json']);
    for (const path of ['../outside.yaml', join(root, 'outside.yaml'), 'link.yaml', 'sub/../../outside.yaml']) {
      const res = await call(client, 'validate_tasks', { tasksFile: path });
      expect(res, path).toMatchObject({ isError: true, body: { error: { code: 'path_refused', detail: { argument: 'tasksFile' } } } });
      const est = await call(client, 'estimate_evaluation', { tasksFile: path });
      expect(est.body.error.code, path).toBe('path_refused');
    }
    const diff = await call(client, 'diff_results', { base: '../outside.json', head: 'tasks.yaml' });
    expect(diff.body.error).toMatchObject({ code: 'path_refused', detail: { argument: 'base' } });
    await client.close();
  });

  it('targets: a URL, a command or another file is refused without --allow-dynamic-targets; with it, files still stay inside', async () => {
    const { client } = await launch(['--config', 'lexical.json']);
    for (const target of [{ url: 'http://127.0.0.1:9/mcp' }, { command: ['node', '-e', 'require("fs").writeFileSync("pwned","")'] }, { file: 'tools.json' }]) {
      for (const tool of ['estimate_evaluation', 'run_evaluation']) {
        const res = await call(client, tool, { target });
        expect(res.body.error?.code, `${tool} ${JSON.stringify(target)}`).toBe('target_refused');
      }
    }
    expect(existsSync(join(work, 'pwned'))).toBe(false);
    await client.close();
    const dynamic = await launch(['--config', 'lexical.json', '--allow-dynamic-targets']);
    expect((await call(dynamic.client, 'estimate_evaluation', { target: { file: 'tools.json' } })).isError).toBe(false);
    expect((await call(dynamic.client, 'estimate_evaluation', { target: { file: '../outside.json' } })).body.error.code).toBe('path_refused');
    await dynamic.client.close();
  });

  it('paid runs: refused without --allow-paid-runs (no request reaches the provider); the estimate is free and says why', async () => {
    const { client } = await launch(['--config', 'paid.json'], { OPENAI_API_KEY: fake.key });
    const run = await call(client, 'run_evaluation');
    expect(run.body.error).toMatchObject({ code: 'paid_runs_disabled', detail: { provider: 'openai' } });
    const estimate = await call(client, 'estimate_evaluation');
    expect(estimate.body).toMatchObject({ paid: true, trials: 6 });
    expect(estimate.body.refused.join(' ')).toContain('--allow-paid-runs');
    expect(fake.requests).toHaveLength(0);
    await client.close();
  });

  it('budgets: a run over the trials left is refused before any request, the budget is spent over calls, and the cache is off unless --cache', async () => {
    const { client } = await launch(['--config', 'paid.json', '--allow-paid-runs', '--max-trials', '8'], { OPENAI_API_KEY: fake.key });
    const first = await call(client, 'run_evaluation');
    expect(first.isError, JSON.stringify(first.body)).toBe(false);
    expect(first.body).toMatchObject({ trials: 6, paidTrialsLeft: 2 });
    expect(fake.requests).toHaveLength(6);
    const second = await call(client, 'run_evaluation');
    expect(second.body.error).toMatchObject({ code: 'budget_exceeded', detail: { budget: 'maxTrials', limit: 2, actual: 6 } });
    const repeat = await call(client, 'run_evaluation', { repeat: 20 });
    expect(repeat.body.error.code).toBe('budget_exceeded');
    expect(fake.requests).toHaveLength(6);
    expect(existsSync(join(work, '.toolmark'))).toBe(false);
    await client.close();
    const tools1 = await launch(['--config', 'paid.json', '--allow-paid-runs', '--max-tools', '1'], { OPENAI_API_KEY: fake.key });
    expect((await call(tools1.client, 'run_evaluation')).body.error).toMatchObject({ code: 'budget_exceeded', detail: { budget: 'maxTools' } });
    await tools1.client.close();
    const cached = await launch(['--config', 'paid.json', '--allow-paid-runs', '--cache'], { OPENAI_API_KEY: fake.key });
    expect((await call(cached.client, 'run_evaluation')).isError).toBe(false);
    expect(existsSync(join(work, '.toolmark', 'cache'))).toBe(true);
    await cached.client.close();
    rmSync(join(work, '.toolmark'), { recursive: true, force: true });
  });

  it('provider and model overrides: refused without --allow-provider-overrides; allowed with it', async () => {
    const { client } = await launch(['--config', 'lexical.json']);
    for (const args of [{ provider: 'mock' }, { model: 'gpt-other' }]) {
      expect((await call(client, 'run_evaluation', args)).body.error, JSON.stringify(args)).toMatchObject({ code: 'override_refused' });
      expect((await call(client, 'estimate_evaluation', args)).body.error.code).toBe('override_refused');
    }
    await client.close();
    const open = await launch(['--config', 'lexical.json', '--allow-provider-overrides']);
    expect((await call(open.client, 'estimate_evaluation', { provider: 'mock' })).body).toMatchObject({ provider: 'mock' });
    // An override to a paid provider still needs --allow-paid-runs.
    expect((await call(open.client, 'run_evaluation', { provider: 'openai', model: 'gpt-test' })).body.error.code).toBe('paid_runs_disabled');
    await open.client.close();
  });

  it('launch errors stop the server before it speaks: a JS config, budgets over the ceilings, a result file outside', async () => {
    write('toolmark.config.js', 'export default {}');
    for (const [args, what] of [
      [['--config', 'toolmark.config.js'], 'reviewed JSON'],
      [['--max-trials', '1001'], '--max-trials'],
      [['--max-tools', '0'], '--max-tools'],
      [['--result-file', '../run.json'], '--result-file'],
      [['--config', 'missing.json'], 'missing.json'],
    ] as const) {
      const res = await runCli(['mcp', ...args], { cwd: work });
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain(what);
      expect(res.stdout).toBe('');
    }
    write('big.json', { target: './tools.json', trials: { maxTrials: 5000 } });
    expect((await runCli(['mcp', '--config', 'big.json'], { cwd: work })).stderr).toContain('hard ceiling');
  });
});
