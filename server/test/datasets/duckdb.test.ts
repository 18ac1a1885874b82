// Every config's data files of built releases read by DuckDB (@duckdb/node-api: a reader nobody here
// wrote; the Hugging Face library cannot be installed here): a Japanese evaluation release (CSV with a byte
// order mark) and the lint releases. Parquet columns have the types the card's field table states
// (TIMESTAMP WITH TIME ZONE, BIGINT, LIST, STRUCT, MAP; JSON text as VARCHAR); JSONL, CSV and Parquet give
// the rows JSONL holds; CSV keeps null and "" apart (read with allow_quoted_nulls = false); Japanese is intact.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { BASELINE_MODEL_ID, ManifestSchema, tableFile, tablesOf, typeName, unflatRow, type ColumnType, type Manifest } from '@toolmark/benchmarks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReleases, type BuildDeps } from '../../src/datasets/build.js';
import { datasetCard } from '../../src/datasets/card.js';
import { FIELD_TEXT } from '../../src/datasets/field-text.js';
import { post, startEvalService, uploadServer, waitForEvaluation, type EvalService } from '../evaluations/helpers.js';
import { jsonlRows } from './helpers.js';
import { TEST_SIGNER } from './signer.js';

const JA = {
  tools: [
    { name: 'search_orders', description: '注文を顧客名で検索し、注文番号と状態を返します。', inputSchema: { type: 'object', properties: { customer: { type: 'string', description: '顧客の名前（例：山田太郎）' } }, required: ['customer'] } },
    { name: 'cancel_order', description: '注文番号を指定して注文を取り消します。取り消した注文は元に戻せません。', inputSchema: { type: 'object', properties: { order: { type: 'integer', description: '注文番号' } }, required: ['order'] } },
  ],
};
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

let s: EvalService;
let root: string;
let manifests: Manifest[];
let db: DuckDBInstance;
let conn: DuckDBConnection;

const q = (path: string) => `'${path.replaceAll("'", "''")}'`;
const rowsOf = async (sql: string) => (await conn.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];

/** The DuckDB type a column of this type reads as from the Parquet file (field names unquoted: DuckDB quotes keywords and mixed case). */
function duckType(t: ColumnType): string {
  if (typeof t === 'string') return { string: 'VARCHAR', json: 'VARCHAR', int: 'BIGINT', double: 'DOUBLE', bool: 'BOOLEAN', timestamp: 'TIMESTAMP WITH TIME ZONE' }[t];
  if ('list' in t) return `${duckType(t.list)}[]`;
  if ('map' in t) return `MAP(VARCHAR, ${duckType(t.map)})`;
  return `STRUCT(${t.struct.map(([n, ft]) => `${n} ${duckType(ft)}`).join(', ')})`;
}

beforeAll(async () => {
  s = await startEvalService({ models: [] });
  const id = await uploadServer(s, '注文管理', JA);
  const res = await post(s, `/v1/servers/${id}/evaluations`, s.keys.script, { models: [BASELINE_MODEL_ID], language: 'ja' });
  if (res.statusCode !== 202) throw new Error(`evaluation start: ${res.statusCode} ${res.body}`);
  await waitForEvaluation(s, res.json().id as string, (e) => e.status === 'done' || e.status === 'failed', 60_000);
  root = await mkdtemp(join(tmpdir(), 'toolmark-duckdb-'));
  const deps: BuildDeps = { db: s.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date('2026-12-01T00:00:00Z') };
  const out = await buildReleases(deps);
  manifests = await Promise.all(out.map(async (o) => ManifestSchema.parse(JSON.parse(await readFile(join(root, o.releaseId, 'manifest.json'), 'utf8')))));
  db = await DuckDBInstance.create(':memory:');
  conn = await db.connect();
}, 180_000);
afterAll(async () => {
  conn?.closeSync();
  db?.closeSync();
  await s?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

describe('DuckDB reads every config of the releases', () => {
  it('built a Japanese evaluation release (CSV with a BOM) and lint releases (CSV without)', () => {
    const ja = manifests.find((m) => m.kind === 'evaluation')!;
    expect(ja.settings?.language).toBe('ja');
    expect(ja.csv).toEqual({ bom: true });
    expect(manifests.filter((m) => m.kind === 'lint').every((m) => m.csv?.bom === false)).toBe(true);
  });

  it('Parquet: the column types of the field table (timestamps, lists, structs, maps typed; JSON text as VARCHAR)', async () => {
    for (const m of manifests) {
      for (const spec of tablesOf(m.kind)) {
        const described = await rowsOf(`DESCRIBE SELECT * FROM read_parquet(${q(join(root, m.id, tableFile(spec.name, 'parquet')))})`);
        expect(described.map((c) => [c.column_name, String(c.column_type).replaceAll('"', '')]), `${m.id} ${spec.name}`).toEqual(spec.columns.map(([n, t]) => [n, duckType(t)]));
      }
    }
    // The ones the issue named: a timestamp, a list, a struct, a map.
    const lint = manifests.find((m) => m.kind === 'lint')!;
    const [srv] = await rowsOf(`SELECT typeof(capturedAt) AS t, typeof(categories) AS c FROM read_parquet(${q(join(root, lint.id, 'servers.parquet'))}) LIMIT 1`);
    expect(srv).toEqual({ t: 'TIMESTAMP WITH TIME ZONE', c: 'MAP(VARCHAR, DOUBLE)' });
    const ja = manifests.find((m) => m.kind === 'evaluation')!;
    const [trial] = await rowsOf(`SELECT verdict.kind AS kind, len(calls) AS n, calls[1].name AS called FROM read_parquet(${q(join(root, ja.id, 'trials.parquet'))}) WHERE len(calls) > 0 LIMIT 1`);
    expect(trial).toMatchObject({ kind: expect.any(String), n: expect.anything(), called: expect.stringMatching(/_orders?$/) });
  });

  it('JSONL, CSV and Parquet each give the rows JSONL holds; null and "" apart in CSV; Japanese intact', async () => {
    let nulls = 0;
    let empties = 0;
    let japanese = 0;
    for (const m of manifests) {
      for (const spec of tablesOf(m.kind)) {
        const dir = join(root, m.id);
        const expected = (await jsonlRows(join(dir, tableFile(spec.name, 'jsonl')))).map((r) => spec.schema.parse(r) as Record<string, unknown>);
        const where = `${m.id} ${spec.name}`;
        // JSONL: every value as text, compared with the row's own text.
        const jsonl = await rowsOf(`SELECT * FROM read_json(${q(join(dir, tableFile(spec.name, 'jsonl')))}, format = 'newline_delimited', records = true, maximum_object_size = 100000000, columns = {${spec.columns.map(([n]) => `"${n}": 'JSON'`).join(', ')}})`);
        expect(jsonl.map((r) => Object.fromEntries(spec.columns.map(([n]) => [n, r[n] === null ? null : JSON.parse(String(r[n]))]))), `${where}.jsonl`).toEqual(expected.map((r) => Object.fromEntries(spec.columns.map(([n]) => [n, r[n] ?? null]))));
        // CSV: all text, quoted "" kept as an empty string, an empty field NULL.
        const csv = await rowsOf(`SELECT * FROM read_csv(${q(join(dir, tableFile(spec.name, 'csv')))}, header = true, all_varchar = true, allow_quoted_nulls = false, max_line_size = 100000000)`);
        expect(Object.keys(csv[0] ?? {}), `${where}.csv header`).toEqual(csv.length === 0 ? [] : spec.columns.map(([n]) => n));
        expect(csv.map((r) => unflatRow(spec, r, 'csv')), `${where}.csv`).toEqual(expected);
        for (const r of csv) {
          for (const v of Object.values(r)) {
            if (v === null) nulls++;
            else if (v === '') empties++;
            else if (JAPANESE.test(String(v))) japanese++;
          }
        }
        // Parquet: typed.
        const parquet = await rowsOf(`SELECT * FROM read_parquet(${q(join(dir, tableFile(spec.name, 'parquet')))})`);
        expect(parquet.map((r) => unflatRow(spec, r, 'parquet')), `${where}.parquet`).toEqual(expected);
      }
    }
    // The checks above had something to tell apart.
    expect(nulls).toBeGreaterThan(0);
    expect(empties).toBeGreaterThan(0);
    expect(japanese).toBeGreaterThan(0);
    const ja = manifests.find((m) => m.kind === 'evaluation')!;
    const utterances = await rowsOf(`SELECT utterance FROM read_csv(${q(join(root, ja.id, 'cases.csv'))}, header = true, all_varchar = true, allow_quoted_nulls = false)`);
    expect(utterances.filter((u) => JAPANESE.test(String(u.utterance))).length).toBeGreaterThan(3);
  });
});

describe('the card', () => {
  it('has a default config, a sentence and a type for every field, the formats and what is not there', async () => {
    for (const m of manifests) {
      const card = await readFile(join(root, m.id, 'README.md'), 'utf8');
      expect(card).toContain(`config_name: ${m.kind === 'lint' ? 'servers' : 'trials'}\n    default: true`);
      for (const spec of tablesOf(m.kind)) {
        for (const [n, t] of spec.columns) {
          expect(FIELD_TEXT[m.kind][spec.name]?.[n], `${m.kind} ${spec.name}.${n} has no sentence`).toMatch(/\S.*\.$/);
          expect(card).toContain(`| \`${n}\` | \`${typeName(t)}\` |`);
        }
      }
      expect(card).toContain('## What is not in it');
      expect(card).toContain('Null is an empty field; an empty string is a quoted `""`.');
      expect(card).toContain(m.csv?.bom ? 'with a byte order mark' : 'no byte order mark');
      expect(card).toBe(datasetCard(m, { siteUrl: 'http://127.0.0.1:9', signer: TEST_SIGNER }));
    }
    const ja = manifests.find((m) => m.kind === 'evaluation')!;
    expect(await readFile(join(root, ja.id, 'README.md'), 'utf8')).toContain('npx -y http://127.0.0.1:9/cli/toolmark.tgz rerun http://127.0.0.1:9/v1/datasets/');
  });
});
