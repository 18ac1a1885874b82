import { describe, expect, it } from 'vitest';
import { detectLanguage, identifierTokens, segmentWords } from './words.js';

// Regression: word segmentation and identifier splitting stay linear on long inputs (one kana sends a long
// Latin text down the ICU path; a long run of capitals made the camelCase split quadratic), and a faster
// path does not change the words found.

const LIMIT_MS = 2000;

function timed<T>(fn: () => T): { ms: number; value: T } {
  const t0 = performance.now();
  const value = fn();
  return { ms: performance.now() - t0, value };
}

const SENTENCE = 'Reads the file at the given path and returns its content as text for the caller. ';

describe('segmentWords on long text', () => {
  it('300 KB of English plus one kana: fast, and the same English words as without the kana', () => {
    const english = SENTENCE.repeat(Math.ceil(300_000 / SENTENCE.length)).slice(0, 300_000);
    const { ms, value } = timed(() => segmentWords(`${english}あ`));
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    const plain = segmentWords(english);
    expect(value.slice(0, plain.length)).toEqual(plain);
    expect(value.length).toBeGreaterThan(plain.length - 2);
    expect(value.length).toBeLessThan(plain.length + 3);
  });

  it('120 KB of Japanese: fast, and as many words as the sentence times the repeats', () => {
    const unit = 'ファイルの内容を読み込んで返します。';
    const repeats = Math.ceil(120_000 / unit.length);
    const { ms, value } = timed(() => segmentWords(unit.repeat(repeats)));
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    expect(value.length).toBe(segmentWords(unit).length * repeats);
    const lang = timed(() => detectLanguage(unit.repeat(repeats)));
    expect(lang.value).toBe('ja');
    expect(lang.ms).toBeLessThan(LIMIT_MS);
  });

  it('long single-character runs', () => {
    for (const text of [`a${' '.repeat(100_000)}b`, 'a.'.repeat(15_000), `${'a.'.repeat(15_000)}あ`, `a${' '.repeat(100_000)}あ`]) {
      const { ms } = timed(() => segmentWords(text));
      expect(ms, `took ${ms.toFixed(0)} ms on ${JSON.stringify(text.slice(0, 12))}…`).toBeLessThan(LIMIT_MS);
    }
  });
});

describe('identifierTokens on long names', () => {
  it('30 000 capitals: one token, fast', () => {
    const { ms, value } = timed(() => identifierTokens('A'.repeat(30_000)));
    expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    expect(value).toEqual(['a'.repeat(30_000)]);
  });

  it('long mixed names stay fast', () => {
    for (const name of ['Ab'.repeat(30_000), 'a_'.repeat(30_000), `${'A'.repeat(30_000)}b`, `get${'A'.repeat(30_000)}Response`]) {
      const { ms } = timed(() => identifierTokens(name));
      expect(ms, `took ${ms.toFixed(0)} ms`).toBeLessThan(LIMIT_MS);
    }
  });

  it('still splits camelCase, acronyms, snake, kebab and dotted names', () => {
    expect(identifierTokens('getHTTPResponse')).toEqual(['get', 'http', 'response']);
    expect(identifierTokens('read_file')).toEqual(['read', 'file']);
    expect(identifierTokens('browser-navigate.v2')).toEqual(['browser', 'navigate', 'v2']);
    expect(identifierTokens('listIssues')).toEqual(['list', 'issues']);
  });
});
