// End-to-end: `toolmark run | report | diff | tasks` through the built CLI (npm test builds first): the
// lexical baseline on a real distractor surface, runs against the FAKE OpenAI and Anthropic servers, Ctrl+C,
// and every error path with its exit code.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RunReportSchema } from '@toolmark/benchmarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFake, type FakeServer } from './fakes/llm-servers.mjs';
import { CLI, runCli } from './helpers.js';

const NOTION = fileURLToPath(new URL('../../distractors/notion/tools.json', import.meta.url));
const MEMORY = fileURLToPath(new URL('../../distractors/memory/tools.json', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'toolmark-eval-cli-'));
const path = (name: string) => join(dir, name);
const noCache = ['--no-cache'];

describe('toolmark run with the lexical baseline on a real distractor surface', () => {
  let report: ReturnType<typeof RunReportSchema.parse>;

  beforeAll(async () => {
    const run = await runCli(['run', NOTION, '--provider', 'lexical', '--distractors', 'memory', '--format', 'json', '--out', path('lexical.json')]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/lexical baseline .*not a model/);
    report = RunReportSchema.parse(JSON.parse(readFileSync(path('lexical.json'), 'utf8')));
  });

  it('writes a versioned run report that records what reproduces it, labelled baseline', () => {
    expect(report.schemaVersion).toBe(2);
    expect(report.baseline).toBe(true);
    expect(report.conditions.provider).toBe('lexical');
    expect(report.conditions.model).toBe('lexical-baseline');
    expect(report.conditions.endpoint).toBeNull();
    expect(report.surface.toolCount).toBe(24);
    expect(report.distractors).toEqual([{ name: 'memory', hash: expect.stringMatching(/^sha256:/), toolCount: 9 }]);
    expect(report.caseSet.source).toBe('offline');
    // Stamped at build time (dist/build-info.json, the commit when built in git), not read from .git now.
    const stamped = JSON.parse(readFileSync(new URL('../dist/build-info.json', import.meta.url), 'utf8')) as { version: string; commit: string | null };
    expect(report.codeVersion).toBe(`${stamped.version}+${stamped.commit === null ? 'unknown' : stamped.commit.slice(0, 12)}`);
    expect(report.trials).toHaveLength(report.cases.length);
    expect(report.metrics.selectionAcc.value).toBeGreaterThan(0.5);
    expect(report.unsupported).toEqual(['seed', 'temperature']);
  });

  it('the terminal report says baseline; every format renders; report re-renders the saved file', async () => {
    const terminal = await runCli(['run', MEMORY, '--provider', 'lexical', '--repeat', '2']);
    expect(terminal.code, terminal.stderr).toBe(0);
    expect(terminal.stdout).toContain('baseline');
    expect(terminal.stdout).toMatch(/selectionAcc/);
    for (const format of ['markdown', 'html', 'junit', 'badge', 'terminal']) {
      const r = await runCli(['report', path('lexical.json'), '--format', format]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(10);
    }
    const junit = await runCli(['report', path('lexical.json'), '--format', 'junit', '--out', path('junit.xml')]);
    expect(junit.code).toBe(0);
    expect(readFileSync(path('junit.xml'), 'utf8')).toMatch(/^<\?xml/);
  });

  it('the same run twice is identical in every trial (deterministic) and diff finds no regression', async () => {
    const again = await runCli(['run', NOTION, '--provider', 'lexical', '--distractors', 'memory', '--format', 'json', '--out', path('lexical2.json')]);
    expect(again.code).toBe(0);
    const second = RunReportSchema.parse(JSON.parse(readFileSync(path('lexical2.json'), 'utf8')));
    expect(second.trials.map((t) => t.verdict)).toEqual(report.trials.map((t) => t.verdict));
    const diff = await runCli(['diff', path('lexical.json'), path('lexical2.json')]);
    expect(diff.code, diff.stderr).toBe(0);
    expect(diff.stdout).toMatch(/no distinguishable regression/);
    const json = await runCli(['diff', path('lexical.json'), path('lexical2.json'), '--format', 'json']);
    expect(JSON.parse(json.stdout).regression).toBe(false);
  });

  it('diff refuses runs that are not comparable (exit 2, names the field)', async () => {
    const other = await runCli(['run', NOTION, '--provider', 'lexical', '--distractors', 'memory', '--seed', '5', '--format', 'json', '--out', path('seed5.json')]);
    expect(other.code).toBe(0);
    const diff = await runCli(['diff', path('lexical.json'), path('seed5.json')]);
    expect(diff.code).toBe(2);
    expect(diff.stderr).toMatch(/not_comparable/);
  });

  it('thresholds: --min-accuracy 1 fails with exit 1; a reachable one passes', async () => {
    const fail = await runCli(['run', NOTION, '--provider', 'lexical', '--min-accuracy', '1']);
    expect(fail.code).toBe(1);
    expect(fail.stderr).toMatch(/selectionAcc|accuracy/i);
    const pass = await runCli(['run', NOTION, '--provider', 'lexical', '--min-accuracy', '0.5', '--max-false-calls', '0.5']);
    expect(pass.code, pass.stderr).toBe(0);
  });

  it('--dry-run prints the workload and a lower-bound token count, calls nothing; over budget it exits 2', async () => {
    const dry = await runCli(['run', NOTION, '--provider', 'openai', '--model', 'gpt-x', '--repeat', '3', '--distractors', 'memory,context7', '--dry-run', '--max-trials', '5000']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(/nothing was sent/);
    expect(dry.stdout).toMatch(/× 3 repeat\(s\) = \d+ trials/);
    expect(dry.stdout).toMatch(/35 shown \(24 server, 11 distractors\)/);
    expect(dry.stdout).toMatch(/≥ \d+ tokens/);
    const over = await runCli(['run', NOTION, '--provider', 'lexical', '--max-trials', '5', '--dry-run']);
    expect(over.code).toBe(2);
    expect(over.stdout).toMatch(/refused/);
    const refused = await runCli(['run', NOTION, '--provider', 'lexical', '--max-tools', '10']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/tool_limit_exceeded/);
  });
});

describe('toolmark run against the fake OpenAI and Anthropic servers (numbers are the fake\'s, not a model\'s)', () => {
  let openai: FakeServer;
  let anthropic: FakeServer;
  beforeAll(async () => {
    openai = await startFake('openai');
    anthropic = await startFake('anthropic');
  });
  afterAll(async () => {
    await openai.close();
    await anthropic.close();
  });

  it.each([
    ['openai', 'OPENAI_API_KEY', ['seed']],
    ['openai-chat', 'OPENAI_API_KEY', []],
    ['anthropic', 'ANTHROPIC_API_KEY', ['seed', 'temperature']],
  ] as const)('%s: a full run over the SDK, recorded provider, endpoint and unsupported settings; the key appears nowhere', async (provider, variable, unsupported) => {
    const fake = provider === 'anthropic' ? anthropic : openai;
    const before = fake.requests.length;
    const out = path(`${provider}.json`);
    const run = await runCli(['run', MEMORY, '--provider', provider, '--model', 'fake-model', '--base-url', fake.baseURL, '--format', 'json', '--out', out, ...noCache], {
      env: { [variable]: fake.key },
    });
    expect(run.code, run.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    const report = RunReportSchema.parse(JSON.parse(text));
    expect(report.baseline).toBe(false);
    expect(report.conditions.provider).toBe(provider);
    expect(report.conditions.endpoint).toBe(fake.baseURL);
    expect(report.unsupported).toEqual(unsupported);
    expect(fake.requests.length - before).toBe(report.trials.length);
    expect(report.metrics.scored).toBe(report.trials.length);
    expect(text).not.toContain(fake.key);
    expect(run.stderr).not.toContain(fake.key);
  });

  it('a second run is answered from the cache: no request reaches the server', async () => {
    const cacheDir = path('cache');
    const args = ['run', MEMORY, '--provider', 'openai-chat', '--model', 'fake-model', '--base-url', openai.baseURL, '--cache-dir', cacheDir, '--format', 'json'];
    const first = await runCli(args, { env: { OPENAI_API_KEY: openai.key } });
    expect(first.code, first.stderr).toBe(0);
    const before = openai.requests.length;
    const second = await runCli(args, { env: { OPENAI_API_KEY: openai.key } });
    expect(second.code, second.stderr).toBe(0);
    expect(openai.requests.length).toBe(before);
    expect(JSON.parse(second.stdout).trials.every((t: { cached: boolean }) => t.cached)).toBe(true);
  });

  it('the server failing every request: exit 2 (error rate), no report', async () => {
    const failing = await startFake('openai', { script: () => ({ status: 500 }) });
    try {
      const out = path('failing.json');
      const run = await runCli(['run', MEMORY, '--provider', 'openai', '--model', 'm', '--base-url', failing.baseURL, '--retries', '0', '--out', out, ...noCache], {
        env: { OPENAI_API_KEY: failing.key },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/error_rate_exceeded/);
      expect(existsSync(out)).toBe(false);
      expect(failing.requests.length).toBeLessThan(20);
    } finally {
      await failing.close();
    }
  });

  it('a gateway answering HTTP 200 {} to every request: exit 2 (error rate, no_answer), not a perfectly cautious model', async () => {
    const empty = await startFake('openai', { script: () => ({ body: {} }) });
    try {
      const out = path('empty.json');
      const run = await runCli(['run', MEMORY, '--provider', 'openai-chat', '--model', 'm', '--base-url', empty.baseURL, '--retries', '0', '--out', out, ...noCache], {
        env: { OPENAI_API_KEY: empty.key },
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/error_rate_exceeded/);
      expect(run.stderr).toMatch(/no_answer: provider openai-chat: HTTP 200 without a model answer/);
      expect(existsSync(out)).toBe(false);
      // Allowed to run through (--max-error-rate 1), the report says what happened instead of scoring it.
      const through = await runCli(['run', MEMORY, '--provider', 'openai-chat', '--model', 'm', '--base-url', empty.baseURL, '--retries', '0', '--max-error-rate', '1', '--format', 'json', ...noCache], {
        env: { OPENAI_API_KEY: empty.key },
      });
      expect(through.code).toBe(2);
      const report = RunReportSchema.parse(JSON.parse(through.stdout));
      expect(report.metrics.scored).toBe(0);
      expect(report.metrics.falseCallRate.value).toBeNull();
      expect(report.metrics.providerErrors).toEqual([expect.objectContaining({ code: 'no_answer', count: report.trials.length })]);
      expect(through.stderr).toMatch(/0 trial\(s\) scored/);
    } finally {
      await empty.close();
    }
  });

  it('Ctrl+C during a Retry-After wait: exit 130 at once, no report file', async () => {
    const limited = await startFake('openai', { script: () => ({ status: 429, retryAfter: 60 }) });
    try {
      const out = path('cancelled-429.json');
      const child = spawn(process.execPath, [CLI, 'run', MEMORY, '--provider', 'openai', '--model', 'm', '--base-url', limited.baseURL, '--concurrency', '1', '--out', out, ...noCache], {
        env: { ...process.env, OPENAI_API_KEY: limited.key },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      const deadline = Date.now() + 20_000;
      while (limited.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(limited.requests.length).toBe(1);
      // The 429 is answered at once; give the client a moment to read it and start its 60 s wait.
      await new Promise((r) => setTimeout(r, 300));
      child.kill('SIGINT');
      // Watchdog, not a speed claim: it must stay under the CLI's own 5 s fallback exit, which a wait
      // that keeps running (a timer the SDK cannot cancel) would otherwise hide.
      const code = await Promise.race([exited, new Promise<'hung'>((r) => setTimeout(() => r('hung'), 4_000))]);
      if (code === 'hung') child.kill('SIGKILL');
      expect(code).toBe(130);
      expect(stderr).toMatch(/cancelled; no report written/);
      expect(existsSync(out)).toBe(false);
      expect(limited.requests.length).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('a wrong key: exit 2 with auth at once, the key not printed', async () => {
    const run = await runCli(['run', MEMORY, '--provider', 'anthropic', '--model', 'm', '--base-url', anthropic.baseURL, ...noCache], { env: { ANTHROPIC_API_KEY: 'sk-ant-wrong-123456' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/provider_failed|auth/);
    expect(run.stderr).not.toContain('sk-ant-wrong-123456');
  });

  it('Ctrl+C: exit 130 and no report file', async () => {
    const hanging = await startFake('openai', { script: () => ({ hang: true }) });
    try {
      const out = path('cancelled.json');
      const child = spawn(process.execPath, [CLI, 'run', MEMORY, '--provider', 'openai', '--model', 'm', '--base-url', hanging.baseURL, '--out', out, ...noCache], {
        env: { ...process.env, OPENAI_API_KEY: hanging.key },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const deadline = Date.now() + 20_000;
      while (hanging.requests.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      expect(hanging.requests.length).toBeGreaterThan(0);
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c)));
      expect(code).toBe(130);
      expect(stderr).toMatch(/cancelled; no report written/);
      expect(existsSync(out)).toBe(false);
    } finally {
      await hanging.close();
    }
  });
});

describe('toolmark run: every error path exits 2 with a code', () => {
  it.each([
    ['no provider', ['run', NOTION], /--provider is required/],
    ['unknown provider', ['run', NOTION, '--provider', 'gpt'], /unknown provider/],
    ['no model for a model provider', ['run', NOTION, '--provider', 'openai'], /--model is required/],
    ['missing key', ['run', NOTION, '--provider', 'openai', '--model', 'm'], /missing_key: .*OPENAI_API_KEY/],
    ['missing hosted preset key', ['run', NOTION, '--provider', 'openrouter', '--model', 'm'], /missing_key: .*OPENROUTER_API_KEY/],
    ['unknown distractor set', ['run', NOTION, '--provider', 'lexical', '--distractors', 'nope'], /distractor_unknown_set/],
    ['unavailable distractor set', ['run', NOTION, '--provider', 'lexical', '--distractors', 'bhived'], /distractor_unavailable/],
    ['no such surface file', ['run', join(dir, 'nope.json'), '--provider', 'lexical'], /file_not_found/],
    ['no surface at all', ['run', '--provider', 'lexical'], /say what to read/],
    ['bad --repeat', ['run', NOTION, '--provider', 'lexical', '--repeat', '0'], /--repeat expects/],
    ['bad --min-accuracy', ['run', NOTION, '--provider', 'lexical', '--min-accuracy', '2'], /--min-accuracy expects/],
    ['bad --languages', ['run', NOTION, '--provider', 'lexical', '--languages', 'fr'], /--languages/],
    ['bad --format', ['run', NOTION, '--provider', 'lexical', '--format', 'pdf'], /invalid|Allowed choices/i],
    ['generator half given', ['run', NOTION, '--provider', 'lexical', '--generate-with', 'openai'], /go together/],
    ['no such task file', ['run', NOTION, '--provider', 'lexical', '--tasks', join(dir, 'none.yaml')], /file_not_found/],
  ])('%s', async (_name, args, message) => {
    const run = await runCli([...args, ...noCache], { env: { OPENAI_API_KEY: '', OPENROUTER_API_KEY: '' } });
    expect(run.code, run.stdout).toBe(2);
    expect(run.stderr).toMatch(message);
  });

  it('a key is never sent over plain HTTP to another host', async () => {
    const run = await runCli(['run', NOTION, '--provider', 'openai', '--model', 'm', '--base-url', 'http://example.com/v1'], { env: { OPENAI_API_KEY: 'sk-test-000000' } });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/bad_request: .*plain HTTP/);
  });

  it('an invalid task file names the task and line', async () => {
    writeFileSync(path('bad.yaml'), 'version: 1\ntasks:\n  - id: a\n    prompt: hello\n');
    const run = await runCli(['run', NOTION, '--provider', 'lexical', '--tasks', path('bad.yaml')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/invalid_task_set.*expected/);
  });

  it('report and diff of unreadable files exit 2', async () => {
    writeFileSync(path('junk.json'), '{"schemaVersion": 99}');
    expect((await runCli(['report', path('junk.json')])).code).toBe(2);
    expect((await runCli(['report', path('missing.json')])).code).toBe(2);
    expect((await runCli(['diff', path('junk.json'), path('junk.json')])).code).toBe(2);
  });
});

describe('toolmark tasks', () => {
  it('generate writes YAML and refuses to overwrite without --force; lint and mutate read it; run uses it', async () => {
    const out = path('tasks.yaml');
    const gen = await runCli(['tasks', 'generate', MEMORY, '--out', out, '--cases-per-tool', '3', '--languages', 'en,ja']);
    expect(gen.code, gen.stderr).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(/^# Generated by toolmark tasks generate \(offline\)/);
    const again = await runCli(['tasks', 'generate', MEMORY, '--out', out]);
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/--force/);
    expect((await runCli(['tasks', 'generate', MEMORY, '--out', out, '--force', '--cases-per-tool', '3'])).code).toBe(0);
    const lint = await runCli(['tasks', 'lint', MEMORY, '--tasks', out]);
    // A generated set always passes its own lint (the generator keeps no-call cases above the 15 % floor).
    expect(lint.code, lint.stdout + lint.stderr).toBe(0);
    expect(lint.stdout).toMatch(/toolmark tasks lint: \d+ task\(s\)/);
    expect(lint.stdout).not.toMatch(/unknown_tool|args_fail_schema|duplicate_id/);
    const lintOther = await runCli(['tasks', 'lint', NOTION, '--tasks', out, '--format', 'json']);
    expect(lintOther.code).toBe(1);
    expect(JSON.parse(lintOther.stdout).problems.some((p: { code: string }) => p.code === 'unknown_tool')).toBe(true);
    const mutated = path('mutated.yaml');
    const mutate = await runCli(['tasks', 'mutate', '--tasks', out, '--out', mutated, '--seed', '1', '--kinds', 'typo,polite']);
    expect(mutate.code, mutate.stderr).toBe(0);
    expect(readFileSync(mutated, 'utf8')).toMatch(/~typo/);
    expect((await runCli(['tasks', 'mutate', '--tasks', out, '--out', mutated])).code).toBe(2);
    expect((await runCli(['tasks', 'mutate', '--tasks', out, '--out', path('m2.yaml'), '--kinds', 'shout'])).code).toBe(2);
    const run = await runCli(['run', MEMORY, '--provider', 'lexical', '--tasks', mutated, '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).caseSet.source).toBe(`file:${mutated}`);
  });

  it('generate with a generator model through the fake server: cases from its JSON reply, invented tools dropped and counted', async () => {
    const fake = await startFake('openai', {
      script: () => ({
        text: JSON.stringify({
          cases: [
            { kind: 'tool-directed', language: 'en', expected: 'read_graph', utterance: 'show me the whole knowledge graph' },
            { kind: 'tool-directed', language: 'en', expected: 'invented_tool', utterance: 'do something else' },
            { kind: 'no-call', language: 'en', expected: null, utterance: 'what time is it in Rome?' },
          ],
        }),
      }),
    });
    try {
      const out = path('generated.yaml');
      const gen = await runCli(['tasks', 'generate', MEMORY, '--out', out, '--generate-with', 'openai-chat', '--generator-model', 'fake-gen', '--generator-base-url', fake.baseURL], {
        env: { OPENAI_API_KEY: fake.key },
      });
      expect(gen.code, gen.stderr).toBe(0);
      expect(gen.stderr).not.toMatch(/deprecated/);
      expect(gen.stderr).toMatch(/1 case\(s\) naming tools that do not exist \(invented_tool\)/);
      const yaml = readFileSync(out, 'utf8');
      expect(yaml).toContain('read_graph');
      expect(yaml).not.toContain('invented_tool');
      expect(yaml).toMatch(/model:openai-chat\/fake-gen/);

      // The old spelling still works, with a warning; `run` takes the same flag for its generator.
      const old = await runCli(['tasks', 'generate', MEMORY, '--out', path('generated-old.yaml'), '--generate-with', 'openai-chat', '--generator-model', 'fake-gen', '--base-url', fake.baseURL], {
        env: { OPENAI_API_KEY: fake.key },
      });
      expect(old.code, old.stderr).toBe(0);
      expect(old.stderr).toContain('--base-url is deprecated; use --generator-base-url');
      const run = await runCli(
        ['run', MEMORY, '--provider', 'lexical', '--generate-with', 'openai-chat', '--generator-model', 'fake-gen', '--generator-base-url', fake.baseURL, '--format', 'json'],
        { env: { OPENAI_API_KEY: fake.key } },
      );
      expect(run.code, run.stderr).toBe(0);
      expect(JSON.parse(run.stdout).caseSet.source).toBe('model:openai-chat/fake-gen');
    } finally {
      await fake.close();
    }
  });

  it('run and tasks generate share the generator flags, names and defaults, and both stop at --generator-timeout', async () => {
    // The help text of the four generator options, whitespace (and line wrapping) collapsed.
    const flags = (help: string) => /--generate-with <provider>.*?--generator-timeout <seconds> [^-]*\(default: "120"\)/.exec(help.replace(/\s+/g, ' '))?.[0];
    const runHelp = await runCli(['run', '--help']);
    const generateHelp = await runCli(['tasks', 'generate', '--help']);
    expect(flags(runHelp.stdout)).toMatch(/--generator-model <model> .*--generator-base-url <url> /);
    expect(flags(runHelp.stdout)).toBe(flags(generateHelp.stdout));
    expect(generateHelp.stdout).not.toMatch(/--base-url|--request-timeout/);

    const hanging = await startFake('openai', { script: () => ({ hang: true }) });
    try {
      const generator = ['--generate-with', 'openai-chat', '--generator-model', 'g', '--generator-base-url', hanging.baseURL, '--generator-timeout', '1', '--retries', '0'];
      for (const args of [['run', MEMORY, '--provider', 'lexical', ...noCache], ['tasks', 'generate', MEMORY, '--out', path('never.yaml')]]) {
        const started = Date.now();
        const result = await runCli([...args, ...generator], { env: { OPENAI_API_KEY: hanging.key } });
        expect(result.code, result.stderr).toBe(2);
        expect(result.stderr).toMatch(/: timeout: /);
        expect(Date.now() - started).toBeLessThan(15_000);
      }
      expect(existsSync(path('never.yaml'))).toBe(false);
    } finally {
      await hanging.close();
    }
  });
});
