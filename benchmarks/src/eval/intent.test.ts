import { describe, expect, it } from 'vitest';
import { breakNamePhrases, intentSentence, namePhrase, namespaceTokens, requestFromDescription, requestFromName } from './intent.js';

const first = (options: readonly string[]) => options[0]!;

describe('namePhrase', () => {
  it('finds two consecutive name words in the name\'s order, or the name in any casing or separator form', () => {
    expect(namePhrase('Could you api create a data source?', 'API-create-a-data-source')).toBe('api create');
    expect(namePhrase('Query a data source.', 'API-query-data-source')).toBe('data source');
    expect(namePhrase('Show the browser tab list', 'browser_tabs')).toBe('browser tab');
    expect(namePhrase('use readFile now', 'read_file')).toBe('read file');
    expect(namePhrase('use READ-FILE now', 'read_file')).toBe('read file');
    expect(namePhrase('run readfile', 'read_file')).toBe('readfile');
    expect(namePhrase('Make a source of the data.', 'API-query-data-source')).toBeNull();
    expect(namePhrase('file read', 'read_file')).toBeNull();
  });

  it('one-word names: the word is the name, unless the description\'s first sentence uses it for the intent', () => {
    expect(namePhrase('please ping the server', 'ping', 'Check that the server answers.')).toBe('ping');
    expect(namePhrase('search the web for rossi', 'search', 'Search the web.')).toBeNull();
  });
});

describe('requests without the name', () => {
  it('turns a description into a base-form request without vendor labels or code spans', () => {
    expect(intentSentence('Notion | Retrieve a user\nError Responses:\n400: Bad request')).toBe('Retrieve a user');
    expect(intentSentence('\nRetrieve progress for a `firecrawl_agent` job ID. More text.')).toBe('Retrieve progress for a job ID.');
    expect(requestFromDescription('Resolves a package name and returns matching libraries.')).toBe('resolve a package name and return matching libraries');
    expect(requestFromDescription('Returns all console messages')).toBe('return all console messages');
    expect(requestFromDescription('ひび割れの所見を起票する')).toBe('');
  });

  it('breaks name phrases: the other article, a verb\'s synonym, "source of the data" for "data source"', () => {
    expect(breakNamePhrases('retrieve a block', 'API-retrieve-a-block', '', first)).toBe('retrieve the block');
    expect(breakNamePhrases('search users whose name contains a text', 'search_users', '', first)).toBe('look for users whose name contains a text');
    expect(breakNamePhrases('return all console messages', 'browser_console_messages', '', first)).toBe('return all messages of the console');
    expect(breakNamePhrases('retrieve one monitor check', 'firecrawl_monitor_check', '', first)).toBe('retrieve one check of the monitor');
  });

  it('writes a request from the name alone, reordered and without the namespace', () => {
    const ns = namespaceTokens(['firecrawl_scrape', 'firecrawl_map', 'firecrawl_check_crawl_status', 'other']);
    expect([...ns]).toEqual(['firecrawl']);
    expect(requestFromName('firecrawl_check_crawl_status', ns)).toBe('check the status of the crawl');
    expect(namePhrase(requestFromName('firecrawl_check_crawl_status', ns), 'firecrawl_check_crawl_status')).toBeNull();
  });
});
