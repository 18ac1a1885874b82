// Encoded runs a model can read and a person cannot: base64 (also URL-safe, and UTF-16LE as PowerShell's
// -EncodedCommand takes it), hex (plain, "\x41" or "0x41" escapes) and URL-encoding. rules v3 decodes each
// run once and scans the text it holds like any other string; a run that decodes to binary noise (a hash,
// an id, an image) is left alone. Each run is found by one bounded pass, so the work is linear in the text.

/** One decoded run: how it was encoded and the text it holds. */
export interface Decoded {
  via: 'base64' | 'hex' | 'url-encoding';
  text: string;
}

const BASE64_RUN = /[A-Za-z0-9+/_-]{16,}={0,2}/g;
const HEX_RUN = /(?:(?:\\x|0x)?[0-9a-fA-F]{2}[ :]?){12,}/g;
// A run of URL characters and escapes; it counts when it holds three escapes or more.
const URL_RUN = /(?:[A-Za-z0-9._~+!*'()-]|%[0-9a-fA-F]{2}){6,}/g;
/** At most this much decoded text per string (an attack is a sentence or two; a data blob is not text). */
const MAX_DECODED = 20_000;

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const UTF16 = new TextDecoder('utf-16le', { fatal: false });

/** Bytes as text when they are readable text (UTF-8, or UTF-16LE with its zero high bytes), else null. */
function readable(bytes: Uint8Array): string | null {
  if (bytes.length < 8) return null;
  let zeros = 0;
  for (let i = 1; i < bytes.length; i += 2) if (bytes[i] === 0) zeros++;
  let text: string;
  if (zeros * 2 >= bytes.length - 1 && bytes.length % 2 === 0) {
    text = UTF16.decode(bytes);
  } else {
    try {
      text = UTF8.decode(bytes);
    } catch {
      return null;
    }
  }
  // Mostly letters, spaces and punctuation; a word of two letters at least somewhere.
  let good = 0;
  for (const c of text) if (/[\p{L}\p{N}\p{P}\p{Zs}\p{S}\n\r\t]/u.test(c)) good++;
  return good >= 0.9 * [...text].length && /\p{L}{2}/u.test(text) ? text : null;
}

function base64Bytes(run: string): Uint8Array | null {
  const std = run.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (std.length % 4 === 1) return null;
  try {
    const bin = atob(std + '='.repeat((4 - (std.length % 4)) % 4));
    const out = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
    return out;
  } catch {
    return null;
  }
}

function hexBytes(run: string): Uint8Array | null {
  const digits = run.replace(/\\x|0x|[ :]/g, '');
  if (digits.length % 2 !== 0) return null;
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(digits.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** Every encoded run of `text` that holds readable text, decoded (at most MAX_DECODED characters in all). */
export function decodedRuns(text: string): Decoded[] {
  const out: Decoded[] = [];
  let budget = MAX_DECODED;
  const add = (via: Decoded['via'], decoded: string | null): void => {
    if (decoded === null || budget <= 0) return;
    const kept = decoded.slice(0, budget);
    budget -= kept.length;
    out.push({ via, text: kept });
  };
  if (text.length >= 16) {
    for (const m of text.matchAll(BASE64_RUN)) {
      const run = m[0];
      // A word, a path or an identifier is not base64: encoded text mixes both cases throughout (a tenth of
      // its characters each at least; UTF-16 text, as PowerShell takes it, is mostly "A").
      const upper = run.replace(/[^A-Z]/g, '').length;
      const lower = run.replace(/[^a-z]/g, '').length;
      if (upper < 0.1 * run.length || lower < 0.1 * run.length) continue;
      if (/^[0-9a-fA-F]+$/.test(run)) continue;
      const bytes = base64Bytes(run);
      if (bytes !== null) add('base64', readable(bytes));
    }
    for (const m of text.matchAll(HEX_RUN)) add('hex', readable(hexBytes(m[0]) ?? new Uint8Array()));
  }
  if (text.includes('%')) {
    for (const m of text.matchAll(URL_RUN)) {
      if ((m[0].match(/%[0-9a-fA-F]{2}/g)?.length ?? 0) < 3) continue;
      try {
        add('url-encoding', readable(new TextEncoder().encode(decodeURIComponent(m[0].replace(/\+/g, ' ')))));
      } catch {
        // Not valid percent-encoding of UTF-8: nothing to read.
      }
    }
  }
  return out;
}
