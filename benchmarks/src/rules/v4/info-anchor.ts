// v4: what a tool's text is anchored in (issue 25, third round; CHANGELOG.md row T5). A clause after a tool's
// lead clause counts as about the tool only when one of its words is in the tool's own surface — its
// parameters and schema (property names, descriptions, titles, enum values, in its input and output schemas),
// the words of its siblings' names — or in its lead clause. Why: v3 and v4 up to T4 asked whether a word was a
// generic word (a list), so filler that varied its words outside the list ("Yields the outcome of the
// invocation", "Designed to streamline your workflow", CJK filler) earned up to +14 on a server's mean. A
// sentence that shares no content with the tool it sits on could be pasted on any tool: it tells a model
// nothing about this one, whatever its words. The anchor is built once per tool, linear in its schema.
import { identifierTokens, stem } from '../../text/words.js';
import { STOPWORDS } from '../v2/lexicons.js';
import { classOf, tokensOf, type Clause } from './info-clauses.js';

/** The most schema nodes read per tool (a real schema has a few hundred; a huge one is read in part). */
const MAX_NODES = 2_000;
const MAX_DEPTH = 8;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

const addBoth = (word: string, into: Set<string>): void => {
  into.add(word);
  into.add(stem(word));
};

/** Add a text's words (lower case and stemmed; identifiers by their parts) to `into`. */
function addWords(text: string, into: Set<string>): void {
  for (const token of tokensOf(text)) {
    const c = classOf(token);
    if (c.kind === 'none' && c.masked !== '@') continue;
    into.add(c.lower);
    into.add(c.stemmed);
    if (/[_A-Z-]/.test(token)) for (const p of identifierTokens(token)) if (p.length > 2 && !STOPWORDS.has(p)) addBoth(p, into);
  }
}

/** The words of a JSON schema a model reads: property names, descriptions, titles, enum and const values. */
export function schemaWords(schema: unknown, into: Set<string>): void {
  let nodes = 0;
  const walk = (node: unknown, depth: number): void => {
    if (depth > MAX_DEPTH || nodes++ > MAX_NODES) return;
    if (Array.isArray(node)) {
      for (const x of node) walk(x, depth + 1);
      return;
    }
    if (!isObject(node)) return;
    for (const key of ['description', 'title']) if (typeof node[key] === 'string') addWords(node[key], into);
    for (const key of ['enum', 'const']) {
      const v = node[key];
      for (const x of Array.isArray(v) ? v : [v]) if (typeof x === 'string' && x.length <= 80) addWords(x, into);
    }
    if (isObject(node.properties)) {
      for (const [name, sub] of Object.entries(node.properties)) {
        addWords(name, into);
        walk(sub, depth + 1);
      }
    }
    for (const key of ['items', 'additionalProperties', 'anyOf', 'oneOf', 'allOf', 'not', '$defs', 'definitions']) {
      const v = node[key];
      if (key === '$defs' || key === 'definitions') {
        if (isObject(v)) for (const sub of Object.values(v)) walk(sub, depth + 1);
      } else walk(v, depth + 1);
    }
  };
  walk(schema, 0);
}

/** The words of every tool name of a surface (lower case, stemmed), minus stopwords. */
function nameWordsOf(names: string[], into: Set<string>): void {
  for (const n of names) for (const t of identifierTokens(n)) if (t.length > 2 && !STOPWORDS.has(t)) addBoth(t, into);
}

/**
 * A clause that spells out the tool's whole name of two or more words ("The browser navigate feature: call
 * browser_navigate for browser navigate") restates it: its name words do not anchor it. One name word used
 * as a noun does ("Crawl results can be large" on `firecrawl_crawl`).
 */
function restatesName(c: Clause, tokens: string[]): boolean {
  if (tokens.length < 2) return true;
  const said = new Set<string>();
  for (const w of c.words) if (w.kind === 'name') {
      said.add(w.lower);
      said.add(w.stemmed);
    }
  return tokens.every((t) => said.has(t) || said.has(stem(t)));
}

/** A name word written as a word ("files", "crawl"), not the tool's identifier ("read_file"). */
const IDENTIFIER = /[_.-]/;

/**
 * Mark the words of every clause anchored in the surface, and each clause `about` its tool when it has an
 * anchored word or names the tool in words. A tool's anchor: the schema words of the surface's tools (property
 * names, descriptions, titles, enum values: its own and its siblings'), every tool name's words, and its lead clause (the first with
 * words: where a description says what the tool is; "Verify that the counterpart is still responsive" for
 * `ping` names nothing of its schema). Then, within one tool's text, a clause that shares a word about the tool
 * with an anchored clause is anchored too (a description introduces its objects once and refers back to them:
 * "Each entry includes name, type and children" after "Get a recursive tree of files"). Returns each tool's
 * lead clause index (-1 if none). Linear in the words, the closure in the clauses squared of one tool (small).
 */
export function anchorClauses(clauses: Clause[][], tools: { name: string; schemas?: unknown[] }[]): number[] {
  const names = new Set<string>();
  nameWordsOf(tools.map((t) => t.name), names);
  const leads = clauses.map((cs) => cs.findIndex((c) => c.words.length > 0));
  for (const t of tools) for (const s of t.schemas ?? []) schemaWords(s, names);
  clauses.forEach((cs, i) => {
    const anchor = new Set(names);
    if (leads[i]! >= 0) for (const w of cs[leads[i]!]!.words) if (w.kind === 'spec') anchor.add(w.stemmed);
    const tokens = identifierTokens(tools[i]!.name).filter((t) => !STOPWORDS.has(t));
    const own = new Set<string>();
    const mark = (c: Clause): void => {
      c.about = true;
      for (const w of c.words) if (w.kind === 'spec') own.add(w.stemmed);
    };
    for (const c of cs) {
      for (const w of c.words) {
        if (w.kind === 'spec' && !w.anchored && (anchor.has(w.lower) || anchor.has(w.stemmed))) {
          w.anchored = true;
          c.anchored++;
        }
      }
      // A clause naming a sibling compares the tool with it ("do not use for counts → use search_events").
      if (c.anchored > 0 || c.words.some((w) => w.sibling) || (c.words.some((w) => w.kind === 'name' && !IDENTIFIER.test(w.lower)) && !restatesName(c, tokens))) mark(c);
    }
    // The closure: a clause sharing a word with an anchored one is anchored.
    for (let grown = true; grown; ) {
      grown = false;
      for (const c of cs) {
        if (!c.about && c.words.some((w) => w.kind === 'spec' && own.has(w.stemmed))) {
          mark(c);
          grown = true;
        }
      }
    }
  });
  return leads;
}
