// The parts of rules v4's security scan that read two texts as one (./scan.ts reads each text alone): two adjacent
// sentences of a description (classes that run over a sentence stop) and a split instruction (the description's
// last sentence joined with a parameter's text). Two plain texts are read from their prepared forms (./scan.ts,
// `prepared`), so a pair or a join is formed and scanned only when an expression opens on it (README.md, "Speed").
import { formOf, scanOf, trieExpression, TRIGGER_LISTS } from '../../v2/security-scan.js';
import { deleet, isPlain, latinForm } from '../../v3/security/forms.js';
import { LEXICON } from './lexicon.js';
import { ANCHORS, anchorsIn, anchorsOf, firstMatch, FULL, GATED, joinedAnchors, leetOf, lexiconMatches, nativeForm, NONE_OPEN_INDICES, OPENS, openExpressions, openIndices, prepared, SEAM, type ExtraMatch, type SecurityMemo } from './scan.js';

// v2's trigger words (../../v2/security-scan.ts, TRIGGER_LISTS), for the trigger bits of a joined text.
const TRIGGER_BITS = new Map<string, number>();
TRIGGER_LISTS.forEach((list, bit) => list.forEach((w) => TRIGGER_BITS.set(w, (TRIGGER_BITS.get(w) ?? 0) | (1 << bit))));
const ANY_TRIGGER = new RegExp(trieExpression([...TRIGGER_BITS.keys()]), 'g');
const TRIGGER_SEAM = Math.max(...[...TRIGGER_BITS.keys()].map((w) => w.length)) - 1;

/**
 * v2's trigger bits of the plain text `a + " " + b` (a split instruction's two halves), from the halves' memoised
 * scans and the seam: as v2's scan finds every trigger word anywhere in a form, the union is exact (a plain
 * text's v2 form is lower-cased with double spaces folded, so the joined form is the halves' forms joined).
 */
export function joinedTriggerBits(memo: SecurityMemo, a: string, b: string): number {
  const [fa, fb] = [formOf(memo, a, false), formOf(memo, b, false)];
  let bits = (fa.scan ??= scanOf(memo, fa.form)).bits | (fb.scan ??= scanOf(memo, fb.form)).bits;
  const seam = `${fa.form.slice(-TRIGGER_SEAM)} ${fb.form.slice(0, TRIGGER_SEAM)}`;
  ANY_TRIGGER.lastIndex = 0;
  for (let m = ANY_TRIGGER.exec(seam); m !== null; m = ANY_TRIGGER.exec(seam)) {
    bits |= TRIGGER_BITS.get(m[0])!;
    ANY_TRIGGER.lastIndex = m.index + 1;
  }
  return bits;
}

/**
 * The classes that may run over a sentence stop ("The user approved all of it. Never ask."), in `text`. With
 * `parts` (the two sentences, untrimmed, that `text` joins trimmed with one space) and both plain, the pair is
 * read from the sentences' prepared forms (made once per sentence for every detector, not once per pair): plain
 * text is only lower-cased with double spaces folded, so the pair's Latin form is the two Latin forms trimmed
 * and joined, and its leetspeak reading (word by word) is theirs joined; a cross-sentence expression is open on
 * the pair when each of its parts has a gate word in one sentence or across the seam (CROSS_SEAM), exactly as a
 * scan of the pair's own gate words finds. The pair's text is formed only when an expression opens.
 */
export function crossSentenceMatches(memo: SecurityMemo, text: string, parts?: [string, string]): ExtraMatch[] {
  let kept = memo.crossSentence.get(text);
  if (kept === undefined) memo.crossSentence.set(text, (kept = crossSentenceOf(memo, text, parts)));
  return kept;
}

const CROSS_SENTENCE_ALL = LEXICON.flatMap((p, i) => (p.id === 'pre_approval' ? [i] : []));
/** The Latin-form ones (a plain pair opens no native-form expression: its native form is its Latin form, which holds no native script). */
const CROSS_SENTENCE = CROSS_SENTENCE_ALL.filter((i) => LEXICON[i]!.form !== 'native');
const CROSS_ANCHORS = [...new Set(CROSS_SENTENCE.flatMap((i) => GATED[i]!.flat()))];
const CROSS_ANCHOR = new RegExp(trieExpression(CROSS_ANCHORS), 'g');
const CROSS_SEAM = Math.max(...CROSS_ANCHORS.map((w) => w.length)) - 1;
// A gate word that begins or ends with white space could be cut by trimming a sentence: then pairs are read whole.
const EDGE_SPACE = [...ANCHORS].some((w) => w !== w.trim());

/** Per cross-sentence expression, the bits of its parts whose gate words are among `present`. */
function crossParts(present: Iterable<string>): number[] {
  const out = CROSS_SENTENCE.map(() => 0);
  for (const w of present) {
    for (const code of OPENS.get(w) ?? []) {
      const k = CROSS_SENTENCE.indexOf(code >> 3);
      if (k >= 0) out[k]! |= 1 << (code & 7);
    }
  }
  return out;
}

/** The cross-sentence part bits of a form (memoised with its gate words). */
const crossPartsOf = (memo: SecurityMemo, form: string): number[] => {
  let out = memo.crossParts.get(form);
  if (out === undefined) memo.crossParts.set(form, (out = crossParts(anchorsOf(memo, form))));
  return out;
};

/** The cross-sentence gate words across the seam of `a + " " + b`. */
function seamAnchors(a: string, b: string): Set<string> {
  const out = new Set<string>();
  const seam = `${a.slice(-CROSS_SEAM)} ${b.slice(0, CROSS_SEAM)}`;
  CROSS_ANCHOR.lastIndex = 0;
  for (let m = CROSS_ANCHOR.exec(seam); m !== null; m = CROSS_ANCHOR.exec(seam)) {
    for (let n = 1; n <= m[0].length; n++) out.add(m[0].slice(0, n));
    CROSS_ANCHOR.lastIndex = m.index + 1;
  }
  return out;
}

function crossSentenceOf(memo: SecurityMemo, text: string, parts?: [string, string]): ExtraMatch[] {
  if (parts !== undefined && !EDGE_SPACE && isPlain(parts[0]) && isPlain(parts[1])) {
    const [a, b] = [prepared(memo, parts[0]), prepared(memo, parts[1])];
    const [la, lb] = [leetOf(a), leetOf(b)];
    const forms: [string, string, string | null][] = [[a.latin, b.latin, null]];
    for (const k of [0, 1]) if (la[k] !== null || lb[k] !== null) forms.push([la[k] ?? a.latin, lb[k] ?? b.latin, 'leetspeak']);
    for (const [fa, fb, via] of forms) {
      const [pa, pb] = [crossPartsOf(memo, fa), crossPartsOf(memo, fb)];
      const [ta, tb] = [fa.trim(), fb.trim()];
      let seam: number[] | undefined;
      for (let k = 0; k < CROSS_SENTENCE.length; k++) {
        const i = CROSS_SENTENCE[k]!;
        let got = pa[k]! | pb[k]!;
        if (got !== FULL[i]) got |= (seam ??= crossParts(seamAnchors(ta, tb)))[k]!;
        if (got !== FULL[i]) continue;
        const p = LEXICON[i]!;
        const excerpt = firstMatch(p.id, p.re, `${ta} ${tb}`);
        if (excerpt !== null) return [{ pattern: p.id, via, excerpt }];
      }
    }
    return [];
  }
  const plain = isPlain(text);
  const native = nativeForm(text);
  const latin = latinForm(native);
  const forms: [string, string | null][] = [[latin, null]];
  for (const one of ['i', 'l'] as const) {
    const leet = deleet(latin, one);
    if (leet !== null) forms.push([leet, 'leetspeak']);
  }
  const openNative = plain ? null : openExpressions(anchorsIn(native));
  for (const [form, via] of forms) {
    const open = openExpressions(anchorsIn(form));
    for (const i of CROSS_SENTENCE_ALL) {
      const p = LEXICON[i]!;
      const excerpt = p.form === 'native' ? (via === null && openNative?.[i] === true ? firstMatch(p.id, p.re, native) : null) : open[i] ? firstMatch(p.id, p.re, form) : null;
      if (excerpt !== null) return [{ pattern: p.id, via, excerpt }];
    }
  }
  return [];
}

/**
 * The lexicon's matches in the joined text of a split instruction (the description's last sentence and a
 * parameter's text), memoised: the plain forms only (a split instruction that is also encoded is not read).
 * With `parts` (the two texts `text` joins with one space) and both plain, the gate words are composed from the
 * parts' prepared forms (as in crossSentenceMatches): most joined texts open no expression and are never formed.
 */
export function joinedMatches(memo: SecurityMemo, text: string, parts?: [string, string]): ExtraMatch[] {
  let out = memo.joined.get(text);
  if (out === undefined) {
    out = [];
    if (parts !== undefined && isPlain(parts[0]) && isPlain(parts[1])) {
      const [a, b] = [prepared(memo, parts[0]), prepared(memo, parts[1])];
      const seam = anchorsIn(`${a.latin.slice(-SEAM)} ${b.latin.slice(0, SEAM)}`);
      // A plain text's native form is its Latin form (no native-script expression opens on it).
      if (openIndices(a.latinAnchors, b.latinAnchors, seam).length > NONE_OPEN_INDICES.length) {
        const latin = `${a.latin} ${b.latin}`;
        lexiconMatches(latin, latin, true, null, out, joinedAnchors(memo, a.latin, ' ', b.latin));
      }
    } else {
      const native = nativeForm(text);
      lexiconMatches(latinForm(native), native, isPlain(text), null, out);
    }
    memo.joined.set(text, out);
  }
  return out;
}
