// Writes <name>/manifest.json for a surface captured by capture.sh: provenance, sha256 of tools.json and
// its surface hash (@toolmark/benchmarks). usage: write-manifest.mjs <name> <package> <version> <bin> [ENV_NAME ...]
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import process from 'node:process';
import { parseSurfaceText, surfaceHash } from '@toolmark/benchmarks';

const [name, pkg, version, bin, ...env] = process.argv.slice(2);
const dir = join('distractors', 'corpus', name);
const bytes = readFileSync(join(dir, 'tools.json'));
const surface = parseSurfaceText(bytes.toString('utf8'));
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
const manifest = {
  name,
  package: pkg,
  version,
  captureDate: new Date().toISOString(),
  capturedWith: `toolmark dump (server/dist/cli/main.js at commit ${commit}) through distractors/corpus/tools/capture.sh, environment PATH and a fresh empty HOME plus the variables named in env`,
  command: ['node', bin, ...(process.env.ARGS ? process.env.ARGS.split(' ') : [])],
  env,
  node: { version: process.version, source: 'system' },
  toolCount: surface.tools.length,
  sha256: createHash('sha256').update(bytes).digest('hex'),
  surfaceHash: surfaceHash(surface),
  note: `installed with \`npm install --prefix <tmp> --no-save --ignore-scripts ${pkg}@${version}\`${env.length ? `; ${env.map((e) => `${e}=dummy`).join(', ')}: listing tools reaches no service` : ''}`,
};
writeFileSync(join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
