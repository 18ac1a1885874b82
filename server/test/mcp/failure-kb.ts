// A service with a public server of the operator organisation, scored, and three more organisations with
// agent and admin keys: what the knowledge-base tests share. The tools run through their run() on the real
// database (the MCP layer's tests drive the same defs over /mcp).
import { lintSurface, parseSurfaceValue } from '@toolmark/benchmarks';
import { findLiveKey, storeLintResult } from '@toolmark/db';
import { expect } from 'vitest';
import type { McpContext, McpService } from '../../src/mcp/tool.js';
import { bearer, startTestApp, type TestApp } from '../api/helpers.js';

export const NOTES_TOOLS = {
  tools: [
    { name: 'search_notes', description: 'Searches the notes of the workspace by keyword and returns matching notes.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
    { name: 'find_notes', description: 'Searches the notes of the workspace by keyword and returns the matching notes.', inputSchema: { type: 'object', properties: { query: { type: 'string' } } } },
    {
      name: 'delete_note',
      description: 'Deletes one note by id. Use it when the user asks to remove a note; it cannot be undone.',
      inputSchema: { type: 'object', properties: { id: { type: 'string', description: 'Note id, e.g. n_12.' } }, required: ['id'], additionalProperties: false },
      annotations: { destructiveHint: true },
    },
  ],
};

export interface KbWorld {
  h: TestApp;
  server: { id: string; slug: string; surfaceHash: string };
  /** Organisation 0 is the operator (owns the server); 1–3 are others. */
  orgs: { id: string; admin: string; agent: string }[];
  ctx(key: string): Promise<McpContext>;
}

const silent = { info() {}, warn() {}, error() {} };

export async function kbWorld(clock?: () => Date): Promise<KbWorld> {
  const h = await startTestApp({}, clock);
  const res = await h.app.inject({ method: 'POST', url: '/v1/servers', headers: bearer(h.keys.script), payload: { name: 'Notes', slug: 'notes', source: { kind: 'upload', tools: NOTES_TOOLS } } });
  expect(res.statusCode, res.body).toBe(202);
  const { server } = res.json();
  const result = await lintSurface(parseSurfaceValue(NOTES_TOOLS));
  await storeLintResult(h.t.db, server.latestVersionId, result);
  const orgs = [{ id: h.orgId, admin: h.keys.admin, agent: h.keys.agent }];
  for (const slug of ['acme', 'globex', 'initech']) {
    const made = await h.app.inject({ method: 'POST', url: '/v1/organisations', headers: bearer(h.keys.admin), payload: { name: slug, slug } });
    expect(made.statusCode, made.body).toBe(201);
    const agent = await h.app.inject({ method: 'POST', url: '/v1/keys', headers: bearer(made.json().key), payload: { purpose: 'agent', name: 'agent' } });
    orgs.push({ id: made.json().organisation.id, admin: made.json().key, agent: agent.json().key });
  }
  // The knowledge-base tools use the service's database and clock only.
  const service = { db: h.t.db, now: clock ?? (() => new Date()) } as unknown as McpService;
  return {
    h,
    server: { id: server.id, slug: server.slug, surfaceHash: result.surface.hash },
    orgs,
    async ctx(key) {
      const found = await findLiveKey(h.t.db, key);
      if (!found) throw new Error('unknown key');
      return { transport: 'http', auth: { orgId: found.organisationId, keyId: found.id, purpose: found.purpose }, service, log: silent, signal: new AbortController().signal };
    },
  };
}

/** The code of the error a tool's run() stopped on (what the MCP layer puts inside the tool result). */
export async function refusal(p: Promise<unknown>): Promise<{ code: string; message: string; detail: Record<string, unknown> }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code: string; message: string; detail: Record<string, unknown> };
    return { code: err.code, message: err.message, detail: err.detail };
  }
  throw new Error('expected a refusal');
}
