import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAll } from './check.js';
import { rehashAll } from './rehash.js';
import { editJson, useDataCopies } from './test-support.js';

const copy = useDataCopies();

describe('rehashAll', () => {
  it('changes nothing when every recorded surface hash is current', () => {
    const dir = copy();
    const before = readFileSync(join(dir, 'manifest.json'), 'utf8');
    expect(rehashAll(dir)).toEqual([]);
    expect(readFileSync(join(dir, 'manifest.json'), 'utf8')).toBe(before);
  });

  it('rewrites a stale surfaceHash in the index and the set manifest, leaving tools.json alone', () => {
    const dir = copy();
    const stale = 'sha256:0000000000000000000000000000000000000000000000000000000000000000';
    const tools = readFileSync(join(dir, 'memory', 'tools.json'), 'utf8');
    editJson(join(dir, 'memory', 'manifest.json'), (m) => ({ ...(m as object), surfaceHash: stale }));
    editJson(join(dir, 'manifest.json'), (index) => {
      const i = index as { sets: { name: string; surfaceHash?: string }[] };
      for (const e of i.sets) if (e.name === 'memory') e.surfaceHash = stale;
      return i;
    });
    expect(checkAll(dir).problems.length).toBeGreaterThan(0);
    expect(rehashAll(dir)).toEqual(['memory']);
    expect(checkAll(dir).problems).toEqual([]);
    expect(readFileSync(join(dir, 'memory', 'tools.json'), 'utf8')).toBe(tools);
  });
});
