// The public board as an MCP Registry (issue 27): a page of public, ranked servers in name order (keyset
// on the board's name index), with what a registry entry needs of each: package facts, the latest
// version's label and dates, and the score under one rules version.
import { and, asc, eq, gt, ilike, isNotNull, or, sql } from 'drizzle-orm';
import { parseSearchQuery } from '@toolmark/benchmarks';
import type { Database } from '../client.js';
import { boardEntries, servers } from '../schema.js';
import { serverMatches } from './search.js';

export interface RegistryPageQuery {
  rulesId: string;
  rulesHash: string;
  /** After this (name lower, server id), exclusive. */
  after?: { name: string; id: string } | undefined;
  limit: number;
  search?: string | undefined;
  /** Only this slug (the one-server routes). */
  slug?: string | undefined;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function registryPage(db: Database, q: RegistryPageQuery) {
  const b = boardEntries;
  const rows = await db
    .select({
      id: b.serverId,
      slug: b.slug,
      name: b.name,
      nameLower: b.nameLower,
      description: b.description,
      score: b.score,
      band: b.band,
      toolCount: b.toolCount,
      securityFindings: b.securityFindings,
      versionLabel: b.versionLabel,
      versionSeq: b.versionSeq,
      capturedAt: b.capturedAt,
      source: b.source,
      sourcePackage: servers.sourcePackage,
      sourceUrl: servers.sourceUrl,
      homepage: servers.homepage,
      repository: servers.repository,
      license: servers.license,
      facts: servers.facts,
      createdAt: servers.createdAt,
    })
    .from(b)
    .innerJoin(servers, eq(servers.id, b.serverId))
    .where(
      and(
        eq(b.rulesId, q.rulesId),
        eq(b.rulesHash, q.rulesHash),
        eq(b.public, true),
        isNotNull(b.score),
        gt(b.toolCount, 0),
        q.slug !== undefined ? eq(b.slug, q.slug) : undefined,
        q.after ? sql`(${b.nameLower}, ${b.serverId}) > (${q.after.name}, ${q.after.id}::uuid)` : undefined,
        q.search ? or(ilike(b.name, `%${escapeLike(q.search)}%`), serverMatches(sql`${b.serverId}`, parseSearchQuery(q.search))) : undefined,
      ),
    )
    .orderBy(asc(b.nameLower), asc(b.serverId))
    .limit(q.limit + 1);
  return { rows: rows.slice(0, q.limit), more: rows.length > q.limit };
}
