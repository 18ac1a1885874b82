import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// benchmarks/ is the pure scoring core: same input, same output, on any runtime. This test reads every
// non-test source file and fails on I/O imports, the clock, the environment and unseeded randomness.
const SRC = fileURLToPath(new URL('.', import.meta.url));

const FORBIDDEN: [RegExp, string][] = [
  [/from\s+['"]node:[^'"]+['"]/, 'node: import'],
  [/import\(\s*['"]node:/, 'dynamic node: import'],
  [/from\s+['"](fs|fs\/promises|path|child_process|http|https|net|os|crypto|url|worker_threads|dns|tls|dgram|module|process|stream)['"]/, 'Node built-in import'],
  [/\brequire\(/, 'require()'],
  [/\bprocess\./, 'process global'],
  [/\bfetch\(/, 'fetch()'],
  [/\bDate\.now\(/, 'Date.now()'],
  [/new Date\(\s*\)/, 'new Date() (the clock)'],
  [/\bperformance\.now\(/, 'performance.now()'],
  [/\bMath\.random\(/, 'Math.random() (unseeded randomness)'],
  [/\bcrypto\.(getRandomValues|randomUUID)\(/, 'random values'],
  [/\b(setTimeout|setInterval|setImmediate)\(/, 'timers'],
  [/\bXMLHttpRequest\b|\bWebSocket\b/, 'network'],
];

/** Sources of the core, excluding tests, test helpers and scripts (which are adapters, not core). */
export function coreSources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return ['test', 'scripts'].includes(name) ? [] : coreSources(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** Violations in one file's text. */
export function violations(text: string): string[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
  return FORBIDDEN.filter(([re]) => re.test(code)).map(([, what]) => what);
}

describe('benchmarks/ is pure', () => {
  it('scans a real set of core files', () => {
    const files = coreSources().map((f) => relative(SRC, f));
    expect(files).toContain('rules/v1/index.ts');
    expect(files).toContain('surface/parse.ts');
    expect(files.length).toBeGreaterThan(40);
  });

  it('has no I/O, clock, environment or unseeded randomness in any core file', () => {
    const bad = coreSources().flatMap((f) => violations(readFileSync(f, 'utf8')).map((v) => `${relative(SRC, f)}: ${v}`));
    expect(bad).toEqual([]);
  });

  it('catches each kind of violation (the scanner itself can fail)', () => {
    expect(violations(`import { readFileSync } from 'node:fs';`)).toEqual(['node: import']);
    expect(violations(`import x from 'child_process';`)).toEqual(['Node built-in import']);
    expect(violations(`const k = process.env.KEY;`)).toEqual(['process global']);
    expect(violations(`await fetch('http://x');`)).toEqual(['fetch()']);
    expect(violations(`const t = Date.now();`)).toEqual(['Date.now()']);
    expect(violations(`const d = new Date();`)).toEqual(['new Date() (the clock)']);
    expect(violations(`const r = Math.random();`)).toEqual(['Math.random() (unseeded randomness)']);
    expect(violations(`// Date.now() in a comment is fine\nconst url = 'http://x'; /* process.env */`)).toEqual([]);
  });
});
