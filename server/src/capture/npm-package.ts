// Capture a server published on npm: install it into a fresh temporary folder (npm runs no code of the
// package: scripts are off), then start its bin over stdio inside the capture sandbox (sandbox.ts: no
// network, a read-only system, only the package folder, limits, the whole PID namespace killed at the end).
// Arbitrary code from the registry runs, confined (see README.md, "The capture sandbox" and its limits).
//
// Why install, then spawn the bin (and not `npm exec`): `npm exec` starts the bin through a shell
// (`sh -c`), and picks the bin by its own rules. Here npm runs without a shell (execFile-style spawn, every
// argument one argv entry, the spec validated first), the bin is chosen from the installed package.json,
// and the server is started directly, with its own environment and time limit.
//
// Install scripts are OFF by default (`--ignore-scripts`). They would not add a new kind of risk (the
// server's own code runs anyway), but they run for EVERY dependency, most of which the server may never
// load, they can outlive npm as background processes, and native builds take minutes. MCP servers are
// nearly always plain JavaScript; a package that needs a native build fails to start, clearly, and the
// operator can allow scripts per call (`installScripts: true`).
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, sep } from 'node:path';
import process from 'node:process';
import { seconds } from './classify-error.js';
import { captureSurface, type CapturedSurface } from './capture.js';
import { CaptureError } from './errors.js';
import { parseNpmPackageSpec } from './npm-spec.js';
import { SANDBOX_OWN_ENV, SANDBOX_PACKAGE_DIR, sandboxCommand, type SandboxLimits } from './sandbox.js';
import { sandboxStatus } from './sandbox-probe.js';
import { sweepOrphanSandboxes } from './sandbox-sweep.js';
import { storageCode, storageCodeInNpmOutput, storageFailure } from './storage-error.js';

/** What to capture: a package spec, which of its bins to start, and variables the server needs to start. */
export interface NpmPackageTarget {
  /** `name`, `@scope/name`, optionally `@1.2.3` or `@^1.2` (see `parseNpmPackageSpec`). */
  spec: string;
  /** The bin to start; default the package's only bin. */
  bin?: string;
  /** Extra variables for the server only (dummy keys some servers need to start); never for npm. */
  env?: Record<string, string>;
  /** Arguments for the bin (each one argv entry, no shell). */
  args?: string[];
}

/** Limits and npm settings of one npm capture. */
export interface NpmCaptureOptions {
  /** For everything: install, start, initialize, every `tools/list` page; default 180 s. */
  timeoutMs?: number;
  /** Run install scripts (preinstall, install, postinstall of every dependency); default false. */
  installScripts?: boolean;
  /** The registry to install from; default npm's (https://registry.npmjs.org/). */
  registry?: string;
  /** Where the temporary folder is made; default `os.tmpdir()`. */
  tmpRoot?: string;
  /** The npm executable; default `npm` found on PATH. */
  npmCommand?: string;
  /**
   * Run the server in the capture sandbox (default true; the service always does). false runs it as the
   * worker's user with its network and files: only for measuring the sandbox's cost on known packages.
   */
  sandbox?: boolean;
  /** Limits of the sandboxed run (default DEFAULT_SANDBOX_LIMITS). */
  sandboxLimits?: Partial<SandboxLimits>;
  /**
   * npm's download cache; default a fresh one inside the capture's temporary folder. A batch of captures
   * (`catalogue:capture`) shares one so common dependencies are fetched once: npm checks every cached
   * tarball against the lockfile-free integrity of the registry's metadata, and the cache is never mounted
   * into the sandbox.
   */
  cacheDir?: string;
}

/** A captured surface, plus what was installed. */
export interface NpmCapturedSurface extends CapturedSurface {
  package: { name: string; version: string; bin: string };
}

/** Variables we set ourselves; a caller's `env` may not replace them. */
const OWN_KEYS = new Set<string>(SANDBOX_OWN_ENV);
const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
const BIN_NAME = /^[A-Za-z0-9@~][A-Za-z0-9@._~-]*$/;
const STDERR_TAIL = 2_000;

/**
 * The whole environment of every process of an npm capture: PATH (our node's folder first, so `#!/usr/bin/env
 * node` finds it), HOME and TMPDIR inside the temporary folder, then `extra`. Nothing else of `parent`:
 * no DATABASE_URL, no TOOLMARK_* variables, no API keys, no proxy or npm settings of the worker.
 */
export function npmChildEnv(parent: Readonly<Record<string, string | undefined>>, dir: string, extra: Record<string, string> = {}): Record<string, string> {
  const path = [dirname(process.execPath), ...(parent.PATH ?? '').split(delimiter).filter((p) => p !== '')];
  return { PATH: [...new Set(path)].join(delimiter), HOME: join(dir, 'home'), TMPDIR: join(dir, 'tmp'), ...extra };
}

/**
 * How this machine reaches the registry (extra CA certificates, proxies); given to npm, never to the server.
 * npm also reads the machine's global npmrc (registry, cafile: the operator's setup), but not the user's.
 */
const NETWORK_KEYS = ['NODE_EXTRA_CA_CERTS', 'SSL_CERT_FILE', 'SSL_CERT_DIR', 'HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy'];

/**
 * The environment of `npm install`: {@link npmChildEnv}, the machine's network settings, and npm's
 * settings as variables: a fresh cache, no user npmrc (tokens live there), scripts off unless allowed, quiet.
 */
export function npmInstallEnv(parent: Readonly<Record<string, string | undefined>>, dir: string, options: NpmCaptureOptions = {}): Record<string, string> {
  const env = npmChildEnv(parent, dir);
  for (const key of NETWORK_KEYS) {
    const value = parent[key];
    if (value !== undefined) env[key] = value;
  }
  const settings: Record<string, string> = {
    npm_config_cache: options.cacheDir ?? join(dir, 'cache'),
    npm_config_userconfig: join(dir, 'home', '.npmrc'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_loglevel: 'error',
    npm_config_ignore_scripts: options.installScripts === true ? 'false' : 'true',
  };
  if (options.registry !== undefined) settings.npm_config_registry = options.registry;
  // A shared cache (a batch of captures) is trusted as it is: no revalidation round trip per package.
  if (options.cacheDir !== undefined) settings.npm_config_prefer_offline = 'true';
  return { ...env, ...settings };
}

/** Check the caller's extra variables (names only in messages: values may be keys). */
function checkEnv(env: Record<string, string>, where: string): void {
  for (const [key, value] of Object.entries(env)) {
    if (!ENV_KEY.test(key)) throw new CaptureError('invalid_package_spec', `environment variable name ${JSON.stringify(key)} is not valid`, { where, key });
    if (OWN_KEYS.has(key)) throw new CaptureError('invalid_package_spec', `environment variable ${key} is set by toolmark and cannot be replaced`, { where, key });
    if (value.includes('\0')) throw new CaptureError('invalid_package_spec', `environment variable ${key} contains a NUL character`, { where, key });
  }
}

/**
 * Run a command without a shell, in its own process group, killed (the whole group) at the time limit;
 * resolves with its exit code and the last part of its stderr.
 */
export function runLimited(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd: string; timeoutMs: number; where: string; what: string },
): Promise<{ code: number | null; stderrTail: string }> {
  return runLimitedOutput(command, args, { ...options, keepStdout: false });
}

/** {@link runLimited}, also keeping stdout (up to 16 MiB; `npm view --json`). */
export function runLimitedOutput(
  command: string,
  args: string[],
  options: { env: Record<string, string>; cwd: string; timeoutMs: number; where: string; what: string; keepStdout?: boolean },
): Promise<{ code: number | null; stderrTail: string; stdout: string }> {
  const keep = options.keepStdout !== false;
  return new Promise((resolve, reject) => {
    // detached: its own process group, so children it started (scripts, node-gyp) die with it.
    const child = spawn(command, args, { env: options.env, cwd: options.cwd, stdio: ['ignore', keep ? 'pipe' : 'ignore', 'pipe'], detached: true, shell: false });
    const out: Buffer[] = [];
    let outBytes = 0;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (outBytes + chunk.length > 16 * 1024 * 1024) return;
      outBytes += chunk.length;
      out.push(chunk);
    });
    let tail = '';
    let timedOut = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    const killGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, options.timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(new CaptureError('spawn_failed', `could not start ${command}: ${error.code ?? error.message}`, { where: options.where }));
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // Whatever the group left behind (a script's background process) goes too.
      killGroup();
      if (timedOut) {
        reject(new CaptureError('timeout', `${options.what} took longer than ${seconds(options.timeoutMs)} s; stopped`, { where: options.where, limitMs: options.timeoutMs }));
      } else {
        resolve({ code, stderrTail: tail.trim(), stdout: Buffer.concat(out).toString('utf8') });
      }
    });
  });
}

interface Manifest {
  name?: unknown;
  version?: unknown;
  bin?: unknown;
}

/** The bin to start: the requested one, or the only one; its path inside the install folder. */
/**
 * The name npm links a bin under: a string `bin` takes the package's name without its scope, and a key
 * with a path (`"@brightdata/mcp": "server.js"`) keeps its last part, as npm-normalize-package-bin does.
 */
export const linkedBinName = (key: string): string => key.replace(/\\|:/g, '/').split('/').pop() ?? key;

function chooseBin(manifest: Manifest, name: string, requested: string | undefined, where: string): string {
  const bins: Record<string, string> = {};
  if (typeof manifest.bin === 'string') bins[linkedBinName(name)] = manifest.bin;
  else if (typeof manifest.bin === 'object' && manifest.bin !== null) {
    for (const [key, value] of Object.entries(manifest.bin)) if (typeof value === 'string') bins[linkedBinName(key)] = value;
  }
  const names = Object.keys(bins);
  if (names.length === 0) throw new CaptureError('install_failed', `${name} has no bin, so there is no server to start`, { where });
  if (requested !== undefined) {
    if (bins[requested] === undefined) throw new CaptureError('install_failed', `${name} has no bin "${requested}"; its bins: ${names.join(', ')}`, { where, bins: names });
    return requested;
  }
  if (names.length > 1) throw new CaptureError('install_failed', `${name} has ${names.length} bins (${names.join(', ')}); say which one to start`, { where, bins: names });
  return names[0] as string;
}

/**
 * Capture the `tools/list` of a server published on npm. The spec is validated strictly before anything
 * runs; the package is installed with npm (no shell, install scripts off unless allowed, a fresh cache and
 * HOME in a temporary folder, no npmrc of the worker) and its bin started over stdio with
 * {@link npmChildEnv} plus `target.env`. One time limit covers everything; at it, npm's process group or
 * the server is killed. The temporary folder is removed in every case. ARBITRARY CODE FROM THE REGISTRY
 * RUNS: call only when the operator has enabled npm captures, on an isolated worker.
 */
export async function captureNpmPackage(target: NpmPackageTarget, options: NpmCaptureOptions = {}): Promise<NpmCapturedSurface> {
  const parsed = parseNpmPackageSpec(target.spec);
  const where = `npm ${parsed.spec}`;
  if (target.bin !== undefined && !BIN_NAME.test(target.bin)) {
    throw new CaptureError('invalid_package_spec', `bin ${JSON.stringify(target.bin)} is not a valid bin name`, { where });
  }
  const args = target.args ?? [];
  if (args.some((a) => a.includes('\0'))) throw new CaptureError('invalid_package_spec', 'an argument contains a NUL character', { where });
  const extra = target.env ?? {};
  checkEnv(extra, where);

  if (options.registry !== undefined && !/^https?:\/\/[^\s]+$/.test(options.registry)) {
    throw new CaptureError('invalid_url', 'the npm registry must be an http(s) URL', { where: 'registry' });
  }
  const sandboxed = options.sandbox !== false;
  if (sandboxed && options.installScripts === true) {
    throw new CaptureError('invalid_package_spec', 'install scripts would run outside the capture sandbox; they cannot be allowed with it', { where });
  }
  if (sandboxed) {
    const status = sandboxStatus();
    if (!status.available) throw new CaptureError('spawn_failed', `the capture sandbox is not available: ${status.reason}`, { where });
    sweepOrphanSandboxes();
  }
  const timeoutMs = options.timeoutMs ?? 180_000;
  const started = Date.now();
  const left = (): number => Math.max(1, timeoutMs - (Date.now() - started));
  // A full, broken or read-only disk is the machine's failure (`storage_failed`), whichever step meets it.
  const onDisk = async <T>(doing: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const code = storageCode(error);
      throw code === undefined ? error : storageFailure(code, doing, where);
    }
  };
  const dir = await onDisk('making its folder', async () => realpath(await mkdtemp(join(options.tmpRoot ?? tmpdir(), 'toolmark-npm-'))));
  const removeDir = (): Promise<void> => rm(dir, { recursive: true, force: true, maxRetries: 3 });
  let result: NpmCapturedSurface;
  try {
    const prefix = join(dir, 'install');
    await onDisk('making its folder', () => Promise.all(['home', 'tmp', 'cache', 'install'].map((d) => mkdir(join(dir, d)))));
    const install = await runLimited(
      options.npmCommand ?? 'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-package-lock', '--omit=dev', '--', parsed.spec],
      { env: npmInstallEnv(process.env, dir, options), cwd: prefix, timeoutMs: left(), where, what: `installing ${parsed.spec}` },
    );
    const npmStorage = install.code === 0 ? undefined : storageCodeInNpmOutput(install.stderrTail);
    if (npmStorage !== undefined) throw storageFailure(npmStorage, `installing ${parsed.spec}`, where);
    if (install.code !== 0) {
      const tail = install.stderrTail === '' ? '' : `\nnpm said (last part):\n${install.stderrTail}`;
      throw new CaptureError('install_failed', `npm install ${parsed.spec} failed (exit ${install.code ?? 'by signal'})${tail}`, { where });
    }

    const packageDir = join(prefix, 'node_modules', ...parsed.name.split('/'));
    let manifest: Manifest;
    try {
      manifest = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as Manifest;
    } catch {
      throw new CaptureError('install_failed', `npm reported success but ${parsed.name} is not in the install folder`, { where });
    }
    const bin = chooseBin(manifest, parsed.name, target.bin, where);
    // npm links every bin into node_modules/.bin (made executable); the link must lead into the package.
    const command = join(prefix, 'node_modules', '.bin', bin);
    const real = await realpath(command).catch(() => '');
    if (!real.startsWith(packageDir + sep)) {
      throw new CaptureError('install_failed', `bin "${bin}" of ${parsed.name} does not point into the package`, { where });
    }

    let stdio = { command, args, env: npmChildEnv(process.env, dir, extra) };
    if (sandboxed) {
      // The sandbox's uid (not the worker's when it is root) must reach the install folder to show it.
      await chmod(dir, 0o711);
      await chmod(prefix, 0o755);
      const inside = [SANDBOX_PACKAGE_DIR, 'node_modules', '.bin', bin].join('/');
      // Variables: the call's only; the sandbox sets PATH, HOME and TMPDIR itself.
      stdio = { ...sandboxCommand({ packageDir: prefix, command: inside, args, ...(options.sandboxLimits ? { limits: options.sandboxLimits } : {}) }), env: extra };
    }
    const limit = left();
    const version = typeof manifest.version === 'string' ? manifest.version : '';
    const started = `npm ${parsed.name}@${version} (bin ${bin})`;
    let captured: CapturedSurface;
    try {
      captured = await captureSurface(
        { kind: 'stdio', ...stdio, cwd: dir },
        { timeoutMs: limit, connectTimeoutMs: limit },
      );
    } catch (error) {
      // Name the package, not the temporary path (which is gone by the time anyone reads the error).
      if (error instanceof CaptureError) throw new CaptureError(error.code, error.message.split(dir).join('<tmp>'), { ...error.detail, where: started });
      throw error;
    }
    result = { ...captured, where: started, package: { name: parsed.name, version, bin } };
  } catch (error) {
    // Everything the install and the server wrote goes; the first failure is the one reported.
    await removeDir().catch(() => undefined);
    throw error;
  }
  // A folder that cannot be removed (EIO) fails the capture: it must not pass as a clean one.
  await onDisk('removing its folder', removeDir);
  return result;
}
