// `toolmark datasets verify` runs with a capped V8 heap. Verify streams (memory holds one row of each format
// and one Parquet row group), so what it keeps alive is small (a 1 M-trial release's Parquet comparison runs
// in a 96 MB heap); but a typed Parquet row group decodes into nested objects several times its JSON text, and
// with the default heap limit (a share of the machine's memory) V8 lets that garbage pile up in old space
// before collecting it: 371 MB peak RSS on a 1 M-trial release uncapped. With this cap V8 collects sooner
// instead (docs/performance.md, "datasets verify"). A heap limit the user gives (node option or NODE_OPTIONS)
// is left as it is.
import { getHeapStatistics } from 'node:v8';

/** The old-space limit `datasets verify` runs with, in MB (one definition: the CLI and bench:datasets use it). */
export const VERIFY_HEAP_MB = 128;

/** Set in the re-run process, so it never re-runs again. */
const MARK = 'TOOLMARK_VERIFY_HEAP';

/** Is `argv` (without node and the script) a `datasets verify` run? */
const isVerify = (argv: readonly string[]): boolean => {
  const words = argv.filter((a) => !a.startsWith('-'));
  return words[0] === 'datasets' && words[1] === 'verify';
};

/**
 * The node arguments to re-run this CLI with a capped heap, or null when it is not needed: not `datasets
 * verify`, already re-run, or a heap limit the user chose (any --max-old-space-size) or one already as small.
 */
export function verifyHeapRerun(argv: readonly string[], env: NodeJS.ProcessEnv, execArgv: readonly string[]): string[] | null {
  if (!isVerify(argv) || env[MARK] !== undefined) return null;
  if ([...execArgv, env.NODE_OPTIONS ?? ''].some((a) => a.includes('max-old-space-size'))) return null;
  if (getHeapStatistics().heap_size_limit <= (VERIFY_HEAP_MB + 64) * 2 ** 20) return null;
  return [`--max-old-space-size=${VERIFY_HEAP_MB}`, ...execArgv];
}

/** The environment of the re-run process. */
export const verifyHeapEnv = (env: NodeJS.ProcessEnv): NodeJS.ProcessEnv => ({ ...env, [MARK]: String(VERIFY_HEAP_MB) });
