import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SOURCE_HASH } from '../rules/v1/source-hash.js';
import { rulesV1 } from '../rules/v1/index.js';
import { SOURCE_HASH as SOURCE_HASH_V2 } from '../rules/v2/source-hash.js';
import { rulesV2 } from '../rules/v2/index.js';
import { benchmarksRoot, computeRulesHash, rulesHashInputs } from './rules-hash.js';

const root = benchmarksRoot();
const copies: string[] = [];
afterAll(() => copies.forEach((d) => rmSync(d, { recursive: true, force: true })));

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
    const copy = mkdtempSync(join(tmpdir(), 'toolmark-rules-'));
    copies.push(copy);
    cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
    writeFileSync(join(copy, 'package.json'), readFileSync(join(root, 'package.json')));
    cpSync(join(root, '..', 'node_modules', 'gpt-tokenizer', 'package.json'), join(copy, 'node_modules', 'gpt-tokenizer', 'package.json'), { recursive: true });
    for (const id of ['v1', 'v2']) {
      const file = join(copy, 'src', 'rules', id, 'docs', 'findings.ts');
      writeFileSync(file, `${readFileSync(file, 'utf8')}\n// edited\n`);
      expect(computeRulesHash(id, copy)).toBe(computeRulesHash(id));
    }
  });

  it('changes when a threshold changes', () => {
    const copy = mkdtempSync(join(tmpdir(), 'toolmark-rules-'));
    copies.push(copy);
    cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
    writeFileSync(join(copy, 'package.json'), readFileSync(join(root, 'package.json')));
    // Resolve gpt-tokenizer from the real tree.
    cpSync(join(root, '..', 'node_modules', 'gpt-tokenizer', 'package.json'), join(copy, 'node_modules', 'gpt-tokenizer', 'package.json'), { recursive: true });
    const before = computeRulesHash('v1', copy);
    expect(before).toBe(computeRulesHash('v1'));
    const file = join(copy, 'src', 'rules', 'v1', 'thresholds.ts');
    writeFileSync(file, readFileSync(file, 'utf8').replace('minWords: 8', 'minWords: 9'));
    expect(computeRulesHash('v1', copy)).not.toBe(before);
  });
});
