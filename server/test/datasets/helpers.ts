// A seeded database for the dataset tests: three public servers (different surfaces, so their scores
// differ) and one private server, each linted under every rules version and evaluated by the lexical
// baseline through the real service (API, pg-boss, workers, run-model).
import { BASELINE_MODEL_ID, publishedRuleSetIds, type TableSpec, unflatRow } from '@toolmark/benchmarks';
import { asyncBufferFromFile, parquetReadObjects } from 'hyparquet';
import { parse } from 'csv-parse/sync';
import { readFile } from 'node:fs/promises';
import { waitFor } from '../jobs/helpers.js';
import { post, startEvalService, SURFACE, uploadServer, waitForEvaluation, type EvalService } from '../evaluations/helpers.js';

/** A marker only the private server's tools carry (so its cases' utterances would carry it too). */
export const PRIVATE_MARKER = 'zebracrossing';

const WEAK = { tools: [{ name: 'do', description: 'Does it.', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }, { name: 'do_more', description: 'Does more of it.', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }] };
const MIDDLE = { tools: [SURFACE.tools[0], { name: 'fetch_page', description: 'Fetch a web page.', inputSchema: { type: 'object', properties: { url: { type: 'string' } }, required: ['url'] } }] };
const PRIVATE = { tools: [{ name: `${PRIVATE_MARKER}_lookup`, description: `Look up a ${PRIVATE_MARKER} record by its ${PRIVATE_MARKER} number and return its owner and status.`, inputSchema: { type: 'object', properties: { number: { type: 'integer', description: `The ${PRIVATE_MARKER} number.` } }, required: ['number'] } }] };

/** The seeded service and its servers. */
export interface Seeded {
  s: EvalService;
  publicIds: string[];
  privateId: string;
}

/** Start the service, register and lint the servers, and run the baseline on each. */
export async function seedService(): Promise<Seeded> {
  const s = await startEvalService({ models: [] });
  const publicIds = [await uploadServer(s, 'Issue tracker'), await uploadServer(s, 'Weak tools', WEAK), await uploadServer(s, 'Middle tools', MIDDLE)];
  const privateId = await uploadServer(s, 'Secret registry', PRIVATE, s.keys.script, false);
  const all = [...publicIds, privateId];
  const rules = publishedRuleSetIds().length;
  await waitFor('every version linted under every rules version', async () => {
    const [row] = await s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM lint_results lr JOIN server_versions v ON v.id = lr.server_version_id WHERE v.server_id = ANY(${all}::uuid[])`;
    return row!.n >= all.length * rules ? true : undefined;
  }, 60_000, 100);
  for (const id of all) {
    const res = await post(s, `/v1/servers/${id}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID] });
    if (res.statusCode !== 202) throw new Error(`evaluation start: ${res.statusCode} ${res.body}`);
    await waitForEvaluation(s, res.json().id as string, (e) => e.status === 'done' || e.status === 'failed', 60_000);
  }
  return { s, publicIds, privateId };
}

/** A JSONL file's rows. */
export async function jsonlRows(path: string): Promise<unknown[]> {
  return (await readFile(path, 'utf8')).split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as unknown);
}

/** A CSV file's rows as the table's rows (an unquoted empty field is null, a quoted one an empty string). */
export async function csvRows(spec: TableSpec, path: string): Promise<unknown[]> {
  const records = parse(await readFile(path, 'utf8'), { columns: true, cast: (value, ctx) => (ctx.quoting ? value : value === '' ? null : value) }) as Record<string, unknown>[];
  return records.map((r) => unflatRow(spec, r, 'csv'));
}

/** A Parquet file's rows read by hyparquet (not the writer). */
export async function hyparquetRows(spec: TableSpec, path: string): Promise<unknown[]> {
  const rows = (await parquetReadObjects({ file: await asyncBufferFromFile(path) })) as Record<string, unknown>[];
  return rows.map((r) => unflatRow(spec, r, 'parquet'));
}

/** A Parquet file's rows read by DuckDB (an independent C++ implementation). */
export async function duckdbRows(spec: TableSpec, path: string): Promise<unknown[]> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  try {
    const reader = await conn.runAndReadAll(`SELECT * FROM read_parquet('${path.replaceAll("'", "''")}')`);
    return (reader.getRowObjectsJS() as Record<string, unknown>[]).map((r) => unflatRow(spec, r, 'parquet'));
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
