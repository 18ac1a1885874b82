import { describe, expect, it } from 'vitest';
import { CategoryIdSchema, SeveritySchema } from '../contracts/lint-result.js';
import { CATEGORY_ORDER, SEVERITY_ORDER } from './order.js';

describe('report orders', () => {
  it('are the contract schemas’ options, in order (the report keeps a zod-free copy)', () => {
    expect(SEVERITY_ORDER).toEqual(SeveritySchema.options);
    expect(CATEGORY_ORDER).toEqual(CategoryIdSchema.options);
  });
});
