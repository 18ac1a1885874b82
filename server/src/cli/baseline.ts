// `toolmark lint --baseline <file|url>`: read the baseline lint (a file the CLI wrote with --format json,
// or the latest saved lint of a server on an instance) and the gate flags. Loaded only when --baseline is
// given, so a plain lint still starts without zod.
import { LintResultSchema, type LintResult, type GatePolicy, DEFAULT_GATE, type Severity } from '@toolmark/benchmarks';
import { describeUrl } from '../capture/http-target.js';
import { CliError } from './errors.js';
import { readTextFile } from './files.js';
import { parseJsonFile } from './json-file.js';
import { numberOption } from './args.js';

/** Saved lint results are at most a few MiB (200 tools); refuse anything far larger. */
export const MAX_BASELINE_BYTES = 32 * 1024 * 1024;

/** A baseline read: the result, how to name it, and the server's page when it came from an instance. */
export interface Baseline {
  result: LintResult;
  name: string;
  serverUrl?: string;
  instanceUrl?: string;
}

/** The gate flags of `toolmark lint`. */
export interface GateFlags {
  maxDrop?: string;
  failOn: Severity | 'none';
  failOnBandDrop: boolean;
  failOnSecurity: boolean;
}

/** The regression policy from the flags (defaults: see DEFAULT_GATE). */
export function gatePolicy(flags: GateFlags): GatePolicy {
  return {
    maxDrop: numberOption(flags.maxDrop, '--max-drop', { min: 0, max: 100 }) ?? DEFAULT_GATE.maxDrop,
    bandDrop: flags.failOnBandDrop,
    failOn: flags.failOn,
    security: flags.failOnSecurity,
  };
}

/** Parse a baseline's JSON text, naming the file and the first field that is wrong. */
export function parseBaseline(text: string, name: string): LintResult {
  return parseJsonFile(text, name, LintResultSchema, { code: 'baseline_invalid', key: '--baseline', what: 'a toolmark lint result (toolmark lint --format json)' });
}

/** `https://host/servers/<slug>` (the server's page) → the instance, the slug and the API route of its latest lint. */
export function serverPageOf(spec: string): { instance: string; page: string; api: string } | undefined {
  if (!/^https?:\/\//i.test(spec)) return undefined;
  let url: URL;
  try {
    url = new URL(spec);
  } catch {
    throw new CliError('usage', `--baseline is not a valid URL: ${spec}`, { key: '--baseline' });
  }
  const m = /^(.*?)\/(?:v1\/)?servers\/([^/]+)\/?$/.exec(url.pathname);
  if (!m || url.username !== '' || url.password !== '') {
    throw new CliError('usage', `--baseline URL must be a server's page, https://<instance>/servers/<slug>; got ${describeUrl(url)}`, { key: '--baseline' });
  }
  const instance = `${url.origin}${m[1] ?? ''}`;
  const slug = m[2] ?? '';
  return { instance, page: `${instance}/servers/${slug}`, api: `${instance}/v1/servers/${slug}/lint/latest` };
}

/** Read a baseline from a file or from an instance (`TOOLMARK_API_KEY` is sent as a bearer token when set: over https, or plain HTTP to loopback only; redirects are refused). */
export async function loadBaseline(spec: string, env: Readonly<Record<string, string | undefined>>, fetcher: typeof fetch = fetch): Promise<Baseline> {
  const page = serverPageOf(spec);
  if (page === undefined) return { result: parseBaseline(await readTextFile(spec, MAX_BASELINE_BYTES), spec), name: spec };
  const key = env['TOOLMARK_API_KEY'];
  const api = new URL(page.api);
  if (key && api.protocol !== 'https:' && !['127.0.0.1', 'localhost', '[::1]'].includes(api.hostname)) {
    throw new CliError('usage', `TOOLMARK_API_KEY is never sent over plain HTTP to a remote host; use https:// for --baseline (${describeUrl(api)})`, {
      key: '--baseline',
    });
  }
  let response: Response;
  try {
    response = await fetcher(page.api, {
      headers: { accept: 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      redirect: 'error',
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    throw new CliError('baseline_unreachable', `cannot read the baseline from ${page.api}: ${(error as Error).message}`, { where: page.api, key: '--baseline' });
  }
  const text = await response.text();
  if (!response.ok) {
    const why = response.status === 404 ? 'no such server, or it has no saved lint yet' : `HTTP ${response.status}`;
    throw new CliError('baseline_unreachable', `cannot read the baseline from ${page.api}: ${why}`, { where: page.api, key: '--baseline', status: response.status });
  }
  if (text.length > MAX_BASELINE_BYTES) throw new CliError('baseline_invalid', `${page.api} answered more than ${MAX_BASELINE_BYTES} bytes`, { where: page.api });
  return { result: parseBaseline(text, page.api), name: page.page, serverUrl: page.page, instanceUrl: page.instance };
}
