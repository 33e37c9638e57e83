import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import type { ErrorCode } from '@bahati/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../../application/errors';
import { WrongExpectedRevisionError } from '../../application/ports/event-store';
import { DomainError } from '../../domain/decider';

/** HTTP status for each error code the application throws; unlisted codes are 400, a NotFoundError 404. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  Unauthorized: HttpStatus.UNAUTHORIZED,
  Forbidden: HttpStatus.FORBIDDEN,
  Banned: HttpStatus.FORBIDDEN,
  SelfExcluded: HttpStatus.FORBIDDEN,
  BlockedByGeolocation: HttpStatus.FORBIDDEN,
  PhoneVerifyRequired: HttpStatus.FORBIDDEN,
  ShoeNotFound: HttpStatus.NOT_FOUND,
  NotFound: HttpStatus.NOT_FOUND,
  ActiveHand: HttpStatus.CONFLICT,
  PaymentRequestAlreadyExists: HttpStatus.CONFLICT,
  CodeAlreadyRedeemed: HttpStatus.CONFLICT,
  Conflict: HttpStatus.CONFLICT,
  BonusNotOffered: HttpStatus.CONFLICT,
  WithdrawalNotPending: HttpStatus.CONFLICT,
  PastLimitNotConfirmed: HttpStatus.CONFLICT,
  LimitReached: HttpStatus.FORBIDDEN,
  IdempotencyKeyReused: HttpStatus.UNPROCESSABLE_ENTITY,
  PayoutFailed: HttpStatus.BAD_GATEWAY,
  UnknownTwilioError: HttpStatus.BAD_GATEWAY,
  ServiceUnavailable: HttpStatus.SERVICE_UNAVAILABLE,
  TooManyRequests: HttpStatus.TOO_MANY_REQUESTS,
  PayloadTooLarge: HttpStatus.PAYLOAD_TOO_LARGE,
  UnsupportedMediaType: HttpStatus.UNSUPPORTED_MEDIA_TYPE,
  // Not a wait: the code is void and a new one must be sent (itself limited).
  PhoneCodeLocked: HttpStatus.TOO_MANY_REQUESTS,
};

const NAMES: Record<number, string> = {
  400: 'ValidationFailed',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  413: 'PayloadTooLarge',
  415: 'UnsupportedMediaType',
  429: 'TooManyRequests',
};

export interface SpaFallback {
  /** Answers a browser navigation that matched no route with the client's index.html; false when not applicable. */
  (request: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Every error leaves the API as `{statusCode, error, message, issues?, detail?}`; `error` is the spec's error code
 * when there is one. Unknown `/api` paths are 404 JSON; other unknown paths get the client (SPA routes).
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  constructor(private readonly spaFallback?: SpaFallback) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();

    if (exception instanceof DomainError) {
      const status = exception instanceof NotFoundError ? HttpStatus.NOT_FOUND : (STATUS[exception.code as ErrorCode] ?? HttpStatus.BAD_REQUEST);
      const issues = exception instanceof ValidationError ? { issues: exception.issues } : {};
      if (exception instanceof TooManyRequestsError) void reply.header('retry-after', String(exception.retryAfterSeconds));
      const detail = exception.detail ? { detail: exception.detail } : {};
      void reply.status(status).send({ statusCode: status, error: exception.code, message: exception.message, ...issues, ...detail });
      return;
    }
    if (exception instanceof WrongExpectedRevisionError) {
      void reply.status(409).send({ statusCode: 409, error: 'Conflict', message: 'Another action on this account happened at the same time; try again.' });
      return;
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (status === 404 && request.method === 'GET' && !request.url.startsWith('/api') && this.spaFallback?.(request, reply)) return;
      const body = exception.getResponse();
      if (typeof body === 'object' && body !== null && 'error' in body && 'message' in body && typeof body.message === 'string') {
        // Our own bodies carry a code ("ValidationFailed"); Nest's defaults a phrase ("Not Found").
        const error = typeof body.error === 'string' && /^[A-Za-z]+$/.test(body.error) ? body.error : (NAMES[status] ?? 'Error');
        void reply.status(status).send({ ...body, error, statusCode: status });
        return;
      }
      const message =
        status === 404
          ? `No route ${request.method} ${request.url.split('?')[0]}`
          : (bodyRefusal(status, request) ?? (typeof body === 'string' ? body : exception.message));
      void reply.status(status).send({ statusCode: status, error: NAMES[status] ?? 'Error', message });
      return;
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type) say what to fix.
    const fastify = exception as { code?: unknown; statusCode?: unknown; message?: unknown };
    if (typeof fastify?.code === 'string' && fastify.code.startsWith('FST_') && typeof fastify.statusCode === 'number' && fastify.statusCode < 500) {
      const status = fastify.statusCode;
      const message = bodyRefusal(status, request) ?? (typeof fastify.message === 'string' ? fastify.message : 'Bad request');
      void reply.status(status).send({ statusCode: status, error: NAMES[status] ?? 'BadRequest', message });
      return;
    }
    // Anything else is ours or an outside service's: its text (hosts, addresses, queries) is for the log only.
    this.logger.error(`${request.method} ${request.url.split('?')[0]}: ${redactSecrets(exception instanceof Error ? (exception.stack ?? exception.message) : describe(exception))}`);
    if (isUnreachable(exception)) {
      void reply.status(503).send({ statusCode: 503, error: 'ServiceUnavailable', message: 'A service we depend on is not answering; please try again in a moment.' });
      return;
    }
    void reply.status(500).send({ statusCode: 500, error: 'InternalError', message: 'Something went wrong on our side; please try again.' });
  }
}

/**
 * Our words for Fastify's refusals of a body (Nest hands them over as an HttpException holding only the status
 * and Fastify's text): a body over the route's limit, which it names, and a body that is not JSON.
 */
function bodyRefusal(status: number, request: FastifyRequest): string | undefined {
  if (status === HttpStatus.PAYLOAD_TOO_LARGE) {
    const limit = (request.routeOptions as { bodyLimit?: unknown } | undefined)?.bodyLimit;
    return `The request body is larger than this route accepts${typeof limit === 'number' ? ` (${Math.floor(limit / 1024)} KB)` : ''}.`;
  }
  if (status === HttpStatus.UNSUPPORTED_MEDIA_TYPE) return 'The request body must be JSON, sent with Content-Type: application/json.';
  return undefined;
}

/** Network failures reaching an outside service (DNS, refused or reset connections, time-outs), also as an error's cause. */
const UNREACHABLE = /^(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|UND_ERR_[A-Z_]+)$/;

function isUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 3) return false;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string' && UNREACHABLE.test(code)) return true;
  // ln-service rejects with [status, 'Message', details]; a 503 there is the node not answering.
  if (Array.isArray(error) && error[0] === 503) return true;
  return isUnreachable(cause, depth + 1);
}

function describe(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Masks what an outside service's error may quote: credentials in URLs (`https://user:pass@host`),
 * bearer tokens, JWTs, and long hex or base64 strings (macaroons, keys).
 */
export function redactSecrets(text: string): string {
  return text
    .replace(/(\/\/)[^/\s:@]+:[^/\s@]+@/g, '$1[redacted]@')
    .replace(/(Bearer|Basic)\s+[\w.~+/=-]+/gi, '$1 [redacted]')
    .replace(/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, '[jwt]')
    .replace(/\b[0-9a-fA-F]{64,}\b/g, '[hex]')
    .replace(/[A-Za-z0-9+/_-]{80,}={0,2}/g, '[redacted]');
}
