import { identifierTokens } from '../../text/words.js';
import { STOPWORDS } from '../v2/lexicons.js';
import { GENERIC_WORDS } from '../v3/lexicons.js';
import { clausesOf, isLabel, isLayout, nameWords, WORDED, type Local } from './info-clauses.js';
import { anchorClauses } from './info-anchor.js';
import { discountSharedEnds, slotKeys } from './info-slots.js';
import { T4 } from './thresholds.js';

// Credit only information about this tool (issue 25). A description is read clause by clause; a clause
// earns only when it carries words about the tool (its objects, parameters, conditions, outputs):
// - near-duplicate: its wording, once numbers, the tool's own name and parameter names, other tools' names,
//   synonyms and nonsense words are masked, is on at least half of the tools (v2 dropped only identical
//   clauses; "Call it whenever it is needed (tool 3)" made unique per tool bought +40). Why: text that every
//   tool carries, however varied, tells a model nothing about which tool to pick.
// - content-free: no word beyond stopwords, cue vocabulary (GENERIC_WORDS), numbers and other tools' names,
//   or no more such words than nonsense words ("Use this when you need to quibble the vorp"). Why: a cue
//   phrase with nothing to act on gives a model nothing; a nonsense word is not information.
// - name-only: its only content is the tool's own name ("Use this when you need to read a file" for
//   read_file). Why: it restates the name; it stays in the text the purpose reads, not in what the cues read.
// The rest is the tool's information text. Linear: one pass per clause, each word classified once per lint.
// Files: info-clauses.ts (cuts and words), info-slots.ts (near-duplicate keys, shared ends).

/** What one tool's text is read against. */
export interface InfoInput {
  name: string;
  /** The description without v2's shared text (identical clauses on half the tools). */
  own: string;
  /** Names of the tool's parameters (top level). */
  params: string[];
  /** v4: the tool's input and output schemas, read for its anchor (info-anchor.ts). */
  schemas?: unknown[];
}

/** A clause left out of the information text, and why. */
export interface DroppedClause {
  text: string;
  why: 'near-duplicate' | 'content-free' | 'name-only';
}

/** The information text of one tool. */
export interface InfoText {
  /** The own text without near-duplicate and content-free clauses: what purpose, length and restatement read. */
  info: string;
  /** `info` without name-only clauses: what the cue lexicons (usage, returns, limits, examples) read. */
  cue: string;
  dropped: DroppedClause[];
  /** Other tools of the surface the own text names (lower case). */
  named: string[];
}

/** The text with the spans cut out, the edges tidied as v2's shared text does. */
function without(text: string, cut: [number, number][]): string {
  if (cut.length === 0) return text.trim();
  let out = '';
  let at = 0;
  for (const [s, e] of cut) {
    if (s > at) out += text.slice(at, s);
    at = Math.max(at, e);
  }
  out += text.slice(at);
  return out.replace(/[ \t]{2,}/g, ' ').replace(/^[\s|]+|[\s|]+$/g, '');
}

/** The information text of every tool of a surface (see the top of this file). */
export function infoTexts(tools: InfoInput[]): InfoText[] {
  const siblings = new Set(tools.map((t) => t.name.toLowerCase()));
  const namedBy: Set<string>[] = [];
  const clauses = tools.map((t) => {
    // One small map per tool, weakest first: a parameter, then the tool's own name (other tools' names: `siblings`).
    const local = new Map<string, Local>();
    for (const p of t.params) {
      local.set(p.toLowerCase(), 'param');
      for (const x of identifierTokens(p)) if (x.length > 2 && !GENERIC_WORDS.has(x) && !STOPWORDS.has(x)) local.set(x, 'param');
    }
    for (const w of nameWords(t.name)) local.set(w, 'name');
    const named = new Set<string>();
    const cs = clausesOf(t.own, local, siblings, named);
    namedBy.push(named);
    return cs;
  });
  const n = tools.length;
  const needed = Math.max(T4.nearDuplicateMinTools, Math.ceil(T4.nearDuplicateShare * n));
  const df = new Map<string, number>();
  if (n >= T4.nearDuplicateMinTools) {
    for (const cs of clauses) {
      const seen = new Set<string>();
      for (const c of cs) for (const key of slotKeys(c.key)) seen.add(key);
      for (const key of seen) df.set(key, (df.get(key) ?? 0) + 1);
    }
  }
  if (n >= T4.nearDuplicateMinTools) discountSharedEnds(clauses, needed);
  const leads = anchorClauses(clauses, tools);
  return tools.map((t, i) => {
    const dropped: DroppedClause[] = [];
    const infoCut: [number, number][] = [];
    const cueCut: [number, number][] = [];
    clauses[i]!.forEach((c, j) => {
      const text = t.own.slice(c.start, c.end);
      // v4 (T5): after the lead clause, words about the tool count only when one of them is anchored in its
      // surface (info-anchor.ts); an unanchored clause keeps only its name words ("Step three: invoke X …").
      const spec = j > leads[i]! && !c.about ? 0 : c.spec;
      const content = spec + c.name;
      let why: DroppedClause['why'] | undefined;
      if (WORDED.test(c.key) && slotKeys(c.key).some((k) => (df.get(k) ?? 0) >= needed)) why = 'near-duplicate';
      else if (content === 0 || content <= c.nonsense) why = 'content-free';
      if (why !== undefined) {
        infoCut.push([c.start, c.end]);
        cueCut.push([c.start, c.end]);
        // A clause without a single word (a fence, a rule "---", a table's "|---|") is layout: it leaves
        // the text, but it is not a clause that says nothing about the tool (no_specific_text quotes none).
        // Nor is a label that opens a list or a block ("Examples:", "Arguments:" before a line break), a table
        // cell or a heading (isLayout).
        if (c.words.length > 0 && !(why === 'content-free' && (isLabel(t.own, c) || isLayout(t.own, c)))) dropped.push({ text, why });
      } else if (spec === 0 || spec <= c.nonsense) {
        cueCut.push([c.start, c.end]);
        dropped.push({ text, why: 'name-only' });
      }
    });
    return { info: without(t.own, infoCut), cue: without(t.own, cueCut), dropped, named: [...namedBy[i]!] };
  });
}
