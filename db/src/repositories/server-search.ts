// "Which server does X": public servers on one rules version's board found by what they do, through the
// catalogue's one search definition (repositories/search.ts: the server's `search_vector` kept by
// `refreshServerSearch` from the core's `searchDocument`; the query parsed by the core's `parseSearchQuery`).
// A sentence is searched term by term (the core's `sentenceTerms`) rather than with every word required,
// and ranked by the board's own relevance (`serverRelevance`: each term weighted by how rare it is, times a
// saturating count of where the server holds it), then by score, then by slug — so the board's `relevance`
// sort and this tool agree on the same query.
import { sql } from 'drizzle-orm';
import { cjkBigrams, toolSearchText, type SearchQuery } from '@toolmark/benchmarks';
import type { Executor } from '../client.js';
import { relevanceQuery, serverRelevance } from './search.js';
import { servers } from '../schema.js';

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
  /** The tools whose text holds a term, most matching first (at most 5). */
  matchingTools: string[];
}

/** Servers whose search text holds any of the sentence's terms, best first; nothing for a sentence without terms. */
export async function findServersByText(db: Executor, q: { rulesId: string; rulesHash: string; query: SearchQuery; limit: number }): Promise<{ terms: string[]; servers: FoundServer[] }> {
  const relevance = await relevanceQuery(db, q.query);
  const terms = relevance.terms;
  if (terms.length === 0) return { terms: [], servers: [] };
  const termArray = sql`ARRAY[${sql.join(terms.map((t) => sql`${t.tsquery}`), sql`, `)}]::text[]`;
  const anyTerm = terms.map((t) => `(${t.tsquery})`).join(' | ');
  const rows = [
    ...(await db.execute<Record<string, unknown>>(sql`
    SELECT b.server_id, b.slug, b.name, b.description, b.score, b.band, b.tool_count, b.security_findings, b.version_label,
           ${servers.source}, ${servers.sourcePackage}, ${servers.sourceUrl}, v.tools::jsonb AS tools,
           (SELECT count(*) FROM unnest(${termArray}) t WHERE ${servers.searchVector} @@ t::tsquery)::int AS matched,
           ${serverRelevance(relevance)} AS relevance
    FROM board_entries b
    JOIN ${servers} ON ${servers.id} = b.server_id
    JOIN server_versions v ON v.id = b.version_id
    WHERE b.rules_id = ${q.rulesId} AND b.rules_hash = ${q.rulesHash} AND b.public AND b.score IS NOT NULL AND b.tool_count > 0 AND ${servers.deletedAt} IS NULL
      AND (${servers.searchVector} @@ ${anyTerm}::tsquery OR lower(${q.query.text}) <% lower(${servers.name}))
    ORDER BY relevance DESC, b.score DESC, b.slug
    LIMIT ${q.limit}`)),
  ];
  // Which of each found server's tools hold a term: each tool's own search text (the core's toolSearchText,
  // the text `searchDocument` indexes per tool), matched term by term as the server's vector is.
  const tools = rows.flatMap((r) => {
    const list = (r.tools as { tools?: unknown } | null)?.tools;
    return (Array.isArray(list) ? list : [])
      .filter((t): t is { name: string; description?: unknown } => typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string')
      .map((t, ord) => {
        const text = toolSearchText({ name: t.name, description: typeof t.description === 'string' ? t.description : undefined });
        return { server: String(r.server_id), ord, name: t.name, text, bigrams: [...new Set(cjkBigrams(text))] };
      });
  });
  const hits =
    tools.length === 0
      ? []
      : [
          ...(await db.execute<{ server: string; name: string; hits: number }>(sql`
      SELECT x.server, x.name, (SELECT count(*) FROM unnest(${termArray}) t
                                 WHERE (to_tsvector('english', x.text) || array_to_tsvector(x.bigrams)) @@ t::tsquery)::int AS hits
      FROM jsonb_to_recordset(${JSON.stringify(tools)}::jsonb) AS x(server text, ord int, name text, text text, bigrams text[])
      ORDER BY x.server, hits DESC, x.ord`)),
        ];
  return {
    terms: terms.map((t) => t.label),
    servers: rows.map((r) => ({
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
      matchingTools: hits
        .filter((h) => h.server === String(r.server_id) && Number(h.hits) > 0)
        .slice(0, 5)
        .map((h) => h.name),
    })),
  };
}
