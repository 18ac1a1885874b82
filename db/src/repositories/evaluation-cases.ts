import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { evaluations, modelRuns } from '../schema.js';
import { addMonths, REFUND_VALID_MONTHS } from './evaluations.js';
import { grantCredits } from './usage.js';

/** A model run priced again on the cases a generator model wrote (the start priced a stand-in). */
export interface RepricedRun {
  id: string;
  /** The run's price on the real cases: generation plus the trials whose answers are not held. */
  units: number;
  trialCount: number;
  reusedTrials: number;
  /** The run's settings with `reusedAtStart` for the real cases. */
  settings: unknown;
}

/**
 * Attach a case set to an evaluation (the one it has, or its first) and mark it running; with `runs`, in the same
 * transaction, each run is priced on these cases — never more than the start charged: what it charged above
 * that is refunded (`refundedUnits`) as credits valid {@link REFUND_VALID_MONTHS} months. Once:
 * a second delivery of the job finds the case set attached and changes nothing. Returns the units refunded.
 */
export async function attachCaseSet(db: Database, input: { evaluationId: string; caseSetId: string; at: Date; runs?: readonly RepricedRun[] }): Promise<{ attached: boolean; refunded: number }> {
  return db.transaction(async (tx) => {
    const [evaluation] = await tx.select().from(evaluations).where(eq(evaluations.id, input.evaluationId)).for('update');
    if (!evaluation || (evaluation.caseSetId !== null && evaluation.caseSetId !== input.caseSetId)) return { attached: false, refunded: 0 };
    await tx
      .update(evaluations)
      .set({
        caseSetId: input.caseSetId,
        status: sql`CASE WHEN ${evaluations.status} = 'queued' THEN 'running'::evaluation_status ELSE ${evaluations.status} END`,
        startedAt: sql`coalesce(${evaluations.startedAt}, ${input.at.toISOString()}::timestamptz)`,
      })
      .where(eq(evaluations.id, evaluation.id));
    // Priced once: only when this attaches the cases (the start stored none).
    if (evaluation.caseSetId !== null) return { attached: true, refunded: 0 };
    let refunded = 0;
    for (const r of input.runs ?? []) {
      const [run] = await tx.select().from(modelRuns).where(and(eq(modelRuns.id, r.id), eq(modelRuns.evaluationId, evaluation.id), inArray(modelRuns.status, ['queued', 'running']))).for('update');
      if (!run) continue;
      // `units` stays what the start charged; what it charged above the price on these cases is refunded.
      const refund = Math.max(0, run.units - run.refundedUnits - Math.max(r.units, run.generationUnits));
      await tx
        .update(modelRuns)
        .set({
          trialCount: r.trialCount,
          reusedTrials: r.reusedTrials,
          settings: r.settings,
          refundedUnits: sql`${modelRuns.refundedUnits} + ${refund}`,
          ...(refund > 0 ? { refunds: sql`${modelRuns.refunds} || ${JSON.stringify([{ reason: 'repriced', trials: null, units: refund, at: input.at.toISOString() }])}::jsonb` } : {}),
        })
        .where(eq(modelRuns.id, run.id));
      refunded += refund;
    }
    if (refunded > 0) {
      await grantCredits(tx, { organisationId: evaluation.organisationId, amount: refunded, reason: `refund: evaluation ${evaluation.id}, priced again on the generator's cases`, expiresAt: addMonths(input.at, REFUND_VALID_MONTHS) });
    }
    return { attached: true, refunded };
  });
}
