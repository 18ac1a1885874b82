import { describe, expect, it } from 'vitest';
import type { Surface } from '../../contracts/tool.js';
import { parseSurfaceValue } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV1 } from '../v1/index.js';
import { confusablePairs } from './confusable.js';
import { surfaceFacts } from './facts.js';
import { rulesV2 } from './index.js';
import { realSurface } from './test/corpus.js';
import { DOCKER_NOTE } from './test/template-surface.js';
import { tool } from './test/helpers.js';

// Issue 12: v2 lints within 1.5 × v1's time, and its confusable detection (the O(n²) part) stays fast on
// 200 tools. Runs of v1 and v2 alternate and the fastest of each is compared, so load on a shared runner
// weighs on both alike (40 rounds: fewer measure the JIT warming up). Measured on the 2-core runner:
// the 200-tool template surface 1.0–1.15 ×, GitLab 1.1–1.2 ×, firecrawl 1.4 ×; pairs of 200 tools ~2 ms.

const counter = await loadTokenCounter();

/** 40 resources × 5 templated operations, each with the Docker note: the 200-tool limit. */
const TEMPLATE_200: Surface = parseSurfaceValue({
  tools: Array.from({ length: 40 }, (_, r) => `thing${r.toString(36)}x`).flatMap((r) =>
    ['create', 'get', 'list', 'update', 'delete'].map((verb) =>
      tool({ name: `${verb}_${r}`, description: `${verb[0]!.toUpperCase()}${verb.slice(1)}s a ${r} of the account by its id.\n\n${DOCKER_NOTE}` }),
    ),
  ),
});

function fastest(run: () => unknown, other: () => unknown, rounds = 40): [number, number] {
  for (let i = 0; i < 5; i++) {
    run();
    other();
  }
  let a = Infinity;
  let b = Infinity;
  for (let i = 0; i < rounds; i++) {
    let t0 = performance.now();
    run();
    a = Math.min(a, performance.now() - t0);
    t0 = performance.now();
    other();
    b = Math.min(b, performance.now() - t0);
  }
  return [a, b];
}

describe('rules v2 speed against v1', () => {
  for (const [name, surface] of [
    ['the 200-tool template surface', TEMPLATE_200],
    ['GitLab (118 tools)', realSurface('gitlab')],
  ] as const) {
    it(`lints ${name} within 1.5 × v1's time`, () => {
      expect(surface.tools.length).toBeGreaterThan(100);
      const [v2, v1] = fastest(
        () => rulesV2.lint(surface, { countTokens: counter }),
        () => rulesV1.lint(surface, { countTokens: counter }),
      );
      expect(v2 / v1, `v2 ${v2.toFixed(1)} ms, v1 ${v1.toFixed(1)} ms`).toBeLessThan(1.5);
    });
  }

  it('finds the confusable pairs of 200 tools in well under 50 ms', () => {
    const s = surfaceFacts(TEMPLATE_200, counter);
    expect(s.tools).toHaveLength(200);
    const [ms] = fastest(
      () => confusablePairs(s),
      () => undefined,
    );
    expect(ms).toBeLessThan(50);
  });
});
