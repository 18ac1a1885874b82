import { describe, expect, it } from 'vitest';
import { confusableGroups, runServerRule, tool } from '../test/helpers.js';
import { confusablePairTotal } from './confusable-pair-total.js';

describe('confusable_pair_total', () => {
  it('gives the total and how many are shown (all of them, when 12 or fewer)', async () => {
    expect(await runServerRule(confusablePairTotal, confusableGroups(1, 2))).toEqual([
      { code: 'confusable_pair_total', severity: 'required', message: '1 confusable pair in all (top 1 shown)', fields: [], data: { total: 1, shown: 1, aliases: 0 } },
    ]);
  });

  it('caps "shown" at 12 when there are more pairs (5 groups of 3 near-copies: 15 pairs)', async () => {
    const out = await runServerRule(confusablePairTotal, confusableGroups(5, 3));
    expect(out.map((f) => [f.message, f.data])).toEqual([['15 confusable pairs in all (top 12 shown)', { total: 15, shown: 12, aliases: 0 }]]);
  });

  it('says how many of them are deprecated aliases', async () => {
    const out = await runServerRule(confusablePairTotal, [
      ...confusableGroups(1, 2),
      tool({ name: 'fetch_page', description: 'Deprecated alias of get_page.' }),
      tool({ name: 'get_page', description: 'Gets a page by its id, with its blocks and properties.' }),
    ]);
    expect(out.map((f) => [f.message, f.data])).toEqual([['2 confusable pairs in all, 1 of them a deprecated alias (top 2 shown)', { total: 2, shown: 2, aliases: 1 }]]);
  });

  it('does not fire when there is no confusable pair', async () => {
    const tools = [
      tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
      tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
    ];
    expect(await runServerRule(confusablePairTotal, tools)).toEqual([]);
  });
});
