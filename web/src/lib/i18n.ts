// The site's words in English (i18n/en.ts) and Japanese (i18n/ja.ts). Every page takes `m = messages[lang]`;
// the Messages type makes both languages have the same keys. Text from servers (names, descriptions, finding messages) is shown as sent.

import { en, type Messages } from './i18n/en';
import { ja } from './i18n/ja';

export type { Messages };

/** UI languages. */
export const LANGS = ['en', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (v: unknown): v is Lang => v === 'en' || v === 'ja';
/** Cookie that keeps the chosen language (a year). */
export const LANG_COOKIE = 'tm_lang';

/** Every message, by language. */
export const messages: Record<Lang, Messages> = { en, ja };

/** The language to use: the cookie's, else the first of Accept-Language we have, else English. */
export function pickLang(cookie: string | undefined, acceptLanguage: string | null): Lang {
  if (isLang(cookie)) return cookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().split(';')[0]?.toLowerCase() ?? '';
    if (tag.startsWith('ja')) return 'ja';
    if (tag.startsWith('en')) return 'en';
  }
  return 'en';
}

// A page's language is in its URL, so a shared link opens in the language it was shared in: Japanese pages
// live under /ja (`/ja/servers/notes`), English ones at the root. `src/hooks.ts` reroutes /ja/… to the same
// routes; a path without the prefix is in the visitor's language (the cookie, then Accept-Language), and
// every link a page makes goes through `localPath`, so the language stays as the reader moves on.

/** The path prefix of Japanese pages. */
export const JA_PREFIX = '/ja';

/** The language a URL path names (`/ja`, `/ja/…`), or null for a path without a language. */
export function langInPath(pathname: string): Lang | null {
  return pathname === JA_PREFIX || pathname.startsWith(`${JA_PREFIX}/`) ? 'ja' : null;
}

/** A site path (with its query and fragment) without its language prefix: `/ja/findings?x` → `/findings?x`, `/ja` → `/`. */
export function withoutLang(path: string): string {
  if (!path.startsWith(JA_PREFIX) || !/^$|^[/?#]/.test(path.slice(JA_PREFIX.length))) return path;
  // One leading slash only: `/ja//host` must never become `//host` (another site).
  const rest = path.slice(JA_PREFIX.length).replace(/^\/+/, '/');
  return rest.startsWith('/') ? rest : `/${rest}`;
}

/** A site path (starting with "/") in a language: `/findings#x` → `/ja/findings#x`, `/` → `/ja`, unchanged in English. */
export function localPath(lang: Lang, path: string): string {
  const bare = withoutLang(path);
  if (lang === 'en') return bare;
  return bare === '/' || /^\/[?#]/.test(bare) ? `${JA_PREFIX}${bare.slice(1)}` : `${JA_PREFIX}${bare}`;
}

/**
 * A model's name in the page's language: the catalogue's label, except the lexical baseline's, which the
 * site names itself (the catalogue's "Lexical baseline (not a model)" is English on every page otherwise).
 */
export function modelName(model: { label: string; baseline: boolean }, lang: Lang): string {
  return model.baseline ? messages[lang].models.baselineName : model.label;
}
