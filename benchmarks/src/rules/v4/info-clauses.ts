// The clauses of one tool's text and how each word counts (info-text.ts reads them; split from it).
import { identifierTokens, stem } from '../../text/words.js';
import { NAME_WORDS_JA, STOPWORDS } from '../v2/lexicons.js';
import { isEnglishWord } from '../v3/english-words.js';
import { GENERIC_WORDS, GENERIC_WORDS_JA, SYNONYMS, TECH_WORDS } from '../v3/lexicons.js';

export interface Clause {
  start: number;
  end: number;
  key: string;
  /** Words about the tool besides its own name. */
  spec: number;
  /** Words of the tool's own name. */
  name: number;
  nonsense: number;
  /** Words about the tool anchored in its surface (info-anchor.ts): a parameter, a schema word, a sibling's name word, code. */
  anchored: number;
  /** v4: anchored, or naming the tool in words (info-anchor.ts sets it). */
  about?: boolean;
  /** Its words in order: lower case, stem, kind, capitalised (the last few are read for a shared end), anchored. */
  words: ClauseWord[];
}

export interface ClauseWord {
  lower: string;
  stemmed: string;
  kind: Kind;
  title: boolean;
  anchored: boolean;
  /** Another tool of the surface, named. */
  sibling: boolean;
}

// A clause ends after . ! ? before a space (not in "e.g." or "i.e."), after 。！？;；, or at a line break or "|"
// — or, with no stop at all, where a sentence opener follows a word, an acronym or a URL ("…in the knowledge
// graph Call it whenever …", "Navigate to a URL Call it …"): text appended to a description without a final
// stop must not borrow its last clause's words (v3.0 cut only after a lower-case word; puppeteer's "Navigate
// to a URL" let the appended clause borrow "URL").
const OPENERS = 'Call|Use|Invoke|Trigger|Run|Do|Don\'t|Never|Always|Only|It|This|Returns?|Gives|Example|Examples|Limits?|Note|Prefer|Pick|Avoid|Please|When|Whenever|If';
// Markdown (v3.1): a list marker ("1." or "2)" opening a line) is not a stop — "1. Lists the pods" is one
// clause, not "1." and "Lists the pods"; a fenced code block is one clause (see CODE).
// A markup tag (`<hints>`, `</examples>`) is a cut too and belongs to no clause: it is structure, not words
// about the tool (sentry's descriptions end in "</hints>"; a sentence appended after it borrowed "hints" as
// content and earned usage points, +2.2 in the gaming suite's varied-boilerplate row).
const CUT = new RegExp(String.raw`(?<!\b(?:e\.g|i\.e|vs|etc|incl|approx))(?<!(?:^|\n)[ \t]*\d{1,3})[.!?](?=\s|$)|[。！？;；]|\n|\||<\/?[A-Za-z][\w-]{0,40}>| (?<=[A-Za-z0-9)\]"'\x60/] )(?=[A-Z])(?=(?:${OPENERS})\b)`, 'g');
// v4: a Latin word with diacritics is one token (v3 split "résumé" at the "é"). A run of Japanese or Chinese
// script is one match, cut into words by Intl.Segmenter (cjkWords).
const TOKEN = /[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}ー]+|[\p{Script=Latin}0-9][\p{Script=Latin}0-9_'’./:-]*[\p{Script=Latin}0-9]|[\p{Script=Latin}0-9]|\p{L}+/gu;
const CJK = /^[\p{Script=Han}\p{Script=Katakana}\p{Script=Hiragana}ー]+$/u;
/** A CJK word with a character of its own (not only kana endings and particles). */
const HAN_KATAKANA = /[\p{Script=Han}\p{Script=Katakana}]/u;
const HIRAGANA = /^\p{Script=Hiragana}+$/u;
// v4: a Latin-script word with diacritics ("Úsala", "résumé") is read like any Latin word, by its letters
// without the marks (v3 read it as "another script", always about the tool: foreign filler earned points).
const LATIN = /^[\p{Script=Latin}'’-]+$/u;
const NUMBER = /^\d[\d.,:]*$/;
/**
 * v4: numbering, not a number only — a version or an ordinal mark ("v7", "v2.1.0", "3.x", "no.7", "7th")
 * counts as nothing, like a number (v3 read "v7.1.0" as an identifier, a word about the tool).
 */
const NUMBERING = /^(?:v\d+(?:\.\d+)*(?:\.x)?|\d+(?:\.\d+)*\.x|no\.?\d+|\d+(?:st|nd|rd|th))$/i;
/** v4: any token with a digit is masked as a number in a near-duplicate key ("TM-1f3", "tool7", "#007"). */
const HAS_DIGIT = /\d/;
const SNAKE = /^[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+$/;
/** A word of plain letters: read as it is (latinKind), without taking its marks off. */
const ASCII = /^[a-z'’]*$/;
/** A key with a word of its own: one made only of masks ("@", "@ #") is the tool's name, not shared wording. */
export const WORDED = /[^@~#\s]/;
/** A word with a lower-case letter before a capital: camelCase, an identifier ("userCount", "monitorSlug"). */
const CAMEL = /[a-z][A-Z]/;
/**
 * Code in markdown: a fenced block (``` or ~~~ to its closing fence or the end) or an inline `span`. Why: code
 * is what a model copies into a call (field names, query syntax, a JSON example); its identifiers are not
 * nonsense words and a snake_case name in it is a field, not a missing tool. A fenced block is not cut at its
 * lines (a line of "{" or "]" is not a clause that says nothing).
 */
const FENCE = /(?:^|\n)[ \t]*(`{3,}|~{3,})[^\n]*(?:\n[\s\S]*?\n[ \t]*\1[`~]*[ \t]*(?=\n|$)|[\s\S]*$)/g;
const INLINE_CODE = /`[^`\n]+`/g;

/**
 * A "key: value" line (after an optional list marker): "- duration_ms: 1200", "monitor: <monitorSlug>",
 * "- status: ok | error". Its key is a field name (content, like code), and its "|" separates the values
 * of one line, not table cells.
 */
const KEY_LINE = /(?:^|\n)[ \t]*(?:[-*+][ \t]+|\d{1,3}[.)][ \t]+)?`?([A-Za-z_][\w.-]*)`?[ \t]*:(?=[ \t]*[^\s:])/g;

/** Where each key of a "key: value" line starts, and where its line ends. */
function keyLines(text: string): Map<number, number> {
  const out = new Map<number, number>();
  if (!text.includes(':')) return out;
  KEY_LINE.lastIndex = 0;
  for (let m = KEY_LINE.exec(text); m !== null; m = KEY_LINE.exec(text)) {
    const end = text.indexOf('\n', m.index + 1);
    out.set(m.index + m[0].indexOf(m[1]!), end === -1 ? text.length : end);
  }
  return out;
}

/** The [start, end) spans of code in a text, in order: fenced blocks, then inline spans outside them. */
function codeSpans(text: string): [number, number][] {
  if (!text.includes('`') && !text.includes('~~~')) return [];
  const fences: [number, number][] = [];
  FENCE.lastIndex = 0;
  for (let m = FENCE.exec(text); m !== null; m = FENCE.exec(text)) fences.push([m.index + (m[0].startsWith('\n') ? 1 : 0), m.index + m[0].length]);
  const out = [...fences];
  INLINE_CODE.lastIndex = 0;
  for (let m = INLINE_CODE.exec(text); m !== null; m = INLINE_CODE.exec(text)) {
    const at = m.index;
    if (!fences.some(([s, e]) => at >= s && at < e)) out.push([at, at + m[0].length]);
  }
  return out.sort((a, b) => a[0] - b[0]);
}

/** A capitalised word: where a name or an appended sentence may start inside a clause. */
const TITLE = /^\p{Lu}/u;

/** How a word counts: about the tool, its own name, nothing (stopword, cue word, number, other tool), nonsense. */
export type Kind = 'spec' | 'name' | 'none' | 'nonsense';

/** The words that count as the tool's own name: the name, its tokens and their Japanese words (kept across lints). */
export function nameWords(name: string): Set<string> {
  let out = NAME_WORDS.get(name);
  if (out === undefined) {
    if (NAME_WORDS.size > 10_000) NAME_WORDS.clear();
    NAME_WORDS.set(name, (out = readNameWords(name)));
  }
  return out;
}

const NAME_WORDS = new Map<string, Set<string>>();

function readNameWords(name: string): Set<string> {
  const out = new Set<string>([name.toLowerCase()]);
  for (const token of identifierTokens(name)) {
    out.add(token);
    out.add(stem(token));
    for (const ja of NAME_WORDS_JA[token] ?? NAME_WORDS_JA[stem(token)] ?? []) out.add(ja);
  }
  return out;
}

/** The kind of one plain Latin word (lower case, no separators), whoever's text it is in. */
function latinKind(word: string): Kind {
  const lw = ASCII.test(word) ? word : word.normalize('NFD').replace(/\p{M}/gu, '');
  if (STOPWORDS.has(lw) || GENERIC_WORDS.has(lw)) return 'none';
  if (TECH_WORDS.has(lw)) return 'spec';
  if (lw.length <= 2) return 'none';
  return isEnglishWord(lw) ? 'spec' : 'nonsense';
}

/** What a token is on this surface, before the tool's own name and parameters are considered. */
export interface TokenClass {
  lower: string;
  stemmed: string;
  kind: Kind;
  /** Its form in a near-duplicate key ('' = left out). */
  masked: string;
}

/** Classify a token, whatever the surface (tools' names are checked per lint, in clausesOf). */
function classify(token: string): TokenClass {
  const lower = token.toLowerCase().replace(/’/g, "'");
  const stemmed = LATIN.test(token) ? stem(lower) : lower;
  const c = (kind: Kind, masked: string): TokenClass => ({ lower, stemmed, kind, masked });
  if (NUMBER.test(token) || NUMBERING.test(token)) return c('none', '#');
  if (HIRAGANA.test(token)) return c('none', token);
  if (CJK.test(token)) return !HAN_KATAKANA.test(token) || GENERIC_WORDS_JA.has(token) ? c('none', token) : c('spec', token);
  // A snake_case name that is neither a tool of this server nor a parameter of this tool (both are read per
  // lint in clausesOf) points at nothing a model can call: "use get_climate instead" names no content.
  if (SNAKE.test(token)) return c('none', '@');
  // Code, a path, a file name, camelCase, an acronym, another script: content a model can use.
  if (!LATIN.test(token) || CAMEL.test(token)) return c('spec', HAS_DIGIT.test(token) ? '#' : lower);
  // A hyphenated word counts by its parts ("read-only", "top-level").
  const parts = lower.split(/[-']/).filter((p) => p !== '');
  let kind: Kind = 'none';
  for (const p of parts) {
    const k = latinKind(p);
    if (k === 'spec' || (k === 'nonsense' && kind === 'none')) kind = k;
  }
  if (kind === 'nonsense') return c('nonsense', '~');
  if (parts.length === 1 && STOPWORDS.has(lower)) return c('none', '');
  return c(kind, SYNONYMS[lower] ?? lower);
}

/** Every token's class, kept across lints (see classify). */
const CLASSES = new Map<string, TokenClass>();

/** The clauses of a text with their counts and masked keys. */
/** What a word is to one tool: its own name, one of its parameters, another tool's name. */
export type Local = 'name' | 'param' | 'sibling';

const isSpace = (c: number): boolean => c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0x3000;

/**
 * The clauses of a text with their counts and masked keys, and the other tools it names (lower case). One
 * pass for the cuts, one for the words (a word never spans a cut).
 */
export function clausesOf(text: string, local: Map<string, Local>, siblings: Set<string>, named: Set<string>): Clause[] {
  const spans: [number, number][] = [];
  const cut = (start: number, end: number): void => {
    while (start < end && isSpace(text.charCodeAt(start))) start++;
    while (end > start && isSpace(text.charCodeAt(end - 1))) end--;
    if (start < end) spans.push([start, end]);
  };
  let from = 0;
  const code = codeSpans(text);
  const keys = keyLines(text);
  CUT.lastIndex = 0;
  for (let m = CUT.exec(text); m !== null; m = CUT.exec(text)) {
    // No cut inside code (a fenced block's lines, "|" or ". " in an inline span): code is one clause with its text.
    const at = m.index;
    if (code.length > 0 && code.some(([s, e]) => at > s && at < e - 1)) continue;
    if (m[0] === '|' && keys.size > 0 && [...keys].some(([s, e]) => at > s && at < e)) continue;
    // A stop ends its clause; a line break, "|", a tag or the space before an opener belongs to none.
    const inClause = m[0].length === 1 && m[0] !== '\n' && m[0] !== '|' && m[0] !== ' ';
    cut(from, inClause ? m.index + m[0].length : m.index);
    from = m.index + m[0].length;
  }
  cut(from, text.length);
  splitRunOns(text, spans, code);
  const out: Clause[] = spans.map(([start, end]) => ({ start, end, key: '', spec: 0, name: 0, nonsense: 0, anchored: 0, words: [] }));
  let k = 0;
  let last = '';
  let c0 = 0;
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null && k < out.length; m = TOKEN.exec(text)) {
    while (k < out.length && m.index >= out[k]!.end) {
      k++;
      last = '';
    }
    const clause = out[k];
    if (clause === undefined) break;
    if (m.index < clause.start) continue;
    for (const token of CJK.test(m[0]) ? cjkWords(m[0]) : [m[0]]) {
    const c = classOf(token);
    // The tool's own name and parameters, and the surface's tool names: the per-lint part of a word's kind.
    let kind = c.kind;
    let masked = c.masked;
    // In code a word is what a model may copy into a call: never nonsense, and a snake_case name is a field.
    while (c0 < code.length && code[c0]![1] <= m.index) c0++;
    const inCode = (c0 < code.length && code[c0]![0] <= m.index) || keys.has(m.index);
    if (inCode && (kind === 'nonsense' || (kind === 'none' && masked === '@'))) kind = 'spec';
    let l = local.get(c.lower);
    if (l === undefined && c.stemmed !== c.lower && local.get(c.stemmed) === 'name') l = 'name';
    if (l === undefined && siblings.has(c.lower)) {
      l = 'sibling';
      named.add(c.lower);
    }
    if (l !== undefined) {
      masked = '@';
      // Another tool's name says nothing about this one (alternatives.ts reads it); a parameter does.
      kind = l === 'name' ? 'name' : l === 'param' ? 'spec' : 'none';
    }
    // v4: a parameter or code is anchored in the tool's surface as it stands (info-anchor.ts reads the rest).
    const anchored = kind === 'spec' && (l === 'param' || inCode);
    clause.words.push({ lower: c.lower, stemmed: c.stemmed, kind, title: TITLE.test(token), anchored, sibling: l === 'sibling' });
    if (anchored) clause.anchored++;
    if (kind === 'spec') clause.spec++;
    else if (kind === 'name') clause.name++;
    else if (kind === 'nonsense') clause.nonsense++;
    // Runs of masked words fold into one: "@ @" (a name of two words) is the same slot as "@".
    if (masked !== '' && !((masked === '@' || masked === '~') && last === masked)) {
      clause.key = clause.key === '' ? masked : `${clause.key} ${masked}`;
      last = masked;
    }
    }
  }
  return out;
}

/**
 * v4 (T5): a sentence run on without a stop — "Navigate to a URL Outputs the outcome of the run", "… thread in
 * Slack Loved by developers" — is cut before a capitalised word that follows a lower-case word or an acronym
 * (not a stopword, at least three words into the clause) and is a determiner or followed by a comma, a
 * stopword or a label ("… URL Step first: …", "… page The browser go back facility …"), or is in another
 * script ("… Backlog space いつでも…"). Why: text
 * appended to a description without a final stop joined its lead clause, which the anchor reading takes as
 * about the tool (info-anchor.ts); a proper noun in a sentence ("from Datadog", "using Google Places API",
 * "the Jira Issues for") follows a stopword or a capitalised word, so it is not cut.
 */
const RUN_ON = /(?<=[\p{Ll}0-9)\]]|\b[A-Z]{2,}) (?=[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|(?:The|This|These|It|Its|Your|Our|A|An) |\p{Lu}\p{Ll}+(?:,| \S+:| [\p{Ll}']+\b))/gu;
const DETERMINER = /^ (?:The|This|These|It|Its|Your|Our|A|An) /;
const NEXT_WORD = /^ \p{Lu}\p{Ll}+ ([\p{Ll}']+)\b(?!:)/u;
const PREV_WORD = /(\S+)$/;

function splitRunOns(text: string, spans: [number, number][], code: [number, number][]): void {
  if (!/ [\p{Lu}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u.test(text)) return;
  for (let i = 0; i < spans.length; i++) {
    const [s, e] = spans[i]!;
    const part = text.slice(s, e);
    RUN_ON.lastIndex = 0;
    for (let m = RUN_ON.exec(part); m !== null; m = RUN_ON.exec(part)) {
      const at = s + m.index;
      const before = part.slice(0, m.index);
      const prev = PREV_WORD.exec(before)?.[1]?.toLowerCase().replace(/[^\p{L}0-9]/gu, '') ?? '';
      // Followed by a lower-case word, it must be a stopword ("… Datadog Fire off this …"; not "… Datadog Dashboards api").
      const next = NEXT_WORD.exec(part.slice(m.index))?.[1];
      if (next !== undefined && !STOPWORDS.has(next) && !DETERMINER.test(part.slice(m.index))) continue;
      if (STOPWORDS.has(prev) || before.split(/\s+/).length < 3 || code.some(([a, b]) => at > a && at < b)) continue;
      spans.splice(i, 1, [s, at], [at + 1, e]);
      break;
    }
  }
}

/** A token's class, kept across lints (see classify). */
export function classOf(token: string): TokenClass {
  let c = CLASSES.get(token);
  if (c === undefined) {
    // Bounded: a long-running service sees many surfaces; a lint reads a few thousand distinct words.
    if (CLASSES.size > 50_000) CLASSES.clear();
    CLASSES.set(token, (c = classify(token)));
  }
  return c;
}

/** Every token of a text, CJK runs cut into words: what the anchor of a tool is read from (info-anchor.ts). */
export function tokensOf(text: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  for (let m = TOKEN.exec(text); m !== null; m = TOKEN.exec(text)) {
    if (CJK.test(m[0])) out.push(...cjkWords(m[0]));
    else out.push(m[0]);
  }
  return out;
}

/**
 * v4: a run of Japanese or Chinese script cut into words by Intl.Segmenter (Node's ICU dictionaries; no
 * hand-written splitter). Why: v3 read a whole run of kanji and katakana as one word, so a sentence of CJK filler
 * was one "word about the tool" unless the whole run was on GENERIC_WORDS_JA; cut into words, each can be
 * checked against the tool's surface like an English word. Kept across lints (bounded).
 */
function cjkWords(run: string): string[] {
  let out = CJK_WORDS.get(run);
  if (out === undefined) {
    out = [];
    for (const s of SEGMENTER.segment(run)) if (s.isWordLike !== false && s.segment.trim() !== '') out.push(s.segment);
    if (CJK_WORDS.size > 20_000) CJK_WORDS.clear();
    CJK_WORDS.set(run, out);
  }
  return out;
}

const SEGMENTER = new Intl.Segmenter('ja', { granularity: 'word' });
const CJK_WORDS = new Map<string, string[]>();

/**
 * v4: a cell of a markdown table ("| 0 or 1 | Values |") or a heading line ("## General principles"): layout
 * that heads or fills a table. It leaves the text when it says nothing about the tool, but it is not a
 * sentence that no_specific_text should quote (drawio's `open_drawio_xml` was flagged on "0 or 1", "Values").
 */
export function isLayout(text: string, c: Clause): boolean {
  let i = c.start - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  if (i >= 0 && text.charCodeAt(i) === 124) return true;
  let j = c.end;
  while (j < text.length && (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9)) j++;
  if (j < text.length && text.charCodeAt(j) === 124) return true;
  return text.charCodeAt(c.start) === 35 && (c.start === 0 || text.charCodeAt(c.start - 1) === 10);
}

/** A clause that ends with ":" (or bold ":**") before a line break or the end: a label of what follows, not a sentence. */
export function isLabel(text: string, c: Clause): boolean {
  let last = c.end - 1;
  while (last > c.start && (text.charCodeAt(last) === 42 || text.charCodeAt(last) === 95)) last--;
  if (text.charCodeAt(last) !== 58) return false;
  let i = c.end;
  while (i < text.length && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  return i === text.length || text.charCodeAt(i) === 10 || text.charCodeAt(i) === 13;
}
