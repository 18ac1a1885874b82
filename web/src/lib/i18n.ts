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
