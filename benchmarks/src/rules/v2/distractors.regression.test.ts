import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { LintResult, ToolResult } from '../../contracts/lint-result.js';
import type { Surface } from '../../contracts/tool.js';
import { parseSurfaceText } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV1 } from '../v1/index.js';
import { surfaceFacts } from './facts.js';
import { rulesV2 } from './index.js';

// Issue 12 on real surfaces: the six distractor sets are real captured tools/list results (see
// distractors/README.md). These tests check the classes of the issue on them, not pinned numbers (those are
// golden/v2/); v2's speed against v1 is measured by `npm run bench:lint`, not by a test.

const SETS = ['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright'] as const;
const load = (name: string): Surface => parseSurfaceText(readFileSync(new URL(`../../../../distractors/${name}/tools.json`, import.meta.url), 'utf8'));

async function lintAll(): Promise<Record<string, { surface: Surface; v1: LintResult; v2: LintResult }>> {
  const countTokens = await loadTokenCounter();
  return Object.fromEntries(
    SETS.map((name) => {
      const surface = load(name);
      return [name, { surface, v1: rulesV1.lint(surface, { countTokens }), v2: rulesV2.lint(surface, { countTokens }) }];
    }),
  );
}

const tool = (r: LintResult, name: string): ToolResult => r.tools.find((t) => t.name === name)!;
const codes = (t: ToolResult, severity?: string) => t.findings.filter((f) => severity === undefined || f.severity === severity).map((f) => f.code);

describe('rules v2 on the six distractor sets (issue 12)', async () => {
  const all = await lintAll();
  const v2Tools = SETS.flatMap((n) => all[n]!.v2.tools);

  it('reads explicit guidance as usage context: "DEPRECATED: Use read_text_file instead." (filesystem read_file)', () => {
    const t = tool(all.filesystem!.v2, 'read_file');
    expect(codes(t)).not.toContain('no_usage_context');
    expect(codes(tool(all.filesystem!.v1, 'read_file'))).toContain('no_usage_context');
  });

  it('gives no_usage_context at minor only (v1: required on 90 % of the tools; the overlap is confusable_pair\'s finding)', () => {
    const found = v2Tools.flatMap((t) => t.findings.filter((f) => f.code === 'no_usage_context'));
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((f) => f.severity !== 'minor')).toEqual([]);
    const v1Required = SETS.flatMap((n) => all[n]!.v1.tools).filter((t) => t.findings.some((f) => f.code === 'no_usage_context' && f.severity === 'required'));
    expect(v1Required.length / v2Tools.length).toBeGreaterThan(0.5);
  });

  it('sees descriptions inside anyOf variants (Notion: sort, filter, icon, cover, properties)', () => {
    const described = (name: string) => tool(all.notion!.v2, name).findings.filter((f) => f.code === 'param_no_description').flatMap((f) => f.data.parameters as string[]);
    expect(described('API-post-search')).toEqual([]);
    expect(described('API-patch-page')).toEqual(['archived']); // the one parameter without a description anywhere
  });

  it('flags a search marked destructive (Notion API-post-search), and no read-only tool of a run_/start_ name', () => {
    expect(codes(tool(all.notion!.v2, 'API-post-search'))).toContain('destructive_hint_on_read');
    expect(v2Tools.filter((t) => codes(t).includes('readonly_hint_on_write'))).toEqual([]);
  });

  it('never lists a string parameter as loose that the examples category credits', () => {
    for (const t of v2Tools) {
      const credited = /example on parameter (\S+) /.exec(t.categories.examples.notes[0]!)?.[1];
      const loose = t.findings.filter((f) => f.code === 'loose_string_param').flatMap((f) => f.data.parameters as string[]);
      if (credited !== undefined) expect(loose, t.name).not.toContain(credited);
    }
  });

  it('reports too_short at required only below 4 words', () => {
    for (const t of v2Tools) for (const f of t.findings) if (f.code === 'too_short' && f.severity === 'required') expect(f.data.words as number, t.name).toBeLessThan(4);
  });

  it('moves no tool down but by the shared-text discount: every other change of the issue removes a misreading', async () => {
    // Text on half a surface's tools or more earns no cue points in v2 (boilerplate): filesystem's "Only works
    // within allowed directories." and Notion's "Notion |" lines were points v1 gave every tool alike.
    const counter = await loadTokenCounter();
    for (const name of SETS) {
      const { v1, v2, surface } = all[name]!;
      const facts = surfaceFacts(surface, counter);
      for (let i = 0; i < v1.tools.length; i++) {
        if (facts.tools[i]!.ownDescription !== facts.tools[i]!.description) continue;
        expect(v2.tools[i]!.score, `${name}/${v1.tools[i]!.name}`).toBeGreaterThanOrEqual(v1.tools[i]!.score);
      }
    }
  });
});
