// The process-wide policy (process-faults.ts) in a real Node process: unhandled rejections and uncaught I/O
// errors are logged with their stack and counted, and the process lives on; any other uncaught exception
// is logged as fatal and hands over to the stop (`onFatal`), once.
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const dist = (file: string): string => pathToFileURL(resolve(import.meta.dirname, '..', 'dist', file)).href;

const SCRIPT = `
import { installProcessGuards, processFaults } from '${dist('process-faults.js')}';
import { createLogger } from '${dist('logger.js')}';
const log = createLogger({ TOOLMARK_LOG_LEVEL: 'info' }, 'guards-test');
const report = (what) => process.stderr.write(JSON.stringify({ what, ...processFaults() }) + '\\n');
installProcessGuards(log, (error) => {
  report('fatal ' + error.message);
  setTimeout(() => process.exit(3), 20);
});
Promise.reject(new Error('a dropped promise'));
void (async () => { throw new TypeError('a dropped async call'); })();
setTimeout(() => {
  const e = new Error('write ENOSPC');
  Object.assign(e, { code: 'ENOSPC', syscall: 'write', errno: -28 });
  throw e;
}, 20);
setTimeout(() => {
  report('alive');
  setTimeout(() => { throw new TypeError('a bug'); }, 0);
  setTimeout(() => { throw new RangeError('a second bug'); }, 0);
}, 100);
`;

describe('process-wide guards', () => {
  it('survive rejections and I/O errors (logged, counted), stop once on any other uncaught exception', () => {
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', SCRIPT], { encoding: 'utf8', timeout: 30_000 });
    const reports = run.stderr.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(reports).toEqual([
      { what: 'alive', unhandledRejections: 2, uncaughtExceptions: 1, logWriteErrors: 0, logLinesDropped: 0 },
      { what: 'fatal a bug', unhandledRejections: 2, uncaughtExceptions: 2, logWriteErrors: 0, logLinesDropped: 0 },
    ]);
    expect(run.status).toBe(3);
    const lines = run.stdout.trim().split('\n').map((l) => JSON.parse(l) as { level: number; msg: string; err?: { stack?: string }; unhandledRejections?: number });
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [50, 'unhandled promise rejection (survived): Error: a dropped promise'],
      [50, 'unhandled promise rejection (survived): TypeError: a dropped async call'],
      [50, 'uncaught I/O error (survived): Error ENOSPC: write ENOSPC'],
      [60, 'uncaught exception: stopping (TypeError: a bug)'],
      [60, 'uncaught exception: stopping (RangeError: a second bug)'],
    ]);
    expect(lines[0]?.err?.stack).toContain('a dropped promise');
    expect(lines[1]?.unhandledRejections).toBe(2);
  });
});
