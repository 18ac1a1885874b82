// POST /v1/servers/{id}/lint?baseline=latest — the regression gate beside the save (issue 30), through
// app.inject on a real database, on the CLI gate's fixture surfaces (server/test/fixtures/baseline/: the
// second drops get_issue's description and hides an instruction in search_issues).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareLint, DEFAULT_GATE, regressions, ruleSets, type LintResult, type RuleSetId } from '@toolmark/benchmarks';
import { bearer, registerUpload, startTestApp, type TestApp } from './helpers.js';

const fixture = (name: string): string => readFileSync(new URL(`../fixtures/baseline/${name}`, import.meta.url), 'utf8');
const good = fixture('tools.json');
const regressed = fixture('tools-regressed.json');

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => h?.close());

const register = (slug: string): Promise<string> => registerUpload(h, slug);

const save = (id: string, body: string, query: string) =>
  h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint${query}`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: body });

/** The gate recomputed from the two answers with the core's comparison (what `toolmark lint --baseline` does). */
function expectedRegressions(before: LintResult, after: LintResult) {
  return regressions(compareLint(before, after, ruleSets[after.rules.id as RuleSetId].securityCodes), DEFAULT_GATE);
}

describe('POST /v1/servers/{id}/lint?baseline=latest', () => {
  it('answers the comparison with the latest version before the save, names regressions tool by tool, and still saves', async () => {
    const id = await register('gate-server');
    // The registration's upload was never scored here (its lint job is not run): nothing under these rules to compare with.
    const first = await save(id, good, '?baseline=latest&label=main-1');
    expect(first.statusCode, first.body).toBe(200);
    const a = first.json();
    expect(a.gate).toMatchObject({ baseline: { seq: 1 }, passed: true, regressions: [], comparison: null, policy: DEFAULT_GATE });
    expect(a.gate.reason).toContain(`version 1 has no score under rules ${a.rules.id}`);

    // The same tools again: compared with themselves, nothing changed.
    const same = (await save(id, good, '?baseline=latest')).json();
    expect(same.gate).toMatchObject({ baseline: { id: a.version.id, seq: 2, label: 'main-1' }, reason: null, passed: true, regressions: [] });
    expect(same.gate.comparison).toMatchObject({ delta: 0, tools: [], newFindings: [], fixedFindings: [], unchanged: 2 });

    // The regressed tools: a new version, saved, and the gate fails naming both tools.
    const worse = await save(id, regressed, '?baseline=latest&label=main-2');
    expect(worse.statusCode, worse.body).toBe(200);
    const b = worse.json();
    expect(b.version).toMatchObject({ seq: 3, created: true });
    expect(b.gate.baseline).toEqual({ id: a.version.id, seq: 2, label: 'main-1', surfaceHash: a.surface.hash });
    expect(b.gate.passed).toBe(false);
    expect(b.gate.regressions).toEqual(expectedRegressions(a, b));
    const kinds = b.gate.regressions.map((r: { kind: string; tool?: string }) => `${r.kind}:${r.tool ?? ''}`);
    expect(kinds).toContain('mean-drop:');
    expect(kinds).toContain('band-drop:get_issue');
    expect(kinds).toContain('new-security-finding:search_issues');
    expect(b.gate.comparison.scoreBefore).toBe(a.score);
    expect(b.gate.comparison.scoreAfter).toBe(b.score);
    // Saved either way: the server's latest score is the regressed one.
    const latest = (await h.app.inject({ method: 'GET', url: `/v1/servers/${id}/lint/latest` })).json();
    expect(latest.version).toMatchObject({ id: b.version.id, seq: 3 });
  });

  it('follows the policy in the query: the same regression passes with every tolerance open', async () => {
    const id = await register('gate-policy');
    const a = (await save(id, good, '')).json();
    expect(a.gate).toBeUndefined();
    const lenient = (await save(id, regressed, '?baseline=latest&maxDrop=100&failOn=none&failOnBandDrop=false&failOnSecurity=false')).json();
    expect(lenient.gate.policy).toEqual({ maxDrop: 100, bandDrop: false, failOn: 'none', security: false });
    expect(lenient.gate.passed).toBe(true);
    expect(lenient.gate.regressions).toEqual([]);
    // The comparison is reported whatever the policy.
    expect(lenient.gate.comparison.newFindings.some((f: { security: boolean; finding: { tool?: string } }) => f.security && f.finding.tool === 'search_issues')).toBe(true);
    // Only security counted: the new hidden instruction fails the gate on its own.
    const strict = (await save(id, good, '')).json();
    expect(strict.version.created).toBe(true);
    const security = (await save(id, regressed, '?baseline=latest&maxDrop=100&failOn=none&failOnBandDrop=false')).json();
    const kinds = security.gate.regressions.map((r: { kind: string; tool?: string }) => `${r.kind}:${r.tool ?? ''}`);
    expect(kinds).toContain('new-security-finding:search_issues');
    // Only security findings (of the tool, and the server-wide one it raises): no band, mean or other finding.
    expect(kinds.every((k: string) => k.startsWith('new-security-finding:'))).toBe(true);
  });

  it('refuses gate settings without baseline=latest and bad values, before saving anything', async () => {
    const id = await register('gate-bad');
    const cases: [string, string][] = [
      ['?maxDrop=5', 'querystring.baseline'],
      ['?baseline=previous', 'querystring.baseline'],
      ['?baseline=latest&maxDrop=abc', 'querystring.maxDrop'],
      ['?baseline=latest&maxDrop=101', 'querystring.maxDrop'],
      ['?baseline=latest&failOn=loud', 'querystring.failOn'],
      ['?baseline=latest&failOnSecurity=yes', 'querystring.failOnSecurity'],
    ];
    for (const [query, path] of cases) {
      const res = await save(id, good, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      expect(res.json().error, query).toMatchObject({ code: 'invalid_request', detail: { path } });
    }
    // Nothing was saved: the server still has only its registration's version.
    const detail = (await h.app.inject({ method: 'GET', url: `/v1/servers/${id}` })).json();
    expect(detail.versions.map((v: { seq: number }) => v.seq)).toEqual([1]);
  });
});
