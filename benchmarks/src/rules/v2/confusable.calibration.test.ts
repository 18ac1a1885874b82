import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { confusablePairs } from './confusable.js';
import { facts, objectSchema, tool } from './test/helpers.js';

// Calibration on the labelled corpus (distractors/corpus/, issue 12): each class of false positive and
// false negative the corpus showed, on crafted tools of our own. Every case failed before its fix.

const pairsOf = async (tools: Tool[]) => (await confusablePairs(await facts(tools))).map((p) => `${p.tools.join(' & ')} ${p.kind}`);
const OTHERS = [
  tool({ name: 'get_weather', description: 'Gets the current weather and forecast for a city.' }),
  tool({ name: 'send_email', description: 'Sends an email message to one or more recipients.' }),
];

describe('confusable pairs: one vs many', () => {
  it('a tool that lists many and one about a single thing are told apart by the number (get_ticket / get_tickets)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'get_ticket', description: 'Returns information about a specific ticket.' }),
      tool({ name: 'get_tickets', description: 'Returns list of tickets.' }),
      tool({ name: 'get_article', description: 'Returns information about a specific knowledge-base article.' }),
      tool({ name: 'get_article_pages', description: 'Returns list of article pages.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual([]);
  });

  it('a plural name whose description does not say it lists is still a synonym of the singular (get_user / get_users)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'get_user', description: 'Get user details by ID.' }),
      tool({ name: 'get_users', description: 'Get user details by usernames.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['get_user & get_users synonym']);
  });
});

describe('confusable pairs: narrower names need alike descriptions', () => {
  it('a narrower name whose description says what sets it apart is no pair (read_file / read_media_file)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'open_file', description: 'Open the complete contents of a file as plain text.' }),
      tool({ name: 'open_media_file', description: 'Open an image or audio file and return it base64-encoded with its MIME type.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual([]);
  });

  it('a narrower name with the same description is still a pair (list_folder / list_folder_with_sizes)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'list_folder', description: 'Get a detailed listing of all files and folders in a path.' }),
      tool({ name: 'list_folder_with_sizes', description: 'Get a detailed listing of all files and folders in a path, including sizes.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['list_folder & list_folder_with_sizes narrower']);
  });
});

describe('confusable pairs: the same intent in other words', () => {
  it('"read" messages is to list them as well as to get them (list_chat_messages / read_chat_messages)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'list_chat_messages', description: 'Lists up to 100 messages of a chat.' }),
      tool({ name: 'read_chat_messages', description: 'Marks the messages of a chat as seen.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['list_chat_messages & read_chat_messages synonym']);
  });

  it('read is still not write, and list vs get still differ when neither is "read"', async () => {
    const pairs = await pairsOf([
      tool({ name: 'read_note', description: 'Reads one note of the notebook.' }),
      tool({ name: 'write_note', description: 'Writes one note of the notebook.' }),
      tool({ name: 'list_albums', description: 'Lists the albums of the library.' }),
      tool({ name: 'get_albums', description: 'Gets the album covers of the library.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual([]);
  });

  it('create-or-update and push both write files (create_or_update_doc / push_docs)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'create_or_update_doc', description: 'Create or update a single doc in the wiki space.' }),
      tool({ name: 'push_docs', description: 'Push several docs to the wiki space in a single revision.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['create_or_update_doc & push_docs synonym']);
  });

  it('a resource link and a resource reference are one thing to a model', async () => {
    const pairs = await pairsOf([
      tool({ name: 'get-asset-links', description: 'Returns up to ten asset links of different kinds.' }),
      tool({ name: 'get-asset-reference', description: 'Returns an asset reference that clients can open.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['get-asset-links & get-asset-reference synonym']);
  });
});

describe('confusable pairs: what a description or a parameter says', () => {
  it('a description that opens with a sibling\'s whole name (fill "Type text into …" / type_text)', async () => {
    const pairs = await pairsOf([
      tool({ name: 'fill', description: 'Type text into an input or text area, or select an option of a select element.' }),
      tool({ name: 'type_text', description: 'Type text with the keyboard into the focused input.' }),
      tool({ name: 'click', description: 'Clicks on the provided element.' }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['fill & type_text opening']);
  });

  it('a parameter whose format has a slot for each of a sibling\'s parameters (emulate viewport / resize_page)', async () => {
    const pairs = await pairsOf([
      tool({
        name: 'emulate',
        description: 'Emulates features of the page; each call replaces all emulation settings.',
        inputSchema: objectSchema({ pageId: { type: 'number', description: 'The page.' }, viewport: { type: 'string', description: "Device viewport '<width>x<height>[,mobile]'." } }),
      }),
      tool({
        name: 'resize_page',
        description: "Resizes the page's window to the given dimension.",
        inputSchema: objectSchema({ pageId: { type: 'number', description: 'The page.' }, width: { type: 'integer', description: 'Width' }, height: { type: 'integer', description: 'Height' } }),
      }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual(['emulate & resize_page parameters']);
  });

  it('a parameter that names a sibling\'s parameters in prose is no pair (a bounding box, a target element)', async () => {
    const pairs = await pairsOf([
      tool({
        name: 'snapshot',
        description: 'Capture an accessibility snapshot of the page.',
        inputSchema: objectSchema({ boxes: { type: 'boolean', description: 'Include each bounding box as [box=x,y,width,height].' } }),
      }),
      tool({ name: 'resize', description: 'Resize the browser window.', inputSchema: objectSchema({ width: { type: 'number' }, height: { type: 'number' } }) }),
      ...OTHERS,
    ]);
    expect(pairs).toEqual([]);
  });
});
