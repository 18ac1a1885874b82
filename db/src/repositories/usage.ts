import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Database, Executor, Tx } from '../client.js';
import { RepositoryError } from '../errors.js';
import { credits, organisations, usage } from '../schema.js';
import type { KeyPurpose } from './api-keys.js';
import { utcMonth } from './month.js';


/** The monthly allowance of a purpose; keys of other purposes cannot spend units. */
const allowanceColumn = { ci: organisations.monthlyUnitsCi, script: organisations.monthlyUnitsScript } as const;

/** The allowance columns by name, for the hand-written save statements (lint-fast-save, lint-new-version-save). */
export const ALLOWANCE_COLUMN_NAMES = { ci: 'monthly_units_ci', script: 'monthly_units_script' } as const satisfies Record<keyof typeof allowanceColumn, string>;

/** Purposes that spend units (and so have a monthly allowance). */
export type SpendingPurpose = keyof typeof allowanceColumn;

/** Where a charge was taken from. */
export interface Charge {
  fromQuota: number;
  fromCredits: number;
}

/**
 * Spend `units` for an organisation's key purpose in the UTC month of `at`: first this month's allowance of
 * that purpose, then unexpired credits, oldest-expiring first. Throws `quota_exhausted` when both together
 * do not cover it; call it inside the transaction that writes what is paid for, so a refusal writes nothing.
 * The usage row is locked until the transaction ends, so concurrent charges of one organisation queue here:
 * callers charge last, just before commit.
 */
export async function chargeUnits(tx: Tx, input: { organisationId: string; purpose: SpendingPurpose; units: number; at: Date }): Promise<Charge> {
  const month = utcMonth(input.at);
  // The common case in one statement: the whole charge fits in this month's allowance. The upsert's
  // conditions read the allowance and refuse (no row returned) when it would be exceeded.
  const allowance = allowanceColumn[input.purpose];
  const fast = await tx.execute<{ units: number }>(sql`
    INSERT INTO ${usage} (organisation_id, month, purpose, units)
    SELECT ${input.organisationId}, ${month}, ${input.purpose}, ${input.units}
      FROM ${organisations} WHERE ${organisations.id} = ${input.organisationId} AND ${allowance} >= ${input.units}
    ON CONFLICT (organisation_id, month, purpose) DO UPDATE SET units = ${usage}.units + excluded.units
      WHERE ${usage}.units + excluded.units <= (SELECT ${allowance} FROM ${organisations} WHERE ${organisations.id} = ${input.organisationId})
    RETURNING units`);
  if (fast.length === 1) return { fromQuota: input.units, fromCredits: 0 };
  // Otherwise: what is left of the allowance, then credits.
  await tx.insert(usage).values({ organisationId: input.organisationId, month, purpose: input.purpose }).onConflictDoNothing();
  const [row] = await tx
    .select({ units: usage.units, allowance: allowanceColumn[input.purpose] })
    .from(usage)
    .innerJoin(organisations, eq(organisations.id, usage.organisationId))
    .where(and(eq(usage.organisationId, input.organisationId), eq(usage.month, month), eq(usage.purpose, input.purpose)))
    .for('update', { of: usage });
  const fromQuota = Math.max(0, Math.min(input.units, row!.allowance - row!.units));
  let missing = input.units - fromQuota;
  const taken: { id: string; take: number }[] = [];
  if (missing > 0) {
    const open = await tx
      .select({ id: credits.id, remaining: credits.remaining })
      .from(credits)
      .where(and(eq(credits.organisationId, input.organisationId), gt(credits.remaining, 0), gt(credits.expiresAt, input.at)))
      .orderBy(asc(credits.expiresAt), asc(credits.id))
      .for('update');
    for (const credit of open) {
      if (missing === 0) break;
      const take = Math.min(missing, credit.remaining);
      taken.push({ id: credit.id, take });
      missing -= take;
    }
    if (missing > 0) {
      throw new RepositoryError('quota_exhausted', `this month's ${input.purpose} units and the organisation's credits are used up`, {
        purpose: input.purpose,
        month: month.slice(0, 7),
        allowance: row!.allowance,
        used: row!.units,
        needed: input.units,
      });
    }
    for (const { id, take } of taken) await tx.update(credits).set({ remaining: sql`${credits.remaining} - ${take}` }).where(eq(credits.id, id));
  }
  const fromCredits = input.units - fromQuota;
  await tx
    .update(usage)
    .set({ units: sql`${usage.units} + ${fromQuota}`, creditUnits: sql`${usage.creditUnits} + ${fromCredits}` })
    .where(and(eq(usage.organisationId, input.organisationId), eq(usage.month, month), eq(usage.purpose, input.purpose)));
  return { fromQuota, fromCredits };
}

/** This month's usage per purpose and the live credits of an organisation (the `balance`). */
export async function balanceOf(db: Database, organisationId: string, at: Date) {
  const month = utcMonth(at);
  const [org] = await db.select().from(organisations).where(eq(organisations.id, organisationId));
  const used = await db.select().from(usage).where(and(eq(usage.organisationId, organisationId), eq(usage.month, month)));
  const live = await db
    .select({ remaining: sql<number>`coalesce(sum(${credits.remaining}), 0)::int` })
    .from(credits)
    .where(and(eq(credits.organisationId, organisationId), gt(credits.expiresAt, at)));
  const usedOf = (p: KeyPurpose) => used.find((u) => u.purpose === p)?.units ?? 0;
  return {
    month: month.slice(0, 7),
    ci: { allowance: org?.monthlyUnitsCi ?? 0, used: usedOf('ci'), remaining: Math.max(0, (org?.monthlyUnitsCi ?? 0) - usedOf('ci')) },
    script: { allowance: org?.monthlyUnitsScript ?? 0, used: usedOf('script'), remaining: Math.max(0, (org?.monthlyUnitsScript ?? 0) - usedOf('script')) },
    credits: live[0]?.remaining ?? 0,
  };
}

/**
 * This month's units per spending purpose (allowance, used from it, left, and units taken from credits)
 * and the organisation's unexpired credits, oldest-expiring first (the order they are spent in).
 */
export async function usageReport(db: Database, organisationId: string, at: Date) {
  const month = utcMonth(at);
  const [[org], used, open] = await Promise.all([
    db.select({ ci: organisations.monthlyUnitsCi, script: organisations.monthlyUnitsScript }).from(organisations).where(eq(organisations.id, organisationId)),
    db.select().from(usage).where(and(eq(usage.organisationId, organisationId), eq(usage.month, month))),
    db
      .select({ amount: credits.amount, remaining: credits.remaining, reason: credits.reason, expiresAt: credits.expiresAt, createdAt: credits.createdAt })
      .from(credits)
      .where(and(eq(credits.organisationId, organisationId), gt(credits.remaining, 0), gt(credits.expiresAt, at)))
      .orderBy(asc(credits.expiresAt), asc(credits.id)),
  ]);
  const of = (p: SpendingPurpose) => {
    const row = used.find((u) => u.purpose === p);
    const allowance = org?.[p] ?? 0;
    const spent = row?.units ?? 0;
    return { allowance, used: spent, remaining: Math.max(0, allowance - spent), fromCredits: row?.creditUnits ?? 0 };
  };
  return {
    month: month.slice(0, 7),
    purposes: { ci: of('ci'), script: of('script') },
    credits: { remaining: open.reduce((n, c) => n + c.remaining, 0), items: open },
  };
}

/** Grant credits to an organisation (e.g. refunds: 6 months). */
export async function grantCredits(db: Executor, input: { organisationId: string; amount: number; reason: string; expiresAt: Date }): Promise<void> {
  await db.insert(credits).values({ ...input, remaining: input.amount });
}
