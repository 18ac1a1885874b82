import { pino, type DestinationStream, type Logger } from 'pino';
import type { Config } from './config.js';
import { serializeError } from './logged-error.js';
import { countLogFault } from './process-faults.js';

/** Unwritten log output kept while stdout cannot be written (a full disk); lines beyond it are dropped. */
export const LOG_BUFFER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * stdout as pino's destination (sonic-boom), made safe for a full disk. Synchronous, as Node's own stdout
 * is for files and pipes on Linux: pino's asynchronous default registers a flush at exit that retries a
 * failed write for ever (sonic-boom 4's flushSync sleeps and loops on ENOSPC), so a process logging to a
 * full disk could never exit. A failed write (ENOSPC, EIO, EROFS) is counted instead of thrown: without a
 * listener, sonic-boom's `error` event would throw out of whatever called the logger. The failed chunk is
 * kept and written with the next line once there is room; past LOG_BUFFER_MAX_BYTES lines are dropped
 * and counted (`GET /health`, process-faults.ts).
 */
export function stdoutDestination(fd = 1): DestinationStream {
  const stream = pino.destination({ dest: fd, sync: true, maxLength: LOG_BUFFER_MAX_BYTES });
  stream.on('error', () => countLogFault('logWriteErrors'));
  stream.on('drop', () => countLogFault('logLinesDropped'));
  return stream;
}

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
  return pino(options, destination ?? stdoutDestination());
}
