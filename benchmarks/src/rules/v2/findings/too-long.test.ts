import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { fillerWords, runToolRule, tool } from '../test/helpers.js';
import { tooLong } from './too-long.js';

describe('too_long', () => {
  it('fires above 300 words (301) as minor, with the count', async () => {
    expect(T.maxWords).toBe(300);
    const out = await runToolRule(tooLong, tool({ name: 'query_logs', description: `Queries logs. ${fillerWords(299)}` }));
    expect(out).toEqual([
      {
        code: 'too_long',
        severity: 'minor',
        tool: 'query_logs',
        message: 'description is long (301 words): it may select better but costs more tokens',
        fields: ['description'],
        data: { words: 301, maximum: 300 },
      },
    ]);
  });

  it('does not fire at exactly 300 words', async () => {
    expect(await runToolRule(tooLong, tool({ name: 'query_logs', description: `Queries logs. ${fillerWords(298)}` }))).toEqual([]);
  });

  it('does not fire for a typical two-sentence description', async () => {
    const description = 'Queries the application logs for a time range and returns matching lines. Use it when debugging a failed request.';
    expect(await runToolRule(tooLong, tool({ name: 'query_logs', description }))).toEqual([]);
  });
});
