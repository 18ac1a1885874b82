// Shared bits of the provider tests: a turn request and an assertion that a promise fails with a code.
import type { ProviderErrorCode, TurnRequest } from '@toolmark/benchmarks';
import { expect } from 'vitest';
import { ProviderError } from '../../src/providers/provider.js';

/** A small turn: two tools, an utterance, settings with temperature and seed. */
export function turnRequest(overrides: Partial<TurnRequest> = {}): TurnRequest {
  return {
    model: 'fake-model-1',
    system: 'You are an assistant with access to tools.',
    utterance: 'Search the issues for "crash on start"',
    tools: [
      {
        name: 'search_issues',
        description: 'Search issues by text.',
        inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
      },
      { name: 'get_issue', description: 'Get one issue by id.', inputSchema: { type: 'object', properties: { id: { type: 'integer' } } } },
    ],
    settings: { temperature: 0, seed: 7, maxOutputTokens: 256, toolChoice: 'auto' },
    ...overrides,
  };
}

/** Await `promise` and check it rejects with a ProviderError of `code`; returns the error. */
export async function failsWith(promise: Promise<unknown>, code: ProviderErrorCode): Promise<ProviderError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected a ProviderError ${code}`).toBeInstanceOf(ProviderError);
  expect((error as ProviderError).code, (error as Error).message).toBe(code);
  return error as ProviderError;
}

/** A signal that never aborts. */
export const never = (): AbortSignal => new AbortController().signal;
