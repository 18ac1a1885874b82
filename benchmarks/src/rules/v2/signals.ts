import { stem } from '../../text/words.js';
import type { ToolContext, ToolFacts } from './facts.js';
import { cueText } from './security.js';
import { DESTRUCTIVE_JA, DESTRUCTIVE_VERBS, FILLER_WORDS, READ_VERBS, VERBS, WRITE_VERBS } from './lexicons.js';

// Derived signals shared by several categories and rules of v2.

const JA_PREDICATE = /(ます|します|する|す|る|た|ない|ください)[。．.!！]?$/u;

/** The description starts with a verb (English) or its first sentence ends in a predicate (Japanese). */
export function startsWithVerb(t: ToolFacts): boolean {
  if (!t.hasDescription) return false;
  if (t.language === 'ja') return JA_PREDICATE.test(t.firstSentence);
  const first = t.words[0]?.toLowerCase();
  if (first === undefined) return false;
  return VERBS.has(first) || VERBS.has(stem(first)) || (first.endsWith('es') && VERBS.has(first.slice(0, -2)));
}

/** The description says nothing beyond the words of the name (and filler such as "tool"). */
export function restatesName(t: ToolFacts): boolean {
  if (!t.hasDescription || t.contentWords.size === 0) return false;
  const nameWords = new Set(t.nameTokens.map(stem));
  for (const w of t.contentWords) {
    if (!nameWords.has(w) && !FILLER_WORDS.has(w)) return false;
  }
  return true;
}

const IDENTIFIER = /[A-Za-z0-9_.-]+/g;

/**
 * Names of other tools of the surface that this description mentions by name (names of 4+ characters;
 * a trailing "." or "-" is punctuation), in its own text (a name in text most tools share points nowhere
 * in particular). One pass over the description's identifier-like tokens.
 */
export function mentionedSiblings(t: ToolFacts, s: ToolContext): string[] {
  if (!t.hasDescription) return [];
  const out = new Set<string>();
  // A sentence with a security match names no alternative (it names the tool it shadows): the cue text
  // leaves it out, and is then scanned as identifiers. Only the tool's own text counts (not shared text).
  const text = cueText(t.ownDescription, t.security);
  // The words already segmented hold every snake_case or camelCase name whole; only names with "-" or "."
  // (which split words) need the identifier scan below.
  if (text === t.ownDescription && t.language !== 'ja' && !s.namesWithSeparators) {
    for (const word of t.words) {
      const w = word.endsWith("'s") || word.endsWith('’s') ? word.slice(0, -2) : word; // "read_file's"
      if (w.length >= 4 && w !== t.name && s.names.has(w)) out.add(w);
    }
    return [...out];
  }
  for (const raw of text.match(IDENTIFIER) ?? []) {
    let end = raw.length;
    while (end > 0 && (raw.charCodeAt(end - 1) === 46 || raw.charCodeAt(end - 1) === 45)) end--;
    const token = end === raw.length ? raw : raw.slice(0, end);
    if (token.length >= 4 && token !== t.name && s.names.has(token)) out.add(token);
  }
  return [...out];
}

/** Kinds of operation a verb names. */
export type VerbClass = 'read' | 'write' | 'destructive';

/**
 * The first token of the name found in the read, write or destructive verb lists, and its class: the
 * leading verb decides (`get_commit` reads, `send_password_reset_email` writes, `monitor_delete` deletes).
 */
export function leadingVerb(t: ToolFacts): { verb: string; kind: VerbClass } | undefined {
  for (const w of t.nameTokens) {
    if (DESTRUCTIVE_VERBS.has(w)) return { verb: w, kind: 'destructive' };
    if (READ_VERBS.has(w)) return { verb: w, kind: 'read' };
    if (WRITE_VERBS.has(w)) return { verb: w, kind: 'write' };
  }
  return undefined;
}

/**
 * The operation looks destructive: by the name's leading verb; when the name has none, by the
 * description's first word (English) or its first sentence's predicate (Japanese).
 */
export function looksDestructive(t: ToolFacts): string | undefined {
  const lead = leadingVerb(t);
  if (lead !== undefined) return lead.kind === 'destructive' ? lead.verb : undefined;
  if (t.language === 'ja') return DESTRUCTIVE_JA.exec(t.firstSentence)?.[1];
  const first = t.words[0]?.toLowerCase();
  if (first === undefined) return undefined;
  const s = stem(first);
  return DESTRUCTIVE_VERBS.has(s) ? s : undefined;
}

/** The name's leading verb writes (or destroys). */
export function looksWriting(t: ToolFacts): string | undefined {
  const lead = leadingVerb(t);
  return lead !== undefined && lead.kind !== 'read' ? lead.verb : undefined;
}

/** True when the annotations carry at least one of the behaviour hints scored by v2. */
export function hasBehaviourHints(t: ToolFacts): boolean {
  return ['readOnlyHint', 'destructiveHint', 'idempotentHint'].some((k) => typeof t.annotations[k] === 'boolean');
}
