import { pino, type Logger } from 'pino';
import type { Config } from './config.js';

/**
 * The process's structured logger (JSON lines on stdout). Authorization headers, cookies, keys and
 * passwords are redacted wherever they appear under these names; code never logs the database URL (it
 * carries the embedded cluster's password).
 */
export function createLogger(config: Pick<Config, 'TOOLMARK_LOG_LEVEL'>, name = 'toolmark'): Logger {
  return pino({
    name,
    level: config.TOOLMARK_LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.key', '*.password', '*.connectionString', '*.databaseUrl', 'key', 'password'],
      censor: '[redacted]',
    },
  });
}
