// The reserved slugs follow the real trees: every top-level route of the site (web/src/routes), its
// languages, the routes under a server and an evaluation, and every first path segment of the API.
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NewSlugSchema, SlugSchema } from './common.js';
import { endpoints } from './index.js';
import { isReservedSlug, RESERVED_SLUGS } from './reserved-slugs.js';

const web = resolve(import.meta.dirname, '..', '..', '..', '..', 'web', 'src');
/** Route folders (not `[param]` folders or `+files`), as slugs would spell them. */
const routes = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('[') && !e.name.startsWith('('))
    .map((e) => e.name);

describe('reserved slugs', () => {
  it('hold every top-level route of the site, the routes under a server and an evaluation, and every API first segment', () => {
    const site = routes(resolve(web, 'routes'));
    expect(site.length).toBeGreaterThan(5);
    const nested = [...routes(resolve(web, 'routes', 'servers', '[id]')), ...routes(resolve(web, 'routes', 'evaluations'))];
    const api = new Set(Object.keys(endpoints).map((e) => e.split(' ')[1]!.split('/')[1]!));
    const missing = [...site, ...nested, ...api, 'en', 'ja', 'mcp', 'cli'].filter((s) => SlugSchema.safeParse(s).success && !isReservedSlug(s));
    expect(missing).toEqual([]);
  });

  it('a new slug may not be one; a path may (it is a 404 there)', () => {
    for (const slug of ['admin', 'new', 'v1', 'ja', 'en', 'servers', 'api', 'datasets', 'models', 'edit']) {
      expect(RESERVED_SLUGS.has(slug)).toBe(true);
      expect(NewSlugSchema.safeParse(slug).error?.issues[0]?.message).toMatch(/^is reserved/);
      expect(SlugSchema.safeParse(slug).success).toBe(true);
    }
    expect(NewSlugSchema.safeParse('my-server').success).toBe(true);
  });
});
