import { T } from './thresholds.js';

// Shared text (issue 12): a sentence, clause or paragraph that most tools of a surface carry — a Docker
// path note pasted into every tool, "Notion | …", "Error Responses: 400: Bad request", one content-free
// sentence appended everywhere — tells a model nothing about which tool to pick. It earns no cue points
// and makes no two tools alike. What is left of a description is its own text.

/** A clause of a description: where it is and how it compares (lower case, spaces folded, no end punctuation). */
interface Clause {
  start: number;
  end: number;
  key: string;
}

// A clause ends after . ! ? before a space or the end, after 。！？;； (kept in the clause), or at a newline
// or a "|" (in no clause).
const CUT = /[.!?](?=\s|$)|[。！？;；]|\n|\|/g;
const EDGE = /^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu;

function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    const key = text.slice(start, end).toLowerCase().replace(/\s+/g, ' ').replace(EDGE, '');
    if (key !== '') out.push({ start, end, key });
  };
  let start = 0;
  CUT.lastIndex = 0;
  for (let m = CUT.exec(text); m !== null; m = CUT.exec(text)) {
    const inClause = m[0] !== '\n' && m[0] !== '|';
    push(start, inClause ? m.index + 1 : m.index);
    start = m.index + 1;
  }
  push(start, text.length);
  return out;
}

const WORD = /[\p{L}\p{M}\p{N}\p{Pc}]+/gu;
const SENTENCE_GAP = /[.!?]\s|[。！？;；\n|]/;
const TITLE_CASE = /^\p{Lu}(?:\p{Ll}|$)/u;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/;
/** The longest trailing run of words compared: shared text longer than this is made of clauses anyway. */
const SUFFIX_WORDS = 256;

interface Word {
  start: number;
  lower: string;
  /** A sentence may start here: the first word, after a stop or a line break, a capitalised word, a change of script. */
  sentenceStart: boolean;
}

function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  let prevEnd = 0;
  let prevCjk = false;
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    const cjk = CJK.test(w);
    const sentenceStart = out.length === 0 || SENTENCE_GAP.test(text.slice(prevEnd, m.index)) || TITLE_CASE.test(w) || cjk !== prevCjk;
    out.push({ start: m.index, lower: w.toLowerCase(), sentenceStart });
    prevEnd = m.index + w.length;
    prevCjk = cjk;
  }
  return out;
}

interface TrieNode {
  count: number;
  next: Map<string, TrieNode>;
}

/**
 * The own text of each description: `undefined` when nothing of it is shared, else the description with
 * the shared parts cut out. Shared are
 * - a clause found on at least half of the tools (and on at least `sharedTextMinTools`);
 * - the end of a description that at least as many tools end with, from the first place in it where a
 *   sentence may start: text appended after a description that had no final stop ("…knowledge graph It
 *   returns data.") runs into its last clause, so clause by clause it would not be found. A run that starts
 *   in the middle of a sentence ("…by its ID.") is a template's wording, not an appended text, and stays.
 * Linear in the total length: one pass for clauses, one reversed trie of the last words.
 */
export function sharedTexts(descriptions: string[]): (string | undefined)[] {
  const n = descriptions.length;
  const none = descriptions.map(() => undefined);
  if (n < T.sharedTextMinTools) return none;
  const needed = Math.max(T.sharedTextMinTools, Math.ceil(T.sharedTextShare * n));

  const clauses = descriptions.map(clausesOf);
  const df = new Map<string, number>();
  for (const cs of clauses) for (const key of new Set(cs.map((c) => c.key))) df.set(key, (df.get(key) ?? 0) + 1);

  const words = descriptions.map(wordsOf);
  const root: TrieNode = { count: 0, next: new Map() };
  for (const ws of words) {
    let node = root;
    for (let k = ws.length - 1; k >= Math.max(0, ws.length - SUFFIX_WORDS); k--) {
      const key = ws[k]!.lower;
      let child = node.next.get(key);
      if (child === undefined) node.next.set(key, (child = { count: 0, next: new Map() }));
      child.count++;
      node = child;
    }
  }

  return descriptions.map((text, i) => {
    const cut: [number, number][] = [];
    for (const c of clauses[i]!) if (df.get(c.key)! >= needed) cut.push([c.start, c.end]);
    // The shared end: follow the trie while enough tools share the words, then cut from the first word of
    // that run where a sentence may start.
    const ws = words[i]!;
    let node = root;
    let from = ws.length;
    for (let k = ws.length - 1; k >= Math.max(0, ws.length - SUFFIX_WORDS); k--) {
      const child = node.next.get(ws[k]!.lower)!;
      if (child.count < needed) break;
      node = child;
      from = k;
    }
    while (from < ws.length && !ws[from]!.sentenceStart) from++;
    if (from < ws.length) cut.push([ws[from]!.start, text.length]);
    if (cut.length === 0) return undefined;
    cut.sort((a, b) => a[0] - b[0]);
    let own = '';
    let at = 0;
    for (const [s, e] of cut) {
      if (s > at) own += text.slice(at, s);
      at = Math.max(at, e);
    }
    own += text.slice(at);
    // What a cut leaves at the edges: spaces, the "|" of "Notion | …".
    return own.replace(/^[\s|]+|[\s|]+$/g, '');
  });
}
