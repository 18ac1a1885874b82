import { asc, and, eq } from 'drizzle-orm';
import type { EvalCase } from '@toolmark/benchmarks';
import type { Database, Executor, Tx } from '../client.js';
import { caseSets, evalCases } from '../schema.js';

/** A stored case set (without its cases). */
export type CaseSetRecord = typeof caseSets.$inferSelect;

/** The case set of a version under these settings, if one is held. */
export async function findCaseSet(db: Executor, serverVersionId: string, settingsKey: string): Promise<CaseSetRecord | undefined> {
  const [row] = await db.select().from(caseSets).where(and(eq(caseSets.serverVersionId, serverVersionId), eq(caseSets.settingsKey, settingsKey)));
  return row;
}

/** One case set by id. */
export async function getCaseSet(db: Executor, id: string): Promise<CaseSetRecord | undefined> {
  const [row] = await db.select().from(caseSets).where(eq(caseSets.id, id));
  return row;
}

/** A case set to store. */
export interface NewCaseSet {
  serverVersionId: string;
  generator: string;
  settingsKey: string;
  caseSetHash: string;
  source: string;
  cases: readonly EvalCase[];
}

/**
 * Store a case set once per (version, settings): a second store of the same settings (two evaluations
 * generating at once, a job delivered twice) keeps the first and returns it.
 */
export async function storeCaseSet(db: Database | Tx, input: NewCaseSet): Promise<CaseSetRecord> {
  // Inside a caller's transaction this is a savepoint: the start of an evaluation stores its cases with it.
  return (db as Database).transaction(async (tx) => {
    const [created] = await tx
      .insert(caseSets)
      .values({ serverVersionId: input.serverVersionId, generator: input.generator, settingsKey: input.settingsKey, caseSetHash: input.caseSetHash, caseCount: input.cases.length, source: input.source })
      .onConflictDoNothing()
      .returning();
    if (!created) return (await findCaseSet(tx, input.serverVersionId, input.settingsKey))!;
    for (let i = 0; i < input.cases.length; i += 500) {
      await tx.insert(evalCases).values(
        input.cases.slice(i, i + 500).map((c, j) => ({
          caseSetId: created.id,
          ordinal: i + j,
          caseId: c.id,
          kind: c.kind,
          language: c.language,
          expected: c.expected,
          utterance: c.utterance,
          data: c,
        })),
      );
    }
    return created;
  });
}

/** The cases of a case set in their stored order. */
export async function caseSetCases(db: Executor, caseSetId: string): Promise<EvalCase[]> {
  const rows = await db.select({ data: evalCases.data }).from(evalCases).where(eq(evalCases.caseSetId, caseSetId)).orderBy(asc(evalCases.ordinal));
  return rows.map((r) => r.data as EvalCase);
}
