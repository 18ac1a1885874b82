// Instruction counts of rules v1 and v2, whole process by whole process: one rule set lints one bench:lint
// surface W + N times in a fresh `node` under valgrind, and a run of the same W warm-up lints alone is
// subtracted, so start-up, module loading, the tokenizer's load and V8's first compilation of the lint's code
// cancel out and N warm lints are left (docs/performance.md, "Lint"). The count of a process is what the
// host's load cannot move. `--predictable` runs V8's compilers and collector on the main thread at fixed
// points (no timer-driven or concurrent work), so two runs of the same lints count nearly the same; without
// it the difference of two runs moved by ±10–20 M instructions per lint at N = 10. Without the warm-up in both runs, compiling v2's larger code was most of the
// difference at small N (filesystem 2.9 × by counts against ~1.7 × by CPU time).
//
//   node server/dist/bench/lint-one.js --all 10 10                      # N = 10 after W = 10, every surface (slow)
//   node server/dist/bench/lint-one.js --all 10 10 context7 filesystem  # some surfaces
//   node server/dist/bench/lint-one.js v2 filesystem 20                  # the unit: lint 20 times, nothing printed
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadTokenCounter, parseSurfaceText, ruleSets } from '@toolmark/benchmarks';
import type { LintDeps, RuleSet } from '@toolmark/benchmarks';
import { rulesV2 } from '@toolmark/benchmarks/rules/v2';
import { nodeSha256Hex } from '../native-hash.js';
import { lintBenchSurfaces } from './lint-surfaces.js';

const SETS: Record<string, RuleSet> = { v1: ruleSets.v1, v2: (ruleSets as Record<string, RuleSet>).v2 ?? rulesV2 };

async function lintOne(set: string, surface: string, n: number): Promise<void> {
  const rules = SETS[set];
  const entry = lintBenchSurfaces().find(([name]) => name === surface);
  if (rules === undefined || entry === undefined) throw new Error(`unknown rule set "${set}" or surface "${surface}"`);
  const deps: LintDeps = { countTokens: await loadTokenCounter(), sha256Hex: nodeSha256Hex };
  // The 0-lint run parses once too, so the parse's code is compiled in both.
  parseSurfaceText(entry[1]);
  for (let i = 0; i < n; i++) rules.lint(parseSurfaceText(entry[1]), deps);
}

/** Instructions valgrind counts for one process (cachegrind's "I refs", without its cache simulation). */
function counted(args: string[]): number {
  const r = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--cachegrind-out-file=/dev/null', process.execPath, '--predictable', fileURLToPath(import.meta.url), ...args], {
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const m = /I\s+refs:\s+([\d,]+)/.exec(r.stderr ?? '');
  if (r.status !== 0 || m === null) throw new Error(`valgrind ${args.join(' ')}: exit ${r.status}, no "I refs" count:\n${r.stderr ?? r.error}`);
  return Number(m[1]!.replaceAll(',', ''));
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 === 1 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function all(n: number, warm: number, only: string[]): void {
  const rows: [string, number, number][] = [];
  console.log(`node ${process.version}, valgrind (cachegrind, no cache simulation): instructions of ${warm} + N lints minus ${warm} lints, per lint`);
  for (const [name] of lintBenchSurfaces()) {
    if (only.length > 0 && !only.includes(name)) continue;
    const k = name.startsWith('synthetic') ? Math.max(1, Math.floor(n / 5)) : n;
    const w = name.startsWith('synthetic') ? Math.max(1, Math.floor(warm / 5)) : warm;
    const [v1, v2] = (['v1', 'v2'] as const).map((set) => (counted([set, name, String(w + k)]) - counted([set, name, String(w)])) / k) as [number, number];
    rows.push([name, v1, v2]);
    console.log(`${name.padEnd(30)} v1 ${(v1 / 1e6).toFixed(1).padStart(7)} M  v2 ${(v2 / 1e6).toFixed(1).padStart(7)} M  (${k} lints)  ${(v2 / v1).toFixed(2)} ×`);
  }
  const total = (k: 1 | 2): number => rows.reduce((sum, r) => sum + r[k], 0);
  const ratios = rows.map(([, a, b]) => b / a);
  console.log(`v2 / v1 (target ≤ 1.5 ×): total ${(total(1) / 1e6).toFixed(0)} → ${(total(2) / 1e6).toFixed(0)} M = ${(total(2) / total(1)).toFixed(2)} ×; median of the per-surface ratios ${median(ratios).toFixed(2)} ×; largest ${Math.max(...ratios).toFixed(2)} ×`);
}

const args = process.argv.slice(2);
if (args[0] === '--all') all(Number(args[1] ?? 10), Number(args[2] ?? 10), args.slice(3));
else await lintOne(args[0] ?? 'v2', args[1] ?? 'filesystem', Number(args[2] ?? 1));
