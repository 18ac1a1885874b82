// The forms rules v3's security scan reads beyond v2's matching form (../../v2/normalise.ts): the native form
// (scripts kept, for Russian, Japanese, Chinese, Korean), the Latin form (look-alikes read through Unicode's
// confusables table, accents removed, for the Latin-script lexicons), and the forms an attack hides in:
// leetspeak, letter-spaced words, markdown and HTML comments. Each is for matching only, computed in one
// pass of bounded expressions (linear in the text).
import confusables from 'unhomoglyph/data.json' with { type: 'json' };

// Characters that draw nothing (as in v2) and controls: removed. Line breaks and tabs become spaces.
// eslint-disable-next-line no-misleading-character-class -- each code point is listed alone on purpose (removed one by one)
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;
// eslint-disable-next-line no-control-regex -- escapes and control characters are what this removes
const ANSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|(?:\x1b\]|\x9d)\d*;|\x1b\\|\x1b[@-Z^_]|[\x00-\x08\x0e-\x1f\x7f-\x9f]/g;
const TAGS = /[\u{e0000}-\u{e007f}]/gu;
const SPACE = /[\s\u2028\u2029]+/gu;
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;
const PLAIN = /^[\x20-\x7e]*$/;

/** Printable ASCII only (nearly every string of a real surface): every form but the folded one is itself. */
export const isPlain = (text: string): boolean => PLAIN.test(text);

/**
 * The native form: tag characters read as ASCII, escapes and invisible characters removed, NFKC, spaces
 * folded (a line break between two CJK characters joins them; `keepSpaces` keeps runs of spaces, which
 * separate the words of letter-spaced text), lower case. Scripts are kept as they are.
 */
export function nativeForm(text: string, keepSpaces = false): string {
  if (PLAIN.test(text)) {
    const lower = text.toLowerCase();
    return keepSpaces || !lower.includes('  ') ? lower : lower.replace(/ {2,}/g, ' ');
  }
  let s = text;
  if (/[\ud800-\udfff]/.test(s)) {
    s = s.replace(TAGS, (c) => {
      const cp = c.codePointAt(0)! - 0xe0000;
      return cp >= 0x20 && cp <= 0x7e ? String.fromCharCode(cp) : '';
    });
  }
  s = s.replace(ANSI, '').normalize('NFKC').replace(INVISIBLE, '');
  s = s.replace(SPACE, (m: string, offset: number, all: string) => {
    if (m === ' ' || (keepSpaces && /^ +$/.test(m))) return m;
    const before = all[offset - 1];
    const after = all[offset + m.length];
    return /[\n\r\u2028\u2029]/.test(m) && before !== undefined && after !== undefined && CJK.test(before) && CJK.test(after) ? '' : ' ';
  });
  return s.toLowerCase();
}

const SKELETON = confusables as Record<string, string>;
// Letters NFD does not take apart, and look-alikes the confusables table reads otherwise than a reader does
// (its prototype of the I/l class is one letter; NFKC turns the lunate sigma into a final sigma first).
const EXTRA: Record<string, string> = { ß: 'ss', ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', ı: 'i', ħ: 'h', þ: 'th', ð: 'd', ӏ: 'l', ι: 'i', і: 'i', ς: 'c', ϲ: 'c' };
const MARKS = /\p{M}+/gu;
const ASCII_WORDISH = /^[a-z0-9]+$/;

/** One non-ASCII character as the Latin letters it is drawn like or stands for, or itself. */
function latinOf(c: string): string {
  const extra = EXTRA[c];
  if (extra !== undefined) return extra;
  const bare = c.normalize('NFD').replace(MARKS, '');
  if (bare !== c && ASCII_WORDISH.test(bare)) return bare;
  const look = SKELETON[c];
  if (look !== undefined) {
    const ascii = look.normalize('NFD').replace(MARKS, '').toLowerCase();
    if (ASCII_WORDISH.test(ascii)) return ascii;
  }
  return c;
}

/**
 * The Latin form of a native form: every non-ASCII character read as the Latin letters it is drawn like
 * (Unicode's confusables table, from the `unhomoglyph` package: Cyrillic "о", Greek "ο", Cherokee and
 * mathematical look-alikes) or as its base letter (accents removed: "instrucción" → "instruccion").
 * Russian text becomes nonsense here; its lexicon reads the native form.
 */
export function latinForm(native: string): string {
  if (PLAIN.test(native)) return native;
  return native.replace(/[\u0080-\u{10ffff}]/gu, latinOf);
}

// ---- leetspeak -----------------------------------------------------------------------------------------

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '9': 'g', '@': 'a', $: 's', '!': 'i', '|': 'l', '+': 't' };
// A word of letters and leet characters with at least one of each.
const LEET_WORD = /[a-z0-9@$!|+]*[a-z][a-z0-9@$!|+]*/g;
const HAS_LEET = /[a-z][0-9@$!|+]|[0-9@$!|+][a-z]/;
const LEET_INSIDE = /[a-z][0-9@$!|+]{1,3}[a-z]|(?<![a-z0-9@$!|+])[0-9@$!|+][a-z]{2}/;
// A number with its unit ("64kb", "10ms", "2nd") is not leetspeak.
const UNIT = /^\d+(?:k|kb|kib|mb|mib|gb|gib|tb|ms|us|ns|s|m|h|d|w|y|px|pt|em|rem|x|st|nd|rd|th|am|pm|b|fps|hz|khz|mhz|ghz|g|kg|mg|l|ml|k?bps)$/;

/**
 * Leetspeak read as letters ("1gn0r3 4ll pr3v10u5" → "ignore all previous"), word by word: only a word
 * that mixes letters and leet characters changes, so numbers and versions stay (and, in the first reading,
 * numbers with a unit: "64kb"; the second reads "45k" as "ask" and "1" as "l" instead of "i").
 * Null when no word mixes them.
 */
export function deleet(form: string, one: 'i' | 'l' = 'i'): string | null {
  // A leet character between two letters, or one opening a word ("pr3v", "1gn"): not "sha256", "base64", "v2".
  if (!LEET_INSIDE.test(form)) return null;
  let changed = false;
  const out = form.replace(LEET_WORD, (w) => {
    if (!HAS_LEET.test(w) || (one === 'i' && UNIT.test(w)) || /^v\d+(?:\.\d+)*[a-z]?$|^\d+(?:\.\d+)+[a-z]?$/.test(w)) return w;
    changed = true;
    return w.replace(/[0-9@$!|+]/g, (c) => (c === '1' ? one : (LEET[c] ?? c)));
  });
  return changed ? out : null;
}

// ---- letter spacing ------------------------------------------------------------------------------------

// A single letter, then one or more times a separator and another single letter ("i g n o r e",
// "i.g.n.o.r.e", "i-g-n"); each step needs only the next characters, so a run is matched in one pass.
const SPACED_RUN = /(?<![\p{L}\p{N}])\p{L}(?![\p{L}\p{N}])(?:(?:[ .\-_*·]|  +| ?\/ ?| ?\| ?)\p{L}(?![\p{L}\p{N}]))+/gu;

/**
 * Letter-spaced words read as words: inside a run of five or more single letters, a single separator joins
 * letters and a wider gap (two spaces, " / ", " | ") separates words. Also returns the runs with every gap
 * removed (for a run spaced evenly, where words cannot be told apart), which the compact patterns read.
 * Null: no such run.
 */
export function unspace(form: string): { words: string; compact: string } | null {
  let found = false;
  const compact: string[] = [];
  const words = form.replace(SPACED_RUN, (run) => {
    const joined = run.replace(/ {2,}| ?\/ ?| ?\| ?/g, '\t').replace(/[ .\-_*·]/g, '').replace(/\t/g, ' ');
    if (joined.replace(/ /g, '').length < 5) return run;
    found = true;
    compact.push(joined.replace(/ /g, ''));
    return joined;
  });
  return found ? { words, compact: compact.join(' ') } : null;
}

// ---- comments ------------------------------------------------------------------------------------------

// Markdown reference-style comments ("[//]: # (…)", "[comment]: <> (…)", "[x]: # "…"") and HTML comments.
const MARKDOWN_COMMENT = /\[[^\]\n]{0,40}\]:[ \t]*(?:#|<>)[ \t]*([("'])/g;
const CLOSE: Record<string, string> = { '(': ')', '"': '"', "'": "'" };

/**
 * The text inside markdown and HTML comments (a model reads it; a rendered page hides it), or []. Each
 * search starts where the last comment ended, so the text is read once.
 */
export function commentBodies(text: string): string[] {
  const out: string[] = [];
  if (text.includes('<!--')) {
    for (let i = text.indexOf('<!--'); i >= 0; i = text.indexOf('<!--', i)) {
      const j = text.indexOf('-->', i + 4);
      if (j < 0) break;
      out.push(text.slice(i + 4, j));
      i = j + 3;
    }
  }
  if (text.includes(']:')) {
    MARKDOWN_COMMENT.lastIndex = 0;
    for (let m = MARKDOWN_COMMENT.exec(text); m !== null; m = MARKDOWN_COMMENT.exec(text)) {
      const start = m.index + m[0].length;
      let end = text.indexOf('\n', start);
      if (end < 0) end = text.length;
      const close = text.lastIndexOf(CLOSE[m[1]!]!, end);
      out.push(text.slice(start, close >= start ? close : end));
      MARKDOWN_COMMENT.lastIndex = end;
    }
  }
  return out.map((b) => b.trim()).filter((b) => b !== '');
}
