// One JSON log line per request, API and site pages alike (Fastify's own "incoming request" /
// "request completed" pair is off), with method, URL, status and time; keys stay redacted.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { siteMount } from '../../src/site.js';
import { bearer, startTestApp, type TestApp } from './helpers.js';

let h: TestApp;
beforeAll(async () => {
  h = await startTestApp();
});
afterAll(async () => h?.close());

describe('request logging', () => {
  it('writes exactly one line per request, for API routes and for pages handed to the site', async () => {
    const lines: Record<string, unknown>[] = [];
    const raw: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) {
          raw.push(line);
          lines.push(JSON.parse(line) as Record<string, unknown>);
        }
        done();
      },
    });
    const dir = mkdtempSync(join(tmpdir(), 'toolmark-log-'));
    const handlerPath = join(dir, 'handler.js');
    writeFileSync(handlerPath, `export const handler = (req, res) => { res.writeHead(200, { 'content-type': 'text/html' }); res.end('<p>page</p>'); };`);
    const config = loadConfig({ TOOLMARK_LOG_LEVEL: 'info', PORT: '0' });
    // Without a deprecation warning on every start (Fastify's disableRequestLogging option is one).
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => warnings.push(`${w.code ?? w.name}: ${w.message}`);
    process.on('warning', onWarning);
    const app = await buildApp({ database: h.t, jobs: { send: async () => 'job' }, config, logger: createLogger(config, 'toolmark', sink), site: siteMount({ config, stateDir: dir, log: { error: () => undefined } as never, handlerPath }) });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      await new Promise((r) => setImmediate(r));
      process.off('warning', onWarning);
      expect(warnings.filter((w) => w.startsWith('FSTDEP'))).toEqual([]);
      lines.length = 0;
      raw.length = 0;
      expect((await fetch(`${address}/v1/me`, { headers: bearer(h.keys.ci) })).status).toBe(200);
      expect((await fetch(`${address}/v1/servers/Not_A_Slug`)).status).toBe(400);
      expect((await fetch(`${address}/findings?x=1`)).status).toBe(200);
      await new Promise((r) => setTimeout(r, 50));
      const requests = lines.filter((l) => l.req !== undefined || String(l.msg).includes('request'));
      expect(requests.map((l) => l.msg)).toEqual(['request completed', 'request completed', 'request completed']);
      expect(requests.map((l) => [(l.req as { method: string; url: string }).url, (l.res as { statusCode: number }).statusCode])).toEqual([
        ['/v1/me', 200],
        ['/v1/servers/Not_A_Slug', 400],
        ['/findings?x=1', 200],
      ]);
      for (const l of requests) expect(typeof l.responseTime).toBe('number');
      // Each key once per line (JSON.parse keeps the last of a repeated key, so count in the raw text).
      const completed = raw.filter((l) => l.includes('"request completed"'));
      expect(completed).toHaveLength(3);
      for (const l of completed) expect(l.match(/"reqId":/g), l).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toContain(h.keys.ci);
    } finally {
      await app.close();
    }
  });
});
