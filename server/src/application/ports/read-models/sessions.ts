/** The `sessions` read model: whether a session token's session is still open. */
export abstract class SessionReadModel {
  /** The session's player and whether it is still open (not ended); null when the read model does not know it. */
  abstract find(sessionId: string): Promise<{ playerId: string; open: boolean } | null>;
}
