// The order vitest starts files in (vitest.sequencer.ts): the longest known first, unknown ones as the
// median, ties by path; durations from the committed table, overridden by this machine's last report.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { knownDurations, longestFirst } from '../../vitest.sequencer.js';

describe('the longest test files start first', () => {
  it('orders by known seconds, unknown files as the median, ties by path', () => {
    const seconds = new Map([
      ['a.test.ts', 1],
      ['b.test.ts', 47],
      ['c.test.ts', 5],
    ]);
    expect(longestFirst(['a.test.ts', 'z.test.ts', 'c.test.ts', 'b.test.ts', 'y.test.ts'], seconds)).toEqual(['b.test.ts', 'c.test.ts', 'y.test.ts', 'z.test.ts', 'a.test.ts']);
    expect(longestFirst(['q.test.ts', 'p.test.ts'], new Map())).toEqual(['p.test.ts', 'q.test.ts']);
  });

  it("reads the committed table, then this machine's last report over it (a cut-short report is ignored)", () => {
    const root = mkdtempSync(join(tmpdir(), 'toolmark-sequencer-'));
    try {
      mkdirSync(join(root, 'scripts'));
      mkdirSync(join(root, '.toolmark'));
      writeFileSync(join(root, 'scripts', 'test-durations.json'), JSON.stringify({ seconds: { 'x.test.ts': 3, 'y.test.ts': 9 } }));
      writeFileSync(join(root, '.toolmark', 'vitest-report.json'), JSON.stringify({ testResults: [{ name: join(root, 'x.test.ts'), startTime: 1_000, endTime: 21_000 }] }));
      expect(Object.fromEntries(knownDurations(root))).toEqual({ 'x.test.ts': 20, 'y.test.ts': 9 });
      writeFileSync(join(root, '.toolmark', 'vitest-report.json'), '{"testResults": [');
      expect(Object.fromEntries(knownDurations(root))).toEqual({ 'x.test.ts': 3, 'y.test.ts': 9 });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
