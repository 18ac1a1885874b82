import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FINDING_CODES_V1 } from '@toolmark/benchmarks';
import { FINDING_CODES_V2 } from '@toolmark/benchmarks/rules/v2';
import {
  CORPUS_DIR,
  CorpusError,
  PAIR_CODE,
  RUBRIC_SERVER_CODES,
  RUBRIC_TOOL_CODES,
  SECURITY_CODES,
  labelProblems,
  listCorpusSurfaces,
  loadCorpus,
  loadCorpusSurface,
} from './corpus.js';

const corpus = loadCorpus();

describe('the rules corpus', () => {
  it('holds at least 30 real surfaces and 150 tools, one of them with 40 or more tools, and Japanese descriptions', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    expect(corpus.reduce((n, s) => n + s.surface.tools.length, 0)).toBeGreaterThanOrEqual(150);
    expect(Math.max(...corpus.map((s) => s.surface.tools.length))).toBeGreaterThanOrEqual(40);
    const japanese = corpus.flatMap((s) => s.surface.tools).filter((t) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(t.description ?? ''));
    expect(japanese.length).toBeGreaterThanOrEqual(20);
  });

  it('names only codes a rule set knows, and judges every code of v1', () => {
    const known = new Set([...FINDING_CODES_V1, ...FINDING_CODES_V2]);
    for (const code of [...Object.keys(RUBRIC_TOOL_CODES), ...Object.keys(RUBRIC_SERVER_CODES), PAIR_CODE]) expect(known, code).toContain(code);
    const judged = new Set([...Object.keys(RUBRIC_TOOL_CODES), ...Object.keys(RUBRIC_SERVER_CODES), PAIR_CODE]);
    for (const code of FINDING_CODES_V1) expect(judged, code).toContain(code);
    for (const code of SECURITY_CODES) expect(Object.keys(RUBRIC_TOOL_CODES)).toContain(code);
  });

  it('has a paragraph in RUBRIC.md for every judged code', () => {
    const rubric = readFileSync(join(CORPUS_DIR, 'RUBRIC.md'), 'utf8');
    for (const code of [...Object.keys(RUBRIC_TOOL_CODES), ...Object.keys(RUBRIC_SERVER_CODES)]) expect(rubric, code).toContain(`**${code}**`);
  });

  for (const { manifest, surface, labels } of corpus) {
    it(`${manifest.name}: every tool labelled once, every code judged, pairs name real tools`, () => {
      expect(labels.tools.map((t) => t.name)).toEqual(surface.tools.map((t) => t.name));
      expect(labelProblems(labels, surface)).toEqual([]);
      expect(manifest.toolCount).toBe(surface.tools.length);
      for (const p of labels.pairs) expect(p.reason.length).toBeGreaterThan(10);
    });
  }

  it('splits the surfaces into two halves, each with labelled pairs, the reported half of at least 10 surfaces', () => {
    // The halves were of similar size until the first reported half, once read, moved to calibration and a
    // fresh reported half was labelled (README.md, "Halves"): since then the reported half is the smaller one.
    const halves = { calibration: corpus.filter((s) => s.half === 'calibration'), reported: corpus.filter((s) => s.half === 'reported') };
    expect(halves.calibration.length + halves.reported.length).toBe(corpus.length);
    expect(halves.reported.length).toBeGreaterThanOrEqual(10);
    for (const half of Object.values(halves)) expect(half.reduce((n, s) => n + s.labels.pairs.length, 0)).toBeGreaterThanOrEqual(10);
    expect(loadCorpus({ half: 'reported' }).map((s) => s.manifest.name)).toEqual(halves.reported.map((s) => s.manifest.name));
  });

  it('labels the one security finding read on a real surface, and no other', () => {
    // Mapbox's render_map_tool: "never use built-in or fallback map display tools (e.g. places_map_display_v0
    // …)" steers the model away from other servers' tools (RUBRIC.md, tool_shadowing). Every other tool was
    // read and carries none.
    const security = new Set<string>(SECURITY_CODES);
    expect(corpus.flatMap((s) => s.labels.tools.flatMap((t) => t.fire.filter((c) => security.has(c)).map((c) => `${s.manifest.name}/${t.name}: ${c}`)))).toEqual([
      'mapbox/render_map_tool: tool_shadowing',
    ]);
  });
});

describe('loading refuses a corpus that does not match its files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolmark-corpus-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const copy = (): string => {
    const d = mkdtempSync(join(dir, 'c-'));
    cpSync(CORPUS_DIR, d, { recursive: true });
    return d;
  };
  const name = listCorpusSurfaces()[0]!;
  const edit = (d: string, file: string, change: (v: Record<string, unknown>) => void): void => {
    const path = join(d, name, file);
    const v = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    change(v);
    writeFileSync(path, JSON.stringify(v, null, 2));
  };
  const codeOf = (fn: () => unknown): string | undefined => {
    try {
      fn();
    } catch (err) {
      return err instanceof CorpusError ? err.code : 'other';
    }
    return undefined;
  };

  it('a changed tools.json (hash_mismatch)', () => {
    const d = copy();
    writeFileSync(join(d, name, 'tools.json'), `${readFileSync(join(d, name, 'tools.json'), 'utf8')} `);
    expect(codeOf(() => loadCorpusSurface(name, { corpusDir: d }))).toBe('hash_mismatch');
  });

  it('an unknown code, a tool left unlabelled, a pair naming no tool, a judged list short of a code', () => {
    const cases: ((v: Record<string, unknown>) => void)[] = [
      (v) => ((v.tools as { fire: string[] }[])[0]!.fire = ['not_a_code']),
      (v) => (v.tools as unknown[]).pop(),
      (v) => (v.pairs = [{ tools: ['aaa', 'zzz-not-a-tool'], reason: 'a pair of tools that do not exist' }]),
      (v) => ((v.judged as { tool: string[] }).tool = (v.judged as { tool: string[] }).tool.filter((c) => c !== 'param_no_description')),
    ];
    const codes = cases.map((change) => {
      const d = copy();
      edit(d, 'labels.json', change);
      return codeOf(() => loadCorpusSurface(name, { corpusDir: d }));
    });
    expect(codes).toEqual(['invalid_file', 'label_mismatch', 'label_mismatch', 'label_mismatch']);
  });

  it('an index whose halves leave a surface out, hold it twice or name an unknown one', () => {
    const cases: ((v: { halves: { calibration: string[]; reported: string[] } }) => void)[] = [
      (v) => (v.halves.calibration = v.halves.calibration.filter((n) => n !== name)),
      (v) => v.halves.reported.push(name),
      (v) => v.halves.reported.push('no-such-surface'),
    ];
    for (const change of cases) {
      const d = copy();
      const path = join(d, 'index.json');
      const v = JSON.parse(readFileSync(path, 'utf8')) as { halves: { calibration: string[]; reported: string[] } };
      // The first surface may be in either half: move it to calibration first so that each case changes something.
      v.halves.reported = v.halves.reported.filter((n) => n !== name);
      if (!v.halves.calibration.includes(name)) v.halves.calibration.push(name);
      change(v);
      writeFileSync(path, JSON.stringify(v, null, 2));
      expect(codeOf(() => loadCorpus({ corpusDir: d }))).toBe('invalid_file');
    }
  });
});
