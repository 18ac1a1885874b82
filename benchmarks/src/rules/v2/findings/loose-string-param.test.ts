import { describe, expect, it } from 'vitest';
import { objectSchema, runToolRule, tool } from '../test/helpers.js';
import { looseStringParam } from './loose-string-param.js';

describe('loose_string_param', () => {
  it('lists the string parameters with neither constraint nor example', async () => {
    const t = tool({
      name: 'send_message',
      inputSchema: objectSchema({
        channel: { type: 'string', description: 'Channel id' },
        text: { type: 'string', description: 'Message text' },
        priority: { type: 'string', enum: ['low', 'high'] },
        count: { type: 'integer' },
      }),
    });
    expect(await runToolRule(looseStringParam, t)).toEqual([
      {
        code: 'loose_string_param',
        severity: 'minor',
        tool: 'send_message',
        message: 'string parameters with no constraint or example: channel, text',
        fields: ['inputSchema.properties.channel', 'inputSchema.properties.text'],
        data: { parameters: ['channel', 'text'] },
      },
    ]);
  });

  it('treats a nullable string ("type": ["string", "null"]) as a string', async () => {
    const out = await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ cursor: { type: ['string', 'null'] } }) }));
    expect(out[0]?.data).toEqual({ parameters: ['cursor'] });
  });

  it('accepts each constraint or example keyword', async () => {
    for (const extra of [{ enum: ['a'] }, { const: 'a' }, { format: 'uri' }, { pattern: '^a' }, { examples: ['a'] }, { example: 'a' }, { default: 'a' }, { minLength: 1 }, { maxLength: 9 }]) {
      const out = await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ s: { type: 'string', ...extra } }) }));
      expect(out, JSON.stringify(extra)).toEqual([]);
    }
  });

  it('accepts a constraint inside an anyOf variant', async () => {
    const t = tool({ inputSchema: objectSchema({ s: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] } }) });
    expect(await runToolRule(looseStringParam, t)).toEqual([]);
  });

  it('ignores non-string parameters', async () => {
    expect(await runToolRule(looseStringParam, tool({ inputSchema: objectSchema({ n: { type: 'number' }, b: { type: 'boolean' } }) }))).toEqual([]);
  });
});
