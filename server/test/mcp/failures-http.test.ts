// The failure knowledge base over the service's /mcp endpoint, driven by the official SDK client against
// the real app on 127.0.0.1:0: agent keys post and query, other purposes and anonymous calls are refused
// inside the tool result in the uniform error shape, argument sizes are refused naming the argument,
// duplicates and the 3-organisation rule hold end to end, and a hostile utterance arrives as sent.
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAILURE_LIMITS, LATEST_RULES, lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { bearer } from '../api/helpers.js';
import { kbWorld, type KbWorld } from './failure-kb.js';

let w: KbWorld;
let base: URL;
beforeAll(async () => {
  w = await kbWorld();
  await w.h.app.listen({ port: 0, host: '127.0.0.1' });
  base = new URL(`http://127.0.0.1:${(w.h.app.server.address() as AddressInfo).port}/mcp`);
});
afterAll(async () => w?.h.close());

async function call(key: string | undefined, name: string, args: Record<string, unknown>) {
  const client = new Client({ name: 'toolmark-kb-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(base, key ? { requestInit: { headers: bearer(key) } } : {}));
  try {
    const res = await client.callTool({ name, arguments: args });
    return { isError: res.isError === true, body: JSON.parse((res.content as { text: string }[])[0]!.text) as Record<string, unknown> };
  } finally {
    await client.close();
  }
}
const wrongTool = { server: 'notes', toolCalled: 'search_notes', expectedTool: 'find_notes', kind: 'wrong_tool', model: 'openai/gpt-6.1-sol' };

describe('the failure knowledge base over /mcp', () => {
  it('lists report_failure and query_failures to an agent key, and not to an anonymous caller (who cannot call them)', async () => {
    const anonymous = new Client({ name: 'toolmark-kb-test', version: '1.0.0' });
    await anonymous.connect(new StreamableHTTPClientTransport(base));
    const open = (await anonymous.listTools()).tools.map((t) => t.name);
    await anonymous.close();
    for (const name of ['report_failure', 'query_failures']) expect(open).not.toContain(name);
    const client = new Client({ name: 'toolmark-kb-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(base, { requestInit: { headers: bearer(w.h.keys.agent) } }));
    const listed = (await client.listTools()).tools;
    await client.close();
    expect(listed.map((t) => t.name)).toEqual(expect.arrayContaining(['report_failure', 'query_failures']));
    const report = listed.find((t) => t.name === 'report_failure')!;
    expect(report.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(Object.keys(report.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['server', 'surfaceHash', 'toolCalled', 'expectedTool', 'kind', 'model', 'utterance']));
  });

  it(`toolmark scores the two tools sunny under ${LATEST_RULES}, with no finding above minor about them`, async () => {
    const client = new Client({ name: 'toolmark-kb-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(base, { requestInit: { headers: bearer(w.h.keys.agent) } }));
    const listed = (await client.listTools()).tools;
    await client.close();
    const result = await lintSurface(parseSurfaceValue({ tools: listed }), LATEST_RULES);
    const ours = ['report_failure', 'query_failures'];
    for (const t of result.tools.filter((r) => ours.includes(r.name))) {
      console.log(`${t.name}: ${t.score} ${t.band}, ${t.tokens} tokens; ${t.findings.map((f) => `${f.severity} ${f.code}`).join(', ') || 'no findings'}`);
      expect(t.band, t.name).toBe('sunny');
      expect(t.findings.filter((f) => f.severity !== 'minor').map((f) => f.code), t.name).toEqual([]);
    }
    const aboutUs = result.findings.filter((f) => f.severity !== 'minor' && JSON.stringify(f.data).match(/report_failure|query_failures/));
    expect(aboutUs.map((f) => f.message)).toEqual([]);
  });

  it('only agent keys post and query: admin, ci and script keys get wrong_purpose, no key unauthorized, inside the tool result', async () => {
    for (const purpose of ['admin', 'ci', 'script'] as const) {
      for (const [tool, args] of [['report_failure', wrongTool], ['query_failures', { server: 'notes' }]] as const) {
        const res = await call(w.h.keys[purpose], tool, args);
        expect(res, `${purpose} ${tool}`).toMatchObject({ isError: true, body: { error: { code: 'wrong_purpose', detail: { purpose } } } });
      }
    }
    expect(await call(undefined, 'report_failure', wrongTool)).toMatchObject({ isError: true, body: { error: { code: 'unauthorized' } } });
    const rest = await w.h.app.inject({ method: 'GET', url: '/v1/me', headers: bearer(w.h.keys.agent) });
    expect(rest.statusCode).toBe(403);
  });

  it('sizes are refused naming the argument; a second identical report is a duplicate; three organisations make it public', async () => {
    const long = await call(w.orgs[1]!.agent, 'report_failure', { ...wrongTool, utterance: 'x'.repeat(FAILURE_LIMITS.utterance + 1) });
    expect(long).toMatchObject({ isError: true, body: { error: { code: 'invalid_arguments', detail: { path: 'arguments.utterance' } } } });
    const first = await call(w.orgs[1]!.agent, 'report_failure', wrongTool);
    expect(first).toMatchObject({ isError: false, body: { status: 'stored' } });
    expect(await call(w.orgs[1]!.agent, 'report_failure', wrongTool)).toMatchObject({ body: { status: 'duplicate', reportId: first.body.reportId } });
    await call(w.orgs[2]!.agent, 'report_failure', wrongTool);
    expect((await call(w.orgs[3]!.agent, 'query_failures', { server: 'notes' })).body).toMatchObject({ confusions: [], belowThreshold: 1 });
    await call(w.orgs[3]!.agent, 'report_failure', wrongTool);
    const known = (await call(w.orgs[3]!.agent, 'query_failures', { server: 'notes', tool: 'find_notes' })).body;
    expect(known.confusions).toMatchObject([{ toolCalled: 'search_notes', expectedTool: 'find_notes', reports: 3, organisations: 3, public: true, predicted: true }]);
    expect((known.confusions as { explanations: { code: string }[] }[])[0]!.explanations.some((e) => e.code === 'confusable_pair')).toBe(true);
  });

  it('a hostile utterance arrives as sent, for the server\'s organisation only', async () => {
    const hostile = '<script>alert(1)</script>\u202Eevil <img src=x onerror=alert(2)>';
    const res = await call(w.orgs[2]!.agent, 'report_failure', { server: 'notes', toolCalled: null, expectedTool: 'find_notes', kind: 'no_call_when_one_fitted', model: 'm', utterance: hostile });
    expect(res.body).toMatchObject({ status: 'stored', utteranceStored: true });
    const own = await w.h.app.inject({ method: 'GET', url: `/v1/servers/${w.server.id}/failures`, headers: bearer(w.h.keys.admin) });
    expect(own.json().own.utterances.map((u: { utterance: string }) => u.utterance)).toContain(hostile);
    const other = await w.h.app.inject({ method: 'GET', url: `/v1/servers/${w.server.id}/failures`, headers: bearer(w.orgs[2]!.admin) });
    expect(other.json().own).toBeNull();
  });
});
