// `toolmark bootstrap`: print an admin key of the install's first organisation, for a fresh install whose
// operator has no key yet (with DATABASE_URL, or on the embedded database while the service is stopped).
import type { Command } from 'commander';
import { EXIT } from './errors.js';
import { serviceConfig } from './service-config.js';
import type { CliIo } from './io.js';

async function runBootstrap(io: CliIo, force: boolean): Promise<number> {
  const config = await serviceConfig(io, 'bootstrap');
  if (typeof config === 'number') return config;
  const { migrateDatabase, openDatabase } = await import('@toolmark/db');
  const { createBootstrapKey } = await import('../pipelines/first-admin-key.js');
  let handle;
  try {
    handle = await openDatabase({ url: config.DATABASE_URL, dataDir: config.TOOLMARK_DATA_DIR, maxConnections: 2 });
  } catch (error) {
    io.stderr.write(
      `toolmark bootstrap: cannot open the database: ${error instanceof Error ? error.message : String(error)}\n` +
        'If `npm start` is running on the embedded database, its first start wrote the first admin key to first-admin-key in its data directory.\n',
    );
    return EXIT.error;
  }
  try {
    await migrateDatabase(handle);
    const created = await createBootstrapKey(handle.db, force);
    if (!created) {
      io.stderr.write(
        'toolmark bootstrap: the first organisation already has an admin key. Use it to create more keys (POST /v1/keys), ' +
          'or run `toolmark bootstrap --new` to add another admin key from this shell.\n',
      );
      return 1; // nothing to do (not a usage or connection error)
    }
    io.stdout.write(`${created.key}\n`);
    io.stderr.write(`admin key for organisation "${created.organisation.slug}" (${created.organisation.id}); it is shown once — store it now.\n`);
    return EXIT.ok;
  } finally {
    await handle.close();
  }
}

/** Register `toolmark bootstrap`. */
export function registerBootstrap(program: Command, io: CliIo, done: (code: number) => void): void {
  program
    .command('bootstrap')
    .summary("print an admin key of the install's first organisation")
    .description(
      'Create an admin key for the first organisation (creating the organisation on a fresh database) and print it once on stdout. ' +
        'Refuses when an admin key already exists, unless --new. Uses DATABASE_URL, or the embedded database when the service is not running.',
    )
    .option('--new', 'create another admin key even though one exists')
    .action(async (options: { new?: boolean }) => {
      done(await runBootstrap(io, options.new === true));
    });
}
