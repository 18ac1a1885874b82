import { describe, expect, it } from 'vitest';
import { codePointNotation, visibleText } from './visible.js';

describe('visibleText', () => {
  it('leaves printable text, Japanese and emoji sequences alone', () => {
    for (const text of ['list_users', 'ユーザーを検索します。', '全角　スペース', '☀ sunny', '👨‍👩‍👧 family', '❤️ love', '1️⃣ one', '👍🏽']) {
      expect(visibleText(text)).toBe(text);
    }
  });

  it('shows terminal escape sequences instead of passing them through', () => {
    const hostile = 'evil\u001b[2J\u001b]0;title\u0007name\u009b31m';
    const shown = visibleText(hostile);
    expect(shown).toBe('evil<U+001B>[2J<U+001B>]0;title<U+0007>name<U+009B>31m');
    // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
    expect(shown).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/);
  });

  it('shows bidi overrides, zero-width characters, tags and fillers', () => {
    expect(visibleText('abc\u202Eexe.txt')).toBe('abc<U+202E>exe.txt');
    expect(visibleText('a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF')).toBe('a<U+200B>b<U+200C>c<U+200D>d<U+2060>e<U+FEFF>');
    expect(visibleText('x\u{E0041}\u{E0042}')).toBe('x<U+E0041><U+E0042>');
    expect(visibleText('\u3164\u115F')).toBe('<U+3164><U+115F>');
    expect(visibleText('soft\u00ADhyphen')).toBe('soft<U+00AD>hyphen');
  });

  it('shows line breaks and tabs, so one-line output stays one line', () => {
    expect(visibleText('a\nb\r\tc\u2028d')).toBe('a<U+000A>b<U+000D><U+0009>c<U+2028>d');
  });

  it('keeps tabs and line breaks with layout (pages), still showing every other hidden character', () => {
    expect(visibleText('a\nb\r\n\tc', { layout: true })).toBe('a\nb\r\n\tc');
    expect(visibleText('line\u2028sep\u001b[2J\u200Bx\u202E', { layout: true })).toBe('line<U+2028>sep<U+001B>[2J<U+200B>x<U+202E>');
    expect(visibleText('a\u00A0b\nc', { layout: true, spaces: true })).toBe('a<U+00A0>b\nc');
  });

  it('shows variation selectors used to smuggle data, but keeps emoji presentation', () => {
    expect(visibleText('a\uFE0F')).toBe('a<U+FE0F>');
    expect(visibleText('a\u{E0100}')).toBe('a<U+E0100>');
    expect(visibleText('☀\uFE0F')).toBe('☀\uFE0F');
  });

  it('shows a joiner that does not join two pictographs', () => {
    expect(visibleText('a\u200D👍')).toBe('a<U+200D>👍');
    expect(visibleText('👍\u200Da')).toBe('👍<U+200D>a');
  });

  it('shows lone surrogates', () => {
    expect(visibleText('a\uD800b')).toBe('a<U+D800>b');
  });

  it('shows odd spaces only in names', () => {
    expect(visibleText('list\u00A0users')).toBe('list\u00A0users');
    expect(visibleText('list\u00A0users', { spaces: true })).toBe('list<U+00A0>users');
    expect(visibleText('list users', { spaces: true })).toBe('list users');
  });

  it('writes code points with at least four hex digits', () => {
    expect(codePointNotation('\u0007')).toBe('<U+0007>');
    expect(codePointNotation('\u{E0001}')).toBe('<U+E0001>');
  });
});
