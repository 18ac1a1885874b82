import type { Tool } from '../../contracts/tool.js';
import { identifierAsWords, isPlainAscii, matchingForm } from './normalise.js';
import { stringPath, toolStrings, type ToolString } from './tool-strings.js';
import { g, HONEST_CHANNEL, INSTRUCTION_PATTERNS } from './security-patterns.js';

// Security patterns of rules v2 (tool poisoning and shadowing), matched on every string of a tool in its
// matching form (./normalise.ts: lower case, one line, look-alikes read as letters). Each pattern is written
// against a benign look-alike as well as the attack it finds: the corpus in test/security-corpus.ts holds
// both, and README.md gives the reason for each. Strings are joined by "\n" and no pattern crosses a "\n",
// so no match spans two strings.

export { INSTRUCTION_PATTERNS } from './security-patterns.js';

// "Never send your private key to …" warns the model away from the act. "Never forget to …" does not.
const NEGATION = /(?:\b(?:not|never|no)|n't)\s+((?:\w+\s+){0,2})$/u;
const DOUBLE_NEGATION = /\b(?:forget|fail|hesitate|neglect)\b/u;

/** True when the match at `index` is preceded by a plain negation. */
function negated(text: string, index: number): boolean {
  const m = NEGATION.exec(text.slice(Math.max(0, index - 30), index));
  return m !== null && !DOUBLE_NEGATION.test(m[1] ?? '');
}

// Sentence boundaries inside one string: a stop followed by a space, or a Japanese stop. A "." inside
// "~/.ssh" or a URL is not one.
const STOP = /[.;!?](?=\s|$)|[。！？]/gu;

/** [start, end) of the sentence of `text` around [from, to), looking at most 400 characters each way. */
function sentenceAround(text: string, from: number, to: number): [number, number] {
  const lo = Math.max(0, from - 400);
  const window = text.slice(lo, Math.min(text.length, to + 400));
  let start = lo;
  let end = lo + window.length;
  STOP.lastIndex = 0;
  for (let m = STOP.exec(window); m !== null; m = STOP.exec(window)) {
    const i = lo + m.index;
    if (i < from) start = i + m[0].length;
    else if (i >= to) {
      end = i + m[0].length;
      break;
    }
  }
  return [start, end];
}

// ---- shadowing: a description that tells the model how to use another tool --------------------------

const MODAL = String.raw`\b(?:must|should|always|never|instead|make sure|ensure|required to|have to|also|additionally)\b`;
const TARGET = String.raw`[\x60'"]?(?<target>[\w.-]{1,64})[\x60'"]?(?<tool>\s+tool)?`;
/** Patterns that name the other tool in the group `target`. */
const TARGETED: { re: RegExp; trigger: string[] }[] = [
  // "When using the send_email tool, always …" / "Before calling `x`, you must …"
  {
    trigger: ['using', 'calling', 'invoking', 'running', 'executing', 'you use', 'you call', 'you run', 'you invoke'],
    re: g(String.raw`\b(?:when|whenever|before|after|while|if|once|each time|every time|any time)\s+(?:using|calling|invoking|running|executing|you use|you call|you run|you invoke)\s+(?:the\s+)?${TARGET}\b[^.!?\n]{0,80}(?:${MODAL}|\b(?:prepend|append|copy|forward|bcc|cc|redirect|replace)\b)`),
  },
  // "Whenever `create_ticket` is present, also …": the other tool's presence or use is the condition, and
  // the sentence then changes what happens ("If `fetch_page` is available, use it instead" only routes).
  {
    trigger: ['exists', 'appears', 'present', 'available', 'installed', 'listed', 'registered', 'connected', 'loaded', 'called', 'used', 'invoked', 'offered', 'exposed'],
    re: g(String.raw`\b(?:when|whenever|if|once|as long as|each time|every time|any time|while)\b[^.!?\n]{0,40}?(?<![\w.-])${TARGET}\s+(?:(?:is|are|gets?|has been|was)\s+(?:present|available|installed|listed|registered|connected|loaded|called|used|invoked|offered|exposed)|exists|appears)\b[^.!?\n]{0,80}?\b(?:must|should|always|never|make sure|ensure|required to|have to|also|additionally|first|copy|forward|send|bcc|cc|change|set|replace|redirect|rewrite|modify|include|add|append)\b`),
  },
  // "create_ticket ツールがある場合は…"
  {
    trigger: ['場合', 'とき', '時', '際'],
    re: g(String.raw`(?<![\w.-])[\x60'"「]?(?<target>[a-z][\w.-]{0,63})[\x60'"」]?\s?(?<tool>ツール)?\s?(?:が|を)(?:ある|存在する|使う|使用する|呼び出す|呼ぶ|実行する|利用可能な|使える)(?:場合|とき|時|際)`),
  },
];
// "the send_email tool must always …": found from the literal phrase, then the word before it is read.
const TOOL_MUST = /\btool\s+(?:must|should)\s+(?:always|never|only|first)\b/gu;
const WORD_BEFORE = /[\x60'"]?([\w.-]{1,64})[\x60'"]?\s+$/u;
/** Patterns about other tools in general. */
const GENERAL: { re: RegExp; trigger: string[] }[] = [
  // "all other tools must …", "any tool should …"
  { trigger: ['tool'], re: g(String.raw`\b(?:all|any|every)\s+(?:other\s+)?tools?\b[^.!?\n]{0,80}${MODAL}`) },
  { trigger: ['tool'], re: g(String.raw`\b(?:before|after)\s+(?:any|every|each)\s+(?:other\s+)?tool\s+(?:call|use|invocation)`) },
  { trigger: ['ツール'], re: g(String.raw`(?:他の|ほかの|すべての|全ての|あらゆる)ツール[^。！？\n]{0,40}(?:必ず|常に|してはいけません|しないでください|送信|転送|コピー)`) },
];

/** A sentence that may steer another tool: what it says, and the tool it names (null: tools in general). */
export interface ShadowCandidate {
  field: string;
  path: string;
  excerpt: string;
  /** The other tool as written (case kept when it can be found in the raw string), or null. */
  target: string | null;
  /** The text calls the target a tool ("the send_email tool"). */
  namedAsTool: boolean;
}

/** One instruction found in a string of the tool. */
export interface SecurityHit {
  pattern: string;
  field: string;
  path: string;
  excerpt: string;
}

/** What the security rules of v2 know about one tool: computed once with its facts. */
export interface SecurityFacts {
  /** Every string of the tool, as sent (invisible_characters reads these). */
  strings: ToolString[];
  /** Instructions to the model, at most one per pattern and string. */
  hits: SecurityHit[];
  /** Sentences that may steer another tool; tool_shadowing decides with the surface's names. */
  shadows: ShadowCandidate[];
  /**
   * The description without its sentences that carry a hit or a shadowing candidate: what the cue
   * lexicons read, so an attack earns no "when to use", "alternative" or "example" points. Equal to the
   * description when there are none.
   */
  cueDescription: string;
  /** Those sentences, trimmed (to leave them out of the tool's own text too: {@link cueText}). */
  flaggedSentences: string[];
  /** Names of the tool's own parameters at any depth: "if `dry_run` is set" names no other tool. */
  ownNames: Set<string>;
  /**
   * Indices (ascending) of the strings that are not printable ASCII, the only ones that can hold an
   * invisible or control character (invisible_characters reads these; the rest cannot match it).
   */
  notPlain: number[];
}

const SELF = new Set(['this', 'it', 'that', 'these', 'those', 'a', 'an', 'the', 'your', 'our', 'my', 'any', 'each', 'tool', 'same', 'you', 'one']);

/** The target as written in the raw string (the matching form is lower case), else as matched. */
function rawTarget(raw: string, target: string): string {
  const i = raw.toLowerCase().indexOf(target);
  return i >= 0 && raw.length === raw.toLowerCase().length ? raw.slice(i, i + target.length) : target;
}

/**
 * True when `target` names a tool other than this one: a sibling (`names`, case-insensitively), or, whatever
 * the surface, an identifier-like word (`send_email`, `sendEmail`) or a word the text calls a tool — never
 * the tool itself, a pronoun, or one of its own parameters.
 */
export function namesOtherTool(target: string, self: string, ownNames: Set<string>, namedAsTool: boolean, names?: Set<string>): boolean {
  const lower = target.toLowerCase();
  if (lower === self.toLowerCase() || SELF.has(lower) || ownNames.has(lower)) return false;
  if (names !== undefined) for (const n of names) if (n !== self && n.toLowerCase() === lower) return true;
  return /[_.-]/.test(target) || /[a-z][A-Z]/.test(target) || namedAsTool;
}

/** Split a description into sentences (as sent), so that a flagged one can be left out of the cues. */
function sentencesOf(description: string): string[] {
  const out: string[] = [];
  let start = 0;
  STOP.lastIndex = 0;
  for (let m = STOP.exec(description); m !== null; m = STOP.exec(description)) {
    out.push(description.slice(start, m.index + m[0].length));
    start = m.index + m[0].length;
  }
  if (start < description.length) out.push(description.slice(start));
  return out;
}

const escape = (w: string): string => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The trigger lists, one per scan (a bit each): the instruction patterns, then shadowing's. */
export const TRIGGER_LISTS: string[][] = [...INSTRUCTION_PATTERNS.map((p) => p.trigger), ...TARGETED.map((p) => p.trigger), ['tool'], ...GENERAL.map((p) => p.trigger)];
const TRIGGER_BITS = new Map<string, number>();
TRIGGER_LISTS.forEach((list, bit) => {
  for (const w of list) TRIGGER_BITS.set(w, (TRIGGER_BITS.get(w) ?? 0) | (1 << bit));
});
type TrieNode = Map<string, TrieNode> & { end?: boolean };

/**
 * The words as one expression shaped like a trie ("system(?: instructions| prompt)?"): at each position
 * it matches the longest word that starts there, as a longest-first alternation does, but a position is
 * ruled out after a character or two instead of after trying each of ~200 alternatives (V8 does not merge
 * literal alternatives): the trigger scan of the firecrawl surface went from ~2 ms to a fraction of that.
 */
export function trieExpression(words: string[]): string {
  const root: TrieNode = new Map();
  for (const w of words) {
    let n = root;
    for (const ch of w) {
      let c = n.get(ch);
      if (c === undefined) n.set(ch, (c = new Map()));
      n = c;
    }
    n.end = true;
  }
  const source = (n: TrieNode): string => {
    const branches = [...n].map(([ch, c]) => escape(ch) + source(c));
    if (branches.length === 0) return '';
    const body = branches.length === 1 ? branches[0]! : `(?:${branches.join('|')})`;
    // Greedy: the longer word first, the word that ends here when it does not go on.
    return n.end ? `(?:${body})?` : body;
  };
  return source(root);
}

/** Every trigger word in one expression; a string with none is not scanned at all. */
const ANY_TRIGGER = new RegExp(trieExpression([...TRIGGER_BITS.keys()]), 'g');

/** At most this many hits and shadowing candidates are kept per tool (each names its path). */
const MAX_REPORTED = 20;

/** Every match of `re` in `form` (overlapping starts too: each next try starts one past the last match). */
function* matches(re: RegExp, form: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(form); m !== null; m = re.exec(form)) {
    re.lastIndex = m.index + 1;
    yield m;
  }
}

/** A match kept for a scan of one form: where it is, its text, and for shadowing the tool it names. */
interface FormMatch {
  from: number;
  to: number;
  text: string;
  target?: string | null;
  namedAsTool?: boolean;
}

/** What the scans found in one matching form: the trigger bits and, per scan, its matches (computed when first asked). */
interface FormScan {
  bits: number;
  found: (FormMatch[] | undefined)[];
}

/**
 * The security scan of a lint, by string. Everything it keeps is a function of the text alone (a string's
 * matching form; a form's trigger bits and the matches of each scan, after the negation and sentence tests,
 * which read only the form), so a string repeated across the tools of a surface — a parameter name, a
 * pasted parameter description — is normalised and scanned once per lint, and every tool gets what a scan
 * of its own would give. What depends on the tool (its own parameters, its name, which description
 * sentences a match touches, the paths) is decided per tool from these. One memo per lint: nothing is
 * kept from one lint to the next.
 */
export interface SecurityMemo {
  forms: Map<string, MemoForm>;
  identifierForms: Map<string, MemoForm>;
  scans: Map<string, FormScan>;
}

/** A string's matching form, and whether the string is printable ASCII (see SecurityFacts.notPlain). */
interface MemoForm {
  form: string;
  plain: boolean;
}

export const securityMemo = (): SecurityMemo => ({ forms: new Map(), identifierForms: new Map(), scans: new Map() });

/** The matching form of a string value, or of a key or name read as words, and whether the string is plain. */
function formOf(memo: SecurityMemo, text: string, identifier: boolean): MemoForm {
  const map = identifier ? memo.identifierForms : memo.forms;
  let form = map.get(text);
  // identifierAsWords only adds and replaces ASCII (spaces for `_`, `-` and case changes): plain either way.
  if (form === undefined) map.set(text, (form = { form: matchingForm(identifier ? identifierAsWords(text) : text), plain: isPlainAscii(text) }));
  return form;
}

/**
 * The trigger bits of one form (a bit per scan whose trigger words it holds; 0 for most strings). Matches
 * may overlap (each next try starts one character on), so a trigger inside another is found too. Scanning
 * each form alone finds what one scan of the forms joined by "\n" found for it: every position is tried
 * either way, no trigger word holds a "\n", so no match runs from one form into the next.
 */
function triggerBitsOf(form: string): number {
  let bits = 0;
  ANY_TRIGGER.lastIndex = 0;
  for (let m = ANY_TRIGGER.exec(form); m !== null; m = ANY_TRIGGER.exec(form)) {
    bits |= TRIGGER_BITS.get(m[0])!;
    ANY_TRIGGER.lastIndex = m.index + 1;
  }
  return bits;
}

function scanOf(memo: SecurityMemo, form: string): FormScan {
  let scan = memo.scans.get(form);
  if (scan === undefined) memo.scans.set(form, (scan = { bits: triggerBitsOf(form), found: [] }));
  return scan;
}

/** The matches of instruction pattern `p` in `form` that are instructions: not negated, in the right sentence, no honest channel. */
function instructionMatches(p: (typeof INSTRUCTION_PATTERNS)[number], form: string): FormMatch[] {
  const out: FormMatch[] = [];
  for (const m of matches(p.re, form)) {
    const from = m.index;
    const to = from + m[0].length;
    if (p.negatable && negated(form, from)) continue;
    if (p.negatedAfter?.test(form.slice(to, to + 8))) continue;
    if (p.sentence !== undefined) {
      const [s0, s1] = sentenceAround(form, from, to);
      p.sentence.lastIndex = 0;
      if (!p.sentence.test(form.slice(s0, s1))) continue;
    }
    if (p.id === 'secret_to_argument') {
      const channel = Object.entries(m.groups ?? {}).find(([k, v]) => v !== undefined && (k.startsWith('channel') || k.startsWith('word')))?.[1] ?? '';
      if (HONEST_CHANNEL.test(channel)) continue;
    }
    out.push({ from, to, text: m[0] });
  }
  return out;
}

/** The shadowing matches of scan number `scan` (TARGETED, then "… tool must …", then GENERAL) in `form`. */
function shadowMatches(scan: number, form: string): FormMatch[] {
  const out: FormMatch[] = [];
  const k = scan - INSTRUCTION_PATTERNS.length;
  if (k < TARGETED.length) {
    for (const m of matches(TARGETED[k]!.re, form)) out.push({ from: m.index, to: m.index + m[0].length, text: m[0], target: m.groups?.target ?? '', namedAsTool: m.groups?.tool !== undefined });
  } else if (k === TARGETED.length) {
    TOOL_MUST.lastIndex = 0;
    for (let m = TOOL_MUST.exec(form); m !== null; m = TOOL_MUST.exec(form)) {
      const before = form.slice(Math.max(0, m.index - 80), m.index);
      const word = WORD_BEFORE.exec(before)?.[1];
      if (word !== undefined) out.push({ from: m.index - (before.length - before.lastIndexOf(word)), to: m.index + m[0].length, text: m[0], target: word, namedAsTool: true });
    }
  } else {
    for (const m of matches(GENERAL[k - TARGETED.length - 1]!.re, form)) out.push({ from: m.index, to: m.index + m[0].length, text: m[0], target: null, namedAsTool: false });
  }
  return out;
}

/** The matches of scan number `scan` in string `index`, from the memo (computed on first use). */
function found(scans: FormScan[], forms: string[], index: number, scan: number): FormMatch[] {
  const s = scans[index]!;
  let out = s.found[scan];
  if (out === undefined) {
    const form = forms[index]!;
    s.found[scan] = out = scan < INSTRUCTION_PATTERNS.length ? instructionMatches(INSTRUCTION_PATTERNS[scan]!, form) : shadowMatches(scan, form);
  }
  return out;
}

/** How many scans there are: the instruction patterns, the TARGETED patterns, "… tool must …", the GENERAL patterns. */
const SCANS = TRIGGER_LISTS.length;

/**
 * The security facts of a tool. `description` is the normalised description the other rules read (its
 * sentences are what the cues may lose). `memo` is the lint's (see SecurityMemo); a fresh one gives the same facts.
 */
export function securityFacts(tool: Tool, description: string, memo: SecurityMemo = securityMemo()): SecurityFacts {
  const strings = toolStrings(tool);
  const ownNames = new Set<string>();
  // The matching form of every string. The description is matched sentence by sentence joined by spaces
  // (the same text), so a hit maps to the sentences it touches.
  const forms: string[] = [];
  const notPlain: number[] = [];
  let descIndex = -1;
  let sentences: string[] = [];
  const sentenceStarts: number[] = [];
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    let form: string;
    if (s.field === 'description' && !s.key) {
      descIndex = i;
      sentences = sentencesOf(description);
      const parts: string[] = [];
      let offset = 0;
      // The description as sent (the sentences are of the normalised text): tested as a whole, once.
      if (!isPlainAscii(s.text)) notPlain.push(i);
      for (const sentence of sentences) {
        const part = formOf(memo, sentence, false).form.trim();
        sentenceStarts.push(offset);
        parts.push(part);
        offset += part.length + 1;
      }
      form = parts.join(' ');
    } else {
      if (s.parameter) ownNames.add(s.text.toLowerCase());
      const f = formOf(memo, s.text, s.key || s.field === 'name');
      if (!f.plain) notPlain.push(i);
      form = f.form;
    }
    forms.push(form);
  }
  // Each form's trigger bits: a pattern runs on the strings that hold one of its own trigger words.
  const scans = forms.map((form) => scanOf(memo, form));
  // The scans any string of the tool may need (most tools: none or a few of them).
  let union = 0;
  for (const scan of scans) union |= scan.bits;
  const stringsWith = (scan: number): number[] => {
    const out: number[] = [];
    for (let i = 0; i < scans.length; i++) if ((scans[i]!.bits & (1 << scan)) !== 0) out.push(i);
    return out;
  };
  const flagged = new Set<number>();
  /** Leave out of the cues the description's sentences that [from, to) of string `index` touches. */
  const flag = (index: number, from: number, to: number): void => {
    if (index !== descIndex) return;
    for (let k = 0; k < sentences.length; k++) {
      const s0 = sentenceStarts[k]!;
      const s1 = k + 1 < sentences.length ? sentenceStarts[k + 1]! : forms[index]!.length + 1;
      if (s0 < to && s1 > from) flagged.add(k);
    }
  };

  const hits: SecurityHit[] = [];
  const reported = new Set<string>();
  INSTRUCTION_PATTERNS.forEach((p, scan) => {
    if ((union & (1 << scan)) === 0) return;
    for (const index of stringsWith(scan)) {
      for (const m of found(scans, forms, index, scan)) {
        // Every match leaves the cues; one hit per pattern and string is reported (a second pattern object
        // of the same id adds none either).
        flag(index, m.from, m.to);
        const key = `${p.id}\n${index}`;
        if (hits.length < MAX_REPORTED && !reported.has(key)) {
          reported.add(key);
          hits.push({ pattern: p.id, field: strings[index]!.field, path: stringPath(tool, index), excerpt: m.text.slice(0, 80) });
        }
      }
    }
  });

  const shadows: ShadowCandidate[] = [];
  const candidate = (index: number, from: number, to: number, target: string | null, namedAsTool: boolean): void => {
    const s = strings[index]!;
    const written = target === null ? null : rawTarget(s.text, target);
    if (written !== null) {
      const lower = written.toLowerCase();
      if (lower === '' || lower === tool.name.toLowerCase() || SELF.has(lower) || ownNames.has(lower)) return;
    }
    if (shadows.length < MAX_REPORTED) shadows.push({ field: s.field, path: stringPath(tool, index), excerpt: forms[index]!.slice(from, to).slice(0, 120), target: written, namedAsTool });
    // Only a candidate that names another tool without the surface's help leaves the cues: the sibling
    // test needs the surface, which a tool's facts may not depend on (they are memoised by its hash).
    if (written === null || namesOtherTool(written, tool.name, ownNames, namedAsTool)) flag(index, from, to);
  };
  for (let scan = INSTRUCTION_PATTERNS.length; scan < SCANS; scan++) {
    if ((union & (1 << scan)) === 0) continue;
    for (const index of stringsWith(scan)) {
      for (const m of found(scans, forms, index, scan)) candidate(index, m.from, m.to, m.target!, m.namedAsTool!);
    }
  }

  const cueDescription =
    flagged.size === 0
      ? description
      : sentences
          .filter((_, k) => !flagged.has(k))
          .map((x) => x.trim())
          .join(' ');
  const flaggedSentences = [...flagged].map((k) => sentences[k]!.trim());
  return { strings, hits, shadows, cueDescription, flaggedSentences, ownNames, notPlain };
}

/**
 * What the cue lexicons read of `text` (the description, or its own part without shared text): `text`
 * without the sentences that carry a security match.
 */
export function cueText(text: string, security: Pick<SecurityFacts, 'flaggedSentences'>): string {
  if (security.flaggedSentences.length === 0) return text;
  const drop = new Set(security.flaggedSentences);
  return sentencesOf(text)
    .map((x) => x.trim())
    .filter((x) => !drop.has(x))
    .join(' ');
}
