// Capture one corpus surface from npm inside the capture sandbox (bubblewrap: no network, read-only system,
// only the package folder; server/src/capture/sandbox.ts) with the service's own npm capture
// (`captureNpmPackage`), then write <name>/tools.json and <name>/manifest.json. The sandboxed sibling of
// capture.sh, for packages nobody on the team has read: their code never runs outside the sandbox.
// usage (repository root, after `npm run build`):
//   node distractors/corpus/tools/capture-sandboxed.mjs <name> <package>@<exact version> [--bin=<bin>] [KEY=dummy …] [-- server args …]
import { Buffer } from 'node:buffer';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { surfaceHash } from '@toolmark/benchmarks';
import { captureNpmPackage } from '../../../server/dist/capture/npm-package.js';

const [name, spec, ...rest] = process.argv.slice(2);
if (!name || !spec) {
  process.stderr.write('usage: capture-sandboxed.mjs <name> <package>@<exact version> [--bin=<bin>] [KEY=dummy …] [-- args …]\n');
  process.exit(2);
}
const cut = rest.indexOf('--');
const options = cut < 0 ? rest : rest.slice(0, cut);
const bin = options.find((o) => o.startsWith('--bin='))?.slice('--bin='.length);
const envPairs = options.filter((o) => !o.startsWith('--bin='));
const args = cut < 0 ? [] : rest.slice(cut + 1);
const env = Object.fromEntries(envPairs.map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
const captured = await captureNpmPackage({ spec, env, args, ...(bin ? { bin } : {}) }, { timeoutMs: 300_000 });
const dir = join('distractors', 'corpus', name);
mkdirSync(dir, { recursive: true });
const bytes = Buffer.from(`${JSON.stringify(captured.value, null, 2)}\n`, 'utf8');
writeFileSync(join(dir, 'tools.json'), bytes);
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const manifest = {
  name,
  package: captured.package.name,
  version: captured.package.version,
  captureDate: new Date().toISOString(),
  capturedWith: `captureNpmPackage (server/dist/capture/npm-package.js at commit ${commit}) through distractors/corpus/tools/capture-sandboxed.mjs: the bin ran in the bubblewrap capture sandbox (no network), environment of the sandbox plus the variables named in env`,
  command: [captured.package.bin, ...args],
  env: Object.keys(env),
  node: { version: process.version, source: 'system' },
  toolCount: captured.surface.tools.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  surfaceHash: surfaceHash(captured.surface),
  note: `installed by captureNpmPackage (\`npm install --omit=dev\`, install scripts off) of ${spec}${Object.keys(env).length ? `; ${Object.keys(env).map((e) => `${e}=dummy`).join(', ')}: listing tools reaches no service` : ''}`,
};
writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
process.stdout.write(`captured ${name}: ${captured.surface.tools.length} tools (${captured.where})\n`);
