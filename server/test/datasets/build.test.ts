// Dataset releases built from a seeded database (the real service ran the baseline over three public
// servers and a private one): every table read back from JSONL, CSV and Parquet (by hyparquet and by
// DuckDB, not by the writer) gives the same rows; verify passes on the releases and names the file and
// number of every tampering; the private server is in none of them; a second build publishes nothing new.
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASELINE_MODEL_ID, ManifestSchema, publishedRuleSets, tableFile, tableOf, tablesOf, type Manifest } from '@toolmark/benchmarks';
import { publishedReleases, releasesOf } from '@toolmark/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReleases, type BuildDeps, type BuildOutcome } from '../../src/datasets/build.js';
import { verifyFolder } from '../../src/datasets/read-release.js';
import { fileFacts } from '../../src/datasets/file-facts.js';
import { signatureFile, signingKeyFrom } from '../../src/datasets/signing.js';
import { TableWriter } from '../../src/datasets/table-writer.js';
import { bossSender } from '../../src/jobs/boss.js';
import { queueFirstRelease } from '../../src/jobs/first-release.js';
import { generateKeyPairSync } from 'node:crypto';
import { csvRows, duckdbRows, hyparquetRows, jsonlRows, PRIVATE_MARKER, seedService, type Seeded } from './helpers.js';
import { TEST_KEYS, TEST_SIGNER } from './signer.js';

let seeded: Seeded;
let root: string;
let deps: BuildDeps;
let outcomes: BuildOutcome[];
/** The evaluation release of the build (after one lint release per published rules version). */
const evaluationOutcome = (): BuildOutcome => outcomes.find((o) => o.kind === 'evaluation')!;

beforeAll(async () => {
  seeded = await seedService();
  root = await mkdtemp(join(tmpdir(), 'toolmark-datasets-'));
  deps = { db: seeded.s.t.db, root, license: 'CC-BY-4.0', siteUrl: 'http://127.0.0.1:9', codeVersion: 'test', signer: TEST_SIGNER, now: () => new Date() };
  outcomes = await buildReleases(deps);
}, 180_000);
afterAll(async () => {
  await seeded?.s.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const manifestOf = async (id: string): Promise<Manifest> => ManifestSchema.parse(JSON.parse(await readFile(join(root, id, 'manifest.json'), 'utf8')));

describe('a build from the seeded database', () => {
  it('publishes a lint release per published rules version (v3 among them since issue 25) and an evaluation release for the baseline', async () => {
    const published = publishedRuleSets();
    expect(published.map((r) => r.id)).toContain('v3');
    expect(outcomes.map((o) => [o.kind, o.status])).toEqual([...published.map(() => ['lint', 'published']), ['evaluation', 'published']]);
    const listed = await publishedReleases(deps.db);
    expect(listed.map((r) => r.releaseId).sort()).toEqual(outcomes.map((o) => o.releaseId).sort());
    // One lint release per published version, each with that version's results (id and this build's hash).
    const lints = await Promise.all(outcomes.filter((o) => o.kind === 'lint').map((o) => manifestOf(o.releaseId)));
    expect(lints.map((m) => m.rules)).toEqual(published.map((r) => [{ id: r.id, hash: r.hash }]));
    for (const lint of lints) expect(lint.rows.servers).toBeGreaterThanOrEqual(3);
    const evaluation = await manifestOf(outcomes.find((o) => o.kind === 'evaluation')!.releaseId);
    expect(evaluation.rows.metrics).toBe(3);
    // Every baseline run answered all its trials on its server's latest version: all three ranked.
    expect(evaluation.standings).toEqual({ minAnsweredShare: 0.95, ranked: 3, incomplete: 0, olderVersion: 0 });
    expect(evaluation.validity?.baselineOnly).toBe(true);
    expect(evaluation.validity?.servers).toBe(3);
    expect(evaluation.models.map((m) => m.id)).toEqual([BASELINE_MODEL_ID]);
    expect(evaluation.seeds.length).toBeGreaterThan(0);
    expect(evaluation.files.map((f) => f.path)).toEqual(expect.arrayContaining(['trials.jsonl', 'trials.csv', 'trials.parquet', 'README.md', 'CITATION.cff']));
    const card = await readFile(join(root, evaluation.id, 'README.md'), 'utf8');
    expect(card).toMatch(/^---\npretty_name: /);
    expect(card).toContain('license: cc-by-4.0');
    expect(card).toContain('language:\n  - en\n');
    expect(card).not.toContain('  - ja\n');
    expect(card).toContain('config_name: trials');
    // The card names the key the manifest is signed with, and gives it.
    expect(card).toContain(`signed with the instance's Ed25519 key \`${TEST_SIGNER.keyId}\``);
    expect(card).toContain(TEST_SIGNER.publicKeyPem.trimEnd());
  });

  it('reads back the same rows from JSONL, CSV, and Parquet through hyparquet and DuckDB', async () => {
    for (const o of outcomes) {
      const m = await manifestOf(o.releaseId);
      for (const spec of tablesOf(m.kind)) {
        const dir = join(root, o.releaseId);
        const rows = (await jsonlRows(join(dir, tableFile(spec.name, 'jsonl')))).map((r) => spec.schema.parse(r));
        expect(rows.length, `${o.releaseId} ${spec.name}`).toBe(m.rows[spec.name]);
        expect(await csvRows(spec, join(dir, tableFile(spec.name, 'csv'))), `${spec.name}.csv`).toEqual(rows);
        expect(await hyparquetRows(spec, join(dir, tableFile(spec.name, 'parquet'))), `${spec.name}.parquet (hyparquet)`).toEqual(rows);
        expect(await duckdbRows(spec, join(dir, tableFile(spec.name, 'parquet'))), `${spec.name}.parquet (DuckDB)`).toEqual(rows);
      }
    }
  });

  it('verify finds every number of every release as published', async () => {
    for (const o of outcomes) {
      const report = await verifyFolder(join(root, o.releaseId), TEST_KEYS);
      expect(report.differences).toEqual([]);
      expect(report.ok).toBe(true);
      // Every file's size and sha256, every row count and every recomputed number (an evaluation's full metrics per run).
      const m = await manifestOf(o.releaseId);
      expect(report.checkedNumbers).toBeGreaterThan(2 * m.files.length + (m.kind === 'lint' ? 10 * m.rows.servers! : 50 * m.rows.metrics!));
    }
  });

  it('holds nothing of the private server', async () => {
    for (const o of outcomes) {
      const m = await manifestOf(o.releaseId);
      for (const f of m.files.filter((x) => x.format !== 'parquet')) {
        const text = await readFile(join(root, o.releaseId, f.path), 'utf8');
        expect(text, f.path).not.toContain(seeded.privateId);
        expect(text.toLowerCase(), f.path).not.toContain(PRIVATE_MARKER);
      }
      for (const spec of tablesOf(m.kind)) {
        const rows = await hyparquetRows(spec, join(root, o.releaseId, tableFile(spec.name, 'parquet')));
        expect(JSON.stringify(rows)).not.toContain(seeded.privateId);
      }
    }
    // The private server was evaluated and linted: it is in the database, just not in a release.
    const [row] = await seeded.s.t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM eval_cases c JOIN case_sets cs ON cs.id = c.case_set_id JOIN server_versions v ON v.id = cs.server_version_id WHERE v.server_id = ${seeded.privateId} AND c.utterance ILIKE ${`%${PRIVATE_MARKER}%`}`;
    expect(row!.n).toBeGreaterThan(0);
  });

  it('publishes nothing new when nothing changed, and the published files stay as they were', async () => {
    const before = await Promise.all(outcomes.map((o) => readdir(join(root, o.releaseId))));
    const again = await buildReleases({ ...deps, now: () => new Date('2026-12-02T00:00:00Z') });
    expect(again.map((o) => o.status)).toEqual(outcomes.map(() => 'unchanged'));
    expect(again.map((o) => o.releaseId)).toEqual(outcomes.map((o) => o.releaseId));
    expect(await Promise.all(outcomes.map((o) => readdir(join(root, o.releaseId))))).toEqual(before);
    expect((await releasesOf(deps.db, 'lint', outcomes[0]!.key)).map((r) => r.status)).toEqual(['published']);
  });
});

/** The difference verify reports for a manifest changed after it was signed. */
const SIGNATURE_BROKEN = expect.objectContaining({ file: 'manifest.json.sig', row: null, field: 'signature', found: expect.stringMatching(/does not match manifest\.json/) });

describe('verify on a tampered release', () => {
  const tampered = async (id: string, change: (dir: string) => Promise<void>) => {
    const dir = await mkdtemp(join(tmpdir(), 'toolmark-tampered-'));
    await cp(join(root, id), dir, { recursive: true });
    await change(dir);
    try {
      return await verifyFolder(dir, TEST_KEYS);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const editLine = async (path: string, line: number, edit: (row: Record<string, unknown>) => void) => {
    const lines = (await readFile(path, 'utf8')).split('\n');
    const row = JSON.parse(lines[line]!) as Record<string, unknown>;
    edit(row);
    lines[line] = JSON.stringify(row);
    await writeFile(path, lines.join('\n'));
  };

  it('names the file, row and number of a changed score, and the file whose sha256 no longer matches', async () => {
    const report = await tampered(outcomes[0]!.releaseId, (dir) => editLine(join(dir, 'servers.jsonl'), 1, (r) => (r.score = (r.score as number) + 0.1)));
    expect(report.ok).toBe(false);
    expect(report.differences).toEqual(expect.arrayContaining([expect.objectContaining({ file: 'servers.jsonl', row: 2, field: 'score' }), expect.objectContaining({ file: 'servers.jsonl', row: null, field: 'sha256' })]));
  });

  it('names a row count in the manifest that differs from the file', async () => {
    const report = await tampered(outcomes[0]!.releaseId, async (dir) => {
      const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
      m.rows.tools = (m.rows.tools ?? 0) + 1;
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(m));
    });
    const rows = (await manifestOf(outcomes[0]!.releaseId)).rows.tools!;
    // The table's count, and each of its files' counts in the manifest, now disagree with the manifest's rows.
    expect(report.differences).toEqual([
      SIGNATURE_BROKEN,
      expect.objectContaining({ file: 'tools.jsonl', field: 'rows', expected: String(rows + 1), found: String(rows) }),
      ...['jsonl', 'csv', 'parquet'].map((f) => expect.objectContaining({ file: 'manifest.json', field: `files.tools.${f}.rows`, expected: String(rows + 1), found: String(rows) })),
    ]);
  });

  it('names a file whose sha256 the manifest gives wrongly', async () => {
    const report = await tampered(evaluationOutcome().releaseId, async (dir) => {
      const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
      m.files.find((f) => f.path === 'cases.csv')!.sha256 = '0'.repeat(64);
      await writeFile(join(dir, 'manifest.json'), JSON.stringify(m));
    });
    expect(report.differences).toEqual([SIGNATURE_BROKEN, expect.objectContaining({ file: 'cases.csv', field: 'sha256', expected: JSON.stringify('0'.repeat(64)) })]);
  });

  /** Write the file's new size and sha256 into the manifest, as a forger would. */
  const rehash = async (dir: string, path: string) => {
    const m = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as Manifest;
    Object.assign(m.files.find((f) => f.path === path)!, await fileFacts(join(dir, path)));
    await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(m, null, 2)}\n`);
  };

  it('a consistent forgery fails on the signature: an edited CSV value with the manifest re-hashed', async () => {
    const report = await tampered(outcomes[0]!.releaseId, async (dir) => {
      const text = await readFile(join(dir, 'servers.csv'), 'utf8');
      await writeFile(join(dir, 'servers.csv'), text.replace(/,alpha,|,Issue tracker,/, ',Forged name,'));
      expect(await readFile(join(dir, 'servers.csv'), 'utf8')).not.toBe(text);
      await rehash(dir, 'servers.csv');
    });
    // The signature, and the CSV decoded and compared with the JSONL row by row: file, row and field.
    expect(report.differences).toEqual([SIGNATURE_BROKEN, { file: 'servers.csv', row: 1, field: 'name', expected: '"Issue tracker"', found: '"Forged name"' }]);
  });

  it('… an edited utterance in JSONL with the manifest re-hashed', async () => {
    const report = await tampered(evaluationOutcome().releaseId, async (dir) => {
      await editLine(join(dir, 'cases.jsonl'), 0, (r) => (r.utterance = `${r.utterance as string} (forged)`));
      await rehash(dir, 'cases.jsonl');
    });
    // The row against its own case, the trials that repeat the utterance, and the other formats.
    expect(report.differences[0]).toEqual(SIGNATURE_BROKEN);
    expect(report.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ file: 'cases.jsonl', row: 1, field: 'utterance', found: expect.stringContaining('(forged)') }),
        expect.objectContaining({ file: 'trials.jsonl', field: 'utterance', expected: expect.stringContaining('(forged)') }),
        expect.objectContaining({ file: 'cases.csv', row: 1, field: 'utterance' }),
        expect.objectContaining({ file: 'cases.parquet', row: 1, field: 'utterance' }),
      ]),
    );
  });

  it('… an edited Parquet value (the file rewritten by the writer) with the manifest re-hashed', async () => {
    const spec = tablesOf('evaluation').find((t) => t.name === 'metrics')!;
    const report = await tampered(evaluationOutcome().releaseId, async (dir) => {
      const rows = (await hyparquetRows(spec, join(dir, 'metrics.parquet'))) as Record<string, unknown>[];
      rows[0]!.name = 'Forged server';
      await rm(join(dir, 'metrics.parquet'));
      const writer = new TableWriter(dir, spec, ['parquet']);
      await writer.write(rows);
      await writer.close();
      await rehash(dir, 'metrics.parquet');
    });
    expect(report.differences).toEqual([SIGNATURE_BROKEN, { file: 'metrics.parquet', row: 1, field: 'name', expected: '"Issue tracker"', found: '"Forged server"' }]);
  });

  it('refuses a file the manifest does not list, and names a CSV that is not the table', async () => {
    const extra = await tampered(outcomes[0]!.releaseId, (dir) => writeFile(join(dir, 'notes.txt'), 'added'));
    expect(extra.differences).toEqual([{ file: 'notes.txt', row: null, field: 'file', expected: 'absent (not listed in the manifest)', found: 'present' }]);
    const header = await tampered(outcomes[0]!.releaseId, async (dir) => {
      const text = await readFile(join(dir, 'tools.csv'), 'utf8');
      await writeFile(join(dir, 'tools.csv'), text.replace(/^serverId,/, 'server,'));
      await rehash(dir, 'tools.csv');
    });
    expect(header.differences).toEqual([SIGNATURE_BROKEN, expect.objectContaining({ file: 'tools.csv', row: 1, field: '(file)', found: expect.stringMatching(/^the header is server,/) })]);
  });

  it('refuses an unsigned release and one signed by a key that is not the instance’s', async () => {
    const unsigned = await tampered(outcomes[0]!.releaseId, (dir) => rm(join(dir, 'manifest.json.sig')));
    expect(unsigned.differences).toEqual([expect.objectContaining({ file: 'manifest.json.sig', field: 'signature', found: 'no manifest.json.sig: the release is unsigned' })]);
    const other = signingKeyFrom(generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const resigned = await tampered(outcomes[0]!.releaseId, async (dir) => writeFile(join(dir, 'manifest.json.sig'), signatureFile(await readFile(join(dir, 'manifest.json')), other)));
    expect(resigned.differences).toEqual([expect.objectContaining({ field: 'signature', found: expect.stringContaining(`signed by key ${other.keyId}, which is not among the keys given`) })]);
  });

  it('recomputes the metrics from the trials: a flipped verdict shows in selectionAcc and the validity table', async () => {
    const report = await tampered(evaluationOutcome().releaseId, async (dir) => {
      const lines = (await readFile(join(dir, 'trials.jsonl'), 'utf8')).split('\n');
      const i = lines.findIndex((l) => l !== '' && (JSON.parse(l) as { verdict: { scored: boolean; selected: boolean | null } }).verdict.selected === true);
      await editLine(join(dir, 'trials.jsonl'), i, (r) => ((r.verdict as { selected: boolean }).selected = false));
    });
    const fields = report.differences.map((d) => `${d.file}:${d.field}`);
    expect(fields).toEqual(expect.arrayContaining(['metrics.jsonl:metrics.selectionAcc.numerator', 'metrics.jsonl:selectionAccNumerator', 'trials.jsonl:sha256']));
  });
});

describe("a setting's first release", () => {
  it('was queued once when its public runs settled, and is not for a private server or a setting with a release', async () => {
    const evaluation = outcomes.find((o) => o.kind === 'evaluation')!;
    const jobs = await seeded.s.t.sql<{ data: { reason: string; kind?: string; keys?: string[] } }[]>`SELECT data FROM pgboss.job WHERE name = 'build-release'`;
    expect(jobs.map((j) => j.data).filter((d) => d.reason === 'first-release')).toEqual([{ reason: 'first-release', kind: 'evaluation', keys: [evaluation.key] }]);
    const runOf = async (serverId: string) => (await seeded.s.t.sql<{ id: string }[]>`SELECT r.id FROM model_runs r JOIN evaluations e ON e.id = r.evaluation_id WHERE e.server_id = ${serverId}`)[0]!.id;
    const sender = bossSender(seeded.s.boss);
    expect(await queueFirstRelease(seeded.s.t.db, sender, await runOf(seeded.privateId))).toBeNull();
    expect(await queueFirstRelease(seeded.s.t.db, sender, await runOf(seeded.publicIds[0]!))).toBeNull();
  });
});

describe('after an upgrade', () => {
  it('a latest release of an older schema version is replaced by one of the current version, though its rows are the same', async () => {
    const lint = outcomes[0]!;
    await seeded.s.t.sql`UPDATE releases SET manifest = jsonb_set(manifest, '{schemaVersion}', '1') WHERE release_id = ${lint.releaseId}`;
    const again = await buildReleases({ ...deps, now: () => new Date('2026-12-03T00:00:00Z') }, 'lint');
    // The first version's release is rebuilt; every other published version's is unchanged.
    expect(again.map((o) => o.status)).toEqual(outcomes.filter((o) => o.kind === 'lint').map((_, k) => (k === 0 ? 'published' : 'unchanged')));
    expect(again[0]!.releaseId).not.toBe(lint.releaseId);
    expect((await manifestOf(again[0]!.releaseId)).schemaVersion).toBe(3);
  });

  it('an evaluation release of schema version 2 (every run ranked, no standing columns) still verifies as it was written', async () => {
    const id = outcomes.find((o) => o.kind === 'evaluation')!.releaseId;
    const dir = await mkdtemp(join(tmpdir(), 'toolmark-datasets-v2-'));
    try {
      await cp(join(root, id), dir, { recursive: true });
      const m = await manifestOf(id);
      const rows = (await jsonlRows(join(dir, 'metrics.jsonl'))) as Record<string, unknown>[];
      const v2 = rows.map(({ standing: _s, reason: _r, answeredTrials: _a, plannedTrials: _p, latestVersionId: _l, ...rest }) => rest);
      for (const f of ['jsonl', 'csv', 'parquet']) await rm(join(dir, `metrics.${f}`));
      const writer = new TableWriter(dir, tableOf('evaluation', 'metrics', 2), undefined, { csvBom: m.csv?.bom ?? false });
      await writer.write(v2);
      await writer.close();
      m.schemaVersion = 2;
      delete m.standings;
      for (const f of m.files) Object.assign(f, await fileFacts(join(dir, f.path)));
      await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(m, null, 2)}\n`);
      await writeFile(join(dir, 'manifest.json.sig'), signatureFile(await readFile(join(dir, 'manifest.json')), TEST_SIGNER));
      expect((await verifyFolder(dir, TEST_KEYS)).differences).toEqual([]);
      // The same rows claimed as version 3 lack the standing columns: named, not read as ranked.
      const claimed = { ...m, schemaVersion: 3 as const, standings: { minAnsweredShare: 0.95, ranked: 3, incomplete: 0, olderVersion: 0 } };
      await writeFile(join(dir, 'manifest.json'), `${JSON.stringify(claimed, null, 2)}\n`);
      await writeFile(join(dir, 'manifest.json.sig'), signatureFile(await readFile(join(dir, 'manifest.json')), TEST_SIGNER));
      const fields = (await verifyFolder(dir, TEST_KEYS)).differences.map((d) => `${d.file}:${d.row} ${d.field}`);
      expect(fields).toEqual(expect.arrayContaining(['metrics.jsonl:1 standing']));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
