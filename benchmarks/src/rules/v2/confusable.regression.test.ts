import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { confusablePairs } from './confusable.js';
import { facts, tool } from './test/helpers.js';

// Regression: words (and name tokens) in more than half of the tools of a server with ≥ 4 tools were
// dropped before comparing, so a cluster of three look-alike tools among five compared only their first
// word ("Search" / "Find" / "List") and was never reported, and four copies of one tool gave no pair at
// all. Now only boilerplate is left out (a word on ≥ 90 % of the tools of a server with ≥ 8 tools), so
// a cluster of look-alike tools is compared on everything it shares.

const pairsOf = async (tools: Tool[]) => confusablePairs(await facts(tools));
const key = (p: { tools: readonly [string, string] | string[] }) => p.tools.join(' & ');

const ISSUES = [
  tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
  tool({ name: 'find_issues', description: 'Find issues in a GitHub repository by keyword, label or state.' }),
  tool({ name: 'list_issues', description: 'List issues in a GitHub repository by keyword, label or state.' }),
];
const UNRELATED = [
  tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
  tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
];

describe('confusable pairs: no hard "more than half" filter', () => {
  it('three look-alike issue tools among five: pairs among the three, and only those', async () => {
    const pairs = await pairsOf([...ISSUES, ...UNRELATED]);
    expect(pairs.map(key).sort()).toEqual(['find_issues & list_issues', 'find_issues & search_issues', 'list_issues & search_issues']);
  });

  it('four identical-in-substance copies give 6 pairs, each with description similarity 1', async () => {
    const copies = [
      tool({ name: 'read_text_file', description: 'Reads the contents of a text file from the local disk.' }),
      tool({ name: 'load_text_file', description: 'Read contents of the text file on local disk.' }),
      tool({ name: 'fetch_text_file', description: 'Reads contents of a text file from a local disk.' }),
      tool({ name: 'get_text_file', description: 'reads the contents of the text files from the local disk' }),
    ];
    const pairs = await pairsOf(copies);
    expect(pairs).toHaveLength(6);
    for (const p of pairs) expect(p.descriptionSimilarity).toBe(1);
  });

  it('two tools with identical descriptions have description similarity 1', async () => {
    const description = 'Creates a new page in the Notion workspace under the given parent.';
    const pairs = await pairsOf([tool({ name: 'create_page', description }), tool({ name: 'add_page', description })]);
    expect(pairs).toHaveLength(1);
    expect(pairs[0]!.descriptionSimilarity).toBe(1);
  });

  it('two identical descriptions stay at similarity 1 when every tool shares their words', async () => {
    const shared = 'Notion workspace page block database';
    const tools = [
      // Every word of these two is in every description.
      tool({ name: 'create_page', description: `${shared}.` }),
      tool({ name: 'make_page', description: `${shared}.` }),
      tool({ name: 'delete_block', description: `${shared}: archives one block.` }),
      tool({ name: 'query_database', description: `${shared}: filters database rows.` }),
      tool({ name: 'get_user', description: `${shared}: shows one member profile.` }),
    ];
    const pair = (await pairsOf(tools)).find((p) => key(p) === 'create_page & make_page');
    expect(pair).toBeDefined();
    expect(pair!.descriptionSimilarity).toBe(1);
  });
});
