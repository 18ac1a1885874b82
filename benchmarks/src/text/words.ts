/** Languages the text analysis distinguishes. */
export type Language = 'en' | 'ja' | 'other';

let segmenter: Intl.Segmenter | undefined;
// ICU's word segmenter splits Latin text by the usual rules and Japanese by dictionary, so one instance
// serves mixed descriptions.
const getSegmenter = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' }));

/** Word-like segments of a text (Intl.Segmenter), in order, as written. */
export function segmentWords(text: string): string[] {
  const out: string[] = [];
  for (const s of getSegmenter().segment(text)) if (s.isWordLike) out.push(s.segment);
  return out;
}

const JA_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/gu;
const LETTER = /\p{L}/gu;

/** Dominant language of a text: Japanese when ≥ 30 % of its letters are kana or kanji. */
export function detectLanguage(text: string): Language {
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return 'other';
  const ja = text.match(JA_CHAR)?.length ?? 0;
  if (ja / letters >= 0.3) return 'ja';
  return /[a-z]/i.test(text) ? 'en' : 'other';
}

const HIRAGANA_ONLY = /^[\u3040-\u309f]+$/u;

/** True for a Japanese function morpheme (particles, auxiliaries): a segment written only in hiragana. */
export function isJapaneseFunctionWord(word: string): boolean {
  return HIRAGANA_ONLY.test(word);
}

/** Split an identifier into lowercase tokens: snake_case, kebab-case, dotted, camelCase, digits. */
export function identifierTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9\u3040-\u30ff\u3400-\u9fff]+/u)
    .map((t) => t.toLowerCase())
    .filter((t) => t.length > 0);
}

/** A light English stem: enough to match "reads"/"read", "files"/"file", "entries"/"entry". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}
