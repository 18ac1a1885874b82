// concurrent-saves — 16 CI clients (4 ci keys) saving lint scores to ONE server at the same moment, round
// after round: a third send the round's new tools (the same new surface: one version must come of it), a
// third the previous round's tools (usually the latest version: a repeated save), a third tools of their
// own (a version each). Checks: no 5xx (the deadlocks of issue 10 were 500s), no hang, and afterwards the
// server's version seq is 1…n without gaps, no two consecutive versions have the same tools, every 200
// answer is stored (its save row, its unit, its version), and nothing is stored for a refused save.
import { must, registerServer, standardFixture, surface } from './fixture.js';
import { codeOf, pool, send, uniformShape, type Answer } from './http.js';
import { scaled, tally, type Context, type Row, type Scenario } from './lib.js';

const CLIENTS = 16;

const scenario: Scenario = {
  id: 'concurrent-saves',
  what: '16 clients save to one server at once, same and changed tools mixed, several rounds; seq gap-free, every 200 stored',
  budgetSeconds: 90,
  async run(ctx: Context, row: Row) {
    const { db, service, keys, p } = await standardFixture(ctx, 'concurrent', {}, { databaseUntouched: true });
    const ciKeys = [keys.ci];
    for (let i = 1; i < 4; i++) ciKeys.push((await must<{ key: string }>(p, 'POST', '/v1/keys', { purpose: 'ci', name: `concurrent ${i}` }, keys.admin)).key);
    const server = await registerServer(p, keys.admin, 'Concurrent saves', surface(5));
    await must(p, 'POST', `/v1/servers/${server.id}/lint`, surface(5), keys.ci);
    const rounds = scaled(ctx, 25, 3);
    const clients = pool(service.url, CLIENTS);
    ctx.defer(() => clients.agent.destroy());
    const counts = async () => {
      const [r] = await db.sql<{ saves: number; units: number; versions: number }[]>`
        SELECT (SELECT count(*)::int FROM lint_saves WHERE server_id = ${server.id}) AS saves,
               (SELECT coalesce(sum(units), 0)::int FROM usage) AS units,
               (SELECT count(*)::int FROM server_versions WHERE server_id = ${server.id}) AS versions`;
      return r!;
    };
    const before = await counts();
    const answers: { a: Answer; kind: string }[] = [];
    for (let r = 1; r <= rounds && service.alive(); r++) {
      const results = await Promise.all(
        Array.from({ length: CLIENTS }, (_, i) => {
          const kind = ['new (shared)', 'previous', 'own'][i % 3]!;
          const tools = i % 3 === 0 ? surface(5, 1_000 + r) : i % 3 === 1 ? (r === 1 ? surface(5) : surface(5, 1_000 + r - 1)) : surface(5, 100_000 + r * 100 + i);
          return send(clients, {
            method: 'POST',
            path: `/v1/servers/${server.id}/lint?label=round-${r}`,
            headers: { authorization: `Bearer ${ciKeys[i % ciKeys.length]}`, 'content-type': 'application/json' },
            body: JSON.stringify(tools),
          }).then((a) => ({ a, kind }));
        }),
      );
      answers.push(...results);
    }
    row.cases = answers.length;
    const fiveXX = answers.filter(({ a }) => a.status >= 500);
    row.fiveXX = fiveXX.length;
    row.wrongShape = answers.filter(({ a }) => a.status >= 400 && !uniformShape(a)).length;
    row.hangs = answers.filter(({ a }) => a.hang).length;
    if (fiveXX.length) row.notes.push(`5xx ${((fiveXX.length / answers.length) * 100).toFixed(1)} %: ${tally(fiveXX.map(({ a, kind }) => `${kind}: ${codeOf(a)}`))}`);
    const stale = answers.filter(({ a }) => a.stale !== undefined).length;
    if (stale) row.failures.push(`the service closed connections after answers that did not say Connection: close ×${stale}`);
    const other = answers.filter(({ a }) => a.status !== 200 && a.status < 500);
    if (other.length) row.notes.push(`other answers: ${tally(other.map(({ a }) => codeOf(a)))}`);
    if (!service.alive()) {
      row.serviceDied = true;
      row.failures.push(`the service exited: ${service.errorLines(1).join('')}`);
    }

    const after = await counts();
    const okAnswers = answers.filter(({ a }) => a.status === 200).map(({ a }) => JSON.parse(a.body) as { version: { id: string; seq: number; created: boolean } });
    const unclear = answers.filter(({ a }) => a.status >= 500 || a.status <= 0).length; // may have committed before failing
    const stored = after.saves - before.saves;
    const lost = Math.max(0, okAnswers.length - stored);
    const phantom = Math.max(0, stored - okAnswers.length - unclear);
    const unitGap = Math.abs(after.units - before.units - stored);
    const versionIds = [...new Set(okAnswers.map((o) => o.version.id))];
    const [present] = await db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM server_versions WHERE id::text IN ${db.sql(versionIds.length ? versionIds : ['00000000-0000-4000-8000-000000000000'])}`;
    const missingVersions = versionIds.length - present!.n;
    const created = okAnswers.filter((o) => o.version.created).length;
    row.rowsLost = lost + phantom + unitGap + missingVersions;
    row.notes.push(`${okAnswers.length} answered 200, ${stored} saves stored, ${after.units - before.units} units, ${after.versions - before.versions} versions added (${created} answers say created)`);
    if (lost) row.notes.push(`${lost} saves answered 200 not stored`);
    if (phantom) row.notes.push(`${phantom} saves stored beyond the answers`);
    if (unitGap) row.notes.push(`units differ from stored saves by ${unitGap}`);
    if (missingVersions) row.notes.push(`${missingVersions} versions named in 200 answers do not exist`);
    // A save without a clear answer (5xx, cut after 5 s) may have added its version.
    const added = after.versions - before.versions;
    if (created > added || added - created > unclear) row.failures.push(`${created} answers say a version was created, ${added} were added (${unclear} saves without a clear answer)`);

    const versions = await db.sql<{ seq: number; surface_hash: string }[]>`SELECT seq, surface_hash FROM server_versions WHERE server_id = ${server.id} ORDER BY seq`;
    const gaps = versions.filter((v, i) => v.seq !== i + 1).length;
    const repeats = versions.filter((v, i) => i > 0 && v.surface_hash === versions[i - 1]!.surface_hash).length;
    if (gaps) row.failures.push(`version seq has gaps (${versions.length} versions, seq ${versions[0]?.seq}…${versions[versions.length - 1]?.seq})`);
    if (repeats) row.failures.push(`${repeats} consecutive versions with the same tools`);
  },
};

export default scenario;
