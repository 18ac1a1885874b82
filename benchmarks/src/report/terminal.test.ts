import { describe, expect, it } from 'vitest';
import { LintResultSchema } from '../contracts/lint-result.js';
import { bandLabel, bandSymbol } from './band.js';
import { sampleResult, sampleTool } from './sample-result.js';
import { renderTerminal } from './terminal.js';
import { displayWidth } from './text-width.js';

// eslint-disable-next-line no-control-regex -- control characters are what this test looks for
const ANSI = /\u001b\[/;
// Everything but printable text and the newline: what must never reach a terminal raw.
// eslint-disable-next-line no-control-regex -- control characters are what this test looks for
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\u200b-\u200f]/;

describe('band helpers', () => {
  it('pairs each band with a weather symbol and its word', () => {
    expect([bandSymbol('sunny'), bandSymbol('cloudy'), bandSymbol('rain')]).toEqual(['☀', '☁', '☂']);
    expect(bandLabel('rain')).toBe('☂ rain');
  });
});

describe('renderTerminal', () => {
  const result = sampleResult();

  it('uses a fixture that satisfies the contract', () => {
    expect(LintResultSchema.parse(result)).toEqual(result);
  });

  it('shows each tool with its score, band symbol and word, and findings grouped by severity', () => {
    const text = renderTerminal(result, { color: false });
    const cardOf = (score: number): string => text.slice(text.search(new RegExp(`^ ${score} `, 'm')));
    expect(text).toMatch(/^ 84 ☀ sunny {3}list_users$/m);
    expect(text).toMatch(/^ 55 ☁ cloudy {2}search_users$/m);
    expect(text).toMatch(/^ 20 ☂ rain {4}delete_user$/m);
    const card = cardOf(20).slice(0, cardOf(20).indexOf('Server-wide'));
    expect(card).toContain('    required (2)\n      too_short  description is too short (3 words)\n      destructive_unmarked');
    expect(card).toContain('purpose 20/20 · usage 0/20 · parameters 0/25');
    const search = cardOf(55).slice(0, cardOf(55).indexOf(' 20 ☂'));
    expect(search.indexOf('required (1)')).toBeLessThan(search.indexOf('minor (1)'));
    expect(search).toContain('confusable with: list_users');
  });

  it('shows server-wide findings, confusable pairs and the server mean with its band', () => {
    const text = renderTerminal(result, { color: false });
    expect(text).toContain('Server-wide findings\n  critical (1)\n    identical_description  these tools share');
    expect(text).toContain('Confusable pairs: 1 in all\n  0.81  list_users ↔ search_users');
    expect(text).toContain('Server mean 53.0/100 ☁ cloudy');
    expect(text).toContain('3 tools · 360 tokens (o200k_base) · 1 critical · 4 required · 2 minor');
    expect(text).toContain('rules v1 sha256:0123456789ab · surface sha256:fedcba987654');
  });

  it('lists at most 12 pairs and says how many there are in all', () => {
    const many = sampleResult();
    const pair = many.confusablePairs.top[0];
    if (!pair) throw new Error('fixture has a pair');
    many.confusablePairs = { total: 57, top: Array.from({ length: 15 }, (_, i) => ({ ...pair, tools: [`a${i}`, `b${i}`] as [string, string] })) };
    const text = renderTerminal(many, { color: false });
    expect(text).toContain('Confusable pairs: 57 in all, the 12 most similar shown');
    expect(text).toContain('a11 ↔ b11');
    expect(text).not.toContain('a12 ↔ b12');
  });

  it('emits ANSI colours only when asked, with the same words either way', () => {
    const plain = renderTerminal(result, { color: false });
    const coloured = renderTerminal(result, { color: true });
    expect(plain).not.toMatch(ANSI);
    expect(coloured).toMatch(ANSI);
    // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(plain);
  });

  it('keeps lines within the width, also for long names and Japanese messages', () => {
    const wide = sampleResult();
    wide.tools.push(
      sampleTool('a_very_long_tool_name_that_keeps_going_and_going_beyond_any_reasonable_terminal_width', 10, [
        { code: 'too_short', severity: 'required', message: '説明文が短すぎます。このツールが何をするのか、いつ使うのかを書いてください。', fields: [], data: {} },
      ]),
    );
    for (const width of [40, 60, 100]) {
      for (const line of renderTerminal(wide, { color: false, width }).split('\n')) {
        expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      }
    }
  });

  it('neutralises escape sequences and bidi characters in names and messages', () => {
    const hostile = sampleResult();
    hostile.tools = [
      sampleTool('evil\u001b[2J\u001b]8;;http://x\u0007name\u202E', 30, [
        { code: 'too_short', severity: 'required', message: 'msg \u001b[31mred\u009b0m\nnext line \u2066', fields: [], data: {} },
      ]),
    ];
    hostile.confusablePairs = { total: 1, top: [{ tools: ['a\u200Bb', 'ab'], similarity: 1, descriptionSimilarity: 1, nameSimilarity: 1 }] };
    for (const color of [false, true]) {
      const text = renderTerminal(hostile, { color });
      // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
      const withoutOurColours = text.replace(/\u001b\[\d+m/g, '');
      expect(withoutOurColours).not.toMatch(RAW_CONTROL);
      expect(withoutOurColours).not.toContain('\u001b');
      expect(text).toContain('evil<U+001B>[2J<U+001B>]8;;http://x<U+0007>name<U+202E>');
      expect(text).toContain('<U+000A>next line <U+2066>');
      expect(text).toContain('a<U+200B>b ↔ ab');
    }
  });

  it('says when there are no tools to score', () => {
    const empty = { ...sampleResult(), tools: [], score: null, band: null, findings: [], confusablePairs: { total: 0, top: [] } };
    const text = renderTerminal(empty, { color: false });
    expect(text).toContain('This surface has no tools.');
    expect(text).toContain('Server mean – (no tools to score)');
    expect(text).toContain('Confusable pairs: none');
  });
});
