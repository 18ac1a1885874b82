// Where the frozen catalogue lives: `catalogue/` at the repository root, found relative to this module so it
// works from `src/` (tests) and `dist/` (built) alike.
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

export const CATALOGUE_DIR = fileURLToPath(new URL('../../../catalogue/', import.meta.url));
export const CANDIDATES_FILE = join(CATALOGUE_DIR, 'candidates.json');
export const SERVERS_DIR = join(CATALOGUE_DIR, 'servers');
/** A package name as a file name: `@scope/name` -> `scope__name`. */
export const entryFileName = (name: string): string => `${name.replace(/^@/, '').replace('/', '__')}.json`;
