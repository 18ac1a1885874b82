// npm run bench:cases — how much of routing a case set gives away in its words. Per case set (the offline
// generator's paraphrases of the tool text, v1's cases; the hand-written toolmark-public v2, all / its
// calibration half / its test half), English and Japanese apart, at the suite's first and last distractor
// step: the mean word overlap between each request and its expected tool's text, the share of requests
// with at least half their words in it, and the lexical baseline's selection accuracy, false calls and
// pass rate with Wilson intervals. The baseline's numbers are a baseline's, never a model's.
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { wilson } from '@toolmark/benchmarks';
import { comparisonSpecs, measureCaseSet, suiteServers, SUITE_FOLDER, type CaseSetFigures } from './case-independence.js';

const pct = (n: number, d: number): string => (d === 0 ? '—' : `${((100 * n) / d).toFixed(1)} %`);
const rate = (r: { numerator: number; denominator: number }): string => {
  if (r.denominator === 0) return '—';
  const [low, high] = wilson(r.numerator, r.denominator)!;
  return `${pct(r.numerator, r.denominator)} (${r.numerator}/${r.denominator}, ${(100 * low).toFixed(0)}–${(100 * high).toFixed(0)})`;
};

/** One row of the table. */
export function row(f: CaseSetFigures): string {
  const name = f.set === 'paraphrase' ? 'paraphrases of the tool text (offline, v1)' : `toolmark-public v2, ${f.half === 'all' ? 'both halves' : `${f.half} half`}`;
  return [
    name.padEnd(44),
    f.language,
    String(f.cases).padStart(5),
    String(f.noCallCases).padStart(5),
    `${(100 * f.meanOverlap).toFixed(1)} %`.padStart(8),
    pct(f.highOverlap, f.toolCases).padStart(8),
    rate(f.selection).padEnd(24),
    rate(f.falseCalls).padEnd(22),
    rate(f.pass),
  ].join('  ');
}

async function main(): Promise<void> {
  const servers = suiteServers();
  console.log(`case sets of the models leaderboard's servers (${servers.map((s) => s.slug).join(', ')}); v2 = suites/${SUITE_FOLDER}`);
  console.log('overlap: share of a request\'s content words (stemmed, stop words out; Japanese as character bigrams) found in its expected tool\'s name, description and parameter names');
  console.log('baseline: the lexical BM25 router (a baseline, not a model); rates with Wilson 95 % intervals\n');
  let step = '';
  for (const spec of comparisonSpecs()) {
    const key = spec.distractors.join('+') || 'the server alone';
    if (key !== step) {
      step = key;
      console.log(`\n— tools shown: ${key === 'the server alone' ? key : `the server + ${key}`}`);
      console.log(['case set'.padEnd(44), 'lg', 'cases', 'none', 'overlap', '≥ 50 %', 'baseline selection'.padEnd(24), 'baseline false calls'.padEnd(22), 'baseline pass'].join('  '));
    }
    console.log(row(await measureCaseSet(spec, servers)));
  }
}

const entry = process.argv[1];
if (entry !== undefined && import.meta.url === pathToFileURL(realpathSync(entry)).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
