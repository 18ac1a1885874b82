// Copy one real capture from catalogue/servers/<entry>.json (issue 27: captured from npm in the bubblewrap
// capture sandbox) into the rules corpus as <name>/tools.json and <name>/manifest.json. The catalogue's
// `tools` are the server's tools/list as sent; tools.json holds them as `toolmark dump` writes a surface.
// usage (repository root, after `npm run build`): node distractors/corpus/tools/from-catalogue.mjs <name> <entry>
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { parseSurfaceText, surfaceHash } from '@toolmark/benchmarks';

const [name, entryName] = process.argv.slice(2);
if (!name || !entryName) {
  process.stderr.write('usage: from-catalogue.mjs <name> <catalogue entry, e.g. drawio__mcp>\n');
  process.exit(2);
}
const entry = JSON.parse(readFileSync(join('catalogue', 'servers', `${entryName}.json`), 'utf8'));
if (entry.status !== 'captured') throw new Error(`${entryName} is ${entry.status}, not captured`);
const canonical = JSON.stringify({ tools: entry.tools }, null, 2);
const sha = createHash('sha256').update(canonical).digest('hex');
if (sha !== entry.capture.sha256) throw new Error(`${entryName}: the tools' sha256 ${sha} is not the catalogue's ${entry.capture.sha256}`);
const bytes = Buffer.from(`${canonical}\n`, 'utf8');
const surface = parseSurfaceText(bytes.toString('utf8'));
const hash = surfaceHash(surface);
if (hash !== entry.capture.surfaceHash) throw new Error(`${entryName}: surface hash ${hash} is not the catalogue's ${entry.capture.surfaceHash}`);
const dir = join('distractors', 'corpus', name);
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, 'tools.json'), bytes);
const manifest = {
  name,
  package: entry.package,
  version: entry.version,
  captureDate: new Date(`${entry.capturedAt}T00:00:00Z`).toISOString(),
  capturedWith: `the catalogue's capture (catalogue/servers/${entryName}.json, issue 27: npm install with scripts off, the bin run in the bubblewrap capture sandbox without network), copied by distractors/corpus/tools/from-catalogue.mjs`,
  command: [entry.bin, ...(entry.args ?? [])],
  env: Object.keys(entry.env ?? {}),
  node: { version: entry.capture.node, source: 'system' },
  toolCount: surface.tools.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  surfaceHash: hash,
  note: `catalogue entry ${entryName}.json (captured ${entry.capturedAt}, sha256 of JSON.stringify({ tools }, null, 2) ${entry.capture.sha256}); tools.json is those bytes plus a final newline${Object.keys(entry.env ?? {}).length ? `; ${Object.keys(entry.env).map((e) => `${e}=dummy`).join(', ')}: listing tools reaches no service` : ''}`,
};
writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(`${name}: ${surface.tools.length} tools from ${entryName}\n`);
