// Duplicate object keys in JSON text. JSON.parse keeps the last of two equal keys without a word, other
// parsers keep the first or refuse: a tool with two "description" keys can show a linter one text and a
// model another. The check reads the text itself, because the parsed value no longer holds the first key.

/** Where a key repeats: the JSON path of the second occurrence, the key, and its character offset. */
export interface DuplicateKey {
  path: string;
  key: string;
  position: number;
}

/** A JSON path segment for a key or an index (the same spelling as the parser's errors). */
const segment = (key: string | number): string =>
  typeof key === 'number' ? `[${key}]` : /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;

/** Index just past the closing quote of the string that opens at `start` (text[start] is '"'). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) return text.length;
    // The quote is escaped when an odd number of backslashes precede it.
    let backslashes = 0;
    for (let j = q - 1; j > start && text.charCodeAt(j) === 92; j--) backslashes++;
    if (backslashes % 2 === 0) return q + 1;
    i = q + 1;
  }
}

interface Frame {
  /** Keys seen in this object; null for an array. */
  keys: Set<string> | null;
  /** The key or index of the value being read in this container. */
  at: string | number;
}

/**
 * The first key that repeats inside one object of `text`, or undefined. `text` must already be valid
 * JSON (call it after JSON.parse succeeded): the scan only tracks strings and brackets. Keys are compared
 * after decoding escapes, so `"a"` and `"\u0061"` are the same key, as they are to every parser. Linear:
 * strings are skipped with indexOf, each key goes into one Set.
 */
export function findDuplicateKey(text: string): DuplicateKey | undefined {
  const stack: Frame[] = [];
  // In an object, true while the next string is a key (after "{" or ",").
  let expectKey = false;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      const end = stringEnd(text, i);
      const top = stack[stack.length - 1];
      if (expectKey && top !== undefined && top.keys !== null) {
        const rawKey = text.slice(i + 1, end - 1);
        const key = rawKey.includes('\\') ? (JSON.parse(text.slice(i, end)) as string) : rawKey;
        if (top.keys.has(key)) {
          top.at = key;
          return { path: `$${stack.map((f) => segment(f.at)).join('')}`, key, position: i };
        }
        top.keys.add(key);
        top.at = key;
        expectKey = false;
      }
      i = end - 1;
    } else if (c === 123 /* { */) {
      stack.push({ keys: new Set(), at: '' });
      expectKey = true;
    } else if (c === 91 /* [ */) {
      stack.push({ keys: null, at: 0 });
      expectKey = false;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
      expectKey = false;
    } else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top === undefined) continue;
      if (top.keys === null) top.at = (top.at as number) + 1;
      else expectKey = true;
    }
  }
  return undefined;
}
