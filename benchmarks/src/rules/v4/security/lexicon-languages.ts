// The words of rules v4's phrase lexicon (v3's 13 languages, copied and extended, and six more: Vietnamese,
// Indonesian, Arabic, Persian, Ukrainian, Hindi — README.md says how each was built), per language (./lexicon.ts composes them; README.md says how they
// were built). The lists live in ./languages/, one file per language group. Latin-script languages are written as the Latin form reads them: lower case, no accents
// ("instruccion", "uberschreiben", "uzytkownik"). "~" stands for a word's ending, a space for white space
// (in Chinese, Japanese and Korean: optional white space). A list left out is a class the language does not
// add: English's "do not tell" and "from now on" classes are v2's patterns, which v3 still runs.

import { en, es, pt, fr, de, it, nl } from './languages/latin-west.js';
import { pl, tr, vi, id } from './languages/latin-east.js';
import { ru, uk } from './languages/cyrillic.js';
import { zh, ja, ko } from './languages/cjk.js';
import { ar, fa, hi } from './languages/arabic-indic.js';

export interface Language {
  id: string;
  form: 'latin' | 'native';
  cjk?: boolean;
  ignore?: string;
  instructions?: string;
  previous?: string;
  dontTell?: string;
  user?: string;
  concealAlone?: string;
  these?: string;
  override?: string;
  /** What a precedence claim must also name (English only: "these rules override the defaults" is honest). */
  overrideTarget?: string;
  /** A precedence verb with a pronoun for its object, read after an `overrideTarget` named earlier in the sentence. */
  overridesIt?: string;
  /** Nouns compound (Dutch, German): a qualifier's stem and an instructions word may make one word. */
  compounds?: boolean;
  approved?: string;
  noAsk?: string;
  send?: string;
  history?: string;
  reveal?: string;
  systemPrompt?: string;
  fromNow?: string;
  youAre?: string;
  roleAlone?: string;
  /** v4: "you are now" (read before `unrestricted` in one sentence). */
  youAreNow?: string;
  /** v4: an identity without limits ("with no content policy", "ohne Einschränkungen"). */
  unrestricted?: string;
  /** v4: the environment variables, read with `send` (a verb of sending or writing into something). */
  envVars?: string;
  /** v4: words may carry Arabic-script prefixes ("و", "ب", "ال"): the word boundary allows them. */
  prefixed?: boolean;
}


/** Every language of the lexicon: the ten most common languages of the web, three more (v3) and six more (v4). */
export const LANGUAGES: Language[] = [en, es, de, ja, fr, ru, pt, it, nl, pl, tr, zh, ko, vi, id, ar, fa, uk, hi];
