// A release against the live leaderboards of its instance (the comparisons are the core's verify-board.ts):
// a lint release's servers against the lint board of its rules version; an evaluation release's runs against
// its model's board under the release's comparability key (standing and answered share too: a run ranked in
// the release is ranked on the board, an incomplete one unranked on both), and its suite servers pooled
// against the models board. The release's small tables (servers, metrics) are read line by line.
import { compareWithBoard, compareWithModelBoard, compareWithModelsBoard, currentMetricsRow, LintServerRowSchema, tableOf, type BoardEntry, type Difference, type Findings, type LintServerRow, type Manifest, type ModelBoardView, type ModelsBoardView, type RunMetricsRow, type RunMetricsRowV2 } from '@toolmark/benchmarks';
import { join } from 'node:path';
import { fileLines } from './read-formats.js';
import { DownloadError, getJson } from './verify-http.js';

/** The valid rows of a table's JSONL file (what is not valid verify has reported already). */
async function rowsOf<T>(path: string, schema: { safeParse: (v: unknown) => { success: boolean; data?: unknown } }): Promise<T[]> {
  const out: T[] = [];
  try {
    for await (const line of fileLines(path)) {
      try {
        const p = schema.safeParse(JSON.parse(line));
        if (p.success) out.push(p.data as T);
      } catch {
        // not JSON: reported by the table check
      }
    }
  } catch {
    // absent: reported by the file check
  }
  return out;
}

/** Every page of a paged board answer. */
async function pages<T extends { items: unknown[]; total: number }>(url: (offset: number) => string): Promise<T> {
  const first = (await getJson(url(0))) as T;
  while (first.items.length < first.total) {
    const next = (await getJson(url(first.items.length))) as T;
    if (next.items.length === 0) break;
    first.items.push(...next.items);
  }
  return first;
}

/** Compare the release in `dir` with the boards of `origin`; the differences go to `f`; how many servers were compared. */
export async function compareWithBoards(origin: string, dir: string, manifest: Manifest, f: Findings): Promise<number> {
  const add = (r: { differences: Difference[]; checked: number }) => {
    for (const d of r.differences) f.push(d);
    f.checked += r.checked;
  };
  if (manifest.kind === 'lint') {
    const rules = manifest.rules[0];
    if (!rules) return 0;
    const servers = await rowsOf<LintServerRow>(join(dir, 'servers.jsonl'), LintServerRowSchema);
    const q = `rules=${encodeURIComponent(rules.id)}&hash=${encodeURIComponent(rules.hash)}&limit=100`;
    const board = await pages<{ total: number; items: BoardEntry[] }>((offset) => `${origin}/v1/leaderboards/lint?${q}&offset=${offset}`);
    const r = compareWithBoard(servers, board.items);
    add(r);
    return r.servers;
  }
  // Rows of any schema version as version 3 has them (a version 1 or 2 row ranked as it was written).
  const metrics = (await rowsOf<RunMetricsRow | RunMetricsRowV2>(join(dir, 'metrics.jsonl'), tableOf('evaluation', 'metrics', manifest.schemaVersion).schema)).map(currentMetricsRow);
  const model = manifest.models[0];
  const s = manifest.settings ?? {};
  if (!model || metrics.length === 0) return 0;
  const keys = [...new Set(metrics.map((m) => m.comparabilityKey))];
  let servers = 0;
  for (const key of keys) {
    const params = new URLSearchParams({ model: model.id, distractors: (Array.isArray(s.distractors) ? (s.distractors as string[]) : []).join(','), language: String(s.language), generator: String(s.generator), casesPerTool: String(s.casesPerTool), repeats: String(s.repeats), key, limit: '100' });
    // A board that does not know the release's model, settings or key (404, 400) has nothing to compare: the
    // manifest's own fields were compared with the instance's record of the release already.
    const board = await pages<ModelBoardView & { total: number }>((offset) => `${origin}/v1/leaderboards/evaluations?${params.toString()}&offset=${offset}`).catch((e: unknown) =>
      e instanceof DownloadError && (e.detail.status === 404 || e.detail.status === 400) ? null : Promise.reject(e),
    );
    if (board === null) continue;
    const r = compareWithModelBoard(metrics.filter((m) => m.comparabilityKey === key), manifest.distractorSets, board);
    add(r);
    servers += r.servers;
  }
  const models = (await getJson(`${origin}/v1/leaderboards/models?${new URLSearchParams({ distractors: (Array.isArray(s.distractors) ? (s.distractors as string[]) : []).join(','), language: String(s.language) }).toString()}`).catch((e: unknown) =>
    e instanceof DownloadError && e.detail.status === 400 ? null : Promise.reject(e),
  )) as ModelsBoardView | null;
  const pooled = models === null ? null : compareWithModelsBoard(metrics, s, models);
  if (pooled) add(pooled);
  return servers;
}
