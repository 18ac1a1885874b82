import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { confusableGroups, runServerRule, tool } from '../test/helpers.js';
import { confusablePair } from './confusable-pair.js';

describe('confusable_pair', () => {
  it('reports a pair with near-identical descriptions, with both names and the similarities', async () => {
    const tools = [
      tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'find_issues', description: 'Find issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
    ];
    const out = await runServerRule(confusablePair, tools);
    expect(out).toHaveLength(1);
    const f = out[0]!;
    expect(f.code).toBe('confusable_pair');
    expect(f.severity).toBe('required');
    expect(f.tool).toBeUndefined();
    expect(f.fields).toEqual(['name', 'description']);
    expect(f.data.tools).toEqual(['find_issues', 'search_issues']);
    // content words: {search|find, issue, github, repository, keyword, label, state}: 6 of 7 shared each side.
    expect(f.data.descriptionSimilarity).toBe(0.857);
    expect(f.data.nameSimilarity).toBe(1);
    expect(f.data.similarity).toBe(0.929);
    expect(f.message).toBe('find_issues and search_issues are easy to confuse (similarity 0.93)');
  });

  it('lists at most the 12 most similar pairs, most similar first', async () => {
    expect(T.confusableTop).toBe(12);
    // 5 groups of 3 near-copies: 15 confusable pairs.
    const out = await runServerRule(confusablePair, confusableGroups(5, 3));
    expect(out).toHaveLength(12);
    const sims = out.map((f) => f.data.similarity as number);
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    for (const f of out) {
      const [a, b] = f.data.tools as [string, string];
      expect(a < b).toBe(true);
      expect(a.split('_')[0]).toBe(b.split('_')[0]);
    }
  });

  it('does not report unrelated tools', async () => {
    const tools = [
      tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
      tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
    ];
    expect(await runServerRule(confusablePair, tools)).toEqual([]);
  });
});
