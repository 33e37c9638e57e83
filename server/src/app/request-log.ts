import type { IncomingMessage } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LogFn } from 'pino';

/**
 * What the request log keeps of a request: its id, method, path and the client's address. Never the
 * query string (a token, a phone number or a search term can ride in it, on any route, and no route of
 * ours needs one logged), never a header (Authorization, Cookie, API keys) and never a body (ID tokens,
 * phone codes, redeem codes). An allowlist rather than a redaction list, so a new header or parameter
 * is left out until someone decides to log it.
 */
export function loggedPath(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** pino-http hands these its own summary of the request (`url` is the original URL, query and all). */
interface SerializedRequest {
  id?: unknown;
  method?: unknown;
  url?: unknown;
  remoteAddress?: unknown;
}

export const requestLogSerializers = {
  req: (req: SerializedRequest) => ({ id: req.id, method: req.method, url: loggedPath(req.url), remoteAddress: req.remoteAddress }),
  res: (res: { statusCode?: number }) => ({ statusCode: res.statusCode }),
};

/** The health, liveness and readiness probes. */
const HEALTH_PATHS = new Set(['/api/health', '/api/health/live', '/api/health/ready']);

/** The health checks of a load balancer or of the tests are not worth a line each. */
export function isHealthCheck(req: IncomingMessage & { originalUrl?: string }): boolean {
  return HEALTH_PATHS.has(loggedPath(req.originalUrl ?? req.url) ?? '');
}

/**
 * The request log: one line per answered request, written through the application's pino-http logger
 * (whose serializers are `requestLogSerializers`), in pino-http's own shape — `request completed` at
 * info, `request errored` at error for a 5xx — and never for a health check. Fastify hooks rather than
 * pino-http's middleware: no Express-style middleware layer and no AsyncLocalStorage on the request path
 * (which put a hook on every promise the process creates). `loggerOf` answers the logger when a line is
 * written: nestjs-pino makes it when the application initialises, after the hooks are registered.
 *
 * `onResponse` logs every answer Fastify sends. A route that takes the response over (`reply.hijack()`,
 * the event stream) gets no `onResponse`: `onStreamRequest`, added to such a route only, logs it when
 * its response closes, as pino-http did, unless `onResponse` already logged it (an error before the
 * stream started).
 */
export function requestLogHooks(loggerOf: () => { info: LogFn; error: LogFn }) {
  const logged = new WeakSet<object>();
  const write = (request: FastifyRequest, reply: FastifyReply): void => {
    const req = request.raw;
    if (logged.has(req) || isHealthCheck(req)) return;
    logged.add(req);
    const logger = loggerOf();
    const res = reply.raw;
    const responseTime = Math.round(reply.elapsedTime);
    if (res.statusCode >= 500) logger.error({ req, res, err: new Error(`failed with status code ${res.statusCode}`), responseTime }, 'request errored');
    else logger.info({ req, res, responseTime }, 'request completed');
  };
  return {
    onResponse(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      write(request, reply);
      done();
    },
    onStreamRequest(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
      reply.raw.once('close', () => write(request, reply));
      done();
    },
  };
}
