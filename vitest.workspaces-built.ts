// Global setup of the `service` project (vitest.config.ts): its files import @toolmark/benchmarks, /db and
// /distractors from their built dist/ (Node loads those natively, once per worker, instead of Vite turning
// ~300 TypeScript modules into a module graph in every file). So that a change under those workspaces'
// src/ is never tested stale, they are built first: `tsc -b` of the three (incremental; ~1-2 s when
// `npm test` or `npm ci` has just built them). A type error there fails the run before any test.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-b', 'benchmarks/tsconfig.build.json', 'distractors/tsconfig.build.json', 'db/tsconfig.build.json'], { cwd: fileURLToPath(new URL('.', import.meta.url)), stdio: 'inherit' });
}
