import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { TurnResultSchema, type TurnResult } from '@toolmark/benchmarks';

/** Answers of earlier trials by the core's cache key. Only successful answers are stored, never errors. */
export interface TrialCache {
  get(key: string): Promise<TurnResult | undefined>;
  set(key: string, result: TurnResult): Promise<void>;
}

/** The default cache folder, relative to the working directory. */
export const DEFAULT_CACHE_DIR = join('.toolmark', 'cache');

/** The file of a key: `<dir>/<2 hex>/<hex>.json` (a key is `tmc1:<sha256 hex>`; only [a-z0-9] reach the path). */
function fileOf(dir: string, key: string): string {
  const safe = key.replace(/[^a-z0-9]/gi, '_');
  const hex = key.slice(key.indexOf(':') + 1);
  return join(dir, /^[0-9a-f]{2}/.test(hex) ? hex.slice(0, 2) : '__', `${safe}.json`);
}

/**
 * A folder of JSON files, one per trial answer. Writes are atomic (a temporary file in the same folder,
 * then rename), so a cancelled or concurrent run never leaves half a file; an unreadable entry is a miss.
 */
export function fileTrialCache(dir: string = DEFAULT_CACHE_DIR): TrialCache {
  return {
    async get(key) {
      let text: string;
      try {
        text = await readFile(fileOf(dir, key), 'utf8');
      } catch {
        return undefined;
      }
      try {
        const entry = JSON.parse(text) as { key?: unknown; result?: unknown };
        if (entry.key !== key) return undefined;
        const parsed = TurnResultSchema.safeParse(entry.result);
        return parsed.success ? parsed.data : undefined;
      } catch {
        return undefined;
      }
    },
    async set(key, result) {
      const file = fileOf(dir, key);
      const folder = join(file, '..');
      await mkdir(folder, { recursive: true });
      const tmp = join(folder, `.${randomBytes(6).toString('hex')}.tmp`);
      try {
        await writeFile(tmp, JSON.stringify({ key, result }), { mode: 0o600 });
        await rename(tmp, file);
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
    },
  };
}

/** A cache in memory (tests, and runs with --no-cache that still dedupe nothing). */
export function memoryTrialCache(): TrialCache & { size(): number } {
  const map = new Map<string, TurnResult>();
  return {
    get: async (key) => map.get(key),
    set: async (key, result) => {
      map.set(key, result);
    },
    size: () => map.size,
  };
}
