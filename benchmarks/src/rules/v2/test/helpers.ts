// Test helpers for rules v2: build tools and facts with a real tokenizer, run one rule or the whole set.
import type { CategoryScore, Finding, LintResult } from '../../../contracts/lint-result.js';
import type { Tool } from '../../../contracts/tool.js';
import { parseSurfaceValue } from '../../../surface/parse.js';
import { loadTokenCounter } from '../../../text/tokens.js';
import type { Category, ServerRule, ToolRule } from '../../types.js';
import { surfaceFacts, type SurfaceFacts, type ToolFacts } from '../facts.js';
import { rulesV2 } from '../index.js';

/** A tool with sensible defaults; override any field. */
export function tool(partial: Partial<Tool> & { name?: string } = {}): Tool {
  return { name: 'read_file', inputSchema: { type: 'object' }, ...partial } as Tool;
}

/** Facts of a surface made of these tools (parsed like real input). */
export async function facts(tools: Tool[]): Promise<SurfaceFacts> {
  return surfaceFacts(parseSurfaceValue({ tools }), await loadTokenCounter());
}

/** Findings of one per-tool rule on the first tool (siblings give the surface context). */
export async function runToolRule(rule: ToolRule<ToolFacts, SurfaceFacts>, t: Tool, siblings: Tool[] = []): Promise<Finding[]> {
  const s = await facts([t, ...siblings]);
  return rule.check(s.tools[0]!, s);
}

/** One category's score of the first tool (siblings give the surface context). */
export async function runCategory(category: Category<ToolFacts, SurfaceFacts>, t: Tool, siblings: Tool[] = []): Promise<CategoryScore> {
  const s = await facts([t, ...siblings]);
  return category.score(s.tools[0]!, s);
}

/** Findings of one server-wide rule. */
export async function runServerRule(rule: ServerRule<SurfaceFacts>, tools: Tool[]): Promise<Finding[]> {
  return rule.check(await facts(tools));
}

/** The full v2 result of a surface. */
export async function lintV2(tools: Tool[]): Promise<LintResult> {
  return rulesV2.lint(parseSurfaceValue({ tools }), { countTokens: await loadTokenCounter() });
}

/** The findings of one code. */
export function only(findings: Finding[], code: string): Finding[] {
  return findings.filter((f) => f.code === code);
}

/** Every code emitted anywhere in a result (server-wide and per tool), sorted and unique. */
export function emittedCodes(result: LintResult): string[] {
  return [...new Set([...result.findings, ...result.tools.flatMap((t) => t.findings)].map((f) => f.code))].sort();
}

/** An object input schema with these properties (and any extra keywords). */
export function objectSchema(properties: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { type: 'object', properties, ...extra };
}

const FILLER = 'alpha bravo charlie delta echo foxtrot golf hotel india juliett kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu'.split(' ');

/** Text of exactly `n` word-like segments made of cue-free filler words. */
export function fillerWords(n: number): string {
  return Array.from({ length: n }, (_, i) => FILLER[i % FILLER.length]).join(' ');
}

/**
 * `n` tools that are neither confusable nor identical: distinct names and descriptions made of words unique
 * to each tool (so no pair shares a content word, and no name token is shared by two tools).
 */
export function distinctTools(n: number): Tool[] {
  return Array.from({ length: n }, (_, i) => {
    const id = i.toString(36);
    return tool({
      name: `widget${id}_sync`,
      description: `Synchronises gadget${id} sprocket${id} flange${id} gizmo${id} records.`,
    });
  });
}

/**
 * A tool whose token count (o200k_base, name + description + input schema) is exactly `target`. The bulk
 * sits in the schema's `$comment`, so the description stays short and cheap to analyse.
 */
export async function toolOfTokens(target: number, name = 'render_report'): Promise<Tool> {
  const counter = await loadTokenCounter();
  const make = (words: number): Tool =>
    tool({ name, description: 'Renders the report as a PDF file.', inputSchema: { type: 'object', $comment: 'the '.repeat(words) } });
  const count = (t: Tool) => counter.count(JSON.stringify({ name: t.name, description: t.description ?? '', input_schema: t.inputSchema }));
  let words = 0;
  for (let i = 0; i < 50; i++) {
    const t = make(words);
    const tokens = count(t);
    if (tokens === target) {
      // The same count as the rules see it.
      if ((await facts([t])).tools[0]!.tokens !== target) throw new Error('toolOfTokens: count differs from the facts');
      return t;
    }
    words = Math.max(0, words + (target - tokens));
  }
  throw new Error(`toolOfTokens: cannot reach ${target}`);
}

const GROUP_WORDS = [
  'invoice vendor ledger quarter',
  'kettle steam boiler valve',
  'orchid petal garden bloom',
  'comet orbit telescope nebula',
  'violin concert rosin bow',
  'glacier fjord moraine crevasse',
];
const GROUP_NOUNS = ['ledger', 'kettle', 'orchid', 'comet', 'violin', 'glacier'];
const SYNONYM_VERBS: [string, string][] = [
  ['get', 'Gets'],
  ['fetch', 'Fetches'],
  ['retrieve', 'Retrieves'],
  ['read', 'Reads'],
  ['load', 'Loads'],
];

/**
 * `groups` groups of `size` (≤ 5) look-alike tools each: the tools of a group are named by synonyms of one
 * verb and one noun (`get_ledger`, `fetch_ledger`, …) and described alike, so every pair inside a group is
 * confusable under v2 (names that say the same, similarity 1) and no pair across groups (`get_ledger` /
 * `get_kettle` differ in the noun that matters).
 */
export function confusableGroups(groups: number, size: number): Tool[] {
  return Array.from({ length: groups * size }, (_, i) => {
    const g = Math.floor(i / size);
    const [verb, verbs] = SYNONYM_VERBS[i % size]!;
    return tool({ name: `${verb}_${GROUP_NOUNS[g]}`, description: `${verbs} one ${GROUP_NOUNS[g]} record with its ${GROUP_WORDS[g]} entries.` });
  });
}
