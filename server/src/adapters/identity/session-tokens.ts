import { createSecretKey, type KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';

export interface SessionClaims {
  /** Player id. */
  sub: string;
  email: string;
}

export class InvalidSessionError extends Error {}

/** Our own session token (HS256 only: `alg: none` and other algorithms are refused). */
export class SessionTokens {
  /** A key object made once: given a string, jsonwebtoken would parse it into a key on every call. */
  private readonly secret: KeyObject;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.secret = createSecretKey(Buffer.from(secret, 'utf8'));
  }

  issue(claims: SessionClaims): string {
    return jwt.sign({ email: claims.email }, this.secret, {
      algorithm: 'HS256',
      subject: claims.sub,
      expiresIn: this.ttlSeconds,
      issuer: 'bahati',
    });
  }

  verify(token: string): SessionClaims {
    try {
      const payload = jwt.verify(token, this.secret, { algorithms: ['HS256'], issuer: 'bahati' });
      if (typeof payload === 'string' || !payload.sub || typeof payload.email !== 'string') {
        throw new InvalidSessionError('Malformed session token');
      }
      return { sub: payload.sub, email: payload.email };
    } catch (err) {
      if (err instanceof InvalidSessionError) throw err;
      throw new InvalidSessionError(err instanceof Error ? err.message : 'Invalid session token');
    }
  }
}
