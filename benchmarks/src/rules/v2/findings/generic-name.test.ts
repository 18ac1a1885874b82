import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { genericName } from './generic-name.js';

describe('generic_name', () => {
  it('fires when every word of the name is generic', async () => {
    expect(await runToolRule(genericName, tool({ name: 'execute_query', description: 'Executes a SQL query against the warehouse.' }))).toEqual([
      {
        code: 'generic_name',
        severity: 'required',
        tool: 'execute_query',
        message: 'name "execute_query" is made only of generic words',
        fields: ['name'],
        data: { words: ['execute', 'query'] },
      },
    ]);
  });

  it('fires for single generic words and camelCase combinations', async () => {
    for (const name of ['run', 'tool', 'doTask', 'call-api', 'get_data']) {
      const out = await runToolRule(genericName, tool({ name }));
      expect(out.map((f) => f.code), name).toEqual(['generic_name']);
    }
  });

  it('does not fire once one word says what the tool is about', async () => {
    for (const name of ['run_sql', 'get_weather', 'executeWorkflow', 'query_logs']) {
      expect(await runToolRule(genericName, tool({ name })), name).toEqual([]);
    }
  });
});
