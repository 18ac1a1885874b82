// The sandbox every stdio capture of code the operator did not write (npm packages) runs in: bubblewrap
// (`bwrap`, Debian package `bubblewrap`) with every namespace unshared (no network at all, its own PID
// namespace whose init takes every process with it when it ends), a read-only view of the system paths
// Node needs, private size-limited tmpfs /tmp and HOME, only the installed package folder (read-only), and
// resource limits set by util-linux `prlimit` just before the server starts. When the worker runs as root,
// `setpriv` first drops to a throwaway unprivileged uid (so the process limit counts, and nothing of
// root's remains). Why bubblewrap: it is the maintained tool flatpak builds on, needs no daemon and no
// setuid, and takes the whole layout as argv (no shell, no config file). Threat model: README.md.
import { existsSync, lstatSync, readlinkSync, realpathSync } from 'node:fs';
import { dirname } from 'node:path';
import process from 'node:process';
import { randomInt } from 'node:crypto';

/**
 * The throwaway uids a root worker runs sandboxes under (one drawn at random per run). Nothing else may use
 * them: `sweepOrphanSandboxes` kills every process of such a uid that has lost its worker.
 */
export const SANDBOX_UIDS = { first: 200_000, count: 60_000 } as const;

/** Resource limits of one sandboxed run (prlimit and tmpfs sizes). */
export interface SandboxLimits {
  /** CPU seconds (RLIMIT_CPU; SIGKILL past it). */
  cpuSeconds: number;
  /** Address space in bytes (RLIMIT_AS); Node needs a few GiB of virtual space, not of memory. */
  addressSpaceBytes: number;
  /** Processes and threads of the sandbox's uid (RLIMIT_NPROC; effective because that uid is its own). */
  processes: number;
  /** Largest file it may write (RLIMIT_FSIZE). */
  fileSizeBytes: number;
  /** Open files per process (RLIMIT_NOFILE). */
  openFiles: number;
  /** Size of each private tmpfs (/tmp and HOME). */
  tmpBytes: number;
}

const MiB = 1024 * 1024;
/**
 * The defaults, decided from the catalogue's captures (README.md "Limits"): 4 GiB of address space with
 * WebAssembly's guard regions off (below), and 1 024 open files (256 broke chrome-devtools-mcp, which opens
 * its bundled files at once; 1 024 is Linux's usual soft limit, and fds cost the host little).
 */
export const DEFAULT_SANDBOX_LIMITS: Readonly<SandboxLimits> = {
  cpuSeconds: 120,
  addressSpaceBytes: 4096 * MiB,
  processes: 64,
  fileSizeBytes: 32 * MiB,
  openFiles: 1024,
  tmpBytes: 64 * MiB,
};

/**
 * V8 reserves about 10 GiB of virtual space per WebAssembly memory for its trap-handler bounds checks, so
 * under a 4 GiB RLIMIT_AS Node's own fetch() (undici instantiates its llhttp Wasm on first use) dies with
 * "Cannot allocate Wasm memory". This Node flag (Node ≥ 20.15 and 22.2) makes V8 check bounds inline
 * instead; every sandboxed process gets it through NODE_OPTIONS, which node children inherit.
 */
export const WASM_NODE_FLAG = '--disable-wasm-trap-handler';
/** Whether the worker's Node (the one the sandbox runs) accepts {@link WASM_NODE_FLAG} in NODE_OPTIONS. */
export const wasmFlagAccepted = (): boolean => process.allowedNodeEnvironmentFlags.has(WASM_NODE_FLAG);
/** Without the flag, the address space fetch() needs with guard regions (measured: over 8 GiB, under 12). */
export const GUARD_REGION_ADDRESS_SPACE = 16 * 1024 * MiB;

/** Where things are inside the sandbox. */
export const SANDBOX_PACKAGE_DIR = '/pkg';
export const SANDBOX_HOME = '/home/sandbox';
export const SANDBOX_TMP = '/tmp';

/** Tools the sandbox is built from (absolute paths: nothing is looked up on the worker's PATH). */
export interface SandboxTools {
  bwrap: string;
  prlimit: string;
  setpriv: string;
}

export const DEFAULT_SANDBOX_TOOLS: Readonly<SandboxTools> = { bwrap: '/usr/bin/bwrap', prlimit: '/usr/bin/prlimit', setpriv: '/usr/bin/setpriv' };

/** One sandboxed run: the host folder shown read-only at /pkg, and the command (a path inside the sandbox). */
export interface SandboxRun {
  packageDir?: string;
  command: string;
  args: string[];
  limits?: Partial<SandboxLimits>;
  tools?: Partial<SandboxTools>;
  /** The unprivileged uid when the worker is root; default a random one of SANDBOX_UIDS (200000–259999). */
  uid?: number;
}

/** System paths Node needs, shown read-only when they exist (top-level symlinks such as /lib are re-made). */
const SYSTEM_PATHS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/etc/ssl', '/etc/ca-certificates', '/etc/alternatives', '/etc/ld.so.cache', '/etc/localtime'];

function systemMounts(): string[] {
  const args: string[] = [];
  for (const path of SYSTEM_PATHS) {
    if (!existsSync(path)) continue;
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(path), path);
    else args.push('--ro-bind', path, path);
  }
  // Node's own folder when it lives outside /usr (nvm, /opt/node): the binary and nothing else of the host.
  const nodeDir = dirname(realpathSync(process.execPath));
  if (!nodeDir.startsWith('/usr/')) args.push('--ro-bind', nodeDir, nodeDir);
  return args;
}

/** The PATH inside: Node's folder first (for `#!/usr/bin/env node`), then the system's. */
export function sandboxPath(): string {
  return [...new Set([dirname(realpathSync(process.execPath)), '/usr/local/bin', '/usr/bin', '/bin'])].join(':');
}

/** The variables the sandbox sets itself (NODE_OPTIONS: {@link WASM_NODE_FLAG}); the caller's may not replace them. */
export const SANDBOX_OWN_ENV = ['PATH', 'HOME', 'TMPDIR', 'TMP', 'TEMP', 'NODE_OPTIONS'] as const;

/**
 * The argv (no shell) that runs `run.command` in the sandbox. Environment: the process is started with the
 * call's variables only (the caller spawns with exactly those); bwrap adds PATH, HOME and TMPDIR, so values
 * of the call never appear in a command line another user of the machine could read (`--clearenv` with
 * `--setenv` for each would put them there).
 */
export function sandboxCommand(run: SandboxRun): { command: string; args: string[] } {
  const wasmFlag = wasmFlagAccepted();
  const limits = { ...DEFAULT_SANDBOX_LIMITS, ...run.limits };
  // An older Node keeps its guard regions: give it the address space they need rather than break fetch().
  if (!wasmFlag) limits.addressSpaceBytes = Math.max(limits.addressSpaceBytes, GUARD_REGION_ADDRESS_SPACE);
  const tools = { ...DEFAULT_SANDBOX_TOOLS, ...run.tools };
  const bwrap = [
    '--unshare-all', // user, ipc, pid, net (only a loopback of its own), uts, cgroup
    '--unshare-user',
    '--disable-userns', // no nested user namespace to rebuild privileges in
    '--cap-drop', 'ALL',
    '--die-with-parent',
    '--new-session', // no TIOCSTI into the worker's terminal
    '--hostname', 'sandbox',
    ...systemMounts(),
    '--proc', '/proc',
    '--dev', '/dev',
    '--size', String(Math.min(limits.tmpBytes, MiB)), '--tmpfs', '/dev/shm',
    '--remount-ro', '/dev',
    '--size', String(limits.tmpBytes), '--tmpfs', SANDBOX_TMP,
    '--size', String(limits.tmpBytes), '--tmpfs', '/home',
    '--dir', SANDBOX_HOME,
    ...(run.packageDir === undefined ? [] : ['--ro-bind', run.packageDir, SANDBOX_PACKAGE_DIR]),
    '--chdir', SANDBOX_HOME,
    '--setenv', 'PATH', sandboxPath(),
    '--setenv', 'HOME', SANDBOX_HOME,
    '--setenv', 'TMPDIR', SANDBOX_TMP,
    ...(wasmFlag ? ['--setenv', 'NODE_OPTIONS', WASM_NODE_FLAG] : []),
    '--',
    tools.prlimit,
    `--cpu=${limits.cpuSeconds}`,
    `--as=${limits.addressSpaceBytes}`,
    `--nproc=${limits.processes}`,
    `--fsize=${limits.fileSizeBytes}`,
    `--nofile=${limits.openFiles}`,
    '--core=0',
    '--',
    run.command,
    ...run.args,
  ];
  if (process.getuid?.() !== 0) return { command: tools.bwrap, args: bwrap };
  const uid = run.uid ?? SANDBOX_UIDS.first + randomInt(SANDBOX_UIDS.count);
  return {
    command: tools.setpriv,
    args: [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--no-new-privs', '--pdeathsig', 'KILL', '--', tools.bwrap, ...bwrap],
  };
}
