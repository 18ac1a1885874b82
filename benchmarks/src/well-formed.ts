// Text in JSON input that can be neither stored nor shown as sent, refused where it is read with the place
// named (one definition for surfaces, bodies and captures):
// - an unpaired UTF-16 surrogate (half of a pair, written `\ud800` in JSON) has no UTF-8 form: PostgreSQL's
//   JSON functions reject its escape and its text columns would store U+FFFD instead;
// - NUL (U+0000, written `\u0000`): PostgreSQL stores it in no text or jsonb value (SQLSTATE 22P05), so a
//   surface holding one could be kept as received but never linted, and C strings and terminals cut it.
import { InputError } from './errors.js';

const UNPAIRED = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why a key or string cannot be stored: the input error's code. */
export type UnstorableTextCode = 'unpaired_surrogate' | 'nul_character';

/** The reason `text` cannot be stored, if it cannot. */
function unstorable(text: string, nul: boolean): UnstorableTextCode | undefined {
  if (nul && text.includes('\u0000')) return 'nul_character';
  return UNPAIRED.test(text) ? 'unpaired_surrogate' : undefined;
}

/** False when JSON text `text` cannot decode to an unpaired surrogate: it has no `\uD8xx`–`\uDFxx` escape and no raw surrogate. */
export function mayHoldUnpairedSurrogate(text: string): boolean {
  return /\\u[dD][89a-fA-F]|[\ud800-\udfff]/.test(text);
}

/**
 * False when JSON text `text` cannot decode to text that {@link findUnstorableText} refuses: no surrogate
 * (escaped or raw) and no `\u0000` (JSON has no other way to write NUL inside a string).
 */
export function mayHoldUnstorableText(text: string): boolean {
  return text.includes('\\u0000') || mayHoldUnpairedSurrogate(text);
}

/**
 * The path and reason of the first key or string among `roots` (value, path) that cannot be stored, or
 * undefined. `nul: false` looks for unpaired surrogates only (the API's bodies, whose text fields refuse
 * every control character themselves, with the field named).
 */
export function findUnstorableText(roots: [unknown, string][], options: { nul?: boolean } = {}): { path: string; code: UnstorableTextCode } | undefined {
  const nul = options.nul ?? true;
  const stack = [...roots].reverse();
  while (stack.length > 0) {
    const [node, at] = stack.pop()!;
    if (typeof node === 'string') {
      const code = unstorable(node, nul);
      if (code !== undefined) return { path: at, code };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${at}[${i}]`]);
    } else if (typeof node === 'object' && node !== null) {
      const keys = Object.keys(node);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        const inner = /^[A-Za-z_$][\w$]*$/.test(key) ? `${at}.${key}` : `${at}[${JSON.stringify(key)}]`;
        const code = unstorable(key, nul);
        if (code !== undefined) return { path: inner, code };
        stack.push([(node as Record<string, unknown>)[key], inner]);
      }
    }
  }
  return undefined;
}

/** The input error for what {@link findUnstorableText} found (`path` as the caller names it). */
export function unstorableTextError(found: { path: string; code: UnstorableTextCode }): InputError {
  const { path, code } = found;
  if (code === 'nul_character') {
    return new InputError('nul_character', `text at ${path} contains a NUL character (U+0000, written \\u0000): it can be neither stored nor shown; remove it`, { path });
  }
  return new InputError('unpaired_surrogate', `text at ${path} is not well-formed Unicode (an unpaired UTF-16 surrogate, written \\udXXX): it can be neither stored nor shown; send well-formed UTF-8`, { path });
}
