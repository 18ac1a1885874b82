// Verify reads every format, row by row: each table's CSV (csv-parse, with the writer's quoting: an
// unquoted empty field is null, a quoted one "" an empty string) and Parquet (hyparquet, at most a row group
// of at most PARQUET_SLICE_ROWS rows at a time, decoded column by column and made into rows one at a time)
// is decoded and compared with its JSONL, the canonical file, row for row in lockstep — so memory holds one
// row of each (and one Parquet row range's decoded columns), whatever the size. A JSONL file is read line by
// line too. Differences go into the caller's Findings (a bounded list and a count).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { asyncBufferFromFile, parquetMetadataAsync, parquetRead, type AsyncBuffer, type FileMetaData } from 'hyparquet';
import { differences, leafCount, tableFile, tablesOf, unflatRow, type Difference, type Findings, type Manifest, type TableSpec } from '@toolmark/benchmarks';

/** The non-empty lines of a file, one at a time. */
export async function* fileLines(path: string): AsyncGenerator<string> {
  for await (const line of createInterface({ input: createReadStream(path), crlfDelay: Infinity })) if (line !== '') yield line;
}

/** A CSV table's rows as the table's rows; a header other than the table's columns is an error. */
async function* csvRows(spec: TableSpec, path: string): AsyncGenerator<Record<string, unknown>> {
  const want = spec.columns.map(([n]) => n);
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      columns: (header: string[]) => {
        if (header.join(',') !== want.join(',')) throw new Error(`the header is ${header.join(',')}, not the table's columns ${want.join(',')}`);
        return header;
      },
      cast: (value, ctx) => (ctx.quoting ? value : value === '' ? null : value),
    }),
  );
  for await (const record of parser) yield unflatRow(spec, record as Record<string, unknown>, 'csv');
}

/** How many schema elements the element at `i` and its descendants take. */
function subtreeSize(schema: readonly { num_children?: number }[], i: number): number {
  let size = 1;
  for (let c = 0; c < (schema[i]?.num_children ?? 0); c++) size += subtreeSize(schema, i + size);
  return size;
}

/** A Parquet table's rows, a row group at a time; columns other than the table's are an error. */
async function* parquetRows(spec: TableSpec, path: string): AsyncGenerator<Record<string, unknown>> {
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  // The top-level columns (a nested column's children follow it in the schema).
  const names: string[] = [];
  for (let i = 1, left = metadata.schema[0]?.num_children ?? 0; left > 0 && i < metadata.schema.length; left--) {
    names.push(metadata.schema[i]!.name);
    i += subtreeSize(metadata.schema, i);
  }
  const want = spec.columns.map(([n]) => n);
  if (names.join(',') !== want.join(',')) throw new Error(`the columns are ${names.join(',')}, not the table's ${want.join(',')}`);
  // A row range at a time, each value let go as soon as its row is compared (see parquetSlice).
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    for (let from = start; from < end; from += PARQUET_SLICE_ROWS) {
      const to = Math.min(end, from + PARQUET_SLICE_ROWS);
      const columns = await parquetSlice(file, metadata, want, from, to);
      for (let i = 0; i < to - from; i++) {
        const r: Record<string, unknown> = {};
        for (const [name, data] of columns) {
          r[name] = data[i];
          if (Array.isArray(data)) data[i] = undefined;
        }
        yield unflatRow(spec, r, 'parquet');
      }
    }
    start = end;
  }
}

/** At most this many rows are decoded per Parquet read (a row group of the release writers is one batch of
 * at most 5 000 rows, so theirs are read whole). Smaller ranges use no less memory: hyparquet decodes a nested
 * column's whole chunk (it has no page index) for every range, and 250-row ranges of 2 000-row groups peaked
 * higher (249 MB against 195 MB) and ran 3.5× slower. What bounds verify's memory is the heap cap the CLI runs
 * it with (cli/verify-heap.ts). */
export const PARQUET_SLICE_ROWS = 5000;

/** The decoded values of rows [from, to) of a Parquet file, column by column (one array per column, row i at i). */
async function parquetSlice(file: AsyncBuffer, metadata: FileMetaData, names: readonly string[], from: number, to: number): Promise<Map<string, ArrayLike<unknown> & { [i: number]: unknown }>> {
  const chunks = new Map<string, { rowStart: number; columnData: ArrayLike<unknown> }[]>();
  await parquetRead({ file, metadata, rowStart: from, rowEnd: to, onChunk: (c) => void (chunks.get(c.columnName) ?? chunks.set(c.columnName, []).get(c.columnName)!).push(c) });
  const out = new Map<string, ArrayLike<unknown> & { [i: number]: unknown }>();
  for (const name of names) {
    const got = chunks.get(name) ?? [];
    // One chunk that covers the range exactly is used as it is; otherwise the range is copied out of the chunks.
    if (got.length === 1 && got[0]!.rowStart === from && got[0]!.columnData.length === to - from) {
      out.set(name, got[0]!.columnData as ArrayLike<unknown> & { [i: number]: unknown });
      continue;
    }
    const values: unknown[] = new Array(to - from);
    for (const c of got) for (let i = 0; i < c.columnData.length; i++) if (c.rowStart + i >= from && c.rowStart + i < to) values[c.rowStart + i - from] = c.columnData[i];
    out.set(name, values);
  }
  return out;
}

/** Compare one format's file of a table with its JSONL, row by row. */
async function compareFile(dir: string, spec: TableSpec, format: 'csv' | 'parquet', push: (d: Difference) => void): Promise<number> {
  const file = tableFile(spec.name, format);
  const jsonl = fileLines(join(dir, tableFile(spec.name, 'jsonl')));
  let checked = 0;
  let row = 0;
  try {
    for await (const found of format === 'csv' ? csvRows(spec, join(dir, file)) : parquetRows(spec, join(dir, file))) {
      row++;
      const next = await jsonl.next();
      if (next.done) {
        push({ file, row, field: '(row)', expected: `no more rows (${tableFile(spec.name, 'jsonl')} ends at row ${row - 1})`, found: 'a row' });
        return checked;
      }
      const parsed = spec.schema.safeParse(JSON.parse(next.value));
      // A JSONL row of the wrong shape is reported by the JSONL check.
      if (!parsed.success) continue;
      checked += leafCount(parsed.data);
      for (const d of differences(parsed.data, found, '')) push({ file, row, ...d });
    }
  } catch (e) {
    push({ file, row: row + 1, field: '(file)', expected: `a readable ${format.toUpperCase()} file of the ${spec.name} table`, found: (e as Error).message });
    return checked;
  } finally {
    await jsonl.return(undefined);
  }
  let extra = 0;
  for await (const _ of jsonl) extra++;
  if (extra > 0) push({ file, row: null, field: 'rows', expected: String(row + extra), found: String(row) });
  return checked;
}

/** Every CSV and Parquet file the manifest lists, compared with its table's JSONL, into the findings (which list
 * the first differences and count the rest: memory does not grow with a release that differs everywhere). */
export async function compareFormats(dir: string, manifest: Manifest, f: Findings): Promise<void> {
  for (const spec of tablesOf(manifest.kind, manifest.schemaVersion)) {
    if (!manifest.files.some((x) => x.path === tableFile(spec.name, 'jsonl'))) continue;
    for (const format of ['csv', 'parquet'] as const) {
      if (!manifest.files.some((x) => x.path === tableFile(spec.name, format))) continue;
      f.checked += await compareFile(dir, spec, format, (d) => f.push(d));
    }
  }
}
