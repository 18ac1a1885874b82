// A save of bytes the service has linted before, when they are not the server's latest tools (a branch
// and main saving in turn): the version is added from what the memo kept — the answer is the one a fresh
// lint gives, and no lint runs again (issue 31: service CPU per save).
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { CpuPool } from '../../src/cpu/pool.js';
import { bearer, startTestApp, tool, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => h?.close());

it('adds the version without linting the same bytes twice, and answers as the first lint did', async () => {
  const a = JSON.stringify({ tools: [tool('find_notes', 'Finds notes by words in their title.')] });
  const b = JSON.stringify({ tools: [tool('find_notes', 'Finds notes by words in their title or body.')] });
  const reg = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.admin), payload: { name: 'Branches', source: { kind: 'upload', tools: { tools: [] } } } });
  const id = reg.json().server.id as string;
  const save = async (body: string) => {
    const res = await h.app.inject({ method: 'POST', url: `/v1/servers/${id}/lint`, headers: { ...bearer(h.keys.ci), 'content-type': 'application/json' }, payload: body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const lints = vi.spyOn((h.app as unknown as { cpu: CpuPool }).cpu, 'run');
  const first = await save(a);
  await save(b);
  expect(lints.mock.calls.map((c) => c[0])).toEqual(['lintText', 'lintText']);
  const again = await save(a);
  expect(lints).toHaveBeenCalledTimes(2);
  expect(again.version).toMatchObject({ seq: 4, created: true, surfaceHash: first.version.surfaceHash });
  const { version: _v1, changes: _c1, ...firstResult } = first;
  const { version: _v3, changes, ...againResult } = again;
  expect(againResult).toEqual(firstResult);
  expect(changes.previous).toMatchObject({ surfaceHash: (await save(b)).version.surfaceHash });
  expect(lints).toHaveBeenCalledTimes(2);
});
