import { describe, expect, it } from 'vitest';
import { loadTokenCounter } from './tokens.js';

describe('loadTokenCounter', () => {
  it('loads o200k_base once and counts real tokens', async () => {
    const a = await loadTokenCounter();
    const b = await loadTokenCounter();
    expect(b).toBe(a);
    expect(a.id).toBe('o200k_base');
    expect(a.count('')).toBe(0);
    expect(a.count('hello world')).toBe(2);
    // Not a character heuristic: 399 characters of one repeated word are 100 tokens (" the" is one token).
    expect(a.count('the '.repeat(100).trim())).toBe(100);
    expect(a.count('ファイルを読み込みます')).toBeGreaterThan(2);
  });
});
