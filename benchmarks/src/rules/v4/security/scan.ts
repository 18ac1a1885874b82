// What rules v3's security scan adds to v2's for one string: the phrase lexicon (13 languages) and the
// capability patterns on the string's Latin and native forms, and v2's patterns and these again on every
// form an attack hides in (leetspeak, letter spacing, markdown and HTML comments, base64, hex and URL-encoded
// runs). Memoised by string for one lint, like v2's scan: a string repeated across a surface is read once.
import { identifierAsWords } from '../../v2/normalise.js';
import { INSTRUCTION_PATTERNS } from '../../v2/security-patterns.js';
import { formOf, found, scanOf, trieExpression, type SecurityMemo as SecurityMemoV2 } from '../../v2/security-scan.js';
import { sentenceAround } from '../../v2/security-text.js';
import { CAPABILITY_PATTERNS } from './capability.js';
import { decodedRuns } from '../../v3/security/decode.js';
import { commentBodies, deleet, isPlain, latinForm, nativeForm as nativeFormV3, unspace } from '../../v3/security/forms.js';

/** v3's native form, Arabic-folded as the lexicon's words are (v4: Arabic and Persian). */
export const nativeForm = (text: string, keepSpaces = false): string => arabicFold(nativeFormV3(text, keepSpaces));
import { arabicFold, COMPACT, LEXICON } from './lexicon.js';
import { benignReading } from './benign.js';

/** One match the v3 scan adds: the class (a hidden_instructions pattern id), the hiding place, an excerpt. */
export interface ExtraMatch {
  pattern: string;
  /** How the text was hidden ("base64", "leetspeak", "comment", …); null: in plain sight. */
  via: string | null;
  excerpt: string;
}

/** rules v3's memo: v2's (forms and scans of v2's patterns) and the extra matches by string. */
export interface SecurityMemo extends SecurityMemoV2 {
  extra: Map<string, ExtraMatch[]>;
  identifierExtra: Map<string, ExtraMatch[]>;
  mayInstruct: Map<string, boolean>;
  crossSentence: Map<string, ExtraMatch[]>;
  joined: Map<string, ExtraMatch[]>;
  /** Each string's prepared forms (native, Latin, their gate words), made once per lint whichever detector asks first. */
  prepared: Map<string, Prepared>;
  /** The gate words of a form (a hidden form, a part of a joined text), by the form. */
  anchors: Map<string, Set<string>>;
  /** The cross-sentence part bits of a form, by the form. */
  crossParts: Map<string, number[]>;
}

/**
 * One string prepared for every detector of the scan (the lexicon, the capability patterns, the cross-sentence
 * and split readings, `mayInstruct`): its native form (NFKC, invisible characters and escapes removed, lower
 * case, Arabic-folded), its Latin form (look-alikes and accents read as Latin letters) and the gate words each
 * holds. Made once per string and lint; a joined text of two plain strings is composed from its parts'.
 */
export interface Prepared {
  plain: boolean;
  native: string;
  latin: string;
  latinAnchors: Set<string>;
  /** The leetspeak readings of the Latin form ("i" and "l" for "1"), null when it has none; made when first asked. */
  leet?: [string | null, string | null];
}

// A negation just before a match makes it a warning ("never reveal the system prompt", "no ignores las …").
const NEGATION = /(?:(?<![\p{L}])(?:not|never|no|nunca|jamas|nao|nicht|niemals|nie|ne|non|mai|niet|nooit|не|никогда)\s+(?:\p{L}+\s+)?|n't\s+|(?:不要|不得|切勿|别|別|请勿|請勿|不能|不可))$/u;
// Three single letters in a row, each followed by one separator: the text may be letter-spaced.
const SPACED_HINT = /(?<![\p{L}\p{N}])\p{L}[ .\-_*·]\p{L}[ .\-_*·]\p{L}(?![\p{L}\p{N}])/u;
// The scripts of the lexicon's native-form languages (Cyrillic, Arabic, Devanagari, kana, CJK ideographs, Hangul).
// eslint-disable-next-line no-misleading-character-class -- whole Unicode blocks (their combining marks too), not characters
const NATIVE_SCRIPT = /[\u0400-\u04ff\u0600-\u06ff\u0900-\u097f\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/u;
// A letter outside Latin (with its accents) and the CJK blocks, beside Latin letters: maybe a look-alike.
const LOOK_ALIKE_HINT = /[^\t-\u024f\u2000-\u206f\u3000-\u9fff\uac00-\ud7af\uff00-\uffef]/u;
const NEGATABLE = new Set(['ignore_previous', 'history_exfiltration', 'authority_claim', 'role_override', 'precedence_claim', 'environment_to_argument', 'fetch_and_run']);

/** The first match of `re` in `form` that is not negated (when its class may be), as an excerpt, or null. */
export function firstMatch(id: string, re: RegExp, form: string, sentence?: RegExp): string | null {
  // v2's `matches` (every start, each next try one past the last match) as a plain loop: no generator.
  re.lastIndex = 0;
  for (let m = re.exec(form); m !== null; m = re.exec(form)) {
    re.lastIndex = m.index + 1;
    if (NEGATABLE.has(id) && NEGATION.test(form.slice(Math.max(0, m.index - 24), m.index))) continue;
    if (benignReading(id, form, m.index, m.index + m[0].length, m[0])) continue;
    if (sentence !== undefined) {
      const [s0, s1] = sentenceAround(form, m.index, m.index + m[0].length);
      sentence.lastIndex = 0;
      if (!sentence.test(form.slice(s0, s1))) continue;
    }
    return m[0].slice(0, 80);
  }
  return null;
}

// Every gate word of the lexicon and the capability patterns, in one expression shaped like a trie (as v2's
// trigger scan): one pass over a form tells which expressions can match in it; most run on no string at all.
export const ANCHORS = new Set([...LEXICON.flatMap((p) => p.gates.flat()), ...CAPABILITY_PATTERNS.flatMap((p) => p.anchors)]);
// (No `u` flag: every gate word is in the Basic Multilingual Plane, so code units match as characters do,
// and V8 runs a non-unicode expression faster.)
const ANY_ANCHOR = new RegExp(trieExpression([...ANCHORS]), 'g');

/** The gate words a trie match begins with (itself included), kept across lints: the gate list is fixed. */
const PREFIXES = new Map<string, string[]>();
function gatePrefixes(w: string): string[] {
  let out = PREFIXES.get(w);
  if (out === undefined) {
    out = [];
    for (let n = 1; n <= w.length; n++) {
      const prefix = w.slice(0, n);
      if (ANCHORS.has(prefix)) out.push(prefix);
    }
    // Bounded: the trie matches only gate words, so this holds at most the gate list's words.
    if (PREFIXES.size > 50_000) PREFIXES.clear();
    PREFIXES.set(w, out);
  }
  return out;
}

/** The gate words in a form (every one: a word found is also read for the shorter gate words it begins with). */
export function anchorsIn(form: string): Set<string> {
  const out = new Set<string>();
  ANY_ANCHOR.lastIndex = 0;
  for (let m = ANY_ANCHOR.exec(form); m !== null; m = ANY_ANCHOR.exec(form)) {
    for (const prefix of gatePrefixes(m[0])) out.add(prefix);
    ANY_ANCHOR.lastIndex = m.index + 1;
  }
  return out;
}

/** The gate words of a form, memoised by the form (a lint reads the same hidden or joined part many times). */
export function anchorsOf(memo: SecurityMemo, form: string): Set<string> {
  let out = memo.anchors.get(form);
  if (out === undefined) memo.anchors.set(form, (out = anchorsIn(form)));
  return out;
}

/** The longest gate word, in code units: a gate word across the seam of two joined forms lies in this window of each. */
export const SEAM = Math.max(...[...ANCHORS].map((w) => w.length)) - 1;

/**
 * The gate words of `a + sep + b` from those of `a` and of `b` (memoised) and of the seam: every gate word of
 * the joined form lies in `a`, in `b`, or across the seam within SEAM characters of it (anchorsIn finds every
 * gate word occurring anywhere in a form, so the union is exact).
 */
export function joinedAnchors(memo: SecurityMemo, a: string, sep: string, b: string): Set<string> {
  const out = new Set(anchorsOf(memo, a));
  for (const w of anchorsOf(memo, b)) out.add(w);
  for (const w of anchorsIn(`${a.slice(-SEAM)}${sep}${b.slice(0, SEAM)}`)) out.add(w);
  return out;
}

/** A string's prepared forms (memoised per lint). */
export function prepared(memo: SecurityMemo, text: string): Prepared {
  let out = memo.prepared.get(text);
  if (out === undefined) {
    const plain = isPlain(text);
    const native = nativeForm(text);
    const latin = latinForm(native);
    out = { plain, native, latin, latinAnchors: anchorsOf(memo, latin) };
    memo.prepared.set(text, out);
  }
  return out;
}

/** The leetspeak readings of a prepared string's Latin form ("1" read as "i", then as "l"). */
export function leetOf(p: Prepared): [string | null, string | null] {
  return (p.leet ??= [deleet(p.latin), deleet(p.latin, 'l')]);
}

// Which part of which expression each gate word opens: the lexicon's expressions, then the capability
// patterns (one part each). An expression runs on a form when all its parts are open.
export const GATED = [...LEXICON.map((p) => p.gates), ...CAPABILITY_PATTERNS.map((p) => [p.anchors])];
export const FULL = GATED.map((gates) => (1 << gates.length) - 1);
export const OPENS = new Map<string, number[]>();
GATED.forEach((gates, i) => gates.forEach((words, part) => { for (const w of new Set(words)) (OPENS.get(w) ?? OPENS.set(w, []).get(w)!).push(i * 8 + part); }));

/** The expressions (indices into GATED) whose every part has a gate word among `present`. */
const NONE_OPEN: boolean[] = GATED.map((gates) => gates.length === 0);
export function openExpressions(present: Set<string>): boolean[] {
  if (present.size === 0) return NONE_OPEN;
  const mask = new Array<number>(GATED.length).fill(0);
  for (const w of present) for (const code of OPENS.get(w) ?? []) mask[code >> 3]! |= 1 << (code & 7);
  return mask.map((m, i) => m === FULL[i]);
}

/** The same as ascending indices (most forms open none: no array of every expression is built for them). */
export const NONE_OPEN_INDICES: number[] = GATED.flatMap((gates, i) => (gates.length === 0 ? [i] : []));
const MASK = new Int32Array(GATED.length);
export function openIndices(present: Set<string>, ...more: Set<string>[]): number[] {
  if (present.size === 0 && more.every((m) => m.size === 0)) return NONE_OPEN_INDICES;
  const touched: number[] = [];
  for (const set of [present, ...more]) {
    for (const w of set) {
      const codes = OPENS.get(w);
      if (codes === undefined) continue;
      for (const code of codes) {
        const i = code >> 3;
        if (MASK[i] === 0) touched.push(i);
        MASK[i]! |= 1 << (code & 7);
      }
    }
  }
  const out: number[] = [];
  for (const i of touched) {
    if (MASK[i] === FULL[i]) out.push(i);
    MASK[i] = 0;
  }
  for (const i of NONE_OPEN_INDICES) if (!out.includes(i)) out.push(i);
  return out.sort((a, b) => a - b);
}

/** The lexicon and capability matches of one form (Latin and native), one per class. */
export function lexiconMatches(latin: string, native: string, plain: boolean, via: string | null, out: ExtraMatch[], latinAnchors: Set<string> = anchorsIn(latin), nativeAnchors: () => Set<string> = () => anchorsIn(native)): void {
  const seen = new Set<string>();
  const push = (pattern: string, excerpt: string | null): void => {
    if (excerpt === null || seen.has(pattern)) return;
    seen.add(pattern);
    out.push({ pattern, via, excerpt });
  };
  // Only the open expressions are visited, in LEXICON's order and then the capability patterns' (as a pass
  // over every expression would: the first match of a class wins).
  const openLatin = openIndices(latinAnchors);
  const openNative = plain || !NATIVE_SCRIPT.test(native) ? NONE_OPEN_INDICES : openIndices(nativeAnchors());
  const lexicon: number[] = [];
  for (const i of openLatin) if (i < LEXICON.length && LEXICON[i]!.form !== 'native') lexicon.push(i);
  for (const i of openNative) if (i < LEXICON.length && LEXICON[i]!.form === 'native') lexicon.push(i);
  if (openNative.length > 0) lexicon.sort((a, b) => a - b);
  for (const i of lexicon) {
    const p = LEXICON[i]!;
    if (seen.has(p.id)) continue;
    push(p.id, firstMatch(p.id, p.re, p.form === 'native' ? native : latin));
  }
  for (const i of openLatin) {
    if (i < LEXICON.length) continue;
    const p = CAPABILITY_PATTERNS[i - LEXICON.length]!;
    if (!seen.has(p.id)) push(p.id, firstMatch(p.id, p.re, latin, p.sentence));
  }
}

/** v2's instruction patterns on a form an attack hid in (v2 itself reads only the string as sent). */
function v2Matches(memo: SecurityMemo, text: string, via: string, out: ExtraMatch[]): void {
  const f = formOf(memo, text, false);
  const scan = (f.scan ??= scanOf(memo, f.form));
  if (scan.bits === 0) return;
  INSTRUCTION_PATTERNS.forEach((p, k) => {
    if ((scan.bits & (1 << k)) === 0) return;
    const m = found([scan], [f.form], 0, k).find((x) => !benignReading(p.id, f.form, x.from, x.to, x.text));
    if (m !== undefined) out.push({ pattern: p.id, via, excerpt: m.text.slice(0, 80) });
  });
}

/** Everything the v3 scan adds for one text, hidden forms included; `depth` bounds decoding inside decoding. */
function scanText(memo: SecurityMemo, text: string, depth: number): ExtraMatch[] {
  const out: ExtraMatch[] = [];
  const p = prepared(memo, text);
  const { plain, native, latin } = p;
  lexiconMatches(latin, native, plain, null, out, p.latinAnchors, () => anchorsOf(memo, native));
  // The hidden forms: each read by v2's patterns and the lexicon, reported with how it was hidden.
  const hidden = (via: string, form: string): void => {
    v2Matches(memo, form, via, out);
    const anchors = anchorsOf(memo, form);
    lexiconMatches(form, form, isPlain(form), via, out, anchors, () => anchors);
  };
  if (!plain && LOOK_ALIKE_HINT.test(native) && latin !== native) v2Matches(memo, latin, 'look-alike letters', out);
  for (const body of commentBodies(text)) hidden('comment', latinForm(nativeForm(body)));
  const [leet, leetL] = leetOf(p);
  if (leet !== null) {
    hidden('leetspeak', leet);
    if (leetL !== null && leetL !== leet) hidden('leetspeak', leetL);
  }
  const spaced = SPACED_HINT.test(text) ? unspace(latinForm(nativeForm(text, true))) : null;
  if (spaced !== null) {
    hidden('letter spacing', spaced.words);
    for (const c of COMPACT) {
      const excerpt = firstMatch(c.id, c.re, spaced.compact);
      if (excerpt !== null) out.push({ pattern: c.id, via: 'letter spacing', excerpt });
    }
  }
  if (depth < 2) {
    for (const d of decodedRuns(text)) {
      // The decoded text read by v2's patterns, then by everything above (decoding inside decoding too).
      v2Matches(memo, latinForm(nativeForm(d.text)), d.via, out);
      for (const m of scanText(memo, d.text, depth + 1)) out.push({ ...m, via: m.via === null ? d.via : `${d.via}, ${m.via}` });
    }
  }
  // One match per class and hiding place.
  const seen = new Set<string>();
  return out.filter((m) => {
    const key = `${m.pattern}\n${m.via}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const securityMemo = (): SecurityMemo => ({ forms: new Map(), identifierForms: new Map(), scans: new Map(), extra: new Map(), identifierExtra: new Map(), mayInstruct: new Map(), crossSentence: new Map(), joined: new Map(), prepared: new Map(), anchors: new Map(), crossParts: new Map() });

/** The extra matches of a string value, or of a key or name read as words (memoised). */
export function extraMatches(memo: SecurityMemo, text: string, identifier: boolean): ExtraMatch[] {
  const map = identifier ? memo.identifierExtra : memo.extra;
  let out = map.get(text);
  if (out === undefined) map.set(text, (out = scanText(memo, identifier ? identifierAsWords(text) : text, 0)));
  return out;
}


/**
 * True when a text may hold part of an instruction: a gate word of the v3 scan or a trigger word of v2's
 * (memoised). One half of a split instruction holds one, so two texts without any are not joined.
 */
export function mayInstruct(memo: SecurityMemo, text: string): boolean {
  let out = memo.mayInstruct.get(text);
  if (out === undefined) {
    const f = formOf(memo, text, false);
    const scan = (f.scan ??= scanOf(memo, f.form));
    const p = prepared(memo, text);
    out = scan.bits !== 0 || p.latinAnchors.size > 0 || (!p.plain && anchorsOf(memo, p.native).size > 0);
    memo.mayInstruct.set(text, out);
  }
  return out;
}
