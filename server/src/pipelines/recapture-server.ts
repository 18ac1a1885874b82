import { setCaptureStatus, type AuthenticatedKey, type ServerRecord } from '@toolmark/db';
import type { PipelineDeps } from './deps.js';
import { PipelineError } from './errors.js';
import { ownServer } from './visibility.js';

/**
 * Re-capture a server now, for its organisation: queue a `capture-server` job (reason `requested`) and mark
 * the server queued. A capture already waiting is not doubled (the same singleton key as registration's).
 * Uploaded servers have no source to read again: `not_capturable`. `serverId` may be the server's slug
 * (ownServer reads either).
 */
export async function recaptureServer(ctx: Pick<PipelineDeps, 'db' | 'jobs' | 'now'>, input: { key: AuthenticatedKey; serverId: string }): Promise<{ server: ServerRecord; jobId: string | null }> {
  const server = await ownServer(ctx.db, input.serverId, input.key);
  if (server.source === 'upload') {
    throw new PipelineError('conflict', 'not_capturable', `server ${server.id} was uploaded: there is no URL or npm package to read its tools from; save a new tools/list with POST /v1/servers/${server.id}/lint`, {
      serverId: server.id,
      source: server.source,
    });
  }
  const jobId = await ctx.jobs.send('capture-server', { serverId: server.id, reason: 'requested' }, { singletonKey: `capture:${server.id}` });
  await setCaptureStatus(ctx.db, server.id, { status: 'queued', error: null, at: ctx.now() });
  return { server: { ...server, captureStatus: 'queued', captureError: null }, jobId };
}
