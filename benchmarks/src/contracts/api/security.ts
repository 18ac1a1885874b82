import { z } from 'zod';

/**
 * A result's security status beside its score, from the security codes of the rule set that scored it
 * (`securityStatus` in rules/security-status.ts derives it; every answer that carries a score carries
 * this): `risk` when any finding has one of those codes. A poisoned server must never look like the best
 * one, so the site and the badge show `risk` instead of the band.
 */
export const SecurityStatusSchema = z.object({
  status: z.enum(['clean', 'risk']),
  /** Security findings in all (per-tool and server-wide). */
  findings: z.number(),
  /** The distinct security codes found, sorted. */
  codes: z.array(z.string()),
  /** How many tools carry a security finding. */
  tools: z.number(),
});
/** A result's security status. */
export type SecurityStatus = z.infer<typeof SecurityStatusSchema>;
