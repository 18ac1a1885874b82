// Full-text search over servers and their tools (issue 27). The words on both sides come from the core
// (`searchDocument`, `parseSearchQuery`: english words, CJK bigrams, a Japanese glossary); PostgreSQL
// matches them: `servers.search_vector` (GIN) for words and bigrams, and pg_trgm's word similarity on
// the name (GIN, `servers_name_trgm_idx`) for near misses such as "playwrite".
import { sql, type SQL } from 'drizzle-orm';
import { searchDocument, type SearchDocument, type SearchQuery } from '@toolmark/benchmarks';
import type { Executor } from '../client.js';
import { servers } from '../schema.js';

/** A tsquery literal of lexemes taken verbatim (no parser, so no locale can split them), all required. */
export function lexemesQuery(lexemes: readonly string[]): string {
  return lexemes.map((l) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`).join(' & ');
}

/** Store what a server is found by; called whenever its name, description or latest tools change. */
export async function refreshServerSearch(db: Executor, serverId: string, doc: SearchDocument): Promise<void> {
  await db.execute(sql`
    update ${servers} set search_vector =
      setweight(to_tsvector('english', ${doc.title}), 'A')
      || setweight(to_tsvector('english', ${doc.description}), 'B')
      || setweight(to_tsvector('english', ${doc.tools}), 'C')
      || setweight(array_to_tsvector(array(select jsonb_array_elements_text(${JSON.stringify(doc.bigrams)}::jsonb))), 'C')
    where id = ${serverId}`);
}

/** The tsquery of a parsed query, or null when it has no words and no bigrams. */
export function searchTsQuery(q: SearchQuery): SQL | null {
  const words = q.words === '' ? null : sql`plainto_tsquery('english', ${q.words})`;
  const bigrams = q.bigrams.length === 0 ? null : sql`${lexemesQuery(q.bigrams)}::tsquery`;
  if (words && bigrams) return sql`(${words} && ${bigrams})`;
  return words ?? bigrams;
}

/**
 * The predicate "server `idColumn` matches the query": its search vector matches, or its name is a near
 * miss of the query (pg_trgm word similarity ≥ 0.6, the operator's default threshold).
 */
export function serverMatches(idColumn: SQL | typeof servers.id, q: SearchQuery): SQL {
  const ts = searchTsQuery(q);
  const near = sql`lower(${q.text}) <% lower(${servers.name})`;
  const match = ts ? sql`(${servers.searchVector} @@ ${ts} or ${near})` : near;
  return sql`${idColumn} in (select ${servers.id} from ${servers} where ${match})`;
}

/** Relevance of a server for ordering: ts_rank_cd over the weights, plus the name's similarity. */
export function serverRelevance(q: SearchQuery): SQL<number> {
  const ts = searchTsQuery(q);
  const rank = ts ? sql`coalesce(ts_rank_cd(${servers.searchVector}, ${ts}), 0)` : sql`0`;
  return sql<number>`(${rank} + word_similarity(lower(${q.text}), lower(${servers.name})))`;
}

/**
 * Recompute a server's search document from what is stored: its name, description, keywords and the
 * latest version's tools. Called after a registration, a capture or upload of new tools, a rename.
 */
export async function refreshSearchOf(db: Executor, serverId: string): Promise<void> {
  const rows = await db.execute<{ name: string; description: string | null; facts: { keywords?: string[] } | null; tools: { tools?: unknown[] } | null }>(sql`
    select s.name, s.description, s.facts, v.tools
    from ${servers} s left join server_versions v on v.id = s.latest_version_id
    where s.id = ${serverId}`);
  const row = [...rows][0];
  if (!row) return;
  const tools = (Array.isArray(row.tools?.tools) ? row.tools.tools : [])
    .filter((t): t is { name: string; description?: string } => typeof t === 'object' && t !== null && typeof (t as { name?: unknown }).name === 'string')
    .map((t) => ({ name: t.name, description: typeof t.description === 'string' ? t.description : undefined }));
  await refreshServerSearch(db, serverId, searchDocument({ name: row.name, description: row.description, keywords: row.facts?.keywords ?? [], tools }));
}
