// Full-text search over servers and their tools, the pure half: what text a server is found by, and what
// a query becomes. PostgreSQL does the matching (a tsvector per server, GIN-indexed; pg_trgm for near
// misses); this module decides the words on both sides, so the database and the query agree.
//
// Japanese (and Chinese) text has no spaces, and PostgreSQL's parsers split it into whole runs, so a
// word inside a run is never found. We index overlapping character BIGRAMS of every CJK run (the approach
// of Lucene's CJKAnalyzer and of pg_bigm): "ブラウザ操作" -> ブラ ラウ ウザ ザ操 操作, and a query's
// CJK run becomes the same bigrams ANDed, so a query finds any text containing it. Why bigrams and not
// pg_trgm: pg_trgm takes its words with the database's locale (`LC_CTYPE`), and under the C locale,
// common in containers, multibyte letters are not word characters at all, so CJK text yields no trigrams;
// bigrams made here work under every locale, and a two-character Japanese word (検索, 操作) is one bigram,
// where a trigram index cannot find a query shorter than three characters.
//
// Most servers describe themselves in English, so a Japanese query also gets the English words of a small
// glossary of terms people search MCP servers by (ブラウザ -> browser): a query "ブラウザ" finds the
// browser servers whose text is English.
//
// One definition, two ways to match it: the board and the site's search box require every word (a few
// words typed into a box), while the MCP tool find_servers takes a sentence ("read and click through web
// pages", "ブラウザを操作したい") and finds servers holding any of its terms (`sentenceTerms`). Both rank by
// one relevance over those terms (db's `serverRelevance`: BM25 over the weighted search vector).

/** A run of CJK ideographs, kana (incl. the prolonged sound mark) and Hangul. */
const CJK_RUN = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}ー々〆]+/gu;

/** Overlapping two-character grams of every CJK run in `text` (a lone character is itself). */
export function cjkBigrams(text: string): string[] {
  const grams: string[] = [];
  for (const match of text.normalize('NFKC').matchAll(CJK_RUN)) {
    const chars = [...match[0]];
    if (chars.length === 1) grams.push(chars[0] as string);
    for (let i = 0; i + 1 < chars.length; i++) grams.push(`${chars[i]}${chars[i + 1]}`);
  }
  return grams;
}

/** Japanese terms people search MCP servers by, with the English words the servers use. */
export const JAPANESE_GLOSSARY: Readonly<Record<string, string>> = {
  ブラウザ: 'browser',
  ブラウザー: 'browser',
  ウェブページ: 'web page',
  ウェブ: 'web',
  ページ: 'page',
  スクリーンショット: 'screenshot',
  ファイル: 'file',
  ファイルシステム: 'filesystem',
  フォルダ: 'folder directory',
  ディレクトリ: 'directory',
  データベース: 'database',
  検索: 'search',
  記憶: 'memory',
  メモリ: 'memory',
  メモ: 'note',
  メール: 'email mail',
  カレンダー: 'calendar',
  地図: 'map',
  天気: 'weather',
  翻訳: 'translate',
  画像: 'image',
  動画: 'video',
  音声: 'audio speech',
  チャート: 'chart',
  グラフ: 'graph chart',
  図: 'diagram',
  決済: 'payment',
  支払い: 'payment',
  課題: 'issue',
  チケット: 'ticket issue',
  リポジトリ: 'repository',
  コード: 'code',
  ドキュメント: 'document docs',
  文書: 'document',
  スプレッドシート: 'spreadsheet sheet',
  表計算: 'spreadsheet',
  デプロイ: 'deploy',
  監視: 'monitoring',
  ログ: 'log',
  テスト: 'test',
  スクレイピング: 'scrape scraping',
  クローラー: 'crawl',
  翻訳する: 'translate',
  思考: 'thinking',
  推論: 'reasoning',
};

/** What a query becomes: English words (stemmed by PostgreSQL), CJK bigrams, and the raw text for pg_trgm. */
export interface SearchQuery {
  /** Words for `plainto_tsquery('english', …)`: the query's own latin words and the glossary's English. */
  words: string;
  /** Bigrams of the query's CJK runs that the glossary did not translate (all must match). */
  bigrams: string[];
  /** The CJK runs the glossary did not translate ("ブラウザを操作したい" -> "を操作したい"): one term each in a sentence. */
  cjk: string[];
  /** The query as typed, trimmed and cut to 200 characters: for the trigram fallback on names. */
  text: string;
}

export const MAX_QUERY_CHARS = 200;

export function parseSearchQuery(query: string): SearchQuery {
  const text = query.normalize('NFKC').trim().slice(0, MAX_QUERY_CHARS);
  const latin: string[] = [];
  const bigrams: string[] = [];
  let rest = text;
  // Longest glossary terms first, so ファイルシステム wins over ファイル.
  for (const term of Object.keys(JAPANESE_GLOSSARY).sort((a, b) => b.length - a.length)) {
    if (rest.includes(term)) {
      latin.push(JAPANESE_GLOSSARY[term] as string);
      rest = rest.split(term).join(' ');
    }
  }
  bigrams.push(...cjkBigrams(rest));
  const cjk = [...rest.matchAll(CJK_RUN)].map((m) => m[0]);
  latin.push(rest.replace(CJK_RUN, ' '));
  const words = latin.join(' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return { words, bigrams, cjk, text };
}

/** The most terms one sentence searches for (a longer sentence adds no more). */
export const MAX_SENTENCE_TERMS = 16;

/** Words that say "I want a server" rather than what it should do: no term of a sentence. */
const SENTENCE_FILLER = new Set('server servers mcp tool tools want need like install use something thing things able let lets please help'.split(' '));

/** One term of a sentence: a latin word (PostgreSQL stems it, a stop word is dropped there) or an untranslated CJK run (all its bigrams). */
export type SentenceTerm = { word: string } | { cjk: string; bigrams: string[] };

/**
 * The terms of a sentence for ranked any-term search, in order, distinct, at most MAX_SENTENCE_TERMS:
 * each lower-case word of `words` that is no filler, then each untranslated CJK run.
 */
export function sentenceTerms(q: SearchQuery): SentenceTerm[] {
  const words = [...new Set(q.words.toLowerCase().split(' '))].filter((w) => w !== '' && !SENTENCE_FILLER.has(w));
  const runs = [...new Set(q.cjk)].map((run) => ({ cjk: run, bigrams: cjkBigrams(run) }));
  return [...words.map((word) => ({ word })), ...runs].slice(0, MAX_SENTENCE_TERMS);
}

/** Identifiers as words: `browser_navigate` / `getPageText` -> `browser navigate` / `get Page Text`. */
export const identifierWords = (name: string): string => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_\-./:]+/g, ' ');

/** The text a server is found by, in three weights (name and keywords; description; tools). */
export interface SearchDocument {
  /** Name, package and keywords: weight A. */
  title: string;
  /** The server's description: weight B. */
  description: string;
  /** Tool names (as words) and descriptions: weight C. */
  tools: string;
  /** CJK bigrams of all of it, for the `simple` configuration. */
  bigrams: string[];
}

const MAX_TOOLS_TEXT = 60_000;

/** The text one tool is found by: its name, its name as words, its description. */
export const toolSearchText = (t: { name: string; description?: string | undefined }): string => `${t.name} ${identifierWords(t.name)} ${t.description ?? ''}`;

export function searchDocument(input: { name: string; description?: string | null; keywords?: readonly string[]; tools: readonly { name: string; description?: string | undefined }[] }): SearchDocument {
  const title = [input.name, identifierWords(input.name), ...(input.keywords ?? [])].join(' ');
  const description = input.description ?? '';
  const tools = input.tools
    .map(toolSearchText)
    .join('\n')
    .slice(0, MAX_TOOLS_TEXT);
  const bigrams = [...new Set(cjkBigrams(`${title}\n${description}\n${tools}`))];
  return { title, description, tools, bigrams };
}
