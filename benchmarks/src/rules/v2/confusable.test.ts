import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { confusablePairs, dice } from './confusable.js';
import { confusableGroups, distinctTools, facts, tool } from './test/helpers.js';

const ids = (...xs: number[]) => Int32Array.from(xs);
const pairsOf = async (tools: Tool[]) => confusablePairs(await facts(tools));

/** A deterministic permutation (a seeded linear congruential shuffle). */
function shuffle<T>(xs: T[], seed: number): T[] {
  const out = [...xs];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('dice', () => {
  it('is 2|A∩B| / (|A| + |B|) over sorted id arrays', () => {
    expect(dice(ids(1, 2, 3), ids(2, 3, 4))).toBeCloseTo(2 / 3, 12);
    expect(dice(ids(1, 2, 3, 4), ids(4))).toBeCloseTo(0.4, 12);
    expect(dice(ids(1, 5, 9), ids(1, 5, 9))).toBe(1);
    expect(dice(ids(1, 2), ids(3, 4))).toBe(0);
    expect(dice(ids(), ids(1))).toBe(0);
    expect(dice(ids(), ids())).toBe(0);
  });

  it('is symmetric', () => {
    expect(dice(ids(1, 3, 7, 8), ids(3, 8, 10))).toBe(dice(ids(3, 8, 10), ids(1, 3, 7, 8)));
  });
});

describe('confusablePairs', () => {
  it('flags a pair with near-identical descriptions, names in order, rounded to 3 decimals', async () => {
    const pairs = await pairsOf([
      tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'find_issues', description: 'Find issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
    ]);
    expect(pairs).toEqual([{ tools: ['find_issues', 'search_issues'], similarity: 0.929, descriptionSimilarity: 0.857, nameSimilarity: 1 }]);
  });

  it('does not flag unrelated tools', async () => {
    expect(await pairsOf(distinctTools(12))).toEqual([]);
    const pairs = await pairsOf([
      tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
      tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
      tool({ name: 'create_invoice', description: 'Creates a draft invoice for a customer in the billing system.' }),
    ]);
    expect(pairs).toEqual([]);
  });

  it('flags synonym names (get_block vs retrieve_block) with only fairly similar descriptions', async () => {
    const pairs = await pairsOf([
      tool({ name: 'get_block', description: 'Gets a block of the blockchain by its height or hash.' }),
      tool({ name: 'retrieve_block', description: 'Retrieves a block of the blockchain by number and returns its transactions.' }),
    ]);
    // Descriptions alone (0.364) are below 0.6; equal names after synonyms (1.0) make the pair.
    expect(pairs).toEqual([{ tools: ['get_block', 'retrieve_block'], similarity: 0.682, descriptionSimilarity: 0.364, nameSimilarity: 1 }]);
  });

  it('does not flag similar names whose descriptions are not similar enough (< 0.35)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'get_block', description: 'Gets a block of the blockchain by its height or hash.' }),
      tool({ name: 'retrieve_block', description: 'Retrieves a Notion page block with its children and formatting.' }),
    ]);
    expect(pairs).toEqual([]);
  });

  it('ignores boilerplate tokens shared by ≥ 90 % of the tools of a server with ≥ 8 tools (browser_*)', async () => {
    const click = tool({ name: 'browser_click_element', description: 'Clicks an element identified by a CSS selector.' });
    const hover = tool({ name: 'browser_hover_element', description: 'Moves the pointer over an element matching the selector.' });
    const navigate = tool({ name: 'browser_navigate', description: 'Opens a URL in the current tab.' });
    // A small server has no boilerplate: {browser, click, element} vs {browser, hover, element} = 0.667.
    expect(await pairsOf([click, hover, navigate])).toEqual([
      { tools: ['browser_click_element', 'browser_hover_element'], similarity: 0.533, descriptionSimilarity: 0.4, nameSimilarity: 0.667 },
    ]);
    // Eight browser_* tools: "browser" is boilerplate, {click, element} vs {hover, element} = 0.5, below 0.6.
    const eight = [
      click,
      hover,
      navigate,
      tool({ name: 'browser_close', description: 'Closes the browser window.' }),
      tool({ name: 'browser_snapshot', description: 'Captures an accessibility tree of the page.' }),
      tool({ name: 'browser_resize', description: 'Resizes the viewport to a width and height.' }),
      tool({ name: 'browser_console', description: 'Returns the console messages logged so far.' }),
      tool({ name: 'browser_back', description: 'Goes back to the previous page in history.' }),
    ];
    expect(await pairsOf(eight)).toEqual([]);
  });

  it('does not compare descriptions with fewer than 3 content words', async () => {
    const pairs = await pairsOf([tool({ name: 'alpha_one', description: 'Reads notes.' }), tool({ name: 'omega_two', description: 'Reads notes.' })]);
    expect(pairs).toEqual([]);
  });

  it('sorts by similarity, then by names, and is independent of tool order', async () => {
    const tools = [
      ...confusableGroups(4, 3),
      tool({ name: 'get_block', description: 'Gets a block of the blockchain by its height or hash.' }),
      tool({ name: 'retrieve_block', description: 'Retrieves a block of the blockchain by number and returns its transactions.' }),
      ...distinctTools(3),
    ];
    const reference = await pairsOf(tools);
    expect(reference).toHaveLength(13);
    expect(reference[0]).toEqual({ tools: ['group0_item0', 'group0_item1'], similarity: 0.875, descriptionSimilarity: 0.875, nameSimilarity: 0.5 });
    expect(reference.at(-1)?.tools).toEqual(['get_block', 'retrieve_block']);
    for (let i = 1; i < reference.length; i++) {
      const [a, b] = [reference[i - 1]!, reference[i]!];
      expect(a.similarity > b.similarity || (a.similarity === b.similarity && `${a.tools[0]} ${a.tools[1]}` < `${b.tools[0]} ${b.tools[1]}`)).toBe(true);
    }
    for (const seed of [1, 7, 42, 1234]) expect(await pairsOf(shuffle(tools, seed))).toEqual(reference);
  });
});
