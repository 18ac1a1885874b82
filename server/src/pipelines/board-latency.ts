// Median latencies for the boards. A board ranks only finished runs, whose trials never change, so each
// figure is computed once per process (PostgreSQL's percentile_cont over the trials' latency column) and
// kept for the most recently used runs and run sets, as the comparison keeps its pairings.
import { BoundedMap } from '@toolmark/benchmarks';
import { medianLatencyByRun, pooledMedianLatency } from '@toolmark/db';
import type { ReadDeps } from './read-evaluation.js';

const perRun = new BoundedMap<string, Promise<number | null>>({ capacity: 4096 });
const pooled = new BoundedMap<string, Promise<number | null>>({ capacity: 512 });

/** Keep `value` under `key` unless it fails (the next read tries again). */
function kept<T>(map: BoundedMap<string, Promise<T>>, key: string, value: Promise<T>): Promise<T> {
  value.catch(() => map.peek(key) === value && map.delete(key));
  map.set(key, value);
  return value;
}

/** Each finished run's median latency (ms) of its answered trials sent to the provider; null when none. */
export async function runLatencies(deps: Pick<ReadDeps, 'db'>, runIds: readonly string[]): Promise<Map<string, number | null>> {
  const found = new Map(runIds.map((id) => [id, perRun.get(id)] as const));
  const missing = runIds.filter((id) => found.get(id) === undefined);
  if (missing.length > 0) {
    const read = medianLatencyByRun(deps.db, missing);
    for (const id of missing) found.set(id, kept(perRun, id, read.then((m) => m.get(id) ?? null)));
  }
  return new Map(await Promise.all(runIds.map(async (id) => [id, await found.get(id)!] as const)));
}

/** The median latency (ms) pooled over finished runs' answered trials sent to the provider; null when none. */
export function pooledLatency(deps: Pick<ReadDeps, 'db'>, runIds: readonly string[]): Promise<number | null> {
  const key = [...runIds].sort().join(',');
  return pooled.get(key) ?? kept(pooled, key, pooledMedianLatency(deps.db, runIds));
}
