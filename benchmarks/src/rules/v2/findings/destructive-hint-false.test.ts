import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { destructiveHintFalse } from './destructive-hint-false.js';

describe('destructive_hint_false', () => {
  it('fires when a destructive-looking tool says destructiveHint: false', async () => {
    const t = tool({ name: 'purge_cache', description: 'Purges the CDN cache for a zone.', annotations: { destructiveHint: false } });
    expect(await runToolRule(destructiveHintFalse, t)).toEqual([
      {
        code: 'destructive_hint_false',
        severity: 'required',
        tool: 'purge_cache',
        message: 'looks destructive ("purge") but destructiveHint is false',
        fields: ['annotations.destructiveHint'],
        data: { verb: 'purge' },
      },
    ]);
  });

  it('does not fire when destructiveHint is true or absent', async () => {
    const base = { name: 'purge_cache', description: 'Purges the CDN cache for a zone.' };
    expect(await runToolRule(destructiveHintFalse, tool({ ...base, annotations: { destructiveHint: true } }))).toEqual([]);
    expect(await runToolRule(destructiveHintFalse, tool(base))).toEqual([]);
  });

  it('does not fire for a non-destructive tool declared destructiveHint: false', async () => {
    const t = tool({ name: 'create_issue', description: 'Creates an issue in a repository.', annotations: { destructiveHint: false } });
    expect(await runToolRule(destructiveHintFalse, t)).toEqual([]);
  });
});
