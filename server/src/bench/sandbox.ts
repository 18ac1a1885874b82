// node server/dist/bench/sandbox.js — what the capture sandbox costs per capture (docs/performance.md).
// Installs one real package once (default @modelcontextprotocol/server-memory@2026.8.31; BENCH_PACKAGE,
// BENCH_BIN), then captures its tools/list BENCH_RUNS times (default 5) directly and in the sandbox,
// alternating (so load drifts hit both alike), and prints each run and the medians. The install (npm, the
// registry) is the same in both modes and is left out: the difference is the sandbox's own cost. Also
// times the availability probe (once per process at start).
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import { captureSurface } from '../capture/capture.js';
import { npmChildEnv } from '../capture/npm-package.js';
import { SANDBOX_PACKAGE_DIR, sandboxCommand } from '../capture/sandbox.js';
import { probeSandbox } from '../capture/sandbox-probe.js';

const spec = process.env.BENCH_PACKAGE ?? '@modelcontextprotocol/server-memory@2026.8.31';
const bin = process.env.BENCH_BIN ?? 'mcp-server-memory';
const runs = Number(process.env.BENCH_RUNS ?? '5');
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const dir = mkdtempSync(join(tmpdir(), 'toolmark-bench-sandbox-'));
chmodSync(dir, 0o755);
const prefix = join(dir, 'install');
try {
  const t0 = performance.now();
  const probe = probeSandbox();
  console.log(`probe: ${JSON.stringify(probe)} in ${(performance.now() - t0).toFixed(0)} ms`);
  if (!probe.available) process.exit(1);
  // The fixed cost alone: `node -e 0` started directly and in the sandbox, 2 × BENCH_RUNS × 2 runs.
  const bare: Record<string, number[]> = { direct: [], sandbox: [] };
  const node = realpathSync(process.execPath);
  for (let i = 0; i < runs * 2; i++) {
    for (const mode of i % 2 === 0 ? ['direct', 'sandbox'] : ['sandbox', 'direct']) {
      const run = mode === 'direct' ? { command: node, args: ['-e', '0'] } : sandboxCommand({ command: node, args: ['-e', '0'] });
      const started = performance.now();
      const result = spawnSync(run.command, run.args, { env: {}, stdio: 'ignore' });
      if (result.status !== 0) throw new Error(`${mode} node -e 0 failed`);
      bare[mode]?.push(performance.now() - started);
    }
  }
  const bd = median(bare.direct ?? []);
  const bs = median(bare.sandbox ?? []);
  console.log(`node -e 0: median direct ${bd.toFixed(0)} ms, sandboxed ${bs.toFixed(0)} ms, overhead ${(bs - bd).toFixed(0)} ms, load ${loadavg()[0]?.toFixed(1)}`);
  execFileSync('npm', ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--omit=dev', '--ignore-scripts', '--no-audit', '--no-fund', '--', spec], { stdio: 'ignore' });
  const direct: number[] = [];
  const sandboxed: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const mode of i % 2 === 0 ? ['direct', 'sandbox'] : ['sandbox', 'direct']) {
      const stdio =
        mode === 'direct'
          ? { command: join(prefix, 'node_modules', '.bin', bin), args: [], env: npmChildEnv(process.env, dir) }
          : { ...sandboxCommand({ packageDir: prefix, command: `${SANDBOX_PACKAGE_DIR}/node_modules/.bin/${bin}`, args: [] }), env: {} };
      const started = performance.now();
      const captured = await captureSurface({ kind: 'stdio', ...stdio, cwd: dir }, { timeoutMs: 60_000, connectTimeoutMs: 60_000 });
      const ms = performance.now() - started;
      (mode === 'direct' ? direct : sandboxed).push(ms);
      console.log(`run ${i + 1} ${mode}: ${ms.toFixed(0)} ms, ${captured.surface.tools.length} tools, load ${loadavg()[0]?.toFixed(1)}`);
    }
  }
  const d = median(direct);
  const s = median(sandboxed);
  console.log(`median direct ${d.toFixed(0)} ms, sandboxed ${s.toFixed(0)} ms, overhead ${(s - d).toFixed(0)} ms (${((s / d - 1) * 100).toFixed(0)} %), ${spec}, load ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
