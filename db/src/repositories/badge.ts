import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { lintResults, servers } from '../schema.js';

/** What a score badge shows: a server's latest version's score under one rules version, without the full result. */
export interface BadgeScore {
  serverId: string;
  public: boolean;
  organisationId: string;
  deletedAt: Date | null;
  score: number | null;
  band: string | null;
  rulesHash: string | null;
  /** Security findings of that result (the scoring rule set's codes); null when not scored. */
  securityFindings: number | null;
}

/**
 * The score of the server's latest version under `rulesId` (and `rulesHash` when given; otherwise the newest
 * hash it was scored under), in one indexed query; `score` is null when that version has no result yet.
 * Undefined when there is no such server.
 */
export async function badgeScore(db: Database, serverId: string, rulesId: string, rulesHash?: string): Promise<BadgeScore | undefined> {
  const [row] = await db
    .select({
      serverId: servers.id,
      public: servers.public,
      organisationId: servers.organisationId,
      deletedAt: servers.deletedAt,
      score: lintResults.score,
      band: lintResults.band,
      rulesHash: lintResults.rulesHash,
      securityFindings: lintResults.securityFindings,
    })
    .from(servers)
    .leftJoin(
      lintResults,
      and(eq(lintResults.serverVersionId, servers.latestVersionId), eq(lintResults.rulesId, rulesId), rulesHash ? eq(lintResults.rulesHash, rulesHash) : undefined),
    )
    .where(eq(servers.id, serverId))
    .orderBy(desc(lintResults.createdAt))
    .limit(1);
  return row;
}
