import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { englishWordsModule } from '../../scripts/english-words.js';
import { isEnglishWord } from './english-words.js';

describe('English words (v3, nonsense words earn nothing)', () => {
  it('the committed filter is the one generated from the installed an-array-of-english-words (regenerate with the script)', () => {
    expect(readFileSync(join(import.meta.dirname, 'english-words-data.ts'), 'utf8')).toBe(englishWordsModule());
  });

  it('knows English words and their inflected forms', () => {
    for (const w of ['file', 'files', 'listing', 'deleted', 'repository', 'repositories', 'quickly', 'pods', 'container', 'snapshot', 'quibble'])
      expect(isEnglishWord(w), w).toBe(true);
  });

  it('does not know nonsense words (the suite draws from these syllables)', () => {
    for (const w of ['vorpfexp', 'snarzakp', 'blimtobp', 'grumwixp', 'quibplonp', 'zakdrelp']) expect(isEnglishWord(w), w).toBe(false);
  });

  it('lets few random strings through (Bloom false positives over every base form tried)', () => {
    let state = 25;
    const next = () => (state = (Math.imul(state, 1103515245) + 12345) >>> 0);
    const letters = 'bcdfghjklmnpqrstvwxz';
    let passed = 0;
    for (let i = 0; i < 2000; i++) {
      let w = '';
      for (let k = 0; k < 7; k++) w += k % 2 === 1 ? 'aeiou'[next() % 5] : letters[next() % letters.length];
      if (isEnglishWord(w)) passed++;
    }
    expect(passed / 2000).toBeLessThan(0.05);
  });
});
