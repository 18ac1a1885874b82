import process from 'node:process';
import { Option, type Command } from 'commander';
import { CliError, EXIT, printError } from './errors.js';
import { emit } from './files.js';
import type { CliIo } from './io.js';
import type { RunComparison } from '../datasets/rerun.js';

interface RerunOptions {
  run?: string;
  provider?: string;
  model?: string;
  baseUrl?: string;
  key?: string;
  concurrency: string;
  requestTimeout: string;
  retries: string;
  format: 'text' | 'json';
  out?: string;
}

/** One comparison as text: a line per run, then a line per differing trial (at most 20 a run). */
function render(results: RunComparison[], release: string): string {
  const lines = [`toolmark rerun ${release}`];
  for (const r of results) {
    const rates = Object.entries(r.rates).map(([k, v]) => `${k} ${v.release} → ${v.rerun}`).join(', ');
    lines.push(`${r.differences.length === 0 ? 'same' : 'DIFF'} run ${r.runId} (server ${r.serverId}) with ${r.provider} ${r.model}: ${r.identical} of ${r.trials} trials identical; ${rates}`);
    for (const d of r.differences.slice(0, 20)) lines.push(`     ${d.caseId}#${d.repeat}  ${d.field}: release ${JSON.stringify(d.release)}, rerun ${JSON.stringify(d.rerun)}`);
    if (r.differences.length > 20) lines.push(`     … ${r.differences.length - 20} more`);
  }
  return `${lines.join('\n')}\n`;
}

async function runRerun(target: string, options: RerunOptions, io: CliIo): Promise<number> {
  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  let cleanup: (() => Promise<void>) | undefined;
  try {
    const { downloadReleaseInputs, readReleaseInputs, rerunRun } = await import('../datasets/rerun.js');
    const { instanceKeys } = await import('../datasets/read-release.js');
    const { keySetFrom } = await import('../datasets/signing.js');
    const { createProvider, isProviderId, MODEL_OPTIONAL, PROVIDER_IDS } = await import('../providers/index.js');
    let keys = undefined;
    if (options.key !== undefined) {
      const { readFile } = await import('node:fs/promises');
      const text = await readFile(options.key, 'utf8').catch(() => {
        throw new CliError('file_not_found', `--key ${options.key}: no such file`, { path: options.key });
      });
      keys = keySetFrom(text);
    }
    let dir = target;
    if (/^https?:\/\//i.test(target)) {
      const url = target.replace(/\/+$/, '');
      keys ??= await instanceKeys(url.replace(/\/v1\/datasets\/[^/]+$/, ''));
      const got = await downloadReleaseInputs(url);
      dir = got.dir;
      cleanup = got.release;
    } else if (keys === undefined) {
      io.stderr.write(`toolmark rerun: warning: the signature of ${target}/manifest.json is not checked (give the instance's key with --key)\n`);
    }
    const inputs = await readReleaseInputs(dir, keys);
    const runs = inputs.runs.filter((r) => options.run === undefined || r.runId === options.run || r.serverId === options.run);
    if (runs.length === 0) throw new CliError('usage', `--run ${options.run}: no run of ${inputs.manifest.id} has that run id or server id (it has ${inputs.runs.length})`, { key: '--run' });
    if (options.provider !== undefined && !isProviderId(options.provider)) throw new CliError('usage', `unknown provider "${options.provider}"; one of: ${PROVIDER_IDS.join(', ')}`, { key: '--provider' });
    const results: RunComparison[] = [];
    for (const run of runs) {
      const providerId = options.provider ?? run.provider;
      if (options.provider !== undefined && options.provider !== run.provider && options.model === undefined && !MODEL_OPTIONAL.has(options.provider as never)) {
        throw new CliError('usage', `--model is required with --provider ${options.provider} (the release's runs used ${run.provider} ${run.model})`, { key: '--model' });
      }
      // The run's own endpoint unless another provider or --base-url is given (keys come from the environment only).
      const baseURL = options.baseUrl ?? (providerId === run.provider && run.endpoint !== null ? run.endpoint : undefined);
      const provider = await createProvider(providerId, { env: io.env, timeoutMs: Number(options.requestTimeout) * 1000, maxRetries: Number(options.retries), ...(baseURL !== undefined ? { baseURL } : {}) });
      if (provider.kind !== 'model') io.stderr.write(`toolmark rerun: answered by the ${provider.label}\n`);
      results.push(await rerunRun(inputs, run, provider, { ...(options.model !== undefined ? { model: options.model } : {}), concurrency: Number(options.concurrency), signal: controller.signal }));
    }
    await emit(options.format === 'json' ? `${JSON.stringify({ release: inputs.manifest.id, runs: results }, null, 2)}\n` : render(results, inputs.manifest.id), options.out, io, 'rerun');
    return results.every((r) => r.differences.length === 0) ? EXIT.ok : EXIT.threshold;
  } catch (error) {
    return printError(io, 'rerun', error);
  } finally {
    process.off('SIGINT', onSigint);
    await cleanup?.();
  }
}

/** Register `toolmark rerun <release>`. */
export function registerRerun(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('rerun')
    .summary("rerun an evaluation release's runs from its files against a provider and compare every trial")
    .description(
      "Rebuild each run of an evaluation release from its own files — the tools exactly as shown (tool_definitions.jsonl, by surface hash), the distractor sets' tools, the system prompt, " +
        'the request settings, the seed and the cases (runs.jsonl, cases.jsonl) — refuse unless they hash to what the run recorded, run it against the run\'s provider ' +
        '(or --provider/--model/--base-url; keys from the environment, as `run`), and compare every trial (tools order, calls, verdict) and the leaderboard rates with the release. ' +
        'The lexical baseline reproduces its release exactly. The target is a release folder or URL (…/v1/datasets/<id>).',
    )
    .argument('<release>', 'an evaluation release folder or URL')
    .option('--run <id>', 'only this run (its run id or server id)')
    .option('--provider <id>', "answer with this provider instead of the run's")
    .option('--model <name>', 'the model to ask (required with another --provider)')
    .option('--base-url <url>', "the provider's endpoint (default: the run's)")
    .option('--key <file>', "the instance's public key (PEM) or key set (JSON) to check the manifest's signature (a URL's is fetched from the instance)")
    .option('--concurrency <n>', 'trials in flight at once', '4')
    .option('--request-timeout <seconds>', 'time limit of one request', '60')
    .option('--retries <n>', 'retries of a failed request', '2')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--out <file>', 'write to a file instead of stdout (- is stdout)')
    .addHelpText('after', '\nExit codes: 0 every trial as in the release, 1 a trial differs (each is printed), 2 unreadable, refused (signature, hashes) or a provider error.')
    .action(async (target: string, options: RerunOptions) => done(await runRerun(target, options, io)));
}
