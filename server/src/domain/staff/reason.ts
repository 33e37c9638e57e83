import { STAFF_REASON_MAX, STAFF_REASON_MIN } from '@bahati/contracts';
import { DomainError } from '../decider';

/** A staff decision's reason, as the audit trail keeps it: trimmed, 3–500 characters. */
export function staffReason(reason: string | undefined): string {
  const text = (reason ?? '').trim();
  if (text.length < STAFF_REASON_MIN || text.length > STAFF_REASON_MAX) {
    throw new DomainError('ValidationFailed', `Give a reason of ${STAFF_REASON_MIN} to ${STAFF_REASON_MAX} characters.`);
  }
  return text;
}
