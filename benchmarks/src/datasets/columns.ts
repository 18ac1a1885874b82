// How a release's columns are typed in CSV and Parquet, and the one mapping between a row (as JSONL holds
// it) and its cells. Parquet keeps the types: integers INT64, timestamps TIMESTAMP (UTC, milliseconds),
// lists LIST, records of named fields STRUCT, keyed records MAP; a value of no fixed shape (a tool's input
// schema, a model's arguments) is JSON text (a UTF-8 string). CSV has no types: every nested value is
// JSON text there, a timestamp its ISO 8601 text; an empty field is null and a quoted `""` an empty string.

/** A column's type. */
export type ColumnType =
  | 'string'
  | 'int'
  | 'double'
  | 'bool'
  /** A value of no fixed shape: JSON text in CSV and Parquet. */
  | 'json'
  /** An ISO 8601 instant in JSONL and CSV (`2026-12-01T00:00:00.000Z`), TIMESTAMP (UTC, ms) in Parquet. */
  | 'timestamp'
  | { list: ColumnType }
  /** A record of string keys to values of one type (Parquet MAP). */
  | { map: ColumnType }
  | { struct: readonly StructField[] };

/** A field of a struct: its name, type, and `optional` when the row leaves it out (rather than null) where it has none. */
export type StructField = readonly [name: string, type: ColumnType, presence?: 'optional'];

/** A type as the card's field table writes it: `list<string>`, `struct<name: string, …>`. */
export function typeName(t: ColumnType): string {
  if (typeof t === 'string') return t;
  if ('list' in t) return `list<${typeName(t.list)}>`;
  if ('map' in t) return `map<string, ${typeName(t.map)}>`;
  return `struct<${t.struct.map(([n, ft, p]) => `${n}${p === 'optional' ? '?' : ''}: ${typeName(ft)}`).join(', ')}>`;
}

/** Whether a column is a plain scalar in CSV (anything else is JSON text there). */
const scalar = (t: ColumnType): boolean => typeof t === 'string' && t !== 'json';

/** A row's cell in CSV: a scalar as it is, a nested or `json` value as JSON text, null kept. */
export function csvCell(t: ColumnType, v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  return scalar(t) ? (v as string | number | boolean) : JSON.stringify(v);
}

/** A value as hyparquet-writer takes it for a Parquet column of type `t`: INT64 as bigint, timestamps as Date, `json` as JSON text, nested values recursively. */
export function parquetValue(t: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (typeof t === 'string') {
    if (t === 'int') return BigInt(v as number);
    if (t === 'timestamp') return new Date(v as string);
    if (t === 'json') return JSON.stringify(v);
    return v;
  }
  if ('list' in t) return (v as unknown[]).map((e) => parquetValue(t.list, e));
  if ('map' in t) return Object.entries(v as Record<string, unknown>).map(([key, value]) => ({ key, value: parquetValue(t.map, value) }));
  const o = v as Record<string, unknown>;
  // An optional field left out is null; one present with JSON null is the text `null`.
  return Object.fromEntries(t.struct.map(([n, ft, presence]) => [n, presence === 'optional' && ft === 'json' && o[n] === null ? 'null' : parquetValue(ft, o[n])]));
}

/** A decoded cell back to the row's value: from CSV text (nested values parsed from JSON) or from a Parquet reader (hyparquet, DuckDB). */
export function rowValue(t: ColumnType, v: unknown, from: 'csv' | 'parquet'): unknown {
  if (v === null || v === undefined) return null;
  if (typeof t === 'string') {
    switch (t) {
      case 'int':
      case 'double':
        return Number(v);
      case 'bool':
        return v === true || v === 'true';
      case 'timestamp':
        return v instanceof Date ? v.toISOString() : String(v);
      case 'json':
        return typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
      default:
        return String(v);
    }
  }
  // CSV, and Parquet files written before nested types (schema version 1), hold nested values as JSON text.
  if (typeof v === 'string') return rowValue(t, JSON.parse(v), 'parquet');
  if ('list' in t) return (v as unknown[]).map((e) => rowValue(t.list, e, from));
  if ('map' in t) {
    // hyparquet gives a MAP as an object; DuckDB as [{key, value}]; JSON text as an object.
    const entries = Array.isArray(v) ? (v as { key: string; value: unknown }[]).map((e) => [e.key, e.value] as const) : Object.entries(v as Record<string, unknown>);
    return Object.fromEntries(entries.map(([k, x]) => [k, rowValue(t.map, x, from)]));
  }
  const o = v as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [n, ft, presence] of t.struct) {
    if ((o[n] === null || o[n] === undefined) && presence === 'optional') continue;
    out[n] = rowValue(ft, o[n], from);
  }
  return out;
}
