// Watch (issue 30): what a capture and its lint tell watchers. Called by the `capture-server` and
// `lint-version` jobs (so by the drift re-capture schedule, `recapture-public`) and, for a CI save that adds a
// version, by the `watch-version` job the save queues in its own statement (jobs/watch-version.ts; issue 31
// took it off the save's answer path): each event is stored once
// (one per version and kind; capture events only on a change of state), with one delivery per webhook that
// asked for its kind, and each delivery is queued as a `deliver-webhook` job — a `critical` event (new
// security findings) at a higher pg-boss priority, so it is sent before anything else waiting.
import {
  checkPin,
  compareLint,
  diffLintResults,
  LATEST_RULES,
  makePin,
  parseSurfaceValue,
  ruleSets,
  type LintResult,
  type Severity,
} from '@toolmark/benchmarks';
import { getServer, latestWatchEvent, previousVersion, recordWatchEvent, versionLint, type Database, type NewWatchEvent, type ServerRecord } from '@toolmark/db';
import { nodeSha256Hex } from '../native-hash.js';
import { CRITICAL_WEBHOOK_PRIORITY, type JobSender } from '../jobs/sender.js';

/** Every kind of event, in the order the API lists them. */
export const WATCH_EVENT_KINDS = ['version.created', 'score.changed', 'security.finding', 'capture.failed', 'capture.recovered'] as const;
/** A kind of event. */
export type WatchEventKind = (typeof WATCH_EVENT_KINDS)[number];

/** What publishing needs. */
export interface WatchDeps {
  db: Database;
  jobs: JobSender;
}

type VersionRow = { id: string; serverId: string; seq: number; label: string | null; surfaceHash: string; tools: unknown };

const serverRef = (server: Pick<ServerRecord, 'id' | 'slug' | 'name'>) => ({ id: server.id, slug: server.slug, name: server.name });
const versionRef = (v: Pick<VersionRow, 'id' | 'seq' | 'label' | 'surfaceHash'>) => ({ id: v.id, seq: v.seq, label: v.label, surfaceHash: v.surfaceHash });
const SEVERITY_ORDER: Record<Severity, number> = { critical: 0, required: 1, minor: 2 };

/** Store one event and queue its deliveries (again, for a retried job: a delivered one is not sent twice). */
export async function publishWatchEvent(deps: WatchDeps, event: NewWatchEvent & { kind: WatchEventKind }): Promise<{ eventId: string; created: boolean; deliveries: number }> {
  const { event: stored, created, deliveryIds } = await recordWatchEvent(deps.db, event);
  const priority = event.priority === 'critical' ? CRITICAL_WEBHOOK_PRIORITY : 0;
  for (const deliveryId of deliveryIds) await deps.jobs.send('deliver-webhook', { deliveryId }, { priority });
  return { eventId: stored.id, created, deliveries: deliveryIds.length };
}

/**
 * The events of a version now scored under the latest rules, when it is its server's latest version:
 * `security.finding` (security findings the previous version did not have — every one for a first
 * version), then `version.created` (the tools' diff: scores per tool and the text of each changed tool as
 * a reviewer reads it) and `score.changed` (mean or band moved). Security comes first and `critical`.
 * `anyVersion` (a CI save's `watch-version` job): also when a later save has already added another version
 * — each saved version is compared with the one before it, so two saves in quick succession both tell.
 */
export async function watchAfterLint(deps: WatchDeps, version: VersionRow, options: { anyVersion?: boolean } = {}): Promise<WatchEventKind[]> {
  const server = await getServer(deps.db, version.serverId);
  if (!server || server.deletedAt !== null || (server.latestVersionId !== version.id && options.anyVersion !== true)) return [];
  const rules = ruleSets[LATEST_RULES];
  const current = await versionLint(deps.db, version.id, rules.id, rules.hash);
  if (!current) return [];
  const before = await previousVersion(deps.db, server.id, version.seq);
  const previous = before ? await versionLint(deps.db, before.id, rules.id, rules.hash) : undefined;
  const emptyBaseline: LintResult = { ...current.result, tools: [], findings: [], score: null, band: null };
  const comparison = compareLint(previous?.result ?? emptyBaseline, current.result, rules.securityCodes);
  const published: WatchEventKind[] = [];
  const base = { serverId: server.id, versionId: version.id };
  const where = { server: serverRef(server), version: versionRef(version), rules: { id: rules.id, hash: rules.hash } };

  const security = comparison.newFindings
    .filter((f) => f.security)
    .map((f) => ({ code: f.finding.code, severity: f.finding.severity, tool: f.finding.tool ?? null, message: f.finding.message }))
    .sort((a, b) => SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity] || (a.tool ?? '').localeCompare(b.tool ?? '') || a.code.localeCompare(b.code));
  if (security.length > 0) {
    const tools = [...new Set(security.map((f) => f.tool).filter((t) => t !== null))];
    await publishWatchEvent(deps, {
      ...base,
      kind: 'security.finding',
      priority: 'critical',
      title: `${server.name}: ${security.length} new security finding${security.length === 1 ? '' : 's'} in version ${version.seq}${tools.length > 0 ? ` (${tools.join(', ')})` : ''}`,
      payload: { ...where, previous: before ? versionRef(before) : null, findings: security },
    });
    published.push('security.finding');
  }
  if (!before) return published;

  const pin = makePin(parseSurfaceValue(before.tools), nodeSha256Hex);
  const toolDiff = checkPin(pin, parseSurfaceValue(version.tools), nodeSha256Hex);
  const changes = previous ? diffLintResults(previous.result, current.result, { versionId: before.id, label: before.label, surfaceHash: before.surfaceHash }) : null;
  const named = toolDiff.changes.map((c) => `${c.name} ${c.kind}`);
  await publishWatchEvent(deps, {
    ...base,
    kind: 'version.created',
    priority: 'normal',
    title: `${server.name}: version ${version.seq} — ${named.length > 0 ? named.join(', ') : 'tools changed'}`,
    payload: { ...where, previous: versionRef(before), changes, tools: toolDiff.changes, unchangedTools: toolDiff.unchanged },
  });
  published.push('version.created');

  if (previous && (comparison.delta !== 0 || comparison.bandBefore !== comparison.bandAfter)) {
    const delta = comparison.delta === null ? '' : ` (${comparison.delta > 0 ? '+' : ''}${comparison.delta})`;
    await publishWatchEvent(deps, {
      ...base,
      kind: 'score.changed',
      priority: 'normal',
      title: `${server.name}: score ${comparison.scoreBefore ?? '—'} → ${comparison.scoreAfter ?? '—'}${delta}, band ${comparison.bandBefore ?? '—'} → ${comparison.bandAfter ?? '—'}`,
      payload: {
        ...where,
        previous: versionRef(before),
        scoreBefore: comparison.scoreBefore,
        scoreAfter: comparison.scoreAfter,
        delta: comparison.delta,
        bandBefore: comparison.bandBefore,
        bandAfter: comparison.bandAfter,
        tools: comparison.tools,
      },
    });
    published.push('score.changed');
  }
  return published;
}

/**
 * After a capture: `capture.failed` when a capture fails for good (no retry left) and the server's last
 * capture event is not already a failure; `capture.recovered` when one succeeds after such a failure.
 */
export async function watchAfterCapture(
  deps: WatchDeps,
  server: Pick<ServerRecord, 'id' | 'slug' | 'name'>,
  outcome: { ok: true } | { ok: false; code: string; message: string },
): Promise<WatchEventKind | null> {
  const last = await latestWatchEvent(deps.db, server.id, ['capture.failed', 'capture.recovered']);
  const failing = last?.kind === 'capture.failed';
  if (outcome.ok) {
    if (!failing) return null;
    await publishWatchEvent(deps, { serverId: server.id, versionId: null, kind: 'capture.recovered', priority: 'normal', title: `${server.name}: capture works again`, payload: { server: serverRef(server) } });
    return 'capture.recovered';
  }
  if (failing) return null;
  await publishWatchEvent(deps, {
    serverId: server.id,
    versionId: null,
    kind: 'capture.failed',
    priority: 'normal',
    title: `${server.name}: capture failed (${outcome.code})`,
    payload: { server: serverRef(server), error: { code: outcome.code, message: outcome.message } },
  });
  return 'capture.failed';
}
