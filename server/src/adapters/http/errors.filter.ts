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
  LimitReached: HttpStatus.FORBIDDEN,
  PayoutFailed: HttpStatus.BAD_GATEWAY,
  UnknownTwilioError: HttpStatus.BAD_GATEWAY,
  ServiceUnavailable: HttpStatus.SERVICE_UNAVAILABLE,
  TooManyRequests: HttpStatus.TOO_MANY_REQUESTS,
  // Not a wait: the code is void and a new one must be sent (itself limited).
  PhoneCodeLocked: HttpStatus.TOO_MANY_REQUESTS,
};

const NAMES: Record<number, string> = {
  400: 'ValidationFailed',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'NotFound',
  409: 'Conflict',
  429: 'TooManyRequests',
};

export interface SpaFallback {
  /** Answers a browser navigation that matched no route with the client's index.html; false when not applicable. */
  (request: FastifyRequest, reply: FastifyReply): boolean;
}

/**
 * Every error leaves the API as `{statusCode, error, message, issues?}`; `error` is the spec's error code
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
      void reply.status(status).send({ statusCode: status, error: exception.code, message: exception.message, ...issues });
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
        status === 404 ? `No route ${request.method} ${request.url.split('?')[0]}` : typeof body === 'string' ? body : exception.message;
      void reply.status(status).send({ statusCode: status, error: NAMES[status] ?? 'Error', message });
      return;
    }
    const status = typeof (exception as { statusCode?: unknown })?.statusCode === 'number' ? (exception as { statusCode: number }).statusCode : 500;
    if (status >= 500) {
      this.logger.error(exception instanceof Error ? exception.stack : String(exception));
      void reply.status(500).send({ statusCode: 500, error: 'InternalError', message: 'Something went wrong on our side; please try again.' });
      return;
    }
    // Fastify's own client errors (malformed JSON, body too large, wrong content type).
    const message = exception instanceof Error ? exception.message : 'Bad request';
    void reply.status(status).send({ statusCode: status, error: NAMES[status] ?? 'BadRequest', message });
  }
}
