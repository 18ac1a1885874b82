// Whether the capture sandbox (sandbox.ts) works on this machine: its tools exist and a trivial run of
// Node inside it succeeds. Asked once per process (a spawn of ~50 ms), at start, by the configuration.
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import process from 'node:process';
import { DEFAULT_SANDBOX_TOOLS, sandboxCommand, type SandboxTools } from './sandbox.js';

/** The answer: available, or why not and what to do about it. */
export type SandboxStatus = { available: true } | { available: false; reason: string };

/** How to turn the sandbox on, for messages (the setting and the package). */
export const SANDBOX_HOW_TO =
  'install bubblewrap (Debian/Ubuntu: apt-get install bubblewrap; it needs user namespaces, which some containers refuse) ' +
  'and leave TOOLMARK_ALLOW_NPM_CAPTURE unset (auto) or set it to on';

/** Run the probe now (no cache). */
export function probeSandbox(tools: SandboxTools = DEFAULT_SANDBOX_TOOLS): SandboxStatus {
  if (process.platform !== 'linux') return { available: false, reason: `the capture sandbox needs Linux (this is ${process.platform})` };
  for (const [name, path] of Object.entries(tools)) {
    if (name === 'setpriv' && process.getuid?.() !== 0) continue;
    if (!existsSync(path)) {
      const pkg = name === 'bwrap' ? 'bubblewrap' : 'util-linux';
      return { available: false, reason: `${path} is missing (Debian/Ubuntu package ${pkg})` };
    }
  }
  const run = sandboxCommand({ command: realpathSync(process.execPath), args: ['-e', 'process.stdout.write("ok")'], tools });
  const result = spawnSync(run.command, run.args, { env: {}, encoding: 'utf8', timeout: 10_000, stdio: ['ignore', 'pipe', 'pipe'] });
  if (result.status === 0 && result.stdout === 'ok') return { available: true };
  const said = (result.stderr ?? '').trim().split('\n').slice(-2).join(' ') || (result.error?.message ?? `exit ${String(result.status ?? result.signal)}`);
  return { available: false, reason: `bubblewrap cannot make a sandbox on this machine (${said}); user namespaces must be allowed` };
}

let cached: SandboxStatus | undefined;

/** The probe's answer for this process (asked once). */
export function sandboxStatus(): SandboxStatus {
  cached ??= probeSandbox();
  return cached;
}

/** Why npm captures are off here and how to turn them on (for the 403 `npm_capture_disabled` and the site). */
export function npmCaptureOffReason(status: SandboxStatus = sandboxStatus()): string {
  if (status.available) return 'the operator turned it off (TOOLMARK_ALLOW_NPM_CAPTURE=off); unset it or set it to auto or on to turn it on';
  return `npm packages run only inside the capture sandbox, and ${status.reason}; to turn it on: ${SANDBOX_HOW_TO}`;
}
