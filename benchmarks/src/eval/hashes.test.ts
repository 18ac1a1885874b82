import { describe, expect, it } from 'vitest';
import type { EvalCase } from '../contracts/eval.js';
import { caseSetHash, shownSurfaceHash, textHash } from './hashes.js';

const c = (id: string, utterance = 'u'): EvalCase => ({ id, kind: 'task', language: 'en', source: 'file', utterance, expected: null });

describe('hashes', () => {
  it('hashes a case set independently of case order, but not of content', () => {
    expect(caseSetHash([c('a'), c('b')])).toBe(caseSetHash([c('b'), c('a')]));
    expect(caseSetHash([c('a'), c('b')])).not.toBe(caseSetHash([c('a'), c('b', 'v')]));
    expect(caseSetHash([])).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
  it('hashes everything shown, order-free, and text', () => {
    const tool = (name: string) => ({ name, inputSchema: { type: 'object' } });
    expect(shownSurfaceHash({ tools: [tool('a')] }, [{ tools: [tool('b')] }])).toBe(shownSurfaceHash({ tools: [tool('b')] }, [{ tools: [tool('a')] }]));
    expect(textHash('x')).toBe('sha256:2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881');
  });
});
