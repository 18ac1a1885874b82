import type { Sql } from 'postgres';
import { isTransientConflict } from '../errors.js';
import { utcMonth } from './month.js';
import { ALLOWANCE_COLUMN_NAMES, type SpendingPurpose } from './usage.js';
import type { VersionRef } from './lint.js';

/** What the one-statement save found and did. */
export interface FastSaveOutcome {
  /** The save row, or null when the fast path did not apply (nothing was written). */
  saveId: string | null;
  server: { id: string; organisationId: string; public: boolean } | null;
  latest: VersionRef | null;
  /** The version scored before the latest under the same rules, with that result's id. */
  previous: (VersionRef & { resultId: string }) | null;
}

/**
 * The common CI save in one statement (one round trip, atomic): when the tools are the latest version's
 * and that version already has its result under these rules, and the month's allowance covers one unit,
 * insert the save and charge the unit. Otherwise nothing is written and the caller takes the full path
 * (new version, credits, 402, 403, 404), which also covers every race this one leaves to it. Returns what
 * the statement saw, so the caller can answer without asking again (ownership, version, previous scored).
 */
export async function saveUnchangedFast(
  sql: Sql,
  input: {
    serverId: string;
    surfaceHash: string;
    rules: { id: string; hash: string };
    organisationId: string;
    purpose: SpendingPurpose;
    apiKeyId: string;
    label: string | null;
    at: Date;
  },
): Promise<FastSaveOutcome> {
  const allowance = sql(ALLOWANCE_COLUMN_NAMES[input.purpose]);
  const month = utcMonth(input.at);
  const rows = await sql<
    {
      server: { id: string; organisation_id: string; public: boolean } | null;
      latest: { id: string; seq: number; label: string | null; surface_hash: string } | null;
      previous: { id: string; seq: number; label: string | null; surface_hash: string; result_id: string } | null;
      save_id: string | null;
    }[]
  >`
    WITH srv AS (
      -- FOR KEY SHARE, the lock lint_saves' foreign-key check takes anyway, taken first (LOCK ORDER at
      -- saveLintScore): it never waits for a save of new tools (FOR NO KEY UPDATE), and the usage row after it.
      SELECT id, organisation_id, public, latest_version_id FROM servers WHERE id = ${input.serverId} AND deleted_at IS NULL FOR KEY SHARE
    ), latest AS (
      SELECT v.id, v.seq, v.label, v.surface_hash FROM server_versions v JOIN srv ON v.id = srv.latest_version_id
    ), res AS (
      SELECT lr.id FROM lint_results lr JOIN latest ON lr.server_version_id = latest.id
      WHERE lr.rules_id = ${input.rules.id} AND lr.rules_hash = ${input.rules.hash}
    ), ok AS (
      SELECT srv.id AS server_id, latest.id AS version_id, res.id AS result_id FROM srv, latest, res
      WHERE srv.organisation_id = ${input.organisationId} AND latest.surface_hash = ${input.surfaceHash}
    ), charge AS (
      INSERT INTO usage (organisation_id, month, purpose, units)
      SELECT ${input.organisationId}, ${month}, ${input.purpose}, 1 FROM organisations o, ok
      WHERE o.id = ${input.organisationId} AND o.${allowance} >= 1
      ON CONFLICT (organisation_id, month, purpose) DO UPDATE SET units = usage.units + 1
        WHERE usage.units + 1 <= (SELECT ${allowance} FROM organisations WHERE id = ${input.organisationId})
      RETURNING units
    ), save AS (
      INSERT INTO lint_saves (server_id, server_version_id, lint_result_id, api_key_id, label)
      SELECT ok.server_id, ok.version_id, ok.result_id, ${input.apiKeyId}, ${input.label} FROM ok, charge
      RETURNING id
    ), prev AS (
      -- The version scored before the latest: usually the one just before it (one index lookup) ...
      SELECT v.id, v.seq, v.label, v.surface_hash, lr.id AS result_id
      FROM latest, server_versions v JOIN lint_results lr ON lr.server_version_id = v.id
        AND lr.rules_id = ${input.rules.id} AND lr.rules_hash = ${input.rules.hash}
      WHERE v.server_id = ${input.serverId} AND v.seq = latest.seq - 1
    ), prev_far AS (
      -- ... otherwise walk back (read only when the first finds nothing: COALESCE stops at its first value).
      SELECT v.id, v.seq, v.label, v.surface_hash, lr.id AS result_id
      FROM server_versions v JOIN lint_results lr ON lr.server_version_id = v.id, latest
      WHERE v.server_id = ${input.serverId} AND v.seq < latest.seq - 1
        AND lr.rules_id = ${input.rules.id} AND lr.rules_hash = ${input.rules.hash}
      ORDER BY v.seq DESC LIMIT 1
    )
    SELECT (SELECT json_build_object('id', id, 'organisation_id', organisation_id, 'public', public) FROM srv) AS server,
           (SELECT row_to_json(latest) FROM latest) AS latest,
           COALESCE((SELECT row_to_json(prev) FROM prev), (SELECT row_to_json(prev_far) FROM prev_far)) AS previous,
           (SELECT id FROM save) AS save_id`.catch((error: unknown) => {
    // A deadlock or serialisation failure rolled the statement back (nothing written): the full path, which
    // retries once, takes the save.
    if (isTransientConflict(error)) return [];
    throw error;
  });
  const [row] = rows;
  const ref = (v: { id: string; seq: number; label: string | null; surface_hash: string }): VersionRef => ({ id: v.id, seq: v.seq, label: v.label, surfaceHash: v.surface_hash });
  return {
    saveId: row?.save_id ?? null,
    server: row?.server ? { id: row.server.id, organisationId: row.server.organisation_id, public: row.server.public } : null,
    latest: row?.latest ? ref(row.latest) : null,
    previous: row?.previous ? { ...ref(row.previous), resultId: row.previous.result_id } : null,
  };
}
