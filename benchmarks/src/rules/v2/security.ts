import type { Tool } from '../../contracts/tool.js';
import { isPlainAscii } from './normalise.js';
import { stringPath, toolStrings, type ToolString } from './tool-strings.js';
import { INSTRUCTION_PATTERNS } from './security-patterns.js';
import { formOf, found, SCANS, scanOf, securityMemo, type FormScan, type SecurityMemo } from './security-scan.js';
import { namesOtherTool, rawTarget, SELF } from './security-shadowing.js';
import { sentencesOf } from './security-text.js';

// Security patterns of rules v2 (tool poisoning and shadowing), matched on every string of a tool in its
// matching form (./normalise.ts: lower case, one line, look-alikes read as letters). Each pattern is written
// against a benign look-alike as well as the attack it finds: the corpus in test/security-corpus.ts holds
// both, and README.md gives the reason for each. Strings are joined by "\n" and no pattern crosses a "\n",
// so no match spans two strings.

// The parts: security-patterns.ts (instruction patterns), security-shadowing.ts (shadowing patterns),
// security-scan.ts (the memoised scan of matching forms), security-text.ts (negations, sentences, cue text).

export { INSTRUCTION_PATTERNS } from './security-patterns.js';
export { securityMemo, trieExpression, TRIGGER_LISTS, type SecurityMemo } from './security-scan.js';
export { namesOtherTool } from './security-shadowing.js';
export { cueText } from './security-text.js';

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

/** At most this many hits and shadowing candidates are kept per tool (each names its path). */
export const MAX_REPORTED = 20;

/**
 * The matching form of every string of a tool and the description's sentences: the part of the scan that
 * rules v2 and v3 share (v3's securityFacts adds its own matches on top). The description is matched
 * sentence by sentence joined by spaces (the same text), so a hit maps to the sentences it touches.
 */
export interface ToolForms {
  strings: ToolString[];
  ownNames: Set<string>;
  forms: string[];
  /** Each form's trigger bits: a pattern runs on the strings that hold one of its own trigger words. */
  scans: FormScan[];
  notPlain: number[];
  /** The index of the description among the strings, or -1. */
  descIndex: number;
  /** The scans any string of the tool may need (most tools: none or a few of them). */
  union: number;
  /** The strings whose scan holds `scan`'s bit. */
  stringsWith(scan: number): number[];
  /** The description's sentences (as sent), computed when first needed. */
  sentences(): string[];
  /** Indices of the sentences flagged so far. */
  flagged: Set<number>;
  /** Leave out of the cues the description's sentences that [from, to) of string `index` touches. */
  flag(index: number, from: number, to: number): void;
}

/** The forms of a tool's strings (see ToolForms). `memo` is the lint's. */
export function toolForms(tool: Tool, description: string, memo: SecurityMemo): ToolForms {
  const strings = toolStrings(tool);
  const ownNames = new Set<string>();
  const forms: string[] = [];
  const scans: FormScan[] = [];
  const notPlain: number[] = [];
  let descIndex = -1;
  // The description's sentences and where each starts in its form: what a match maps back to (flag, the
  // cue text). A plain ASCII description's form is computed whole, so these wait until a match needs them.
  let sentences: string[] | undefined;
  let sentenceStarts: number[] = [];
  const sentenceForms = (): string[] => {
    sentences = sentencesOf(description);
    sentenceStarts = [];
    const parts: string[] = [];
    let offset = 0;
    for (const sentence of sentences) {
      const part = formOf(memo, sentence, false).form.trim();
      sentenceStarts.push(offset);
      parts.push(part);
      offset += part.length + 1;
    }
    return parts;
  };
  for (let i = 0; i < strings.length; i++) {
    const s = strings[i]!;
    let form: string;
    if (s.field === 'description' && !s.key) {
      descIndex = i;
      // The description as sent (the sentences are of the normalised text): tested as a whole, once.
      if (!isPlainAscii(s.text)) notPlain.push(i);
      if (isPlainAscii(description)) {
        // Printable ASCII: its sentences end at a stop before a space, each next one starts with spaces, and
        // the form folds each run of spaces into one: the whole text's form is its sentences' forms, trimmed
        // and joined by a space (security.test.ts holds the two equal).
        const f = formOf(memo, description, false);
        form = f.form;
        scans.push((f.scan ??= scanOf(memo, form)));
      } else {
        form = sentenceForms().join(' ');
        scans.push(scanOf(memo, form));
      }
    } else {
      const f = formOf(memo, s.text, s.key || s.field === 'name');
      if (s.parameter) ownNames.add((f.lower ??= s.text.toLowerCase()));
      if (!f.plain) notPlain.push(i);
      form = f.form;
      // (Kept with the form: a string repeated across the surface is looked up once, not twice.)
      scans.push((f.scan ??= scanOf(memo, form)));
    }
    forms.push(form);
  }
  let union = 0;
  for (const scan of scans) union |= scan.bits;
  const flagged = new Set<number>();
  return {
    strings,
    ownNames,
    forms,
    scans,
    notPlain,
    descIndex,
    union,
    flagged,
    stringsWith: (scan) => {
      const out: number[] = [];
      for (let i = 0; i < scans.length; i++) if ((scans[i]!.bits & (1 << scan)) !== 0) out.push(i);
      return out;
    },
    sentences: () => {
      if (sentences === undefined) sentenceForms();
      return sentences!;
    },
    flag: (index, from, to) => {
      if (index !== descIndex) return;
      if (sentences === undefined) sentenceForms();
      for (let k = 0; k < sentences!.length; k++) {
        const s0 = sentenceStarts[k]!;
        const s1 = k + 1 < sentences!.length ? sentenceStarts[k + 1]! : forms[index]!.length + 1;
        if (s0 < to && s1 > from) flagged.add(k);
      }
    },
  };
}

/**
 * The sentences of a tool that may steer another tool (the shadowing scans), flagging those that name
 * another tool without the surface's help. `pathOf` gives a string's path.
 */
/** Adds a shadowing candidate: the string, the match's span, its target as matched (null: none named), whether it was named as a tool. */
export type ShadowCandidateSink = (index: number, from: number, to: number, target: string | null, namedAsTool: boolean) => void;

/**
 * The shadowing candidates of a tool: v2's patterns, then what `more` adds through the same sink (a later
 * version's own patterns; v2 passes none).
 */
export function shadowCandidates(tool: Tool, f: ToolForms, pathOf: (index: number) => string, more?: (candidate: ShadowCandidateSink) => void): ShadowCandidate[] {
  const shadows: ShadowCandidate[] = [];
  const candidate: ShadowCandidateSink = (index, from, to, target, namedAsTool) => {
    const s = f.strings[index]!;
    const written = target === null ? null : rawTarget(s.text, target);
    if (written !== null) {
      const lower = written.toLowerCase();
      if (lower === '' || lower === tool.name.toLowerCase() || SELF.has(lower) || f.ownNames.has(lower)) return;
    }
    if (shadows.length < MAX_REPORTED) shadows.push({ field: s.field, path: pathOf(index), excerpt: f.forms[index]!.slice(from, to).slice(0, 120), target: written, namedAsTool });
    // Only a candidate that names another tool without the surface's help leaves the cues: the sibling
    // test needs the surface, which a tool's facts may not depend on (they are memoised by its hash).
    if (written === null || namesOtherTool(written, tool.name, f.ownNames, namedAsTool)) f.flag(index, from, to);
  };
  for (let scan = INSTRUCTION_PATTERNS.length; scan < SCANS; scan++) {
    if ((f.union & (1 << scan)) === 0) continue;
    for (const index of f.stringsWith(scan)) {
      for (const m of found(f.scans, f.forms, index, scan)) candidate(index, m.from, m.to, m.target!, m.namedAsTool!);
    }
  }
  more?.(candidate);
  return shadows;
}

/** The facts' shape from the forms, the hits and the shadows: the cue text leaves out every flagged sentence. */
export function factsOf(f: ToolForms, description: string, hits: SecurityHit[], shadows: ShadowCandidate[]): SecurityFacts {
  // (A flagged sentence was flagged by flag(), which read the sentences.)
  const cueDescription =
    f.flagged.size === 0
      ? description
      : f
          .sentences()
          .filter((_, k) => !f.flagged.has(k))
          .map((x) => x.trim())
          .join(' ');
  const flaggedSentences = [...f.flagged].map((k) => f.sentences()[k]!.trim());
  return { strings: f.strings, hits, shadows, cueDescription, flaggedSentences, ownNames: f.ownNames, notPlain: f.notPlain };
}

/**
 * The security facts of a tool. `description` is the normalised description the other rules read (its
 * sentences are what the cues may lose). `memo` is the lint's (see SecurityMemo); a fresh one gives the same facts.
 */
export function securityFacts(tool: Tool, description: string, memo: SecurityMemo = securityMemo()): SecurityFacts {
  const f = toolForms(tool, description, memo);
  const hits: SecurityHit[] = [];
  const reported = new Set<string>();
  INSTRUCTION_PATTERNS.forEach((p, scan) => {
    if ((f.union & (1 << scan)) === 0) return;
    for (const index of f.stringsWith(scan)) {
      for (const m of found(f.scans, f.forms, index, scan)) {
        // Every match leaves the cues; one hit per pattern and string is reported (a second pattern object
        // of the same id adds none either).
        f.flag(index, m.from, m.to);
        const key = `${p.id}\n${index}`;
        if (hits.length < MAX_REPORTED && !reported.has(key)) {
          reported.add(key);
          hits.push({ pattern: p.id, field: f.strings[index]!.field, path: stringPath(tool, index), excerpt: m.text.slice(0, 80) });
        }
      }
    }
  });
  const shadows = shadowCandidates(tool, f, (index) => stringPath(tool, index));
  return factsOf(f, description, hits, shadows);
}
