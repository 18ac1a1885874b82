// register.ts on its own: `needs: 'agent-key'` is enforced for http calls (no key 401-like `unauthorized`,
// another purpose `wrong_purpose`) and such a tool is listed only to an agent key, every listed tool has its
// outputSchema and a result its structuredContent (a refusal none), an unknown tool is a JSON-RPC error, and
// an unexpected failure is `internal_error` without its message (logged instead).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callTool, createMcpServer, INSTRUCTIONS, MAX_RESULT_BYTES } from './register.js';
import { defineTool, type McpContext } from './tool.js';

const logged: unknown[] = [];
const log = { info: () => undefined, warn: () => undefined, error: (obj: object) => void logged.push(obj) };
const echo = defineTool({
  name: 'echo_note',
  title: 'Echo a note',
  description: 'Echo the note back.',
  inputSchema: { note: z.string().max(10) },
  outputSchema: z.object({ note: z.string() }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  needs: 'agent-key',
  async run(_ctx, args) {
    if (args.note === 'boom') throw new Error('secret connection string postgres://x');
    return { data: { note: args.note } };
  },
});
const ctx = (auth: McpContext['auth']): McpContext => ({ transport: 'http', auth, log, signal: new AbortController().signal });
const parse = (r: Awaited<ReturnType<typeof callTool>>) => ({ isError: r.isError === true, body: JSON.parse((r.content[0] as { text: string }).text) });

describe('register', () => {
  it('needs agent-key: anonymous is unauthorized, a ci key wrong_purpose, an agent key runs', async () => {
    expect(parse(await callTool(echo, { note: 'hi' }, ctx(null)))).toMatchObject({ isError: true, body: { error: { code: 'unauthorized' } } });
    expect(parse(await callTool(echo, { note: 'hi' }, ctx({ orgId: 'o', keyId: 'k', purpose: 'ci' })))).toMatchObject({ isError: true, body: { error: { code: 'wrong_purpose', detail: { purpose: 'ci', allowed: ['agent'] } } } });
    expect(parse(await callTool(echo, { note: 'hi' }, ctx({ orgId: 'o', keyId: 'k', purpose: 'agent' })))).toEqual({ isError: false, body: { note: 'hi' } });
  });

  it('arguments are checked with the def\'s shape, naming the argument; unexpected failures hide their message', async () => {
    const agent = ctx({ orgId: 'o', keyId: 'k', purpose: 'agent' });
    expect(parse(await callTool(echo, { note: 'x'.repeat(11) }, agent)).body.error).toMatchObject({ code: 'invalid_arguments', detail: { path: 'arguments.note' } });
    const boom = parse(await callTool(echo, { note: 'boom' }, agent));
    expect(boom.body.error.code).toBe('internal_error');
    expect(JSON.stringify(boom)).not.toContain('postgres');
    expect(logged).toHaveLength(1);
  });

  it('over http a needs-agent-key tool is listed only to an agent key (anonymous and other keys cannot call it); stdio lists it; an unknown tool is a JSON-RPC error', async () => {
    const cases = [
      { transport: 'http', auth: null, listed: [] },
      { transport: 'http', auth: { orgId: 'o', keyId: 'k', purpose: 'ci' }, listed: [] },
      { transport: 'http', auth: { orgId: 'o', keyId: 'k', purpose: 'agent' }, listed: ['echo_note'] },
      { transport: 'stdio', auth: null, listed: ['echo_note'] },
    ] as const;
    for (const c of cases) {
      const server = createMcpServer({ transport: c.transport, auth: c.auth, log }, [echo]);
      const [a, b] = InMemoryTransport.createLinkedPair();
      await server.connect(a);
      const client = new Client({ name: 't', version: '1' });
      await client.connect(b);
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name), JSON.stringify(c)).toEqual([...c.listed]);
      // Each transport's instructions name its own tools only (stdio: no find_servers; http: no run_evaluation).
      expect(client.getInstructions()).toBe(INSTRUCTIONS[c.transport]);
      expect(client.getInstructions()).not.toMatch(c.transport === 'http' ? /run_evaluation|estimate_evaluation|diff_results/ : /find_servers|get_server_score|report_failure/);
      if (tools[0]) expect(tools[0].outputSchema).toMatchObject({ type: 'object', properties: { note: { type: 'string' } }, required: ['note'] });
      // Listed or not, the call answers why it is refused (or runs): hiding is about context, not access.
      const called = await client.callTool({ name: 'echo_note', arguments: { note: 'hi' } });
      if (c.listed.length > 0) expect(called).toMatchObject({ structuredContent: { note: 'hi' } });
      else expect(called).toMatchObject({ isError: true });
      if (called.isError) expect(called.structuredContent).toBeUndefined();
      await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/unknown tool "nope"/);
      await client.close();
    }
  });

  it('a result over MAX_RESULT_BYTES is not sent: result_too_large says its size and the limit; one at the limit is', async () => {
    const sized = (chars: number) =>
      defineTool({ ...echo, needs: undefined, inputSchema: {}, async run() { return { data: { text: 'x'.repeat(chars) } }; } });
    const agent = ctx(null);
    // {"text":"…"} is 11 bytes around the string.
    const fits = await callTool(sized(MAX_RESULT_BYTES - 11), {}, agent);
    expect(fits.isError).toBeUndefined();
    expect(Buffer.byteLength((fits.content[0] as { text: string }).text)).toBe(MAX_RESULT_BYTES);
    const over = parse(await callTool(sized(MAX_RESULT_BYTES - 10), {}, agent));
    expect(over).toEqual({
      isError: true,
      body: { error: { code: 'result_too_large', message: expect.stringMatching(/^the result is 1048577 bytes of JSON, over the 1048576-byte limit/), detail: { bytes: MAX_RESULT_BYTES + 1, limit: MAX_RESULT_BYTES } } },
    });
  });
});
