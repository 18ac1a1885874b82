// The arrows of server/src run one way: the CLI and the API are outer layers that call the engine
// (eval/), the pipelines and the jobs; none of those imports the CLI or the HTTP layer, so a job or the
// MCP endpoint can call them without either. (Until eslint checks import boundaries, this test does.)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

/** Every import specifier (static, dynamic, type-only) of every non-test source file under `folder`. */
function importsOf(folder: string): { file: string; spec: string }[] {
  return readdirSync(join(SRC, folder), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .flatMap((f) => {
      const text = readFileSync(join(SRC, folder, f), 'utf8');
      const specs = [...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      return specs.map((spec) => ({ file: relative(SRC, join(SRC, folder, f)), spec }));
    });
}

const RULES: { folder: string; forbidden: RegExp; why: string }[] = [
  { folder: 'eval', forbidden: /^\.\.\/(cli|api)\/|^(commander|cli-progress|fastify)/, why: 'the evaluation engine runs in jobs too: no CLI, terminal or HTTP' },
  { folder: 'pipelines', forbidden: /^\.\.\/(cli|api)\/|^(commander|fastify|@fastify\/)/, why: 'routes, jobs and the MCP endpoint call them: own deps and errors, no ApiContext or ApiError' },
  { folder: 'jobs', forbidden: /^\.\.\/(cli|api)\/|^(commander|fastify|@fastify\/)/, why: 'workers run without the API' },
];

describe('server/src layers', () => {
  it('finds the imports it checks', () => {
    const specs = importsOf('eval').map((i) => i.spec);
    expect(specs).toContain('@toolmark/benchmarks');
    expect(specs).toContain('./run.js');
  });

  for (const rule of RULES) {
    it(`${rule.folder}/ imports neither the CLI nor the HTTP layer (${rule.why})`, () => {
      const bad = importsOf(rule.folder).filter((i) => rule.forbidden.test(i.spec));
      expect(bad).toEqual([]);
    });
  }
});
