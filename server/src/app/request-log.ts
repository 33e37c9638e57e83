import type { IncomingMessage } from 'node:http';

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
