// Answers written outside the error handler, in the uniform shape too: Node's HTTP parser (malformed
// requests, headers over the size limit, a request that took too long), Node's answer to an `Expect`
// header it does not know (417), and the router's own answers (a malformed %-escape in the path, a path
// parameter over the length limit). Fastify and Node write these themselves, in their own shapes (the
// router's echoed the path), unless told otherwise here.
import { maxHeaderSize, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { ErrorBody } from '../errors.js';

/** Longest path parameter the router takes (Fastify's default is 100); longer ones are a 414 below, shorter ones meet their schema (a UUID, a rules id). */
export const MAX_PARAM_LENGTH = 1000;

/** The two timeouts a 408 names (TOOLMARK_HEADERS_TIMEOUT_MS, TOOLMARK_REQUEST_TIMEOUT_MS). */
export interface RequestTimeouts {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
}

const json = (code: string, message: string, detail: Record<string, unknown> = {}): string => JSON.stringify({ error: { code, message, detail } } satisfies ErrorBody);

/** The router's errors (Fastify's `frameworkErrors`): never echoing the path, which may be long or hostile. */
function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const [status, text] =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? [414, json('uri_too_long', `a path segment is longer than ${MAX_PARAM_LENGTH} characters`, { limit: MAX_PARAM_LENGTH })]
      : error.code === 'FST_ERR_BAD_URL'
        ? [400, json('invalid_path', 'the path is not a valid URL: every % must start an escape of two hex digits of UTF-8')]
        : [500, json('internal', 'something went wrong on our side')];
  void reply.code(status).type('application/json; charset=utf-8').header('x-content-type-options', 'nosniff').send(text);
}

/** Node's HTTP parser errors, as Node itself maps them (lib/_http_server.js socketOnError), with our body. */
function clientAnswer(error: NodeJS.ErrnoException, limits: RequestTimeouts): { status: number; body: string } {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, body: json('headers_too_large', `the request's headers are over the size limit (${maxHeaderSize} bytes in all)`, { limit: maxHeaderSize }) };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, body: json('payload_too_large', 'the chunk extensions of the request body are over the size limit') };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        body: json(
          'request_timeout',
          `the request did not arrive in time: headers must arrive within ${limits.headersTimeoutMs} ms and the whole request within ${limits.requestTimeoutMs} ms`,
          { ...limits },
        ),
      };
    default:
      return { status: 400, body: json('bad_request', 'the request is not valid HTTP/1.1', { reason: typeof error.code === 'string' ? error.code : 'unknown' }) };
  }
}

/**
 * Fastify's `clientErrorHandler`: the raw answer on the socket, as Node's own (write, then destroy), but
 * in the uniform shape. Nothing of the request is echoed. A reset or already closed socket gets nothing.
 */
const clientErrorHandler = (limits: RequestTimeouts) =>
  function (this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = clientAnswer(error, limits);
  this.log.debug({ code: error.code, status }, 'client error');
  // A response already on its way on this socket must not get a second status line in the middle.
  const pending = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && pending?.headersSent !== true) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};

/** Options for `Fastify({...})` that route these answers through the functions above. */
export const httpErrorOptions = (limits: RequestTimeouts) =>
  ({
    clientErrorHandler: clientErrorHandler(limits),
    frameworkErrors,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  }) satisfies Pick<FastifyServerOptions, 'clientErrorHandler' | 'frameworkErrors' | 'routerOptions'>;

/**
 * An `Expect` header other than 100-continue: Node answers 417 with an empty body unless the server
 * listens for `checkExpectation`; this listener answers in the uniform shape (the request is not run).
 */
export function answerUnknownExpectations(app: FastifyInstance): void {
  app.server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = json('expectation_failed', 'the only Expect value this service knows is 100-continue', { header: 'expect' });
    response.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' });
    response.end(body);
  });
}

/**
 * HTTP/1.1 requires a Host header (RFC 9112 §3.2). Node refuses a request without one with an empty 400
 * unless told not to (`requireHostHeader: false` in httpTimeouts); this hook refuses it in the uniform
 * shape, before anything else runs.
 */
export function answerMissingHost(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.raw.httpVersionMajor === 1 && request.raw.httpVersionMinor >= 1 && !request.headers.host) {
      return reply
        .status(400)
        .header('connection', 'close')
        .type('application/json; charset=utf-8')
        .send(json('missing_host', 'an HTTP/1.1 request needs a Host header', { header: 'host' }));
    }
  });
}
