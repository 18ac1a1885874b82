// What a "which server does X" query searches for: its content words, and for Japanese text the English
// words the rules' lexicon pairs with the Japanese words it contains (server and tool text on the board is
// almost all English, so "ブラウザを操作したい" must search for "browser"). Pure: the database adapter
// turns the terms into a full-text query.
import { NAME_WORDS_JA, STOPWORDS } from '../rules/v2/lexicons-words.js';
import { segmentWords } from '../text/words.js';

/** The most terms one query searches for (a longer query adds no more). */
export const MAX_SEARCH_TERMS = 16;

/** Words that say "I want a server" rather than what it should do. */
const QUERY_FILLER = new Set('server servers mcp tool tools want need like install use something thing things able let lets please help'.split(' '));

/**
 * The search terms of a query, in order of appearance, distinct, at most MAX_SEARCH_TERMS: lower-case ASCII
 * letters and digits of 2+ characters that are neither English function words nor filler, then the English
 * words of the Japanese lexicon entries the query mentions.
 */
export function searchTerms(query: string): string[] {
  const terms: string[] = [];
  const add = (term: string): void => {
    if (terms.length < MAX_SEARCH_TERMS && !terms.includes(term)) terms.push(term);
  };
  for (const word of segmentWords(query.normalize('NFKC').toLowerCase())) {
    for (const part of word.split(/[^a-z0-9]+/)) if (part.length >= 2 && !STOPWORDS.has(part) && !QUERY_FILLER.has(part)) add(part);
  }
  for (const [english, japanese] of Object.entries(NAME_WORDS_JA)) if (japanese.some((w) => query.includes(w))) add(english);
  return terms;
}
