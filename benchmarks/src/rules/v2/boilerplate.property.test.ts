import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LintResult } from '../../contracts/lint-result.js';
import type { Surface, Tool } from '../../contracts/tool.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { rulesV1 } from '../v1/index.js';
import { confusablePairs } from './confusable.js';
import { surfaceFacts } from './facts.js';
import { rulesV2 } from './index.js';
import { T } from './thresholds.js';
import { realSurface } from './test/corpus.js';
import { tool } from './test/helpers.js';
import { templateSurface } from './test/template-surface.js';

// Issue 12, boilerplate invariance: appending the same sentence to every tool of a surface moves no tool's
// score by more than 1 point and adds no confusable pair — text that every tool carries tells a model
// nothing about which tool to pick. Checked over real surfaces (the distractor sets, the reference
// servers, two captured servers) and crafted ones, with sentences that carry every cue v2 scores and ones
// that carry none, joined the ways servers join them (a space after a description with or without a final
// stop, a line break, a paragraph).

const THE_ISSUES_SENTENCE = 'Call this tool whenever it helps; avoid it otherwise and pick a better tool. It returns data. Quotas may apply. Example: see the documentation.';

/** Sentences to append: content-free ones, and ones with usage, returns, constraint and example cues (English and Japanese). */
const POOL: ((s: Surface) => string)[] = [
  () => THE_ISSUES_SENTENCE,
  () => 'Use this tool when you need it.',
  () => 'Do not use this tool for anything else; prefer the other tools instead.',
  () => 'Returns the result as JSON. Results are paginated, at most 100 per page.',
  () => 'Note: this server runs inside a Docker container, so every path is a path inside the container. The host folder /srv/data is mounted at /data.',
  () => 'For example, see the documentation at https://docs.example.com/tools.',
  () => 'Requires an API key; rate limits and costs apply. This action cannot be undone.',
  () => 'Thanks for using our server!',
  () => '必要なときにこのツールを使います。結果を返します。例えば、ドキュメントを参照してください。',
  () => '上限は 100 件です。実行には権限が必要です。',
  // A sentence naming a sibling (an "alternative" cue, and a mention that would tell pairs apart).
  (s) => `Call ${s.tools[0]!.name} first when unsure.`,
];
const SEPARATORS = [' ', '\n', '\n\n'];

/** A crafted Japanese surface (descriptions end with 。, as Japanese sentences do). */
const JAPANESE: Tool[] = [
  tool({ name: 'read_file', description: 'ワークスペースのテキストファイルを読み込み、内容を返します。バイナリには使わないでください。' }),
  tool({ name: 'write_file', description: 'テキストファイルを書き込みます。既存のファイルは上書きされます。' }),
  tool({ name: 'stop_job', description: '実行中のジョブを停止します。' }),
  tool({ name: 'cancel_job', description: '待機中または実行中のジョブをキャンセルします。' }),
  tool({ name: 'list_orders', description: '注文の一覧を返します。例えば、最新の注文から順に表示します。' }),
  tool({ name: 'get_user' }),
];

/** A crafted surface with the true pairs and look-alikes of the confusable tests, and a tool without a description. */
const CRAFTED: Tool[] = [
  tool({ name: 'stop_job', description: 'Stops a running job.' }),
  tool({ name: 'cancel_job', description: 'Cancels a queued or running job; it cannot be resumed.' }),
  tool({ name: 'fetch_page', description: 'Deprecated alias of get_page.' }),
  tool({ name: 'get_page', description: 'Gets a page by its id, with its blocks and properties' }),
  tool({ name: 'take_screenshot', description: 'Takes a screenshot of the current page and returns it as a PNG image.' }),
  tool({ name: 'capture_page', description: 'Captures the visible page as a PNG image' }),
  tool({ name: 'start_recording', description: 'Starts recording the screen to a video file.' }),
  tool({ name: 'stop_recording', description: 'Stops recording the screen to a video file.' }),
  tool({ name: 'read_text', description: 'Reads a file.' }),
  tool({ name: 'list_users' }),
];

const counter = await loadTokenCounter();
const surfaces: Record<string, Surface> = {
  ...Object.fromEntries(['filesystem', 'firecrawl', 'memory', 'notion', 'playwright', 'everything', 'gitlab', 'github'].map((n) => [n, realSurface(n)])),
  template: { tools: templateSurface() },
  'template-without-note': { tools: templateSurface({ withNote: false }) },
  japanese: { tools: JAPANESE },
  crafted: { tools: CRAFTED },
};

const append = (s: Surface, sentence: string, sep: string): Surface => ({
  tools: s.tools.map((t) => ({ ...t, description: t.description === undefined || t.description.trim() === '' ? sentence : `${t.description}${sep}${sentence}` })),
});
const lintWith = (rules: typeof rulesV2, s: Surface): LintResult => rules.lint(s, { countTokens: counter });
const pairKeys = (s: Surface) => confusablePairs(surfaceFacts(s, counter)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);
const baseline = new Map(Object.entries(surfaces).map(([name, s]) => [name, { result: lintWith(rulesV2, s), pairs: pairKeys(s) }]));

describe('boilerplate invariance (rules v2)', () => {
  it('holds for every surface, sentence and separator (property, seeded)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(surfaces)), fc.nat(POOL.length - 1), fc.constantFrom(...SEPARATORS), (name, k, sep) => {
        const surface = surfaces[name]!;
        const changed = append(surface, POOL[k]!(surface), sep);
        const { result, pairs } = baseline.get(name)!;
        const after = lintWith(rulesV2, changed);
        after.tools.forEach((t, i) => {
          const before = result.tools[i]!;
          expect(Math.abs(t.score - before.score), `${name} ${t.name}: ${before.score} → ${t.score}`).toBeLessThanOrEqual(1);
        });
        expect(pairKeys(changed)).toEqual(pairs);
      }),
      { numRuns: 120, seed: 20261201 },
    );
  });

  it('holds for every surface with the issue\'s sentence, each separator (exhaustive)', () => {
    for (const [name, surface] of Object.entries(surfaces)) {
      for (const sep of SEPARATORS) {
        const after = lintWith(rulesV2, append(surface, THE_ISSUES_SENTENCE, sep));
        expect(after.tools.map((t) => t.score), name).toEqual(baseline.get(name)!.result.tools.map((t) => t.score));
      }
    }
  });

  it('fails under v1: the issue\'s sentence lifts real servers by 15+ points, a shared paragraph makes pairs', () => {
    // v1: github 33.2 → 65.3, notion 34.0 → 63.2, memory 55.6 → 76.2, playwright 46.7 → 75.0.
    for (const name of ['github', 'notion', 'memory', 'playwright']) {
      const before = lintWith(rulesV1, surfaces[name]!);
      const after = lintWith(rulesV1, append(surfaces[name]!, THE_ISSUES_SENTENCE, ' '));
      expect(after.score! - before.score!, name).toBeGreaterThan(15);
    }
    const unrelated: Surface = {
      tools: [
        tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
        tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
        tool({ name: 'create_invoice', description: 'Creates a draft invoice for a customer in the billing system.' }),
      ],
    };
    const paragraph = POOL[4]!(unrelated);
    expect(lintWith(rulesV1, unrelated).confusablePairs.total).toBe(0);
    expect(lintWith(rulesV1, append(unrelated, paragraph, '\n\n')).confusablePairs.total).toBe(3);
    expect(lintWith(rulesV2, append(unrelated, paragraph, '\n\n')).confusablePairs.total).toBe(0);
  });

  it(`does not hold below ${T.sharedTextMinTools} tools, by design: two tools may share a sentence by chance`, () => {
    for (const name of ['context7', 'sequential-thinking']) {
      const surface = realSurface(name);
      expect(surface.tools.length).toBeLessThan(T.sharedTextMinTools);
      const before = lintWith(rulesV2, surface);
      // A sentence v2 still reads as cues (the issue's own sentence no longer earns any in v2, whatever the count).
      const after = lintWith(rulesV2, append(surface, 'Returns the results as JSON, at most 100 per page. Use this tool when you need to search the documentation, for example: "hooks".', ' '));
      expect(after.tools.some((t, i) => t.score !== before.tools[i]!.score), name).toBe(true);
    }
  });
});
