import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_HASH } from '../rules/v1/source-hash.js';
import { rulesV1 } from '../rules/v1/index.js';
import { SOURCE_HASH as SOURCE_HASH_V2 } from '../rules/v2/source-hash.js';
import { rulesV2 } from '../rules/v2/index.js';
import { benchmarksRoot, computeRulesHash, rulesHashInputs, rulesHashPackages } from './rules-hash.js';

const root = benchmarksRoot();
const copies: string[] = [];
afterAll(() => copies.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A copy of benchmarks/ (src and package.json, gpt-tokenizer's package.json beside) to edit without touching the tree. */
function copyOfTree(): string {
  const copy = mkdtempSync(join(tmpdir(), 'toolmark-rules-'));
  copies.push(copy);
  cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
  writeFileSync(join(copy, 'package.json'), readFileSync(join(root, 'package.json')));
  cpSync(join(root, '..', 'node_modules', 'gpt-tokenizer', 'package.json'), join(copy, 'node_modules', 'gpt-tokenizer', 'package.json'), { recursive: true });
  return copy;
}

describe('rules v1 content hash', () => {
  it('matches the committed source-hash.ts (run `npm run rules:hash` after changing rules, then bump the version if a golden moves)', () => {
    expect(SOURCE_HASH).toBe(computeRulesHash('v1'));
    expect(rulesV1.hash).toBe(SOURCE_HASH);
  });

  it('v2 matches its committed source-hash.ts too, and differs from v1', () => {
    expect(SOURCE_HASH_V2).toBe(computeRulesHash('v2'));
    expect(rulesV2.hash).toBe(SOURCE_HASH_V2);
    expect(SOURCE_HASH_V2).not.toBe(SOURCE_HASH);
  });

  it('covers thresholds, lexicons, every rule file and the shared text analysis, but no tests', () => {
    const inputs = rulesHashInputs('v1').map((f) => f.slice(root.length + 1));
    expect(inputs).toEqual(expect.arrayContaining(['src/rules/v1/thresholds.ts', 'src/rules/v1/lexicons.ts', 'src/rules/v1/findings/too-short.ts', 'src/text/words.ts']));
    expect(inputs.some((f) => f.endsWith('.test.ts') || f.includes('/test/') || f.endsWith('source-hash.ts'))).toBe(false);
  });

  it('is still the published f0de3163… and documentation in docs/ folders never moves it', () => {
    expect(SOURCE_HASH).toBe('sha256:f0de3163a36d912c5701f2c5711165d99c7f7a3392c87a1b3f556e3142040f65');
    const inputs = rulesHashInputs('v1').concat(rulesHashInputs('v2')).map((f) => f.slice(root.length + 1));
    expect(inputs.some((f) => f.includes('/docs/'))).toBe(false);
    const copy = copyOfTree();
    for (const id of ['v1', 'v2']) {
      const file = join(copy, 'src', 'rules', id, 'docs', 'findings.ts');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n// edited\n`);
      expect(computeRulesHash(id, copy)).toBe(computeRulesHash(id));
    }
  });

  it('changes when a threshold changes', () => {
    const copy = copyOfTree();
    const before = computeRulesHash('v1', copy);
    expect(before).toBe(computeRulesHash('v1'));
    const file = join(copy, 'src', 'rules', 'v1', 'thresholds.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('minWords: 8', 'minWords: 9'));
    expect(computeRulesHash('v1', copy)).not.toBe(before);
  });
});

describe('rules v3 content hash (by imports)', () => {
  it('matches its committed source-hash.ts and covers exactly what v3 imports: the v2 files it shares, its word list, no docs or tests', async () => {
    const { SOURCE_HASH: SOURCE_HASH_V3 } = await import('../rules/v3/source-hash.js');
    expect(SOURCE_HASH_V3).toBe(computeRulesHash('v3'));
    const inputs = rulesHashInputs('v3').map((f) => f.slice(root.length + 1));
    expect(inputs).toEqual(
      expect.arrayContaining([
        'src/rules/v3/index.ts',
        'src/rules/v3/english-words-data.ts',
        'src/rules/v3/security/index.ts',
        'src/rules/v3/confusable/index.ts',
        'src/rules/v2/security.ts',
        'src/rules/v2/confusable.ts',
        'src/rules/v2/findings/too-long.ts',
        'src/rules/types.ts',
        'src/text/words.ts',
      ]),
    );
    // What v3 does not import is not an input: v2's own index, categories it replaced, v1, any test or doc.
    expect(inputs).not.toContain('src/rules/v2/index.ts');
    expect(inputs).not.toContain('src/rules/v2/categories/usage.ts');
    expect(inputs.some((f) => f.startsWith('src/rules/v1/') || f.includes('/docs/') || f.includes('/test/') || f.endsWith('.test.ts'))).toBe(false);
  });

  it('pins the third-party data v3 reads: unhomoglyph at its installed version and the word list its Bloom filter was built from', () => {
    const packages = rulesHashPackages('v3');
    const installed = (name: string): string => (JSON.parse(readFileSync(join(root, '..', 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
    expect(packages).toContain(`unhomoglyph@${installed('unhomoglyph')}`);
    expect(packages).toContain('an-array-of-english-words@2.0.0');
    expect(packages.some((p) => p.startsWith('node'))).toBe(false);
    // v1 and v2 keep their published inputs.
    expect(rulesHashPackages('v1')).toEqual([]);
    expect(rulesHashPackages('v2')).toEqual([]);
  });

  it('reads the word list\'s version from the generated module\'s header', () => {
    const copy = copyOfTree();
    const data = join(copy, 'src', 'rules', 'v3', 'english-words-data.ts');
    const text = readFileSync(data, 'utf8');
    writeFileSync(data, text.replace(/^(\/\/ Generated by .* from an-array-of-english-words@)2\.0\.0/m, '$12.0.1'));
    expect(rulesHashPackages('v3', copy)).toContain('an-array-of-english-words@2.0.1');
    expect(rulesHashPackages('v3', copy)).not.toContain('an-array-of-english-words@2.0.0');
  });

  it('moves when a v2 file that v3 imports changes, and not when one it does not import changes', () => {
    const copy = copyOfTree();
    const before = computeRulesHash('v3', copy);
    expect(before).toBe(computeRulesHash('v3'));
    const unused = join(copy, 'src', 'rules', 'v2', 'categories', 'usage.ts');
    writeFileSync(unused, `${readFileSync(unused, 'utf8')}\n// edited\n`);
    expect(computeRulesHash('v3', copy)).toBe(before);
    const shared = join(copy, 'src', 'rules', 'v2', 'findings', 'too-long.ts');
    writeFileSync(shared, `${readFileSync(shared, 'utf8')}\n// edited\n`);
    expect(computeRulesHash('v3', copy)).not.toBe(before);
  });
});
