// npm run golden:frozen -- <rules id> — write one rules version's golden files (golden/<id>/) and its digest in
// golden/frozen.json, computed from the code as it is, for a version being published. A sealed version
// (frozen.json `sealed`: v1, v2, and v3 since it became the latest) is refused — its results never move, a change that moves them is a new version — and so
// is a draft (it has no digest). Without `--write` it only prints what it would write.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isPublishedRuleSetId, publishedRuleSetIds, type RuleSetId } from '@toolmark/benchmarks';
import { FROZEN_FILE, GOLDEN_DIR, goldenDigest, goldenOutputs, type FrozenDigests } from './golden-outputs.js';

const args = process.argv.slice(2);
const write = args.includes('--write');
const id = args.find((a) => !a.startsWith('--'));
if (id === undefined) {
  console.error(`usage: npm run golden:frozen -- <rules id> (published: ${publishedRuleSetIds().join(', ')})`);
  process.exit(2);
}
const frozen = JSON.parse(readFileSync(FROZEN_FILE, 'utf8')) as FrozenDigests;
if (frozen.sealed.includes(id)) {
  console.error(`${id} is sealed in golden/frozen.json: its results never move; a change that moves them must become a new rules version`);
  process.exit(1);
}
if (!isPublishedRuleSetId(id)) {
  console.error(`${id} is not a published rules version (benchmarks/src/rules/registry.ts): only a published version has a frozen digest`);
  process.exit(1);
}
const files = await goldenOutputs(id as RuleSetId);
const digest = goldenDigest(files);
console.log(`${id}: ${digest} (was ${frozen.digests[id] ?? 'none'}), ${files.length} golden files`);
if (write) {
  mkdirSync(join(GOLDEN_DIR, id), { recursive: true });
  for (const [name, text] of files) writeFileSync(join(GOLDEN_DIR, id, name), text);
  writeFileSync(FROZEN_FILE, `${JSON.stringify({ ...frozen, digests: { ...frozen.digests, [id]: digest } }, null, 2)}\n`);
  console.log(`wrote golden/${id}/ and golden/frozen.json`);
} else console.log('(dry run: add --write to write them)');
