import { z } from 'zod';
import { authErrors, ErrorSchema } from './errors.js';

/** One operation of the OpenAPI document, as far as the site's reference page reads it (other keys pass). */
export const OpenApiOperationSchema = z.looseObject({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  security: z.array(z.unknown()).optional(),
  parameters: z
    .array(
      z.looseObject({
        name: z.string(),
        in: z.string(),
        required: z.boolean().optional(),
        description: z.string().optional(),
        schema: z.looseObject({ type: z.string().optional(), enum: z.array(z.unknown()).optional(), default: z.unknown().optional() }).optional(),
      }),
    )
    .optional(),
  requestBody: z.unknown().optional(),
  responses: z.record(z.string(), z.looseObject({ description: z.string().optional() })).optional(),
});

/** `GET /v1/openapi.json`: the OpenAPI 3.1 document generated from these contracts (loose: it is JSON Schema all the way down). */
export const OpenApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), OpenApiOperationSchema)),
});

/** The API reference: machine-readable and rendered (neither is listed in the document itself). */
export const docsEndpoints = {
  'GET /v1/openapi.json': { response: { 200: OpenApiDocumentSchema, ...authErrors } },
  'GET /v1/docs': { response: { 200: z.string().describe('text/html'), ...authErrors } },
};

/** `GET /cli/{file}`: the CLI as an npm tarball (`toolmark.tgz`, or `toolmark-<version>.tgz`); not in the OpenAPI document. */
export const CliFileParamsSchema = z.object({ file: z.string().max(200) });

/** The installable CLI, packed by `npm run build` from this install's source (hidden from the document like the reference). */
export const cliEndpoints = {
  'GET /cli/{file}': {
    params: CliFileParamsSchema,
    response: { 200: z.unknown().describe('application/gzip: the npm tarball'), 304: z.null(), 404: ErrorSchema, ...authErrors },
  },
};
