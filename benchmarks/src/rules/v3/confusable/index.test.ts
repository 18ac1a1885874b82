import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../contracts/tool.js';
import { confusablePairs as v2Pairs } from '../../v2/confusable.js';
import { facts, tool } from '../../v2/test/helpers.js';
import { confusablePairs, PAIR_KINDS, toConfusablePair } from './index.js';

const t = (name: string, description: string, properties: Record<string, unknown> = {}): Tool => tool({ name, description, inputSchema: { type: 'object', properties } });
const pairs = async (tools: Tool[]) => (await facts(tools)).tools.length && confusablePairs(await facts(tools)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);
const v2 = async (tools: Tool[]) => v2Pairs(await facts(tools)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);

// Each kind rules v3 adds (issue 25, point 6), a look-alike that must not pair, and a content-free
// variation (the same tools under other names and words) that must give the same verdict.

const KUBE = [
  t('kubectl_generic', 'Execute any kubectl command with the provided arguments and flags'),
  t('kubectl_get', 'Get or list Kubernetes resources by resource type, name, and optionally namespace'),
  t('kubectl_logs', 'Get logs from Kubernetes resources like pods or jobs'),
  t('helm_install', 'Install a Helm chart into a namespace'),
  t('helm_uninstall', 'Uninstall a Helm release from a namespace'),
  t('port_forward', 'Forward a local port to a port on a resource'),
];

describe('rules v3 confusable pairs: the kinds v2 missed', () => {
  it('generic vs specific of one family; not a sibling outside the family; v2 found none', async () => {
    expect(await pairs(KUBE)).toEqual(['kubectl_generic & kubectl_get generic', 'kubectl_generic & kubectl_logs generic']);
    expect(await v2(KUBE)).toEqual([]);
    // A product word on most names is no family: a code runner beside the browser's other tools.
    const browser = [
      t('web_evaluate', 'Execute JavaScript in the browser console'),
      t('web_click', 'Click an element on the page'),
      t('web_fill', 'Fill out an input field'),
      t('web_hover', 'Hover an element on the page'),
    ];
    expect(await pairs(browser)).toEqual([]);
    // The generic tool says to prefer the specific ones: settled.
    expect(await pairs([t('kubectl_generic', 'Execute any kubectl command. Prefer the specific tools when one fits.'), KUBE[1]!])).toEqual([]);
  });

  it('two runners of one language, and a migration beside a run-any-statement tool', async () => {
    expect(await pairs([t('page_evaluate', 'Evaluate a JavaScript expression on the page'), t('run_code_unsafe', 'Run arbitrary JavaScript in the server process')])).toEqual([
      'page_evaluate & run_code_unsafe generic',
    ]);
    expect(await pairs([t('execute_sql', 'Execute a raw SQL statement against the database'), t('apply_migration', 'Apply a migration to the database schema')])).toEqual([
      'apply_migration & execute_sql generic',
    ]);
    // Told apart when one names the other.
    expect(await pairs([t('execute_sql', 'Execute a raw SQL statement. For DDL use apply_migration instead.'), t('apply_migration', 'Apply a migration to the database schema')])).toEqual([]);
  });

  it('quick vs deep search of the same thing; not when they name each other', async () => {
    const quick = t('acme_search', 'Search the web for current information on any topic.');
    const deep = t('acme_research', 'Perform comprehensive research on a topic from multiple sources.');
    expect(await pairs([quick, deep])).toEqual(['acme_research & acme_search depth']);
    expect(await pairs([t('acme_search', 'Search the web. For in-depth research use acme_research instead.'), deep])).toEqual([]);
    // Searches of different things are no depth pair.
    expect(await pairs([t('paper_search', 'Search scientific papers by keyword.'), deep])).toEqual([]);
  });

  it('a general search whose text claims a specific search\'s job', async () => {
    const web = t('zap_web_search', 'Performs web searches. When to use: news searches for recent events; finding videos.');
    expect(await pairs([web, t('zap_news_search', 'Searches news articles.'), t('zap_image_search', 'Searches images.')])).toEqual(['zap_news_search & zap_web_search covers']);
  });

  it('snapshot vs screenshot, text vs HTML; not a screenshot vs the text, not when settled', async () => {
    const snap = t('browser_snapshot', 'Capture accessibility snapshot of the current page.');
    const shot = t('browser_screenshot', 'Take a screenshot of the current page');
    expect(await pairs([snap, shot])).toEqual(['browser_screenshot & browser_snapshot capture']);
    expect(await pairs([t('browser_snapshot', 'Capture accessibility snapshot of the current page, this is better than screenshot'), shot])).toEqual([]);
    expect(await pairs([t('get_visible_text', 'Get the visible text content of the current page'), t('get_visible_html', 'Get the HTML content of the current page')])).toEqual([
      'get_visible_html & get_visible_text capture',
    ]);
    expect(await pairs([shot, t('get_visible_text', 'Get the visible text content of the current page')])).toEqual([]);
  });

  it('one vs many of one action; settled when the batch tool compares itself with one by one', async () => {
    const one = t('read_note', 'Read one note by its path.');
    expect(await pairs([one, t('read_multiple_notes', 'Read several notes at once.')])).toEqual(['read_multiple_notes & read_note batch']);
    expect(await pairs([one, t('read_multiple_notes', 'Read several notes at once, more efficient than reading notes one by one.')])).toEqual([]);
    // Another action on many is no batch twin.
    expect(await pairs([one, t('delete_multiple_notes', 'Delete several notes at once.')])).toEqual([]);
  });

  it('one vs many by parameters when the names share nothing: each parameter of one is a list of the other', async () => {
    const directions = t('maps_directions', 'Get directions between two points', { origin: { type: 'string' }, destination: { type: 'string' }, mode: { type: 'string' } });
    const matrix = t('maps_distance_matrix', 'Calculate travel distance and time for multiple origins and destinations', {
      origins: { type: 'array' },
      destinations: { type: 'array' },
      mode: { type: 'string' },
    });
    expect(await pairs([directions, matrix])).toEqual(['maps_directions & maps_distance_matrix batch']);
    expect(await v2([directions, matrix])).toEqual([]);
    // Content-free variation: other names and words, the same shape.
    expect(
      await pairs([
        t('zorb_route', 'Plan a route between two spots', { start: { type: 'string' }, finish: { type: 'string' } }),
        t('zorb_grid', 'Compute the cost for multiple starts and finishes', { starts: { type: 'array' }, finishs: { type: 'array' } }),
      ]),
    ).toEqual(['zorb_grid & zorb_route batch']);
    // A tool on many things whose parameters are not lists of the other's: another job.
    const many = t('maps_batch_geocode', 'Geocode multiple addresses at once', { addresses: { type: 'array' } });
    expect(await pairs([directions, many])).toEqual([]);
    // A lone locator parameter says nothing of the job; nor do parameters under verbs of different classes.
    const readMany = t('read_multiple_files', 'Read the contents of multiple files at once.', { paths: { type: 'array' } });
    expect(await pairs([t('list_directory', 'List the entries of a directory.', { path: { type: 'string' } }), readMany])).toEqual([]);
    expect(
      await pairs([
        t('create_note', 'Create a note in a folder.', { folder: { type: 'string' }, title: { type: 'string' } }),
        t('read_multiple_notes', 'Read multiple notes of folders.', { folders: { type: 'array' }, title: { type: 'string' } }),
      ]),
    ).toEqual([]);
    // A batch tool that takes much more than the single one: a different job with a list in it.
    const wide = t('maps_fleet_plan', 'Plan multiple vehicles over origins', { origins: { type: 'array' }, vehicles: { type: 'array' }, depots: { type: 'array' }, shifts: { type: 'array' }, budget: { type: 'number' } });
    expect(await pairs([t('maps_origin_info', 'Describe a place', { origin: { type: 'string' }, vehicle: { type: 'string' } }), wide])).toEqual([]);
  });

  it('a bare thing whose first sentence claims the kind of it a sibling is named by', async () => {
    const general = t('acme_feedback', 'Submit quality feedback for a completed search, scrape or crawl job.');
    const specific = t('acme_search_feedback', 'Record feedback for a prior search by its id.');
    expect(await pairs([general, specific, t('acme_status', 'Show the service status.')])).toEqual(['acme_feedback & acme_search_feedback qualified']);
    // The bare tool does not claim that kind: told apart by the name.
    expect(await pairs([t('acme_feedback', 'Submit quality feedback for a completed crawl job.'), specific])).toEqual([]);
    // Another thing: the sibling's name ends with a different head.
    expect(await pairs([general, t('acme_search_report', 'Build a report of a prior search by its id.')])).toEqual([]);
    // Content-free variation.
    expect(await pairs([t('quux_notes', 'Write notes for a finished upload or download.'), t('quux_upload_notes', 'Attach notes to an upload.')])).toEqual([
      'quux_notes & quux_upload_notes qualified',
    ]);
  });

  it('a name without the sibling\'s qualifiers whose text names the qualified object; not when negated', async () => {
    const general = t('get_resources', 'Return manifests for the resources given by reference. If none is given, fetches all resources managed by the application.');
    const specific = t('get_application_managed_resources', 'Lists what an application manages, filtered by kind or namespace.');
    expect(await pairs([general, specific])).toEqual(['get_application_managed_resources & get_resources claims']);
    // The phrase is negated: the text tells them apart.
    expect(await pairs([t('get_resources', 'Return manifests for resources given by reference. It never returns resources managed by the application.'), specific])).toEqual([]);
    // The qualifiers far apart are no phrase.
    expect(
      await pairs([t('get_resources', 'Return resources by reference. The application server caches every answer; results can be managed later.'), specific]),
    ).toEqual([]);
    // Content-free variation.
    expect(
      await pairs([t('list_blobs', 'List blobs of a bucket. Without a prefix, lists every blob owned by the archive.'), t('list_archive_owned_blobs', 'Shows what an archive owns, newest first.')]),
    ).toEqual(['list_archive_owned_blobs & list_blobs claims']);
  });

  it('one job on two engines: names equal but for a vendor word, the same parameters; not two English objects', async () => {
    const task = { task: { type: 'string', description: 'The task' }, maxSteps: { type: 'integer' } };
    const a = t('openai_computer_use_agent', 'Runs browser tasks with balanced reliability.', task);
    const b = t('claude_computer_use_agent', 'Runs intricate browser tasks that need reasoning.', task);
    expect(await pairs([a, b])).toEqual(['claude_computer_use_agent & openai_computer_use_agent backend']);
    // Content-free variation: other vendors.
    expect(await pairs([t('zorbix_page_agent', 'Runs page tasks quickly.', task), t('quuxly_page_agent', 'Runs page tasks carefully.', task)])).toEqual([
      'quuxly_page_agent & zorbix_page_agent backend',
    ]);
    // English words name other things: an issue comment is no review comment.
    const ref = { owner: { type: 'string' }, number: { type: 'integer' } };
    expect(await pairs([t('create_issue_comment', 'Comment on an issue.', ref), t('create_review_comment', 'Comment on a line of a review.', ref)])).toEqual([]);
    // Other parameters: another job.
    expect(await pairs([a, t('claude_computer_use_agent', 'Runs intricate browser tasks that need reasoning.', { url: { type: 'string' } })])).toEqual([]);
  });

  it('overrules v2 where the added word reverses the action or the objects are new vs existing', async () => {
    const geo = [t('maps_geocode', 'Convert an address into geographic coordinates'), t('maps_reverse_geocode', 'Convert coordinates into an address')];
    expect(await pairs(geo)).toEqual([]);
    const sub = [t('stories_create_subtask', 'Create a new sub-task story.'), t('stories_add_subtask', 'Add existing story as a sub-task.')];
    expect(await pairs(sub)).toEqual([]);
  });

  it('content-free variation: other product and family names give the same verdicts', async () => {
    const renamed = [
      t('zorbctl_generic', 'Execute any zorbctl command with the provided arguments and flags'),
      t('zorbctl_get', 'Get or list Zorb resources by resource type, name, and optionally namespace'),
      t('zorbctl_logs', 'Get logs from Zorb resources like pods or jobs'),
      t('quux_install', 'Install a Quux chart into a namespace'),
      t('quux_uninstall', 'Uninstall a Quux release from a namespace'),
      t('tunnel_open', 'Forward a local port to a port on a resource'),
    ];
    expect(await pairs(renamed)).toEqual(['zorbctl_generic & zorbctl_get generic', 'zorbctl_generic & zorbctl_logs generic']);
  });

  it('keeps the contract shape and lists every kind', async () => {
    const [p] = confusablePairs(await facts(KUBE));
    expect(Object.keys(toConfusablePair(p!)).sort()).toEqual(['descriptionSimilarity', 'nameSimilarity', 'similarity', 'tools']);
    expect(PAIR_KINDS).toContain('generic');
    expect(new Set(PAIR_KINDS).size).toBe(PAIR_KINDS.length);
  });
});
