import { describe, expect, it } from 'vitest';
import { escapeMarkdown, renderMarkdown } from './markdown.js';
import { sampleResult, sampleTool } from './sample-result.js';

describe('escapeMarkdown', () => {
  it('escapes every character that could start Markdown syntax', () => {
    expect(escapeMarkdown('[click](http://x) **b** <img src=x> | a_b `c` # h $x$ ~s~ !')).toBe(
      '\\[click\\]\\(http\\:\\/\\/x\\) \\*\\*b\\*\\* \\<img src\\=x\\> \\| a\\_b \\`c\\` \\# h \\$x\\$ \\~s\\~ \\!',
    );
  });

  it('makes invisible characters visible before escaping', () => {
    expect(escapeMarkdown('a\u202Eb\nc')).toBe('a\\<U\\+202E\\>b\\<U\\+000A\\>c');
  });

  it('keeps letters, digits, spaces and Japanese as they are', () => {
    expect(escapeMarkdown('ユーザーを検索 42 times')).toBe('ユーザーを検索 42 times');
  });
});

describe('renderMarkdown', () => {
  const result = sampleResult();

  it('starts with the server mean, band word and counts', () => {
    const md = renderMarkdown(result);
    expect(md.startsWith('## toolmark lint\n\n**Server mean: 53.0/100 ☁ cloudy** · 3 tools · 360 tokens (o200k\\_base)')).toBe(true);
    expect(md).toContain('Findings: 1 critical · 4 required · 2 minor · rules v1 `sha256:0123456789ab` · surface `sha256:fedcba987654`');
  });

  it('has a summary table with one row per tool', () => {
    const md = renderMarkdown(result);
    expect(md).toContain('| Tool | Score | Band | Critical | Required | Minor |');
    expect(md).toContain('| list\\_users | 84 | ☀ sunny | 0 | 0 | 1 |');
    expect(md).toContain('| delete\\_user | 20 | ☂ rain | 0 | 2 | 0 |');
  });

  it('lists findings by severity with their codes, server-wide and per tool', () => {
    const md = renderMarkdown(result);
    expect(md).toContain('### Server-wide findings\n\n**Critical** (1)\n\n- `identical_description` — these tools share');
    const card = md.slice(md.indexOf('### delete\\_user'));
    expect(card).toContain('### delete\\_user — 20/100 ☂ rain');
    expect(card).toContain('**Required** (2)\n\n- `too_short` — description is too short \\(3 words\\)');
  });

  it('shows confusable pairs with the total', () => {
    const md = renderMarkdown(result);
    expect(md).toContain('### Confusable pairs\n\n1 in all:\n\n| Tools | Similarity |\n|---|---:|\n| list\\_users ↔ search\\_users | 0.81 |');
  });

  it('keeps hostile names and messages inert: no links, HTML, table breaks or raw control characters', () => {
    const hostile = sampleResult();
    hostile.tools = [
      sampleTool('x|y](javascript:alert(1))<script>\u202E\u001b[2J', 10, [
        { code: 'too_short', severity: 'required', message: '<img src=x onerror=alert(1)>\n# heading\n| cell |', fields: [], data: {} },
      ]),
    ];
    const md = renderMarkdown(hostile);
    // eslint-disable-next-line no-control-regex -- control characters are what this test looks for
    expect(md).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(md).not.toMatch(/(^|[^\\])<(script|img)/);
    expect(md).toContain('| x\\|y\\]\\(javascript\\:alert\\(1\\)\\)\\<script\\>\\<U\\+202E\\>\\<U\\+001B\\>\\[2J | 10 |');
    expect(md).toContain('- `too_short` — \\<img src\\=x onerror\\=alert\\(1\\)\\>\\<U\\+000A\\>\\# heading\\<U\\+000A\\>\\| cell \\|');
    // Every table row still has exactly the columns of its header: no cell was split by an unescaped pipe.
    const row = md.split('\n').find((l) => l.startsWith('| x'));
    expect(row?.split(/(?<!\\)\|/).length).toBe(8);
  });

  it('says when there are no tools to score', () => {
    const empty = { ...sampleResult(), tools: [], score: null, band: null, findings: [], confusablePairs: { total: 0, top: [] } };
    const md = renderMarkdown(empty);
    expect(md).toContain('**Server mean: –** (no tools to score)');
    expect(md).not.toContain('| Tool |');
    expect(md).toContain('### Confusable pairs\n\nNone.');
  });
});
