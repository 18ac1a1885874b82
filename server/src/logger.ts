import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';
import { serializeError } from './logged-error.js';

/**
 * The process's structured logger (JSON lines on stdout, or `destination`). Authorization headers, cookies,
 * keys and passwords are redacted wherever they appear under these names; errors are logged without the
 * values of a failed query (logged-error.ts); code never logs the database URL (it carries the embedded
 * cluster's password).
 */
export function createLogger(config: Pick<Config, 'TOOLMARK_LOG_LEVEL'>, name = 'toolmark', destination?: DestinationStream): Logger {
  const options = {
    name,
    level: config.TOOLMARK_LOG_LEVEL,
    serializers: { err: serializeError },
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.key', '*.password', '*.connectionString', '*.databaseUrl', 'key', 'password'],
      censor: '[redacted]',
    },
  };
  return destination === undefined ? pino(options) : pino(options, destination);
}
