// The scan of rules v2's security patterns over matching forms, memoised by string for one lint: each
// form's trigger bits (one trie-shaped expression of every pattern's trigger words) and each scan's matches
// (after the negation and sentence tests, which read only the form). security.ts decides per tool.
import { identifierAsWords, isPlainAscii, matchingForm } from './normalise.js';
import { HONEST_CHANNEL, INSTRUCTION_PATTERNS } from './security-patterns.js';
import { GENERAL, shadowMatches, TARGETED } from './security-shadowing.js';
import { matches, negated, sentenceAround, type FormMatch } from './security-text.js';

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

/** What the scans found in one matching form: the trigger bits and, per scan, its matches (computed when first asked). */
export interface FormScan {
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
  /** The form's scan (that of `scans`), once a tool asked for it. */
  scan?: FormScan;
  /** The string in lower case, once a tool asked for it (a parameter name). */
  lower?: string;
}

export const securityMemo = (): SecurityMemo => ({ forms: new Map(), identifierForms: new Map(), scans: new Map() });

/** The matching form of a string value, or of a key or name read as words, and whether the string is plain. */
export function formOf(memo: SecurityMemo, text: string, identifier: boolean): MemoForm {
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

export function scanOf(memo: SecurityMemo, form: string): FormScan {
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

/** The matches of scan number `scan` in string `index`, from the memo (computed on first use). */
export function found(scans: FormScan[], forms: string[], index: number, scan: number): FormMatch[] {
  const s = scans[index]!;
  let out = s.found[scan];
  if (out === undefined) {
    const form = forms[index]!;
    s.found[scan] = out = scan < INSTRUCTION_PATTERNS.length ? instructionMatches(INSTRUCTION_PATTERNS[scan]!, form) : shadowMatches(scan - INSTRUCTION_PATTERNS.length, form);
  }
  return out;
}

/** How many scans there are: the instruction patterns, the TARGETED patterns, "… tool must …", the GENERAL patterns. */
export const SCANS = TRIGGER_LISTS.length;
