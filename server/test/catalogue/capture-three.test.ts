// Issue 27: `npm run catalogue:capture` end to end on three real packages from the npm registry — `npm view`,
// an install with scripts off, the bin started in the bubblewrap sandbox, tools/list — each captured again
// as the committed catalogue froze it: the same version gives the same tools, byte for byte (sha256 and
// surface hash). A newer version published since the catalogue was frozen is what `--refresh` reports as a
// change; the test then still asks for a sandboxed capture with tools, and says which version moved.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { captureCandidate, catalogueScratchRoot } from '../../src/npm-catalogue/capture.js';
import { CatalogueEntrySchema } from '../../src/npm-catalogue/entry.js';
import { SERVERS_DIR, entryFileName } from '../../src/npm-catalogue/files.js';

const PACKAGES = ['@modelcontextprotocol/server-memory', '@modelcontextprotocol/server-sequential-thinking', '@modelcontextprotocol/server-everything'];
const root = catalogueScratchRoot();
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('catalogue capture of three real npm packages', () => {
  for (const name of PACKAGES) {
    it(`${name}: captured in the sandbox as the catalogue froze it`, async () => {
      const frozen = CatalogueEntrySchema.parse(JSON.parse(readFileSync(join(SERVERS_DIR, entryFileName(name)), 'utf8')));
      const entry = CatalogueEntrySchema.parse(await captureCandidate({ name, listDownloadsMonth: frozen.listDownloadsMonth }, join(root, 'cache'), root));
      expect(entry.status, JSON.stringify(entry.failure)).toBe('captured');
      expect(entry.capture?.sandbox).toBe(true);
      expect(entry.tools.length).toBeGreaterThan(0);
      expect(entry.facts.license).toBe(frozen.facts.license);
      if (entry.version === frozen.version) {
        expect(entry.capture?.sha256).toBe(frozen.capture?.sha256);
        expect(entry.capture?.surfaceHash).toBe(frozen.capture?.surfaceHash);
        expect(entry.tools).toEqual(frozen.tools);
      } else console.info(`${name}: ${frozen.version} in the catalogue, ${entry.version} on the registry now (npm run catalogue:capture -- --refresh --only ${name})`);
    }, 300_000);
  }
});
