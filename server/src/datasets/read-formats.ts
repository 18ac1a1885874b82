// Verify reads every format, row by row: each table's CSV (csv-parse, with the writer's quoting: an
// unquoted empty field is null, a quoted one "" an empty string) and Parquet (hyparquet, one row group at a
// time) is decoded and compared with its JSONL, the canonical file, row for row in lockstep — so memory holds
// one row of each (and one Parquet row group), whatever the size. A JSONL file is read line by line too.
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { parse } from 'csv-parse';
import { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects } from 'hyparquet';
import { differences, leafCount, tableFile, tablesOf, unflatRow, type Difference, type Manifest, type TableSpec } from '@toolmark/benchmarks';

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
  // A row group at a time, each row let go as soon as it is compared: a typed group's decoded rows (nested
  // structs and lists) are several times their JSON text, and V8 lets garbage grow with what stays live.
  let start = 0;
  for (const group of metadata.row_groups) {
    const end = start + Number(group.num_rows);
    const rows = (await parquetReadObjects({ file, metadata, rowStart: start, rowEnd: end })) as (Record<string, unknown> | undefined)[];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      rows[i] = undefined;
      yield unflatRow(spec, r, 'parquet');
    }
    start = end;
  }
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

/** Every CSV and Parquet file the manifest lists, compared with its table's JSONL; the differences and how many values were compared. */
export async function compareFormats(dir: string, manifest: Manifest): Promise<{ differences: Difference[]; checked: number }> {
  const out: Difference[] = [];
  let checked = 0;
  for (const spec of tablesOf(manifest.kind, manifest.schemaVersion)) {
    if (!manifest.files.some((f) => f.path === tableFile(spec.name, 'jsonl'))) continue;
    for (const format of ['csv', 'parquet'] as const) {
      if (!manifest.files.some((f) => f.path === tableFile(spec.name, format))) continue;
      checked += await compareFile(dir, spec, format, (d) => out.push(d));
    }
  }
  return { differences: out, checked };
}
