import { describe, expect, it } from 'vitest';
import type { Surface } from '../../contracts/tool.js';
import { loadTokenCounter } from '../../text/tokens.js';
import { identifierTokens } from '../../text/words.js';
import type { RuleSet } from '../types.js';
import { rulesV3 } from '../v3/index.js';
import { REWARD_CORPUS, type RewardEntry } from '../v3/test/reward-corpus.js';
import { realSurface } from '../v3/test/surfaces.js';
import { rulesV4 } from './index.js';

// Issue 25, reward test under rules v4 (v3's corpus, shared by import; v3 beside v4): each tool of the reward corpus in our expert rewrite and in a cue-stuffed template
// of the same number of words, scored in its real surface. The expert version must score higher on at least
// 90 % of the tools, on each half; the held-out half is the reported figure (README.md).

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w !== '');

/** The cue-stuffed twin: every cue v2 read, around the tool's own name, cut to `n` words. */
export function stuffed(tool: string, n: number): string {
  const name = identifierTokens(tool).join(' ');
  const sentences = [
    `Use this tool when you need to ${name}.`,
    `Do not use this tool when you do not need to ${name}.`,
    'Use another tool instead when it is more appropriate.',
    `Returns the result of the ${name} operation.`,
    `For example, call it to ${name}.`,
    'Rate limits, permissions and costs may apply.',
    'Call this tool whenever it is needed.',
    'It gives back the output.',
  ];
  const out: string[] = [];
  for (let i = 0; out.length < n; i++) out.push(...words(sentences[i % sentences.length]!));
  const text = out.slice(0, n).join(' ');
  return /[.!?]$/.test(text) ? text : `${text}.`;
}

const countTokens = await loadTokenCounter();

function scoreWith(rules: RuleSet, entry: RewardEntry, description: string): number {
  const s = realSurface(entry.set);
  const surface: Surface = { tools: s.tools.map((t) => (t.name === entry.tool ? { ...t, description } : t)) };
  return rules.lint(surface, { countTokens }).tools.find((t) => t.name === entry.tool)!.score;
}

interface Row {
  entry: RewardEntry;
  expert: number;
  stuffed: number;
  /** v3's scores of the expert rewrite and the twin. */
  v2: [number, number];
}

const rows: Row[] = REWARD_CORPUS.map((entry) => {
  const n = words(entry.expert).length;
  const twin = stuffed(entry.tool, n);
  return { entry, expert: scoreWith(rulesV4, entry, entry.expert), stuffed: scoreWith(rulesV4, entry, twin), v2: [scoreWith(rulesV3, entry, entry.expert), scoreWith(rulesV3, entry, twin)] };
});

const summary = (half: Row[]): string => {
  const won = half.filter((r) => r.expert > r.stuffed).length;
  const mean = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
  return `${won}/${half.length} expert higher (v4: expert ${mean(half.map((r) => r.expert))} vs stuffed ${mean(half.map((r) => r.stuffed))}; v3: ${mean(half.map((r) => r.v2[0]))} vs ${mean(half.map((r) => r.v2[1]))})`;
};

describe('rules v4 reward test', () => {
  it('holds at least 20 real tools, split into a calibration and a held-out half, twins of equal length', () => {
    expect(REWARD_CORPUS.length).toBeGreaterThanOrEqual(20);
    expect(REWARD_CORPUS.filter((e) => !e.calibration).length).toBeGreaterThanOrEqual(10);
    for (const e of REWARD_CORPUS) expect(words(stuffed(e.tool, words(e.expert).length)).length, e.tool).toBe(words(e.expert).length);
  });

  for (const [label, calibration] of [['calibration', true], ['held-out', false]] as const) {
    it(`${label} half: the expert rewrite scores higher than its cue-stuffed twin on at least 90 %`, () => {
      const half = rows.filter((r) => r.entry.calibration === calibration);
      console.info(`reward test, ${label} half: ${summary(half)}\n${half.map((r) => `  ${r.entry.tool.padEnd(30)} expert ${r.expert} stuffed ${r.stuffed} | v3 ${r.v2[0]} ${r.v2[1]}`).join('\n')}`);
      expect(half.filter((r) => r.expert > r.stuffed).length / half.length).toBeGreaterThanOrEqual(0.9);
    });
  }

});
