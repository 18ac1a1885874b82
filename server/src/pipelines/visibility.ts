// Who may see a server (and so its versions, results and badge): the one rule, used by every route and
// pipeline that reads a server for someone.
import { UUID_FORM } from '@toolmark/benchmarks/api';
import { getServer, getServerBySlug, getVersion, type Database, type ServerRecord } from '@toolmark/db';
import { notFound, PipelineError } from './errors.js';

/** Who asks: a key's organisation, or nobody (no key). */
export type Viewer = { organisationId: string } | null | undefined;

/**
 * A public server is seen by everyone; a private one only by keys of the organisation that owns it. To
 * anyone else a private server does not exist: callers answer 404, never 403, so ids cannot be probed.
 */
export function canSee(server: Pick<ServerRecord, 'public' | 'organisationId'>, viewer: Viewer): boolean {
  return server.public || (viewer != null && server.organisationId === viewer.organisationId);
}

/**
 * The server with this id (or slug: anything not in the form of a UUID is looked up as one) when the
 * viewer may see it; undefined when it does not exist, was deleted or may not be seen. (A deleted server's
 * versions stay readable by their ids: see visibleVersion.)
 */
export async function visibleServer(db: Database, id: string, viewer: Viewer): Promise<ServerRecord | undefined> {
  const server = UUID_FORM.test(id) ? await getServer(db, id) : await getServerBySlug(db, id);
  return server && server.deletedAt === null && canSee(server, viewer) ? server : undefined;
}

/**
 * The id of the server a path names by its id or its slug (a slug never changes and never has the form of a
 * UUID), or a 404 `not_found` when no server has that slug. Who may see or change the server is decided after,
 * by id, exactly as for a path that gave the id: a slug reveals nothing an id would not.
 */
export async function serverIdOf(db: Database, idOrSlug: string): Promise<string> {
  const id = await findServerId(db, idOrSlug);
  if (id === undefined) throw notFound('server', idOrSlug);
  return id;
}

/** serverIdOf without the 404: undefined when no server has that slug (a UUID is returned as it is). */
export async function findServerId(db: Database, idOrSlug: string): Promise<string | undefined> {
  return UUID_FORM.test(idOrSlug) ? idOrSlug : (await getServerBySlug(db, idOrSlug))?.id;
}

/**
 * The server when the viewer's key belongs to its organisation: what managing it (edit, hide, delete,
 * re-capture) requires, besides an admin key. A server the key may not see is not found (404, as
 * everywhere); another organisation's public server is `forbidden` (403).
 */
export async function ownServer(db: Database, id: string, viewer: { organisationId: string }): Promise<ServerRecord> {
  const server = await visibleServer(db, id, viewer);
  if (!server) throw notFound('server', id);
  if (server.organisationId !== viewer.organisationId) {
    throw new PipelineError('forbidden', 'forbidden', `server ${id} belongs to another organisation; only its own organisation's admins may change it`, { serverId: id });
  }
  return server;
}

/** A version with its server when the viewer may see the server; undefined otherwise. */
export async function visibleVersion(
  db: Database,
  id: string,
  viewer: Viewer,
): Promise<{ version: NonNullable<Awaited<ReturnType<typeof getVersion>>>; server: ServerRecord } | undefined> {
  const version = await getVersion(db, id);
  const server = version && (await getServer(db, version.serverId));
  return version && server && canSee(server, viewer) ? { version, server } : undefined;
}
