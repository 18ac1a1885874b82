import { z } from 'zod';
import { authErrors, unavailable } from './errors.js';
import { KeyPurposeSchema } from './keys.js';

/** An organisation as a key sees it. */
export const OrganisationRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/** `GET /v1/me`: the calling key's organisation and purpose. */
export const MeSchema = z.object({
  organisation: OrganisationRefSchema,
  key: z.object({ id: z.string(), purpose: KeyPurposeSchema, name: z.string(), prefix: z.string() }),
});

/** The calling key. */
export const meEndpoints = {
  'GET /v1/me': { response: { 200: MeSchema, ...authErrors, ...unavailable } },
};
