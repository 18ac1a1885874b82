import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { destructiveHintOnRead } from './destructive-hint-on-read.js';

// Issue 12 (class 5): `destructiveHint: true` on a search tool was not flagged.
describe('destructive_hint_on_read', () => {
  it('fires for a reading name marked destructiveHint: true', async () => {
    const t = tool({ name: 'search_issues', description: 'Searches issues by keyword.', annotations: { destructiveHint: true } });
    expect(await runToolRule(destructiveHintOnRead, t)).toEqual([
      {
        code: 'destructive_hint_on_read',
        severity: 'required',
        tool: 'search_issues',
        message: 'name says "search" (reads) but destructiveHint is true',
        fields: ['annotations.destructiveHint'],
        data: { verb: 'search' },
      },
    ]);
  });

  it('reads the verb after an HTTP method prefix (Notion’s API-post-search) and camelCase names', async () => {
    expect((await runToolRule(destructiveHintOnRead, tool({ name: 'API-post-search', annotations: { destructiveHint: true } }))).map((f) => f.data)).toEqual([
      { verb: 'search' },
    ]);
    expect((await runToolRule(destructiveHintOnRead, tool({ name: 'getUser', annotations: { destructiveHint: true } }))).map((f) => f.data)).toEqual([{ verb: 'get' }]);
  });

  it('does not fire for verbs some servers use for writes too (query, load, check), nor for writes', async () => {
    for (const name of ['query_database', 'load_fixture', 'check_and_fix', 'delete_issue', 'update_issue', 'run_query', 'API-post-page']) {
      expect(await runToolRule(destructiveHintOnRead, tool({ name, annotations: { destructiveHint: true } })), name).toEqual([]);
    }
  });

  it('does not fire when destructiveHint is false, absent or not a boolean', async () => {
    for (const annotations of [{ destructiveHint: false }, {}, { destructiveHint: 'true' }]) {
      expect(await runToolRule(destructiveHintOnRead, tool({ name: 'search_issues', annotations: annotations as Record<string, unknown> }))).toEqual([]);
    }
  });
});
