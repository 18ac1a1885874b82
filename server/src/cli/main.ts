#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import process from 'node:process';
import { Command, CommanderError } from 'commander';
import { registerDump } from './dump.js';
import { EXIT } from './errors.js';
import { processIo, type CliIo } from './io.js';
import { registerLint } from './lint.js';
import { splitCommand } from './args.js';
import { verifyHeapEnv, verifyHeapRerun } from './verify-heap.js';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

/** Commands registered alone when they are the command run (see main). */
const LIGHT_COMMANDS = new Set(['lint', 'dump']);

/** Run the CLI on `argv` (without node and the script) and resolve to the exit code. */
async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const { ours, command } = splitCommand(argv);
  let code: number = EXIT.ok;
  const done = (c: number): void => {
    code = c;
  };
  const program = new Command('toolmark')
    .description('Lint the tool surface of an MCP server: can a model tell its tools apart and call them?')
    .version(version)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .showSuggestionAfterError();
  registerLint(program, io, command, done);
  registerDump(program, io, command, done);
  // `lint` and `dump` (what CI runs) load only their own modules; every other command, help and an unknown
  // command (its suggestion) register the rest, which load the eval engine, the model SDKs' adapters, zod
  // schemas and the YAML parser (docs/performance.md, "CLI start-up").
  if (!LIGHT_COMMANDS.has(ours.find((a) => !a.startsWith('-')) ?? '')) {
    (await import('./worker.js')).registerWorker(program, io, done);
    (await import('./bootstrap.js')).registerBootstrap(program, io, done);
    (await import('./run.js')).registerRun(program, io, command, done);
    (await import('./report.js')).registerReport(program, io, done);
    (await import('./diff.js')).registerDiff(program, io, done);
    (await import('./tasks.js')).registerTasks(program, io, command, done);
    (await import('./mcp.js')).registerMcp(program, io, done);
    (await import('./datasets.js')).registerDatasets(program, io, done);
    (await import('./suite.js')).registerSuite(program, io, done);
    (await import('./rerun.js')).registerRerun(program, io, done);
  }
  try {
    await program.parseAsync(ours, { from: 'user' });
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // Help and version exit 0; every usage error (unknown option, missing command, bad choice) exits 2.
    return error.exitCode === 0 ? EXIT.ok : EXIT.error;
  }
  return code;
}

// A reader that stops early (`toolmark lint x | head`) closes the pipe: that is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
  throw error;
});

// `datasets verify` re-runs itself with a capped heap (verify-heap.ts says why), its stdio and exit code passed through.
const rerun = verifyHeapRerun(process.argv.slice(2), process.env, process.execArgv);
const code = rerun === null ? await main(process.argv.slice(2), processIo()) : (spawnSync(process.execPath, [...rerun, process.argv[1]!, ...process.argv.slice(2)], { stdio: 'inherit', env: verifyHeapEnv(process.env) }).status ?? EXIT.error);
// Leave through the event loop, so piped output is flushed; a stuck child process cannot hold us here long.
process.exitCode = code;
setTimeout(() => process.exit(code), 5_000).unref();
