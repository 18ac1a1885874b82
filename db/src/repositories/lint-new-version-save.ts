import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import type { LintResult } from '@toolmark/benchmarks';
import { isTransientConflict, isUniqueViolation } from '../errors.js';
import { insertJobs, type JobsWithSave } from './job-insert.js';
import { columnsOf, type VersionRef } from './lint.js';
import { utcMonth } from './month.js';
import { ALLOWANCE_COLUMN_NAMES, type SpendingPurpose } from './usage.js';

/** What a save of new tools stored: the new version, its result and save rows, and the version scored before. */
export interface NewVersionSaveOutcome {
  version: VersionRef;
  resultId: string;
  saveId: string;
  previous: (VersionRef & { resultId: string }) | null;
  /** Jobs the statement queued with the save (`enqueue`; 0 without). */
  queued: number;
}

/** What the statement answers: the new version's seq (null when nothing was written) and the previous scored. */
interface StatementRow {
  seq: number | null;
  previous: { id: string; seq: number; label: string | null; surface_hash: string; result_id: string } | null;
  queued: number | null;
}

/**
 * A save whose tools differ from the latest version, in **one statement** (one round trip, atomic, no
 * BEGIN/COMMIT): lock the server row, then add the version as seq + 1, store its result, charge the unit
 * from the allowance, record the save and make the version the latest. The ids are made here so nothing
 * waits for a RETURNING. The statement writes only when all of it applies; every other case writes nothing
 * and returns null for the full path (`saveLintScore`): the tools are the latest version's after all, the
 * server is not the organisation's or does not exist, or the allowance does not cover the unit (credits,
 * 402).
 *
 * Concurrency: the reads share the statement's snapshot. A version another save commits after that
 * snapshot takes the seq this statement computed, so the insert fails on the unique (server, seq) index —
 * the whole statement rolls back and the full path, which locks before it reads, decides. The server row
 * is locked first (FOR NO KEY UPDATE, as the full path does; LOCK ORDER at saveLintScore), the usage row
 * last, so no save waits on another's usage row in reverse order; a deadlock or serialisation failure all
 * the same rolls the statement back and leaves the save to the full path, which retries once. Runs on the
 * async-commit pool, like the one-statement save of repeated tools. The documents go as text cast to
 * `json` (a `jsonb` parameter would be parsed into a tree and printed again; the `::text` keeps postgres.js
 * from encoding the text once more as a JSON string).
 *
 * With `enqueue`, the same statement inserts the save's follow-up jobs into pg-boss's table (job-insert.ts)
 * when — and only when — it added the version: they commit with it, in the same WAL flush.
 */
export async function saveNewVersionFast(
  sql: Sql,
  input: {
    serverId: string;
    organisationId: string;
    surfaceHash: string;
    tools: unknown;
    toolCount: number;
    label: string | null;
    result: LintResult;
    /** `JSON.stringify(result)` when the caller has it already (it answers with the same text). */
    resultJson?: string;
    apiKeyId: string;
    purpose: SpendingPurpose;
    at: Date;
    /** Jobs to queue in the same statement when the version is added (watch events, the other rules' lint). */
    enqueue?: JobsWithSave | undefined;
  },
): Promise<NewVersionSaveOutcome | null> {
  const allowance = sql(ALLOWANCE_COLUMN_NAMES[input.purpose]);
  const { rules } = input.result;
  const versionId = randomUUID();
  const resultId = randomUUID();
  const saveId = randomUUID();
  const c = columnsOf(input.result);
  const enqueue = input.enqueue;
  const jobs = enqueue
    ? sql`, jobs AS (${insertJobs(sql as never, sql(enqueue.table.schema), enqueue.jobs(versionId), sql`EXISTS (SELECT 1 FROM moved)`)})`
    : sql``;
  let row: StatementRow | undefined;
  try {
    [row] = await sql<StatementRow[]>`
      WITH srv AS (
        SELECT id, organisation_id, latest_version_id FROM servers WHERE id = ${input.serverId} AND deleted_at IS NULL FOR NO KEY UPDATE
      ), latest AS (
        SELECT v.id, v.seq, v.label, v.surface_hash FROM server_versions v JOIN srv ON v.id = srv.latest_version_id
      ), ok AS (
        SELECT srv.id AS server_id, COALESCE((SELECT seq FROM latest), 0) + 1 AS seq FROM srv
        WHERE srv.organisation_id = ${input.organisationId} AND NOT EXISTS (SELECT 1 FROM latest WHERE surface_hash = ${input.surfaceHash})
      ), charge AS (
        INSERT INTO usage (organisation_id, month, purpose, units)
        SELECT ${input.organisationId}, ${utcMonth(input.at)}, ${input.purpose}, 1 FROM organisations o, ok
        WHERE o.id = ${input.organisationId} AND o.${allowance} >= 1
        ON CONFLICT (organisation_id, month, purpose) DO UPDATE SET units = usage.units + 1
          WHERE usage.units + 1 <= (SELECT ${allowance} FROM organisations WHERE id = ${input.organisationId})
        RETURNING units
      ), version AS (
        INSERT INTO server_versions (id, server_id, seq, surface_hash, label, tools, tool_count, origin)
        SELECT ${versionId}, ok.server_id, ok.seq, ${input.surfaceHash}, ${input.label}, ${JSON.stringify(input.tools)}::text::json, ${input.toolCount}, 'api'
        FROM ok, charge
        RETURNING id, seq
      ), result AS (
        INSERT INTO lint_results (id, server_version_id, rules_id, rules_hash, score, band, tool_count, critical, required, minor, security_findings, tokens, result)
        SELECT ${resultId}, version.id, ${c.rulesId}, ${c.rulesHash}, ${c.score}, ${c.band}, ${c.toolCount}, ${c.critical}, ${c.required}, ${c.minor}, ${c.securityFindings}, ${c.tokens}, ${input.resultJson ?? JSON.stringify(input.result)}::text::json
        FROM version
        RETURNING id
      ), save AS (
        INSERT INTO lint_saves (id, server_id, server_version_id, lint_result_id, api_key_id, label)
        SELECT ${saveId}, ${input.serverId}, version.id, result.id, ${input.apiKeyId}, ${input.label} FROM version, result
        RETURNING id
      ), moved AS (
        UPDATE servers SET latest_version_id = version.id FROM version, save WHERE servers.id = ${input.serverId}
        RETURNING servers.id
      )${jobs}
      SELECT (SELECT version.seq FROM version, moved) AS seq, ${enqueue ? sql`(SELECT count(*)::int FROM jobs)` : sql`NULL::int`} AS queued,
        -- The version scored before under these rules: usually the latest itself (one index lookup); only
        -- when the latest has no result under these rules, walk back.
        COALESCE(
          (SELECT json_build_object('id', l.id, 'seq', l.seq, 'label', l.label, 'surface_hash', l.surface_hash, 'result_id', lr.id)
             FROM latest l JOIN lint_results lr ON lr.server_version_id = l.id AND lr.rules_id = ${rules.id} AND lr.rules_hash = ${rules.hash}),
          (SELECT json_build_object('id', pv.id, 'seq', pv.seq, 'label', pv.label, 'surface_hash', pv.surface_hash, 'result_id', lr.id)
             FROM server_versions pv JOIN lint_results lr ON lr.server_version_id = pv.id AND lr.rules_id = ${rules.id} AND lr.rules_hash = ${rules.hash}
            WHERE pv.server_id = ${input.serverId} AND pv.seq < (SELECT seq FROM latest)
            ORDER BY pv.seq DESC LIMIT 1)
        ) AS previous`;
  } catch (error) {
    if (isUniqueViolation(error) || isTransientConflict(error)) return null;
    throw error;
  }
  if (!row || row.seq === null) return null;
  const p = row.previous;
  return {
    version: { id: versionId, seq: row.seq, label: input.label, surfaceHash: input.surfaceHash },
    resultId,
    saveId,
    previous: p ? { id: p.id, seq: p.seq, label: p.label, surfaceHash: p.surface_hash, resultId: p.result_id } : null,
    queued: row.queued ?? 0,
  };
}
