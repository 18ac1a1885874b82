// The REST API's contracts: request and response schemas of every route, one file per resource. The
// server's routes declare them (they validate requests, encode answers and generate /v1/openapi.json);
// the site infers its types from them (`Answer`, `Query`, `Body`). Exported as `@toolmark/benchmarks/api`.
import type { z } from 'zod';
import type { Wire } from './common.js';
import { cliEndpoints, docsEndpoints } from './docs.js';
import { datasetsEndpoints } from './datasets.js';
import { evaluationsEndpoints } from './evaluations.js';
import { failuresEndpoints } from './failures.js';
import { healthEndpoints } from './health.js';
import { keysEndpoints } from './keys.js';
import { leaderboardsEndpoints } from './leaderboards.js';
import { mcpEndpoints } from './mcp.js';
import { meEndpoints } from './me.js';
import { modelBoardsEndpoints } from './model-boards.js';
import { organisationsEndpoints } from './organisations.js';
import { registryEndpoints } from './registry.js';
import { rulesEndpoints } from './rules.js';
import { serversEndpoints } from './servers.js';
import { versionsEndpoints } from './versions.js';
import { watchEndpoints } from './watch.js';

export * from './common.js';
export * from './datasets.js';
export * from './errors.js';
export * from './docs.js';
export * from './evaluations.js';
export * from './failures.js';
export * from './health.js';
export * from './keys.js';
export * from './leaderboards.js';
export * from './mcp.js';
export * from './me.js';
export * from './model-boards.js';
export * from './organisations.js';
export * from './registry.js';
export * from './reserved-slugs.js';
export * from './rules.js';
export * from './security.js';
export * from './servers.js';
export * from './versions.js';
export * from './watch.js';

/** What one route declares: its path parameters, query, body, and an answer schema per status code. */
export interface Endpoint {
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  response: Partial<Record<number, z.ZodType>>;
}

/** Every route of the API by `METHOD /path` (OpenAPI's `{param}` syntax). A route file spreads its entry into its schema. */
export const endpoints = {
  ...healthEndpoints,
  ...docsEndpoints,
  ...cliEndpoints,
  ...meEndpoints,
  ...keysEndpoints,
  ...organisationsEndpoints,
  ...serversEndpoints,
  ...versionsEndpoints,
  ...leaderboardsEndpoints,
  ...registryEndpoints,
  ...rulesEndpoints,
  ...evaluationsEndpoints,
  ...failuresEndpoints,
  ...mcpEndpoints,
  ...datasetsEndpoints,
  ...modelBoardsEndpoints,
  ...watchEndpoints,
} satisfies Record<string, Endpoint>;

/** A route's `METHOD /path`. */
export type EndpointKey = keyof typeof endpoints;

type Responses<K extends EndpointKey> = (typeof endpoints)[K]['response'];
type SuccessStatus<K extends EndpointKey> = Extract<keyof Responses<K>, 200 | 201 | 202>;

/** A route's success answer as JSON on the wire (timestamps are ISO strings). */
export type Answer<K extends EndpointKey> = Wire<Responses<K>[SuccessStatus<K>] & z.ZodType>;

/** A route's query as the client sends it (fields with a default may be left out). */
export type Query<K extends EndpointKey> = (typeof endpoints)[K] extends { querystring: infer S extends z.ZodType } ? Wire<S> : never;

/** A route's JSON body as the client sends it (fields with a default may be left out). */
export type Body<K extends EndpointKey> = (typeof endpoints)[K] extends { body: infer S extends z.ZodType } ? Wire<S> : never;
