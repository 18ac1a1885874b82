// Where `npm run build` puts the packed CLI, for the build itself and for the route that serves it. Resolved
// from the server package's folder, so the same from src/ (tests) and dist/ (the service).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** server/dist/cli-package: the tarball `toolmark-<version>.tgz` and its manifest.json. */
export const CLI_PACKAGE_DIR = join(SERVER_DIR, 'dist', 'cli-package');

/** What the build writes beside the tarball: which file, its version and digest. */
export interface CliPackageManifest {
  /** The package name: `toolmark` (not published on npm: this tarball is how it is installed). */
  name: string;
  version: string;
  /** `toolmark-<version>.tgz`, in {@link CLI_PACKAGE_DIR}. */
  file: string;
  /** Hex sha256 of the tarball. */
  sha256: string;
  bytes: number;
}

/** The manifest's file name in {@link CLI_PACKAGE_DIR}. */
export const CLI_PACKAGE_MANIFEST = 'manifest.json';
