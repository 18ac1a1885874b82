// Full-text search over servers and their tools (issue 27). The words on both sides come from the core
// (`searchDocument`, `parseSearchQuery`: english words, CJK bigrams, a Japanese glossary); PostgreSQL
// matches them: `servers.search_vector` (GIN) for words and bigrams, and pg_trgm's word similarity on
// the name (GIN, `servers_name_trgm_idx`) for near misses such as "playwrite".
import { sql, type SQL } from 'drizzle-orm';
import { searchDocument, sentenceTerms, type SearchDocument, type SearchQuery } from '@toolmark/benchmarks';
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

/** A query's term as PostgreSQL reads it: the label shown, its tsquery text, and its weight in relevance. */
export interface RelevanceTerm {
  label: string;
  tsquery: string;
  /**
   * How much holding this term says about a server: BM25's inverse document frequency over the public
   * servers, ln(1 + (N - n + 0.5) / (n + 0.5)) with N servers of which n hold the term — "read" (held by
   * most) weighs little, "click" (held by few) much.
   */
  weight: number;
}

/** What `serverRelevance` needs of a query: its weighted terms, its text, and the public servers' mean search-vector length. */
export interface RelevanceQuery {
  terms: RelevanceTerm[];
  text: string;
  /** Mean number of distinct lexemes in a public server's search vector (BM25's average document length). */
  averageLength: number;
}

/**
 * A query made ready for relevance (the board's search box and find_servers' sentence alike): the core's
 * `sentenceTerms` (filler such as "server" or "tool" dropped), a word through `plainto_tsquery('english', …)`
 * (stemmed, a stop word dropped, labelled by its lexemes), a CJK run as all of its bigrams (labelled by the
 * run); distinct by tsquery, in the query's order, each weighted by its inverse document frequency.
 */
export async function relevanceQuery(db: Executor, q: SearchQuery): Promise<RelevanceQuery> {
  const terms = sentenceTerms(q);
  const words = terms.flatMap((t) => ('word' in t ? [t.word] : []));
  const stemmed = words.length === 0 ? [] : [...(await db.execute<{ q: string }>(sql`select plainto_tsquery('english', w)::text as q from unnest(${sql`ARRAY[${sql.join(words.map((w) => sql`${w}`), sql`, `)}]::text[]`}) with ordinality as x(w, ord) order by ord`))].map((r) => r.q);
  const resolved: { label: string; tsquery: string }[] = [];
  let i = 0;
  for (const t of terms) {
    const term = 'word' in t ? { label: (stemmed[i++] ?? '').replace(/'/g, '').replace(/ & /g, ' '), tsquery: stemmed[i - 1] ?? '' } : { label: t.cjk, tsquery: lexemesQuery(t.bigrams) };
    if (term.tsquery !== '' && !resolved.some((r) => r.tsquery === term.tsquery)) resolved.push(term);
  }
  // One pass over the public servers' vectors: how many there are, their mean length, how many hold each term.
  const held = resolved.map((t) => sql`, (count(*) filter (where ${servers.searchVector} @@ ${t.tsquery}::tsquery))::int`);
  const [counts] = [
    ...(await db.execute<Record<string, number | string | null>>(sql`
      select count(*)::int as total, coalesce(avg(length(${servers.searchVector})), 1)::float8 as average${sql.join(held.map((h, k) => sql`${h} as ${sql.raw(`held_${k}`)}`), sql``)}
      from ${servers} where ${servers.public} and ${servers.deletedAt} is null and ${servers.searchVector} is not null`)),
  ];
  const total = Number(counts?.total ?? 0);
  return {
    text: q.text,
    averageLength: Math.max(1, Number(counts?.average ?? 1)),
    terms: resolved.map((t, k) => {
      const n = Number(counts?.[`held_${k}`] ?? 0);
      return { ...t, weight: Math.log(1 + (total - n + 0.5) / (n + 0.5)) };
    }),
  };
}

/** The weight of one occurrence in tool text (`setweight … 'C'`, ts_rank_cd's default 0.2): what a match without positions counts as. */
const TOOL_TEXT_WEIGHT = 0.2;
/** BM25's usual constants (Robertson's; Lucene's defaults), taken as they are: k1 how soon repeats stop counting, b how much a long text is discounted. */
const BM25_K1 = 1.2;
const BM25_B = 0.75;
/** pg_trgm's default `word_similarity_threshold`, the one `<%` (a near miss of the name) uses. */
const NAME_SIMILARITY_THRESHOLD = 0.6;

/**
 * The relevance of a server to a query, higher first — the one definition the board's `relevance` sort and
 * find_servers rank by. BM25 over the weighted search vector: per term, its weight (inverse document
 * frequency, `relevanceQuery`) times x / (x + k1·(1 − b + b·len/avglen)), where x counts where the server
 * holds the term as ts_rank_cd does (each occurrence its field's weight: name and keywords 1.0, description
 * 0.4, tool text 0.2; a CJK bigram match, stored without positions, counts as one occurrence in tool text)
 * and len is the server's number of distinct lexemes. So a server whose name or many tools say "browser"
 * outranks one with a single mention, a rare term outweighs a common one, ten mentions are not worth ten
 * times one, and a server with a hundred tools does not match a sentence merely by saying everything. Plus
 * the name's trigram similarity to the query when it is a near miss (≥ 0.6, as `serverMatches`), so
 * "playwrite" still puts playwright first. `vector` and `name` are the server's columns as the calling
 * query names them (default `servers`).
 */
export function serverRelevance(r: RelevanceQuery, cols: { vector: SQL | typeof servers.searchVector; name: SQL | typeof servers.name } = { vector: servers.searchVector, name: servers.name }): SQL<number> {
  const norm = sql`${BM25_K1}::float8 * (1 - ${BM25_B}::float8 + ${BM25_B}::float8 * length(${cols.vector}) / ${r.averageLength}::float8)`;
  const perTerm = r.terms.map((t) => {
    const query = sql`${t.tsquery}::tsquery`;
    const x = sql`(case when ${cols.vector} @@ ${query} then greatest(ts_rank_cd(${cols.vector}, ${query}), ${TOOL_TEXT_WEIGHT}::float8) else 0 end)`;
    return sql`${t.weight}::float8 * (1 - ${norm} / (${x} + ${norm}))`;
  });
  const similarity = sql`word_similarity(lower(${r.text}), lower(${cols.name}))`;
  const name = sql`(case when ${similarity} >= ${NAME_SIMILARITY_THRESHOLD}::float8 then ${similarity} else 0 end)`;
  return sql<number>`(${sql.join([...perTerm, name], sql` + `)})::float8`;
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
