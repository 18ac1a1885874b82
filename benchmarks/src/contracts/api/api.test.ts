import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, TimestampSchema, type Answer, type Body, type Query, type ServerSchema } from './index.js';

// Checked by `npm run typecheck:tests` (benchmarks/tsconfig.json, part of npm test): the site's types are the wire's, the server's handlers see Dates.
type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _wireTimestamp: Equal<Answer<'GET /v1/servers/{id}'>['server']['createdAt'], string> = true;
const _handlerTimestamp: Equal<z.output<typeof ServerSchema>['createdAt'], Date> = true;
const _nullableTimestamp: Equal<Answer<'GET /v1/rules'>['items'][number]['firstScoredAt'], string | null> = true;
const _defaultsOptional: Equal<Body<'POST /v1/servers'>['public'], boolean | undefined> = true;
const _queryEnum: Equal<Query<'GET /v1/leaderboards/lint'>['sort'], 'relevance' | 'score' | 'name' | 'tools' | 'tokens' | 'captured' | 'purpose' | 'usage' | 'parameters' | 'returns' | 'constraints' | 'examples' | undefined> = true;

describe('API contracts', () => {
  it('names every endpoint `METHOD /path` with OpenAPI-style parameters and answers at least one success (or, a method never allowed there, 405)', () => {
    for (const [key, endpoint] of Object.entries(endpoints)) {
      // Lower-case path segments; a parameter is named in braces (the MCP Registry's own names are camelCase: {serverName}).
      expect(key).toMatch(/^(GET|POST|DELETE|PUT|PATCH) \/(?:[a-z0-9/._-]|\{[a-zA-Z]+\})*$/);
      expect(key).not.toContain(':');
      const statuses = Object.keys(endpoint.response).map(Number);
      expect(statuses.some((s) => s >= 200 && s < 300) || statuses.includes(405), key).toBe(true);
    }
  });

  it('a timestamp is a Date on the server side and an ISO string on the wire, both ways', () => {
    const at = new Date('2025-03-04T05:06:07.089Z');
    expect(z.encode(TimestampSchema, at)).toBe('2025-03-04T05:06:07.089Z');
    expect(z.decode(TimestampSchema, '2025-03-04T05:06:07.089Z')).toEqual(at);
    // JSON.stringify (the routes that send JSON text) writes the same string.
    expect(JSON.parse(JSON.stringify({ at })).at).toBe(z.encode(TimestampSchema, at));
    expect(TimestampSchema.safeParse('4 March 2025').success).toBe(false);
  });
});
