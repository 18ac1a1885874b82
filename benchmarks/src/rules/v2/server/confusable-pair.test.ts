import { describe, expect, it } from 'vitest';
import { T } from '../thresholds.js';
import { confusableGroups, runServerRule, tool } from '../test/helpers.js';
import { confusablePair } from './confusable-pair.js';

const WEATHER = tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' });

describe('confusable_pair', () => {
  it('reports names that say the same, with both names, the similarities and why', async () => {
    const tools = [
      tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'find_issues', description: 'Find issues in a GitHub repository by keyword, label or state.' }),
      WEATHER,
    ];
    const out = await runServerRule(confusablePair, tools);
    expect(out).toEqual([
      {
        code: 'confusable_pair',
        severity: 'required',
        message: 'find_issues and search_issues are easy to confuse: their names say the same ("find" ≈ "search") (similarity 1.00)',
        fields: ['name', 'description'],
        data: { tools: ['find_issues', 'search_issues'], similarity: 1, descriptionSimilarity: 1, nameSimilarity: 1, kind: 'synonym', differs: [['find'], ['search']] },
      },
    ]);
  });

  it('says which tool is the deprecated alias', async () => {
    const out = await runServerRule(confusablePair, [
      tool({ name: 'read_file', description: 'Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.' }),
      tool({ name: 'read_text_file', description: 'Read the complete contents of a file from the file system as text.' }),
    ]);
    expect(out).toHaveLength(1);
    expect(out[0]!.message).toMatch(/^read_file is a deprecated alias of read_text_file: a model may still call it \(similarity \d\.\d\d\)$/);
    expect(out[0]!.data).toMatchObject({ kind: 'alias', deprecated: 'read_file', tools: ['read_file', 'read_text_file'] });
  });

  it('says what a variant adds, and that descriptions say the same', async () => {
    const variant = await runServerRule(confusablePair, [
      tool({ name: 'take_screenshot', description: 'Takes a screenshot of the current page and returns it as a PNG image.' }),
      tool({ name: 'capture_page', description: 'Captures the visible page as a PNG image.' }),
    ]);
    expect(variant.map((f) => f.message)).toEqual([
      expect.stringMatching(/^capture_page and take_screenshot are easy to confuse: capture_page only adds "page", which the description of take_screenshot already says/),
    ]);
    const described = await runServerRule(confusablePair, [
      tool({ name: 'web_search', description: 'Searches the web with Google and returns the ranked results with titles and links.' }),
      tool({ name: 'google', description: 'Searches Google on the web and returns the ranked results with titles and links.' }),
    ]);
    expect(described.map((f) => f.message)).toEqual([expect.stringMatching(/^google and web_search are easy to confuse: their descriptions say the same thing/)]);
  });

  it('lists at most the 12 first pairs, most similar first', async () => {
    expect(T.confusableTop).toBe(12);
    // 5 groups of 3 look-alikes: 15 confusable pairs, all inside a group.
    const out = await runServerRule(confusablePair, confusableGroups(5, 3));
    expect(out).toHaveLength(12);
    const sims = out.map((f) => f.data.similarity as number);
    expect([...sims].sort((a, b) => b - a)).toEqual(sims);
    for (const f of out) {
      const [a, b] = f.data.tools as [string, string];
      expect(a < b).toBe(true);
      expect(a.split('_')[1]).toBe(b.split('_')[1]);
    }
  });

  it('does not report unrelated tools', async () => {
    const tools = [
      tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
      WEATHER,
      tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
    ];
    expect(await runServerRule(confusablePair, tools)).toEqual([]);
  });
});
