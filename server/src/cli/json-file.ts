// A file the CLI reads back as JSON of a known shape (a `--baseline` lint result, a `--pin` file): parsed and
// checked by its zod schema, refused with the file's name, the first wrong field's JSON path and what was
// expected — the one place both readers share.
import type { z } from 'zod';
import { CliError, type CliErrorCode } from './errors.js';

/** How to refuse a file: the error code, the flag that named it, and what the file should have been. */
export interface JsonFileRefusal {
  code: CliErrorCode;
  key: string;
  what: string;
}

/** Parse `text` (the file `name`) as JSON of `schema`'s shape, or throw the refusal naming the file and field. */
export function parseJsonFile<T>(text: string, name: string, schema: z.ZodType<T>, refusal: JsonFileRefusal): T {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new CliError(refusal.code, `${name} is not JSON: ${(error as Error).message}`, { where: name, key: refusal.key });
  }
  const parsed = schema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const path = issue ? ['$', ...issue.path.map(String)].join('.') : '$';
  throw new CliError(refusal.code, `${name} is not ${refusal.what}: ${path}: ${issue?.message ?? 'invalid'}`, { where: name, key: refusal.key, path });
}
