// npm run suites:freeze -- <suite-folder>: write a hand-written suite's manifest — the sha256 of every
// server file, its task count, the tools it was written for (surface hash) and the fixed test half. Run it
// once, when a new suite version is finished and reviewed; after that the files never change (a change
// is a new version in a new folder) and `distractors:check` refuses any byte that differs.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseTaskSet } from '@toolmark/benchmarks';
import { DISTRACTORS_DIR, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface, sha256OfBytes } from './index.js';
import { SUITE_MANIFEST, SUITES_FOLDER, drawSplit, type SuiteManifest, type SuiteServer } from './suites.js';

/** What a suite folder declares before it is frozen (`suite.json`): id, version, description, rules, server slugs. */
interface SuiteSource {
  id: string;
  version: number;
  description: string;
  rules: SuiteManifest['rules'];
  servers: string[];
}

/** Freeze a suite folder: the manifest from `suite.json` and the server files beside it. */
export function freezeSuite(folder: string, baseDir: string = DISTRACTORS_DIR): SuiteManifest {
  const dir = join(baseDir, SUITES_FOLDER, folder);
  const source = JSON.parse(readFileSync(join(dir, 'suite.json'), 'utf8')) as SuiteSource;
  const references = new Set(listReferenceSurfaces({ baseDir }).map((r) => r.name));
  const servers: SuiteServer[] = [];
  for (const slug of source.servers) {
    const file = `${slug}.yaml`;
    if (!existsSync(join(dir, file))) continue;
    const bytes = readFileSync(join(dir, file));
    const set = parseTaskSet(bytes.toString('utf8'));
    const kind = references.has(slug) ? 'reference' : 'distractor';
    const loaded = kind === 'reference' ? loadReferenceSurface(slug, { baseDir }) : loadDistractorSet(slug, { baseDir });
    servers.push({ slug, surface: { kind, name: slug, surfaceHash: loaded.manifest.surfaceHash }, file, sha256: sha256OfBytes(bytes), tasks: set.tasks.length, test: drawSplit(set.tasks) });
  }
  const manifest: SuiteManifest = {
    id: source.id,
    version: source.version,
    description: source.description,
    rules: source.rules,
    split: 'within each group of tasks with the same expected tool (or none) and language, in file order, the first, third, fifth … task is in the test half',
    servers,
  };
  writeFileSync(join(dir, SUITE_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const folder = process.argv[2];
  if (!folder) {
    console.error('usage: npm run suites:freeze -- <suite-folder>   (e.g. toolmark-public-v2)');
    process.exitCode = 2;
  } else {
    const m = freezeSuite(folder);
    for (const s of m.servers) console.log(`${s.file}: ${s.tasks} tasks, ${s.test.length} in the test half, sha256 ${s.sha256.slice(0, 12)}…`);
  }
}
