import { describe, expect, it } from 'vitest';
import { mentionedSiblings } from './signals.js';
import { facts, tool } from './test/helpers.js';

const others = [tool({ name: 'read_file' }), tool({ name: 'listDirectory' }), tool({ name: 'cat' })];

async function mentions(description: string, extra = others): Promise<string[]> {
  const s = await facts([tool({ name: 'write_file', description }), ...extra]);
  return mentionedSiblings(s.tools[0]!, s).sort();
}

describe('mentionedSiblings', () => {
  it('finds snake_case and camelCase sibling names in the usual forms of a mention', async () => {
    for (const text of ['Use `read_file` instead.', 'Prefer read_file.', '(see read_file)', "read_file's output", 'read_file’s output', 'Not for listDirectory, use read_file']) {
      expect(await mentions(text), text).toContain('read_file');
    }
    expect(await mentions('Writes a file; to list, call listDirectory first.')).toEqual(['listDirectory']);
  });

  it('ignores its own name, names shorter than 4 characters and words that only contain a name', async () => {
    expect(await mentions('write_file writes; cat it later; read_files is not a tool')).toEqual([]);
    // Only an apostrophe and an s make a possessive: "read_filess" and "read_file.s" name nothing.
    expect(await mentions('read_filess and read_file.s')).toEqual([]);
  });

  it('finds kebab-case and dotted names too (the identifier scan)', async () => {
    const kebab = [tool({ name: 'API-get-user' }), tool({ name: 'fs.read' })];
    expect(await mentions('Call API-get-user first, or fs.read.', kebab)).toEqual(['API-get-user', 'fs.read']);
  });
});
