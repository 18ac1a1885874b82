import { z } from 'zod';
import { TimestampSchema } from './common.js';
import { authErrors, unavailable } from './errors.js';
import { KeyPurposeSchema } from './keys.js';

/** An organisation as a key sees it. */
export const OrganisationRefSchema = z.object({ id: z.string(), slug: z.string(), name: z.string() });

/** `GET /v1/me`: the calling key's organisation and purpose. */
export const MeSchema = z.object({
  organisation: OrganisationRefSchema,
  key: z.object({ id: z.string(), purpose: KeyPurposeSchema, name: z.string(), prefix: z.string() }),
});

/** Units of one purpose this UTC month: the allowance, what was spent from it, and what is left. */
export const PurposeUsageSchema = z.object({ allowance: z.number(), used: z.number(), remaining: z.number(), fromCredits: z.number() });

/** `GET /v1/me/usage`: this month's units per purpose and the organisation's unexpired credits (oldest-expiring first, the order they are spent in). */
export const UsageSchema = z.object({
  month: z.string().describe('YYYY-MM, UTC'),
  purposes: z.object({ ci: PurposeUsageSchema, script: PurposeUsageSchema }),
  credits: z.object({
    remaining: z.number(),
    items: z.array(z.object({ amount: z.number(), remaining: z.number(), reason: z.string(), expiresAt: TimestampSchema, createdAt: TimestampSchema })),
  }),
});

/** The calling key and its organisation's usage. */
export const meEndpoints = {
  'GET /v1/me': { response: { 200: MeSchema, ...authErrors, ...unavailable } },
  'GET /v1/me/usage': { response: { 200: UsageSchema, ...authErrors, ...unavailable } },
};
