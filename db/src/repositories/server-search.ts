// "Which server does X": public servers on one rules version's board found by what they do — PostgreSQL
// full-text search (english configuration) over the server's name and description (weight A), its tools'
// names (B) and its tools' descriptions (C) in its latest version. The terms come from the core's
// searchTerms; ranked by how many of them the server's text holds, then by ts_rank_cd, then by score.
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';

/** One server found, with what an agent needs to choose and install it. */
export interface FoundServer {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  score: number;
  band: 'sunny' | 'cloudy' | 'rain';
  toolCount: number;
  securityFindings: number;
  source: 'url' | 'npm' | 'upload';
  sourcePackage: string | null;
  sourceUrl: string | null;
  versionLabel: string | null;
  /** How many of the query's terms the server's text holds. */
  matchedTerms: number;
  /** The tools whose name or description hold a term, most matching first (at most 5). */
  matchingTools: string[];
}

const TERM = /^[a-z0-9]{2,40}$/;

/** Servers whose text holds any of `terms` (lower-case ASCII words), best first; nothing for no usable term. */
export async function findServersByText(db: Database, q: { rulesId: string; rulesHash: string; terms: string[]; limit: number }): Promise<FoundServer[]> {
  const terms = q.terms.filter((t) => TERM.test(t));
  if (terms.length === 0) return [];
  // Each term is a plain word (checked above); to_tsquery stems it and drops a stop word.
  const anyTerm = terms.join(' | ');
  const termArray = sql`ARRAY[${sql.join(terms.map((t) => sql`${t}`), sql`, `)}]::text[]`;
  const rows = await db.execute<Record<string, unknown>>(sql`
    WITH candidates AS (
      SELECT b.server_id, b.slug, b.name, b.description, b.score, b.band, b.tool_count, b.security_findings, b.version_label,
             s.source, s.source_package, s.source_url, v.tools::jsonb AS tools,
             setweight(to_tsvector('english', coalesce(b.name, '') || ' ' || replace(b.slug, '-', ' ') || ' ' || coalesce(b.description, '')), 'A') ||
             setweight(to_tsvector('english', coalesce(regexp_replace(jsonb_path_query_array(v.tools::jsonb, '$.tools[*].name')::text, '[_.-]', ' ', 'g'), '')), 'B') ||
             setweight(to_tsvector('english', coalesce(jsonb_path_query_array(v.tools::jsonb, '$.tools[*].description')::text, '')), 'C') AS doc
      FROM board_entries b
      JOIN servers s ON s.id = b.server_id
      JOIN server_versions v ON v.id = b.version_id
      WHERE b.rules_id = ${q.rulesId} AND b.rules_hash = ${q.rulesHash} AND b.public AND b.score IS NOT NULL AND b.tool_count > 0 AND s.deleted_at IS NULL
    )
    SELECT c.*,
           (SELECT count(*) FROM unnest(${termArray}) t WHERE numnode(to_tsquery('english', t)) > 0 AND c.doc @@ to_tsquery('english', t))::int AS matched,
           ts_rank_cd(c.doc, to_tsquery('english', ${anyTerm})) AS rank,
           (SELECT coalesce(jsonb_agg(tool.name ORDER BY tool.hits DESC, tool.ord), '[]'::jsonb) FROM (
              SELECT e.value ->> 'name' AS name, e.ord,
                     (SELECT count(*) FROM unnest(${termArray}) t
                       WHERE numnode(to_tsquery('english', t)) > 0
                         AND to_tsvector('english', regexp_replace(coalesce(e.value ->> 'name', ''), '[_.-]', ' ', 'g') || ' ' || coalesce(e.value ->> 'description', '')) @@ to_tsquery('english', t)) AS hits
              FROM jsonb_array_elements(c.tools -> 'tools') WITH ORDINALITY AS e(value, ord)
            ) tool WHERE tool.hits > 0 AND tool.name IS NOT NULL LIMIT 5) AS matching_tools
    FROM candidates c
    WHERE c.doc @@ to_tsquery('english', ${anyTerm})
    ORDER BY matched DESC, rank DESC, c.score DESC, c.slug
    LIMIT ${q.limit}
  `);
  return rows.map((r) => ({
    id: String(r.server_id),
    slug: String(r.slug),
    name: String(r.name),
    description: (r.description as string | null) ?? null,
    score: Number(r.score),
    band: r.band as FoundServer['band'],
    toolCount: Number(r.tool_count),
    securityFindings: Number(r.security_findings),
    source: r.source as FoundServer['source'],
    sourcePackage: (r.source_package as string | null) ?? null,
    sourceUrl: (r.source_url as string | null) ?? null,
    versionLabel: (r.version_label as string | null) ?? null,
    matchedTerms: Number(r.matched),
    matchingTools: (r.matching_tools as string[] | null) ?? [],
  }));
}
