import { describe, expect, it } from 'vitest';
import { runToolRule, tool } from '../test/helpers.js';
import { restatesNameRule } from './restates-name.js';

describe('restates_name', () => {
  it('fires when every content word is a word of the name (stemmed)', async () => {
    expect(await runToolRule(restatesNameRule, tool({ name: 'read_file', description: 'Reads a file.' }))).toEqual([
      {
        code: 'restates_name',
        severity: 'required',
        tool: 'read_file',
        message: 'description only restates the name (3 words)',
        fields: ['description', 'name'],
        data: { words: 3 },
      },
    ]);
  });

  it('splits camelCase and kebab-case names and ignores filler words such as "tool"', async () => {
    const camel = await runToolRule(restatesNameRule, tool({ name: 'getUserProfile', description: 'Get the user profile tool.' }));
    expect(camel.map((f) => f.data)).toEqual([{ words: 5 }]);
    const kebab = await runToolRule(restatesNameRule, tool({ name: 'list-repos', description: 'This tool lists repos' }));
    expect(kebab.map((f) => f.code)).toEqual(['restates_name']);
  });

  it('does not fire once the description adds one word of its own', async () => {
    expect(await runToolRule(restatesNameRule, tool({ name: 'read_file', description: 'Reads a file from disk.' }))).toEqual([]);
  });

  // v2 (fairness to Japanese): "ファイルを読みます。" says no more than "Reads a file." and is judged alike;
  // v1 never found a Japanese restatement of an English name.
  it('fires for a Japanese description that only restates an English name, as for its English translation', async () => {
    for (const [name, description] of [
      ['read_file', 'ファイルを読みます。'],
      ['translate_text', 'テキストを翻訳するツールです。'],
      ['list_users', 'ユーザーの一覧'],
    ]) {
      expect((await runToolRule(restatesNameRule, tool({ name, description }))).map((f) => f.code), description).toEqual(['restates_name']);
    }
  });

  it('does not fire once a Japanese description adds a word of its own', async () => {
    for (const description of ['ワークスペースのファイルを読みます。', 'ファイルをUTF-8で読みます。', 'ファイルを最後まで読みます。']) {
      expect(await runToolRule(restatesNameRule, tool({ name: 'read_file', description })), description).toEqual([]);
    }
  });

  it('does not fire without a description, or for a description of stopwords only', async () => {
    expect(await runToolRule(restatesNameRule, tool({ name: 'read_file' }))).toEqual([]);
    expect(await runToolRule(restatesNameRule, tool({ name: 'read_file', description: 'It is what it is.' }))).toEqual([]);
  });
});
