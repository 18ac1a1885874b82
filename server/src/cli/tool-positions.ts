import type { SourceRegion } from '@toolmark/benchmarks';

/** 1-based line and UTF-16 column of an offset in a text. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where each tool's `"name": "<tool>"` member sits in the surface file's text, for SARIF's physical
 * regions. The first such member wins (tools come before anything they contain); a name written with
 * escapes other than JSON.stringify's is not found, and its findings point at the top of the file.
 */
export function toolRegions(text: string, names: readonly string[]): Map<string, SourceRegion> {
  const out = new Map<string, SourceRegion>();
  for (const name of names) {
    const m = new RegExp(`"name"\\s*:\\s*${escapeRegExp(JSON.stringify(name))}`).exec(text);
    if (!m) continue;
    const start = lineColumn(text, m.index);
    const end = lineColumn(text, m.index + m[0].length);
    out.set(name, { startLine: start.line, startColumn: start.column, endLine: end.line, endColumn: end.column });
  }
  return out;
}
