import { BadRequestException, type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

const IDEMPOTENCY_KEY = /^[\w.:-]{1,200}$/;

/**
 * The request's `Idempotency-Key` header, or undefined. The same key with the same request records it
 * once and answers every repeat with the first answer; the same key with another request answers 422.
 */
export const IdempotencyKey = createParamDecorator((_: unknown, context: ExecutionContext): string | undefined => {
  const value = context.switchToHttp().getRequest<FastifyRequest>().headers['idempotency-key'];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    throw new BadRequestException({ statusCode: 400, error: 'ValidationFailed', message: 'Idempotency-Key must be 1-200 letters, digits, or . : _ -' });
  }
  return value;
});
