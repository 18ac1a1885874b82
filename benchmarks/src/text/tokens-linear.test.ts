import { describe, expect, it } from 'vitest';
import { countLinear, hasLongRun, loadTokenCounter } from './tokens.js';

describe('countLinear', () => {
  it('is exact for text without a pathological run', async () => {
    const exactCalls: string[] = [];
    const spy = (t: string) => {
      exactCalls.push(t);
      return t.length;
    };
    const text = 'Reads a file. '.repeat(500);
    expect(countLinear(text, spy)).toBe(text.length);
    expect(exactCalls).toEqual([text]);
  });

  it('slices runs of 512+ letters, punctuation or whitespace and counts the rest around them', () => {
    const calls: string[] = [];
    const count = (t: string) => (calls.push(t), 1);
    const text = `before ${' '.repeat(600)} after ${'='.repeat(512)}`;
    // before + " " | 300 spaces... the run includes the spaces next to it
    expect(countLinear(text, count)).toBe(calls.length);
    expect(calls[0]).toBe('before');
    expect(calls.every((c) => c.length <= 512)).toBe(true);
    expect(calls.join('')).toBe(text);
  });

  it('stays within a few tokens of the exact count and runs in linear time', async () => {
    const counter = await loadTokenCounter();
    const { countTokens } = await import('gpt-tokenizer/encoding/o200k_base');
    const text = `Reads ${' '.repeat(2000)} the file ${'-'.repeat(1000)} now`;
    const exact = countTokens(text);
    expect(Math.abs(counter.count(text) - exact)).toBeLessThanOrEqual(4);
    const t0 = performance.now();
    expect(counter.count(`a${' '.repeat(200_000)}b${'x'.repeat(200_000)}`)).toBeGreaterThan(1000);
    expect(performance.now() - t0).toBeLessThan(2000);
  });

  it('counts special-token markers as ordinary text', async () => {
    const counter = await loadTokenCounter();
    expect(counter.count('Reads <|endoftext|> stuff')).toBeGreaterThan(5);
  });
});

describe('hasLongRun', () => {
  it('finds a run of 512 of one class wherever it starts, and only then', () => {
    for (const offset of [0, 1, 100, 255, 256, 300]) {
      expect(hasLongRun(`${'1'.repeat(offset)}${'x'.repeat(512)}`)).toBe(true);
      expect(hasLongRun(`${'#'.repeat(offset)} ${' '.repeat(512)}`)).toBe(true);
    }
    expect(hasLongRun('é'.repeat(512))).toBe(true);
    expect(hasLongRun('😀'.repeat(300))).toBe(true);
    expect(hasLongRun('ab '.repeat(1000))).toBe(false);
    expect(hasLongRun('{"type":"string"},'.repeat(200))).toBe(false);
    expect(hasLongRun('1'.repeat(5000))).toBe(false); // digits are split every three by the tokenizer
    expect(hasLongRun('x'.repeat(255))).toBe(false);
  });
});
