import { DomainError } from '../domain/decider';

/**
 * The thing asked for does not exist, or is not the actor's to see (the two are not told apart).
 * A DomainError like any other; the HTTP edge answers it with 404.
 */
export class NotFoundError<Code extends string = string> extends DomainError<Code> {
  constructor(code: Code, message?: string) {
    super(code, message);
    this.name = 'NotFoundError';
  }
}

/** One problem with one field of a request: `path` names the field (`chip1Svg`), `message` says what is wrong. */
export interface ValidationIssue {
  path: string;
  message: string;
}

/**
 * A request the application refuses field by field (`ValidationFailed`, answered 400 with every issue),
 * for checks the HTTP edge cannot make itself (e.g. what an SVG holds).
 */
export class ValidationError extends DomainError<'ValidationFailed'> {
  constructor(readonly issues: readonly ValidationIssue[]) {
    super('ValidationFailed', issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'ValidationError';
  }
}

/**
 * A rate limit was reached (`TooManyRequests`, answered 429 with `Retry-After`): the caller may try again
 * after `retryAfterSeconds`.
 */
export class TooManyRequestsError extends DomainError<'TooManyRequests'> {
  constructor(readonly retryAfterSeconds: number) {
    super('TooManyRequests', `Too many requests; try again in ${retryAfterSeconds} seconds.`);
    this.name = 'TooManyRequestsError';
  }
}
