import { describe, expect, it } from 'vitest';
import type { Tool } from '../../contracts/tool.js';
import { hasBehaviourHints, leadingVerb, looksDestructive, looksWriting, mentionedSiblings, restatesName, startsWithVerb } from './signals.js';
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

  // Issue 12 (class 4): the verb-start check cost points on "Irreversibly removes…", "Summarise a thread…",
  // "📌 Overview: Lists…" — an adverb, a spelling or verb the list lacked, a label before the verb.
  it.each([
    'Irreversibly removes the repository and its issues.',
    'Permanently and recursively deletes a folder.',
    'Summarise a thread of messages into bullet points.',
    'Summarizes a thread of messages.',
    'Normalises phone numbers to E.164.',
    'Emulates CSS media features for the page.',
    'Browses the catalogue of providers.',
    '📌 Overview: Lists the open pull requests.',
    'Notion | Retrieve a user',
    '[Beta] Lists the open pull requests.',
    'DEPRECATED: Use list_items_v2 instead.',
    'This tool lists the open pull requests.',
    'Used to list the open pull requests.',
    'A tool that lists the open pull requests.',
    'Allows you to list the open pull requests.',
  ])('counts "%s" as opening with a verb', async (d) => {
    expect(startsWithVerb((await first(tool({ description: d }))).t)).toBe(true);
  });

  it.each(['The index of pull requests.', 'Overview of the open pull requests.', 'Repository issues: the open ones.', 'Only works within allowed directories.'])(
    'does not count "%s" (no verb opens what it does)',
    async (d) => {
      expect(startsWithVerb((await first(tool({ description: d }))).t)).toBe(false);
    },
  );

  it('counts Japanese verbal-noun endings (体言止め), negative predicates and "…するツール", as their English counterparts', async () => {
    for (const d of ['ユーザー一覧を取得', 'ユーザー一覧を取得。', '大量のデータには向いていません。', 'ファイルを読み込むツールです。', '📌 概要：プルリクエストを一覧表示します。']) {
      expect(startsWithVerb((await first(tool({ description: d }))).t), d).toBe(true);
    }
    for (const d of ['ユーザーの一覧。', 'ファイル読み込みツール。']) expect(startsWithVerb((await first(tool({ description: d }))).t), d).toBe(false);
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

  it('treats run/start/execute as neutral: the name then says nothing, and the description decides', async () => {
    for (const name of ['run_query', 'start_trace', 'execute_sql']) expect(looksWriting((await first(tool({ name }))).t), name).toBeUndefined();
    expect(looksDestructive((await first(tool({ name: 'run_cleanup', description: 'Deletes stale caches.' }))).t)).toBe('delete');
    expect(looksDestructive((await first(tool({ name: 'run_report', description: 'Builds the weekly report.' }))).t)).toBeUndefined();
  });

  it('lets the verb after an HTTP method prefix decide (API-post-search searches; API-post-page posts)', async () => {
    expect(leadingVerb((await first(tool({ name: 'API-post-search' }))).t)).toEqual({ verb: 'search', kind: 'read' });
    expect(leadingVerb((await first(tool({ name: 'API-post-page' }))).t)).toEqual({ verb: 'post', kind: 'write' });
    expect(leadingVerb((await first(tool({ name: 'get_delete_status' }))).t)).toEqual({ verb: 'get', kind: 'read' });
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
