import { DomainError, type DomainEvent } from '../decider';

/**
 * An `Idempotency-Key` a player sent with a money-moving request, bound to that request. The application
 * turns the request into a `fingerprint` (the kind of request and its normalised body); `ref` names what
 * the request created (the withdrawal, invoice or bonus), so a repeat is answered from it.
 */
export interface RequestKey {
  readonly key: string;
  readonly fingerprint: string;
  readonly ref: string;
}

/** What the first request with a key did: the same key with the same request is answered from this. */
export interface RequestKeyRecord {
  readonly fingerprint: string;
  readonly ref: string;
  /** The bank right after the first request, as it was answered. */
  readonly bankAfter: number;
}

/** Recorded in the same append as the events of the request it names, so a key is bound exactly when its request took effect. */
export type RequestKeyEvent = DomainEvent<'RequestKeyRecorded', { key: string; fingerprint: string; ref: string; bankAfter: number; recordedAt: string }>;

export type RequestKeysState = ReadonlyMap<string, RequestKeyRecord>;

/**
 * Whether a request with this key was already recorded: `true` for the same request (decide nothing
 * more; the application answers from the record), `false` for a new key. The key with another request
 * is refused: it would otherwise answer a request that never happened.
 */
export function isRepeatedRequest(keys: RequestKeysState, requestKey: RequestKey | undefined): boolean {
  if (!requestKey) return false;
  const known = keys.get(requestKey.key);
  if (!known) return false;
  if (known.fingerprint === requestKey.fingerprint) return true;
  throw new DomainError('IdempotencyKeyReused', 'This Idempotency-Key was already used for a different request; send a new key for a new request.');
}

export function evolveRequestKeys(keys: RequestKeysState, event: { type: string; data: unknown }): RequestKeysState {
  if (event.type !== 'RequestKeyRecorded') return keys;
  const { key, fingerprint, ref, bankAfter } = (event as RequestKeyEvent).data;
  const next = new Map(keys);
  next.set(key, { fingerprint, ref, bankAfter });
  return next;
}
