// npm run bench:lint — lints every distractor surface, the reference surfaces, the surfaces of the labelled
// rules corpus not among them (distractors/corpus: github, chatwork, chrome-devtools, backlog) and a synthetic
// 200-tool surface repeatedly; prints per surface and per rules version the median wall and CPU time (parse +
// lint with node:crypto sha256, tokenizer already loaded) and the ratio to v1, peak RSS, and the CLI's cold
// start (whole processes, `toolmark lint` on a 10-tool file, beside `node -e 0`). Every registered rules
// version (the registry: published and drafts) is timed, their iterations alternating so all see the same
// host; the target is judged for the default (LATEST_RULES) and printed for the others. Ratios are of CPU
// medians (`process.cpuUsage`): on a shared host wall time measures the neighbours (docs/performance.md).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LATEST_RULES, loadTokenCounter, parseSurfaceText, ruleSets, utf8Length } from '@toolmark/benchmarks';
import type { LintDeps, RegisteredRuleSet } from '@toolmark/benchmarks';
import { nodeSha256Hex } from '../native-hash.js';
import { CLI_PACKAGE_DIR } from '../pack/paths.js';
import { lintBenchSurfaces } from './lint-surfaces.js';
import { syntheticSurface } from './synthetic.js';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 200);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 10);

const quantile = (sorted: number[], q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** Every registered rules version, v1 first (the reference of the ratios). */
const SETS: [string, RegisteredRuleSet][] = Object.entries(ruleSets as Readonly<Record<string, RegisteredRuleSet>>);
/** Per surface: the median CPU time of each rule set, for the totals. */
const medians: number[][] = [];
/** Targets (issue 12, issue 25): each version ≤ 1.5 × v1 in total and by the median surface, ≤ 2 × on every surface. */
const TARGET_TOTAL = 1.5;
const TARGET_LARGEST = 2;

async function measure(name: string, text: string, iterations: number): Promise<string> {
  const deps: LintDeps = { countTokens: await loadTokenCounter(), sha256Hex: nodeSha256Hex };
  for (let i = 0; i < 5; i++) for (const [, set] of SETS) set.lint(parseSurfaceText(text), deps); // warm-up (JIT)
  const wall: number[][] = SETS.map(() => []);
  const cpu: number[][] = SETS.map(() => []);
  let peak = process.memoryUsage().rss;
  for (let i = 0; i < iterations; i++) {
    SETS.forEach(([, set], k) => {
      const c0 = process.cpuUsage();
      const t0 = process.hrtime.bigint();
      set.lint(parseSurfaceText(text), deps);
      wall[k]!.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const c = process.cpuUsage(c0);
      cpu[k]!.push((c.user + c.system) / 1000);
    });
    if (i % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
  }
  for (const t of [...wall, ...cpu]) t.sort((a, b) => a - b);
  // process.cpuUsage has microsecond resolution but the kernel accounts in ticks on some hosts: a median of
  // zero (a surface linted in under a tick) falls back to the wall median.
  const cpuMedians = cpu.map((t, k) => quantile(t, 0.5) || quantile(wall[k]!, 0.5));
  medians.push(cpuMedians);
  const tools = parseSurfaceText(text).tools.length;
  const cells = SETS.map((_, k) => `${quantile(wall[k]!, 0.5).toFixed(2).padStart(8)} ${cpuMedians[k]!.toFixed(2).padStart(7)}${k === 0 ? '' : ` ${(cpuMedians[k]! / cpuMedians[0]!).toFixed(2).padStart(5)}×`}`);
  return `${name.padEnd(28)} ${String(tools).padStart(5)} ${(utf8Length(text) / 1024).toFixed(0).padStart(5)} KiB ${(peak / 2 ** 20).toFixed(0).padStart(5)} MiB  ${cells.join('  ')}`;
}

async function main(): Promise<void> {
  const t0 = process.hrtime.bigint();
  await loadTokenCounter();
  const tokenizerMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');
  console.log(`node ${process.version}, ${ITERATIONS} iterations per surface, tokenizer load ${tokenizerMs.toFixed(0)} ms (once per process); load average ${load()}`);
  console.log(`rules versions (registry): ${SETS.map(([id, set]) => `${id} (${set.status}${id === LATEST_RULES ? ', the default' : ''})`).join(', ')}; per version: wall median, CPU median (ms), CPU ratio to v1`);
  console.log(`${'surface'.padEnd(28)} tools    size   peak  ${SETS.map(([id], k) => `${`${id} wall`.padStart(8)} ${`${id} cpu`.padStart(7)}${k === 0 ? '' : `  /${SETS[0]![0]}`.padStart(7)}`).join('  ')}`);
  const surfaces = lintBenchSurfaces();
  for (const [name, text] of surfaces) console.log(await measure(name, text, name.startsWith('synthetic') ? Math.max(20, ITERATIONS / 4) : ITERATIONS));
  const total = (k: number): number => medians.reduce((sum, m) => sum + m[k]!, 0);
  const mark = (r: number, limit: number): string => (r <= limit ? '✓' : '✗');
  let defaultMet = true;
  for (let k = 1; k < SETS.length; k++) {
    const [id, set] = SETS[k]!;
    const ratios = medians.map((m) => m[k]! / m[0]!).sort((a, b) => a - b);
    const medianRatio = ratios.length % 2 === 1 ? ratios[(ratios.length - 1) / 2]! : (ratios[ratios.length / 2 - 1]! + ratios[ratios.length / 2]!) / 2;
    const largest = ratios.at(-1)!;
    const totalRatio = total(k) / total(0);
    const met = totalRatio <= TARGET_TOTAL && medianRatio <= TARGET_TOTAL && largest <= TARGET_LARGEST;
    if (id === LATEST_RULES) defaultMet = met;
    console.log(
      `${id} / ${SETS[0]![0]} by CPU (${set.status}${id === LATEST_RULES ? ', THE DEFAULT' : ''}; target ≤ ${TARGET_TOTAL} × in total and by the median surface, ≤ ${TARGET_LARGEST} × on every surface): ` +
        `total of the medians ${total(0).toFixed(1)} → ${total(k).toFixed(1)} ms = ${totalRatio.toFixed(2)} × ${mark(totalRatio, TARGET_TOTAL)}; ` +
        `median of the per-surface ratios ${medianRatio.toFixed(2)} × ${mark(medianRatio, TARGET_TOTAL)}; largest ${largest.toFixed(2)} × ${mark(largest, TARGET_LARGEST)}`,
    );
  }
  console.log(`the default (${LATEST_RULES}): target ${defaultMet ? 'met' : 'NOT met'}; load average after the lints ${load()}`);

  // The floor: the o200k tokenizer alone on the text rules v1 counts for each tool of the synthetic surface.
  const counter = await loadTokenCounter();
  const synthetic = parseSurfaceText(surfaces.at(-1)![1]);
  const texts = synthetic.tools.map((t) => JSON.stringify({ description: t.description ?? '', input_schema: t.inputSchema, name: t.name }));
  // `counting` gives the count function of one run (a fresh batch each run, as each lint has its own).
  const timeCounting = (counting: () => (text: string) => number): number => {
    const runs: number[] = [];
    for (let i = 0; i < 20; i++) {
      const count = counting();
      const t0 = process.hrtime.bigint();
      for (const text of texts) count(text);
      runs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return quantile(runs.sort((a, b) => a - b), 0.5);
  };
  const single = timeCounting(() => (text) => counter.count(text));
  const batched = timeCounting(() => {
    const batch = counter.batch?.() ?? counter;
    return (text) => batch.count(text);
  });
  console.log(
    `synthetic-200: token counting alone ${single.toFixed(1)} ms text by text, ${batched.toFixed(1)} ms as one lint's batch (median of 20): the part no rule change can remove`,
  );

  // Cold start: whole `toolmark lint` processes on a 10-tool file against `node -e 0`, alternated so both
  // see the same phase of the host: the installable CLI (the folder `npm pack` packed, as npx installs it)
  // and the checkout's tsc output (`npm run toolmark`).
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-bench-'));
  try {
    const file = join(dir, 'tools.json');
    writeFileSync(file, JSON.stringify(syntheticSurface(10, 60, 4)));
    const packed = join(CLI_PACKAGE_DIR, 'package', 'dist', 'cli', 'main.js');
    const checkout = fileURLToPath(new URL('../cli/main.js', import.meta.url));
    const commands: [string, string[]][] = [
      ['node -e 0', ['-e', '0']],
      ['toolmark lint (packed CLI)', [packed, 'lint', file, '--json']],
      ['toolmark lint (checkout, tsc output)', [checkout, 'lint', file, '--json']],
    ];
    const wall = commands.map(() => [] as number[]);
    const cpu = commands.map(() => 0);
    for (let i = 0; i < COLD_RUNS; i++) {
      commands.forEach(([, args], k) => {
        const c0 = childrenCpuMs();
        const s = process.hrtime.bigint();
        execFileSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'inherit'] });
        wall[k]!.push(Number(process.hrtime.bigint() - s) / 1e6);
        cpu[k]! += childrenCpuMs() - c0;
      });
    }
    const median = (xs: number[]): number => quantile([...xs].sort((a, b) => a - b), 0.5);
    const base = median(wall[0]!);
    console.log(`cold start, whole processes on a 10-tool file, ${COLD_RUNS} runs each, alternated (median wall; mean CPU of the process, user + system):`);
    commands.forEach(([name], k) => {
      const m = median(wall[k]!);
      const over = k === 0 ? '' : `  = node -e 0 + ${(m - base).toFixed(0)} ms${k === 1 ? ` (target ≤ 350 ms: ${m - base <= 350 ? 'met' : 'missed'})` : ''}`;
      const cpuText = Number.isNaN(cpu[k]!) ? '' : `, CPU ${(cpu[k]! / COLD_RUNS).toFixed(0)} ms`;
      console.log(`  ${name.padEnd(38)} ${m.toFixed(0).padStart(5)} ms wall (p95 ${quantile([...wall[k]!].sort((a, b) => a - b), 0.95).toFixed(0)})${cpuText}${over}`);
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** CPU time of this process's finished children so far (Linux /proc; NaN elsewhere), in ms. */
function childrenCpuMs(): number {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // cutime and cstime are fields 16 and 17 of stat (13 and 14 after the state), in clock ticks (USER_HZ, 100).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return Number.NaN;
  }
}

await main();
