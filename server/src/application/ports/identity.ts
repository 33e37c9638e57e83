/** Ports of sign-in: an identity provider's ID tokens in, our own session tokens out. */

export interface VerifiedIdentity {
  /** Issuer-qualified subject, e.g. `google:1234` or `dev:ana@example.com`. */
  subject: string;
  email: string;
  name: string | null;
  picture: string | null;
}

/** The ID token was refused. `message` is shown to the person signing in; `detail` goes to the log only. */
export class InvalidIdTokenError extends Error {
  constructor(message: string, readonly detail?: string) {
    super(message);
  }
}

/** The identity provider could not be asked (e.g. its signing keys did not load). The message is for the log only. */
export class IdentityProviderUnavailableError extends Error {}

/** Turns an ID token into a verified identity, or throws InvalidIdTokenError or IdentityProviderUnavailableError. */
export abstract class IdTokenVerifier {
  abstract verify(idToken: string): Promise<VerifiedIdentity>;
}

export interface SessionClaims {
  /** Player id. */
  sub: string;
  email: string;
  /**
   * The session (`SessionStarted` on the player stream) the token belongs to, so a logout or a ban can end
   * it before it expires. Tokens issued before sessions were recorded have none and are refused.
   */
  sid?: string;
}

/** Issues the session token a signed-in player sends with every request. */
export abstract class SessionIssuer {
  /** How long a token is valid (the session's `expiresAt` is this long after its start). */
  abstract readonly ttlSeconds: number;
  abstract issue(claims: SessionClaims & { sid: string }): string;
}
