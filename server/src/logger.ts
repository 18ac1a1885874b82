import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';
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

/**
 * One log line per request, written when its answer is sent (Fastify's default is two: "incoming request"
 * and "request completed"): method, URL, client address, status and time taken; an answer that failed to
 * send is logged as an error with its cause.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = { reqId: request.id, req: { method: request.method, url: request.url, remoteAddress: request.ip }, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
