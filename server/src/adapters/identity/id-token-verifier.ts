import { OAuth2Client } from 'google-auth-library';
import { IdTokenVerifier, InvalidIdTokenError, type VerifiedIdentity } from '../../application/ports/identity';

type Certs = Record<string, string>;

/**
 * Verifies an RS256 ID token against a set of PEM certificates: signature, issuer, audience and
 * expiry. Google's tokens and the development provider's go through this same code.
 */
export class CertsIdTokenVerifier extends IdTokenVerifier {
  private readonly client = new OAuth2Client();

  constructor(
    private readonly certs: () => Promise<Certs>,
    private readonly audience: string,
    private readonly issuers: string[],
    private readonly subjectPrefix: string,
  ) {
    super();
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    let payload;
    try {
      const ticket = await this.client.verifySignedJwtWithCertsAsync(idToken, await this.certs(), this.audience, this.issuers);
      payload = ticket.getPayload();
    } catch (err) {
      throw new InvalidIdTokenError(err instanceof Error ? err.message : 'Invalid ID token');
    }
    if (!payload?.sub || !payload.email) throw new InvalidIdTokenError('ID token has no subject or e-mail');
    if (payload.email_verified === false) throw new InvalidIdTokenError('The e-mail address of this account is not verified');
    return {
      subject: `${this.subjectPrefix}:${payload.sub}`,
      email: payload.email.toLowerCase(),
      name: payload.name ?? null,
      picture: payload.picture ?? null,
    };
  }
}

/** Google Sign-In: certificates fetched (and cached by the library) from Google. */
export function googleIdTokenVerifier(clientId: string): IdTokenVerifier {
  const client = new OAuth2Client();
  return new CertsIdTokenVerifier(
    async () => (await client.getFederatedSignonCertsAsync()).certs as Certs,
    clientId,
    ['accounts.google.com', 'https://accounts.google.com'],
    'google',
  );
}
