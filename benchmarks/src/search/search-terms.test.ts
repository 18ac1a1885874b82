import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_TERMS, searchTerms } from './search-terms.js';

describe('searchTerms', () => {
  it('keeps the content words of an English query, without function words or "server" filler', () => {
    // "through" is no function word of the rules' list (PostgreSQL's english stop words drop it later).
    expect(searchTerms('read and click through web pages')).toEqual(['read', 'click', 'through', 'web', 'pages']);
    expect(searchTerms('I want an MCP server to scrape a website')).toEqual(['scrape', 'website']);
  });

  it('maps Japanese words to the English words of the lexicon, keeping ASCII words as written', () => {
    expect(searchTerms('ブラウザを操作したい')).toEqual(['browser']);
    expect(searchTerms('GitHub のイシューを検索したい')).toEqual(['github', 'search', 'find', 'issue']);
  });

  it('answers nothing for a query of function words or symbols, and caps long queries', () => {
    expect(searchTerms('the of and')).toEqual([]);
    expect(searchTerms('%%% \u0000 ;; drop table')).toEqual(['drop', 'table']);
    expect(searchTerms(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '))).toHaveLength(MAX_SEARCH_TERMS);
  });
});
