import type { z } from 'zod';
import type { SavedLintSchema } from '@toolmark/benchmarks/api';
import { LATEST_RULES, publishedRuleSetIds, securityStatus, type LintChanges, type LintResult } from '@toolmark/benchmarks';
import { getServer, lintResultById, previousScoredRef, saveLintScore, saveNewVersionFast, saveUnchangedFast, type AuthenticatedKey, type JobsWithSave, type SpendingPurpose, type VersionRef } from '@toolmark/db';
import type { CpuSession } from '../cpu/pool.js';
import { nodeSha256Hex } from '../native-hash.js';
import { BACKGROUND_LINT_PRIORITY, type JobSender } from '../jobs/sender.js';
import type { PipelineDeps } from './deps.js';
import { notFound, PipelineError } from './errors.js';
import { canSee } from './visibility.js';

/** What `POST /v1/servers/{id}/lint` answers: the lint result, the version it was saved on, and `changes` (the contract's SavedLintSchema). */
export type SaveLintResponse = z.output<typeof SavedLintSchema>;

/** What a save stored, in parts: the answer is `{ ...result, version, changes, security }`. */
export interface SavedLint {
  result: LintResult;
  version: SaveLintResponse['version'];
  changes: LintChanges | null;
  /** The regression gate, when the save asked for one (`?baseline=latest`). */
  gate?: SaveLintResponse['gate'];
}

/**
 * The answer's JSON text from the result's JSON (kept by the memo: a repeated save does not encode its
 * ~35 KiB again): exactly `JSON.stringify({ ...result, version, changes, security, gate })`, as LintResult has none of
 * these keys. `security` is the result's security status (securityStatus, the one definition).
 */
export function savedLintJson(saved: SavedLint, resultJson: string): string {
  const gate = saved.gate === undefined ? '' : `,"gate":${JSON.stringify(saved.gate)}`;
  return `${resultJson.slice(0, -1)},"version":${JSON.stringify(saved.version)},"changes":${JSON.stringify(saved.changes)},"security":${JSON.stringify(securityStatus(saved.result))}${gate}}`;
}

/**
 * Save a lint score from CI: parse the body as a `tools/list` (any accepted shape; the core's limits and
 * typed errors apply), lint it under the latest rules, then atomically add a version if the tools changed,
 * store the result, record the save and charge one unit (one statement in the usual cases, see db). `changes` compares with the version
 * scored before this one under the same rules.
 */
export async function saveLint(
  deps: Pick<PipelineDeps, 'db' | 'savesSql' | 'newVersionsSql' | 'memo' | 'config' | 'jobs'>,
  input: { serverId: string; body: string; label: string | null; key: AuthenticatedKey; at: Date; cpu?: CpuSession },
): Promise<SavedLint> {
  const payer = { apiKeyId: input.key.id, organisationId: input.key.organisationId, purpose: input.key.purpose as SpendingPurpose, at: input.at };
  // The common case — the same bytes again, tools unchanged — in one statement (see saveUnchangedFast).
  const bodyHash = nodeSha256Hex(input.body);
  const known = deps.memo.body(bodyHash);
  if (known) {
    const fast = await saveUnchangedFast(deps.savesSql, { serverId: input.serverId, surfaceHash: known.surfaceHash, rules: known.result.rules, label: input.label, ...payer });
    if (fast.saveId !== null && fast.latest) {
      const changes = await changesSince(deps, fast.previous, known.result);
      return { result: known.result, version: { ...labelled(fast.latest, input.label), created: false }, changes };
    }
    // The statement read the server's owner: no need to ask again below.
    if (fast.server) deps.memo.rememberOwner(fast.server.id, fast.server.organisationId);
  }
  // Who owns the server decides 404/403 before any linting. A server never changes owner, so once it is
  // known to be this organisation's it is not asked again; anything else is looked up every time.
  if (deps.memo.owner(input.serverId) !== input.key.organisationId) {
    const server = await getServer(deps.db, input.serverId);
    if (!server || server.deletedAt !== null || !canSee(server, input.key)) throw notFound('server', input.serverId);
    if (server.organisationId !== input.key.organisationId) {
      throw new PipelineError('forbidden', 'forbidden', `server ${input.serverId} belongs to another organisation; save scores only for your own servers`, { serverId: input.serverId });
    }
    deps.memo.rememberOwner(server.id, server.organisationId);
  }
  // Parsing, hashing and linting a new body is the save's CPU work: on the request's CPU session (a worker
  // thread). Bytes seen before (a branch saving tools that are not the server's latest) are not linted again.
  const linted = known ?? (await deps.memo.lintBody(input.body, bodyHash, LATEST_RULES, input.cpu));
  if (!known) deps.memo.rememberBody(bodyHash, linted);
  const { surface, surfaceHash: hash, result } = linted;
  const tools = { tools: surface.tools };
  // The jobs a new version needs — its watch events and its lint under the other published rules — are
  // written by the save's own statement (or transaction) when the queue is pg-boss: they commit with the
  // version and cost neither a round trip nor a WAL flush of their own. Another sender (the API tests'
  // recording one) gets them after the commit (followUps).
  const enqueue = followUpJobs(deps.jobs);
  // New tools (the usual reason to get here): one statement; anything else, the full transaction.
  const added = await saveNewVersionFast(deps.newVersionsSql, {
    serverId: input.serverId,
    organisationId: input.key.organisationId,
    surfaceHash: hash,
    tools,
    toolCount: surface.tools.length,
    label: input.label,
    result,
    resultJson: deps.memo.json(result),
    apiKeyId: input.key.id,
    purpose: payer.purpose,
    at: input.at,
    enqueue,
  });
  if (added) {
    deps.memo.rememberStored(added.resultId, result);
    await followUps(deps.jobs, added.version.id);
    const changes = await changesSince(deps, added.previous, result);
    return { result, version: { ...added.version, created: true }, changes };
  }
  const saved = await saveLintScore(
    deps.db,
    { serverId: input.serverId, surfaceHash: hash, tools, toolCount: surface.tools.length, label: input.label, origin: 'api' },
    result,
    payer,
    { asyncCommit: deps.config.TOOLMARK_SAVES_ASYNC_COMMIT, enqueue },
  );
  if (saved.created) await followUps(deps.jobs, saved.version.id);
  const previous = await previousScoredRef(deps.db, input.serverId, saved.version, result.rules);
  const changes = await changesSince(deps, previous && { ...previous.version, resultId: previous.resultId }, result);
  return { result, version: { ...labelled(saved.version, input.label), created: saved.created }, changes };
}

/**
 * The version as this save names it: the save's own `?label=` (recorded on the save, lint_saves.label) when
 * it has one, so a repeated CI save of unchanged tools answers with the label it was given; otherwise the
 * version's label (the one it was first saved with).
 */
function labelled(version: VersionRef, label: string | null): VersionRef {
  return label === null ? version : { ...version, label };
}

/** Published rules versions besides the latest: a new version saved from CI is scored under them by a job (drafts never). */
const OTHER_RULES = publishedRuleSetIds().filter((id) => id !== LATEST_RULES);

/**
 * The jobs of a version a save added, written by the save's own statement when the queue is pg-boss:
 * - `watch-version`: its watch events (pipelines/watch-events.ts) — what a captured version's lint job
 *   raises, at normal priority so a security finding reaches its webhooks soon; they were raised on the
 *   answer path before (~10 statements and a second WAL flush a save of new tools waited for);
 * - `lint-version` for the other published rules versions, at low priority (the save answered with the
 *   latest rules; other saves' latest lints go first).
 * Both commit with the version or not at all: nothing is lost between the save and its jobs.
 */
function followUpJobs(jobs: JobSender): JobsWithSave | undefined {
  const inStatement = jobs.inStatement;
  if (!inStatement) return undefined;
  return {
    table: inStatement.table,
    jobs: (versionId) => [
      inStatement.job('watch-version', { versionId }),
      ...(OTHER_RULES.length > 0 ? [inStatement.job('lint-version', { versionId, rules: OTHER_RULES }, { priority: BACKGROUND_LINT_PRIORITY })] : []),
    ],
  };
}

/**
 * After the commit of a save that added a version: wake this process's workers of the jobs the statement
 * queued (they would find them at their next poll anyway). A sender that cannot take jobs in a statement
 * (the API tests' recording one) is sent them now; the save is committed and answers either way, so a
 * failure here does not fail it (the start-up backfill queues a missing lint; the events would be missing).
 */
async function followUps(jobs: JobSender, versionId: string): Promise<void> {
  if (jobs.inStatement) {
    jobs.inStatement.wake('watch-version');
    return;
  }
  await jobs.send('watch-version', { versionId }).catch(() => null);
  if (OTHER_RULES.length > 0) await jobs.send('lint-version', { versionId, rules: OTHER_RULES }, { priority: BACKGROUND_LINT_PRIORITY }).catch(() => null);
}

/** `changes` against the version scored before (its stored result is read once per process and kept). */
async function changesSince(deps: Pick<PipelineDeps, 'db' | 'memo'>, previous: (VersionRef & { resultId: string }) | null, result: LintResult): Promise<LintChanges | null> {
  if (!previous) return null;
  const before = await deps.memo.storedResult(previous.resultId, () => lintResultById(deps.db, previous.resultId));
  return before ? deps.memo.changes({ resultId: previous.resultId, result: before }, result, { versionId: previous.id, label: previous.label, surfaceHash: previous.surfaceHash }) : null;
}
