// Instruction counts of rules v1 and v2 on the bench:lint surfaces: a figure the host's load cannot move
// (wall and CPU times on a shared host can). Two steps (docs/performance.md, "Lint"):
//
//   valgrind --tool=callgrind --dump-before=uv_loadavg --callgrind-out-file=/tmp/cg.out \
//     node --single-threaded --expose-gc server/dist/bench/lint-instructions.js 4
//   node server/dist/bench/lint-instructions.js --read /tmp/cg.out
//
// The first lints each surface, after a warm-up (JIT), N times under v1 then N times under v2 (the 200-tool
// surface N/2 times), and calls os.loadavg() — libuv's uv_loadavg, which nothing else here calls — between
// blocks, so callgrind writes one dump per block. `--single-threaded` keeps V8's compiler and collector on
// the main thread, so their work is counted where it happens; a full collection (`gc()`, its own dump)
// before each block leaves no earlier block's garbage to it. The second reads the dumps' totals and
// prints instructions per lint, the v2/v1 ratio per surface, the total and the median ratio.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { loadTokenCounter, parseSurfaceText, ruleSets } from '@toolmark/benchmarks';
import type { LintDeps, RuleSet } from '@toolmark/benchmarks';
import { rulesV2 } from '@toolmark/benchmarks/rules/v2';
import { nodeSha256Hex } from '../native-hash.js';
import { lintBenchSurfaces } from './lint-surfaces.js';

const SETS: [string, RuleSet][] = [
  ['v1', ruleSets.v1],
  ['v2', (ruleSets as Record<string, RuleSet>).v2 ?? rulesV2],
];
const WARM = 15;
const isLarge = (name: string): boolean => name.startsWith('synthetic');
const runs = (name: string, n: number): number => (isLarge(name) ? Math.max(1, Math.floor(n / 2)) : n);
/** Markers per surface: the warm-up, then per rule set a collection and its block. */
const MARKS_PER_SURFACE = 1 + 2 * SETS.length;
const collect = (): void => (globalThis as { gc?: () => void }).gc?.();

async function measure(n: number): Promise<void> {
  const deps: LintDeps = { countTokens: await loadTokenCounter(), sha256Hex: nodeSha256Hex };
  for (const [name, text] of lintBenchSurfaces()) {
    loadavg();
    for (let i = 0; i < (isLarge(name) ? 3 : WARM); i++) for (const [, set] of SETS) set.lint(parseSurfaceText(text), deps);
    for (const [, set] of SETS) {
      loadavg();
      collect();
      loadavg();
      for (let i = 0; i < runs(name, n); i++) set.lint(parseSurfaceText(text), deps);
    }
  }
  loadavg();
  console.log(`linted ${lintBenchSurfaces().length} surfaces ${n} times under ${SETS.map(([id]) => id).join(' and ')}: now run with --read <callgrind out file> ${n}`);
}

/** The "summary:" total of dump number `i` (callgrind names them out.1, out.2, …). */
function dumpTotal(base: string, i: number): number {
  const m = /^summary: (\d+)$/m.exec(readFileSync(`${base}.${i}`, 'utf8'));
  if (m === null) throw new Error(`${base}.${i}: no "summary:" line (not a callgrind dump?)`);
  return Number(m[1]);
}

function read(base: string, n: number): void {
  const rows: [string, number, number][] = [];
  lintBenchSurfaces().forEach(([name], s) => {
    // Dump 1 is the start-up; what follows marker m (from 0) is dump m + 2.
    const [v1, v2] = SETS.map((_, j) => dumpTotal(base, s * MARKS_PER_SURFACE + 2 + 2 * j + 2) / runs(name, n)) as [number, number];
    rows.push([name, v1, v2]);
    console.log(`${name.padEnd(30)} v1 ${(v1 / 1e6).toFixed(1).padStart(8)} M  v2 ${(v2 / 1e6).toFixed(1).padStart(8)} M instructions per lint  ${(v2 / v1).toFixed(2)} ×`);
  });
  const total = (k: 1 | 2): number => rows.reduce((sum, r) => sum + r[k], 0);
  const ratios = rows.map(([, a, b]) => b / a).sort((a, b) => a - b);
  const mid = ratios.length % 2 === 1 ? ratios[(ratios.length - 1) / 2]! : (ratios[ratios.length / 2 - 1]! + ratios[ratios.length / 2]!) / 2;
  console.log(`v2 / v1 (target ≤ 1.5 ×): total ${(total(1) / 1e6).toFixed(0)} → ${(total(2) / 1e6).toFixed(0)} M = ${(total(2) / total(1)).toFixed(2)} ×; median of the per-surface ratios ${mid.toFixed(2)} ×; largest ${ratios.at(-1)!.toFixed(2)} ×`);
}

const args = process.argv.slice(2);
if (args[0] === '--read') read(args[1] ?? '/tmp/cg.out', Number(args[2] ?? 4));
else await measure(Number(args[0] ?? 4));
