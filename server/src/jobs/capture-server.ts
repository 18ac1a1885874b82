// Queue `capture-server`: read a registered server's `tools/list` from its source, add a version when the
// tools changed, and queue its lint. The outcome is recorded on the server (captureStatus / captureError)
// for the API and the site to show.
//
// Failures come in two kinds, and only one is worth retrying:
// - permanent: the registration itself is refused or broken (address refused by the network guard, bad URL
//   or package spec, npm capture disabled, tools that fail the surface rules, a 4xx answer). Retrying
//   gives the same answer, so the status is recorded as `failed` and the job COMPLETES.
// - transient: timeouts, refused or lost connections, 5xx/408/429 answers, npm install failures (the
//   registry may be down). The status is recorded as `failed` with `willRetry: true` and the job THROWS,
//   so pg-boss retries it with backoff; the last attempt records `failed` and completes instead.
// Only what is neither (a bug, the database gone) runs out of retries and lands in the dead-letter queue,
// which is therefore a list of things a person must look at, not of servers that were down one night.
import { CaptureServerJobSchema, InputError, publishedRuleSets, surfaceHash } from '@toolmark/benchmarks';
import { addVersionIfChanged, getServer, hasLintResult, refreshSearchOf, setCaptureStatus, type Database } from '@toolmark/db';
import type { CapturedSurface } from '../capture/capture.js';
import { CaptureError, type CaptureErrorCode } from '../capture/errors.js';
import { captureSurface } from '../capture/capture.js';
import { captureNpmPackage } from '../capture/npm-package.js';
import { npmCaptureOffReason } from '../capture/sandbox-probe.js';
import { nodeSha256Hex } from '../native-hash.js';
import { watchAfterCapture } from '../pipelines/watch-events.js';
import { QUEUE_SETTINGS, retryWindow, type JobLog } from './boss.js';
import type { JobSender } from './sender.js';

/** What the handler needs. */
export interface CaptureServerDeps {
  db: Database;
  sender: JobSender;
  log: JobLog;
  /** Let registered URLs reach loopback and private networks (TOOLMARK_ALLOW_PRIVATE_URLS). */
  allowPrivateUrls: boolean;
  /** Install and run npm packages to capture them (TOOLMARK_ALLOW_NPM_CAPTURE). */
  allowNpmCapture: boolean;
  now?: () => Date;
}

/** Which attempt this is (pg-boss job metadata) and how long it may take. */
export interface CaptureAttempt {
  /** Retries already made (0 on the first attempt). */
  retryCount: number;
  retryLimit: number;
  /** The attempt's expiry; the capture's own time limit is kept below it. */
  expireInSeconds: number;
}

/** Codes stored in `captureError.code`: the capture's, the core's input errors, and the job's own. */
export type CaptureFailureCode = CaptureErrorCode | InputError['code'] | 'npm_capture_disabled' | 'missing_source' | 'internal';

/** What `captureError` holds after a failed capture (never a secret: capture errors are redacted at the source). */
export interface CaptureFailure {
  code: CaptureFailureCode;
  message: string;
  detail: Record<string, unknown>;
  /** True when another attempt is scheduled. */
  willRetry: boolean;
  /** When another attempt is scheduled: the window it should start in (ISO times; see retryWindow). */
  retry?: { notBefore: string; by: string };
}

/** What one job did (kept by pg-boss as the job's output). */
export type CaptureServerOutcome =
  | { status: 'captured' | 'unchanged'; serverId: string; versionId: string; seq: number; toolCount: number; lintQueued: boolean }
  | { status: 'failed'; serverId: string; error: CaptureFailure }
  | { status: 'skipped'; serverId: string; reason: 'upload' | 'missing' };

/** Which capture failures a retry may fix (the table is exhaustive, so a new code must be placed). */
const TRANSIENT: Record<CaptureErrorCode, boolean> = {
  invalid_url: false,
  auth_refused: false,
  redirect_refused: false,
  address_refused: false,
  response_too_large: false,
  invalid_package_spec: false,
  install_failed: true,
  storage_failed: true, // the operator may free the disk before the next attempt
  spawn_failed: false,
  connection_failed: true,
  http_error: true, // narrowed by status below
  protocol_error: false,
  timeout: true,
};

const RETRYABLE_HTTP = new Set([408, 425, 429]);

/** True when another attempt might succeed. */
function isTransient(error: CaptureError): boolean {
  if (error.code !== 'http_error') return TRANSIENT[error.code];
  const status = typeof error.detail.status === 'number' ? error.detail.status : 0;
  return status >= 500 || RETRYABLE_HTTP.has(status);
}

/** A failure that ends the job without a retry. */
class PermanentFailure extends Error {
  constructor(
    readonly code: CaptureFailureCode,
    message: string,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** The time limits of one capture: inside the attempt's expiry, leaving time to store the version. */
function limits(attempt: CaptureAttempt): { totalMs: number; connectMs: number } {
  const totalMs = Math.max(5_000, attempt.expireInSeconds * 1000 - 15_000);
  return { totalMs, connectMs: Math.min(15_000, totalMs) };
}

/** Read the tools from the server's source. */
async function captureFrom(
  server: { source: string; sourceUrl: string | null; sourcePackage: string | null },
  deps: CaptureServerDeps,
  attempt: CaptureAttempt,
): Promise<{ captured: CapturedSurface; label: string | null }> {
  const { totalMs, connectMs } = limits(attempt);
  if (server.source === 'url') {
    if (!server.sourceUrl) throw new PermanentFailure('missing_source', 'the server is registered by URL but has no URL');
    const captured = await captureSurface(
      { kind: 'http', url: server.sourceUrl },
      { connectTimeoutMs: connectMs, timeoutMs: Math.min(totalMs, 60_000), network: { allowPrivate: deps.allowPrivateUrls } },
    );
    return { captured, label: captured.server.version ?? null };
  }
  if (!deps.allowNpmCapture) {
    throw new PermanentFailure(
      'npm_capture_disabled',
      `capture of npm packages is turned off on this service: ${npmCaptureOffReason()}`,
    );
  }
  if (!server.sourcePackage) throw new PermanentFailure('missing_source', 'the server is registered by npm package but has no package');
  const captured = await captureNpmPackage({ spec: server.sourcePackage }, { timeoutMs: totalMs });
  return { captured, label: captured.package.version };
}

/** The failure as stored, and whether the job should be retried. */
function describeFailure(error: unknown): { failure: Omit<CaptureFailure, 'willRetry'>; transient: boolean } {
  if (error instanceof PermanentFailure) return { failure: { code: error.code, message: error.message, detail: error.detail }, transient: false };
  if (error instanceof CaptureError) return { failure: { code: error.code, message: error.message, detail: error.detail }, transient: isTransient(error) };
  if (error instanceof InputError) return { failure: { code: error.code, message: error.message, detail: { ...error.detail } }, transient: false };
  // Anything else is ours (or the database's); its message may name internals, so it stays in the log.
  return { failure: { code: 'internal', message: 'the capture failed unexpectedly; the operator has the details', detail: {} }, transient: true };
}

/**
 * Capture the server named in the job. `attempt` comes from pg-boss (includeMetadata); without it the call
 * counts as a last attempt and never throws for a failed capture.
 */
export async function captureServer(
  deps: CaptureServerDeps,
  data: unknown,
  attempt: CaptureAttempt = { retryCount: 0, retryLimit: 0, expireInSeconds: 120 },
): Promise<CaptureServerOutcome> {
  const job = CaptureServerJobSchema.parse(data);
  const now = deps.now ?? (() => new Date());
  const log = { queue: 'capture-server', serverId: job.serverId, reason: job.reason, attempt: attempt.retryCount + 1 };
  const server = await getServer(deps.db, job.serverId);
  if (!server || server.deletedAt !== null) {
    deps.log.info(log, 'server no longer exists; nothing to capture');
    return { status: 'skipped', serverId: job.serverId, reason: 'missing' };
  }
  // Uploaded tools have no live source; their versions come from the API.
  if (server.source === 'upload') return { status: 'skipped', serverId: server.id, reason: 'upload' };

  // The capture step shows on the progress page while it runs (an npm install can take a while).
  await setCaptureStatus(deps.db, server.id, { status: 'capturing', error: null, at: now() });
  let captured: CapturedSurface;
  let label: string | null;
  try {
    ({ captured, label } = await captureFrom(server, deps, attempt));
  } catch (error) {
    const { failure, transient } = describeFailure(error);
    const willRetry = transient && attempt.retryCount < attempt.retryLimit;
    const at = now();
    const window = willRetry ? retryWindow(QUEUE_SETTINGS['capture-server'], attempt.retryCount, at) : null;
    const stored: CaptureFailure = { ...failure, willRetry, ...(window ? { retry: { notBefore: window.notBefore.toISOString(), by: window.by.toISOString() } } : {}) };
    await setCaptureStatus(deps.db, server.id, { status: 'failed', error: stored, at });
    if (failure.code === 'internal') deps.log.error({ ...log, err: error instanceof Error ? { message: error.message, name: error.name } : String(error) }, 'capture failed unexpectedly');
    else deps.log.warn({ ...log, code: failure.code, willRetry }, `capture failed: ${failure.message}`);
    // Thrown to get the retry (the status above already tells the user what happened), and always for
    // the unexpected: after its last retry it belongs in the dead-letter queue.
    // A capture that fails for good tells watchers (once, until one succeeds again).
    if (!willRetry) await watchAfterCapture({ db: deps.db, jobs: deps.sender }, server, { ok: false, code: failure.code, message: failure.message });
    if (willRetry || failure.code === 'internal') throw error instanceof Error ? error : new Error(String(error));
    return { status: 'failed', serverId: server.id, error: stored };
  }

  const hash = surfaceHash(captured.surface, nodeSha256Hex);
  const { version, created } = await addVersionIfChanged(deps.db, {
    serverId: server.id,
    surfaceHash: hash,
    tools: captured.value,
    toolCount: captured.surface.tools.length,
    label,
    origin: 'capture',
  });
  // New tools: what full-text search finds the server by changes with them.
  if (created) await refreshSearchOf(deps.db, server.id);
  // Lint when any rules version has no result yet, not only when the version is new: an earlier attempt
  // may have stored the version and died before queueing its lint. A lint already waiting is not doubled
  // (singleton key), and a lint that runs twice stores once.
  let lintQueued = false;
  for (const rules of publishedRuleSets()) {
    if (!(await hasLintResult(deps.db, version.id, { id: rules.id, hash: rules.hash }))) {
      await deps.sender.send('lint-version', { versionId: version.id });
      lintQueued = true;
      break;
    }
  }
  const status = created ? 'captured' : 'unchanged';
  await setCaptureStatus(deps.db, server.id, { status, error: null, at: now() });
  await watchAfterCapture({ db: deps.db, jobs: deps.sender }, server, { ok: true });
  deps.log.info({ ...log, versionId: version.id, seq: version.seq, created, tools: captured.surface.tools.length, transport: captured.transport }, `capture ${status}`);
  return { status, serverId: server.id, versionId: version.id, seq: version.seq, toolCount: captured.surface.tools.length, lintQueued };
}
