import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { badNameChars } from './bad-name-chars.js';

describe('bad_name_chars', () => {
  it('fires for a space and a slash, listing each character once as U+XXXX', async () => {
    const out = await runToolRule(badNameChars, tool({ name: 'github/create issue/now' }));
    expect(out).toEqual([
      {
        code: 'bad_name_chars',
        severity: 'required',
        tool: 'github/create issue/now',
        message: 'name has characters other than letters, digits, _, - and .: U+002F, U+0020',
        fields: ['name'],
        data: { characters: ['U+002F', 'U+0020'] },
      },
    ]);
  });

  it('fires for non-ASCII letters, shown by full code point', async () => {
    const out = await runToolRule(badNameChars, tool({ name: 'ファイル_read' }));
    expect(out[0]?.data).toEqual({ characters: ['U+30D5', 'U+30A1', 'U+30A4', 'U+30EB'] });
    const emoji = await runToolRule(badNameChars, tool({ name: 'rocket_🚀' }));
    expect(emoji[0]?.data).toEqual({ characters: ['U+1F680'] });
  });

  it('accepts letters, digits, underscore, hyphen and dot in any case', async () => {
    for (const name of ['read_file', 'browser.navigate', 'API-Get-V2', 'getHTTPResponse', 'a1.b-2_c']) {
      expect(await runToolRule(badNameChars, tool({ name })), name).toEqual([]);
    }
  });
});
