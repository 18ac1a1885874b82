import { describe, expect, it } from 'vitest';
import { LintResultSchema, type LintResult } from '../../contracts/lint-result.js';
import { parseSurfaceValue } from '../../surface/parse.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV2 } from './index.js';

// Regression: inputs that fit the public 1 MiB limit but hit super-linear work (quadratic regular
// expressions on long runs of one character, a slow segmentation path for a long Latin text with one kana,
// a quadratic camelCase split of a long capitalised name). Each must lint in under 2 s on a 2-core runner,
// parse + lint measured together, with no limit lifted.

const LIMIT_MS = 2000;

async function timedLint(tool: Record<string, unknown>): Promise<{ ms: number; result: LintResult }> {
  const counter = await loadTokenCounter(); // loaded outside the measurement
  const value = { tools: [{ name: 'read_text', inputSchema: { type: 'object' }, ...tool }] };
  const t0 = performance.now();
  const result = rulesV2.lint(parseSurfaceValue(value), { countTokens: counter });
  const ms = performance.now() - t0;
  expect(LintResultSchema.safeParse(result).success).toBe(true);
  return { ms, result };
}

/** About `size` characters of plain English words. */
function englishWords(size: number): string {
  const sentence = 'Reads the file at the given path and returns its content as text for the caller. ';
  return sentence.repeat(Math.ceil(size / sentence.length)).slice(0, size);
}

describe('rules v2 lint in linear time on long single-character runs and long texts', () => {
  it('300 KB of English words plus one kana', async () => {
    const { ms, result } = await timedLint({ description: `${englishWords(300_000)}あ` });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    expect(result.tools[0]!.tokens).toBeGreaterThan(0);
  });

  it('a 120 KB Japanese description', async () => {
    const unit = 'ファイルの内容を読み込んで返します。';
    const description = unit.repeat(Math.ceil(120_000 / unit.length));
    const { ms, result } = await timedLint({ description });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    expect(result.tools[0]!.language).toBe('ja');
  });

  it('"a" + 30 000 spaces + "b"', async () => {
    const { ms } = await timedLint({ description: `a${' '.repeat(30_000)}b` });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
  });

  it('"a" + 100 000 spaces + "b"', async () => {
    const { ms } = await timedLint({ description: `a${' '.repeat(100_000)}b` });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
  });

  it('"a." repeated 15 000 times', async () => {
    const { ms } = await timedLint({ description: 'a.'.repeat(15_000) });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
  });

  // Cue matching of v2 (issue 12): an identifier pattern not anchored at its start read "a_a_a_…" from
  // every position; a label pattern of overlapping words backtracked cubically on "a.a.a.…".
  it.each(['a_', 'a.', 'a-'])('"%s" repeated 30 000 times, plus one kana, in a description and a parameter description', async (unit) => {
    const text = `${unit.repeat(30_000)}あ`;
    const { ms } = await timedLint({ description: text, inputSchema: { type: 'object', properties: { p: { type: 'string', description: text } } } });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
  });

  it('a tool name of 30 000 capitals (names are otherwise unlimited)', async () => {
    const name = 'A'.repeat(30_000);
    const { ms, result } = await timedLint({ name, description: 'Reads a text file from the workspace and returns its content.' });
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    expect(result.tools[0]!.name).toBe(name);
    expect(result.tools[0]!.findings.map((f) => f.code)).toContain('long_name');
  });

  it('a tool name of 30 000 capitals in a 40-tool surface (pairs compare the long name)', async () => {
    const counter = await loadTokenCounter();
    const tools = [
      { name: 'A'.repeat(30_000), description: 'Reads a text file from the workspace and returns its content.', inputSchema: { type: 'object' } },
      ...Array.from({ length: 39 }, (_, i) => ({ name: `tool_${i}`, description: `Handles record ${i} of the ledger.`, inputSchema: { type: 'object' } })),
    ];
    const t0 = performance.now();
    const result = rulesV2.lint(parseSurfaceValue({ tools }), { countTokens: counter });
    const ms = performance.now() - t0;
    expect(LintResultSchema.safeParse(result).success).toBe(true);
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
  });
});
