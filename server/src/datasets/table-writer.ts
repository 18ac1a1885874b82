// One table of a release written in the three formats at once, batch by batch (constant memory: a batch is
// encoded, written and dropped): JSONL (canonical, one JSON row per line), CSV (csv-stringify) and Parquet
// (hyparquet-writer, one row group per batch). Parquet is typed (lists, structs, maps, INT64, UTC
// timestamps; a value of no fixed shape is JSON text); CSV holds nested values as JSON text, null as an
// empty field and "" as a quoted empty field, with a UTF-8 byte order mark when asked (Excel). A write error
// of any file fails the table (see TableWriter), never the process.
import { createWriteStream, type WriteStream } from 'node:fs';
import { finished, pipeline } from 'node:stream/promises';
import { join } from 'node:path';
import { stringify, type Stringifier } from 'csv-stringify';
import { fileWriter, ParquetWriter, type SchemaElement } from 'hyparquet-writer';
import { flatRow, parquetValue, tableFile, type ColumnType, type TableFormat, type TableSpec } from '@toolmark/benchmarks';

/** What a finished table wrote: its rows and the files of each format. */
export interface WrittenTable {
  table: string;
  rows: number;
  files: { path: string; format: TableFormat }[];
}

type Leaf = Exclude<ColumnType, object>;
const PARQUET_LEAVES: Record<Leaf, Pick<SchemaElement, 'type' | 'converted_type' | 'logical_type'>> = {
  string: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  // JSON text as a plain UTF-8 string, so every reader (polars too) gives text, not bytes.
  json: { type: 'BYTE_ARRAY', converted_type: 'UTF8' },
  int: { type: 'INT64' },
  double: { type: 'DOUBLE' },
  bool: { type: 'BOOLEAN' },
  timestamp: { type: 'INT64', converted_type: 'TIMESTAMP_MILLIS', logical_type: { type: 'TIMESTAMP', isAdjustedToUTC: true, unit: 'MILLIS' } },
};

/** The schema elements of one column (depth-first, as Parquet lists them): LIST and MAP in their standard three-level form. */
function columnElements(name: string, t: ColumnType, repetition: 'OPTIONAL' | 'REQUIRED' = 'OPTIONAL'): SchemaElement[] {
  if (typeof t === 'string') return [{ name, ...PARQUET_LEAVES[t], repetition_type: repetition }];
  if ('list' in t) {
    return [{ name, repetition_type: repetition, converted_type: 'LIST', num_children: 1 }, { name: 'list', repetition_type: 'REPEATED', num_children: 1 }, ...columnElements('element', t.list)];
  }
  if ('map' in t) {
    return [
      { name, repetition_type: repetition, converted_type: 'MAP', num_children: 1 },
      { name: 'key_value', repetition_type: 'REPEATED', num_children: 2 },
      { name: 'key', ...PARQUET_LEAVES.string, repetition_type: 'REQUIRED' },
      ...columnElements('value', t.map),
    ];
  }
  return [{ name, repetition_type: repetition, num_children: t.struct.length }, ...t.struct.flatMap(([n, ft]) => columnElements(n, ft))];
}

/** The Parquet schema of a table: every column optional (null where the row has null). */
export function parquetSchema(spec: TableSpec): SchemaElement[] {
  return [{ name: 'root', num_children: spec.columns.length }, ...spec.columns.flatMap(([name, t]) => columnElements(name, t))];
}

/** Options of a table's files. */
export interface TableWriterOptions {
  /** Start the CSV with a UTF-8 byte order mark (Excel then reads Japanese right). */
  csvBom?: boolean;
}

/**
 * A writer of one table into `dir` in the given formats. Every stream's error (ENOSPC, EIO, EROFS… from the
 * files, or the CSV encoder's) is caught and kept: the next `write` or `close` rejects with the first one,
 * a write waiting for a full buffer to drain is woken by it, and nothing is left as an unhandled rejection
 * or an `error` event with no listener (either would take the whole service down). `destroy` closes every
 * file after a failure so the build can remove its folder.
 */
export class TableWriter {
  private rows = 0;
  private failure: Error | null = null;
  /** Writes waiting for a stream to drain: woken with the failure (one listener per wait, removed after it, so nothing piles up). */
  private readonly waiting = new Set<(e: Error) => void>();
  private readonly files: WriteStream[] = [];
  private readonly jsonl: WriteStream | null = null;
  private readonly csv: { stringifier: Stringifier; done: Promise<void> } | null = null;
  private readonly parquet: ParquetWriter | null = null;

  constructor(
    private readonly dir: string,
    private readonly spec: TableSpec,
    private readonly formats: readonly TableFormat[] = ['jsonl', 'csv', 'parquet'],
    options: TableWriterOptions = {},
  ) {
    if (formats.includes('jsonl')) this.jsonl = this.open('jsonl');
    if (formats.includes('csv')) {
      // Null is an empty field, an empty string a quoted one (""), so a reader can tell them apart.
      const stringifier = stringify({ header: true, bom: options.csvBom === true, columns: spec.columns.map(([n]) => n), quoted_match: /^$/, cast: { boolean: (v) => (v ? 'true' : 'false') } });
      // pipeline: an error on either side destroys both and rejects `done` (kept, never unhandled).
      const done = pipeline(stringifier, this.open('csv'));
      done.catch((e: unknown) => this.fail(e));
      this.csv = { stringifier, done };
    }
    if (formats.includes('parquet')) {
      try {
        // hyparquet-writer's file writer writes synchronously: its errors are thrown by `write`/`finish`.
        this.parquet = new ParquetWriter({ writer: fileWriter(join(dir, tableFile(spec.name, 'parquet'))), schema: parquetSchema(spec), createdBy: 'toolmark' });
      } catch (e) {
        this.fail(e);
      }
    }
  }

  private open(format: TableFormat): WriteStream {
    const stream = createWriteStream(join(this.dir, tableFile(this.spec.name, format)));
    stream.on('error', (e) => this.fail(e));
    this.files.push(stream);
    return stream;
  }

  private fail(e: unknown): void {
    if (this.failure) return;
    this.failure = e instanceof Error ? e : new Error(String(e));
    for (const wake of this.waiting) wake(this.failure);
  }

  /** Wait until `settle` resolves or a failure (already there, or later) rejects; the wait leaves nothing behind. */
  private async until(settle: (done: () => void) => () => void): Promise<void> {
    this.check();
    await new Promise<void>((resolve, reject) => {
      const wake = (e: Error) => {
        stop();
        this.waiting.delete(wake);
        reject(e);
      };
      const stop = settle(() => {
        this.waiting.delete(wake);
        resolve();
      });
      this.waiting.add(wake);
    });
  }

  /** Wait for a stream's `event` (or a failure). */
  private event(stream: WriteStream | Stringifier, event: 'drain' | 'close'): Promise<void> {
    return this.until((done) => {
      stream.once(event, done);
      return () => stream.off(event, done);
    });
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  /** Write a chunk, waiting while the stream's buffer is full (or until a failure, which rejects). */
  private async put(stream: WriteStream | Stringifier, chunk: string | Record<string, unknown>): Promise<void> {
    this.check();
    if (!stream.write(chunk)) await this.event(stream, 'drain');
  }

  /** Write one batch of rows (already shaped as the table's schema). */
  async write(batch: readonly Record<string, unknown>[]): Promise<void> {
    this.check();
    if (batch.length === 0) return;
    this.rows += batch.length;
    if (this.jsonl) await this.put(this.jsonl, batch.map((r) => `${JSON.stringify(r)}\n`).join(''));
    if (this.csv) for (const r of batch) await this.put(this.csv.stringifier, flatRow(this.spec, r));
    if (this.parquet) {
      // Nested and JSON-text columns without statistics or page indexes: nobody filters on their min and max,
      // and the writer would hold both for every leaf of every row group until the footer (memory of a large release).
      const columnData = this.spec.columns.map(([name, t]) => ({ name, data: batch.map((r) => parquetValue(t, r[name])), ...(typeof t === 'string' && t !== 'json' ? {} : { statistics: false, offsetIndex: false }) }));
      await this.parquet.write({ columnData, rowGroupSize: batch.length });
    }
    this.check();
  }

  /** Close every file; the table's row count and files (rejects with the first failure). */
  async close(): Promise<WrittenTable> {
    this.check();
    if (this.jsonl) {
      const closed = this.event(this.jsonl, 'close');
      this.jsonl.end();
      await closed;
    }
    if (this.csv) {
      this.csv.stringifier.end();
      const done = this.csv.done;
      await this.until((resolve) => {
        void done.then(resolve, () => undefined);
        return () => undefined;
      });
    }
    if (this.parquet) await this.parquet.finish();
    this.check();
    return { table: this.spec.name, rows: this.rows, files: this.formats.map((format) => ({ path: tableFile(this.spec.name, format), format })) };
  }

  /** After a failure: close every file at once (nothing more is written) and wait until they are closed. */
  async destroy(): Promise<void> {
    this.csv?.stringifier.destroy();
    for (const f of this.files) f.destroy();
    await Promise.all(this.files.map((f) => finished(f).catch(() => undefined)));
  }
}

/** Run a build's writing with its writers: on any failure every writer is destroyed (its files closed) before the error goes on. */
export async function writingWith<T>(writers: Record<string, TableWriter>, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    await Promise.all(Object.values(writers).map((w) => w.destroy()));
    throw e;
  }
}
