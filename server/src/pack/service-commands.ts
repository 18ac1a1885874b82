// What `toolmark worker`, `toolmark bootstrap` and `toolmark suite run` are in the packed CLI (GET /cli/toolmark.tgz): both open
// the service's own database, with the service's dependencies (PostgreSQL, pg-boss, drizzle), which the
// tarball does not carry. The build puts this module in place of cli/worker.ts, cli/bootstrap.ts and cli/suite.ts; the
// commands stay listed and say where they run.
import type { Command } from 'commander';
import { EXIT } from '../cli/errors.js';
import type { CliIo } from '../cli/io.js';

function serviceOnly(program: Command, io: CliIo, done: (code: number) => void, name: string, summary: string): void {
  program
    .command(name)
    .summary(`${summary} (in a toolmark install, not in this package)`)
    .allowUnknownOption()
    .allowExcessArguments()
    .action(() => {
      io.stderr.write(
        `toolmark ${name}: this command runs against the service's database and is not part of the installable CLI; ` +
          `run it where toolmark is installed (a checkout after npm ci: npm run toolmark -- ${name}; or the Docker image)\n`,
      );
      done(EXIT.error);
    });
}

/** `toolmark worker` of the packed CLI: says where it runs. */
export function registerWorker(program: Command, io: CliIo, done: (code: number) => void): void {
  serviceOnly(program, io, done, 'worker', 'run job workers against the service database');
}

/** `toolmark bootstrap` of the packed CLI: says where it runs. */
export function registerBootstrap(program: Command, io: CliIo, done: (code: number) => void): void {
  serviceOnly(program, io, done, 'bootstrap', "print an admin key of the install's first organisation");
}

/** `toolmark suite run` of the packed CLI: says where it runs. */
export function registerSuite(program: Command, io: CliIo, done: (code: number) => void): void {
  const suite = program.command('suite').summary("the models leaderboard's suite (in a toolmark install, not in this package)");
  serviceOnly(suite, io, done, 'run', 'run or refresh the models leaderboard on the suite');
}
