import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { hasBehaviourHints, looksDestructive, looksWriting, mentionedSiblings, restatesName, startsWithVerb } from './signals.js';
import { facts, tool } from './test/helpers.js';

const first = async (t: Tool, siblings: Tool[] = []) => {
  const s = await facts([t, ...siblings]);
  return { t: s.tools[0]!, s };
};

describe('startsWithVerb', () => {
  it('reads the first English word, stemmed', async () => {
    for (const [d, want] of [
      ['Reads a file.', true],
      ['Fetches a page.', true],
      ['Copies files.', true],
      ['Search the index.', true],
      ['A reader of files.', false],
      ['The file reader.', false],
    ] as const) {
      expect(startsWithVerb((await first(tool({ description: d }))).t), d).toBe(want);
    }
  });

  it('reads the predicate at the end of the first Japanese sentence', async () => {
    expect(startsWithVerb((await first(tool({ description: 'ファイルを読み込みます。次に…' }))).t)).toBe(true);
    expect(startsWithVerb((await first(tool({ description: 'ファイル読み込みツール。' }))).t)).toBe(false);
  });
});

describe('restatesName', () => {
  it('is true only when every content word is a name word or filler', async () => {
    expect(restatesName((await first(tool({ name: 'list_repos', description: 'Lists repos using the API.' }))).t)).toBe(true);
    expect(restatesName((await first(tool({ name: 'list_repos', description: 'Lists repos of an organisation.' }))).t)).toBe(false);
  });
});

describe('mentionedSiblings', () => {
  it('finds other tools named in the description, in the order they appear, not the tool itself', async () => {
    const { t, s } = await first(tool({ name: 'read_text', description: 'For images use read_media; for folders use list_dir. Not read_text.' }), [
      tool({ name: 'list_dir' }),
      tool({ name: 'read_media' }),
    ]);
    expect(mentionedSiblings(t, s)).toEqual(['read_media', 'list_dir']);
  });

  it('ignores names inside longer identifiers and names shorter than 4 characters', async () => {
    const { t, s } = await first(tool({ name: 'read_text', description: 'Feeds read_media_v2 and the ls tool.' }), [tool({ name: 'read_media' }), tool({ name: 'ls' })]);
    expect(mentionedSiblings(t, s)).toEqual([]);
  });
});

describe('looksDestructive / looksWriting', () => {
  it('reads the name first, then the first English word', async () => {
    expect(looksDestructive((await first(tool({ name: 'rm_file', description: 'Gets rid of a file.' }))).t)).toBe('rm');
    expect(looksDestructive((await first(tool({ name: 'cleanup', description: 'Wipes the cache.' }))).t)).toBe('wipe');
    expect(looksDestructive((await first(tool({ name: 'cleanup', description: 'Lists what a wipe would remove.' }))).t)).toBeUndefined();
  });

  it('finds write verbs in the name', async () => {
    expect(looksWriting((await first(tool({ name: 'createUser' }))).t)).toBe('create');
    expect(looksWriting((await first(tool({ name: 'drop_table' }))).t)).toBe('drop');
    expect(looksWriting((await first(tool({ name: 'list_users' }))).t)).toBeUndefined();
  });
});

describe('hasBehaviourHints', () => {
  it('counts boolean readOnly/destructive/idempotent hints only', async () => {
    expect(hasBehaviourHints((await first(tool({ annotations: { idempotentHint: false } }))).t)).toBe(true);
    expect(hasBehaviourHints((await first(tool({ annotations: { openWorldHint: true, title: 'x' } }))).t)).toBe(false);
    expect(hasBehaviourHints((await first(tool({ annotations: { readOnlyHint: 'yes' } as Record<string, unknown> }))).t)).toBe(false);
  });
});
