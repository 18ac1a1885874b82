// lint_server and get_job: an agent asks toolmark to score a server it has not got the tools/list of, by
// npm package or URL. The server is registered as a PRIVATE server of the caller's organisation through
// the same path as POST /v1/servers (registerServer: the package spec check, the URL's SSRF policy, the
// capture job in the bubblewrap sandbox, then the lint job); the "job" an agent polls is that server's
// capture and lint, named by the server's id. Asking again for the same source answers the same job.
import { LATEST_RULES, ruleSets, securityStatus, type LintResult } from '@toolmark/benchmarks';
import { getServer, ownServerFromSource, versionLint, type Database, type ServerRecord } from '@toolmark/db';
import type { PipelineDeps } from './deps.js';
import { notFound } from './errors.js';
import { registerServer } from './register-server.js';

/** Where the server's tools come from. */
export type LintSource = { kind: 'npm'; package: string } | { kind: 'url'; url: string };

/**
 * The server's latest version's result under the latest published rules (what find_servers and the board
 * show). Not the newest stored result: the lint job stores one per published version, in any order.
 */
async function latestRulesLint(db: Database, server: ServerRecord): Promise<{ result: LintResult } | undefined> {
  if (!server.latestVersionId) return undefined;
  return versionLint(db, server.latestVersionId, LATEST_RULES, ruleSets[LATEST_RULES].hash);
}

/** A job's state: queued or capturing, then scored (with the result) or failed (with why). */
function jobView(server: ServerRecord, scored: { result: LintResult } | undefined) {
  const base = { job: server.id, server: { id: server.id, slug: server.slug, name: server.name } };
  if (scored) return { ...base, status: 'scored' as const, result: scored.result, security: securityStatus(scored.result), error: null };
  if (server.captureStatus === 'failed') {
    const error = (server.captureError ?? {}) as { code?: unknown; message?: unknown };
    return { ...base, status: 'failed' as const, result: null, security: null, error: { code: String(error.code ?? 'capture_failed'), message: String(error.message ?? 'the capture failed') } };
  }
  // captured but not scored yet: the lint job is still to run.
  return { ...base, status: (server.captureStatus === 'queued' ? 'queued' : 'running') as 'queued' | 'running', result: null, security: null, error: null };
}

/** Queue a capture and lint of a server by package or URL for the caller's organisation (or answer the one already asked for). */
export async function lintServer(deps: Pick<PipelineDeps, 'db' | 'jobs' | 'config' | 'now'>, caller: { organisationId: string }, source: LintSource) {
  const known = await ownServerFromSource(deps.db, caller.organisationId, source);
  if (known) return { ...jobView(known, await latestRulesLint(deps.db, known)), reused: true };
  const name = source.kind === 'npm' ? source.package : new URL(source.url).host;
  const { server } = await registerServer(deps, {
    key: caller,
    body: { name: name.slice(0, 100), slug: undefined, public: false, source: source.kind === 'npm' ? { kind: 'npm', package: source.package } : { kind: 'url', url: source.url } },
  });
  return { ...jobView(server, undefined), reused: false };
}

/** A job of the caller's organisation (another organisation's is not found, as its server is). */
export async function getLintJob(deps: Pick<PipelineDeps, 'db'>, caller: { organisationId: string }, job: string) {
  const server = await getServer(deps.db, job);
  if (!server || server.organisationId !== caller.organisationId || server.deletedAt !== null) throw notFound('job', job);
  return jobView(server, await latestRulesLint(deps.db, server));
}
