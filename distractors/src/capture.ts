// `npm run distractors:capture [-- name ...] [--out DIR] [--keep]`: installs the pinned packages into
// temporary folders, lists their tools over stdio and rewrites the frozen files and the index.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { parseSurfaceValue, surfaceHash } from '@toolmark/benchmarks';
import { captureTools } from './capture-session.js';
import { DISTRACTORS_DIR, INDEX_FILE, MANIFEST_FILE, TOOLS_FILE, sha256OfBytes } from './index.js';
import { SetManifestSchema } from './manifest-schema.js';
import type { AvailableEntry, Index, SetEntry, SetManifest } from './manifest-schema.js';
import { CAPTURE_PINS, UNAVAILABLE_PINS } from './sets.js';
import type { CapturablePin, NodeChoice } from './sets.js';

const run = promisify(execFile);
const TMPDIR_PLACEHOLDER = '<tmpdir>';

/** Folder of a set relative to the data folder. */
export function setPath(pin: Pick<CapturablePin, 'name' | 'kind'>): string {
  return pin.kind === 'reference' ? `reference/${pin.name}` : pin.name;
}

function readJsonFile(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8'));
}

function packageDir(prefix: string, name: string): string {
  return join(prefix, 'node_modules', ...name.split('/'));
}

/** `npm install --prefix <dir> --no-save <spec>`, spawned without a shell. */
async function npmInstall(prefix: string, spec: string): Promise<void> {
  mkdirSync(prefix, { recursive: true });
  // --ignore-scripts: nothing here needs an install script, and some (browser downloads) cannot work offline.
  const args = ['install', '--prefix', prefix, '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', spec];
  try {
    await run('npm', args, { timeout: 600_000, maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    throw new Error(`npm ${args.join(' ')} failed: ${e.stderr?.trim() || e.message}`, { cause: err });
  }
}

/** The node binary for a pin and how to name it in the manifest. */
async function resolveNode(choice: NodeChoice, work: string): Promise<{ path: string; version: string; source: string }> {
  if (choice.kind === 'system') return { path: process.execPath, version: process.version, source: 'system' };
  const prefix = join(work, 'node');
  await npmInstall(prefix, `${choice.package}@${choice.version}`);
  const path = join(packageDir(prefix, choice.package), 'bin', 'node');
  if (!existsSync(path)) throw new Error(`${choice.package}@${choice.version} has no bin/node at ${path}`);
  const { stdout } = await run(path, ['--version'], { timeout: 30_000 });
  const version = stdout.trim();
  if (version !== `v${choice.version}`) throw new Error(`${path} reports ${version}, expected v${choice.version}`);
  return { path, version, source: `${choice.package}@${choice.version}` };
}

/** The file a package's `bin` points at (a single bin, or the one named like the package). */
export function binOf(pkg: { name: string; bin?: string | Record<string, string> }): string {
  const bin = pkg.bin;
  if (typeof bin === 'string') return bin;
  if (bin === undefined) throw new Error(`${pkg.name} declares no bin`);
  const entries = Object.entries(bin);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only !== undefined) return only[1];
  const unscoped = pkg.name.split('/').pop() ?? pkg.name;
  const named = bin[unscoped];
  if (named !== undefined) return named;
  throw new Error(`${pkg.name} declares several bins (${Object.keys(bin).join(', ')}) and none is named ${unscoped}`);
}

/** Installed versions of a package's direct dependencies (nested copies win, as Node resolves them). */
function installedDependencies(prefix: string, pkgDir: string, pkg: { dependencies?: Record<string, string> }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dep of Object.keys(pkg.dependencies ?? {}).sort()) {
    for (const candidate of [join(pkgDir, 'node_modules', ...dep.split('/')), packageDir(prefix, dep)]) {
      const file = join(candidate, 'package.json');
      if (existsSync(file)) {
        out[dep] = String((readJsonFile(file) as { version?: unknown }).version);
        break;
      }
    }
  }
  return out;
}

function sdkVersion(): string {
  const file = join(DISTRACTORS_DIR, '..', 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json');
  const local = join(DISTRACTORS_DIR, 'node_modules', '@modelcontextprotocol', 'sdk', 'package.json');
  return String((readJsonFile(existsSync(local) ? local : file) as { version?: unknown }).version);
}

/** Capture one pinned set into `outDir/<path>/`; returns the manifest written. */
export async function captureSet(pin: CapturablePin, outDir: string, options: { keep?: boolean } = {}): Promise<SetManifest> {
  const work = mkdtempSync(join(tmpdir(), `toolmark-capture-${pin.name}-`));
  try {
    const node = await resolveNode(pin.node, work);
    const prefix = join(work, 'pkg');
    await npmInstall(prefix, `${pin.package}@${pin.version}`);
    const pkgDir = packageDir(prefix, pin.package);
    const pkg = readJsonFile(join(pkgDir, 'package.json')) as {
      name: string;
      version: string;
      bin?: string | Record<string, string>;
      dependencies?: Record<string, string>;
    };
    if (pkg.version !== pin.version) throw new Error(`installed ${pkg.name}@${pkg.version}, pinned ${pin.version}`);
    const bin = resolve(pkgDir, binOf(pkg));
    const scratch = join(work, 'scratch');
    const home = join(work, 'home');
    mkdirSync(scratch, { recursive: true });
    mkdirSync(home, { recursive: true });
    const args = pin.args.map((a) => (a === TMPDIR_PLACEHOLDER ? scratch : a));
    const env: Record<string, string> = {
      // The chosen node first, so anything the server spawns through `env node` gets the same one.
      PATH: [dirname(node.path), process.env.PATH ?? '/usr/bin:/bin'].join(':'),
      HOME: home,
      ...pin.env,
    };
    console.log(`capturing ${pin.name}: ${pin.package}@${pin.version} with node ${node.version} (${node.source})`);
    const captured = await captureTools({ command: node.path, args: [bin, ...args], env, cwd: scratch });

    const surface = parseSurfaceValue({ tools: captured.tools });
    const text = `${JSON.stringify({ tools: captured.tools }, null, 2)}\n`;
    if (text.includes(work)) console.warn(`warning: ${pin.name}'s tools mention the temporary folder ${work}`);
    const bytes = Buffer.from(text, 'utf8');
    const manifest = SetManifestSchema.parse({
      name: pin.name,
      kind: pin.kind,
      status: 'available',
      package: pin.package,
      version: pin.version,
      captureDate: new Date().toISOString(),
      protocolVersion: captured.protocolVersion,
      serverInfo: captured.serverInfo,
      toolCount: surface.tools.length,
      sha256: sha256OfBytes(bytes),
      surfaceHash: surfaceHash(surface),
      node: { version: node.version, source: node.source },
      args: pin.args,
      env: Object.keys(env).sort(),
      client: { package: '@modelcontextprotocol/sdk', version: sdkVersion() },
      dependencies: installedDependencies(prefix, pkgDir, pkg),
      sdkDroppedPaths: captured.sdkDroppedPaths,
      ...(pin.notes === undefined ? {} : { notes: pin.notes }),
    } satisfies SetManifest);
    if (captured.sdkError !== undefined) console.warn(`warning: the SDK refused ${pin.name}'s tools/list: ${captured.sdkError}`);
    const dir = join(outDir, setPath(pin));
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, TOOLS_FILE), bytes);
    writeFileSync(join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    if (options.keep) console.log(`kept ${work}`);
    else rmSync(work, { recursive: true, force: true });
  }
}

function entryOf(manifest: SetManifest, path: string): AvailableEntry {
  const { name, package: pkg, version, toolCount, sha256, surfaceHash: hash } = manifest;
  return { name, status: 'available', path, package: pkg, version, toolCount, sha256, surfaceHash: hash };
}

/** Rebuild the index from the per-set manifests on disk and the unavailable table. */
export function writeIndex(outDir: string): Index {
  const sets: SetEntry[] = [];
  const references: AvailableEntry[] = [];
  for (const pin of CAPTURE_PINS) {
    const file = join(outDir, setPath(pin), MANIFEST_FILE);
    if (!existsSync(file)) {
      console.warn(`warning: ${pin.name} has never been captured into ${outDir}; left out of the index`);
      continue;
    }
    const entry = entryOf(SetManifestSchema.parse(readJsonFile(file)), setPath(pin));
    (pin.kind === 'reference' ? references : sets).push(entry);
  }
  for (const pin of UNAVAILABLE_PINS) sets.push({ name: pin.name, status: 'unavailable', reason: pin.reason });
  sets.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  references.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const index: Index = { formatVersion: 1, sets, references };
  writeFileSync(join(outDir, INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

async function main(argv: string[]): Promise<number> {
  let outDir = DISTRACTORS_DIR;
  let keep = false;
  const names: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--out') {
      const value = argv[++i];
      if (value === undefined) throw new Error('--out needs a folder');
      outDir = resolve(value);
    } else if (arg === '--keep') keep = true;
    else names.push(arg);
  }
  const unknown = names.filter((n) => !CAPTURE_PINS.some((p) => p.name === n));
  if (unknown.length > 0) {
    const unavailable = unknown.filter((n) => UNAVAILABLE_PINS.some((p) => p.name === n));
    if (unavailable.length > 0) console.error(`unavailable (no package to capture): ${unavailable.join(', ')}`);
    console.error(`unknown set(s): ${unknown.join(', ')}; capturable: ${CAPTURE_PINS.map((p) => p.name).join(', ')}`);
    return 2;
  }
  const selected = names.length === 0 ? CAPTURE_PINS : CAPTURE_PINS.filter((p) => names.includes(p.name));
  const failures: string[] = [];
  for (const pin of selected) {
    try {
      const m = await captureSet(pin, outDir, { keep });
      console.log(`  ${m.toolCount} tools, protocol ${m.protocolVersion}, ${m.surfaceHash}`);
      if (m.sdkDroppedPaths.length > 0) console.log(`  the SDK's parsed view would drop: ${m.sdkDroppedPaths.join(', ')}`);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      console.error(`FAILED ${pin.name}: ${message}`);
      failures.push(pin.name);
    }
  }
  writeIndex(outDir);
  if (failures.length > 0) {
    console.error(`capture failed for: ${failures.join(', ')} (their previous files, if any, are unchanged)`);
    return 1;
  }
  console.log(`captured ${selected.length} set(s) into ${outDir}`);
  return 0;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  main(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exitCode = 2;
    },
  );
}
