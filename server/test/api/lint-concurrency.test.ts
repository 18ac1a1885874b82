// Many CI clients saving to ONE server at once (issue 10 §2): a CI matrix saving the same tools while pushes
// save changed ones. Every path of a save (repeated tools in one statement, new tools in one statement, the
// full transaction, credits) meets the others on the server row, the usage row and the board; none may
// answer anything but 200, and the version sequence must stay whole.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantCredits, schema } from '@toolmark/db';
import { forceSaveDeadlocks } from '@toolmark/db/testing';
import { bearer, startTestApp, tool, type TestApp, registerUpload } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp({ TOOLMARK_SAVES_POOL: '8' });
  // 16 clients × many rounds from one key: the per-key rate limit is not what this test is about. Eight
  // connections per save pool (default 2), so more saves meet inside PostgreSQL at once.
  await h.t.db.update(schema.organisations).set({ rateLimitPerMinute: 1_000_000 });
});
afterAll(async () => h?.close());

const register = (slug: string): Promise<string> => registerUpload(h, slug);

interface Answer {
  status: number;
  label: string;
  code?: string;
  version?: { id: string; seq: number; created: boolean; surfaceHash: string };
  surfaceHash?: string;
}

/**
 * `clients` clients, each saving `rounds` times in a row without waiting for the others: in round k a client
 * saves the CI matrix's unchanged tools or round k's pushed tools, by turns (so the server's latest version
 * flips between them and every save path runs against every other).
 */
async function hammer(serverId: string, clients: number, rounds: number, prefix: string, pathOf: (client: number) => string = () => serverId): Promise<Answer[]> {
  const same = JSON.stringify({ tools: [tool('search_notes', 'Search the notes by keyword. Returns matching note titles.'), tool('get_note', 'Read one note by id.')] });
  const pushed = (k: number) =>
    JSON.stringify({ tools: [tool('search_notes', `Search the notes by keyword (push ${prefix}-${k}). Returns matching note titles.`), tool('get_note', 'Read one note by id.')] });
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      for (let k = 0; k < rounds; k++) {
        const label = `${prefix}-c${c}-r${k}`;
        const res = await h.app.inject({
          method: 'POST',
          url: `/v1/servers/${pathOf(c)}/lint?label=${label}`,
          headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' },
          payload: (c + k) % 2 === 0 ? same : pushed(k),
        });
        const body = res.json();
        answers.push(
          res.statusCode === 200
            ? { status: 200, label, version: body.version, surfaceHash: body.surface.hash }
            : { status: res.statusCode, label, code: body.error?.code },
        );
      }
    }),
  );
  return answers;
}

/** Everything a burst of saves must leave behind: a whole sequence, one version per change, one save and one unit per 200. */
async function expectConsistent(serverId: string, answers: Answer[], unitsBefore: number): Promise<void> {
  const failed = answers.filter((a) => a.status !== 200);
  expect(failed.map((a) => `${a.status} ${a.code}`), 'answers other than 200').toEqual([]);

  const versions = await h.t.sql<{ id: string; seq: number; surface_hash: string; results: number }[]>`
    SELECT v.id, v.seq, v.surface_hash, (SELECT count(*)::int FROM lint_results lr WHERE lr.server_version_id = v.id) AS results
    FROM server_versions v WHERE v.server_id = ${serverId} ORDER BY v.seq`;
  // seq 1..n without a gap.
  expect(versions.map((v) => v.seq)).toEqual(Array.from({ length: versions.length }, (_, i) => i + 1));
  // A version is added only when the tools differ from the latest: no two neighbours share a surface.
  for (let i = 1; i < versions.length; i++) expect(versions[i]!.surface_hash, `seq ${versions[i]!.seq}`).not.toBe(versions[i - 1]!.surface_hash);
  // Every version after the upload is one save's answer with created: true, once; each has one result.
  const created = answers.filter((a) => a.version!.created).map((a) => a.version!.id);
  expect(new Set(created).size).toBe(created.length);
  expect(created.sort()).toEqual(versions.slice(1).map((v) => v.id).sort());
  expect(versions.slice(1).every((v) => v.results === 1)).toBe(true);
  // Every answer names a stored version of the tools it sent.
  const byId = new Map(versions.map((v) => [v.id, v]));
  for (const a of answers) expect(byId.get(a.version!.id)?.surface_hash, a.label).toBe(a.surfaceHash);

  // One save row per 200, on the version its answer named; the latest pointer and the board on the last version.
  const saves = await h.t.sql<{ label: string; server_version_id: string }[]>`SELECT label, server_version_id FROM lint_saves WHERE server_id = ${serverId}`;
  expect(saves.map((s) => `${s.label} ${s.server_version_id}`).sort()).toEqual(answers.map((a) => `${a.label} ${a.version!.id}`).sort());
  const [latest] = await h.t.sql<{ seq: number; board: number }[]>`
    SELECT v.seq, (SELECT b.version_seq FROM board_entries b WHERE b.server_id = s.id) AS board
    FROM servers s JOIN server_versions v ON v.id = s.latest_version_id WHERE s.id = ${serverId}`;
  expect(latest).toEqual({ seq: versions.length, board: versions.length });

  // Charged exactly once per 200: allowance units plus credit units.
  expect((await unitsSpent()) - unitsBefore).toBe(answers.length);
}

async function unitsSpent(): Promise<number> {
  const [row] = await h.t.sql<{ units: number }[]>`SELECT COALESCE(sum(units + credit_units), 0)::int AS units FROM usage`;
  return row!.units;
}

describe('concurrent saves to one server', () => {
  it('16 clients saving the same and changed tools by turns: only 200s, a gap-free sequence, one charge per save', async () => {
    const id = await register('busy-server');
    const before = await unitsSpent();
    const answers = await hammer(id, 16, 12, 'quota');
    expect(answers).toHaveLength(16 * 12);
    await expectConsistent(id, answers, before);
  });

  it('the same with half the clients naming the server by its slug: one server, the same guarantees', async () => {
    const id = await register('busy-slug');
    const before = await unitsSpent();
    const answers = await hammer(id, 16, 8, 'slug', (c) => (c % 2 === 0 ? 'busy-slug' : id));
    expect(answers).toHaveLength(16 * 8);
    await expectConsistent(id, answers, before);
  });

  it('the same with the allowance used up, so every save is paid from credits by the full transaction', async () => {
    const id = await register('busy-credits');
    await h.t.db.update(schema.organisations).set({ monthlyUnitsCi: 0 });
    await grantCredits(h.t.db, { organisationId: h.orgId, amount: 100, reason: 'first', expiresAt: new Date(Date.now() + 86_400_000) });
    await grantCredits(h.t.db, { organisationId: h.orgId, amount: 100, reason: 'second', expiresAt: new Date(Date.now() + 2 * 86_400_000) });
    const before = await unitsSpent();
    const answers = await hammer(id, 16, 6, 'credits');
    await expectConsistent(id, answers, before);
  });
});

describe('a save PostgreSQL aborts for a deadlock', () => {
  it('is run once more inside the server (200, stored once); lost twice it is 503 busy with Retry-After and nothing is kept', async () => {
    const id = await register('deadlocked');
    // No allowance, credits instead: only the full transaction takes locks (see forceSaveDeadlocks).
    await h.t.db.update(schema.organisations).set({ monthlyUnitsCi: 0 });
    await grantCredits(h.t.db, { organisationId: h.orgId, amount: 10, reason: 'deadlocks', expiresAt: new Date(Date.now() + 86_400_000) });
    // Light-my-request sends a request only once it is awaited: Promise.resolve starts it now.
    const post = (description: string, label: string) =>
      Promise.resolve(
        h.app.inject({
          method: 'POST',
          url: `/v1/servers/${id}/lint?label=${label}`,
          headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' },
          payload: JSON.stringify({ tools: [tool('find_notes', description)] }),
        }),
      );
    const stored = async () => {
      const [row] = await h.t.sql<{ versions: number; saves: number; units: number }[]>`
        SELECT (SELECT count(*)::int FROM server_versions WHERE server_id = ${id}) AS versions,
               (SELECT count(*)::int FROM lint_saves WHERE server_id = ${id}) AS saves,
               (SELECT COALESCE(sum(units + credit_units), 0)::int FROM usage) AS units`;
      return row!;
    };
    expect((await post('Finds notes.', 'first')).statusCode).toBe(200); // the organisation's usage row now exists

    const before = await stored();
    const twice = await forceSaveDeadlocks(h.t.url, { serverId: id, organisationId: h.orgId }, 2);
    const lost = post('Finds notes by keyword.', 'lost');
    await twice.play();
    const busy = await lost;
    expect(busy.statusCode, busy.body).toBe(503);
    expect(busy.headers['retry-after']).toBe('1');
    expect(busy.json()).toEqual({ error: { code: 'busy', message: expect.stringContaining('try again'), detail: { retryAfterSeconds: 1 } } });
    expect(await stored()).toEqual(before);

    const once = await forceSaveDeadlocks(h.t.url, { serverId: id, organisationId: h.orgId }, 1);
    const retried = post('Finds notes by keyword.', 'retried');
    await once.play();
    const saved = await retried;
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().version).toMatchObject({ seq: 3, label: 'retried', created: true });
    expect(await stored()).toEqual({ versions: before.versions + 1, saves: before.saves + 1, units: before.units + 1 });
  });
});
