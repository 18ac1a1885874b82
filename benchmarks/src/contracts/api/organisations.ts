import { z } from 'zod';
import { NewSlugSchema, storedText } from './common.js';
import { authErrors, bodyErrors, ErrorSchema, unavailable } from './errors.js';
import { ApiKeySchema } from './keys.js';
import { OrganisationRefSchema } from './me.js';

/** Body of `POST /v1/organisations`. */
export const CreateOrganisationBodySchema = z.object({ name: storedText(100, { min: 1 }), slug: NewSlugSchema });

/** A new organisation with its first admin key (`key` is in this answer only). */
export const CreatedOrganisationSchema = z.object({ organisation: OrganisationRefSchema, key: z.string(), record: ApiKeySchema });

/** Organisations (the operator's admin key only). */
export const organisationsEndpoints = {
  'POST /v1/organisations': { body: CreateOrganisationBodySchema, response: { 201: CreatedOrganisationSchema, ...bodyErrors, 409: ErrorSchema, ...authErrors, ...unavailable } },
};
