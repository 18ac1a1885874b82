// toolmark scores its own MCP surface: the tools/list of each transport, read through the official SDK
// client (so exactly what an agent sees), must be sunny under the latest rules with no finding above
// minor, and every tool sunny too. The token cost printed here is the one in the README.
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LATEST_RULES, lintSurface, parseSurfaceValue, type LintResult } from '@toolmark/benchmarks';
import { startTestApp, type TestApp } from '../api/helpers.js';
import { CLI } from '../helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => h?.close());

async function listed(transport: 'stdio' | 'http'): Promise<unknown[]> {
  const client = new Client({ name: 'toolmark-self-lint', version: '1.0.0' });
  await client.connect(
    transport === 'stdio'
      ? new StdioClientTransport({ command: process.execPath, args: [CLI, 'mcp'], env: { PATH: process.env.PATH ?? '' }, stderr: 'ignore' })
      : new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/mcp`)),
  );
  const { tools } = await client.listTools();
  await client.close();
  return tools;
}

const aboveMinor = (r: LintResult) => [...r.findings, ...r.tools.flatMap((t) => t.findings)].filter((f) => f.severity !== 'minor').map((f) => `${f.tool ?? '(server)'}: ${f.code}: ${f.message}`);

describe(`toolmark's own tools/list under ${LATEST_RULES}`, () => {
  for (const transport of ['stdio', 'http'] as const) {
    it(`${transport}: sunny, every tool sunny, nothing above minor`, async () => {
      const result = await lintSurface(parseSurfaceValue({ tools: await listed(transport) }), LATEST_RULES);
      const perTool = result.tools.map((t) => `${t.name} ${t.score} ${t.tokens}`).join(', ');
      console.log(`toolmark mcp (${transport}): ${result.tools.length} tools, mean ${result.score} ${result.band}, ${result.tokens.total} tokens (${result.tokens.tokenizer}); ${perTool}`);
      expect(result.band).toBe('sunny');
      expect(result.tools.filter((t) => t.band !== 'sunny').map((t) => `${t.name} ${t.score}`)).toEqual([]);
      expect(aboveMinor(result)).toEqual([]);
      // The root README's tools table shows each tool's token cost, the rules version and the totals: they
      // must be these. On a mismatch the message gives the exact text to paste into README.md.
      const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
      const total = result.tokens.total.toLocaleString('en').replace(',', ' ');
      const line = `${transport === 'stdio' ? 'stdio' : '`/mcp`'} ${result.tools.length} tools, mean ${result.score} ☀ sunny, **${total} tokens**`;
      const rules = `(\`server/test/mcp/self-lint.test.ts\`, rules ${LATEST_RULES}, ${result.tokens.tokenizer} tokens)`;
      const paste = [
        ...result.tools
          .filter((t) => !new RegExp(`^\\| \`${t.name}\` \\|.*\\| ${t.tokens} \\|$`, 'm').test(readme))
          .map((t) => `the row of \`${t.name}\` must end with "| ${t.tokens} |"`),
        ...(readme.includes(line) ? [] : [`the ${transport} totals line must read: ${line}`]),
        ...(readme.includes(rules) ? [] : [`the sentence above the totals must name: ${rules}`]),
      ];
      expect(paste, 'README.md, "toolmark as an MCP server", is not this run\'s: paste').toEqual([]);
    });
  }
});
