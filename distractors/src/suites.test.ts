// The hand-written suites: the frozen files verify and keep the suite's promises; any changed byte, a
// changed split, a case expecting a deprecated alias or a missing Japanese case is caught; the test half is
// fixed and covers every tool and both languages; cases are found by the tools' surface hash only.
import { createHash } from 'node:crypto';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkSuites, drawSplit, halfOf, readSuiteManifest, readSuiteTaskSet, suiteCasesFor, suiteSurface, SUITES_FOLDER } from './suites.js';
import { editJson, useDataCopies } from './test-support.js';

const FOLDER = 'toolmark-public-v2';
const copy = useDataCopies();

describe('toolmark-public v2 as frozen', () => {
  it('verifies: bytes, tools, rules, the pinned manifest', () => {
    const { problems, summaries } = checkSuites();
    expect(problems).toEqual([]);
    expect(summaries).toHaveLength(5);
  });

  it('has every server of the models leaderboard, Japanese at least as many as English, a fifth no-call, every tool six times in each language', () => {
    const manifest = readSuiteManifest(FOLDER);
    expect(manifest.servers.map((s) => s.slug).sort()).toEqual(['context7', 'everything', 'firecrawl', 'playwright', 'sequential-thinking']);
    for (const server of manifest.servers) {
      const set = readSuiteTaskSet(FOLDER, server);
      const en = set.tasks.filter((t) => t.language === 'en').length;
      const ja = set.tasks.filter((t) => t.language === 'ja').length;
      expect(ja, server.slug).toBeGreaterThanOrEqual(en);
      expect(set.tasks.filter((t) => t.expected === null).length / set.tasks.length, server.slug).toBeGreaterThanOrEqual(0.2);
      for (const language of ['en', 'ja'] as const) {
        const own = set.tasks.filter((t) => t.language === language);
        expect(own.filter((t) => t.expected === null).length / own.length, `${server.slug} ${language}`).toBeGreaterThanOrEqual(0.2);
        const exempt = new Set(manifest.rules.exemptTools.filter((e) => e.server === server.slug).map((e) => e.tool));
        for (const tool of suiteSurface(server).tools.filter((x) => !exempt.has(x.name))) {
          expect(own.filter((t) => t.expected === tool.name).length, `${server.slug} ${language} ${tool.name}`).toBeGreaterThanOrEqual(6);
        }
        for (const e of exempt) expect(own.filter((t) => t.tags?.includes(`avoid:${e}`)).length, `${server.slug} ${language} avoid:${e}`).toBeGreaterThanOrEqual(6);
      }
      // No Japanese case is an English request in a Japanese frame: its prompt has no run of 4+ English words.
      for (const t of set.tasks.filter((x) => x.language === 'ja')) expect(t.prompt, t.id).not.toMatch(/[A-Za-z]+ [A-Za-z]+ [A-Za-z]+ [A-Za-z]+ [A-Za-z]+/);
    }
  });

  it('the test half is the recorded one, covers every tool and language, and is what suiteCasesFor returns', () => {
    const manifest = readSuiteManifest(FOLDER);
    for (const server of manifest.servers) {
      const set = readSuiteTaskSet(FOLDER, server);
      expect(server.test).toEqual(drawSplit(set.tasks));
      const tools = new Set(set.tasks.map((t) => t.expected));
      const tested = new Set(set.tasks.filter((t) => halfOf(server, t.id) === 'test').map((t) => t.expected));
      expect(tested).toEqual(tools);
      const test = suiteCasesFor(FOLDER, server.surface.surfaceHash, { half: 'test', language: 'en' })!;
      const calibration = suiteCasesFor(FOLDER, server.surface.surfaceHash, { half: 'calibration', language: 'en' })!;
      expect(test.length).toBeGreaterThan(0);
      expect(calibration.length).toBeGreaterThan(0);
      expect(test.every((c) => server.test.includes(c.id) && c.language === 'en' && c.tags?.includes('test'))).toBe(true);
      expect(calibration.some((c) => server.test.includes(c.id))).toBe(false);
      expect(test.length + calibration.length).toBe(set.tasks.filter((t) => t.language === 'en').length);
    }
    expect(suiteCasesFor(FOLDER, `sha256:${'0'.repeat(64)}`, { half: 'test' })).toBeUndefined();
  });
});

describe('a changed suite is refused', () => {
  const file = (dir: string, name: string) => join(dir, SUITES_FOLDER, FOLDER, name);

  it('one byte appended to a case file', () => {
    const dir = copy();
    appendFileSync(file(dir, 'context7.yaml'), '\n');
    expect(checkSuites(dir).problems.join('\n')).toMatch(/context7\.yaml sha256 is [0-9a-f]{64}, the manifest records/);
    expect(() => suiteCasesFor(FOLDER, readSuiteManifest(FOLDER, dir).servers[0]!.surface.surfaceHash, { half: 'test' }, dir)).toThrow(/sha256/);
  });

  it('a manifest re-frozen with another split, without a new version', () => {
    const dir = copy();
    editJson(file(dir, 'manifest.json'), (m) => {
      const v = m as { servers: { test: string[] }[] };
      v.servers[0]!.test = v.servers[0]!.test.slice(1);
      return v;
    });
    expect(checkSuites(dir).problems.join('\n')).toMatch(/FROZEN_SUITES pins/);
  });

  it('a case that expects a deprecated alias, or a Japanese case removed', () => {
    const dir = copy();
    const fc = file(dir, 'firecrawl.yaml');
    writeFileSync(fc, readFileSync(fc, 'utf8').replace(/expected: firecrawl_developer_search/, 'expected: firecrawl_research_search_github'));
    const cc = file(dir, 'context7.yaml');
    writeFileSync(cc, readFileSync(cc, 'utf8').replace(/- id: context7\/ja\/16[\s\S]*$/, ''));
    // Re-hash the files so only the rules speak (the FROZEN_SUITES pin still fails, as it must).
    editJson(file(dir, 'manifest.json'), (m) => {
      const v = m as { servers: { file: string; sha256: string; tasks: number; test: string[] }[] };
      for (const s of v.servers) {
        const bytes = readFileSync(file(dir, s.file));
        s.sha256 = createHash('sha256').update(bytes).digest('hex');
      }
      v.servers.find((s) => s.file === 'context7.yaml')!.tasks = 31;
      v.servers.find((s) => s.file === 'context7.yaml')!.test = v.servers.find((s) => s.file === 'context7.yaml')!.test.filter((id) => id !== 'context7/ja/16');
      return v;
    });
    const problems = checkSuites(dir).problems.join('\n');
    expect(problems).toMatch(/firecrawl_research_search_github is exempt .* but a task expects it/);
    expect(problems).toMatch(/15 Japanese cases, fewer than the 16 English ones/);
  });

  it('a tool with six cases over both languages but five in one of them (a run reads one language)', () => {
    const dir = copy();
    const fc = file(dir, 'firecrawl.yaml');
    const before = readFileSync(fc, 'utf8');
    const after = before.replace(/(- id: firecrawl\/ja\/185\n(?: {2}.*\n)*? {2}language: )ja/, '$1en');
    expect(after).not.toBe(before);
    writeFileSync(fc, after);
    editJson(file(dir, 'manifest.json'), (m) => {
      const v = m as { servers: { file: string; sha256: string }[] };
      const s = v.servers.find((x) => x.file === 'firecrawl.yaml')!;
      s.sha256 = createHash('sha256').update(readFileSync(fc)).digest('hex');
      return v;
    });
    const problems = checkSuites(dir).problems.join('\n');
    expect(problems).toMatch(/firecrawl\.yaml: ja cases alone: firecrawl_credit_usage has 5 task/);
    expect(problems).not.toMatch(/en cases alone/);
  });
});
