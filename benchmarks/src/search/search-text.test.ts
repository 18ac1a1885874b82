import { describe, expect, it } from 'vitest';
import { MAX_SENTENCE_TERMS, parseSearchQuery, searchDocument, sentenceTerms, toolSearchText } from './search-text.js';

const terms = (query: string) => sentenceTerms(parseSearchQuery(query));

describe('sentenceTerms (find_servers) over parseSearchQuery (the board and site search)', () => {
  it('an English sentence: each word once, "I want a server" filler left out (PostgreSQL drops the stop words)', () => {
    expect(terms('read and click through web pages')).toEqual(['read', 'and', 'click', 'through', 'web', 'pages'].map((word) => ({ word })));
    expect(terms('I want an MCP server to scrape a website').map((t) => ('word' in t ? t.word : t.cjk))).toEqual(['i', 'an', 'to', 'scrape', 'a', 'website']);
  });

  it('Japanese: the glossary\'s English words, and each untranslated run as one term of its bigrams', () => {
    expect(parseSearchQuery('ブラウザを操作したい')).toMatchObject({ words: 'browser', cjk: ['を操作したい'] });
    expect(terms('ブラウザを操作したい')).toEqual([{ word: 'browser' }, { cjk: 'を操作したい', bigrams: ['を操', '操作', '作し', 'した', 'たい'] }]);
    expect(terms('ファイルシステム')).toEqual([{ word: 'filesystem' }]);
  });

  it('symbols are no terms; a long sentence is cut at MAX_SENTENCE_TERMS', () => {
    expect(terms("'; DROP TABLE servers; -- & | ! :*")).toEqual([{ word: 'drop' }, { word: 'table' }]);
    expect(terms(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '))).toHaveLength(MAX_SENTENCE_TERMS);
  });

  it('a tool is found by the text the server\'s document indexes for it', () => {
    const tool = { name: 'browser_navigate', description: 'Navigate to a URL' };
    expect(toolSearchText(tool)).toBe('browser_navigate browser navigate Navigate to a URL');
    expect(searchDocument({ name: 'x', tools: [tool] }).tools).toBe(toolSearchText(tool));
  });
});
