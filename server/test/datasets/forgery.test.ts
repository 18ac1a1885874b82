// Forgeries that pass the signature (issue 24): a forger edits a release, re-hashes every file into the
// manifest and re-signs it with a key of their own, which the victim is handed as `--key`. Verify must still
// fail, naming the file, row and field: from the files alone (a CSV or Parquet value, an utterance edited
// consistently in every table and format, an added file, each manifest field the files contradict) and,
// against the instance that published the release, every manifest field (a fingerprint or a model setting
// only the instance knows). Evaluation releases are also compared with the live model board.
import { generateKeyPairSync } from 'node:crypto';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DISTRACTORS_DIR } from '@toolmark/distractors';
import { BASELINE_MODEL_ID, ManifestSchema, MODELS_SUITE, publishedRuleSets, tablesOf, type Manifest, type TableSpec } from '@toolmark/benchmarks';
import { registerSigningKey } from '@toolmark/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { buildReleases, type BuildOutcome } from '../../src/datasets/build.js';
import { fileFacts } from '../../src/datasets/file-facts.js';
import { signatureFile, signingKeyFrom, type KeySet } from '../../src/datasets/signing.js';
import { TableWriter } from '../../src/datasets/table-writer.js';
import { verifyFolder } from '../../src/datasets/verify-folder.js';
import { verifyAgainst } from '../../src/datasets/verify-site.js';
import { bossSender } from '../../src/jobs/boss.js';
import { parseCatalogue } from '../../src/model-catalogue.js';
import { post, uploadServer, waitForEvaluation } from '../evaluations/helpers.js';
import { runCli } from '../helpers.js';
import { jsonlRows, seedService, type Seeded } from './helpers.js';
import { TEST_KEYS, TEST_SIGNER } from './signer.js';

const FORGER = signingKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
const FORGER_KEYS: KeySet = new Map([[FORGER.keyId, FORGER.publicKeyPem]]);

let seeded: Seeded;
let app: FastifyInstance;
let root: string;
let base: string;
let outcomes: BuildOutcome[];
let forgerKeyFile: string;
/** The releases: a lint release, and the evaluation releases without and with a distractor set. */
let lint: string;
let plain: string;
let suiteRelease: string;
let withSet: string;
/** The suite server the models board pools. */
let suiteServer: string;

beforeAll(async () => {
  seeded = await seedService();
  const s = seeded.s;
  // One more evaluation, with a frozen distractor set, so a release names one; and a server of the models
  // board's suite (the operator's public `everything`) evaluated with the suite's settings (its hand-written cases).
  suiteServer = await uploadServer(s, 'everything', JSON.parse(await readFile(join(DISTRACTORS_DIR, 'reference', 'everything', 'tools.json'), 'utf8')));
  for (const [id, body] of [[seeded.publicIds[0]!, { models: [BASELINE_MODEL_ID], distractors: ['filesystem'] }], [suiteServer, { models: [BASELINE_MODEL_ID], generator: 'suite' }]] as const) {
    const res = await post(s, `/v1/servers/${id}/evaluations`, s.keys.script, body);
    if (res.statusCode !== 202) throw new Error(`evaluation start: ${res.statusCode} ${res.body}`);
    expect((await waitForEvaluation(s, res.json().id as string, (e) => e.status === 'done' || e.status === 'failed', 60_000)).status).toBe('done');
  }
  root = await mkdtemp(join(tmpdir(), 'toolmark-forgery-'));
  app = await buildApp({ database: s.t, jobs: bossSender(s.boss), config: loadConfig({ TOOLMARK_LOG_LEVEL: 'silent', TOOLMARK_READ_CACHE_MS: '0', TOOLMARK_DATASETS_DIR: root }), logger: false, catalogue: parseCatalogue({ version: 1, models: [] }, 'test.json'), env: {} });
  base = await app.listen({ host: '127.0.0.1', port: 0 });
  await registerSigningKey(s.t.db, TEST_SIGNER.keyId, TEST_SIGNER.publicKeyPem);
  outcomes = await buildReleases({ db: s.t.db, root, license: 'CC-BY-4.0', siteUrl: base, codeVersion: 'test-code-1', signer: TEST_SIGNER, now: () => new Date() });
  // A lint release per published rules version, then three evaluation releases.
  expect(outcomes.map((o) => [o.kind, o.status])).toEqual([...publishedRuleSets().map(() => ['lint', 'published']), ...Array(3).fill(['evaluation', 'published'])]);
  lint = outcomes[0]!.releaseId;
  const evals = await Promise.all(outcomes.filter((o) => o.kind === 'evaluation').map(async (o) => ({ id: o.releaseId, m: await manifestOf(join(root, o.releaseId)) })));
  plain = evals.find((e) => e.m.distractorSets.length === 0 && e.m.settings?.generator === 'offline')!.id;
  suiteRelease = evals.find((e) => e.m.settings?.generator === MODELS_SUITE.generator)!.id;
  withSet = evals.find((e) => e.m.distractorSets.length === 1)!.id;
  forgerKeyFile = join(root, '.forger.pem');
  await writeFile(forgerKeyFile, FORGER.publicKeyPem);
}, 240_000);
afterAll(async () => {
  await app?.close();
  await seeded?.s.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const manifestOf = async (dir: string): Promise<Manifest> => ManifestSchema.parse(JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')));
const spec = (kind: 'lint' | 'evaluation', name: string): TableSpec => tablesOf(kind).find((t) => t.name === name)!;

/** A copy of a release, changed, every listed file re-hashed into the manifest, and re-signed by the forger. */
async function forge(id: string, change: (dir: string, m: Manifest) => Promise<void> | void): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'toolmark-forged-'));
  await cp(join(root, id), dir, { recursive: true });
  const m = await manifestOf(dir);
  await change(dir, m);
  for (const f of m.files) Object.assign(f, await fileFacts(join(dir, f.path)).catch(() => ({})));
  await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(m, null, 2)}\n`);
  await writeFile(join(dir, 'manifest.json.sig'), signatureFile(await readFile(join(dir, 'manifest.json')), FORGER));
  return dir;
}

/** The rows of a table rewritten (every format) after `edit` changed them, as a forger with the writer would. */
async function rewrite(dir: string, table: TableSpec, edit: (rows: Record<string, unknown>[]) => void): Promise<void> {
  const rows = (await jsonlRows(join(dir, `${table.name}.jsonl`))) as Record<string, unknown>[];
  edit(rows);
  for (const f of ['jsonl', 'csv', 'parquet']) await rm(join(dir, `${table.name}.${f}`));
  const writer = new TableWriter(dir, table);
  await writer.write(rows);
  await writer.close();
}

/** Verify a forged folder with the forger's key: from the files alone, and against the instance. */
async function verifyForged(dir: string) {
  try {
    return { folder: await verifyFolder(dir, FORGER_KEYS), site: await verifyAgainst(dir, base, FORGER_KEYS) };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const fields = (r: { differences: { file: string; row: number | null; field: string }[] }) => r.differences.map((d) => `${d.file}${d.row === null ? '' : `:${d.row}`} ${d.field}`);

describe('the releases as published', () => {
  it('verify against the instance with its key: ok, evaluation runs compared with the live model board', async () => {
    for (const id of [lint, plain, withSet, suiteRelease]) {
      const r = await verifyAgainst(join(root, id), base, TEST_KEYS);
      expect(r.differences).toEqual([]);
      expect(r.ok).toBe(true);
      expect(r.boardServers).toBeGreaterThan(0);
    }
  });

  it('the signature passes with the forger’s key: no forgery below fails on the signature', async () => {
    const r = await verifyForged(await forge(lint, () => undefined));
    expect(r.folder.differences).toEqual([]);
  });
});

describe('a forgery re-hashed and re-signed fails naming file, row and field', () => {
  it('a CSV value', async () => {
    const r = await verifyForged(await forge(lint, async (dir) => {
      const text = await readFile(join(dir, 'servers.csv'), 'utf8');
      await writeFile(join(dir, 'servers.csv'), text.replace(/,Issue tracker,/, ',Forged name,'));
    }));
    const row = ((await jsonlRows(join(root, lint, 'servers.jsonl'))) as { name: string }[]).findIndex((x) => x.name === 'Issue tracker') + 1;
    expect(r.folder.differences).toEqual([{ file: 'servers.csv', row, field: 'name', expected: '"Issue tracker"', found: '"Forged name"' }]);
    expect(fields(r.site)).toEqual(expect.arrayContaining([`servers.csv:${row} name`, 'manifest.json files.servers.csv.sha256', 'manifest.json files.servers.csv.bytes']));
  });

  it('a Parquet value', async () => {
    const r = await verifyForged(await forge(plain, async (dir) => {
      const text = (await readFile(join(dir, 'metrics.jsonl'), 'utf8')).replace('"name":"Issue tracker"', '"name":"Forged server"');
      const rows = text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
      await rm(join(dir, 'metrics.parquet'));
      const writer = new TableWriter(dir, spec('evaluation', 'metrics'), ['parquet']);
      await writer.write(rows);
      await writer.close();
    }));
    const row = ((await jsonlRows(join(root, plain, 'metrics.jsonl'))) as { name: string }[]).findIndex((x) => x.name === 'Issue tracker') + 1;
    expect(r.folder.differences).toEqual([{ file: 'metrics.parquet', row, field: 'name', expected: '"Issue tracker"', found: '"Forged server"' }]);
  });

  it('an utterance edited in the case, its row and every trial, in every format: the case set hash no longer matches', async () => {
    let caseId = '';
    let serverId = '';
    const r = await verifyForged(await forge(plain, async (dir) => {
      await rewrite(dir, spec('evaluation', 'cases'), (rows) => {
        const c = rows[0]! as { serverId: string; caseId: string; utterance: string; case: { utterance: string } };
        caseId = c.caseId;
        serverId = c.serverId;
        c.utterance = c.case.utterance = `${c.utterance} (forged)`;
      });
      await rewrite(dir, spec('evaluation', 'trials'), (rows) => {
        for (const t of rows as { serverId: string; caseId: string; utterance: string }[]) if (t.serverId === serverId && t.caseId === caseId) t.utterance = `${t.utterance} (forged)`;
      });
    }));
    expect(fields(r.folder)).toEqual(['cases.jsonl:1 caseSetHash']);
    expect(r.folder.differences[0]!.expected).not.toBe(r.folder.differences[0]!.found);
  });

  it('a JSONL utterance in a trial only', async () => {
    const r = await verifyForged(await forge(plain, async (dir) => {
      await rewrite(dir, spec('evaluation', 'trials'), (rows) => {
        (rows[0] as { utterance: string }).utterance += ' (forged)';
      });
    }));
    expect(fields(r.folder)).toEqual(['trials.jsonl:1 utterance']);
  });

  it('trials moved out of their run (verify reads cases and trials a run at a time, in the order the build writes them)', async () => {
    const r = await verifyForged(await forge(plain, async (dir) => {
      await rewrite(dir, spec('evaluation', 'trials'), (rows) => rows.unshift(rows.pop()!));
    }));
    expect(fields(r.folder)).toEqual(expect.arrayContaining(['cases.jsonl serverId', 'trials.jsonl:2 caseId']));
    expect(r.folder.differences.find((d) => d.field === 'serverId')!.found).toBe('absent or out of order');
  });

  it('an added file, listed in the manifest', async () => {
    const r = await verifyForged(await forge(lint, async (dir, m) => {
      await writeFile(join(dir, 'notes.md'), 'added');
      m.files.push({ path: 'notes.md', table: null, format: 'markdown', rows: null, bytes: 0, sha256: '0'.repeat(64) });
    }));
    expect(fields(r.folder)).toEqual(['manifest.json files.notes.md']);
    // Against the instance, the file is also one its record of the release does not list.
    expect(fields(r.site)).toEqual(['manifest.json files.notes.md', 'manifest.json files.notes.md']);
    expect(r.site.differences[1]!.expected).toBe('(absent) (as the instance publishes it)');
  });

  const field = (name: string, id: () => string, edit: (m: Manifest) => void, folder: string[], site: string[] = folder) =>
    it(`the manifest's ${name}`, async () => {
      const r = await verifyForged(await forge(id(), (_dir, m) => edit(m)));
      expect(fields(r.folder)).toEqual(folder);
      expect(r.folder.ok).toBe(folder.length === 0);
      expect(fields(r.site)).toEqual(expect.arrayContaining(site));
      expect(r.site.ok).toBe(false);
    });
  const m = (f: string) => `manifest.json ${f}`;
  field('licence', () => lint, (x) => (x.license = 'CC0-1.0'), [m('license'), m('license')], [m('license')]);
  field('code version', () => lint, (x) => (x.codeVersion = 'test-code-2'), [m('codeVersion')]);
  field('creation time', () => lint, (x) => (x.createdAt = '2026-01-01T00:00:00.000Z'), [m('createdAt'), m('createdAt'), m('createdAt')]);
  field('creation time in the future', () => plain, (x) => (x.createdAt = '2099-01-01T00:00:00.000Z'), [m('createdAt'), m('createdAt'), m('createdAt')]);
  field('seeds', () => plain, (x) => (x.seeds = [7]), [m('seeds.0')]);
  field('model fingerprint (only the instance knows it)', () => plain, (x) => (x.models[0]!.fingerprint = 'forged'), [], [m('models.0.fingerprint')]);
  field('model settings (only the instance knows them)', () => plain, (x) => (x.models[0]!.settings = { temperature: 1 }), [], [m('models.0.settings.temperature')]);
  field('model id', () => plain, (x) => (x.models[0]!.id = 'openai/forged'), [m('validity.modelId'), m('key'), m('models.0')]);
  field('model baseline flag', () => plain, (x) => (x.models[0]!.baseline = false), [m('validity.baselineOnly'), m('models.0.baseline')]);
  field('distractor set hash', () => withSet, (x) => (x.distractorSets[0]!.hash = `sha256:${'0'.repeat(64)}`), [m('distractorSets.0.hash')]);
  field('distractor set tool count', () => withSet, (x) => (x.distractorSets[0]!.toolCount = 3), [m('distractorSets.0.toolCount')]);
  field('distractor set name', () => withSet, (x) => (x.distractorSets[0]!.name = 'memory'), [m('distractorSets.0'), m('distractorSets.0.hash'), m('distractorSets.0.toolCount')]);
  field('distractor set name unknown', () => withSet, (x) => (x.distractorSets[0]!.name = 'nonesuch'), [m('distractorSets.0'), m('distractorSets.0.name')]);
  field('distractor set removed', () => withSet, (x) => (x.distractorSets = []), [m('distractorSets.0')]);
  field('rules hash', () => lint, (x) => (x.rules[0]!.hash = `sha256:${'1'.repeat(64)}`), [m('key'), m('rules.0.hash')]);
  field('row count', () => lint, (x) => (x.rows.tools = (x.rows.tools ?? 0) + 1), ['tools.jsonl rows', m('files.tools.jsonl.rows'), m('files.tools.csv.rows'), m('files.tools.parquet.rows')]);
  field('settings', () => plain, (x) => (x.settings = { ...x.settings, repeats: 3 }), [m('key')]);
  field('version', () => lint, (x) => (x.version += 1), [m('id'), m('version')]);
  field('validity table', () => plain, (x) => (x.validity!.servers += 1), [m('validity.servers')]);
});

it('the CLI: exit 1 with the forger’s key (folder), naming the field; and with --site, the fingerprint only the instance knows', async () => {
  const dir = await forge(plain, (_d, x) => {
    x.models[0]!.fingerprint = 'forged';
    x.license = 'CC0-1.0';
  });
  try {
    const folder = await runCli(['datasets', 'verify', dir, '--key', forgerKeyFile]);
    expect(folder.code).toBe(1);
    expect(folder.stdout).toContain('manifest.json  license: expected the licence README.md');
    expect(folder.stdout).not.toContain('fingerprint');
    const site = await runCli(['datasets', 'verify', dir, '--key', forgerKeyFile, '--site', base]);
    expect(site.code).toBe(1);
    expect(site.stdout).toContain('manifest.json  models.0.fingerprint: expected');
    expect(site.stdout).toContain('(as the instance publishes it), found "forged"');
    // Without --key the instance's own key set is fetched: the forger's signature is refused too.
    const keys = await runCli(['datasets', 'verify', dir, '--site', base]);
    expect(keys.code).toBe(1);
    expect(keys.stdout).toContain('manifest.json.sig  signature');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  expect((await runCli(['datasets', 'verify', join(root, plain), '--site', base])).code).toBe(0);
  const usage = await runCli(['datasets', 'verify', join(root, plain), '--site', 'ftp://example']);
  expect(usage.code).toBe(2);
  expect(usage.stderr).toContain('--site ftp://example: not an http(s) URL');
}, 120_000);

it('exit 1 when the live model board, and the models board that pools the suite server, show another number for a run still on them', async () => {
  const m = await manifestOf(join(root, suiteRelease));
  const row = ((await jsonlRows(join(root, suiteRelease, 'metrics.jsonl'))) as { runId: string; serverId: string }[]).find((r) => r.serverId === suiteServer);
  const answer = await fetch(`${base}/v1/leaderboards/models`);
  const text = await answer.text();
  expect(answer.status, text).toBe(200);
  const models = JSON.parse(text) as { items: { model: { id: string }; servers: number }[] };
  expect(models.items.find((i) => i.model.id === BASELINE_MODEL_ID)?.servers).toBe(1);
  await seeded.s.t.sql`UPDATE model_runs SET metrics = jsonb_set(metrics::jsonb, '{selectionAcc,denominator}', to_jsonb((metrics->'selectionAcc'->>'denominator')::int + 1))::json WHERE id = ${row!.runId}`;
  try {
    const r = await verifyAgainst(join(root, suiteRelease), base, TEST_KEYS);
    const rank = ((await jsonlRows(join(root, suiteRelease, 'metrics.jsonl'))) as { serverId: string }[]).findIndex((x) => x.serverId === suiteServer) + 1;
    expect(fields(r)).toEqual(expect.arrayContaining([`metrics.jsonl:${rank} modelBoard.selectionAcc.denominator`, 'metrics.jsonl modelsBoard.selectionAcc.denominator']));
    expect(r.release).toBe(m.id);
  } finally {
    await seeded.s.t.sql`UPDATE model_runs SET metrics = jsonb_set(metrics::jsonb, '{selectionAcc,denominator}', to_jsonb((metrics->'selectionAcc'->>'denominator')::int - 1))::json WHERE id = ${row!.runId}`;
  }
  expect((await readdir(join(root, suiteRelease))).sort()).toContain('manifest.json.sig');
});
