// The MCP Registry API (issue 27), both ways: toolmark serves its public board in the registry's shape
// (`GET /v0/servers`, `/v0.1/servers`), and imports servers from any registry that speaks it. The shapes
// follow the registry's published OpenAPI document, version 2025-12-01
// (modelcontextprotocol/registry, docs/reference/api/openapi.yaml: ServerList, ServerResponse,
// ServerDetail, Package, RemoteTransport) and server.json schema 2025-12-11. Reading is lenient (unknown
// keys pass: a registry may add fields), writing is exactly these fields.
import { z } from 'zod';
import { authErrors, ErrorSchema, unavailable } from './errors.js';

export const SERVER_JSON_SCHEMA = 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json';
/** toolmark's own `_meta` namespace (reverse DNS, as the registry asks of extensions). */
export const TOOLMARK_META = 'io.toolmark/quality';
export const OFFICIAL_META = 'io.modelcontextprotocol.registry/official';

const KeyValueInputSchema = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  isRequired: z.boolean().optional(),
  isSecret: z.boolean().optional(),
  format: z.string().optional(),
  value: z.string().optional(),
  default: z.string().optional(),
});

export const RegistryPackageSchema = z.looseObject({
  registryType: z.string(),
  registryBaseUrl: z.string().optional(),
  identifier: z.string(),
  version: z.string().optional(),
  runtimeHint: z.string().optional(),
  transport: z.looseObject({ type: z.string(), url: z.string().optional() }),
  environmentVariables: z.array(KeyValueInputSchema).optional(),
});

export const RegistryRemoteSchema = z.looseObject({
  type: z.string(),
  url: z.string(),
});

/** server.json: the static description of one server version. */
export const RegistryServerDetailSchema = z.looseObject({
  $schema: z.string().optional(),
  name: z.string().min(3).max(200),
  description: z.string(),
  title: z.string().optional(),
  version: z.string(),
  repository: z.looseObject({ url: z.string(), source: z.string(), subfolder: z.string().optional() }).optional(),
  websiteUrl: z.string().optional(),
  packages: z.array(RegistryPackageSchema).optional(),
  remotes: z.array(RegistryRemoteSchema).optional(),
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type RegistryServerDetail = z.infer<typeof RegistryServerDetailSchema>;

/** toolmark's scores of a server, under `_meta["io.toolmark/quality"]`. */
export const ToolmarkRegistryMetaSchema = z.object({
  /** The rules version the score is under, and its hash (scores compare only under the same pair). */
  rules: z.string(),
  rulesHash: z.string(),
  score: z.number().nullable(),
  band: z.string().nullable(),
  /** `clean` or `findings` (the server's tools have security findings under these rules). */
  security: z.enum(['clean', 'findings']),
  toolCount: z.number(),
  licence: z.string().nullable(),
  /** The server's page on this toolmark instance (path). */
  page: z.string(),
});

export const RegistryServerResponseSchema = z.looseObject({
  server: RegistryServerDetailSchema,
  _meta: z.record(z.string(), z.unknown()).optional(),
});
export type RegistryServerResponse = z.infer<typeof RegistryServerResponseSchema>;

export const RegistryServerListSchema = z.looseObject({
  servers: z.array(RegistryServerResponseSchema),
  metadata: z.looseObject({ nextCursor: z.string().nullable().optional(), count: z.number().optional() }).optional(),
});
export type RegistryServerList = z.infer<typeof RegistryServerListSchema>;

export const RegistryListQuerySchema = z.object({
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number<number | string>().int().min(1).max(100).default(30),
  search: z.string().max(100).optional(),
  /** `latest` (the only version toolmark keeps per server on its board) or an exact version. */
  version: z.string().max(255).optional(),
});

/** Body of `POST /v1/registry/imports`: a registry API base URL (its `/v0.1/servers` is read) or one server.json. */
export const RegistryImportSchema = z.union([
  z.strictObject({ url: z.url({ protocol: /^https?$/ }).max(2000), limit: z.number().int().min(1).max(1000).default(200) }),
  z.strictObject({ serverJson: z.record(z.string(), z.unknown()) }),
]);
export type RegistryImportBody = z.output<typeof RegistryImportSchema>;

/** What an import did: every entry registered (a capture job each) or skipped, with why. */
export const RegistryImportResultSchema = z.object({
  read: z.number(),
  registered: z.array(z.object({ name: z.string(), serverId: z.string(), slug: z.string(), source: z.enum(['npm', 'url']), jobId: z.string().nullable() })),
  skipped: z.array(z.object({ name: z.string(), reason: z.string() })),
});

const NameParams = z.object({ serverName: z.string().min(1).max(300) });
const NameVersionParams = NameParams.extend({ version: z.string().min(1).max(255) });

export const registryEndpoints = {
  'POST /v1/registry/imports': { body: RegistryImportSchema, response: { 200: RegistryImportResultSchema, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 429: ErrorSchema, 502: ErrorSchema, ...unavailable } },
  'GET /v0/servers': { querystring: RegistryListQuerySchema, response: { 200: RegistryServerListSchema, 400: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v0/servers/{serverName}/versions': { params: NameParams, response: { 200: RegistryServerListSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
  'GET /v0/servers/{serverName}/versions/{version}': { params: NameVersionParams, response: { 200: RegistryServerResponseSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
};
