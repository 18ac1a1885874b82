import { z } from 'zod';
import { IdParamsSchema, storedText, TimestampSchema } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';

/** What a key may do: `admin` manages keys, `ci` saves lint scores, `script` also evaluations, `agent` no REST API. */
export const KeyPurposeSchema = z.enum(['admin', 'ci', 'script', 'agent']);

/** A key as listed: never the key itself, only its first characters. */
export const ApiKeySchema = z.object({
  id: z.string(),
  organisationId: z.string(),
  purpose: KeyPurposeSchema,
  name: z.string(),
  prefix: z.string(),
  createdAt: TimestampSchema,
  lastUsedAt: TimestampSchema.nullable(),
  revokedAt: TimestampSchema.nullable(),
});

/** Body of `POST /v1/keys`. */
export const CreateKeyBodySchema = z.object({ purpose: KeyPurposeSchema, name: storedText(100, { min: 1 }) });

/** A new key: `key` is in this answer only. */
export const CreatedKeySchema = z.object({ key: z.string(), record: ApiKeySchema });

/** The organisation's keys (admin keys only). */
export const keysEndpoints = {
  'GET /v1/keys': { response: { 200: z.object({ items: z.array(ApiKeySchema) }), ...authErrors, ...unavailable } },
  'POST /v1/keys': { body: CreateKeyBodySchema, response: { 201: CreatedKeySchema, 409: ErrorSchema, ...bodyErrors, ...authErrors, ...unavailable } },
  'DELETE /v1/keys/{id}': { params: IdParamsSchema, response: { 200: ApiKeySchema, 400: ErrorSchema, 404: ErrorSchema, ...authErrors, ...unavailable } },
};
