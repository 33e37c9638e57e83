import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { type SessionClaims, SessionIssuer } from '../../application/ports/identity';
import { remember } from '../../application/remember';

export class InvalidSessionError extends Error {}

/** Tokens whose signature was checked, with their expiry (seconds since the epoch). */
interface Verified {
  claims: SessionClaims;
  exp: number;
}

/** Our own session token (HS256 only: `alg: none` and other algorithms are refused). */
export class SessionTokens extends SessionIssuer {
  /** A key object made once: given a string, jsonwebtoken would parse it into a key on every call. */
  private readonly secret: KeyObject;
  /**
   * A token's signature is checked once: a signed token can never change, so a repeated token is
   * answered from here (its expiry is still checked on every use). Bounded, oldest dropped first.
   */
  private readonly verified = new Map<string, Verified>();
  private readonly verifiedLimit = 10_000;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
    private readonly nowSeconds: () => number = () => Date.now() / 1000,
  ) {
    super();
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(claims: SessionClaims & { sid: string }): string {
    return jwt.sign({ email: claims.email, sid: claims.sid }, this.secret, {
      algorithm: 'HS256',
      subject: claims.sub,
      expiresIn: this.ttlSeconds,
      issuer: 'bahati',
    });
  }

  verify(token: string): SessionClaims {
    const known = this.verified.get(token);
    if (known) {
      if (this.nowSeconds() < known.exp) return known.claims;
      this.verified.delete(token);
      throw new InvalidSessionError('jwt expired');
    }
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: 'bahati', clockTimestamp: Math.floor(this.nowSeconds()) });
      if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string' || typeof payload.exp !== 'number') {
        throw new InvalidSessionError('Malformed session token');
      }
      const claims: SessionClaims = { sub: payload.sub, email: payload.email, ...(typeof payload.sid === 'string' ? { sid: payload.sid } : {}) };
      remember(this.verified, token, { claims, exp: payload.exp }, this.verifiedLimit);
      return claims;
    } catch (err) {
      if (err instanceof InvalidSessionError) throw err;
      throw new InvalidSessionError(err instanceof Error ? err.message : 'Invalid session token');
    }
  }
}
