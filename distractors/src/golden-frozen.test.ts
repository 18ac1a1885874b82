import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { publishedRuleSetIds, type RuleSetId } from '@toolmark/benchmarks';
import { FROZEN_FILE, GOLDEN_DIR, goldenDigest as digest, goldenOutputs, type FrozenDigests } from './golden-outputs.js';

// A published rule set is frozen (issue 25, "Versions"): its golden outputs — every score, category point,
// note and finding on every distractor set and reference surface, the content hash of the rules left out —
// are pinned by a sha256 committed in the repository's golden/frozen.json. Unlike the golden files, which `vitest -u`
// rewrites, this hash is recomputed here and `vitest -u` never updates it: a change that moves any published
// result fails this test and must become a new rules version. A refactor that moves no result passes (the
// rules' content hash may change, as the freezing rule allows). Publishing a version writes its line with
// `npm run golden:frozen -- <id> --write` (golden-frozen.ts), which refuses the `sealed` versions (v1, v2, v3):
// a version is sealed by hand once its release is final.

const frozen = JSON.parse(readFileSync(FROZEN_FILE, 'utf8')) as FrozenDigests;

describe('published rule sets are frozen', () => {
  const published = publishedRuleSetIds();

  it('every published rule set has a committed digest, and only those; every sealed one has one', () => {
    expect(Object.keys(frozen.digests).sort()).toEqual([...published].sort());
    for (const id of frozen.sealed) expect(published, `sealed ${id}`).toContain(id);
  });

  for (const id of published) {
    it(`${id}: its golden outputs are the frozen ones`, async () => {
      const files = await goldenOutputs(id as RuleSetId);
      const now = digest(files);
      const why = frozen.sealed.includes(id)
        ? `${id} is published and sealed and its results moved: make the change a new rules version (computed ${now})`
        : `${id} is published and its results moved (computed ${now}): if the change was meant for ${id} before its release, \`npm run golden:frozen -- ${id} --write\` rewrites its goldens and digest; otherwise make it a new rules version`;
      expect(now, why).toBe(frozen.digests[id]);
      // The committed golden files say the same (a `golden:update` of a published version is caught here too).
      for (const [name, text] of files) expect(readFileSync(join(GOLDEN_DIR, id, name), 'utf8'), `golden/${id}/${name}`).toBe(text);
    }, 120_000);
  }

  it('the digest moves when one result moves (the check can fail)', async () => {
    const files = await goldenOutputs(published[0] as RuleSetId);
    const moved = files.map(([name, text], k): [string, string] => [name, k === 0 ? text.replace(/"score": (\d+)/, (_, n: string) => `"score": ${Number(n) + 1}`) : text]);
    expect(moved[0]![1]).not.toBe(files[0]![1]);
    expect(digest(moved)).not.toBe(digest(files));
  }, 120_000);
});
