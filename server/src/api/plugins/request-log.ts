import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One log line per request, written when its answer is sent (Fastify's default is two: "incoming request"
 * and "request completed"): method, URL, client address, status and time taken; an answer that failed to
 * send is logged as an error with its cause.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    // No reqId here: reply.log is the request's child logger, which already binds it (it was printed twice).
    const line = { req: { method: request.method, url: request.url, remoteAddress: request.ip }, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
