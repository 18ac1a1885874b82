import { describe, expect, it } from 'vitest';
import { displayWidth, padEnd, wrapText } from './text-width.js';

describe('displayWidth', () => {
  it('counts CJK and emoji as two columns, combining marks as none', () => {
    expect(displayWidth('abc')).toBe(3);
    expect(displayWidth('検索')).toBe(4);
    expect(displayWidth('ｱ')).toBe(1);
    expect(displayWidth('Ａ')).toBe(2);
    expect(displayWidth('😀')).toBe(2);
    expect(displayWidth('👨‍👩‍👧')).toBe(2);
    expect(displayWidth('e\u0301')).toBe(1);
    expect(displayWidth('☀ sunny')).toBe(7);
  });
});

describe('wrapText', () => {
  it('wraps at spaces within the width', () => {
    expect(wrapText('one two three four', 9)).toEqual(['one two', 'three', 'four']);
  });

  it('breaks a word wider than a line, including Japanese without spaces', () => {
    expect(wrapText('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapText('ユーザーを検索します', 8)).toEqual(['ユーザー', 'を検索し', 'ます']);
  });

  it('never returns a line wider than the width', () => {
    const text = 'a very-long-identifier-that-goes-on ユーザーを検索して一覧を返します and some words';
    for (const w of [5, 10, 17, 30]) {
      for (const line of wrapText(text, w)) expect(displayWidth(line)).toBeLessThanOrEqual(w);
    }
  });

  it('returns one empty line for empty text', () => {
    expect(wrapText('', 10)).toEqual(['']);
  });
});

describe('padEnd', () => {
  it('pads by display columns', () => {
    expect(padEnd('検索', 6)).toBe('検索  ');
    expect(padEnd('toolong', 3)).toBe('toolong');
  });
});
