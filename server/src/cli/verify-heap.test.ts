import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { VERIFY_HEAP_MB, verifyHeapEnv, verifyHeapRerun } from './verify-heap.js';

describe('verifyHeapRerun', () => {
  it('re-runs `datasets verify` alone with the heap cap, keeping the node options it was given', () => {
    expect(verifyHeapRerun(['datasets', 'verify', 'dir', '--key', 'k.pem'], {}, ['--enable-source-maps'])).toEqual([`--max-old-space-size=${VERIFY_HEAP_MB}`, '--enable-source-maps']);
    expect(verifyHeapRerun(['--json', 'datasets', 'verify', 'dir'], {}, [])).not.toBeNull();
    expect(verifyHeapRerun(['lint', 'x'], {}, [])).toBeNull();
    expect(verifyHeapRerun(['datasets', '--help'], {}, [])).toBeNull();
  });

  it('never re-runs the re-run, nor overrides a heap limit the user chose', () => {
    const argv = ['datasets', 'verify', 'dir'];
    expect(verifyHeapRerun(argv, verifyHeapEnv({}), [])).toBeNull();
    expect(verifyHeapRerun(argv, {}, ['--max-old-space-size=512'])).toBeNull();
    expect(verifyHeapRerun(argv, { NODE_OPTIONS: '--max-old-space-size=64' }, [])).toBeNull();
  });

  it('caps the heap of the process it starts (V8 takes the limit)', () => {
    const run = spawnSync(process.execPath, [...verifyHeapRerun(['datasets', 'verify', 'x'], {}, [])!, '-e', 'process.stdout.write(String(require("node:v8").getHeapStatistics().heap_size_limit))'], { encoding: 'utf8' });
    expect(Number(run.stdout) / 2 ** 20).toBeLessThan(VERIFY_HEAP_MB + 64);
  });
});
