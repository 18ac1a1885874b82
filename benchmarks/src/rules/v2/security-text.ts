// Text helpers of rules v2's security scan (security.ts): negations, sentences, overlapping matches, and the
// text the cue lexicons read once the sentences with a security match are left out.

// "Never send your private key to …" warns the model away from the act. "Never forget to …" does not.
const NEGATION = /(?:\b(?:not|never|no)|n't)\s+((?:\w+\s+){0,2})$/u;
const DOUBLE_NEGATION = /\b(?:forget|fail|hesitate|neglect)\b/u;

/** True when the match at `index` is preceded by a plain negation. */
export function negated(text: string, index: number): boolean {
  const m = NEGATION.exec(text.slice(Math.max(0, index - 30), index));
  return m !== null && !DOUBLE_NEGATION.test(m[1] ?? '');
}

// Sentence boundaries inside one string: a stop followed by a space, or a Japanese stop. A "." inside
// "~/.ssh" or a URL is not one.
const STOP = /[.;!?](?=\s|$)|[。！？]/gu;

/** [start, end) of the sentence of `text` around [from, to), looking at most 400 characters each way. */
export function sentenceAround(text: string, from: number, to: number): [number, number] {
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

/** Split a description into sentences (as sent), so that a flagged one can be left out of the cues. */
export function sentencesOf(description: string): string[] {
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

/** Every match of `re` in `form` (overlapping starts too: each next try starts one past the last match). */
export function* matches(re: RegExp, form: string): Generator<RegExpExecArray> {
  re.lastIndex = 0;
  for (let m = re.exec(form); m !== null; m = re.exec(form)) {
    re.lastIndex = m.index + 1;
    yield m;
  }
}

/** A match kept for a scan of one form: where it is, its text, and for shadowing the tool it names. */
export interface FormMatch {
  from: number;
  to: number;
  text: string;
  target?: string | null;
  namedAsTool?: boolean;
}

/**
 * What the cue lexicons read of `text` (the description, or its own part without shared text): `text`
 * without the sentences that carry a security match.
 */
export function cueText(text: string, security: { flaggedSentences: string[] }): string {
  if (security.flaggedSentences.length === 0) return text;
  const drop = new Set(security.flaggedSentences);
  return sentencesOf(text)
    .map((x) => x.trim())
    .filter((x) => !drop.has(x))
    .join(' ');
}
