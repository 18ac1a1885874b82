// toolmark scores its own MCP surface: the tools/list of each transport, read through the official SDK
// client (so exactly what an agent sees; /mcp with an agent key, which lists every tool), must be sunny
// under the latest rules with no finding above minor, and every tool sunny too. The linter's token counts
// and the tokens of tools/list on the wire (anonymous and with a key) are printed here in the README's
// words, and the README must hold exactly them: paste the printed lines when a tool or the rules change.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_RULES, lintSurface, loadTokenCounter, parseSurfaceValue, type LintResult } from '@toolmark/benchmarks';
import { bearer, startTestApp, type TestApp } from '../api/helpers.js';
import { CLI } from '../helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => h?.close());

async function listed(transport: 'stdio' | 'http' | 'http-anonymous'): Promise<unknown[]> {
  const client = new Client({ name: 'toolmark-self-lint', version: '1.0.0' });
  const url = new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`);
  await client.connect(
    transport === 'stdio'
      ? new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { PATH: process.env.PATH ?? '' }, stderr: 'ignore' })
      : new StreamableHTTPClientTransport(url, transport === 'http' ? { requestInit: { headers: bearer(h.keys.agent) } } : {}),
  );
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

const aboveMinor = (r: LintResult) => [...r.findings, ...r.tools.flatMap((t) => t.findings)].filter((f) => f.severity !== 'minor').map((f) => `${f.tool ?? '(server)'}: ${f.code}: ${f.message}`);

const readme = () => readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
const spaced = (n: number) => n.toLocaleString('en').replace(/,/g, ' ');

describe(`toolmark's own tools/list under ${LATEST_RULES}`, () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`${transport}: sunny, every tool sunny, nothing above minor`, async () => {
      const result = await lintSurface(parseSurfaceValue({ tools: await listed(transport) }), LATEST_RULES);
      const where = transport === 'stdio' ? 'stdio' : '`/mcp`';
      const totals = `${where} ${result.tools.length} tools, mean ${result.score} ☀ sunny, **${spaced(result.tokens.total)} tokens**`;
      // What to paste into the README's table (the last column) and under it.
      console.log(`toolmark mcp (${transport}, ${result.tokens.tokenizer}): ${totals}\n${result.tools.map((t) => `  | \`${t.name}\` | … | ${t.tokens} | (score ${t.score})`).join('\n')}`);
      expect(result.band).toBe('sunny');
      expect(result.tools.filter((t) => t.band !== 'sunny').map((t) => `${t.name} ${t.score}`)).toEqual([]);
      expect(aboveMinor(result)).toEqual([]);
      // The root README's tools table shows each tool's token cost, the rules version and the totals: they
      // must be these. On a mismatch the message gives the exact text to paste into README.md.
      const text = readme();
      const rules = `(\`server/test/mcp/self-lint.test.ts\`, rules ${LATEST_RULES}, ${result.tokens.tokenizer} tokens)`;
      const paste = [
        ...result.tools
          .filter((t) => !new RegExp(`^\\| \`${t.name}\` \\|.*\\| ${t.tokens} \\|$`, 'm').test(text))
          .map((t) => `the row of \`${t.name}\` must end with "| ${t.tokens} |"`),
        ...(text.includes(totals) ? [] : [`the ${transport} totals line must start: ${totals}`]),
        ...(text.includes(rules) ? [] : [`the sentence above the totals must name: ${rules}`]),
      ];
      expect(paste, 'README.md, "toolmark as an MCP server", is not this run\'s: paste').toEqual([]);
    });
  }

  it('the tokens of tools/list on the wire (the JSON result an agent\'s context receives), anonymous and with a key, are the README\'s', async () => {
    const counter = await loadTokenCounter();
    const wire = async (transport: 'stdio' | 'http' | 'http-anonymous') => {
      const tools = await listed(transport);
      return { tools: tools.length, tokens: counter.count(JSON.stringify({ tools })) };
    };
    const [stdio, anonymous, agent] = [await wire('stdio'), await wire('http-anonymous'), await wire('http')];
    const line = `\`tools/list\` on the wire (${counter.id}): stdio ${stdio.tools} tools **${spaced(stdio.tokens)} tokens**; \`/mcp\` anonymous ${anonymous.tools} tools **${spaced(anonymous.tokens)} tokens**, with an agent key ${agent.tools} tools **${spaced(agent.tokens)} tokens**`;
    console.log(`README: ${line}`);
    expect(anonymous.tools).toBeLessThan(agent.tools);
    expect(readme()).toContain(line);
  });
});
