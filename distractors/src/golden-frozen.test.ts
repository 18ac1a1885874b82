import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedRuleSetIds, type RuleSetId } from '@toolmark/benchmarks';
import { DISTRACTORS_DIR } from './index.js';
import { goldenOutputs } from './test/golden-suite.js';

// A published rule set is frozen (issue 25, "Versions"): its golden outputs — every score, category point,
// note and finding on every distractor set and reference surface, the content hash of the rules left out —
// are pinned by a sha256 committed in the repository's golden/frozen.json. Unlike the golden files, which `vitest -u`
// rewrites, this hash is recomputed here and never updated by a tool: a change that moves any published
// result fails this test and must become a new rules version. A refactor that moves no result passes (the
// rules' content hash may change, as the freezing rule allows). Publishing a version adds its line by hand.

/** The golden files the golden suites compare with (the repository's golden/ folder) and the digests beside them. */
const GOLDEN = join(DISTRACTORS_DIR, '..', 'golden');
const FROZEN = join(GOLDEN, 'frozen.json');
const frozen = JSON.parse(readFileSync(FROZEN, 'utf8')) as { note: string; digests: Record<string, string> };

/** sha256 over each golden file's name and text, in name order. */
function digest(files: [string, string][]): string {
  const h = createHash('sha256');
  for (const [name, text] of files) h.update(`${name}\n${text.length}\n${text}`);
  return `sha256:${h.digest('hex')}`;
}

describe('published rule sets are frozen', () => {
  const published = publishedRuleSetIds();

  it('every published rule set has a committed digest, and only those', () => {
    expect(Object.keys(frozen.digests).sort()).toEqual([...published].sort());
  });

  for (const id of published) {
    it(`${id}: its golden outputs are the frozen ones`, async () => {
      const files = await goldenOutputs(id as RuleSetId);
      const now = digest(files);
      expect(now, `${id} is published and its results moved: make the change a new rules version (computed ${now})`).toBe(frozen.digests[id]);
      // The committed golden files say the same (a `golden:update` of a published version is caught here too).
      for (const [name, text] of files) expect(readFileSync(join(GOLDEN, id, name), 'utf8'), `golden/${id}/${name}`).toBe(text);
    }, 120_000);
  }

  it('the digest moves when one result moves (the check can fail)', async () => {
    const files = await goldenOutputs(published[0] as RuleSetId);
    const moved = files.map(([name, text], k): [string, string] => [name, k === 0 ? text.replace(/"score": (\d+)/, (_, n: string) => `"score": ${Number(n) + 1}`) : text]);
    expect(moved[0]![1]).not.toBe(files[0]![1]);
    expect(digest(moved)).not.toBe(digest(files));
  }, 120_000);
});
