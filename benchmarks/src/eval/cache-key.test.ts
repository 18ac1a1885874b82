import { describe, expect, it } from 'vitest';
import { cacheKey, type CacheKeyInput } from './cache-key.js';

const input: CacheKeyInput = {
  providerFingerprint: 'sha256:p',
  model: 'm',
  surfaceHash: 'sha256:s',
  utterance: 'read a file',
  settings: { temperature: 0, maxOutputTokens: 1024, toolChoice: 'auto' },
  systemHash: 'sha256:y',
  seed: 1,
  permute: true,
  toolOrder: ['read_file', 'write_file'],
  repeatIndex: 0,
};

describe('cacheKey', () => {
  it('is stable and independent of key order', () => {
    expect(cacheKey(input)).toMatch(/^tmc3:[0-9a-f]{64}$/);
    const reordered = Object.fromEntries(Object.entries(input).reverse()) as unknown as CacheKeyInput;
    expect(cacheKey(reordered)).toBe(cacheKey(input));
  });
  it('changes with every field, so repeats stay independent answers', () => {
    const changes: Partial<CacheKeyInput>[] = [
      { providerFingerprint: 'x' },
      { model: 'x' },
      { surfaceHash: 'x' },
      { utterance: 'x' },
      { settings: { ...input.settings, temperature: 1 } },
      { systemHash: 'x' },
      { seed: 2 },
      { permute: false },
      { repeatIndex: 1 },
      // Same utterance, another case: another tool order, so another answer.
      { toolOrder: ['write_file', 'read_file'] },
    ];
    const keys = new Set([cacheKey(input), ...changes.map((c) => cacheKey({ ...input, ...c }))]);
    expect(keys.size).toBe(changes.length + 1);
  });
  it('accepts a native sha256', () => {
    expect(cacheKey(input, () => 'abc')).toBe('tmc3:abc');
  });
});
