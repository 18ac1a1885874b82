// npm run rules:changelog [-- --write] — how many corpus tools each change of a rules version moved, for its
// CHANGELOG.md (issue 25: "every change and how many corpus tools it moved"). Lints every real surface we
// hold — the labelled corpus (distractors/corpus/), the distractor sets and the reference surfaces, each
// surface once — under the version before and the version after (`--to v3` by default, from the version before it; `--to v4` for v4, `--from` to compare others), and
// counts per change the tools whose *measure* of that change moved: the points of the category parts it
// touches (a category note, numbers and names left out), the finding codes it adds or removes, the
// security findings, the confusable pairs. The counts are effects seen on the results, not ablations: two
// changes that move the same measure share its count, and the CHANGELOG says which measure each row reads.
// With --write the section "## Tools moved on the corpus" of benchmarks/src/rules/<to>/CHANGELOG.md is
// replaced by the table printed; run it again after any change of the version that moves a result.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintSurface, ruleSets, surfaceHash, type LintResult, type RuleSetId, type Surface, type ToolResult } from '@toolmark/benchmarks';
import { listDistractorSets, listReferenceSurfaces, loadDistractorSet, loadReferenceSurface } from '@toolmark/distractors';
import { loadCorpus } from '@toolmark/distractors/corpus';
import { nodeSha256Hex } from '../native-hash.js';
import { changelogCounts, changelogSection, CHANGELOG_SECTION, MEASURES } from './rules-changelog-counts.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string): string => {
  const k = args.indexOf(name);
  return k >= 0 && args[k + 1] !== undefined ? args[k + 1]! : fallback;
};
const to = opt('--to', 'v3') as RuleSetId;
const measured = MEASURES[to];
if (measured === undefined) throw new Error(`the measures of each change are written for ${Object.keys(MEASURES).join(', ')} (rules-changelog-counts.ts): add ${to}'s own to count it`);
const from = opt('--from', measured.from) as RuleSetId;
if (!(from in ruleSets) || !(to in ruleSets)) throw new Error(`unknown rules version: ${from} or ${to} (known: ${Object.keys(ruleSets).join(', ')})`);

/** Every real surface we hold, each once (by surface hash), with the name it is known by. */
function surfaces(): { name: string; surface: Surface }[] {
  const all = [
    ...loadCorpus().map((c) => ({ name: c.manifest.name, surface: c.surface })),
    ...listDistractorSets()
      .filter((e) => e.status === 'available')
      .map((e) => ({ name: e.name, surface: loadDistractorSet(e.name).surface })),
    ...listReferenceSurfaces().map((e) => ({ name: e.name, surface: loadReferenceSurface(e.name).surface })),
  ];
  const seen = new Set<string>();
  return all.filter((s) => {
    const h = surfaceHash(s.surface);
    if (seen.has(h)) return false;
    seen.add(h);
    return true;
  });
}

const held = surfaces();
const lint = (id: RuleSetId) => Promise.all(held.map((s) => lintSurface(s.surface, id, { sha256Hex: nodeSha256Hex })));
const before: LintResult[] = await lint(from);
const after: LintResult[] = await lint(to);
const pairs: [ToolResult, ToolResult][] = before.flatMap((b, i) => {
  const byName = new Map(after[i]!.tools.map((t) => [t.name, t]));
  return b.tools.flatMap((t): [ToolResult, ToolResult][] => (byName.has(t.name) ? [[t, byName.get(t.name)!]] : []));
});
const counts = changelogCounts(measured.measures, pairs, { before, after, securityCodes: { before: ruleSets[from].securityCodes, after: ruleSets[to].securityCodes } });
const section = changelogSection(counts, { from, to, surfaces: held.length, tools: pairs.length, command: 'npm run rules:changelog -- --write' });
console.log(section);

if (args.includes('--write')) {
  const root = fileURLToPath(new URL('../../../benchmarks/src/rules/', import.meta.url));
  const file = join(root, to, 'CHANGELOG.md');
  const text = readFileSync(file, 'utf8');
  const start = text.indexOf(`${CHANGELOG_SECTION}\n`);
  if (start < 0) throw new Error(`${file} has no "${CHANGELOG_SECTION}" heading to replace`);
  const next = text.indexOf('\n## ', start + CHANGELOG_SECTION.length);
  writeFileSync(file, `${text.slice(0, start)}${section}${next < 0 ? '' : text.slice(next)}`);
  console.log(`wrote ${file}`);
}
