import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { parseSurfaceText } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV1 } from '../v1/index.js';
import { rulesV2 } from './index.js';
import { REAL_SURFACES } from './test/security-corpus.js';

// Issue 12: v2 stays within 1.5 × v1's lint time. v2 reads every string of every tool in matching form
// (security), so this is where it could drift. Both versions lint the same freshly parsed surfaces
// (facts and hashes are memoised per object), interleaved; the minimum of many runs is the figure least
// disturbed by other processes on a shared machine.

const DIR = join(import.meta.dirname, '..', '..', '..', '..', 'distractors');

it('lints the real surfaces, and a 200-tool surface made of them, within 1.5 × v1', async () => {
  const counter = await loadTokenCounter();
  const texts = REAL_SURFACES.map((n) => readFileSync(join(DIR, n, 'tools.json'), 'utf8'));
  const tools: Tool[] = texts.flatMap((t, i) => parseSurfaceText(t).tools.map((x) => ({ ...x, name: `${x.name}_${i}` })));
  const bigText = JSON.stringify({ tools: [...tools, ...tools.map((t) => ({ ...t, name: `${t.name}_b` }))].slice(0, 200) });
  const best = { v1: Infinity, v2: Infinity, big1: Infinity, big2: Infinity };
  const timed = (f: () => void): number => {
    const t0 = performance.now();
    f();
    return performance.now() - t0;
  };
  for (let i = 0; i < 30; i++) {
    const a = texts.map((t) => parseSurfaceText(t));
    best.v1 = Math.min(best.v1, timed(() => a.forEach((s) => rulesV1.lint(s, { countTokens: counter }))));
    const b = texts.map((t) => parseSurfaceText(t));
    best.v2 = Math.min(best.v2, timed(() => b.forEach((s) => rulesV2.lint(s, { countTokens: counter }))));
    const c = parseSurfaceText(bigText);
    best.big1 = Math.min(best.big1, timed(() => rulesV1.lint(c, { countTokens: counter })));
    const d = parseSurfaceText(bigText);
    best.big2 = Math.min(best.big2, timed(() => rulesV2.lint(d, { countTokens: counter })));
  }
  console.log(
    `lint time: 8 real surfaces v1 ${best.v1.toFixed(1)} ms, v2 ${best.v2.toFixed(1)} ms (×${(best.v2 / best.v1).toFixed(2)}); ` +
      `200 tools (${(bigText.length / 1024).toFixed(0)} KiB) v1 ${best.big1.toFixed(1)} ms, v2 ${best.big2.toFixed(1)} ms (×${(best.big2 / best.big1).toFixed(2)})`,
  );
  expect(best.v2 / best.v1).toBeLessThanOrEqual(1.5);
  expect(best.big2 / best.big1).toBeLessThanOrEqual(1.5);
}, 120_000);
