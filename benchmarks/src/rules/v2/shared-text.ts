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
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const isWordChar = (c: number, s: string): boolean =>
  (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 128 && LETTER_OR_DIGIT.test(s));

/** Lower case, spaces folded, no leading or trailing punctuation. */
function keyOf(clause: string): string {
  let key = clause.toLowerCase();
  if (/\s\s|[\t\n\r\f\v]/.test(key)) key = key.replace(/\s+/g, ' ');
  let a = 0;
  let b = key.length;
  while (a < b && !isWordChar(key.charCodeAt(a), key[a]!)) a++;
  while (b > a && !isWordChar(key.charCodeAt(b - 1), key[b - 1]!)) b--;
  return key.slice(a, b);
}

function clausesOf(text: string): Clause[] {
  const out: Clause[] = [];
  const push = (start: number, end: number) => {
    while (start < end && /\s/.test(text[start]!)) start++;
    while (end > start && /\s/.test(text[end - 1]!)) end--;
    const key = keyOf(text.slice(start, end));
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
/**
 * The longest trailing run compared (words, and characters read for them): shared text longer than this
 * is made of clauses anyway, found clause by clause.
 */
const SUFFIX_WORDS = 256;
const SUFFIX_CHARS = 4096;
/** Characters of the first window of a description's end (each next window is four times as long). */
const FIRST_WINDOW = 64;

interface Word {
  start: number;
  end: number;
  lower: string;
}

/** The words of the end of a text (its last `chars` characters, at most SUFFIX_CHARS, from a word's start). */
function wordsOf(text: string, chars: number): Word[] {
  const out: Word[] = [];
  const from = Math.max(0, text.length - Math.min(chars, SUFFIX_CHARS));
  WORD.lastIndex = from;
  for (let m = WORD.exec(text); m !== null; m = WORD.exec(text)) {
    if (m.index === from && from > 0 && /[\p{L}\p{M}\p{N}\p{Pc}]/u.test(text[from - 1]!)) continue; // a word cut in two
    out.push({ start: m.index, end: m.index + m[0].length, lower: m[0].toLowerCase() });
  }
  return out;
}

/** A sentence may start at word k: the text's first word, after a stop or a line break, a capitalised word, a change of script. */
function sentenceStart(text: string, ws: Word[], k: number): boolean {
  const w = ws[k]!;
  if (w.start === 0) return true;
  const prevEnd = k > 0 ? ws[k - 1]!.end : w.start;
  const prev = k > 0 ? text.slice(ws[k - 1]!.start, prevEnd) : text[w.start - 1]!;
  const word = text.slice(w.start, w.end);
  return SENTENCE_GAP.test(text.slice(prevEnd, w.start)) || TITLE_CASE.test(word) || CJK.test(word) !== CJK.test(prev);
}

interface TrieNode {
  count: number;
  next: Map<string, TrieNode>;
}

/**
 * How many of its last words each description shares with at least `needed` descriptions, found level by
 * level: at each level only the descriptions whose end enough others share go on, so the work is the
 * length of the shared ends (and the words are read from the end, a window at a time), not of the texts.
 */
function sharedEnds(descriptions: string[], needed: number): { words: Word[][]; depth: number[] } {
  // The first window is short: most descriptions share no more than their last word or two, and a longer
  // window is read only when a description's shared end reaches the start of the one it has (the words of a
  // window are the last words of every longer one, so the result does not depend on where it starts).
  const windows = descriptions.map(() => FIRST_WINDOW);
  const words = descriptions.map((d) => wordsOf(d, FIRST_WINDOW));
  const depth = descriptions.map(() => 0);
  const node: TrieNode[] = descriptions.map(() => ({ count: 0, next: new Map() }));
  node.fill(node[0]!);
  let alive = descriptions.map((_, i) => i);
  for (let level = 0; level < SUFFIX_WORDS && alive.length > 0; level++) {
    const live: number[] = [];
    for (const i of alive) {
      const text = descriptions[i]!;
      while (words[i]!.length <= level && windows[i]! < Math.min(text.length, SUFFIX_CHARS)) words[i] = wordsOf(text, (windows[i]! *= 4));
      if (words[i]!.length > level) live.push(i);
    }
    const reached = live.map((i) => {
      const ws = words[i]!;
      const key = ws[ws.length - 1 - level]!.lower;
      let child = node[i]!.next.get(key);
      if (child === undefined) node[i]!.next.set(key, (child = { count: 0, next: new Map() }));
      child.count++;
      return child;
    });
    alive = live.filter((i, k) => {
      if (reached[k]!.count < needed) return false;
      node[i] = reached[k]!;
      depth[i] = level + 1;
      return true;
    });
  }
  return { words, depth };
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

  const { words, depth } = sharedEnds(descriptions, needed);

  return descriptions.map((text, i) => {
    const cut: [number, number][] = [];
    for (const c of clauses[i]!) if (df.get(c.key)! >= needed) cut.push([c.start, c.end]);
    // The shared end, cut from its first word where a sentence may start.
    const ws = words[i]!;
    let from = ws.length - depth[i]!;
    while (from < ws.length && !sentenceStart(text, ws, from)) from++;
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
