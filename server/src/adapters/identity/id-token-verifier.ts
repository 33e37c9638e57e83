import { OAuth2Client } from 'google-auth-library';
import { IdentityProviderUnavailableError, IdTokenVerifier, InvalidIdTokenError, type VerifiedIdentity } from '../../application/ports/identity';

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
    let certs: Certs;
    try {
      certs = await this.certs();
    } catch (err) {
      // Not the player's fault (Google unreachable, DNS): the provider is unavailable, not the token invalid.
      throw new IdentityProviderUnavailableError(`The ID token certificates did not load: ${err instanceof Error ? err.message : String(err)}`);
    }
    let payload;
    try {
      const ticket = await this.client.verifySignedJwtWithCertsAsync(idToken, certs, this.audience, this.issuers);
      payload = ticket.getPayload();
    } catch (err) {
      // The library's messages quote the token or its payload after a colon: the log keeps only the reason.
      const reason = err instanceof Error ? err.message.split(':')[0]!.slice(0, 200) : 'invalid';
      throw new InvalidIdTokenError('the ID token is not valid or has expired.', reason);
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
