import { createHash } from 'node:crypto';
import type { RequestKey } from '../domain/account/request-keys';
import { playerIdFor } from './players/player-id';

/**
 * Binds a player's `Idempotency-Key` to its request: `kind` names the request, `request` its normalised
 * body (amounts as numbers, trimmed targets), so the same request sent again matches and another one
 * sent with the same key does not. `ref` is what the request creates.
 */
export function requestKeyFor(key: string | undefined, kind: string, request: readonly unknown[], ref: string): RequestKey | undefined {
  if (key === undefined) return undefined;
  return { key, ref, fingerprint: createHash('sha256').update(JSON.stringify([kind, ...request])).digest('base64url') };
}

/** The id of what a keyed request creates: the same for every repeat of it, on any server instance. */
export function keyedId(kind: string, playerId: string, key: string | undefined): string | undefined {
  return key === undefined ? undefined : playerIdFor(`${kind}:${playerId}:${key}`);
}
