// Well-formed Unicode in JSON input: an unpaired UTF-16 surrogate (half of a pair, written `\ud800` in
// JSON) has no UTF-8 form. PostgreSQL's JSON functions reject its escape and its text columns would store
// U+FFFD instead, so such input is refused where it is read, with the place named.

const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** False when JSON text `text` cannot decode to an unpaired surrogate: it has no `\uD8xx`–`\uDFxx` escape and no raw surrogate. */
export function mayHoldUnpairedSurrogate(text: string): boolean {
  return /\\u[dD][89a-fA-F]|[\ud800-\udfff]/.test(text);
}

/** The path of the first key or string holding an unpaired surrogate among `roots` (value, path), or undefined. */
export function findUnpairedSurrogate(roots: [unknown, string][]): string | undefined {
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'string') {
      if (UNPAIRED.test(node)) return at;
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}[${i}]`]);
    } else if (typeof node === 'object' && node !== null) {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const inner = /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;
        if (UNPAIRED.test(key)) return inner;
        stack.push([(node as Record<string, unknown>)[key], inner]);
      }
    }
  }
  return undefined;
}
