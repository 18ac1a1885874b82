import { readFileSync } from 'node:fs';

/** What the build stamped into `dist/build-info.json` (scripts/build-info.mjs, run after tsc). */
export interface BuildInfo {
  version: string;
  /** The git commit the build was made from, or null outside a git checkout. */
  commit: string | null;
}

const BUILD_INFO = new URL('./build-info.json', import.meta.url);
const PACKAGE_JSON = new URL('../package.json', import.meta.url);

let cached: BuildInfo | undefined;

/**
 * The build's stamp: read from `build-info.json` beside this module in `dist/`. Without one (the sources
 * run by the tests, a build that skipped the stamp) the package version and no commit.
 */
export function buildInfo(file: URL = BUILD_INFO): BuildInfo {
  if (file === BUILD_INFO && cached !== undefined) return cached;
  let info: BuildInfo;
  try {
    const stamped = JSON.parse(readFileSync(file, 'utf8')) as Partial<BuildInfo>;
    if (typeof stamped.version !== 'string') throw new Error('no version');
    info = { version: stamped.version, commit: typeof stamped.commit === 'string' && /^[0-9a-f]{40}$/.test(stamped.commit) ? stamped.commit : null };
  } catch {
    const { version } = JSON.parse(readFileSync(PACKAGE_JSON, 'utf8')) as { version: string };
    info = { version, commit: null };
  }
  if (file === BUILD_INFO) cached = info;
  return info;
}

/** The code version recorded in every run report: `<version>+<12 hex of the commit>`, or `<version>+unknown`. */
export function codeVersion(info: BuildInfo = buildInfo()): string {
  return `${info.version}+${info.commit === null ? 'unknown' : info.commit.slice(0, 12)}`;
}
