import type { Config } from '../config.js';
import { EXIT, printError } from './errors.js';
import type { CliIo } from './io.js';

/**
 * The service's configuration for a CLI command that opens its database (`bootstrap`, `worker`): read and
 * validated from the command's environment; on a bad value the error (which names the variables, never
 * their values) is printed under the command's name and the exit code is returned instead.
 */
export async function serviceConfig(io: CliIo, command: string): Promise<Config | typeof EXIT.error> {
  const { ConfigError, loadConfig } = await import('../config.js');
  try {
    return loadConfig(io.env as NodeJS.ProcessEnv);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    printError(io, command, error);
    return EXIT.error;
  }
}
