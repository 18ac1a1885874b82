// `npm run catalogue:capture [-- --concurrency 2] [--only name,...] [--refresh] [--limit N] [--timeout s]`: capture the
// catalogue's candidates (catalogue/candidates.json) in the bubblewrap sandbox and freeze each as
// catalogue/servers/<name>.json. Resumable: a candidate with an entry is skipped unless --refresh, which
// captures it again and prints what changed (new, removed and re-described tools). A package is looked up
// once with `npm view` (its facts, version and bins), installed with scripts off, started in the sandbox;
// a failure that names configuration variables is tried again with documented dummy values (up to 4 tries).
import { mkdirSync, readFileSync, writeFileSync, existsSync, renameSync } from 'node:fs';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import process from 'node:process';
import cliProgress from 'cli-progress';
import { surfaceHash } from '@toolmark/benchmarks';
import { captureNpmPackage, npmInstallEnv, runLimitedOutput } from '../capture/npm-package.js';
import { CaptureError } from '../capture/errors.js';
import { nodeSha256Hex } from '../native-hash.js';
import { surfaceChanges, isUnchanged, type SurfaceChanges } from './changes.js';
import { dummyEnv, variablesNamed, wantsCredentials } from './credentials.js';
import { CATALOGUE_FORMAT, CatalogueEntrySchema, toolsBytes, type CatalogueEntry } from './entry.js';
import { chooseCatalogueBin, packageBins, packageFacts } from './facts.js';
import { CANDIDATES_FILE, SERVERS_DIR, entryFileName } from './files.js';
import type { Candidate } from './select.js';

/** Install plus start plus tools/list, per attempt; `--timeout <s>` raises it when the machine is loaded. */
const CAPTURE_TIMEOUT_MS = 150_000;
const VIEW_TIMEOUT_MS = 60_000;
/** Tries of one candidate: without variables, then with the dummies of those each failure names. */
const DUMMY_ATTEMPTS = 4;
const MESSAGE_CHARS = 600;

interface Options {
  concurrency: number;
  refresh: boolean;
  only: Set<string> | null;
  limit: number;
  timeoutMs: number;
}

function parseArgs(argv: string[]): Options {
  const options: Options = { concurrency: 2, refresh: false, only: null, limit: Infinity, timeoutMs: CAPTURE_TIMEOUT_MS };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--concurrency') options.concurrency = Math.max(1, Math.min(8, Number(next()) || 1));
    else if (arg === '--refresh') options.refresh = true;
    else if (arg === '--only') options.only = new Set(next().split(','));
    else if (arg === '--timeout') options.timeoutMs = Math.max(10, Number(next()) || 0) * 1000;
    else if (arg === '--limit') options.limit = Math.max(0, Number(next()) || 0);
    else throw new Error(`unknown argument ${arg}`);
  }
  return options;
}

/** A message without temporary paths, cut to a readable length. */
const clean = (message: string): string => {
  const text = message.replace(/\/tmp\/toolmark-npm-[\w]+/g, '<tmp>').replace(/\s+\n/g, '\n').trim();
  return text.length > MESSAGE_CHARS ? `${text.slice(0, MESSAGE_CHARS)}…` : text;
};

/** `npm view <name> --json`: the latest version's metadata, through npm itself (no user npmrc). */
async function npmView(name: string, scratch: string, cacheDir: string): Promise<Record<string, unknown>> {
  const env = { ...npmInstallEnv(process.env, scratch, { cacheDir }) };
  const { code, stdout, stderrTail } = await runLimitedOutput('npm', ['view', '--json', '--', name], { env, cwd: scratch, timeoutMs: VIEW_TIMEOUT_MS, where: `npm ${name}`, what: `npm view ${name}` });
  if (code !== 0) throw new CaptureError('install_failed', `npm view ${name} failed: ${stderrTail.slice(-300)}`, { where: `npm ${name}` });
  const parsed = JSON.parse(stdout) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new CaptureError('install_failed', `npm view ${name} returned no object`, { where: `npm ${name}` });
  return parsed as Record<string, unknown>;
}

/** A scratch folder for a capture run's installs and npm cache (the caller removes it). */
export function catalogueScratchRoot(): string {
  const scratchRoot = mkdtempSync(join(tmpdir(), 'toolmark-catalogue-'));
  // The sandbox's throwaway uid must pass through it to reach each install folder (capture/README.md).
  chmodSync(scratchRoot, 0o711);
  return scratchRoot;
}

/** Capture one candidate into an entry (never throws for the package's own failures); `scratchRoot` from {@link catalogueScratchRoot}. */
export async function captureCandidate(candidate: Candidate, cacheDir: string, scratchRoot: string, timeoutMs = CAPTURE_TIMEOUT_MS): Promise<CatalogueEntry> {
  const scratch = mkdtempSync(join(scratchRoot, 'view-'));
  for (const d of ['home', 'tmp']) mkdirSync(join(scratch, d));
  const base = {
    formatVersion: CATALOGUE_FORMAT as typeof CATALOGUE_FORMAT,
    package: candidate.name,
    capturedAt: new Date().toISOString().slice(0, 10),
    listDownloadsMonth: candidate.listDownloadsMonth,
    args: [] as string[],
  };
  let meta: Record<string, unknown>;
  try {
    meta = await npmView(candidate.name, scratch, cacheDir);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ...base, version: '', status: 'failed', failure: { code: 'install_failed', message: clean(message) }, facts: packageFacts({}), bin: null, env: {}, capture: null, tools: [] };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const version = typeof meta.version === 'string' ? meta.version : '';
  const facts = packageFacts(meta);
  const bin = chooseCatalogueBin(candidate.name, packageBins(candidate.name, meta));
  const entry = { ...base, version, facts, bin };
  if (bin === null) {
    return { ...entry, status: 'failed', failure: { code: 'no_bin', message: `${candidate.name}@${version} has no bin: a library, not a server to start` }, env: {}, capture: null, tools: [] };
  }
  const attempt = async (env: Record<string, string>): Promise<CatalogueEntry> => {
    const started = Date.now();
    const captured = await captureNpmPackage({ spec: `${candidate.name}@${version}`, bin, env }, { timeoutMs, cacheDir, tmpRoot: scratchRoot });
    const tools = captured.value.tools;
    return {
      ...entry,
      status: 'captured',
      failure: null,
      env,
      capture: {
        server: captured.server,
        toolCount: tools.length,
        sha256: nodeSha256Hex(toolsBytes(tools)),
        surfaceHash: surfaceHash(captured.surface, nodeSha256Hex),
        durationMs: Date.now() - started,
        node: process.version,
        sandbox: true,
      },
      tools,
    };
  };
  const failed = (error: unknown, env: Record<string, string>): CatalogueEntry => {
    const code = error instanceof CaptureError ? error.code : 'failed';
    const message = clean(error instanceof Error ? error.message : String(error));
    const status = wantsCredentials(message) ? 'needs_credentials' : 'failed';
    return { ...entry, status, failure: { code, message }, env, capture: null, tools: [] };
  };
  // Servers often check their variables one at a time (DOKPLOY_URL, then DOKPLOY_API_KEY): each failure
  // that names variables not yet set is tried again with their dummies too, up to DUMMY_ATTEMPTS tries.
  let env: Record<string, string> = {};
  for (let tries = 1; ; tries++) {
    try {
      return await attempt(env);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const names = variablesNamed(message).filter((n) => !(n in env));
      if (names.length === 0 || tries >= DUMMY_ATTEMPTS) return failed(error, env);
      env = { ...env, ...dummyEnv(names) };
    }
  }
}

function readEntry(file: string): CatalogueEntry | null {
  if (!existsSync(file)) return null;
  return CatalogueEntrySchema.parse(JSON.parse(readFileSync(file, 'utf8')));
}

function writeEntry(file: string, entry: CatalogueEntry): void {
  const text = `${JSON.stringify(CatalogueEntrySchema.parse(entry), null, 2)}\n`;
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

const describeChanges = (c: SurfaceChanges): string =>
  [c.added.length ? `+${c.added.join(',')}` : '', c.removed.length ? `-${c.removed.join(',')}` : '', c.described.length ? `~desc ${c.described.join(',')}` : '', c.schema.length ? `~schema ${c.schema.join(',')}` : '']
    .filter((s) => s !== '')
    .join(' ');

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const { candidates } = JSON.parse(readFileSync(CANDIDATES_FILE, 'utf8')) as { candidates: Candidate[] };
  mkdirSync(SERVERS_DIR, { recursive: true });
  const todo = candidates
    .filter((c) => options.only === null || options.only.has(c.name))
    .filter((c) => options.refresh || !existsSync(join(SERVERS_DIR, entryFileName(c.name))))
    .slice(0, options.limit);
  const scratchRoot = catalogueScratchRoot();
  const cacheDir = join(scratchRoot, 'npm-cache');
  const tty = process.stderr.isTTY === true;
  const bar = tty ? new cliProgress.SingleBar({ stream: process.stderr, format: 'catalogue [{bar}] {value}/{total} | {captured} captured | {creds} need credentials | {failed} failed | ETA {eta_formatted}', hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  const counts = { captured: 0, needs_credentials: 0, failed: 0 };
  const changed: string[] = [];
  const started = Date.now();
  bar?.start(todo.length, 0, { captured: 0, creds: 0, failed: 0 });
  let next = 0;
  let done = 0;
  const worker = async (): Promise<void> => {
    while (next < todo.length) {
      const candidate = todo[next++] as Candidate;
      const file = join(SERVERS_DIR, entryFileName(candidate.name));
      const before = readEntry(file);
      const t0 = Date.now();
      const entry = await captureCandidate(candidate, cacheDir, scratchRoot, options.timeoutMs);
      writeEntry(file, entry);
      counts[entry.status]++;
      done++;
      if (before !== null) {
        const c = surfaceChanges(before.tools, entry.tools);
        const versionMoved = before.version !== entry.version ? ` ${before.version} -> ${entry.version}` : '';
        if (!isUnchanged(c) || versionMoved !== '' || before.status !== entry.status) changed.push(`${candidate.name}${versionMoved} ${before.status}->${entry.status} ${describeChanges(c)}`.trim());
      }
      const line = `[${done}/${todo.length}] ${candidate.name}@${entry.version} ${entry.status}${entry.capture ? ` ${entry.capture.toolCount} tools` : ` (${entry.failure?.code ?? ''})`} ${((Date.now() - t0) / 1000).toFixed(1)} s`;
      if (bar) bar.increment(1, { captured: counts.captured, creds: counts.needs_credentials, failed: counts.failed });
      else process.stdout.write(`${line}\n`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, todo.length) }, worker));
  bar?.stop();
  rmSync(scratchRoot, { recursive: true, force: true });
  const minutes = (Date.now() - started) / 60_000;
  process.stdout.write(`captured ${counts.captured}, needing credentials ${counts.needs_credentials}, failed ${counts.failed} of ${todo.length} in ${minutes.toFixed(1)} min (${(todo.length / Math.max(minutes, 1e-9)).toFixed(2)} servers/min, concurrency ${options.concurrency})\n`);
  if (options.refresh) process.stdout.write(changed.length === 0 ? 'no changes\n' : `changes:\n${changed.map((c) => `  ${c}`).join('\n')}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
