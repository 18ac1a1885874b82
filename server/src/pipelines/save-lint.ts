import { diffLintResults, LATEST_RULES, parseSurfaceText, surfaceHash, type LintChanges, type LintResult } from '@toolmark/benchmarks';
import { getServer, lintResultById, previousScoredRef, saveLintScore, type AuthenticatedKey, type Database, type SpendingPurpose } from '@toolmark/db';
import { ApiError, notFound } from '../api/errors.js';
import { nodeSha256Hex } from '../native-hash.js';
import type { LintMemo } from './lint-memo.js';

/** What `POST /v1/servers/{id}/lint` answers: the lint result, the version it was saved on, and `changes`. */
export type SaveLintResponse = LintResult & {
  version: { id: string; seq: number; label: string | null; created: boolean };
  changes: LintChanges | null;
};

/**
 * Save a lint score from CI: parse the body as a `tools/list` (any accepted shape; the core's limits and
 * typed errors apply), lint it under the latest rules, then in one transaction add a version if the tools
 * changed, store the result, record the save and charge one unit. `changes` compares with the version
 * scored before this one under the same rules.
 */
export async function saveLint(
  deps: { db: Database; memo: LintMemo },
  input: { serverId: string; body: string; label: string | null; key: AuthenticatedKey; at: Date },
): Promise<SaveLintResponse> {
  const server = await getServer(deps.db, input.serverId);
  if (!server || (server.organisationId !== input.key.organisationId && !server.public)) throw notFound('server', input.serverId);
  if (server.organisationId !== input.key.organisationId) {
    throw new ApiError(403, 'forbidden', `server ${input.serverId} belongs to another organisation; save scores only for your own servers`, { serverId: input.serverId });
  }
  const surface = parseSurfaceText(input.body);
  const hash = surfaceHash(surface, nodeSha256Hex);
  const result = await deps.memo.lint(surface, hash, LATEST_RULES);
  const saved = await saveLintScore(
    deps.db,
    { serverId: server.id, surfaceHash: hash, tools: { tools: surface.tools }, toolCount: surface.tools.length, label: input.label, origin: 'api' },
    result,
    { apiKeyId: input.key.id, organisationId: input.key.organisationId, purpose: input.key.purpose as SpendingPurpose, at: input.at },
  );
  const previous = await previousScoredRef(deps.db, server.id, saved.version, result.rules);
  const previousResult = previous && (await deps.memo.storedResult(previous.resultId, () => lintResultById(deps.db, previous.resultId)));
  const changes =
    previous && previousResult
      ? diffLintResults(previousResult, result, { versionId: previous.version.id, label: previous.version.label, surfaceHash: previous.version.surfaceHash })
      : null;
  return { ...result, version: { ...saved.version, created: saved.created }, changes };
}
