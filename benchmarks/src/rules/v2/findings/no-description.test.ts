import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { noDescription } from './no-description.js';

describe('no_description', () => {
  it('is critical when the description is missing', async () => {
    expect(await runToolRule(noDescription, tool({ name: 'list_users' }))).toEqual([
      { code: 'no_description', severity: 'critical', tool: 'list_users', message: 'no description', fields: ['description'], data: {} },
    ]);
  });

  it('treats an empty or whitespace-only description as missing', async () => {
    for (const description of ['', '   ', '\n\t \r\n']) {
      const out = await runToolRule(noDescription, tool({ name: 'list_users', description }));
      expect(out.map((f) => f.code)).toEqual(['no_description']);
    }
  });

  it('does not fire for a one-word description (that is too_short, not missing)', async () => {
    expect(await runToolRule(noDescription, tool({ name: 'list_users', description: 'Users.' }))).toEqual([]);
  });

  it('does not fire when only the title is missing', async () => {
    expect(await runToolRule(noDescription, tool({ name: 'list_users', description: 'Lists the users of the workspace with their roles.' }))).toEqual([]);
  });
});
