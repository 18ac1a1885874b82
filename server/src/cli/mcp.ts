import { resolve } from 'node:path';
import process from 'node:process';
import type { Command } from 'commander';
import { LAUNCH_CEILINGS, LAUNCH_DEFAULTS, LaunchGuards } from './mcp/guards.js';
import { numberOption } from './args.js';
import { EXIT, printError } from './errors.js';
import type { CliIo } from './io.js';

interface McpOptions {
  cwd?: string;
  config?: string;
  allowDynamicTargets?: boolean;
  allowPaidRuns?: boolean;
  allowProviderOverrides?: boolean;
  cache?: boolean;
  maxTrials?: string;
  maxTools?: string;
  resultFile?: string;
}

async function runMcp(options: McpOptions, io: CliIo): Promise<number> {
  try {
    const launch = await LaunchGuards.create(
      {
        config: options.config,
        allowDynamicTargets: options.allowDynamicTargets === true,
        allowPaidRuns: options.allowPaidRuns === true,
        allowProviderOverrides: options.allowProviderOverrides === true,
        cache: options.cache === true,
        maxTrials: numberOption(options.maxTrials, '--max-trials', { min: 1, max: LAUNCH_CEILINGS.maxTrials, integer: true }),
        maxTools: numberOption(options.maxTools, '--max-tools', { min: 1, max: LAUNCH_CEILINGS.maxTools, integer: true }),
        resultFile: options.resultFile,
      },
      resolve(process.cwd(), options.cwd ?? '.'),
      io.env,
    );
    // The MCP SDK's server side is loaded only here.
    const { serveStdio } = await import('./mcp/stdio.js');
    return (await serveStdio(launch, io)) === 'failed' ? EXIT.error : EXIT.ok;
  } catch (error) {
    return printError(io, 'mcp', error);
  }
}

/** Register `toolmark mcp`: toolmark's own tools for an MCP client, over stdio. */
export function registerMcp(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('mcp')
    .summary('serve toolmark\'s tools (lint, scores, task sets, evaluations) to an MCP client over stdio')
    .description(
      'An MCP server on stdin/stdout whose capabilities are fixed here, by the operator, never by the agent: it reads only the reviewed ' +
        'JSON --config, acts only on its target, contacts a provider only with --allow-paid-runs and within --max-trials. Logs go to stderr.',
    )
    .option('--cwd <dir>', 'the working directory: every path the agent names stays inside it (default: where the server starts)')
    .option('--config <file.json>', 'the reviewed JSON config (target, tasks, provider, trials); never .js/.ts, never looked for')
    .option('--allow-paid-runs', 'let run_evaluation contact a model provider (every provider but lexical and mock)')
    .option('--max-trials <n>', `paid trials this server may send in all, over every call (default ${LAUNCH_DEFAULTS.maxTrials} or trials.maxTrials; ceiling ${LAUNCH_CEILINGS.maxTrials})`)
    .option('--max-tools <n>', `most tools one trial may show (default ${LAUNCH_DEFAULTS.maxTools} or trials.maxTools; ceiling ${LAUNCH_CEILINGS.maxTools})`)
    .option('--allow-provider-overrides', 'let the agent choose another provider or model than the config\'s')
    .option('--allow-dynamic-targets', 'UNSAFE, for isolated setups: let the agent name another target (a file here, a URL or a command)')
    .option('--cache', 'keep a persistent answer cache in .toolmark/cache (off: prompts and answers are never written to disk)')
    .option('--result-file <file>', 'run_evaluation writes the full run report here (inside the working directory)')
    .addHelpText(
      'after',
      `
Example (a client's config): { "command": "npx", "args": ["toolmark", "mcp", "--config", "toolmark.config.json"] }

Exit codes: 0 the client closed the connection, 2 a launch error (bad flag or config) or a fatal transport error\n(a message over 10 MiB, a read or write error on stdin/stdout; said on stderr).`,
    )
    .action(async (options: McpOptions) => done(await runMcp(options, io)));
}
