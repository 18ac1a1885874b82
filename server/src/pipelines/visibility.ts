// Who may see a server (and so its versions, results and badge): the one rule, used by every route and
// pipeline that reads a server for someone.
import { getServer, getVersion, type Database, type ServerRecord } from '@toolmark/db';

/** Who asks: a key's organisation, or nobody (no key). */
export type Viewer = { organisationId: string } | null | undefined;

/**
 * A public server is seen by everyone; a private one only by keys of the organisation that owns it. To
 * anyone else a private server does not exist: callers answer 404, never 403, so ids cannot be probed.
 */
export function canSee(server: Pick<ServerRecord, 'public' | 'organisationId'>, viewer: Viewer): boolean {
  return server.public || (viewer != null && server.organisationId === viewer.organisationId);
}

/** The server with this id when the viewer may see it; undefined when it does not exist or may not be seen. */
export async function visibleServer(db: Database, id: string, viewer: Viewer): Promise<ServerRecord | undefined> {
  const server = await getServer(db, id);
  return server && canSee(server, viewer) ? server : undefined;
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
