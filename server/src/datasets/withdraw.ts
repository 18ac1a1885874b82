// Withdrawal (issue 24): a release may hold only servers that are public, not deleted and not withdrawn by
// the operator. Every build starts here: every published release that holds another server is withdrawn
// (listed as such with the date and reason; its files answer 410, its manifest stays so its hashes remain
// checkable), and the kinds and keys whose latest release was withdrawn are returned so the build rebuilds
// them without the server at once. Releases published before their servers were recorded are read once.
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { releasesHoldingHidden, setReleaseServers, unindexedReleases, withdrawRelease, type Database, type WithdrawalReason } from '@toolmark/db';
import { tableFile, tablesOf, type Manifest } from '@toolmark/benchmarks';

/** The message of each reason (never a server's name: the list of releases is public). */
const MESSAGES: Record<WithdrawalReason['code'], string> = {
  server_private: 'a server it held was made private',
  server_deleted: 'a server it held was deleted',
  operator: 'the operator withdrew a server it held',
};

/** The servers a published release's JSONL tables hold, read line by line (constant memory). */
async function serversInFiles(root: string, releaseId: string, manifest: Manifest): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const spec of tablesOf(manifest.kind, manifest.schemaVersion)) {
    if (!spec.columns.some(([name]) => name === 'serverId')) continue;
    const lines = createInterface({ input: createReadStream(join(root, releaseId, tableFile(spec.name, 'jsonl'))), crlfDelay: Infinity });
    for await (const line of lines) {
      const id = line === '' ? null : (JSON.parse(line) as { serverId: string | null }).serverId;
      if (id !== null) ids.add(id);
    }
  }
  return ids;
}

/** A release withdrawn by a sweep. */
export interface Withdrawn {
  releaseId: string;
  kind: string;
  key: string;
  code: WithdrawalReason['code'];
}

/** Withdraw every published release that holds a server no release may hold; what was withdrawn. */
export async function withdrawHidden(db: Database, root: string, now: () => Date): Promise<Withdrawn[]> {
  for (const r of await unindexedReleases(db)) await setReleaseServers(db, r.id, [...(await serversInFiles(root, r.releaseId, r.manifest as Manifest))].sort());
  const out: Withdrawn[] = [];
  const seen = new Set<string>();
  for (const h of await releasesHoldingHidden(db)) {
    if (seen.has(h.id)) continue;
    seen.add(h.id);
    const message = h.code === 'operator' ? `${MESSAGES.operator}: ${h.operatorReason ?? ''}` : MESSAGES[h.code];
    if (await withdrawRelease(db, h.id, { code: h.code, message }, now())) out.push({ releaseId: h.releaseId, kind: h.kind, key: h.key, code: h.code });
  }
  return out;
}
