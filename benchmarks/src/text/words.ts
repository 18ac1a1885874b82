/** Languages the text analysis distinguishes. */
export type Language = 'en' | 'ja' | 'other';

let segmenter: Intl.Segmenter | undefined;
// ICU's word segmenter splits Latin text by the usual rules and Japanese by dictionary, so one instance
// serves mixed descriptions.
const getSegmenter = (): Intl.Segmenter => (segmenter ??= new Intl.Segmenter('ja', { granularity: 'word' }));

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f\uac00-\ud7af]/u;
// UAX #29 words for text without CJK: letters, marks, digits and connector punctuation, joined across an
// apostrophe or a dot/colon between letters ("don't", "e.g") and a dot or comma between digits ("1,000.5").
const LATIN_WORD = /[\p{L}\p{M}\p{N}\p{Pc}]+(?:['’.:,][\p{L}\p{M}\p{N}\p{Pc}]+)*/gu;

/**
 * Word-like segments of a text, in order, as written. Text with CJK characters goes through
 * Intl.Segmenter (dictionary-based for Japanese); other text through an equivalent Unicode regular
 * expression, which is ~10× faster than ICU's segment objects on long descriptions.
 */
export function segmentWords(text: string): string[] {
  if (!CJK.test(text)) return text.match(LATIN_WORD) ?? [];
  const out: string[] = [];
  // ICU's dictionary segmenter slows down sharply on long inputs: segment sentence-sized chunks, so the
  // cost stays linear in the length of the description.
  for (const chunk of chunks(text, CHUNK)) {
    if (!CJK.test(chunk)) {
      for (const w of chunk.match(LATIN_WORD) ?? []) out.push(w);
      continue;
    }
    for (const s of getSegmenter().segment(chunk)) if (s.isWordLike) out.push(s.segment);
  }
  return out;
}

const CHUNK = 400;
const BOUNDARY = /[。！？!?.\n\s、,]/u;

/** Split text into pieces of at most `size` characters, cutting after a sentence mark or space when one is near. */
export function chunks(text: string, size: number): string[] {
  const out: string[] = [];
  let start = 0;
  while (text.length - start > size) {
    let cut = start + size;
    for (let i = cut - 1; i > start + size / 2; i--) {
      if (BOUNDARY.test(text[i]!)) {
        cut = i + 1;
        break;
      }
    }
    // Never split a surrogate pair.
    if (cut < text.length && /[\udc00-\udfff]/.test(text[cut]!)) cut--;
    out.push(text.slice(start, cut));
    start = cut;
  }
  out.push(text.slice(start));
  return out;
}

const JA_CHAR = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff66-\uff9f]/gu;
const LETTER = /\p{L}/gu;

/** Dominant language of a text: Japanese when ≥ 30 % of its letters are kana or kanji. */
export function detectLanguage(text: string): Language {
  if (!CJK.test(text)) return /[a-z]/i.test(text) ? 'en' : 'other';
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

const isUpper = (c: string): boolean => c >= 'A' && c <= 'Z';
const isLower = (c: string): boolean => c >= 'a' && c <= 'z';
const isDigit = (c: string): boolean => c >= '0' && c <= '9';
const isCjk = (c: string): boolean => {
  const code = c.charCodeAt(0);
  return (code >= 0x3040 && code <= 0x30ff) || (code >= 0x3400 && code <= 0x9fff);
};

/**
 * Split an identifier into lowercase tokens: snake_case, kebab-case, dotted, camelCase ("getHTTPResponse"
 * → get, http, response), digits kept with their word. One pass, linear in the length of the name.
 */
export function identifierTokens(name: string): string[] {
  const out: string[] = [];
  // A token is a run of the name: cut it out whole (one slice) instead of growing it a character at a time.
  let start = -1;
  const flush = (end: number) => {
    if (start !== -1) out.push(name.slice(start, end).toLowerCase());
    start = -1;
  };
  for (let i = 0; i < name.length; i++) {
    const c = name[i]!;
    if (!(isUpper(c) || isLower(c) || isDigit(c) || isCjk(c))) {
      flush(i);
      continue;
    }
    const prev = name[i - 1];
    const next = name[i + 1];
    if (isUpper(c) && prev !== undefined && start !== -1) {
      // a lower-case letter or digit then an upper-case one: "getFile"; the last capital of an acronym
      // before a lower-case letter: "HTTPResponse".
      if (isLower(prev) || isDigit(prev) || (isUpper(prev) && next !== undefined && isLower(next))) flush(i);
    }
    if (start === -1) start = i;
  }
  flush(name.length);
  return out;
}

/** A light English stem: enough to match "reads"/"read", "files"/"file", "entries"/"entry". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(ss|sh|ch|x)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') && !w.endsWith('us') && !w.endsWith('is')) return w.slice(0, -1);
  return w;
}
