import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { concept, confusablePairs, dice, opposite, toConfusablePair } from './confusable.js';
import { confusableGroups, distinctTools, facts, tool } from './test/helpers.js';

const ids = (...xs: number[]) => Int32Array.from(xs);
const pairsOf = async (tools: Tool[]) => confusablePairs(await facts(tools));
const keys = async (tools: Tool[]) => (await pairsOf(tools)).map((p) => `${p.tools[0]} & ${p.tools[1]}`);

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

const WEATHER = tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' });

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

describe('concepts and opposites', () => {
  it('maps synonyms of one action or thing to one concept, other words to their stem', () => {
    expect(['get', 'fetch', 'retrieves', 'read', 'lookup'].map(concept)).toEqual(['get', 'get', 'get', 'get', 'get']);
    expect(['list', 'search', 'searches', 'find', 'query', 'queries'].map(concept)).toEqual(['list', 'list', 'list', 'list', 'list', 'list']);
    expect(['delete', 'remove', 'destroy', 'rm'].map(concept)).toEqual(['delete', 'delete', 'delete', 'delete']);
    expect(['kill', 'terminate', 'stop', 'cancels', 'abort'].map(concept)).toEqual(['stop', 'stop', 'stop', 'stop', 'stop']);
    expect(['screenshot', 'capture'].map(concept)).toEqual(['capture', 'capture']);
    expect(['dir', 'folders', 'repo', 'settings'].map(concept)).toEqual(['directory', 'directory', 'repository', 'configuration']);
    expect(['invoices', 'customer'].map(concept)).toEqual(['invoice', 'customer']);
    expect(concept('frobnicates')).toBe('frobnicate');
  });

  it('knows opposites from the list and by un-, dis-, de-', () => {
    expect(opposite('start', 'stop')).toBe(true);
    expect(opposite('stop', 'start')).toBe(true);
    expect(opposite('enable', 'disable')).toBe(true);
    expect(opposite('lock', 'unlock')).toBe(true);
    expect(opposite('activate', 'deactivate')).toBe(true);
    expect(opposite('mount', 'unmount')).toBe(true);
    expect(opposite('get', 'fetch')).toBe(false);
    expect(opposite('un', 'unun')).toBe(false); // too short to be a word with a prefix
  });
});

describe('confusablePairs: what differs decides', () => {
  it('flags names that differ only by a synonym, with both names in order and the similarities', async () => {
    const pairs = await pairsOf([
      tool({ name: 'search_issues', description: 'Search issues in a GitHub repository by keyword, label or state.' }),
      tool({ name: 'find_issues', description: 'Find issues in a GitHub repository by keyword, label or state.' }),
      WEATHER,
    ]);
    // search ≈ find: names and descriptions have the same concepts.
    expect(pairs).toEqual([
      { tools: ['find_issues', 'search_issues'], similarity: 1, descriptionSimilarity: 1, nameSimilarity: 1, kind: 'synonym', differs: [['find'], ['search']] },
    ]);
    expect(toConfusablePair(pairs[0]!)).toEqual({ tools: ['find_issues', 'search_issues'], similarity: 1, descriptionSimilarity: 1, nameSimilarity: 1 });
  });

  it('finds the same intent in other words: stop / cancel, fetch / get, list / search, get / retrieve', async () => {
    const pairs = await pairsOf([
      tool({ name: 'stop_job', description: 'Stops a running job.' }),
      tool({ name: 'cancel_job', description: 'Cancels a queued or running job; it cannot be resumed.' }),
      tool({ name: 'list_orders', description: 'Lists the orders of the shop, newest first.' }),
      tool({ name: 'search_orders', description: 'Searches orders by customer name, status or date.' }),
      tool({ name: 'get_block', description: 'Gets a block of the blockchain by its height or hash.' }),
      tool({ name: 'retrieve_block', description: 'Retrieves a block of the blockchain by number and returns its transactions.' }),
    ]);
    expect(pairs.map((p) => [p.tools.join(' & '), p.kind])).toEqual([
      ['cancel_job & stop_job', 'synonym'],
      ['get_block & retrieve_block', 'synonym'],
      ['list_orders & search_orders', 'synonym'],
    ]);
  });

  it('does not flag unrelated tools', async () => {
    expect(await pairsOf(distinctTools(12))).toEqual([]);
    const pairs = await pairsOf([
      WEATHER,
      tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
      tool({ name: 'create_invoice', description: 'Creates a draft invoice for a customer in the billing system.' }),
    ]);
    expect(pairs).toEqual([]);
  });

  it('template twins that differ in the one word that matters are not pairs, however long the shared template', async () => {
    const template = (noun: string) =>
      `Create a new ${noun} in the account. Returns the created ${noun} with its id. Requires the billing:write scope; ` +
      `use this when the ${noun} does not exist yet, otherwise update it.`;
    const tools = ['invoice', 'customer', 'product', 'coupon'].map((noun) => tool({ name: `create_${noun}`, description: template(noun) }));
    expect(await pairsOf(tools)).toEqual([]);
    // The same descriptions under names that share nothing are told apart by the noun too.
    expect(await pairsOf(['invoice', 'customer'].map((noun) => tool({ name: `${noun}s`, description: template(noun) })))).toEqual([]);
  });

  it('opposites are never pairs on their verb alone', async () => {
    const same = (verb: string) => `${verb} recording the screen to a video file in the workspace.`;
    expect(
      await keys([
        tool({ name: 'start_recording', description: same('Starts') }),
        tool({ name: 'stop_recording', description: same('Stops') }),
        tool({ name: 'enable_rule', description: 'Enables the alerting rule so that it fires on matching events.' }),
        tool({ name: 'disable_rule', description: 'Disables the alerting rule so that it fires on matching events.' }),
        // Names that share nothing, descriptions that each say the other's verb.
        tool({ name: 'lock', description: 'Locks the secret vault so nobody can unlock or read secrets until later.' }),
        tool({ name: 'unlock', description: 'Unlocks the secret vault that lock closed so anybody can read secrets until later.' }),
      ]),
    ).toEqual([]);
    // HTTP verbs against one resource.
    const http = (name: string, verb: string) => tool({ name, description: `Sends an HTTP ${verb} request to the given URL with the given headers and returns the response.` });
    expect(await pairsOf([http('get', 'GET'), http('delete', 'DELETE')])).toEqual([]);
    expect(await pairsOf([http('http_get', 'GET'), http('http_delete', 'DELETE')])).toEqual([]);
    // Two tools that both send DELETE are confusable, though: the second name only adds what both say.
    expect(await keys([http('delete', 'DELETE'), http('http_delete', 'DELETE')])).toEqual(['delete & http_delete']);
  });

  it('same-named tools are told apart when their descriptions lead with different actions', async () => {
    const tools = [
      tool({ name: 'API-get-user', description: 'Retrieve a user by id with the profile and email address' }),
      tool({ name: 'API-get-users', description: 'List all users of the workspace with the profile and email address' }),
    ];
    expect(await pairsOf(tools)).toEqual([]);
    // … and flagged when they lead with the same one.
    tools[1] = tool({ name: 'API-get-users', description: 'Get users by their usernames with the profile and email address' });
    expect(await keys(tools)).toEqual(['API-get-user & API-get-users']);
  });

  it('a name that only adds what the other description says is a variant; a new thing is not', async () => {
    const pairs = await pairsOf([
      tool({ name: 'take_screenshot', description: 'Takes a screenshot of the current page and returns it as a PNG image.' }),
      tool({ name: 'capture_page', description: 'Captures the visible page as a PNG image.' }),
      WEATHER,
    ]);
    expect(pairs.map((p) => [p.tools, p.kind, p.differs])).toEqual([[['capture_page', 'take_screenshot'], 'variant', [['capture', 'page'], ['take', 'screenshot']]]]);
    expect(
      await pairsOf([
        tool({ name: 'get_page', description: 'Retrieves a page of the wiki by its id.' }),
        tool({ name: 'get_page_property', description: 'Retrieves one property of a wiki page by its id.' }),
        tool({ name: 'get_block', description: 'Retrieves a block of the wiki by its id.' }),
        tool({ name: 'get_block_children', description: 'Retrieves the children of a block of the wiki.' }),
      ]),
    ).toEqual([]);
  });

  it('a name that narrows the other\'s thing (a kind of it, right before it or after "with") is a narrower tool', async () => {
    const pairs = await pairsOf([
      tool({ name: 'delete_merge_request_note', description: 'Delete an existing merge request note.' }),
      tool({ name: 'delete_merge_request_discussion_note', description: 'Delete a discussion note on a merge request.' }),
      tool({ name: 'list_directory', description: 'Lists the files and folders of a directory.' }),
      tool({ name: 'list_directory_with_sizes', description: 'Lists the files and folders of a directory with their sizes.' }),
      WEATHER,
    ]);
    expect(pairs.map((p) => [p.tools.join(' & '), p.kind, p.adds])).toEqual([
      ['list_directory & list_directory_with_sizes', 'narrower', { tool: 'list_directory_with_sizes', words: ['sizes'] }],
      ['delete_merge_request_discussion_note & delete_merge_request_note', 'narrower', { tool: 'delete_merge_request_discussion_note', words: ['discussion'] }],
    ]);
  });

  it('not narrower: a word away from the head (whose thing), another head, many of a kind against one', async () => {
    expect(
      await pairsOf([
        tool({ name: 'list_merge_request_emoji_reactions', description: 'List all emoji reactions on a merge request.' }),
        tool({ name: 'list_merge_request_note_emoji_reactions', description: 'List all emoji reactions on a merge request note.' }),
        tool({ name: 'get_page', description: 'Retrieves a page of the wiki by its id.' }),
        tool({ name: 'get_page_property', description: 'Retrieves one property of a wiki page by its id.' }),
        tool({ name: 'list_directory', description: 'Lists the files and folders of a directory.' }),
        tool({ name: 'list_allowed_directories', description: 'Lists the directories this server may read.' }),
      ]),
    ).toEqual([]);
  });

  it('an added action against the other tool\'s action is not a variant ("job" that starts one vs "stop_job")', async () => {
    expect(
      await pairsOf([
        tool({ name: 'job', description: 'Starts a build job; it runs until it ends or you stop the job.' }),
        tool({ name: 'stop_job', description: 'Stops the running build job.' }),
      ]),
    ).toEqual([]);
  });

  it('names that share nothing: pairs only when the descriptions are alike and each names the other\'s thing', async () => {
    const pairs = await pairsOf([
      tool({ name: 'web_search', description: 'Searches the web with Google and returns the ranked results with titles and links.' }),
      tool({ name: 'google', description: 'Searches Google on the web and returns the ranked results with titles and links.' }),
      WEATHER,
    ]);
    expect(pairs.map((p) => [p.tools, p.kind])).toEqual([[['google', 'web_search'], 'description']]);
    // A description that never says the other name's thing ("google") keeps them apart.
    expect(
      await pairsOf([
        tool({ name: 'web_search', description: 'Searches the web and returns the ranked results with titles and links.' }),
        tool({ name: 'google', description: 'Searches Google on the web and returns the ranked results with titles and links.' }),
      ]),
    ).toEqual([]);
  });

  it('ignores name words on ≥ 90 % of the tools of a server with ≥ 8 tools (acme_…)', async () => {
    const others = ['ledger', 'kettle', 'orchid', 'comet', 'violin', 'glacier', 'harbor', 'meadow'].map((w) =>
      tool({ name: `acme_sync_${w}`, description: `Synchronises the ${w} records with the upstream system.` }),
    );
    const list = tool({ name: 'acme_list_orders', description: 'Lists the orders of the shop, newest first.' });
    const search = tool({ name: 'search_orders', description: 'Searches orders by customer name, status or date.' });
    // 10 tools, 9 with acme_ (≥ 0.9 × 10): acme says nothing, list_orders ≈ search_orders.
    expect(await keys([list, search, ...others])).toEqual(['acme_list_orders & search_orders']);
    // 3 tools: acme is a word of the name that search_orders does not have, and does not say.
    expect(await keys([list, search, others[0]!])).toEqual([]);
  });

  it('does not compare descriptions with fewer than 3 content words', async () => {
    expect(await pairsOf([tool({ name: 'alpha_one', description: 'Reads notes.' }), tool({ name: 'omega_two', description: 'Reads notes.' })])).toEqual([]);
  });

  it('tools whose descriptions name each other are told apart by the server', async () => {
    const pairs = await pairsOf([
      tool({ name: 'browser_network_requests', description: 'Returns a numbered list of network requests. Use browser_network_request with the number to get full details.' }),
      tool({ name: 'browser_network_request', description: 'Returns full details of a single network request.' }),
    ]);
    expect(pairs).toEqual([]);
  });
});

describe('confusablePairs: deprecated aliases', () => {
  const getPage = tool({ name: 'get_page', description: 'Gets a page by its id, with its blocks and properties.' });

  it('reports a deprecated alias that names its replacement, whatever the similarity', async () => {
    const pairs = await pairsOf([tool({ name: 'fetch_page', description: 'Deprecated alias of get_page.' }), getPage, WEATHER]);
    expect(pairs.map((p) => [p.tools, p.kind, p.deprecated])).toEqual([[['fetch_page', 'get_page'], 'alias', 'fetch_page']]);
    // Real wording (@modelcontextprotocol/server-filesystem): the cue in a later sentence, with the name.
    const read = await pairsOf([
      tool({ name: 'read_file', description: 'Read the complete contents of a file as text. DEPRECATED: Use read_text_file instead.' }),
      tool({ name: 'read_text_file', description: 'Read the complete contents of a file from the file system as text.' }),
    ]);
    expect(read.map((p) => [p.kind, p.deprecated])).toEqual([['alias', 'read_file']]);
  });

  it('knows which one is old: "replaces X" makes X the deprecated one', async () => {
    const pairs = await pairsOf([tool({ name: 'fetch_page', description: 'Fetches a page by its id.' }), tool({ name: 'get_page', description: 'Gets a page by its id. Replaces fetch_page.' })]);
    expect(pairs.map((p) => [p.kind, p.deprecated])).toEqual([['alias', 'fetch_page']]);
  });

  it('a tool marked deprecated that names nothing is the alias of its look-alike', async () => {
    const pairs = await pairsOf([tool({ name: 'fetch_page', description: 'Deprecated. Fetches a page by its id, with its blocks.' }), getPage]);
    expect(pairs.map((p) => [p.kind, p.deprecated])).toEqual([['alias', 'fetch_page']]);
  });

  it('a deprecated parameter, a negated cue or a deprecation elsewhere joins nothing', async () => {
    const list = tool({ name: 'list_orders', description: 'Lists the orders of the shop, newest first.' });
    expect(
      await pairsOf([tool({ name: 'export_report', description: 'Exports the sales report as CSV. The `q` parameter is deprecated. Use list_orders to see orders.' }), list]),
    ).toEqual([]);
    expect(await pairsOf([tool({ name: 'export_report', description: 'Exports the sales report as CSV; it is not deprecated, unlike list_orders.' }), list])).toEqual([]);
  });

  it('Japanese: 非推奨 with the replacement named', async () => {
    const pairs = await pairsOf([tool({ name: 'fetch_page', description: '非推奨です。代わりに get_page を使ってください。' }), getPage]);
    expect(pairs.map((p) => [p.kind, p.deprecated])).toEqual([['alias', 'fetch_page']]);
  });
});

describe('confusablePairs: Japanese descriptions decide as English ones do', () => {
  it('synonyms, opposites, template twins and variants', async () => {
    const pairs = await pairsOf([
      tool({ name: 'stop_job', description: '実行中のジョブを停止します。' }),
      tool({ name: 'cancel_job', description: '待機中または実行中のジョブをキャンセルします。再開はできません。' }),
      tool({ name: 'start_recording', description: '画面の録画を開始し、動画ファイルに保存します。' }),
      tool({ name: 'stop_recording', description: '画面の録画を停止し、動画ファイルに保存します。' }),
      tool({ name: 'create_invoice', description: 'アカウントに請求書を新規作成します。作成した請求書を返します。' }),
      tool({ name: 'create_customer', description: 'アカウントに顧客を新規作成します。作成した顧客を返します。' }),
      tool({ name: 'take_screenshot', description: '現在のページのスクリーンショットを撮影し、PNG 画像として返します。' }),
      tool({ name: 'capture_page', description: '表示中のページを PNG 画像としてキャプチャします。' }),
      tool({ name: 'get_user', description: 'ID を指定してユーザーを取得します。' }),
      tool({ name: 'get_users', description: 'ワークスペースのユーザーを一覧表示します。' }),
    ]);
    expect(pairs.map((p) => [p.tools.join(' & '), p.kind])).toEqual([
      ['cancel_job & stop_job', 'synonym'],
      ['capture_page & take_screenshot', 'variant'],
    ]);
  });
});

describe('confusablePairs: order', () => {
  it('aliases first, then by similarity, then by names; independent of tool order', async () => {
    const tools = [
      ...confusableGroups(4, 3),
      tool({ name: 'get_block', description: 'Gets a block of the blockchain by its height or hash.' }),
      tool({ name: 'retrieve_block', description: 'Retrieves a block of the blockchain by number and returns its transactions.' }),
      tool({ name: 'fetch_page', description: 'Deprecated alias of get_page.' }),
      tool({ name: 'get_page', description: 'Gets a page by its id, with its blocks and properties.' }),
      ...distinctTools(3),
    ];
    const reference = await pairsOf(tools);
    expect(reference).toHaveLength(4 * 3 + 2);
    expect(reference[0]).toMatchObject({ tools: ['fetch_page', 'get_page'], kind: 'alias' });
    expect(reference[1]).toMatchObject({ tools: ['fetch_comet', 'get_comet'], similarity: 1, kind: 'synonym' });
    expect(reference.at(-1)?.tools).toEqual(['get_block', 'retrieve_block']);
    for (let i = 2; i < reference.length; i++) {
      const [a, b] = [reference[i - 1]!, reference[i]!];
      expect(a.similarity > b.similarity || (a.similarity === b.similarity && `${a.tools[0]} ${a.tools[1]}` < `${b.tools[0]} ${b.tools[1]}`)).toBe(true);
    }
    for (const seed of [1, 7, 42, 1234]) expect(await pairsOf(shuffle(tools, seed))).toEqual(reference);
  });
});
