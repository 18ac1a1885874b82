import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { runToolRule, tool } from '../test/helpers.js';
import { longName } from './long-name.js';

const description = 'Lists the open pull requests of a repository and returns their titles.';

describe('long_name', () => {
  it('fires at 41 characters (minor) with the real length', async () => {
    expect(T.maxNameLength).toBe(40);
    const name = 'list_open_pull_requests_for_repository_ab';
    expect(name).toHaveLength(41);
    expect(await runToolRule(longName, tool({ name, description }))).toEqual([
      {
        code: 'long_name',
        severity: 'minor',
        tool: name,
        message: 'name is too long (41 characters)',
        fields: ['name'],
        data: { length: 41, maximum: 40 },
      },
    ]);
  });

  it('does not fire at exactly 40 characters', async () => {
    const name = 'list_open_pull_requests_for_repository_a';
    expect(name).toHaveLength(40);
    expect(await runToolRule(longName, tool({ name, description }))).toEqual([]);
  });

  it('counts code points, not UTF-16 units (an astral character is one character)', async () => {
    const name = `${'a'.repeat(39)}😀`; // 41 UTF-16 units, 40 code points
    expect(await runToolRule(longName, tool({ name, description }))).toEqual([]);
    const out = await runToolRule(longName, tool({ name: `${name}b`, description }));
    expect(out[0]?.data).toEqual({ length: 41, maximum: 40 });
  });
});
