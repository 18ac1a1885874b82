import { randomUUID } from 'node:crypto';
import type { Sql } from 'postgres';
import type { LintResult } from '@toolmark/benchmarks';
import { columnsOf, type VersionRef } from './lint.js';
import { utcMonth } from './month.js';
import { ALLOWANCE_COLUMN_NAMES, type SpendingPurpose } from './usage.js';

/** What a save of new tools stored: the new version, the save, and the version scored before it. */
export interface NewVersionSaveOutcome {
  version: VersionRef;
  saveId: string;
  previous: (VersionRef & { resultId: string }) | null;
}

/** Thrown inside the transaction to roll it back and hand the save to the full path. */
const FALL_BACK = Symbol('fall back to the full save path');

/**
 * A save whose tools differ from the latest version, in one transaction of four round trips: lock the
 * server row and read its latest version and the version scored before, then — pipelined, ids made here
 * so nothing waits for a RETURNING — insert the version, make it the latest, insert its result, charge
 * the unit from the allowance and insert the save. Every other case rolls back and returns null for the
 * full path (`saveLintScore`): the tools are the latest version's after all (a concurrent save added
 * them), the server is not the organisation's or does not exist, or the allowance does not cover the unit
 * (credits, 402). Runs on the async-commit pool, like the one-statement save of repeated tools.
 */
export async function saveNewVersionPipelined(
  sql: Sql,
  input: {
    serverId: string;
    organisationId: string;
    surfaceHash: string;
    tools: unknown;
    toolCount: number;
    label: string | null;
    result: LintResult;
    apiKeyId: string;
    purpose: SpendingPurpose;
    at: Date;
  },
): Promise<NewVersionSaveOutcome | null> {
  const allowance = sql(ALLOWANCE_COLUMN_NAMES[input.purpose]);
  const { rules } = input.result;
  try {
    return await sql.begin(async (tx) => {
      // Lock first, then read: the read is a separate statement, so its snapshot is taken after the lock
      // is granted and sees a version another save committed while we waited. (One statement that locks
      // and joins would re-check only the locked row and join it to the version it saw before waiting.)
      // Pipelined: both go out in one write.
      const [locked, [row]] = await Promise.all([
        tx<{ organisation_id: string }[]>`SELECT organisation_id FROM servers WHERE id = ${input.serverId} FOR UPDATE`,
        tx<
          {
            seq: number | null;
            surface_hash: string | null;
            previous: { id: string; seq: number; label: string | null; surface_hash: string; result_id: string } | null;
          }[]
        >`
          SELECT v.seq, v.surface_hash,
            (SELECT json_build_object('id', pv.id, 'seq', pv.seq, 'label', pv.label, 'surface_hash', pv.surface_hash, 'result_id', lr.id)
               FROM server_versions pv JOIN lint_results lr ON lr.server_version_id = pv.id
              WHERE pv.server_id = s.id AND lr.rules_id = ${rules.id} AND lr.rules_hash = ${rules.hash}
              ORDER BY pv.seq DESC LIMIT 1) AS previous
          FROM servers s LEFT JOIN server_versions v ON v.id = s.latest_version_id
          WHERE s.id = ${input.serverId}`,
      ]);
      if (locked[0]?.organisation_id !== input.organisationId) throw FALL_BACK;
      if (!row || row.surface_hash === input.surfaceHash) throw FALL_BACK;
      const versionId = randomUUID();
      const resultId = randomUUID();
      const saveId = randomUUID();
      const seq = (row.seq ?? 0) + 1;
      const c = columnsOf(input.result);
      const [, , , charged] = await Promise.all([
        tx`INSERT INTO server_versions (id, server_id, seq, surface_hash, label, tools, tool_count, origin)
           VALUES (${versionId}, ${input.serverId}, ${seq}, ${input.surfaceHash}, ${input.label}, ${tx.json(input.tools as never)}, ${input.toolCount}, 'api')`,
        tx`UPDATE servers SET latest_version_id = ${versionId} WHERE id = ${input.serverId}`,
        tx`INSERT INTO lint_results (id, server_version_id, rules_id, rules_hash, score, band, tool_count, critical, required, minor, security_findings, tokens, result)
           VALUES (${resultId}, ${versionId}, ${c.rulesId}, ${c.rulesHash}, ${c.score}, ${c.band}, ${c.toolCount}, ${c.critical}, ${c.required}, ${c.minor}, ${c.securityFindings}, ${c.tokens}, ${tx.json(input.result as never)})`,
        tx`INSERT INTO usage (organisation_id, month, purpose, units)
           SELECT ${input.organisationId}, ${utcMonth(input.at)}, ${input.purpose}, 1 FROM organisations o
           WHERE o.id = ${input.organisationId} AND o.${allowance} >= 1
           ON CONFLICT (organisation_id, month, purpose) DO UPDATE SET units = usage.units + 1
             WHERE usage.units + 1 <= (SELECT ${allowance} FROM organisations WHERE id = ${input.organisationId})
           RETURNING units`,
        tx`INSERT INTO lint_saves (id, server_id, server_version_id, lint_result_id, api_key_id, label)
           VALUES (${saveId}, ${input.serverId}, ${versionId}, ${resultId}, ${input.apiKeyId}, ${input.label})`,
      ]);
      if (charged.length === 0) throw FALL_BACK;
      const previous = row.previous
        ? { id: row.previous.id, seq: row.previous.seq, label: row.previous.label, surfaceHash: row.previous.surface_hash, resultId: row.previous.result_id }
        : null;
      return { version: { id: versionId, seq, label: input.label, surfaceHash: input.surfaceHash }, saveId, previous };
    });
  } catch (error) {
    if (error === FALL_BACK) return null;
    throw error;
  }
}
