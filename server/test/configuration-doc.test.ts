// docs/configuration.md lists every variable the config schema reads, and no other: the next variable
// added to ConfigSchema without a line in the doc fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../src/config.js';

const DOC = readFileSync(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

/** The variables named in the first column of the doc's table. */
const documented = [...DOC.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((m) => m[1]!);

describe('docs/configuration.md', () => {
  it('has a table row for every variable of ConfigSchema, once, and none the schema does not read', () => {
    expect(documented.length).toBeGreaterThan(10);
    expect(new Set(documented).size).toBe(documented.length);
    expect([...documented].sort()).toEqual(Object.keys(ConfigSchema.shape).sort());
  });
});
