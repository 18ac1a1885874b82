// The CPU pool with real worker threads (piscina, the built server/dist/cpu/worker.js): the same bytes as
// the in-loop lint, the refusal of a full pool, a request's budget.
import { afterAll, describe, expect, it } from 'vitest';
import { EvalError, InputError, lintSurface, lintTaskSet, parseSurfaceText, parseSurfaceValue, parseTaskSet, ruleSets, type RuleSetId } from '@toolmark/benchmarks';
import { loadDistractorSet } from '@toolmark/distractors';
import { syntheticSurface } from '../../src/bench/synthetic.js';
import { CpuRefusal } from '../../src/cpu/errors.js';
import { CpuPool } from '../../src/cpu/pool.js';
import { lintText, lintTools, unwrap } from '../../src/cpu/tasks.js';
import { compactLint } from '../../src/mcp/compact.js';
import { nodeSha256Hex } from '../../src/native-hash.js';

const pools: CpuPool[] = [];
const pool = (options: Partial<ConstructorParameters<typeof CpuPool>[0]> = {}) => {
  const p = new CpuPool({ threads: 1, queue: 8, budgetMs: 60_000, nice: 0, ...options });
  pools.push(p);
  return p;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

/** 200 tools, renamed by `tag`: new tools every time (no thread's cache has seen them). */
const heavy = (tag: string) => ({ tools: syntheticSurface(200, 30, 3).tools.map((t) => ({ ...t, name: `${tag}_${String(t.name)}` })) });

describe('CpuPool', () => {
  it('answers byte for byte what the in-loop lint answers: saves (lintText) and lint_surface (lintTools), every rules version', async () => {
    const p = pool();
    const surfaces = [loadDistractorSet('notion').surface, syntheticSurface(40)];
    for (const surface of surfaces) {
      const text = JSON.stringify(surface);
      for (const rules of Object.keys(ruleSets) as RuleSetId[]) {
        // What the service did before the pool: LintMemo's lint on the event loop.
        const inLoop = await lintSurface(parseSurfaceText(text), rules, { sha256Hex: nodeSha256Hex });
        const onThread = unwrap(await p.run('lintText', { text, rules }));
        expect(onThread.json).toBe(JSON.stringify(inLoop));
        expect(JSON.stringify(onThread.result)).toBe(JSON.stringify(inLoop));
        expect(JSON.stringify(onThread.tools)).toBe(JSON.stringify(parseSurfaceText(text).tools));
        expect(JSON.stringify(unwrap(await lintText({ text, rules })).result)).toBe(JSON.stringify(inLoop));
        const tools = surface.tools as unknown as Record<string, unknown>[];
        expect(JSON.stringify(unwrap(await p.run('lintTools', { tools, rules, detail: true })))).toBe(JSON.stringify(inLoop));
        expect(JSON.stringify(unwrap(await p.run('lintTools', { tools, rules, detail: false })))).toBe(JSON.stringify(compactLint(inLoop)));
        expect(JSON.stringify(unwrap(await lintTools({ tools, rules, detail: false })))).toBe(JSON.stringify(compactLint(inLoop)));
      }
    }
  });

  it('validate_tasks on a thread: the same result as in the loop, and a bad task set\'s EvalError with its location', async () => {
    const p = pool();
    const surface = syntheticSurface(40, 30, 3);
    const names = surface.tools.map((t) => String(t.name));
    const tasks = ['version: 1', 'tasks:', ...names.flatMap((n, i) => [`  - id: t${i}`, `    prompt: "please ${n} now"`, `    expected: ${i % 5 === 0 ? 'null' : n}`])].join('\n');
    const inLoop = lintTaskSet(parseTaskSet(tasks), parseSurfaceValue(surface), { minCasesPerTool: 1 });
    const onThread = await p.session().run('validateTasks', { tasks, tools: surface.tools, minCasesPerTool: 1 });
    expect(JSON.stringify(onThread)).toBe(JSON.stringify(inLoop));
    const bad = await p.session().run('validateTasks', { tasks: 'version: 1\ntasks:\n  - id: x\n    expected: null\n', tools: surface.tools, minCasesPerTool: 1 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(EvalError);
    expect(bad).toMatchObject({ code: 'invalid_task_set', detail: { taskId: 'x', line: 3 } });
  });

  it('sends bad input back as the core\'s InputError, code and detail kept', async () => {
    const error = await pool()
      .session()
      .run('lintText', { text: '{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":"a","inputSchema":{"type":"object"}}]}', rules: 'v2' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect(error).toMatchObject({ code: 'duplicate_tool_name' });
    expect((error as InputError).detail).toEqual(await lintText({ text: '{"tools":[{"name":"a","inputSchema":{"type":"object"}},{"name":"a","inputSchema":{"type":"object"}}]}', rules: 'v2' }).then((o) => ('refused' in o ? o.refused.detail : null)));
  });

  it('refuses a task while threads + queue are taken (cpu_busy, with a wait), and takes the next once one is done', async () => {
    const p = pool({ threads: 1, queue: 0 });
    const first = p.run('lintTools', { tools: heavy('busy').tools, rules: 'v2', detail: false });
    expect(p.inFlight).toBe(1);
    const refused = await p.run('lintTools', { tools: heavy('busy2').tools, rules: 'v2', detail: false }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(CpuRefusal);
    expect(refused).toMatchObject({ code: 'cpu_busy', status: 503, detail: { threads: 1, queue: 0 } });
    expect((refused as CpuRefusal).detail.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect('value' in (await first)).toBe(true);
    expect(p.inFlight).toBe(0);
    expect('value' in (await p.run('lintTools', { tools: heavy('after').tools, rules: 'v2', detail: false }))).toBe(true);
  });

  it('runs a request\'s tasks one after another and refuses those it asks for after its budget is used (cpu_budget_exceeded)', async () => {
    const p = pool({ threads: 2, budgetMs: 1 });
    const refusals: CpuRefusal[] = [];
    const session = p.session({ onRefusal: (r) => refusals.push(r) });
    const runs = ['a', 'b', 'c'].map((tag) => session.run('lintTools', { tools: heavy(`budget_${tag}`).tools, rules: 'v2', detail: false }));
    // One at a time: the request never holds both threads.
    expect(p.inFlight).toBeLessThanOrEqual(1);
    const [a, b, c] = await Promise.allSettled(runs);
    expect(a!.status).toBe('fulfilled');
    for (const r of [b!, c!]) {
      expect(r.status).toBe('rejected');
      expect((r as PromiseRejectedResult).reason).toMatchObject({ code: 'cpu_budget_exceeded', status: 429, detail: { retryAfterSeconds: 1, budgetMs: 1 } });
    }
    expect(refusals).toHaveLength(2);
    expect(session.spentMs).toBeGreaterThanOrEqual(1);
    // Another request has its own budget.
    await expect(p.session().run('lintTools', { tools: heavy('budget_d').tools, rules: 'v2', detail: false })).resolves.toBeDefined();
  });
});
