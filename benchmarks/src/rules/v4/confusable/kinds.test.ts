import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../contracts/tool.js';
import { confusablePairs as v3Pairs } from '../../v3/confusable/index.js';
import { facts, tool } from '../../v2/test/helpers.js';
import { confusablePairs } from './index.js';

// Rules v4, issue 25 pairs, second round: the kinds the reported half showed missing and the name verdicts
// it showed false (confusable/README.md). Each with the shape it was found on (made up, not copied), a
// look-alike that must not pair, and content-free variations (other names and objects, numbers, nonsense
// made unique per tool) that must give the same verdict.

const CORPUS = join(import.meta.dirname, '..', '..', '..', '..', '..', 'distractors', 'corpus');
type Props = Record<string, unknown>;
const t = (name: string, description: string, properties: Props = {}, required?: string[]): Tool =>
  tool({ name, description, inputSchema: { type: 'object', properties, ...(required ? { required } : {}) } });
const s = (description = 'x'): Props => ({ type: 'string', description });
const pairs = async (tools: Tool[]) => confusablePairs(await facts(tools)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);
const v3 = async (tools: Tool[]) => v3Pairs(await facts(tools)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);
/** Nonsense and a number made unique per tool, appended to every description. */
const noisy = (tools: Tool[]): Tool[] => tools.map((x, i) => ({ ...x, description: `${x.description} Zorbix quandle ${i + 3} vemp${'o'.repeat(i + 1)}.` }));

describe('rules v4 confusable pairs, second round: kinds', () => {
  it('format: one thing in two named formats of one class pairs; a data format beside a markup one does not', async () => {
    const fetchers = [
      t('fetch_html', 'Fetch a website and return its contents as HTML', { url: s() }),
      t('fetch_markdown', 'Fetch a website and return its contents converted to Markdown', { url: s() }),
      t('fetch_csv', 'Fetch a CSV file from a URL', { url: s() }),
    ];
    expect(await pairs(fetchers)).toEqual(['fetch_html & fetch_markdown format']);
    expect(await v3(fetchers)).toEqual([]);
    const renamed = [t('grab_xml', 'Grab a drawing as XML', { src: s() }), t('grab_mermaid', 'Grab a drawing as Mermaid', { src: s() }), t('grab_json', 'Grab a record', { src: s() })];
    expect(await pairs(renamed)).toEqual(['grab_mermaid & grab_xml format']);
    expect(await pairs(noisy(fetchers))).toEqual(['fetch_html & fetch_markdown format']);
    // Settled in the text: a comparing sentence naming the other's format.
    expect(await pairs([fetchers[0]!, t('fetch_markdown', 'Fetch a website as Markdown; prefer it over html for reading', { url: s() })])).toEqual([]);
  });

  it('bare: an action alone beside the action on an object; not a second action, not an input-less direction', async () => {
    const shop = [
      t('validate', 'Validate generated code against the references.', { code: s() }),
      t('validate_theme', 'Validates theme files for invalid syntax.', { path: s() }),
      t('learn_api', 'Learn an API.', { api: s() }),
    ];
    expect(await pairs(shop)).toEqual(['validate & validate_theme bare']);
    expect(await v3(shop)).toEqual([]);
    expect(await pairs([t('check', 'Check a thing.', { thing: s() }), t('check_widget', 'Checks widgets.', { widget: s() })])).toEqual(['check & check_widget bare']);
    expect(await pairs(noisy(shop))).toEqual(['validate & validate_theme bare']);
    expect(await pairs([t('interact', 'Interact with the page.', { q: s() }), t('interact_stop', 'Stop the interaction.', { id: s() })])).toEqual([]);
    expect(await pairs([t('navigate', 'Navigate to a URL.', { url: s() }), t('navigate_back', 'Go to the previous page.')])).toEqual([]);
  });

  it('restated: two texts opening with the same job under names that share no object', async () => {
    const runs = [
      t('get_spec_instance', 'Retrieves debugging data from one execution of a spec file.', { instanceId: s() }),
      t('get_test_results', 'Retrieves debugging data from the results of a test by signature.', { signature: s() }),
      t('list_projects', 'Lists the projects.'),
    ];
    expect(await pairs(runs)).toEqual(['get_spec_instance & get_test_results restated']);
    expect(await v3(runs)).toEqual([]);
    expect(await pairs(noisy(runs))).toEqual(['get_spec_instance & get_test_results restated']);
    const renamed = [t('fetch_alpha', 'Returns wobble figures for one alpha run.', { a: s() }), t('fetch_beta', 'Returns wobble figures for a beta by key.', { b: s() })];
    expect(await pairs(renamed)).toEqual(['fetch_alpha & fetch_beta restated']);
    // A third tool opening the same way makes it the server's template; an opening that is no verb is no job.
    expect(await pairs([...runs, t('get_run_logs', 'Retrieves debugging data from the logs of a run.', { run: s() })])).toEqual([]);
    expect(await pairs([t('old_a', 'Deprecated compatibility entry point. Use x.'), t('old_b', 'Deprecated compatibility entry point. Use y.')])).toEqual([]);
    // Names sharing an object tell them apart by it.
    expect(await pairs([t('list_issue_note_reactions', 'List emoji reactions on an issue note.'), t('list_request_note_reactions', 'List emoji reactions on a request note.')])).toEqual([]);
  });

  it('filter: a listing with a search term beside a search of the same things; not of other things', async () => {
    const gl = [
      t('list_projects', 'List projects accessible by the current user.', { search: s('Search term for projects'), owned: { type: 'boolean' } }),
      t('search_repositories', 'Search for GitLab projects.', { query: s() }),
      t('list_users', 'List users.'),
    ];
    expect(await pairs(gl)).toEqual(['list_projects & search_repositories filter']);
    expect(await v3(gl)).toEqual([]);
    expect(await pairs(noisy(gl))).toEqual(['list_projects & search_repositories filter']);
    expect(await pairs([gl[0]!, t('search_merge_requests', 'Search for merge requests.', { query: s() })])).toEqual([]);
    // Without a search term the listing does not search.
    expect(await pairs([t('list_projects', 'List projects accessible by the current user.', { owned: { type: 'boolean' } }), gl[1]!])).toEqual([]);
  });

  it('field: a general update taking the field a specific update is named by', async () => {
    const project = [
      t('update_project', 'Update project settings.', { project_id: s(), name: s(), visibility: s(), default_branch: s() }),
      t('update_default_branch', 'Change the default branch of a project.', { project_id: s(), default_branch: s() }),
      t('create_branch', 'Create a branch.', { project_id: s(), branch: s() }),
    ];
    expect(await pairs(project)).toEqual(['update_default_branch & update_project field']);
    expect(await v3(project)).toEqual([]);
    expect(await pairs([t('update_item', 'Update an item.', { item_id: s(), status: s(), level: s() }), t('set_item_status', 'Set the status of an item.', { item_id: s(), status: s() })])).toEqual([
      'set_item_status & update_item field',
    ]);
    expect(await pairs(noisy(project))).toEqual(['update_default_branch & update_project field']);
    // The specific update takes something the general does not: another job.
    expect(await pairs([project[0]!, t('update_default_branch', 'Change the default branch.', { project_id: s(), default_branch: s(), protect: { type: 'boolean' } })])).toEqual([]);
  });

  it('reads: get and list of the same things by the same inputs', async () => {
    const diffs = [
      t('get_request_diffs', 'Get the changes of a merge request.', { request_iid: s(), view: s() }),
      t('list_request_diffs', 'List merge request diffs with pagination.', { request_iid: s(), page: { type: 'number' } }),
      t('get_request', 'Get a merge request.', { request_iid: s() }),
      t('list_users', 'List users.', { team: s() }),
      t('create_label', 'Create a label.', { label: s() }),
      t('delete_label', 'Delete a label.', { label: s() }),
      t('close_issue', 'Close an issue.', { issue: s() }),
      t('run_pipeline', 'Run a pipeline.', { ref: s() }),
    ];
    expect(await pairs(diffs)).toContain('get_request_diffs & list_request_diffs reads');
    expect(await v3(diffs)).not.toContain('get_request_diffs & list_request_diffs reads');
    expect(await pairs(noisy(diffs))).toContain('get_request_diffs & list_request_diffs reads');
    // One (singular) against many is v2's count, told apart.
    expect(await pairs([t('get_widget', 'Get a widget.', { widget_id: s() }), t('list_widget', 'List a widget.', { widget_id: s() })])).not.toContain('get_widget & list_widget reads');
  });
});

describe('rules v4 confusable pairs, second round: v2 name verdicts need overlapping texts or inputs', () => {
  const TEMPLATE = ' Use this for a known resource; choose the list or search tool to discover many. It is read-only and returns errors as errors.';
  const others = [
    ['create_label', 'Create a label with a colour.'],
    ['list_members', 'List the members of a group.'],
    ['close_issue', 'Close an issue that is resolved.'],
    ['run_pipeline', 'Run a CI pipeline on a ref.'],
    ['archive_project', 'Archive a project nobody works on.'],
    ['upload_avatar', 'Upload an avatar image for a user.'],
    ['merge_request', 'Merge an approved merge request.'],
    ['star_repository', 'Star a repository you like.'],
  ].map(([name, text]) => t(name!, `${text}${TEMPLATE}`, { project_id: s() }, ['project_id']));

  it('synonym: names equal but required inputs of their own that share nothing are told apart', async () => {
    const users = [
      t('get_user', `Get user details by ID.${TEMPLATE}`, { user_id: s() }, ['user_id']),
      t('get_users', `Get user details by usernames.${TEMPLATE}`, { usernames: { type: 'array' } }, ['usernames']),
    ];
    expect(await v3([...users, ...others])).toContain('get_user & get_users synonym');
    expect(await pairs([...users, ...others])).not.toContain('get_user & get_users synonym');
    // Shared input: still a pair.
    const shared = [t('get_user', `Get a user.${TEMPLATE}`, { user_id: s() }, ['user_id']), t('get_users', `Get users.${TEMPLATE}`, { user_id: s() }, ['user_id'])];
    expect(await pairs([...shared, ...others])).toContain('get_user & get_users synonym');
  });

  it('narrower: a template every text carries does not make two scopes alike (gitlab-zereight, read calibration half)', async () => {
    // The real surface (118 tools, one template on every text): v2 finds these narrower names; v4 reads the
    // words few texts carry and keeps only the pairs whose texts say the same scope.
    const surface = JSON.parse(readFileSync(join(CORPUS, 'gitlab-zereight', 'tools.json'), 'utf8')) as { tools: Tool[] };
    const found = async (tools: Tool[]) => ({ v3: await v3(tools), v4: await pairs(tools) });
    const real = await found(surface.tools);
    for (const cut of ['get_branch & get_protected_branch narrower', 'list_branches & list_protected_branches narrower', 'list_group_projects & list_projects narrower']) {
      expect(real.v3).toContain(cut);
      expect(real.v4).not.toContain(cut);
    }
    const kept = ['delete_merge_request_discussion_note & delete_merge_request_note narrower', 'update_merge_request_discussion_note & update_merge_request_note narrower'];
    for (const k of kept) expect(real.v4).toContain(k);
    // Nonsense and numbers made unique per tool move none of these verdicts.
    const noise = await found(noisy(surface.tools));
    for (const k of kept) expect(noise.v4).toContain(k);
    expect(noise.v4).not.toContain('get_branch & get_protected_branch narrower');
  }, 60_000);
});
