const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** East Asian Wide and Fullwidth ranges (Unicode 15), plus emoji shown in emoji presentation. */
const WIDE =
  /[\u1100-\u115F\u2E80-\u303E\u3041-\u33FF\u3400-\u4DBF\u4E00-\u9FFF\uA000-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6\u{1F300}-\u{1F64F}\u{1F900}-\u{1F9FF}\u{20000}-\u{3FFFD}]|\p{Emoji_Presentation}/u;
const ZERO = /^[\p{Mn}\p{Me}\p{Cf}]+$/u;

/** Columns one grapheme takes in a monospace terminal (0, 1 or 2). */
function graphemeWidth(g: string): number {
  if (ZERO.test(g)) return 0;
  if (g.includes('\uFE0F') || WIDE.test(g)) return 2;
  return 1;
}

/** Columns a string takes in a monospace terminal: CJK and emoji count two, combining marks none. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += graphemeWidth(segment);
  return width;
}

/** Break one word that is wider than `width` into pieces of at most `width` columns. */
function breakWord(word: string, width: number): string[] {
  const pieces: string[] = [];
  let piece = '';
  let used = 0;
  for (const { segment } of graphemes.segment(word)) {
    const w = graphemeWidth(segment);
    if (used + w > width && piece !== '') {
      pieces.push(piece);
      piece = '';
      used = 0;
    }
    piece += segment;
    used += w;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/**
 * Wrap single-line text to lines of at most `width` columns, breaking at spaces; a word wider than a
 * line (a long name, Japanese without spaces) is broken between graphemes.
 */
export function wrapText(text: string, width: number): string[] {
  const max = Math.max(1, width);
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of text.split(' ')) {
    if (word === '') continue;
    const w = displayWidth(word);
    if (line !== '' && used + 1 + w <= max) {
      line += ` ${word}`;
      used += 1 + w;
      continue;
    }
    if (line !== '') lines.push(line);
    if (w <= max) {
      line = word;
      used = w;
      continue;
    }
    const pieces = breakWord(word, max);
    line = pieces.pop() ?? '';
    used = displayWidth(line);
    lines.push(...pieces);
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** Pad with spaces on the right to `width` display columns. */
export function padEnd(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}
