import { describe, expect, it } from 'vitest';
import type { ConfusablePair } from '../../contracts/lint-result.js';
import type { Tool } from '../../contracts/tool.js';
import { stem } from '../../text/words.js';
import { confusablePairs } from './confusable.js';
import type { SurfaceFacts } from './facts.js';
import { NAME_SYNONYMS } from './lexicons.js';
import { facts, tool } from './test/helpers.js';
import { T } from './thresholds.js';

// Regression: words (and name tokens) in more than half of the tools of a server with ≥ 4 tools were
// dropped before comparing, so a cluster of three look-alike tools among five compared only their first
// word ("Search" / "Find" / "List") and was never reported, and four copies of one tool gave no pair at
// all. Now both similarities are IDF-weighted Dice: weight of a word = ln((N+1)/df), N tools, df = tools
// whose description (or name) has it; no hard "more than half" filter.

const pairsOf = async (tools: Tool[]) => confusablePairs(await facts(tools));
const key = (p: { tools: readonly [string, string] | string[] }) => p.tools.join(' & ');

/** IDF-weighted Sørensen–Dice over word sets: 2·Σ w(A∩B) / (Σ w(A) + Σ w(B)), w = ln((N+1)/df). */
function weightedDice(docs: Set<string>[]): (i: number, j: number) => number {
  const df = new Map<string, number>();
  for (const d of docs) for (const w of d) df.set(w, (df.get(w) ?? 0) + 1);
  const weight = (w: string) => Math.log((docs.length + 1) / df.get(w)!);
  const total = docs.map((d) => [...d].reduce((sum, w) => sum + weight(w), 0));
  return (i, j) => {
    const denominator = total[i]! + total[j]!;
    if (denominator === 0) return 0;
    let common = 0;
    for (const w of docs[i]!) if (docs[j]!.has(w)) common += weight(w);
    return (2 * common) / denominator;
  };
}

/** The pairs the README's rule gives with IDF-weighted Dice (reference implementation, unrounded). */
function referencePairs(s: SurfaceFacts): Map<string, { d: number; n: number }> {
  const desc = weightedDice(s.tools.map((t) => t.contentWords));
  const name = weightedDice(s.tools.map((t) => new Set(t.nameTokens.map((w) => NAME_SYNONYMS[w] ?? stem(w)))));
  const out = new Map<string, { d: number; n: number }>();
  for (let i = 0; i < s.tools.length; i++) {
    for (let j = i + 1; j < s.tools.length; j++) {
      const a = s.tools[i]!;
      const b = s.tools[j]!;
      const comparable = a.contentWords.size >= T.confusableMinContentWords && b.contentWords.size >= T.confusableMinContentWords;
      const d = comparable ? desc(i, j) : 0;
      const n = name(i, j);
      if (d >= T.confusableDescription || (n >= T.confusableName && d >= T.confusableNameDescription)) {
        out.set([a.name, b.name].sort().join(' & '), { d, n });
      }
    }
  }
  return out;
}

/** Check the reported pairs against the reference: same pairs, same similarities (to 3 decimals). */
async function expectReference(tools: Tool[]): Promise<ConfusablePair[]> {
  const s = await facts(tools);
  const pairs = confusablePairs(s);
  const expected = referencePairs(s);
  expect(pairs.map(key).sort()).toEqual([...expected.keys()].sort());
  for (const p of pairs) {
    const ref = expected.get(key(p))!;
    expect(p.descriptionSimilarity, `${key(p)} description`).toBeCloseTo(ref.d, 2);
    expect(Math.abs(p.descriptionSimilarity - ref.d), `${key(p)} description`).toBeLessThanOrEqual(0.0006);
    expect(Math.abs(p.nameSimilarity - ref.n), `${key(p)} name`).toBeLessThanOrEqual(0.0006);
    expect(p.similarity).toBeCloseTo(Math.max(p.descriptionSimilarity, (p.nameSimilarity + p.descriptionSimilarity) / 2), 2);
  }
  return pairs;
}

const ISSUES = [
  tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
  tool({ name: 'find_issues', description: 'Find issues in a GitHub repository by keyword, label or state.' }),
  tool({ name: 'list_issues', description: 'List issues in a GitHub repository by keyword, label or state.' }),
];
const UNRELATED = [
  tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
  tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
];

describe('confusable pairs: no hard "more than half" filter', () => {
  it('three look-alike issue tools among five: pairs among the three, and only those', async () => {
    const pairs = await pairsOf([...ISSUES, ...UNRELATED]);
    expect(pairs.map(key).sort()).toEqual(['find_issues & list_issues', 'find_issues & search_issues', 'list_issues & search_issues']);
  });

  it('four identical-in-substance copies give 6 pairs, each with description similarity 1', async () => {
    const copies = [
      tool({ name: 'read_text_file', description: 'Reads the contents of a text file from the local disk.' }),
      tool({ name: 'load_text_file', description: 'Read contents of the text file on local disk.' }),
      tool({ name: 'fetch_text_file', description: 'Reads contents of a text file from a local disk.' }),
      tool({ name: 'get_text_file', description: 'reads the contents of the text files from the local disk' }),
    ];
    const pairs = await pairsOf(copies);
    expect(pairs).toHaveLength(6);
    for (const p of pairs) expect(p.descriptionSimilarity).toBe(1);
  });

  it('two tools with identical descriptions have description similarity 1', async () => {
    const description = 'Creates a new page in the Notion workspace under the given parent.';
    const pairs = await pairsOf([tool({ name: 'create_page', description }), tool({ name: 'add_page', description })]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.descriptionSimilarity).toBe(1);
  });

  it('two identical descriptions stay at similarity 1 when every tool shares their words', async () => {
    const shared = 'Notion workspace page block database';
    const tools = [
      // Every word of these two is in every description.
      tool({ name: 'create_page', description: `${shared}.` }),
      tool({ name: 'make_page', description: `${shared}.` }),
      tool({ name: 'delete_block', description: `${shared}: archives one block.` }),
      tool({ name: 'query_database', description: `${shared}: filters database rows.` }),
      tool({ name: 'get_user', description: `${shared}: shows one member profile.` }),
    ];
    const pair = (await pairsOf(tools)).find((p) => key(p) === 'create_page & make_page');
    expect(pair).toBeDefined();
    expect(pair!.descriptionSimilarity).toBe(1);
  });
});

describe('confusable pairs: IDF-weighted Dice, weight ln((N+1)/df), for descriptions and names', () => {
  it('the five-tool issue surface matches the reference', async () => {
    const pairs = await expectReference([...ISSUES, ...UNRELATED]);
    // search/find: 6 shared words of df 3 (ln 2 each) and one word of df 1 (ln 6) on each side.
    const d = (6 * Math.log(2)) / (6 * Math.log(2) + Math.log(6));
    const sf = pairs.find((p) => key(p) === 'find_issues & search_issues')!;
    expect(sf.descriptionSimilarity).toBeCloseTo(d, 3);
    // Names {search, issue} on both sides after synonyms: 1.
    expect(sf.nameSimilarity).toBe(1);
  });

  it('a shared namespace token is down-weighted, not dropped (browser_*)', async () => {
    await expectReference([
      tool({ name: 'browser_click_element', description: 'Clicks an element identified by a CSS selector.' }),
      tool({ name: 'browser_hover_element', description: 'Moves the pointer over an element matching the selector.' }),
      tool({ name: 'browser_navigate', description: 'Opens a URL in the current tab.' }),
      tool({ name: 'browser_close', description: 'Closes the current browser tab and its page.' }),
      tool({ name: 'browser_type_element', description: 'Types text into an editable element matching the selector.' }),
    ]);
  });

  it('a mixed surface of ten tools matches the reference pair for pair', async () => {
    await expectReference([
      ...ISSUES,
      ...UNRELATED,
      tool({ name: 'get_block', description: 'Gets a block of the blockchain by its height or hash.' }),
      tool({ name: 'retrieve_block', description: 'Retrieves a block of the blockchain by number and returns its transactions.' }),
      tool({ name: 'create_issue', description: 'Creates an issue in a GitHub repository with a title, body and labels.' }),
      tool({ name: 'update_issue', description: 'Updates the title, body, labels or state of an issue in a GitHub repository.' }),
      tool({ name: 'short', description: 'Issues.' }),
    ]);
  });
});
