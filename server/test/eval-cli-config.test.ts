// End-to-end through the built CLI: task sets that mean what they say (`tasks lint` and `run`),
// --cases-per-tool, toolmark.config.json and the flags that override it, the paid-run trial budget,
// --only/--skip, --max-context-tokens, --seconds-per-trial and --reasoning-effort. Model runs go to the
// FAKE OpenAI server on 127.0.0.1 (its answers are not a model's).
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RunReportSchema } from '@toolmark/benchmarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from './fakes/llm-servers.mjs';
import { runCli } from './helpers.js';

const MEMORY = fileURLToPath(new URL('../../distractors/memory/tools.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolmark-eval-config-'));
const path = (name: string) => join(dir, name);
const write = (name: string, text: string) => {
  writeFileSync(path(name), text);
  return path(name);
};

// Seed 004's shape on the memory server: one case per command, commands named in expect steps.
const ONE_PER_COMMAND = `version: 1
tasks:
  - id: det-create
    prompt: Add Rossi to the knowledge graph as a person
    expected: create_entities
    expect:
      - name: create_entities
  - id: det-delete
    prompt: Forget everything about Rossi
    expected: delete_entities
  - id: read-graph
    prompt: Show me the whole knowledge graph
    expected: read_graph
  - id: chat-joke
    prompt: Tell me a joke about cats
    expected: null
`;

describe('tasks lint and run refuse a task set that does not mean what it says', () => {
  it('a misspelt key (forbiden:, arg: in an expect step) is an error naming the task and the key, in lint and in run', async () => {
    const typo = write('typo.yaml', ONE_PER_COMMAND.replace('    expected: delete_entities\n', '    expected: delete_entities\n    forbiden: [read_graph]\n'));
    for (const args of [['tasks', 'lint', MEMORY, '--tasks', typo], ['run', MEMORY, '--provider', 'lexical', '--tasks', typo]]) {
      const r = await runCli(args, { cwd: dir });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('invalid_task_set: task "det-delete", line 11: tasks[1]: unknown key "forbiden" (did you mean "forbid"?)');
    }
    const step = write('step.yaml', ONE_PER_COMMAND.replace('      - name: create_entities\n', '      - name: create_entities\n        arg: { entities: [] }\n'));
    const r = await runCli(['run', MEMORY, '--provider', 'lexical', '--tasks', step], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/task "det-create", line \d+: tasks\[0\]\.expect\[0\]: unknown key "arg" \(did you mean "args"\?\)/);
  });

  it('an impossible range is an error of tasks lint', async () => {
    const range = write('range.yaml', ONE_PER_COMMAND.replace('      - name: create_entities\n', '      - name: create_entities\n        args: { entities: { min: 5, max: 1 } }\n'));
    const r = await runCli(['tasks', 'lint', MEMORY, '--tasks', range], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/task "det-create", line \d+: tasks\[0\]\.expect\[0\]\.args\.entities: impossible range: min 5 is greater than max 1/);
  });

  it('the per-tool minimum is a setting: one case per command passes with --min-cases-per-tool 1 or thresholds.minCasesPerTool', async () => {
    const set = write('one.yaml', ONE_PER_COMMAND);
    const strict = await runCli(['tasks', 'lint', MEMORY, '--tasks', set], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('create_entities has 1 task(s); at least 3 are needed for a rate worth reading (--min-cases-per-tool sets this)');
    const relaxed = await runCli(['tasks', 'lint', MEMORY, '--tasks', set, '--min-cases-per-tool', '1'], { cwd: dir });
    expect(relaxed.code, relaxed.stdout).toBe(0);
    const cfgDir = join(dir, 'lint-config');
    mkdirSync(cfgDir, { recursive: true });
    writeFileSync(join(cfgDir, 'toolmark.config.json'), JSON.stringify({ target: MEMORY, tasks: '../one.yaml', thresholds: { minCasesPerTool: 1 } }));
    const fromConfig = await runCli(['tasks', 'lint'], { cwd: cfgDir });
    expect(fromConfig.code, fromConfig.stderr + fromConfig.stdout).toBe(0);
    expect(fromConfig.stderr).toContain('config ');
  });
});

describe('--cases-per-tool', () => {
  it('gives exactly N tool-directed cases per tool, or says which tool cannot have them and how many it can', async () => {
    const r = await runCli(['run', MEMORY, '--provider', 'lexical', '--cases-per-tool', '12', '--format', 'json'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const report = RunReportSchema.parse(JSON.parse(r.stdout));
    const perTool = new Map<string, number>();
    for (const c of report.cases) if (c.kind === 'tool-directed') perTool.set(c.expected!, (perTool.get(c.expected!) ?? 0) + 1);
    expect([...perTool.values()]).toEqual(Array(9).fill(12));
    const tooMany = await runCli(['run', MEMORY, '--provider', 'lexical', '--cases-per-tool', '100'], { cwd: dir });
    expect(tooMany.code).toBe(2);
    expect(tooMany.stderr).toMatch(/cases_unavailable: --cases-per-tool 100: the offline generator can give fewer distinct cases for \d+ tool\(s\): \w+ \(en\): \d+/);
  });
});

describe('toolmark.config.json', () => {
  let fake: FakeServer;
  beforeAll(async () => {
    fake = await startFake('openai');
  });
  afterAll(async () => {
    await fake.close();
  });

  const project = (name: string, config: unknown, ext = 'json') => {
    const d = join(dir, name);
    mkdirSync(d, { recursive: true });
    writeFileSync(join(d, `toolmark.config.${ext}`), typeof config === 'string' ? config : JSON.stringify(config, null, 2));
    return d;
  };

  it('supplies target, provider, trials and thresholds; flags override it', async () => {
    const d = project('plain', { target: MEMORY, provider: { name: 'lexical' }, trials: { repeat: 2, casesPerTool: 2, only: ['td:'] }, thresholds: { minAccuracy: 0 }, report: { format: 'json' } });
    const r = await runCli(['run'], { cwd: d });
    expect(r.code, r.stderr).toBe(0);
    const report = RunReportSchema.parse(JSON.parse(r.stdout));
    expect(report.conditions.repeats).toBe(2);
    expect(report.cases.every((c) => c.id.startsWith('td:'))).toBe(true);
    expect(report.cases).toHaveLength(18);
    const flags = await runCli(['run', '--repeat', '1', '--skip', 'td:read_graph'], { cwd: d });
    const over = RunReportSchema.parse(JSON.parse(flags.stdout));
    expect(over.conditions.repeats).toBe(1);
    expect(over.cases.map((c) => c.id).filter((id) => id.startsWith('td:read_graph'))).toEqual([]);
    expect(over.cases).toHaveLength(16);
  });

  it('a .js and a .ts config work too (the .ts one compiled by esbuild on Node 20)', async () => {
    for (const ext of ['mjs', 'ts']) {
      const typed = ext === 'ts' ? ': { provider: { name: string }; trials: { repeat: number } }' : '';
      const d = project(`code-${ext}`, `const config${typed} = { target: ${JSON.stringify(MEMORY)}, provider: { name: 'lexical' }, trials: { repeat: 3, casesPerTool: 1 }, report: { format: 'json' } };\nexport default config;\n`, ext);
      const r = await runCli(['run'], { cwd: d });
      expect(r.code, r.stderr).toBe(0);
      expect(RunReportSchema.parse(JSON.parse(r.stdout)).conditions.repeats).toBe(3);
    }
  });

  it('an API key is never a config field; errors say file, path and what', async () => {
    const key = project('key', { target: MEMORY, provider: { name: 'openai', model: 'm', apiKey: 'x' } });
    const r = await runCli(['run'], { cwd: key });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('config_invalid: toolmark.config.json: provider.apiKey: it names a secret: API keys are never config fields; set OPENAI_API_KEY');
    expect(r.stderr).toContain('at: provider.apiKey');
    const value = project('key-value', { target: MEMORY, provider: { name: 'openai', model: 'sk-proj-abcdefghijklmnopqrstuvwx' } });
    expect((await runCli(['run'], { cwd: value })).stderr).toContain('provider.model: its value looks like an API key');
    const typo = project('typo', { target: MEMORY, provider: { name: 'lexical' }, trials: { repeats: 2 } });
    expect((await runCli(['run'], { cwd: typo })).stderr).toContain('config_invalid: toolmark.config.json: trials: unknown key(s) "repeats"');
    const range = project('range', { target: MEMORY, provider: { name: 'lexical' }, trials: { repeat: 1000 } });
    expect((await runCli(['run'], { cwd: range })).stderr).toMatch(/config_invalid: toolmark\.config\.json: trials\.repeat: Too big: expected number to be <=100/);
    const explicit = await runCli(['run', '--config', join(typo, 'toolmark.config.json')], { cwd: dir });
    expect(explicit.stderr).toContain('unknown key(s) "repeats"');
  });

  it('a paid run above 200 trials is refused until --max-trials raises it; the baseline is exempt', async () => {
    const env = { OPENAI_API_KEY: fake.key };
    const d = project('paid', { target: MEMORY, provider: { name: 'openai-chat', model: 'fake-model-1', baseUrl: fake.baseURL }, trials: { repeat: 3 } });
    const before = fake.requests.length;
    const refused = await runCli(['run', '--no-cache'], { cwd: d, env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/trial_budget_exceeded: (\d+) trials planned; the budget is 200 \(the default of a paid run: check the workload with --dry-run, then raise it with --max-trials \1/);
    expect(fake.requests.length).toBe(before);
    const dry = await runCli(['run', '--dry-run', '--seconds-per-trial', '2', '--concurrency', '4'], { cwd: d, env });
    expect(dry.code).toBe(2);
    const trials = Number(/= (\d+) trials/.exec(dry.stdout)![1]);
    expect(dry.stdout).toContain(`time     ≈ ${Math.floor((Math.ceil(trials / 4) * 2) / 60)} min`);
    expect(dry.stdout).toMatch(/refused +\d+ trials planned; the budget is 200/);
    const raised = await runCli(['run', '--no-cache', '--max-trials', String(trials), '--format', 'json', '--reasoning-effort', 'low'], { cwd: d, env });
    expect(raised.code, raised.stderr).toBe(0);
    expect(fake.requests.length - before).toBe(trials);
    expect(fake.requests.at(-1)!.body).toMatchObject({ reasoning_effort: 'low' });
    expect(RunReportSchema.parse(JSON.parse(raised.stdout)).conditions.settings.reasoningEffort).toBe('low');
    const free = await runCli(['run', MEMORY, '--provider', 'lexical', '--repeat', '3'], { cwd: dir });
    expect(free.code, free.stderr).toBe(0);
  });

  it('--max-context-tokens refuses a surface whose tools exceed it, with the count, before any call', async () => {
    const r = await runCli(['run', MEMORY, '--provider', 'lexical', '--max-context-tokens', '100'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/context_budget_exceeded: the 9 tools shown take \d+ tokens \(o200k_base\) per trial; --max-context-tokens is 100/);
    const dry = await runCli(['run', MEMORY, '--provider', 'lexical', '--max-context-tokens', '100', '--dry-run'], { cwd: dir });
    expect(dry.stdout).toMatch(/refused +the 9 tools shown take \d+ tokens/);
    expect((await runCli(['run', MEMORY, '--provider', 'lexical', '--max-context-tokens', '100000', '--cases-per-tool', '1'], { cwd: dir })).code).toBe(0);
  });
});

describe('tasks mutate output', () => {
  it('is grammatical for every mutation kind (read back from the file it writes)', async () => {
    const set = write('mutate-in.yaml', `version: 1
tasks:
  - id: en
    prompt: Show me all the users in the workspace
    expected: list_users
  - id: q
    prompt: What is the capital of Australia?
    expected: null
  - id: ja
    prompt: 標高で色分けして
    expected: set_color_mode
`);
    const out = path('mutate-out.yaml');
    const r = await runCli(['tasks', 'mutate', '--tasks', set, '--out', out, '--seed', '1'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    const prompt = (id: string) => new RegExp(`id: ${id.replace('~', '~')}\\n\\s+prompt: (.+)\\n`).exec(text)?.[1];
    expect(prompt('en~casual')).toBe('hey, show me all the users in the workspace');
    expect(prompt('en~polite')).toBe('Would you kindly show me all the users in the workspace?');
    expect(prompt('en~imperative')).toBe('Show me all the users in the workspace.');
    expect(prompt('en~question')).toBe('Could you show me all the users in the workspace?');
    expect(prompt('en~typo')).toMatch(/^Sh?o?w me|^S/);
    expect(prompt('q~polite')).toBe('Excuse me, what is the capital of Australia?');
    expect(prompt('q~imperative')).toBeUndefined();
    expect(prompt('ja~polite')).toBe('標高で色分けしてください。');
    expect(prompt('ja~question')).toBe('標高で色分けしてもらえますか？');
    expect(prompt('ja~imperative')).toBe('標高で色分けして。');
    expect(prompt('ja~casual')).toBe('ねえ、標高で色分けしてよ');
  });
});
