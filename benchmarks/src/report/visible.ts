/**
 * Characters that must never reach a terminal or a rendered page raw: C0/C1 controls (ESC starts terminal
 * escape sequences), format characters (bidi overrides, zero-width, tag characters), line and paragraph
 * separators, lone surrogates, and default-ignorable code points (fillers, variation selectors) that
 * render as nothing and can make two different names look alike.
 */
const HIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Default_Ignorable_Code_Point}]/u;
/** Spaces other than U+0020: visible in prose, but in a name they make look-alikes. */
const ODD_SPACE = /[\p{Zs}]/u;
const PICTOGRAPHIC = /\p{Extended_Pictographic}/u;
const EMOJI_MODIFIER = /\p{Emoji_Modifier}/u;
const KEYCAP_BASE = /[0-9#*]/;
const ZWJ = '\u200D';
const VS16 = '\uFE0F';

/** `<U+202E>`-style notation for one code point. */
export function codePointNotation(char: string): string {
  const cp = char.codePointAt(0) ?? 0;
  return `<U+${cp.toString(16).toUpperCase().padStart(4, '0')}>`;
}

/** Emoji sequences keep their joiners and presentation selectors; anywhere else those are hidden text. */
function partOfEmoji(chars: string[], i: number): boolean {
  const c = chars[i];
  const prev = chars[i - 1] ?? '';
  const next = chars[i + 1] ?? '';
  if (c === VS16) return PICTOGRAPHIC.test(prev) || KEYCAP_BASE.test(prev);
  if (c === ZWJ) {
    const before = prev === VS16 || EMOJI_MODIFIER.test(prev) ? (chars[i - 2] ?? '') : prev;
    return PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(next);
  }
  return false;
}

/** Options of {@link visibleText}. */
export interface VisibleOptions {
  /** Also show spaces other than U+0020 (for names, where a no-break space makes a look-alike). */
  spaces?: boolean;
  /**
   * Keep tab, line feed and carriage return as they are (for pages that lay out several lines): the rules
   * do not call them invisible, and a description's line breaks are meant to be seen as line breaks.
   */
  layout?: boolean;
}

/** Tab, line feed, carriage return: whitespace that lays out text, kept by `layout`. */
const LAYOUT = /[\t\n\r]/;

/**
 * Text safe to print anywhere: every control, format, invisible or direction-changing character is
 * replaced by its `<U+XXXX>` notation, so a terminal escape sequence or a bidi override is shown, never
 * obeyed. Printable text, emoji sequences and Japanese are left as they are.
 */
export function visibleText(text: string, options: VisibleOptions = {}): string {
  const chars = Array.from(text);
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (options.layout === true && LAYOUT.test(c)) {
      out += c;
      continue;
    }
    const hidden = HIDDEN.test(c) || (options.spaces === true && c !== ' ' && ODD_SPACE.test(c));
    out += hidden && !partOfEmoji(chars, i) ? codePointNotation(c) : c;
  }
  return out;
}
