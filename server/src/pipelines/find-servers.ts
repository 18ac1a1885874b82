// "Which server should I install to do X?": public servers found by what they do (the catalogue's search,
// full-text over names, descriptions, keywords and tool text in PostgreSQL; db's findServersByText), each with its lint score and band, its
// security status, each model's newest evaluation result and how to install it. The MCP tool find_servers
// is a thin adapter over this.
import { LATEST_RULES, parseSearchQuery, ruleSets, type RuleSetId } from '@toolmark/benchmarks';
import { findServersByText, latestModelResults, type FoundServer } from '@toolmark/db';
import type { PipelineDeps } from './deps.js';

/** How to add a found server to an MCP client: the npx command of its package, or its URL; null for an uploaded surface. */
export type InstallSnippet = { command: 'npx'; args: string[] } | { type: 'http'; url: string } | null;

/** The client config entry of a server, from where it was registered. */
export function installSnippet(s: Pick<FoundServer, 'source' | 'sourcePackage' | 'sourceUrl'>): InstallSnippet {
  if (s.source === 'npm' && s.sourcePackage) return { command: 'npx', args: ['-y', s.sourcePackage] };
  if (s.source === 'url' && s.sourceUrl) return { type: 'http', url: s.sourceUrl };
  return null;
}

/** One model's newest finished result on a found server. */
export interface FoundModelResult {
  model: string;
  baseline: boolean;
  /** Selection accuracy (share of trials where the model chose the right tool, or none when none fitted). */
  selectionAcc: number | null;
  /** offline paraphrases, a generator model's cases or the hand-written public suite. */
  cases: string;
}

const selectionAccOf = (metrics: unknown): number | null => {
  const value = (metrics as { selectionAcc?: { value?: unknown } } | null)?.selectionAcc?.value;
  return typeof value === 'number' ? Math.round(value * 1000) / 1000 : null;
};

/** Public servers that do what `query` says, best match first, with scores, security, results and install. */
export async function findServers(deps: Pick<PipelineDeps, 'db'>, q: { query: string; limit: number; rules?: RuleSetId | undefined }) {
  const rules = ruleSets[q.rules ?? LATEST_RULES];
  // Servers that hold fewer than half as many of the terms as the found server holding most are noise
  // ("read" alone matches every server with a read_* tool): they are left out. (The order is relevance,
  // where a rare term weighs more than a common one, so the first need not hold the most terms.)
  const { terms, servers: matched } = await findServersByText(deps.db, { rulesId: rules.id, rulesHash: rules.hash, query: parseSearchQuery(q.query), limit: q.limit });
  const most = Math.max(0, ...matched.map((f) => f.matchedTerms));
  const found = matched.filter((f) => f.matchedTerms * 2 >= most);
  const results = await latestModelResults(deps.db, found.map((f) => f.id));
  return {
    rules: `${rules.id}@${rules.hash}`,
    terms,
    servers: found.map((f) => ({
      ...f,
      install: installSnippet(f),
      results: results
        .filter((r) => r.serverId === f.id)
        .map((r): FoundModelResult => ({
          model: r.modelId,
          baseline: r.baseline,
          selectionAcc: selectionAccOf(r.metrics),
          cases: r.generator,
        })),
    })),
  };
}
