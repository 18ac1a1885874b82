import { describe, expect, it } from 'vitest';
import type { Tool } from '../../../contracts/tool.js';
import { confusablePairs as v3Pairs } from '../../v3/confusable/index.js';
import { facts, tool } from '../../v2/test/helpers.js';
import { confusablePairs, PAIR_KINDS, toConfusablePair } from './index.js';

const t = (name: string, description: string, properties: Record<string, unknown> = {}): Tool => tool({ name, description, inputSchema: { type: 'object', properties } });
const pairs = async (tools: Tool[]) => confusablePairs(await facts(tools)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);
const v3 = async (tools: Tool[]) => v3Pairs(await facts(tools)).map((p) => `${p.tools.join(' & ')} ${p.kind}`);

// What rules v4 adds to v3's pairs (issue 25, v4 pairs), each found on the calibration half of the corpus,
// with a look-alike that must not pair and a content-free variation (other product and object words).

const PAGE = { page_id: { type: 'string', description: 'The page' } };
const ACTION = { action: { type: 'string', enum: ['list', 'new', 'close', 'select'], description: 'What to do' }, index: { type: 'number', description: 'Tab index' } };

describe('rules v4 confusable pairs: what v3 missed on the calibration half', () => {
  it('one thing in two forms: a page and the page as Markdown, documents and their tree; v3 found neither', async () => {
    const notion = [t('API-retrieve-a-page', 'Notion | Retrieve a page', PAGE), t('API-retrieve-page-markdown', 'Notion | Retrieve a page as Markdown', PAGE), t('API-create-a-page', 'Notion | Create a page', PAGE)];
    expect(await pairs(notion)).toEqual(['API-retrieve-a-page & API-retrieve-page-markdown representation']);
    expect(await v3(notion)).toEqual([]);
    const docs = [t('get_documents', 'Gets a list of documents in a project.'), t('get_document_tree', 'Gets the document tree of a project.'), t('get_document', 'Gets one document by id.')];
    expect(await pairs(docs)).toContain('get_document_tree & get_documents representation');
    // A tree is of many things: one document is not its tree.
    expect(await pairs(docs)).not.toContain('get_document & get_document_tree representation');
    // Two forms named on both sides are two jobs the names tell apart (CSV vs Mermaid import).
    expect(await pairs([t('open_csv', 'Opens the editor with a diagram from CSV.'), t('open_mermaid', 'Opens the editor with a diagram from Mermaid.')])).toEqual([]);
  });

  it('a multi-action tool whose action parameter offers a sibling\'s whole job; not another action', async () => {
    const browser = [
      t('browser_close', 'Close the page'),
      t('browser_tabs', 'List, create, close, or select a browser tab.', ACTION),
      t('browser_click', 'Click an element on the page'),
      t('browser_navigate', 'Navigate to a URL'),
    ];
    expect(await pairs(browser)).toEqual(['browser_close & browser_tabs dispatch']);
    expect(await v3(browser)).toEqual([]);
    // Content-free variation: other product and words give the same verdict.
    const renamed = [t('zap_shut', 'Shut the view'), t('zap_panes', 'List, open, shut or pick a pane.', { action: { type: 'string', enum: ['list', 'open', 'shut', 'pick'] } }), t('zap_poke', 'Poke an item')];
    expect(await pairs(renamed)).toEqual(['zap_panes & zap_shut dispatch']);
    // One value alone is no multi-action tool.
    expect(await pairs([t('web_close', 'Close the page'), t('web_tabs', 'Close a tab.', { action: { type: 'string', enum: ['close'] } })])).toEqual([]);
  });

  it('a bare action beside a batch of its class (type one field / fill a form); settled when the batch compares itself', async () => {
    const form = [
      t('browser_type', 'Type text into editable element', { element: { type: 'string' }, text: { type: 'string' } }),
      t('browser_fill_form', 'Fill multiple form fields', { fields: { type: 'array' } }),
      t('browser_click', 'Click an element'),
    ];
    expect(await pairs(form)).toEqual(['browser_fill_form & browser_type batch']);
    expect(await v3(form)).toEqual([]);
    expect(await pairs([form[0]!, t('browser_fill_form', 'Fill multiple form fields. Prefer it over typing field by field with browser_type.', { fields: { type: 'array' } })])).toEqual([]);
    // A bare action of another class is no batch of it.
    expect(await pairs([t('browser_click', 'Click an element'), form[1]!])).toEqual([]);
  });

  it('two runners of one language said after the first sentence', async () => {
    const runners = [
      t('browser_evaluate', 'Evaluate JavaScript expression on page or element'),
      t('browser_run_code_unsafe', 'Run a Playwright code snippet. Unsafe: executes arbitrary JavaScript in the Playwright server process.'),
    ];
    expect(await pairs(runners)).toEqual(['browser_evaluate & browser_run_code_unsafe generic']);
    expect(await v3(runners)).toEqual([]);
    // Another language is another runner.
    expect(await pairs([runners[0]!, t('run_sql', 'Run a SQL statement. Executes any statement against the database.')])).toEqual([]);
  });

  it('a tool that compares itself with every other tool settles a new-kind pair (depth)', async () => {
    const quick = t('acme_search', 'Search the web and return a ranked list of results.');
    const deep = t('acme_research', 'Conduct deep, multi-source research on a topic.');
    expect(await pairs([quick, deep])).toEqual(['acme_research & acme_search depth']);
    expect(await pairs([quick, t('acme_research', 'Conduct deep, multi-source research on a topic. Significantly slower than other tools.')])).toEqual([]);
  });

  it('keeps the contract shape and lists every kind', async () => {
    const [p] = confusablePairs(await facts([t('browser_close', 'Close the page'), t('browser_tabs', 'List, create, close, or select a browser tab.', ACTION), t('browser_click', 'Click an element')]));
    expect(Object.keys(toConfusablePair(p!)).sort()).toEqual(['descriptionSimilarity', 'nameSimilarity', 'similarity', 'tools']);
    expect(PAIR_KINDS).toEqual(expect.arrayContaining(['representation', 'dispatch', 'generic', 'batch']));
  });
});
