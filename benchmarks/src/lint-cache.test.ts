import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Surface, Tool } from './contracts/tool.js';
import { LintCache } from './lint-cache.js';
import { lintSurface } from './lint.js';
import { parseSurfaceValue } from './surface/parse.js';
import { surfaceHashes } from './surface/hash.js';

// A lint with a LintCache must return exactly what a lint without one returns (same values, same key
// order), whatever the cache saw before: these tests lint sequences of related surfaces with one shared
// cache and compare each result with a fresh lint.

const real = (name: string): Surface => parseSurfaceValue(JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'distractors', name, 'tools.json'), 'utf8')));
const native = (text: string) => createHash('sha256').update(text).digest('hex');

async function expectSameWithCache(surfaces: Surface[], cache: LintCache, sha256Hex?: (t: string) => string): Promise<void> {
  for (const surface of surfaces) {
    const opts = sha256Hex ? { sha256Hex } : {};
    const cached = await lintSurface(surface, 'v1', { ...opts, cache });
    const fresh = await lintSurface(surface, 'v1', opts);
    expect(JSON.stringify(cached)).toBe(JSON.stringify(fresh));
  }
}

const withTool = (surface: Surface, i: number, change: (t: Tool) => Tool): Surface => ({ ...surface, tools: surface.tools.map((t, j) => (j === i ? change(t) : t)) });

describe('LintCache', () => {
  it('gives the results of a lint without it over real surfaces linted twice and mixed', async () => {
    const cache = new LintCache();
    const surfaces = ['playwright', 'notion', 'filesystem', 'memory'].map(real);
    await expectSameWithCache([...surfaces, ...surfaces.reverse()], cache, native);
    expect(cache.size).toBeGreaterThan(0);
  });

  it('follows the surface context: a renamed sibling changes what a description that names it scores', async () => {
    const base: Surface = {
      tools: [
        { name: 'read_note', description: 'Reads one note by id and returns its text. To change a note use write_note instead.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
        { name: 'write_note', description: 'Writes the text of one note.', inputSchema: { type: 'object', properties: { id: { type: 'string' } } } },
      ],
    };
    const renamed = withTool(base, 1, (t) => ({ ...t, name: 'save_note' }));
    const cache = new LintCache();
    await expectSameWithCache([base, renamed, base], cache);
    // The sibling read_note names exists only in the first surface: the usage notes differ.
    const [a, b] = [await lintSurface(base, 'v1', { cache }), await lintSurface(renamed, 'v1', { cache })];
    expect(a.tools[0]!.categories.usage.notes).toContain('names an alternative: write_note (+5)');
    expect(b.tools[0]!.categories.usage.notes).toContain('names an alternative (+5)');
  });

  it('gives the same results over random edits of a real surface (descriptions, names, tools added and dropped)', async () => {
    const base = real('playwright');
    const n = base.tools.length;
    const edit = fc.oneof(
      fc.record({ kind: fc.constant('describe' as const), i: fc.nat(n - 1), text: fc.string({ maxLength: 60 }) }),
      fc.record({ kind: fc.constant('rename' as const), i: fc.nat(n - 1), j: fc.nat(n - 1) }),
      fc.record({ kind: fc.constant('mention' as const), i: fc.nat(n - 1), j: fc.nat(n - 1) }),
      fc.record({ kind: fc.constant('drop' as const), i: fc.nat(n - 1) }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        const cache = new LintCache(64); // small: entries are evicted and made again along the way
        let surface = base;
        const seen: Surface[] = [surface];
        for (const e of edits) {
          const m = surface.tools.length;
          if (m === 0) break;
          if (e.kind === 'describe') surface = withTool(surface, e.i % m, (t) => ({ ...t, description: `${t.description ?? ''} ${e.text}` }));
          // A name taken from another tool (with a suffix, so names stay unique) or mentioned by another.
          if (e.kind === 'rename') surface = withTool(surface, e.i % m, (t) => ({ ...t, name: `${surface.tools[e.j % m]!.name}_v${e.j}` }));
          if (e.kind === 'mention') surface = withTool(surface, e.i % m, (t) => ({ ...t, description: `${t.description ?? ''} Use ${surface.tools[e.j % m]!.name} instead.` }));
          if (e.kind === 'drop') surface = { ...surface, tools: surface.tools.filter((_, k) => k !== e.i % m) };
          if (new Set(surface.tools.map((t) => t.name)).size !== surface.tools.length) return; // duplicate names: not a surface
          seen.push(surface);
        }
        await expectSameWithCache([...seen, ...seen], cache, native);
        expect(cache.size).toBeLessThanOrEqual(64);
      }),
      { numRuns: 25, seed: 20261130 },
    );
  });

  it('keeps tool hashes by plain JSON: key order and whitespace changes still give the canonical hashes', () => {
    const cache = new LintCache();
    const surface = real('notion');
    // New objects with the keys in reverse order: other plain JSON, same canonical hash.
    const reversed: Surface = { tools: surface.tools.map((t) => Object.fromEntries(Object.entries(t).reverse()) as Tool) };
    const edited = withTool(surface, 3, (t) => ({ ...t, description: `${t.description ?? ''}\r\n` })); // normalised away
    for (const s of [surface, reversed, edited, { tools: [...surface.tools] }]) {
      const plain = surfaceHashes({ tools: [...s.tools] }, native);
      expect(surfaceHashes({ tools: [...s.tools] }, native, cache)).toEqual(plain);
      expect(plain).toEqual(surfaceHashes(surface, native));
    }
  });

  it('hands out memoised results frozen, so a caller cannot change another lint’s result', async () => {
    const cache = new LintCache();
    const surface = real('memory');
    await lintSurface(surface, 'v1', { cache });
    const again = await lintSurface(surface, 'v1', { cache });
    expect(() => (again.tools[0]!.findings as unknown[]).push({})).toThrow(TypeError);
    expect(() => {
      again.tools[0]!.categories.purpose.points = 0;
    }).toThrow(TypeError);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => new LintCache(0)).toThrow(/positive integer, got 0/);
    expect(() => new LintCache(1.5)).toThrow(RangeError);
  });
});
