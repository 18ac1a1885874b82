import { describe, expect, it } from 'vitest';
import { detectLanguage, identifierTokens, isJapaneseFunctionWord, segmentWords, stem } from './words.js';

describe('segmentWords', () => {
  it('returns the word-like segments of English text, dropping punctuation and spaces', () => {
    expect(segmentWords('Reads a file, then returns it.')).toEqual(['Reads', 'a', 'file', 'then', 'returns', 'it']);
    expect(segmentWords("Don't read x.txt (e.g. 42 MB).")).toEqual(["Don't", 'read', 'x.txt', 'e.g', '42', 'MB']);
  });

  it('segments Japanese by dictionary, so a sentence gives several words', () => {
    expect(segmentWords('ファイルを読み込みます。')).toEqual(['ファイル', 'を', '読み込み', 'ます']);
    expect(segmentWords('ワークスペースからテキストファイルを読み込みます。')).toHaveLength(7);
  });

  it('handles mixed Japanese and English', () => {
    const words = segmentWords('search_issues を使ってください');
    expect(words.slice(0, 2)).toEqual(['search_issues', 'を']);
    expect(words.join('')).toBe('search_issuesを使ってください');
    expect(words.length).toBeGreaterThanOrEqual(4);
  });

  it('returns nothing for empty, whitespace or punctuation-only text', () => {
    expect(segmentWords('')).toEqual([]);
    expect(segmentWords(' \n\t ')).toEqual([]);
    expect(segmentWords('—!?。、')).toEqual([]);
  });
});

describe('detectLanguage', () => {
  it('detects Japanese when ≥ 30 % of letters are kana or kanji', () => {
    expect(detectLanguage('ファイルを読み込みます')).toBe('ja');
    expect(detectLanguage('Reads a ファイル')).toBe('ja'); // 4 of 9 letters
    expect(detectLanguage('Reads a text file into memory: ファイル')).toBe('en'); // 4 of 26 letters
  });

  it('detects English for Latin text and "other" for other scripts or no letters', () => {
    expect(detectLanguage('Reads a file.')).toBe('en');
    expect(detectLanguage('Читает файл')).toBe('other');
    expect(detectLanguage('12345 !!')).toBe('other');
    expect(detectLanguage('')).toBe('other');
  });
});

describe('identifierTokens', () => {
  it('splits snake_case, kebab-case and dotted names', () => {
    expect(identifierTokens('read_file')).toEqual(['read', 'file']);
    expect(identifierTokens('list-open-issues')).toEqual(['list', 'open', 'issues']);
    expect(identifierTokens('browser.navigate_to')).toEqual(['browser', 'navigate', 'to']);
  });

  it('splits camelCase and PascalCase, keeping acronyms whole', () => {
    expect(identifierTokens('getUserProfile')).toEqual(['get', 'user', 'profile']);
    expect(identifierTokens('getHTTPResponse')).toEqual(['get', 'http', 'response']);
    expect(identifierTokens('HTMLParser')).toEqual(['html', 'parser']);
    expect(identifierTokens('parseJSON')).toEqual(['parse', 'json']);
  });

  it('keeps digits with their word and drops empty parts', () => {
    expect(identifierTokens('get_v2Items')).toEqual(['get', 'v2', 'items']);
    expect(identifierTokens('__private__name__')).toEqual(['private', 'name']);
    expect(identifierTokens('API-Get-V2')).toEqual(['api', 'get', 'v2']);
  });

  it('keeps Japanese runs as tokens', () => {
    expect(identifierTokens('ファイル_検索')).toEqual(['ファイル', '検索']);
  });
});

describe('stem', () => {
  it('removes plural and third-person endings', () => {
    expect(['reads', 'files', 'entries', 'boxes', 'matches', 'pushes', 'classes'].map(stem)).toEqual(['read', 'file', 'entry', 'box', 'match', 'push', 'class']);
  });

  it('lowercases and leaves words it should not touch', () => {
    expect(['Read', 'status', 'analysis', 'pass', 'is', 'bus', 'gas', 'ties'].map(stem)).toEqual(['read', 'status', 'analysis', 'pass', 'is', 'bus', 'gas', 'tie']);
  });
});

describe('isJapaneseFunctionWord', () => {
  it('is true for hiragana-only segments', () => {
    expect(['を', 'ます', 'ください'].map(isJapaneseFunctionWord)).toEqual([true, true, true]);
    expect(['ファイル', '読み込み', 'read', ''].map(isJapaneseFunctionWord)).toEqual([false, false, false, false]);
  });
});
