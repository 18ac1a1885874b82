// "Which server does X": public servers on one rules version's board found by what they do, through the
// catalogue's one search definition (repositories/search.ts: the server's `search_vector` kept by
// `refreshServerSearch` from the core's `searchDocument`; the query parsed by the core's `parseSearchQuery`).
// A sentence is searched term by term (the core's `sentenceTerms`) rather than with every word required:
// servers are ranked by how many of its terms their text holds, then by relevance (ts_rank_cd and the name's
// trigram similarity, as the board's `serverRelevance`), then by score.
import { sql } from 'drizzle-orm';
import { cjkBigrams, sentenceTerms, toolSearchText, type SearchQuery } from '@toolmark/benchmarks';
import type { Executor } from '../client.js';
import { lexemesQuery } from './search.js';

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

/** A sentence's terms as PostgreSQL reads them: the label shown, and the tsquery text (a stop word has none). */
export interface ResolvedTerm {
  label: string;
  tsquery: string;
}

/**
 * The terms of a parsed sentence as tsqueries: a word through `plainto_tsquery('english', …)` (stemmed, a
 * stop word dropped, labelled by its lexemes), a CJK run as all of its bigrams (labelled by the run).
 * Distinct by tsquery, in the sentence's order.
 */
export async function resolveSentenceTerms(db: Executor, q: SearchQuery): Promise<ResolvedTerm[]> {
  const terms = sentenceTerms(q);
  const words = terms.flatMap((t) => ('word' in t ? [t.word] : []));
  const stemmed = words.length === 0 ? [] : [...(await db.execute<{ q: string }>(sql`select plainto_tsquery('english', w)::text as q from unnest(${sql`ARRAY[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]`}) with ordinality as x(w, ord) order by ord`))].map((r) => r.q);
  const resolved: ResolvedTerm[] = [];
  let i = 0;
  for (const t of terms) {
    const term = 'word' in t ? { label: (stemmed[i++] ?? '').replace(/'/g, '').replace(/ & /g, ' '), tsquery: stemmed[i - 1] ?? '' } : { label: t.cjk, tsquery: lexemesQuery(t.bigrams) };
    if (term.tsquery !== '' && !resolved.some((r) => r.tsquery === term.tsquery)) resolved.push(term);
  }
  return resolved;
}

/** Servers whose search text holds any of the sentence's terms, best first; nothing for a sentence without terms. */
export async function findServersByText(db: Executor, q: { rulesId: string; rulesHash: string; query: SearchQuery; limit: number }): Promise<{ terms: string[]; servers: FoundServer[] }> {
  const terms = await resolveSentenceTerms(db, q.query);
  if (terms.length === 0) return { terms: [], servers: [] };
  const termArray = sql`ARRAY[${sql.join(terms.map((t) => sql`${t.tsquery}`), sql`, `)}]::text[]`;
  const anyTerm = terms.map((t) => `(${t.tsquery})`).join(' | ');
  const rows = [
    ...(await db.execute<Record<string, unknown>>(sql`
    SELECT b.server_id, b.slug, b.name, b.description, b.score, b.band, b.tool_count, b.security_findings, b.version_label,
           s.source, s.source_package, s.source_url, v.tools::jsonb AS tools,
           (SELECT count(*) FROM unnest(${termArray}) t WHERE s.search_vector @@ t::tsquery)::int AS matched,
           ts_rank_cd(s.search_vector, ${anyTerm}::tsquery) + word_similarity(lower(${q.query.text}), lower(s.name)) AS relevance
    FROM board_entries b
    JOIN servers s ON s.id = b.server_id
    JOIN server_versions v ON v.id = b.version_id
    WHERE b.rules_id = ${q.rulesId} AND b.rules_hash = ${q.rulesHash} AND b.public AND b.score IS NOT NULL AND b.tool_count > 0 AND s.deleted_at IS NULL
      AND (s.search_vector @@ ${anyTerm}::tsquery OR lower(${q.query.text}) <% lower(s.name))
    ORDER BY matched DESC, relevance DESC, b.score DESC, b.slug
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
