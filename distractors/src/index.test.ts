import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { surfaceHash } from '@toolmark/benchmarks';
import {
  DISTRACTORS_DIR,
  DistractorSetError,
  listDistractorSets,
  listReferenceSurfaces,
  loadDistractorSet,
  loadReferenceSurface,
} from './index.js';
import { editJson, useDataCopies } from './test-support.js';

const SPEC_SETS = ['bhived', 'context7', 'debugbase', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright'];

function thrown(fn: () => unknown): DistractorSetError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DistractorSetError);
    return err as DistractorSetError;
  }
  throw new Error('expected a DistractorSetError, nothing was thrown');
}

describe('DISTRACTORS_DIR', () => {
  it('is the workspace folder that holds the index', () => {
    expect(existsSync(join(DISTRACTORS_DIR, 'manifest.json'))).toBe(true);
    expect(existsSync(join(DISTRACTORS_DIR, 'package.json'))).toBe(true);
    const pkg = JSON.parse(readFileSync(join(DISTRACTORS_DIR, 'package.json'), 'utf8')) as { name: string };
    expect(pkg.name).toBe('@toolmark/distractors');
  });
});

describe('listDistractorSets', () => {
  it('lists every set the spec names, with bhived and debugbase unavailable', () => {
    const sets = listDistractorSets();
    expect(sets.map((s) => s.name).sort()).toEqual(SPEC_SETS);
    const unavailable = sets.filter((s) => s.status === 'unavailable').map((s) => s.name);
    expect(unavailable.sort()).toEqual(['bhived', 'debugbase']);
  });

  it('keeps reference surfaces apart from distractor sets', () => {
    expect(listReferenceSurfaces().map((r) => r.name).sort()).toEqual(['everything', 'sequential-thinking']);
  });
});

describe('loadDistractorSet', () => {
  const available = listDistractorSets().flatMap((s) => (s.status === 'available' ? [s] : []));

  it('has six captured sets', () => {
    expect(available.map((s) => s.name).sort()).toEqual(['context7', 'filesystem', 'firecrawl', 'memory', 'notion', 'playwright']);
  });

  it.each(available.map((s) => [s.name, s] as const))('loads %s and its hashes match the file', (name, entry) => {
    const { manifest, surface } = loadDistractorSet(name);
    expect(manifest.name).toBe(name);
    expect(manifest.kind).toBe('distractor');
    expect(surface.tools).toHaveLength(manifest.toolCount);
    expect(surface.tools.length).toBeGreaterThan(0);
    const bytes = readFileSync(join(DISTRACTORS_DIR, entry.path, 'tools.json'));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(manifest.sha256);
    expect(surfaceHash(surface)).toBe(manifest.surfaceHash);
    // Stored exactly as sent: the file is the raw object pretty-printed with two spaces.
    expect(bytes.toString('utf8')).toBe(`${JSON.stringify(JSON.parse(bytes.toString('utf8')), null, 2)}\n`);
  });

  it('keeps fields outside the core tool shape as the server sent them', () => {
    const { surface } = loadDistractorSet('firecrawl');
    const withMeta = surface.tools.filter((t) => t._meta !== undefined);
    expect(withMeta.length).toBeGreaterThan(0);
  });

  it('throws a clear "unavailable" error for bhived and debugbase', () => {
    for (const name of ['bhived', 'debugbase']) {
      const err = thrown(() => loadDistractorSet(name));
      expect(err.reason).toBe('unavailable');
      expect(err.code).toBe('distractor_unavailable');
      expect(err.toJSON().error.detail).toEqual({ set: err.setName });
      expect(err.setName).toBe(name);
      expect(err.message).toMatch(new RegExp(`"${name}" is unavailable: no published package`));
    }
  });

  it('rejects unknown names and path-like names', () => {
    expect(thrown(() => loadDistractorSet('nope')).reason).toBe('unknown_set');
    expect(thrown(() => loadDistractorSet('../memory')).reason).toBe('unknown_set');
    expect(thrown(() => loadDistractorSet('everything')).message).toMatch(/reference surface/);
  });
});

describe('loadReferenceSurface', () => {
  it.each([['everything'], ['sequential-thinking']])('loads %s', (name) => {
    const { manifest, surface } = loadReferenceSurface(name);
    expect(manifest.kind).toBe('reference');
    expect(manifest.version).toBe('2026.8.31');
    expect(surface.tools).toHaveLength(manifest.toolCount);
  });

  it('does not hand out distractor sets', () => {
    expect(thrown(() => loadReferenceSurface('memory')).reason).toBe('unknown_set');
  });
});

describe('a tampered copy', () => {
  const copy = useDataCopies();

  it('loads unchanged from the copy (the base dir option is honoured)', () => {
    const dir = copy();
    expect(loadDistractorSet('memory', { baseDir: dir }).surface.tools.length).toBeGreaterThan(0);
  });

  it('is rejected when one description changes', () => {
    const dir = copy();
    editJson(join(dir, 'memory', 'tools.json'), (v) => {
      const tools = (v as { tools: { description: string }[] }).tools;
      const first = tools[0];
      if (first === undefined) throw new Error('memory has no tools');
      first.description += ' (edited)';
      return v;
    });
    const err = thrown(() => loadDistractorSet('memory', { baseDir: dir }));
    expect(err.reason).toBe('hash_mismatch');
    expect(err.message).toMatch(/distractor set "memory" does not match its manifest: .* has sha256 [0-9a-f]{64}/);
    // The other sets in the same copy still load.
    expect(() => loadDistractorSet('context7', { baseDir: dir })).not.toThrow();
  });

  it('is rejected when only whitespace changes (the file bytes are hashed)', () => {
    const dir = copy();
    const file = join(dir, 'reference', 'everything', 'tools.json');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n`);
    expect(thrown(() => loadReferenceSurface('everything', { baseDir: dir })).reason).toBe('hash_mismatch');
  });

  it('is rejected when the manifest disagrees with the index', () => {
    const dir = copy();
    editJson(join(dir, 'notion', 'manifest.json'), (v) => ({ ...(v as object), version: '0.0.1' }));
    const err = thrown(() => loadDistractorSet('notion', { baseDir: dir }));
    expect(err.reason).toBe('manifest_mismatch');
    expect(err.message).toMatch(/"notion".*version "0\.0\.1"/);
  });

  it('is rejected when a manifest is malformed', () => {
    const dir = copy();
    editJson(join(dir, 'playwright', 'manifest.json'), (v) => ({ ...(v as object), sha256: 'not-a-hash' }));
    const err = thrown(() => loadDistractorSet('playwright', { baseDir: dir }));
    expect(err.reason).toBe('invalid_manifest');
    expect(err.message).toMatch(/"playwright".*sha256/);
  });

  it('is rejected when tools.json is missing', () => {
    const dir = copy();
    rmSync(join(dir, 'filesystem', 'tools.json'));
    expect(thrown(() => loadDistractorSet('filesystem', { baseDir: dir })).reason).toBe('missing_file');
  });
});
