// One table of a release written in the three formats at once, batch by batch (constant memory: a batch is
// encoded, written and dropped): JSONL (canonical, one JSON row per line), CSV (csv-stringify) and Parquet
// (hyparquet-writer, one row group per batch). Nested values are JSON text in CSV and Parquet.
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { stringify, type Stringifier } from 'csv-stringify';
import { fileWriter, ParquetWriter, type SchemaElement } from 'hyparquet-writer';
import { flatRow, tableFile, type ColumnType, type TableFormat, type TableSpec } from '@toolmark/benchmarks';

/** What a finished table wrote: its rows and the files of each format. */
export interface WrittenTable {
  table: string;
  rows: number;
  files: { path: string; format: TableFormat }[];
}

const PARQUET_TYPES: Record<ColumnType, Pick<SchemaElement, 'type' | 'converted_type'>> = {
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  json: { type: 'BYTE_ARRAY', converted_type: 'JSON' },
  int: { type: 'INT64' },
  double: { type: 'DOUBLE' },
  bool: { type: 'BOOLEAN' },
};

/** The Parquet schema of a table: every column optional (null where the row has null). */
export function parquetSchema(spec: TableSpec): SchemaElement[] {
  return [{ name: 'root', num_children: spec.columns.length }, ...spec.columns.map(([name, t]) => ({ name, ...PARQUET_TYPES[t], repetition_type: 'OPTIONAL' as const }))];
}

/** Write a chunk to a stream, waiting when its buffer is full. */
async function put(stream: WriteStream | Stringifier, chunk: string | Record<string, unknown>): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** A writer of one table into `dir` in the given formats. */
export class TableWriter {
  private rows = 0;
  private readonly jsonl: WriteStream | null;
  private readonly csv: { stringifier: Stringifier; out: WriteStream; done: Promise<unknown> } | null;
  private readonly parquet: ParquetWriter | null;

  constructor(
    private readonly dir: string,
    private readonly spec: TableSpec,
    private readonly formats: readonly TableFormat[] = ['jsonl', 'csv', 'parquet'],
  ) {
    this.jsonl = formats.includes('jsonl') ? createWriteStream(join(dir, tableFile(spec.name, 'jsonl'))) : null;
    if (formats.includes('csv')) {
      const out = createWriteStream(join(dir, tableFile(spec.name, 'csv')));
      // Null is an empty field, an empty string a quoted one (""), so a reader can tell them apart.
      const stringifier = stringify({ header: true, columns: spec.columns.map(([n]) => n), quoted_match: /^$/, cast: { boolean: (v) => (v ? 'true' : 'false') } });
      stringifier.pipe(out);
      this.csv = { stringifier, out, done: once(out, 'close') };
    } else this.csv = null;
    this.parquet = formats.includes('parquet') ? new ParquetWriter({ writer: fileWriter(join(dir, tableFile(spec.name, 'parquet'))), schema: parquetSchema(spec), createdBy: 'toolmark' }) : null;
  }

  /** Write one batch of rows (already shaped as the table's schema). */
  async write(batch: readonly Record<string, unknown>[]): Promise<void> {
    if (batch.length === 0) return;
    this.rows += batch.length;
    if (this.jsonl) await put(this.jsonl, batch.map((r) => `${JSON.stringify(r)}\n`).join(''));
    if (this.csv) for (const r of batch) await put(this.csv.stringifier, flatRow(this.spec, r));
    if (this.parquet) {
      // JSON columns take the value itself: the writer encodes it as JSON text (the column's JSON type).
      const columnData = this.spec.columns.map(([name, t]) => ({
        name,
        data: batch.map((r) => {
          const v = r[name] ?? null;
          return v === null ? null : t === 'int' ? BigInt(v as number) : v;
        }),
      }));
      await this.parquet.write({ columnData, rowGroupSize: batch.length });
    }
  }

  /** Close every file; the table's row count and files. */
  async close(): Promise<WrittenTable> {
    if (this.jsonl) {
      this.jsonl.end();
      await once(this.jsonl, 'close');
    }
    if (this.csv) {
      this.csv.stringifier.end();
      await this.csv.done;
    }
    if (this.parquet) await this.parquet.finish();
    return { table: this.spec.name, rows: this.rows, files: this.formats.map((format) => ({ path: tableFile(this.spec.name, format), format })) };
  }
}
