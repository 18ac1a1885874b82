// The real service (`server/dist/start.js`) as a child process for the tests of start-up, outages and
// shutdown: its address from the log line that announces it, its output, and a stop that waits for exit.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

export const START_JS = resolve(import.meta.dirname, '..', '..', 'dist', 'start.js');

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  out(): string;
  /** True while the process has not exited. */
  alive(): boolean;
  stop(): Promise<number | null>;
}

/** Start it with `env` (PORT 0, a free port; the log level must be info or below: the address is read from the log). */
export async function startServiceProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [START_JS], { env: { PATH: process.env.PATH ?? '', PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let exitCode: number | null | undefined;
  child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done((exitCode = code))));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`the service did not start within ${timeoutMs} ms:\n${out}`)), timeoutMs);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const m = /toolmark is serving on (http:\/\/[^"\s]+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        done(m[1]!);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`the service exited with ${code}:\n${out}`));
    });
  });
  return {
    child,
    url,
    out: () => out,
    alive: () => exitCode === undefined,
    async stop() {
      if (exitCode === undefined) child.kill('SIGTERM');
      return exited;
    },
  };
}
