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
