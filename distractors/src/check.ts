// `npm run distractors:check`: the frozen files still are what their manifests say, and the manifests
// still match the pinned table. Exits non-zero on any mismatch.
import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { InputError, parseSurfaceText, surfaceHash } from '@toolmark/benchmarks';
import { DISTRACTORS_DIR, DistractorSetError, TOOLS_FILE, readIndex, readSetManifest, sha256OfBytes } from './index.js';
import type { AvailableEntry, Index, SetManifest } from './manifest-schema.js';
import { CAPTURE_PINS, UNAVAILABLE_PINS } from './sets.js';
import { checkSuites } from './suites.js';

/** One thing that is wrong, attributed to a set (`*` for the index as a whole). */
export interface CheckProblem {
  set: string;
  message: string;
}

/** The outcome for one set: a one-line summary and its problems. */
export interface SetCheck {
  name: string;
  kind: 'distractor' | 'reference';
  status: 'available' | 'unavailable';
  summary: string;
  problems: CheckProblem[];
}

export interface CheckReport {
  sets: SetCheck[];
  /** Every problem found, the sets' and the index's. */
  problems: CheckProblem[];
}

function short(hash: string): string {
  return `${hash.slice(0, hash.indexOf(':') + 13)}…`;
}

function checkAvailable(entry: AvailableEntry, kind: SetManifest['kind'], baseDir: string): SetCheck {
  const problems: CheckProblem[] = [];
  const fail = (message: string): void => {
    problems.push({ set: entry.name, message });
  };
  const label = kind === 'reference' ? 'reference surface' : 'distractor set';
  let manifest: SetManifest;
  try {
    manifest = readSetManifest(entry, kind, baseDir, label);
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
    return { name: entry.name, kind, status: 'available', summary: `${entry.name}: manifest unreadable`, problems };
  }
  const pin = CAPTURE_PINS.find((p) => p.name === entry.name);
  if (pin === undefined) fail(`${label} "${entry.name}" is not in the pinned table (src/sets.ts)`);
  else {
    if (pin.kind !== kind) fail(`${label} "${entry.name}" is pinned as a ${pin.kind}`);
    if (pin.package !== manifest.package || pin.version !== manifest.version) {
      fail(
        `${label} "${entry.name}" was captured from ${manifest.package}@${manifest.version} but src/sets.ts pins ` +
          `${pin.package}@${pin.version}; recapture with \`npm run distractors:capture -- ${entry.name}\``,
      );
    }
  }
  const file = join(baseDir, entry.path, TOOLS_FILE);
  if (!existsSync(file)) {
    fail(`${label} "${entry.name}" has no ${TOOLS_FILE} at ${file}`);
    return { name: entry.name, kind, status: 'available', summary: `${entry.name}: ${TOOLS_FILE} missing`, problems };
  }
  const bytes = readFileSync(file);
  const sha = sha256OfBytes(bytes);
  if (sha !== manifest.sha256) fail(`${label} "${entry.name}": ${TOOLS_FILE} sha256 is ${sha}, the manifest records ${manifest.sha256}`);
  try {
    const surface = parseSurfaceText(bytes.toString('utf8'));
    if (surface.tools.length !== manifest.toolCount) {
      fail(`${label} "${entry.name}" has ${surface.tools.length} tools, the manifest records ${manifest.toolCount}`);
    }
    const hash = surfaceHash(surface);
    if (hash !== manifest.surfaceHash) {
      fail(`${label} "${entry.name}": surfaceHash is ${hash}, the manifest records ${manifest.surfaceHash}`);
    }
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    fail(`${label} "${entry.name}": ${TOOLS_FILE} cannot be parsed: ${err.message}`);
  }
  const summary =
    `${problems.length === 0 ? 'ok  ' : 'FAIL'} ${kind === 'reference' ? `reference/${entry.name}` : entry.name}  ` +
    `${manifest.package}@${manifest.version}  ${manifest.toolCount} tools  ${short(manifest.surfaceHash)}`;
  return { name: entry.name, kind, status: 'available', summary, problems };
}

/** Folders holding a tools.json (top level and under reference/), relative to baseDir. */
function foldersWithTools(baseDir: string): string[] {
  const found: string[] = [];
  const scan = (rel: string): void => {
    const dir = join(baseDir, rel);
    if (!existsSync(dir)) return;
    for (const d of readdirSync(dir, { withFileTypes: true })) {
      if (!d.isDirectory() || ['src', 'dist', 'node_modules'].includes(d.name)) continue;
      const path = rel === '' ? d.name : `${rel}/${d.name}`;
      if (existsSync(join(baseDir, path, TOOLS_FILE))) found.push(path);
    }
  };
  scan('');
  scan('reference');
  return found;
}

/** Verify every set under baseDir against its manifest, the index and the pinned table. */
export function checkAll(baseDir: string = DISTRACTORS_DIR): CheckReport {
  const problems: CheckProblem[] = [];
  let index: Index;
  try {
    index = readIndex({ baseDir });
  } catch (err) {
    const message = err instanceof DistractorSetError ? err.message : String(err);
    return { sets: [], problems: [{ set: '*', message }] };
  }
  const sets: SetCheck[] = [];
  const listed = new Set<string>();
  for (const [entries, kind] of [
    [index.sets, 'distractor'],
    [index.references, 'reference'],
  ] as const) {
    for (const entry of entries) {
      if (listed.has(entry.name)) problems.push({ set: entry.name, message: `"${entry.name}" is listed twice in the index` });
      listed.add(entry.name);
      if (entry.status === 'available') {
        sets.push(checkAvailable(entry, kind, baseDir));
        continue;
      }
      const own: CheckProblem[] = [];
      if (existsSync(join(baseDir, entry.name, TOOLS_FILE))) {
        own.push({ set: entry.name, message: `distractor set "${entry.name}" is recorded as unavailable but ${entry.name}/${TOOLS_FILE} exists` });
      }
      const pin = UNAVAILABLE_PINS.find((p) => p.name === entry.name);
      if (pin === undefined) {
        own.push({ set: entry.name, message: `distractor set "${entry.name}" is unavailable in the index but not in src/sets.ts` });
      } else if (pin.reason !== entry.reason) {
        own.push({ set: entry.name, message: `the index's reason for "${entry.name}" differs from src/sets.ts; rerun the capture to rewrite the index` });
      }
      sets.push({
        name: entry.name,
        kind,
        status: 'unavailable',
        summary: `${own.length === 0 ? 'ok  ' : 'FAIL'} ${entry.name}  unavailable: ${entry.reason}`,
        problems: own,
      });
    }
  }
  for (const pin of [...CAPTURE_PINS, ...UNAVAILABLE_PINS]) {
    if (!listed.has(pin.name)) {
      problems.push({ set: pin.name, message: `"${pin.name}" is pinned in src/sets.ts but missing from the index; run the capture` });
    }
  }
  const paths = new Set([...index.sets, ...index.references].flatMap((e) => (e.status === 'available' ? [e.path] : [])));
  for (const path of foldersWithTools(baseDir)) {
    if (!paths.has(path)) problems.push({ set: path, message: `${path}/${TOOLS_FILE} is not listed in the index` });
  }
  return { sets, problems: [...sets.flatMap((s) => s.problems), ...problems] };
}

function main(): number {
  const report = checkAll();
  for (const set of report.sets) console.log(set.summary);
  // The hand-written suites (suites/): bytes against their manifests, the tools they were written for, their rules.
  const suites = checkSuites();
  for (const line of suites.summaries) console.log(line);
  report.problems.push(...suites.problems.map((message) => ({ set: 'suites', message })));
  if (report.problems.length > 0) {
    console.error(`\ndistractors:check found ${report.problems.length} problem(s):`);
    for (const p of report.problems) console.error(`  - [${p.set}] ${p.message}`);
    return 1;
  }
  const available = report.sets.filter((s) => s.status === 'available').length;
  console.log(`distractors:check: ${available} captured set(s) verified, ${report.sets.length - available} unavailable`);
  return 0;
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  process.exitCode = main();
}
