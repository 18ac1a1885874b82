import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkAll } from './check.js';
import { editJson, useDataCopies } from './test-support.js';

const copy = useDataCopies();

const messages = (dir: string): string[] => checkAll(dir).problems.map((p) => `[${p.set}] ${p.message}`);

describe('checkAll', () => {
  it('finds no problem in the committed data, and reports every set', () => {
    const report = checkAll();
    expect(report.problems).toEqual([]);
    expect(report.sets).toHaveLength(10);
    expect(report.sets.filter((s) => s.status === 'unavailable').map((s) => s.name).sort()).toEqual(['bhived', 'debugbase']);
    for (const s of report.sets) expect(s.summary).toMatch(/^ok {3}/);
  });

  it('reports a changed tools.json by sha256 and surfaceHash', () => {
    const dir = copy();
    editJson(join(dir, 'context7', 'tools.json'), (v) => {
      const tools = (v as { tools: { name: string }[] }).tools;
      const first = tools[0];
      if (first === undefined) throw new Error('context7 has no tools');
      first.name = `${first.name}-renamed`;
      return v;
    });
    const report = checkAll(dir);
    const set = report.sets.find((s) => s.name === 'context7');
    expect(set?.summary).toMatch(/^FAIL context7/);
    const found = messages(dir);
    expect(found.some((m) => /^\[context7\] .*sha256 is [0-9a-f]{64}, the manifest records/.test(m))).toBe(true);
    expect(found.some((m) => /^\[context7\] .*surfaceHash is sha256:/.test(m))).toBe(true);
    expect(found.every((m) => m.startsWith('[context7]'))).toBe(true);
  });

  it('reports a surfaceHash that no longer matches even when the bytes do', () => {
    const dir = copy();
    const right = (JSON.parse(readFileSync(join(dir, 'memory', 'manifest.json'), 'utf8')) as { surfaceHash: string }).surfaceHash;
    const wrong = `sha256:${'0'.repeat(64)}`;
    for (const file of [join(dir, 'memory', 'manifest.json'), join(dir, 'manifest.json')]) {
      writeFileSync(file, readFileSync(file, 'utf8').replace(right, wrong));
    }
    const found = messages(dir);
    expect(found).toEqual([`[memory] distractor set "memory": surfaceHash is ${right}, the manifest records ${wrong}`]);
  });

  it('reports a tool count that disagrees with the file', () => {
    const dir = copy();
    for (const file of [join(dir, 'notion', 'manifest.json'), join(dir, 'manifest.json')]) {
      const text = readFileSync(file, 'utf8').replace('"toolCount": 24', '"toolCount": 23');
      writeFileSync(file, text);
    }
    expect(messages(dir)).toEqual([expect.stringMatching(/^\[notion\] .*has 24 tools, the manifest records 23/)]);
  });

  it('reports an unavailable set that has a tools.json', () => {
    const dir = copy();
    mkdirSync(join(dir, 'bhived'));
    writeFileSync(join(dir, 'bhived', 'tools.json'), '{ "tools": [] }\n');
    const found = messages(dir);
    expect(found.some((m) => /^\[bhived\] .*unavailable but bhived\/tools\.json exists/.test(m))).toBe(true);
  });

  it('reports an unavailable reason that differs from the pinned table', () => {
    const dir = copy();
    editJson(join(dir, 'manifest.json'), (v) => {
      const index = v as { sets: { name: string; reason?: string }[] };
      return { ...index, sets: index.sets.map((s) => (s.name === 'debugbase' ? { ...s, reason: 'made up' } : s)) };
    });
    expect(messages(dir)).toEqual([expect.stringMatching(/^\[debugbase\] the index's reason for "debugbase" differs from src\/sets\.ts/)]);
  });

  it('reports a set folder missing from the index and a pinned set missing from the index', () => {
    const dir = copy();
    editJson(join(dir, 'manifest.json'), (v) => {
      const index = v as { sets: { name: string }[] };
      return { ...index, sets: index.sets.filter((s) => s.name !== 'firecrawl') };
    });
    const found = messages(dir);
    expect(found).toContain('[firecrawl] firecrawl/tools.json is not listed in the index');
    expect(found.some((m) => m.startsWith('[firecrawl] "firecrawl" is pinned in src/sets.ts but missing from the index'))).toBe(true);
  });

  it('reports a manifest whose version differs from the pinned table', () => {
    const dir = copy();
    for (const file of [join(dir, 'playwright', 'manifest.json'), join(dir, 'manifest.json')]) {
      writeFileSync(file, readFileSync(file, 'utf8').replace('"version": "0.0.83"', '"version": "0.0.1"'));
    }
    expect(messages(dir)).toEqual([expect.stringMatching(/^\[playwright\] .*captured from @playwright\/mcp@0\.0\.1 but src\/sets\.ts pins @playwright\/mcp@0\.0\.83/)]);
  });

  it('reports an unreadable index as one problem', () => {
    const dir = copy();
    rmSync(join(dir, 'manifest.json'));
    const report = checkAll(dir);
    expect(report.sets).toEqual([]);
    expect(report.problems).toEqual([{ set: '*', message: expect.stringMatching(/distractor index cannot be read/) }]);
  });
});
