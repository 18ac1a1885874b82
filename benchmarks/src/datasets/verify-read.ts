// The rows of a release table as verify reads them: its JSONL lines one at a time (from whatever async
// iterable the adapter gives), each parsed and checked against the table's schema; a line that is not JSON
// or not a row of the table is a difference naming the file, row and field, and is skipped. Nothing is held.
import type { Findings } from './compare.js';
import { tableFile } from './manifest.js';
import type { TableSpec } from './rows.js';

/** The lines of a table's JSONL file (null: absent or unreadable). */
export type TableLines = (table: string) => AsyncIterable<string> | null;

/** One row of a table with its 1-based line number. */
export interface NumberedRow<T> {
  row: number;
  value: T;
}

/** A table's valid rows one at a time; `counted` receives the number of lines when the file ends (null: no file). */
export async function* tableRows<T>(spec: TableSpec, lines: TableLines, findings: Findings, counted: (lines: number | null) => void): AsyncGenerator<NumberedRow<T>> {
  const file = tableFile(spec.name, 'jsonl');
  const source = lines(spec.name);
  if (source === null) {
    counted(null);
    return;
  }
  let n = 0;
  for await (const line of source) {
    n++;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (e) {
      findings.push({ file, row: n, field: '(row)', expected: 'JSON', found: (e as Error).message });
      continue;
    }
    const parsed = spec.schema.safeParse(value);
    if (parsed.success) yield { row: n, value: parsed.data as T };
    else for (const issue of parsed.error.issues) findings.push({ file, row: n, field: issue.path.join('.') || '(row)', expected: `a ${spec.name} row`, found: issue.message });
  }
  counted(n);
}
