// Helpers for tests: a writable copy of the frozen data, to tamper with without touching the real files.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterEach } from 'vitest';
import { DISTRACTORS_DIR } from './index.js';

const CODE_FOLDERS = new Set(['src', 'dist', 'node_modules', 'golden']);

/** Copy the index and every set folder (no code) into a fresh temporary folder. */
export function copyData(): { dir: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-distractors-'));
  cpSync(DISTRACTORS_DIR, dir, {
    recursive: true,
    filter: (src) => {
      const rel = relative(DISTRACTORS_DIR, src);
      const top = rel.split(sep)[0] ?? '';
      return !CODE_FOLDERS.has(top);
    },
  });
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Rewrite a JSON file in the copy through a function. */
export function editJson(file: string, edit: (value: unknown) => unknown): void {
  writeFileSync(file, `${JSON.stringify(edit(JSON.parse(readFileSync(file, 'utf8'))), null, 2)}\n`);
}

/**
 * A function that makes a fresh writable copy of the data for one test; every copy made is removed after
 * that test (call at the top of a describe block or file).
 */
export function useDataCopies(): () => string {
  let cleanup: (() => void) | undefined;
  afterEach(() => {
    cleanup?.();
    cleanup = undefined;
  });
  return () => {
    cleanup?.();
    const c = copyData();
    cleanup = c.cleanup;
    return c.dir;
  };
}
