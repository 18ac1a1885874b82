// Text as a security pattern reads it (rules v2). A model reads what the server sent, code point by code
// point; a person reads what a terminal or a web page draws. An attack lives in the difference: a phrase
// cut by line breaks, hidden by an ANSI "conceal" escape, written in full-width or mathematical letters,
// split by zero-width characters, spelled with Cyrillic look-alikes or smuggled in invisible tag
// characters. Matching happens on one form where all of these read as the plain words they stand for.
// The form is for matching only: scores and other findings keep reading the text as sent.

// CSI sequences (ESC [ or the C1 CSI) with their parameters: colours, cursor moves, ESC[8m "conceal".
// eslint-disable-next-line no-control-regex -- escapes and control characters are what this removes
const CSI = /(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]/g;
// OSC introducers with their numeric selector ("ESC ] 8 ;"), string terminators and the other two-byte
// escapes. The text an OSC carries (a hyperlink's target, a window title) is kept: a model reads it.
// eslint-disable-next-line no-control-regex -- escapes and control characters are what this removes
const ESCAPES = /(?:\x1b\]|\x9d)\d*;(?:[^;\s\x07\x1b]*;)?|\x1b\\|\x1b[@-Z^_]|[\x07\x9c]/g;
// Tag characters: invisible, yet each stands for an ASCII letter a model may read ("ASCII smuggling").
const TAGS = /[\u{e0000}-\u{e007f}]/gu;
// Characters that draw nothing: format characters (zero-width, bidi controls, soft hyphen, BOM, word
// joiners), Hangul fillers, the combining grapheme joiner, variation selectors.
// eslint-disable-next-line no-misleading-character-class -- each code point is listed alone on purpose (removed one by one)
const INVISIBLE = /[\p{Cf}\u034f\u115f\u1160\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;
// A line break with the spaces around it.
const LINE_BREAK = /[ \t]*[\r\n\v\f\x85\u2028\u2029]+[ \t]*/g;
// Other C0 and C1 controls (tabs become spaces).
// eslint-disable-next-line no-control-regex -- escapes and control characters are what this removes
const CONTROLS = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/g;
const CJK_CHAR = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff66-\uff9f]/u;
const PLAIN = /^[\x20-\x7e]*$/;
/** Printable ASCII only: no escape, control, invisible, full-width or look-alike character can be in it. */
export const isPlainAscii = (text: string): boolean => PLAIN.test(text);
const GREEK_OR_CYRILLIC = /[\u0370-\u03ff\u0400-\u04ff]/;

/** Greek and Cyrillic letters drawn like Latin ones (lower case; the text is case-folded first). */
const LOOK_ALIKES: Record<string, string> = {
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  ѕ: 's', і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ɡ: 'g',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w',
};
const LOOK_ALIKE = new RegExp(`[${Object.keys(LOOK_ALIKES).join('')}]`, 'g');

/**
 * The matching form of a text: ANSI escapes removed, tag characters read as the ASCII they encode, NFKC
 * (full-width, mathematical and circled letters become plain ones), invisible characters and C0/C1 controls
 * removed, line breaks joined (with a space, or with nothing between two CJK characters), runs of spaces
 * folded, case folded, and Greek or Cyrillic look-alike letters read as Latin. Printable ASCII takes a fast
 * path (case folding and spaces only): it is nearly every string of a real surface.
 */
export function matchingForm(text: string): string {
  if (PLAIN.test(text)) {
    const lower = text.toLowerCase();
    return lower.includes('  ') ? lower.replace(/ {2,}/g, ' ') : lower;
  }
  let s = text;
  // eslint-disable-next-line no-control-regex -- escapes and control characters are what this removes
  if (s.includes('\x1b') || /[\x9b\x9d\x9c\x07]/.test(s)) s = s.replace(CSI, '').replace(ESCAPES, ' ');
  // Tag characters sit in the astral planes: most text has no surrogate at all.
  if (/[\ud800-\udfff]/.test(s)) {
    s = s.replace(TAGS, (c) => {
      const cp = c.codePointAt(0)! - 0xe0000;
      return cp >= 0x20 && cp <= 0x7e ? String.fromCharCode(cp) : '';
    });
  }
  s = s.normalize('NFKC').replace(INVISIBLE, '');
  s = s.replace(LINE_BREAK, (_m, offset: number, all: string) => {
    const before = all[offset - 1];
    const after = all[offset + _m.length];
    return before !== undefined && after !== undefined && CJK_CHAR.test(before) && CJK_CHAR.test(after) ? '' : ' ';
  });
  s = s.replace(CONTROLS, '').replace(/\t/g, ' ').replace(/ {2,}/g, ' ').toLowerCase();
  if (GREEK_OR_CYRILLIC.test(s)) s = s.replace(LOOK_ALIKE, (c) => LOOK_ALIKES[c]!);
  return s;
}

/** An identifier read as words: `ignorePreviousInstructions`, `ignore_previous-instructions` → "ignore previous instructions". */
export function identifierAsWords(name: string): string {
  if (!/[A-Z_-]/.test(name)) return name;
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ');
}
