import { describe, expect, it } from 'vitest';
import { EvalError } from './errors.js';

describe('EvalError', () => {
  it('carries a stable code and detail in the uniform error shape', () => {
    const e = new EvalError('not_comparable', 'runs are not comparable: seed differs', { field: 'seed', base: 1, head: 2 });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('EvalError');
    expect(JSON.parse(JSON.stringify(e))).toEqual({ error: { code: 'not_comparable', message: 'runs are not comparable: seed differs', detail: { field: 'seed', base: 1, head: 2 } } });
  });
});
